# A hostile output validator: it probes what of the host it can reach and exits 43
# naming every probe that succeeded ("leaks: ..."). Confined, every probe fails, and it
# judges the program's output: 42 for the right answer, 43 otherwise. The program prints
# its uid first, which must differ from the validator's own.
import os
import socket
import sys

inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
leaks = []


def probe(name, attempt):
    try:
        attempt()
    except Exception:
        return
    leaks.append(name)


def write_tmp():
    with open("/tmp/gridjudge-hostile-validator-probe", "w") as f:
        f.write("written by the validator\n")


def tcp():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    socket.create_connection(server.getsockname(), timeout=2).close()


def plant_link():
    os.symlink("/etc/shadow", os.path.join(feedback, "judgemessage.txt"))
    os.unlink(os.path.join(feedback, "judgemessage.txt"))


probe("read /etc/shadow", lambda: open("/etc/shadow").read())
probe("list /root", lambda: os.listdir("/root"))
probe("read /etc/passwd", lambda: open("/etc/passwd").read())
probe("write /tmp", write_tmp)
probe("tcp to 127.0.0.1", tcp)
probe("link in the feedback folder", plant_link)
try:
    processes = [p for p in os.listdir("/proc") if p.isdigit()]
except OSError:
    processes = []
if len(processes) > 8:
    leaks.append("sees %d processes" % len(processes))
for path, name in [(inp, "/jury/input"), (ans, "/jury/answer"), (feedback, "/jury/feedback/")]:
    if path != name:
        leaks.append("argv names %s, not %s" % (path, name))

words = sys.stdin.read().split()
want = open(ans).read().split()
open(inp).read()
program_uid = words[0] if words else "?"
if program_uid == str(os.getuid()):
    leaks.append("runs as the program's uid %s" % program_uid)

with open(os.path.join(feedback, "judgemessage.txt"), "w") as f:
    if leaks:
        f.write("leaks: " + "; ".join(leaks))
        sys.exit(43)
    seen = "uid %d, program uid %s, %d processes" % (os.getuid(), program_uid, len(processes))
    if words[1:] != want:
        f.write("wrong answer (%s)" % seen)
        sys.exit(43)
    f.write("confined (%s)" % seen)
sys.exit(42)
