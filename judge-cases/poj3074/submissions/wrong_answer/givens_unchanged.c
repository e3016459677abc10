// poj3074 wrong_answer: prints every puzzle line back unchanged (the givens, with `.` for
// the empty cells) without solving anything. `.` is not a digit: WA.
#include <stdio.h>
#include <string.h>
int main(void) {
    static char line[1024];
    while (scanf("%1023s", line) == 1 && strcmp(line, "end") != 0) puts(line);
    return 0;
}
