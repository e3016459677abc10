#!/usr/bin/env python3
"""Turn criterion's results into tracker formats (standard library only).

criterion writes, for every benchmark it ran, `new/benchmark.json` (its full id) and
`new/estimates.json` (mean, median, ... in nanoseconds, with 95 % confidence intervals)
under `target/criterion/<group>/<function>/<value>/`. This script reads every such pair
below a criterion folder and prints one document on stdout:

  --format bmf   Bencher Metric Format: {"<full id>": {"latency": {"value": mean ns,
                 "lower_value": ..., "upper_value": ...}}}, the layout Bencher's own
                 criterion adapter uses (measure `latency`, nanoseconds);
  --format gab   github-action-benchmark `customSmallerIsBetter`: [{"name": full id,
                 "unit": "ns", "value": mean, "range": "± half the interval",
                 "extra": "median ... ns"}].

These are the formats `gridjudge judge --format bmf|gab` writes for judge runs, so one
tracker charts both. Exit 2 on a bad argument, 66 when no result is found (a folder
without any `new/estimates.json`), 65 when a result file is not criterion's JSON.

Usage: benches/criterion_to_bmf.py [--format bmf|gab] [CRITERION_DIR]
       (CRITERION_DIR defaults to target/criterion)
"""

import argparse
import json
import os
import sys


def results(root):
    """Yield (full id, estimates dict, path) for every benchmark under root, sorted."""
    found = []
    for dirpath, _dirnames, filenames in os.walk(root):
        if os.path.basename(dirpath) != "new" or "estimates.json" not in filenames:
            continue
        est_path = os.path.join(dirpath, "estimates.json")
        bench_path = os.path.join(dirpath, "benchmark.json")
        try:
            with open(est_path, encoding="utf-8") as f:
                estimates = json.load(f)
            if os.path.exists(bench_path):
                with open(bench_path, encoding="utf-8") as f:
                    full_id = json.load(f)["full_id"]
            else:
                full_id = os.path.relpath(os.path.dirname(dirpath), root)
            mean = estimates["mean"]
            float(mean["point_estimate"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise BadResult(f"{est_path}: not a criterion result ({e.__class__.__name__}: {e})")
        found.append((full_id, estimates, est_path))
    found.sort(key=lambda r: r[0])
    return found


class BadResult(Exception):
    pass


def interval(stat):
    ci = stat.get("confidence_interval") or {}
    return ci.get("lower_bound"), ci.get("upper_bound")


def to_bmf(found):
    doc = {}
    for full_id, est, _ in found:
        mean = est["mean"]
        metric = {"value": float(mean["point_estimate"])}
        lo, hi = interval(mean)
        if lo is not None and hi is not None:
            metric["lower_value"] = float(lo)
            metric["upper_value"] = float(hi)
        doc[full_id] = {"latency": metric}
    return doc


def to_gab(found):
    out = []
    for full_id, est, _ in found:
        mean = est["mean"]
        entry = {"name": full_id, "unit": "ns", "value": float(mean["point_estimate"])}
        lo, hi = interval(mean)
        if lo is not None and hi is not None:
            entry["range"] = f"± {(float(hi) - float(lo)) / 2:.1f}"
        median = est.get("median", {}).get("point_estimate")
        if median is not None:
            entry["extra"] = f"median {float(median):.1f} ns"
        out.append(entry)
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=["bmf", "gab"], default="bmf")
    parser.add_argument("criterion_dir", nargs="?", default="target/criterion")
    args = parser.parse_args(argv)
    try:
        found = results(args.criterion_dir)
    except BadResult as e:
        print(f"criterion_to_bmf: {e}", file=sys.stderr)
        return 65
    if not found:
        print(
            f"criterion_to_bmf: no criterion results (new/estimates.json) under "
            f"{args.criterion_dir}: run `cargo bench` first",
            file=sys.stderr,
        )
        return 66
    doc = to_bmf(found) if args.format == "bmf" else to_gab(found)
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
