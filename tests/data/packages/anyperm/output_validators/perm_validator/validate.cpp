// Accepts any permutation of 1..n (n from the input); Kattis protocol.
#include <fstream>
#include <iostream>
#include <set>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    std::ifstream in(argv[1]);
    std::ofstream msg(std::string(argv[3]) + "/judgemessage.txt");
    long n;
    in >> n;
    std::set<long> seen;
    long x;
    while (std::cin >> x) {
        if (x < 1 || x > n || !seen.insert(x).second) { msg << "bad or repeated value " << x << "\n"; return 43; }
    }
    if ((long)seen.size() != n) { msg << "only " << seen.size() << " of " << n << " values\n"; return 43; }
    return 42;
}
