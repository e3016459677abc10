"""Local check of the example submissions: compiles every judge-cases/P/submissions/V/*
(.c, .cpp, .rs, with the judge's compiler commands), runs it on every data file of P
(sample, then secret, in name order) under the limits of P/problem.toml through
tools/launch (own process group, rlimits, uid 65534, wall-clock kill), derives a verdict
per file, and compares the first non-AC verdict (or AC) with the folder name V.

This is a stand-in used to build the example set; the real judge is gridjudge itself.
Verdict rules used here (in this order): peak RSS > memory limit -> MLE; wall kill,
SIGXCPU or CPU > limit -> TLE; SIGXFSZ or output > output limit -> OLE; signal or
non-zero exit -> RE; otherwise tools/validate.py decides AC / PE / WA.
RLIMIT_AS is set to 2 GiB (headroom: memory is judged by peak RSS, so a program that
touches 1 GiB is seen using it), RLIMIT_NPROC to 64.

Usage: run_submissions.py [--problem P]... [--verdict V]... [--name SUBSTR]
Prints one line per submission and per-file details with -v; exits 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import glob
import os
import signal
import subprocess
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import validate  # noqa: E402

BUILD = "/tmp/gridjudge-cases-build"
PROBLEMS = ["poj3074", "poj2676", "hdu3338", "poj3076", "kakuro"]
FOLDERS = {
    "accepted": "AC",
    "wrong_answer": "WA",
    "presentation_error": "PE",
    "time_limit_exceeded": "TLE",
    "memory_limit_exceeded": "MLE",
    "output_limit_exceeded": "OLE",
    "run_time_error": "RE",
}


def compile_cmd(src, exe):
    if src.endswith(".c"):
        return ["gcc", "-O2", "-std=gnu11", "-o", exe, src, "-lm"]
    if src.endswith(".cpp"):
        return ["g++", "-O2", "-std=gnu++17", "-o", exe, src]
    if src.endswith(".rs"):
        return ["rustc", "-O", "--edition", "2021", "-o", exe, src]
    raise ValueError(src)


def build(src):
    rel = os.path.relpath(src, ROOT).replace("/", "__")
    exe = os.path.join(BUILD, rel + ".exe")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        r = subprocess.run(compile_cmd(src, exe), capture_output=True, text=True)
        if r.returncode != 0:
            return None, r.stderr
        os.chmod(exe, 0o755)
    return exe, ""


def launcher():
    exe = os.path.join(BUILD, "launch")
    src = os.path.join(HERE, "launch.c")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        subprocess.run(["gcc", "-O2", "-std=gnu11", "-o", exe, src], check=True)
    return exe


def run_one(launch, exe, problem, limits, infile):
    out = os.path.join(BUILD, "out.txt")
    if os.path.exists(out):
        os.unlink(out)
    t = float(limits["time_seconds"])
    mem = int(limits["memory_mib"])
    outmax = int(limits.get("output_mib", 64)) << 20
    wall = float(limits.get("wall_seconds", 3 * t))
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    os.fchmod(fd, 0o666)
    with open(infile, "rb") as fin:
        r = subprocess.run(
            [launch, str(int(-(-t // 1))), "2048", "64", str(int(wall * 1000)), str(outmax + 1), exe],
            stdin=fin,
            stdout=fd,
            stderr=subprocess.PIPE,
            text=True,
        )
    os.close(fd)
    info = dict(kv.split("=") for kv in r.stderr.strip().splitlines()[-1].split())
    info = {k: int(v) for k, v in info.items()}
    size = os.path.getsize(out)
    info["out_bytes"] = size
    sig = info["signal"]
    if info["maxrss_kib"] > mem * 1024:
        return "MLE", info, ""
    if info["wall_killed"] or sig == signal.SIGXCPU or info["cpu_ms"] > t * 1000:
        return "TLE", info, ""
    if sig == signal.SIGXFSZ or size > outmax:
        return "OLE", info, ""
    if sig or info["exit"] != 0:
        return "RE", info, ""
    with open(out, "rb") as f:
        output = f.read()
    with open(infile) as f:
        text = f.read()
    try:
        verdict, why = validate.check(problem, text, output)
    except Exception as e:  # noqa: BLE001 - garbage output is WA
        verdict, why = "WA", f"unreadable output: {e}"
    return verdict, info, why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problem", action="append")
    ap.add_argument("--verdict", action="append")
    ap.add_argument("--name")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    os.makedirs(BUILD, exist_ok=True)
    os.chmod(BUILD, 0o777)
    launch = launcher()
    bad = 0
    for problem in args.problem or PROBLEMS:
        with open(os.path.join(ROOT, problem, "problem.toml"), "rb") as f:
            limits = tomllib.load(f)["limits"]
        files = sorted(glob.glob(os.path.join(ROOT, problem, "data", "sample", "*.in")))
        files += sorted(glob.glob(os.path.join(ROOT, problem, "data", "secret", "*.in")))
        for folder, expected in FOLDERS.items():
            if args.verdict and folder not in args.verdict:
                continue
            for src in sorted(glob.glob(os.path.join(ROOT, problem, "submissions", folder, "*"))):
                if args.name and args.name not in src:
                    continue
                exe, err = build(src)
                name = f"{problem}/{folder}/{os.path.basename(src)}"
                if exe is None:
                    print(f"{name}: COMPILE ERROR\n{err}")
                    bad += 1
                    continue
                final = "AC"
                max_cpu = max_rss = 0
                for infile in files:
                    verdict, info, why = run_one(launch, exe, problem, limits, infile)
                    max_cpu = max(max_cpu, info["cpu_ms"])
                    max_rss = max(max_rss, info["maxrss_kib"])
                    if args.v:
                        print(f"    {os.path.relpath(infile, ROOT)}: {verdict} {info} {why}")
                    if verdict != "AC":
                        final = verdict
                        detail = f"{os.path.basename(infile)}: {why} {info}"
                        break
                ok = final == expected
                bad += not ok
                extra = f" max_cpu_ms={max_cpu} max_rss_kib={max_rss}" if final == "AC" else f" first non-AC: {detail}"
                print(f"{'ok  ' if ok else 'FAIL'} {name}: got {final}, expected {expected}{extra}", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
