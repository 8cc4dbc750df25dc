#!/usr/bin/env bash
# CLI start-up: `petspot validate …` (release build with the Swift runtime and Foundation linked
# statically, `--static-swift-stdlib`, as README installs it) against a Swift program that only imports
# Foundation and prints one line (built here with `swiftc -O`, in this run), `true` and
# `python3 -c pass`. The commands take turns, 100 rounds; per command the median and p90 wall
# clock and the median CPU time (user + system of the child, from wait4: less sensitive than
# the wall clock to a busy machine). Target: petspot ≤ 1.5× the Foundation-only program.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product petspot >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/foundation-only.swift" <<'SWIFT'
import Foundation
print(CommandLine.arguments.count > 5 ? "x" : "Latitude:  52.22970")
SWIFT
swiftc -O "$work/foundation-only.swift" -o "$work/foundation-only" >&2
python3 - "$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot" "$work/foundation-only" <<'PY'
import os, subprocess, sys, time, statistics
petspot, baseline = sys.argv[1], sys.argv[2]
commands = [
    ("petspot validate 52.2297,21.0122", [petspot, "validate", "52.2297,21.0122"]),
    ("petspot distance (loads PROJ)", [petspot, "distance", "52.2297,21.0122", "50.0647,19.945"]),
    ("Swift, import Foundation only", [baseline]),
    ("true", ["true"]),
    ("python3 -c pass", ["python3", "-c", "pass"]),
]
wall = {name: [] for name, _ in commands}
cpu = {name: [] for name, _ in commands}
for _ in range(100):
    for name, argv in commands:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        wall[name].append((time.perf_counter() - start) * 1000)
        cpu[name].append((usage.ru_utime + usage.ru_stime) * 1000)
base_wall = statistics.median(wall["Swift, import Foundation only"])
base_cpu = statistics.median(cpu["Swift, import Foundation only"])
print("## CLI start-up\n")
print("Each command run 100 times, taking turns, output discarded. Wall clock per run, and CPU")
print("time (user + system) per run. Ratios are to the Swift program that only imports Foundation,")
print("built in the same run; target: `petspot validate` ≤ 1.5×.\n")
print("| command | median wall | p90 wall | median CPU | ratio wall | ratio CPU |")
print("|---|---|---|---|---|---|")
for name, _ in commands:
    samples = sorted(wall[name])
    median = statistics.median(samples)
    cpu_median = statistics.median(cpu[name])
    print(f"| `{name}` | {median:.2f} ms | {samples[89]:.2f} ms | {cpu_median:.2f} ms | "
          f"{median / base_wall:.2f}× | {cpu_median / base_cpu:.2f}× |")
load = os.getloadavg()[0]
print(f"\nLoad average at the end of the run: {load:.1f} on {os.cpu_count()} cores.")
print("\npetspot opens PROJ and libgps with dlopen at their first use (`distance` pays for PROJ's")
print("~40 libraries then, `validate` never), parses its quick commands without the whole command")
print("tree, and is built with the Swift runtime and Foundation linked in; `Docs/CLI.md` (Start-up)")
print("says where the time went and what each change saved.")
PY
