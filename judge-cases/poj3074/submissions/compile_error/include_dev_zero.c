/* Hostile: a compiler bomb. The preprocessor reads an endless file of NUL bytes into
 * memory until something stops it. Without limits on the compiler it takes the
 * machine's memory (or hangs the judge); in the sandbox the compile's memory limit
 * ends it: CE "compilation exceeded the memory limit of 1024 MiB". */
#include "/dev/zero"

int main(void) { return 0; }
