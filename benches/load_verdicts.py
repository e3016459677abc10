#!/usr/bin/env python3
"""Whether a verdict depends on the machine's load, on the example submissions.

Judges every example submission of the bundled problems (judge-cases/*/submissions/)
and of the test packages (tests/data/packages/*/submissions/), each twice in a row:
once on an idle machine and once beside HOGS CPU-bound busy loops (default: 2 x the
CPUs), and prints every case whose verdict differs between the two runs. The rule under
test (docs/sandbox.md, "Wall time: the program's own time"): the wall limit counts a
program's own time, not the time it was runnable but waiting for a CPU, so a case whose
CPU time is under 80 % of its CPU limit gets the same verdict loaded or not, the
compile included; a program that sleeps past its wall limit is TLE in both.

Cases at 80 % of the CPU limit or above (a busy loop meeting its limit) are counted
apart: their verdict may honestly go either way. The summary gives the cases compared,
the ones that differ (should be none), the largest CPU wait the judge credited under
load, and the wall time of both passes.

    python3 benches/load_verdicts.py [--hogs N] [--jobs J] [--only PROBLEM]...

  --hogs N      busy loops beside the loaded pass (default 2 x nproc)
  --jobs J      `gridjudge judge -j J` for both passes (default 1)
  --only NAME   judge only these problems or packages (repeatable; default all)
  GRIDJUDGE     the binary (default target/release/gridjudge, built if missing)

Exits 0 when no compared case differs, 1 otherwise, 2 on a usage or setup error. Runs as
root (the sandbox's uid drop and cgroups need it). Takes about 10-20 minutes on 2 cores:
the time-limit-exceeded examples run to their limits in both passes.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_SUFFIXES = {".c", ".cpp", ".cc", ".cxx", ".rs", ".py", ".java", ".kt"}


def targets(only):
    """(name, judge arguments before --source, submissions folder) of every problem."""
    found = []
    for problem in sorted((ROOT / "judge-cases").iterdir()):
        if (problem / "problem.toml").is_file() and (problem / "submissions").is_dir():
            found.append((problem.name, [problem.name, "--cases", str(ROOT / "judge-cases")],
                          problem / "submissions"))
    for package in sorted((ROOT / "tests/data/packages").iterdir()):
        if (package / "problem.yaml").is_file() and (package / "submissions").is_dir():
            found.append((package.name, ["--package", str(package)], package / "submissions"))
    if only:
        found = [t for t in found if t[0] in only]
    return found


def submissions(folder):
    """Every single-file example submission under folder, as (expected folder, path)."""
    for expected in sorted(p for p in folder.iterdir() if p.is_dir()):
        for source in sorted(expected.iterdir()):
            if source.is_file() and source.suffix in SOURCE_SUFFIXES:
                yield expected.name, source


def judge(binary, args, source, jobs):
    """The judge's JSON report of source, as {case: (verdict, cpu, wait, cpu limit)}, plus
    the compile failure's verdict if it did not build."""
    cmd = [binary, "judge", *args, "--source", str(source), "--format", "json", "-j", str(jobs)]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        first = (run.stderr.strip().splitlines() or ["(no output)"])[0]
        return {"(judge)": (f"exit {run.returncode}: {first}", 0.0, 0.0, 1.0)}
    cases = {}
    for problem in report.get("problems", []):
        limit = problem.get("limits", {}).get("cpu_seconds") or 1.0
        if problem.get("failure"):
            cases["(build)"] = ("CE", 0.0, 0.0, limit)
        for case in problem.get("cases", []):
            cases[case["case"]] = (case["verdict"], case.get("cpu_seconds", 0.0),
                                   case.get("wait_seconds", 0.0), limit)
    return cases


def start_hogs(count):
    return [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(count)]


def stop_hogs(hogs):
    for hog in hogs:
        hog.kill()
    for hog in hogs:
        hog.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hogs", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", action="append", default=[])
    opts = parser.parse_args()
    binary = os.environ.get("GRIDJUDGE", str(ROOT / "target/release/gridjudge"))
    if not Path(binary).exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "gridjudge"], cwd=ROOT,
                       check=True)
    chosen = targets(set(opts.only))
    if not chosen:
        print(f"no problem named {opts.only}", file=sys.stderr)
        return 2
    compared = differ = near_limit = 0
    max_wait = 0.0
    idle_wall = loaded_wall = 0.0
    print(f"{opts.hogs} busy loops beside the loaded pass, judge -j {opts.jobs}")
    for name, args, folder in chosen:
        for expected, source in submissions(folder):
            start = time.monotonic()
            idle = judge(binary, args, source, opts.jobs)
            idle_wall += time.monotonic() - start
            hogs = start_hogs(opts.hogs)
            try:
                start = time.monotonic()
                loaded = judge(binary, args, source, opts.jobs)
                loaded_wall += time.monotonic() - start
            finally:
                stop_hogs(hogs)
            label = f"{name}/{expected}/{source.name}"
            for case in sorted(set(idle) | set(loaded)):
                a = idle.get(case, ("(missing)", 0.0, 0.0, 1.0))
                b = loaded.get(case, ("(missing)", 0.0, 0.0, 1.0))
                max_wait = max(max_wait, b[2])
                if max(a[1], b[1]) >= 0.8 * a[3]:
                    near_limit += 1
                    continue
                compared += 1
                if a[0] != b[0]:
                    differ += 1
                    print(f"DIFFERS {label} {case}: idle {a[0]} (CPU {a[1]:.3f} s), "
                          f"loaded {b[0]} (CPU {b[1]:.3f} s, waited {b[2]:.3f} s)")
            verdicts = " ".join(sorted({v[0] for v in loaded.values()}))
            print(f"  {label}: {len(loaded)} cases, loaded verdicts {verdicts}", flush=True)
    print(f"{compared} cases under 80 % of their CPU limit compared, {differ} differ; "
          f"{near_limit} at or over 80 % not compared; largest wait credited under load "
          f"{max_wait:.3f} s; wall idle {idle_wall:.0f} s, loaded {loaded_wall:.0f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
