// poj2676 time_limit_exceeded: reads the whole input, then spins forever on an atomic
// counter (an infinite loop without side effects would be undefined behaviour in C++, an
// atomic store is a side effect). It burns CPU until the CPU-time limit stops it: TLE.
#include <atomic>
#include <iostream>
#include <string>
int main() {
    std::string token;
    while (std::cin >> token) {}
    std::atomic<unsigned long> spins{0};
    for (;;) spins.fetch_add(1, std::memory_order_relaxed);
}
