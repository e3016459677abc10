// hdu3338 wrong_answer: closes its standard output (file descriptor 1) first thing and
// exits with status 0 having printed nothing. A clean exit with an empty output: WA.
#include <unistd.h>
int main() {
    close(1);
    return 0;
}
