#include <stdio.h>
int main(void) { float a, b; scanf("%f %f", &a, &b); printf("%.1f\n", a + b); return 0; }
