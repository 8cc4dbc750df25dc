#!/usr/bin/env bash
# CLI start-up: `petspot validate …` (release build) against `true` and `python3 -c pass`,
# each run 100 times in this run; median and p90 wall-clock milliseconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product petspot >&2
python3 - "$(swift build -c release --show-bin-path)/petspot" <<'PY'
import subprocess, sys, time, statistics
petspot = sys.argv[1]
commands = [
    ("petspot validate 52.2297,21.0122", [petspot, "validate", "52.2297,21.0122"]),
    ("true", ["true"]),
    ("python3 -c pass", ["python3", "-c", "pass"]),
]
print("## CLI start-up\n")
print("Each command run 100 times, output discarded (wall clock per run).\n")
print("| command | median | p90 | ratio to `true` (median) |")
print("|---|---|---|---|")
medians = {}
rows = []
for name, argv in commands:
    samples = []
    for _ in range(100):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    medians[name] = statistics.median(samples)
    rows.append((name, medians[name], samples[89]))
for name, median, p90 in rows:
    print(f"| `{name}` | {median:.2f} ms | {p90:.2f} ms | {median / medians['true']:.1f}× |")
PY
