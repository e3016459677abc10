// poj3074 memory_limit_exceeded: holds 256 MiB in the kernel's buffers of UNIX socket
// pairs it writes to and never reads, while its own heap stays tiny; then prints nothing
// useful. A judge that counts the resident set only reports about a megabyte and WA; the
// memory the program holds in the kernel counts: MLE.
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
    static char chunk[1 << 16];
    memset(chunk, 7, sizeof chunk);
    long held = 0;
    for (int pair = 0; pair < 28 && held < (256L << 20); pair++) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) break;
        int big = 1 << 30;
        setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
        setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
        fcntl(sv[0], F_SETFL, O_NONBLOCK);
        for (ssize_t n; (n = write(sv[0], chunk, sizeof chunk)) > 0;) held += n;
    }
    sleep(1);
    printf("held %ld MiB\n", held >> 20);
    return 0;
}
