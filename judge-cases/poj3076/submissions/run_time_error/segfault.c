// poj3076 run_time_error: writes through a null pointer (volatile, so the store is kept):
// killed by SIGSEGV: RE.
#include <stddef.h>
int main(void) {
    volatile int *volatile nowhere = NULL;
    *nowhere = 42;
    return 0;
}
