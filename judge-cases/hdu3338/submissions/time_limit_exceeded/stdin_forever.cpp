// hdu3338 time_limit_exceeded: "reads stdin forever": keeps calling std::cin.get() and
// clears the EOF state every time, so after the input file is exhausted it spins on the
// CPU (reading a file at EOF never blocks): TLE by the CPU-time limit.
#include <iostream>
int main() {
    unsigned long bytes = 0;
    for (;;) {
        if (std::cin.get() != EOF) ++bytes;
        else std::cin.clear();
    }
}
