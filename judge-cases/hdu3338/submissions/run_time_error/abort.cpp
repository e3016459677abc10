// hdu3338 run_time_error: calls std::abort() after reading the input: killed by SIGABRT:
// RE.
#include <cstdlib>
#include <iostream>
#include <string>
int main() {
    std::string token;
    while (std::cin >> token) {}
    std::abort();
}
