#!/usr/bin/env bash
# Judges real programs on a cgroup v2-only kernel: boots Debian's kernel in a small VM
# (emulated, about a minute in all) whose whole root is an initramfs made
# here (busybox, the gridjudge binary with its libraries, poj3074, statically linked
# submissions), mounts only the unified hierarchy (`cgroup_no_v1=all`), and judges in
# three cgroup layouts:
#   root     the judge in the root cgroup (a VM or bare host without systemd);
#   scope    the judge alone in a cgroup of its own, as `systemd-run --scope -p
#            Delegate=yes` leaves it: it moves to its leaf and enables memory and pids;
#   shared   the judge beside another program in its cgroup: no cgroup for the runs,
#            the reason said, --require-isolation refuses.
# Every line the VM prints that starts with VMTEST is a check; this script fails if any
# says FAIL or if fewer than expected ran.
#
# Usage: tests/vm/cgroup_v2.sh [GRIDJUDGE_BINARY]   (default: target/release/gridjudge)
# Needs: qemu-system-x86_64, a /boot/vmlinuz-*, busybox (static), gcc, g++.
# On Debian: apt-get install qemu-system-x86 linux-image-amd64 busybox-static
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-target/release/gridjudge}
KERNEL=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -1 || true)
for need in qemu-system-x86_64 busybox gcc g++ cpio; do
    command -v "$need" >/dev/null || { echo "cgroup_v2.sh: $need is missing" >&2; exit 2; }
done
[ -n "$KERNEL" ] || { echo "cgroup_v2.sh: no /boot/vmlinuz-* (apt-get install linux-image-amd64)" >&2; exit 2; }
[ -x "$BIN" ] || { echo "cgroup_v2.sh: no gridjudge binary at $BIN (cargo build --release)" >&2; exit 2; }
file "$(command -v busybox)" 2>/dev/null | grep -q "statically linked" \
    || { echo "cgroup_v2.sh: busybox must be static (busybox-static)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
ROOT=$WORK/root
mkdir -p "$ROOT"/{bin,sbin,usr/bin,lib,lib64,proc,sys,dev,tmp,etc,progs,cases,root}
cp "$(command -v busybox)" "$ROOT/bin/busybox"
cp "$BIN" "$ROOT/usr/bin/gridjudge"
# The binary's shared libraries, at the same paths.
ldd "$BIN" | grep -o '/[^ ]*' | while read -r lib; do
    mkdir -p "$ROOT$(dirname "$lib")"
    cp -L "$lib" "$ROOT$lib"
done
cp -r judge-cases/poj3074 "$ROOT/cases/"
# The VM is emulated (TCG, often on a busy host): writing the problem's 64 MiB of output
# limit can take endless_output more than its 1 s of CPU there, and then it is TLE, not
# OLE (seen in one CI run). The VM checks verdicts on cgroup v2, not speed: a smaller
# output limit keeps the race out of the check.
# For the same reason memory_limit_exceeded/workdir_files_and_memfd, which writes 136
# MiB into files and memfds and then sleeps a second, can spend its 1 s of CPU (or its
# 3 s of wall time) before it passes the 64 MiB limit (TLE, seen in one CI run): the VM
# gives every program 2 s of CPU (not more: cpu_in_clone_parent_siblings burns 2.4 s
# in all, made to pass a 1 s limit) and 8 s of wall time.
sed -i 's/^output_mib = 64 /output_mib = 4 /; s/^time_seconds = 1.0 /time_seconds = 2.0 /; s/^wall_seconds = 3.0 /wall_seconds = 8.0 /' "$ROOT/cases/poj3074/problem.toml"
for want in '^output_mib = 4 ' '^time_seconds = 2.0 ' '^wall_seconds = 8.0 '; do
    grep -q "$want" "$ROOT/cases/poj3074/problem.toml" || { echo "cgroup_v2.sh: could not set $want in problem.toml" >&2; exit 1; }
done
rm -rf "$ROOT/cases/poj3074/submissions"
echo "root:x:0:0:root:/root:/bin/sh" > "$ROOT/etc/passwd"

# Statically linked programs and the verdict each must get (C and C++ submissions of
# poj3074 by folder, and the memory-in-a-child probe).
EXPECT=$WORK/expect
: > "$EXPECT"
for src in judge-cases/poj3074/submissions/*/*.c judge-cases/poj3074/submissions/*/*.cpp; do
    folder=$(basename "$(dirname "$src")")
    name=$(basename "${src%.*}")
    case $folder in
        accepted) v=AC ;; wrong_answer) v=WA ;; time_limit_exceeded) v=TLE ;;
        memory_limit_exceeded) v=MLE ;; output_limit_exceeded) v=OLE ;;
        run_time_error) v=RE ;; presentation_error) v=PE ;; *) continue ;;
    esac
    case $src in
        *.c) gcc -O2 -static -o "$ROOT/progs/$name" "$src" -lm ;;
        *) g++ -O2 -static -o "$ROOT/progs/$name" "$src" ;;
    esac
    echo "$name $v" >> "$EXPECT"
done
gcc -O2 -static -o "$ROOT/progs/child_mem" tests/fixtures/judge/programs/child_mem.c
cp "$EXPECT" "$ROOT/expect"

cat > "$ROOT/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
chmod 1777 /tmp
mount -t cgroup2 cgroup2 /sys/fs/cgroup
CG=/sys/fs/cgroup
# Socket buffers as large as on the project's hosts (Debian's default is 208 KiB), so that
# memory_limit_exceeded/socket_buffers.c can hold the 256 MiB it tries to.
echo 4194304 > /proc/sys/net/core/wmem_max
echo 4194304 > /proc/sys/net/core/rmem_max
echo "VMINFO kernel $(uname -r), controllers: $(cat $CG/cgroup.controllers)"
grep -q '^cgroup ' /proc/mounts && echo "VMTEST FAIL a cgroup v1 hierarchy is mounted"
check() { # NAME WANT GOT
    if [ "$2" = "$3" ]; then echo "VMTEST ok $1: $3"; else echo "VMTEST FAIL $1: want $2, got $3"; fi
}
overall() { sed -n 's/.*"overall": "\([A-Z]*\)".*/\1/p' "$1" | head -1; }
v2() { grep -q '"cgroup_v2": true' "$1" && echo yes || echo no; }
judge() { # OUT PROGRAM [ARGS]
    out=$1; shift
    gridjudge judge poj3074 --cases /cases --case sample/1 --format json --require-isolation -- "$@" > "$out" 2>/tmp/err || true
}

# 1. root: the judge in the root cgroup.
gridjudge judge --explain-sandbox > /tmp/explain 2>&1
grep '^  cgroup:' /tmp/explain | sed 's/^/VMINFO root /'
check "root: memory of all processes" yes "$(grep -q '\[yes\] memory of all processes: a memory cgroup (cgroup v2)' /tmp/explain && echo yes || echo no)"
while read -r name want; do
    judge /tmp/out /progs/$name
    check "root: $name" "$want" "$(overall /tmp/out)"
    check "root: $name on cgroup v2" yes "$(v2 /tmp/out)"
done < /expect
judge /tmp/out /progs/child_mem 200
check "root: 200 MiB in a child" MLE "$(overall /tmp/out)"
judge /tmp/out /progs/child_mem 40
mib=$(( $(sed -n 's/.*"memory_bytes": \([0-9]*\).*/\1/p' /tmp/out | head -1) / 1048576 ))
check "root: 40 MiB in a child measured (36-49 MiB)" yes "$([ $mib -ge 36 ] && [ $mib -le 49 ] && echo yes || echo "no: $mib MiB")"
leftover=$(ls -d $CG/gridjudge-run-* 2>/dev/null | wc -l)
check "root: run cgroups left behind" 0 "$leftover"

# 2. scope: the judge alone in a cgroup of its own.
mkdir $CG/ci.scope
sh -c "echo \$\$ > $CG/ci.scope/cgroup.procs; exec gridjudge judge --explain-sandbox" > /tmp/explain 2>&1
grep '^  cgroup:' /tmp/explain | sed 's/^/VMINFO scope /'
check "scope: run cgroups beside the judge's leaf" yes "$(grep -q "go in $CG/ci.scope\$" /tmp/explain && echo yes || echo no)"
check "scope: memory of all processes" yes "$(grep -q '\[yes\] memory of all processes: a memory cgroup (cgroup v2)' /tmp/explain && echo yes || echo no)"
check "scope: judge moved to its leaf" yes "$([ -d $CG/ci.scope/gridjudge-judge ] && echo yes || echo no)"
check "scope: controllers enabled" "memory pids" "$(cat $CG/ci.scope/cgroup.subtree_control)"
mkdir $CG/ci2.scope
sh -c "echo \$\$ > $CG/ci2.scope/cgroup.procs; exec gridjudge judge poj3074 --cases /cases --case sample/1 --format json --require-isolation -- /progs/child_mem 200" > /tmp/out 2>/tmp/err || true
check "scope: 200 MiB in a child" MLE "$(overall /tmp/out)"
check "scope: on cgroup v2" yes "$(v2 /tmp/out)"
sh -c "echo \$\$ > $CG/ci2.scope/cgroup.procs; exec gridjudge judge poj3074 --cases /cases --case sample/1 --format json --require-isolation -- /progs/dlx" > /tmp/out 2>/tmp/err || true
check "scope: dlx" AC "$(overall /tmp/out)"

# 3. shared: another program in the judge's cgroup.
mkdir $CG/shared.scope
sleep 600 &
stranger=$!
echo $stranger > $CG/shared.scope/cgroup.procs
sh -c "echo \$\$ > $CG/shared.scope/cgroup.procs; exec gridjudge judge --explain-sandbox" > /tmp/explain 2>&1
grep '^  cgroup:' /tmp/explain | sed 's/^/VMINFO shared /'
check "shared: reason given" yes "$(grep -q 'besides the judge' /tmp/explain && echo yes || echo no)"
check "shared: memory guarantee missing" yes "$(grep -q '\[NO \] memory of all processes' /tmp/explain && echo yes || echo no)"
check "shared: the stranger was not moved" "$stranger" "$(cat $CG/shared.scope/cgroup.procs | grep -x $stranger)"
sh -c "echo \$\$ > $CG/shared.scope/cgroup.procs; exec gridjudge judge poj3074 --cases /cases --case sample/1 --require-isolation -- /progs/dlx" > /tmp/out 2>&1
check "shared: --require-isolation refuses (exit 3)" 3 "$?"
kill $stranger
echo "VMDONE"
poweroff -f
INIT
chmod +x "$ROOT/init"
(cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -1) > "$WORK/initrd.gz"

# Emulation, not KVM: on this project's machines (themselves VMs) a nested KVM guest
# hangs before its first line, while emulation boots in about 5 s.
ACCEL=(-accel tcg -cpu max)
LOG=$WORK/console.log
timeout 900 qemu-system-x86_64 "${ACCEL[@]}" -m 2048 -smp 2 -nographic -no-reboot \
    -kernel "$KERNEL" -initrd "$WORK/initrd.gz" \
    -append "console=ttyS0 quiet panic=-1 cgroup_no_v1=all" > "$LOG" 2>&1 || true
tr -d '\r' < "$LOG" | grep -E '^VM(INFO|TEST|DONE)' || true
expected=$(( $(wc -l < "$EXPECT") * 2 + 15 ))
ran=$(grep -c '^VMTEST' "$LOG" || true)
failed=$(grep -c '^VMTEST FAIL' "$LOG" || true)
if ! grep -q '^VMDONE' "$LOG" || [ "$failed" -ne 0 ] || [ "$ran" -lt "$expected" ]; then
    echo "cgroup_v2.sh: FAILED ($failed failed, $ran of $expected checks ran); the console:" >&2
    tail -40 "$LOG" >&2
    exit 1
fi
echo "cgroup_v2.sh: $ran checks passed on $(basename "$KERNEL"), cgroup v2 only, emulated"
