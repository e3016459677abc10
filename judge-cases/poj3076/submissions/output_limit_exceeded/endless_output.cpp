// poj3076 output_limit_exceeded: writes the same line forever with std::cout. It crosses
// the output limit (output_mib) long before any time limit: OLE.
#include <iostream>
int main() {
    std::ios::sync_with_stdio(false);
    for (;;) std::cout << "ABCDEFGHIJKLMNOP\n";
}
