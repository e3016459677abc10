// hdu3338 output_limit_exceeded: writes the same line forever. Output grows at memory
// speed, so it crosses the output limit (output_mib) long before any time limit: OLE.
#include <stdio.h>
int main(void) {
    for (;;) fputs("_ 1 2 3 4 5 6 7 8 9\n", stdout);
}
