import sys
inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
want = open(ans).read().split()
got = sys.stdin.read().split()
if got != want:
    with open(feedback + "/judgemessage.txt", "w") as f:
        f.write("expected %s, got %s\n" % (want, got[:3]))
    sys.exit(43)
sys.exit(42)
