#include <stdio.h>
int main(void) { int n; long s = 0, x; scanf("%d", &n); while (n-- > 0 && scanf("%ld", &x) == 1) s += x; printf("%ld\n", s); return 0; }
