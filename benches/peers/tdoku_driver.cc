// Whole-process driver around tdoku's TdokuSolverDpllTriadSimd, for whole_process.sh.
// Our own code; tdoku itself (BSD-2-Clause, Tom Dillon) is compiled from the checkout in
// TDOKU_DIR and never vendored here:
//   g++ -O3 -march=native -I"$TDOKU_DIR/include" tdoku_driver.cc \
//       "$TDOKU_DIR/src/solver_dpll_triad_simd.cc" "$TDOKU_DIR/src/util.cc" -o tdoku_driver
// Reads the POJ 3074 format (one 81-character line per puzzle, '.' for empty cells, up to
// a line `end`) from FILE or stdin. Prints each puzzle's first solution as 81 digits per
// line, or with `-c LIMIT` the number of solutions counted up to LIMIT.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tdoku.h"

int main(int argc, char **argv) {
    size_t limit = 0;  // 0: print the first solution
    const char *path = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-c") == 0 && i + 1 < argc) {
            limit = std::strtoull(argv[++i], nullptr, 10);
        } else {
            path = argv[i];
        }
    }
    FILE *in = path ? std::fopen(path, "r") : stdin;
    if (in == nullptr) {
        std::perror(path);
        return 1;
    }
    char line[1024];
    char puzzle[82];
    char solution[82];
    size_t guesses = 0;
    while (std::fgets(line, sizeof line, in) != nullptr) {
        if (std::strncmp(line, "end", 3) == 0) break;
        if (std::strlen(line) < 81) continue;
        std::memcpy(puzzle, line, 81);
        puzzle[81] = '\0';  // below '.': a standard puzzle, not a pencilmark grid
        if (limit == 0) {
            if (TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses) == 0) {
                std::memcpy(solution, puzzle, 81);  // unsolvable: echo the puzzle
            }
            solution[81] = '\n';
            std::fwrite(solution, 1, 82, stdout);
        } else {
            size_t n = TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, &guesses);
            std::printf("%zu\n", n);
        }
    }
    return 0;
}
