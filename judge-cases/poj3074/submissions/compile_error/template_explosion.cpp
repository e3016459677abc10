// Hostile: a compiler bomb. B<N, M> instantiates B<N-1, 2M> and B<N-1, 2M+1>: 2^40
// distinct classes, each held in the compiler's memory. Without limits on the compiler
// it runs for hours and takes the machine's memory; in the sandbox a compile limit ends
// it (memory, after about 10 s here): CE "compilation exceeded the memory limit of
// 1024 MiB".
template <int N, unsigned long long M> struct B {
    static const unsigned long long v = B<N - 1, 2 * M>::v + B<N - 1, 2 * M + 1>::v;
};
template <unsigned long long M> struct B<0, M> {
    static const unsigned long long v = M;
};

int main() { return (int)B<40, 1>::v; }
