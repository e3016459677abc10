// poj2676 run_time_error: prints nothing and returns 3. A non-zero exit status is RE even
// though no signal is involved.
int main(void) {
    return 3;
}
