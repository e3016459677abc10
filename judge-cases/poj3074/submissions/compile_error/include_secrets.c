/* Hostile: asks the compiler to read the machine's password hashes and a jury answer
 * (at the path the judge's checkout is guessed to have). Neither is C, so the compile
 * fails either way, but a compiler run as the judge's user (root) quotes the first
 * lines of /etc/shadow, or of the answer file, in its error message, which ends up in
 * every report (table, JSON, JUnit, HTML). Compiled in the sandbox the compiler cannot
 * open them: CE "Permission denied" (or "No such file"), and nothing of either file. */
#include "/etc/shadow"
#include "/work/main/judge-cases/poj3074/data/secret/01_top95.ans"

int main(void) { return 0; }
