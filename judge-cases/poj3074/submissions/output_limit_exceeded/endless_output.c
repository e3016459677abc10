// poj3074 output_limit_exceeded: writes the same line forever. Output grows at memory
// speed, so it crosses the output limit (output_mib) long before any time limit: OLE.
#include <stdio.h>
int main(void) {
    for (;;) fputs("111111111111111111111111111111111111111111111111111111111111111111111111111111111\n", stdout);
}
