// poj3074 wrong_answer: closes its standard output first thing and exits with status 0
// having printed nothing. A clean exit with an empty output is a wrong answer: WA.
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
int main(void) {
    close(STDOUT_FILENO);
    return 0;
}
