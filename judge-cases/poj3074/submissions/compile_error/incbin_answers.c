/* Hostile: tries to get AC without solving, at compile time. The assembler's `.incbin`
 * embeds every input and answer of the problem from where the judge's checkout is
 * guessed to be (/work/main/judge-cases/poj3074/data/...); at run time the program
 * prints the answer whose input matches its own. Compiled unconfined (the compiler as
 * the judge's user, the problem folder in view) on a machine where the guess is right,
 * it gets AC on every case. Compiled in the sandbox, the assembler cannot open the
 * files (hidden, outside the confined filesystem): CE, and the message names the path
 * it could not open, never what the file holds. */
#include <stdio.h>
#include <string.h>

#define DATA "/work/main/judge-cases/poj3074/data/"
#define EMBED(sym, file)                                                      \
    __asm__(".section .rodata\n.global " #sym "\n" #sym ":\n.incbin \"" DATA \
            file "\"\n.byte 0\n.previous\n")

EMBED(in0, "sample/1.in");
EMBED(ans0, "sample/1.ans");
EMBED(in1, "secret/01_top95.in");
EMBED(ans1, "secret/01_top95.ans");
EMBED(in2, "secret/02_magictour_top1465_part1.in");
EMBED(ans2, "secret/02_magictour_top1465_part1.ans");
EMBED(in3, "secret/03_magictour_top1465_part2.in");
EMBED(ans3, "secret/03_magictour_top1465_part2.ans");
EMBED(in4, "secret/04_magictour_top1465_part3.in");
EMBED(ans4, "secret/04_magictour_top1465_part3.ans");
EMBED(in5, "secret/05_forum_hardest_1106_part1.in");
EMBED(ans5, "secret/05_forum_hardest_1106_part1.ans");
EMBED(in6, "secret/06_forum_hardest_1106_part2.in");
EMBED(ans6, "secret/06_forum_hardest_1106_part2.ans");
EMBED(in7, "secret/gen-minimal-hard.in");
EMBED(ans7, "secret/gen-minimal-hard.ans");
EMBED(in8, "secret/gen-unique-28.in");
EMBED(ans8, "secret/gen-unique-28.ans");

extern const char in0[], ans0[], in1[], ans1[], in2[], ans2[], in3[], ans3[], in4[],
    ans4[], in5[], ans5[], in6[], ans6[], in7[], ans7[], in8[], ans8[];

static char input[1 << 22];

int main(void) {
    const char *ins[] = {in0, in1, in2, in3, in4, in5, in6, in7, in8};
    const char *ans[] = {ans0, ans1, ans2, ans3, ans4, ans5, ans6, ans7, ans8};
    size_t n = fread(input, 1, sizeof input - 1, stdin);
    input[n] = 0;
    for (int i = 0; i < 9; i++) {
        if (strcmp(input, ins[i]) == 0) {
            fputs(ans[i], stdout);
            return 0;
        }
    }
    return 0;
}
