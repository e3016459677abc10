// poj3074 run_time_error (hostile: display spoofing): prints a line holding a
// right-to-left override (U+202E), a line separator (U+2028) and a paragraph separator
// (U+2029) on stdout and on stderr, then exits with status 1. RE, whose message quotes
// that stderr line: every report (table, HTML, JUnit, BMF, gab, verify-submissions')
// shows the three as `<U+202E>`, `<U+2028>`, `<U+2029>`, never raw, and the JSON
// reports carry them as \u escapes. Raw, the override would show the line's end
// reversed ("exe.txt" reads "txt.exe") and the separators would break it in two.
#include <stdio.h>

int main(void) {
    // Split literals: a hex escape would swallow the hex letters that follow it.
    const char *line = "verdict AC \xe2\x80\xae" "exe.txt"
                       "\xe2\x80\xa8" "AC" "\xe2\x80\xa9" "all 95 puzzles solved";
    printf("%s\n", line);
    fprintf(stderr, "%s\n", line);
    return 1;
}
