#!/usr/bin/env bash
# CLI start-up: `petspot validate …` (release build with the Swift runtime and Foundation linked
# statically, `--static-swift-stdlib`, as README installs it) against a Swift program that only
# imports Foundation and prints one line, built in this run twice: with `-static-stdlib` (the
# baseline of issue 48: both static) and without (the dynamic Swift runtime and Foundation, the
# baseline of earlier rounds); `true` and `python3 -c pass` for scale. The commands take turns,
# 100 rounds; per command the median and p90 wall clock, the median CPU time (user + system of
# the child, from wait4: less sensitive than the wall clock to a busy machine) and the median
# 1-minute load average right after its runs; and, with valgrind, the instructions of one run
# (callgrind: the same count on a busy machine as on a quiet one). Target: petspot ≤ 1.1× the
# static Foundation-only program.
#   PETSPOT=/path/to/petspot bash Benchmarks/Scripts/cli-startup.sh        # no build
#   PETSPOT_BEFORE=/path/to/older/petspot …                                # adds its rows
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(bash Benchmarks/Scripts/petspot-binary.bash)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/foundation-only.swift" <<'SWIFT'
import Foundation
print(CommandLine.arguments.count > 5 ? "x" : "Latitude:  52.22970")
SWIFT
swiftc -O -static-stdlib "$work/foundation-only.swift" -o "$work/foundation-only-static" >&2
swiftc -O "$work/foundation-only.swift" -o "$work/foundation-only" >&2
python3 - "$binary" "$work" "${PETSPOT_BEFORE:-}" <<'PY'
import json, os, re, shutil, subprocess, sys, time, statistics
petspot, work, before = sys.argv[1], sys.argv[2], sys.argv[3]
static_name, dynamic_name = "Swift, import Foundation only (static)", "Swift, import Foundation only (dynamic)"
commands = [("petspot validate 52.2297,21.0122", [petspot, "validate", "52.2297,21.0122"])]
if before:
    commands.append(("petspot validate 52.2297,21.0122 (before)", [before, "validate", "52.2297,21.0122"]))
commands += [
    ("petspot validate --json --latitude 52.2297 --longitude 21.0122",
     [petspot, "validate", "--json", "--latitude", "52.2297", "--longitude", "21.0122"]),
    ("petspot distance (loads PROJ)", [petspot, "distance", "52.2297,21.0122", "50.0647,19.945"]),
    (static_name, [os.path.join(work, "foundation-only-static")]),
    (dynamic_name, [os.path.join(work, "foundation-only")]),
    ("true", ["true"]),
    ("python3 -c pass", ["python3", "-c", "pass"]),
]
wall = {name: [] for name, _ in commands}
cpu = {name: [] for name, _ in commands}
load = {name: [] for name, _ in commands}
for _ in range(100):
    for name, argv in commands:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        wall[name].append((time.perf_counter() - start) * 1000)
        cpu[name].append((usage.ru_utime + usage.ru_stime) * 1000)
        load[name].append(os.getloadavg()[0])

def instructions(argv):
    """User-space instructions of one run (valgrind's callgrind), or None without valgrind. A
    petspot binary is counted as a copy without its DWARF, which valgrind 3.19 cannot read."""
    if not shutil.which("valgrind"):
        return None
    if argv[0] in (petspot, before):
        copy = os.path.join(work, f"counted-{os.path.basename(argv[0])}-{len(argv)}")
        subprocess.run(["strip", "--strip-debug", "-o", copy, argv[0]], check=True)
        argv = [copy, *argv[1:]]
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    return int(found.group(1)) if found else None

counted = {name: instructions(argv) for name, argv in commands if not name.startswith("python3")}
base_cpu = statistics.median(cpu[static_name])
dynamic_cpu = statistics.median(cpu[dynamic_name])
base_instructions = counted.get(static_name)
print("## CLI start-up\n")
print("Each command run 100 times, taking turns, output discarded: median and p90 wall clock, median CPU")
print("time (user + system) per run, and the median 1-minute load average right after its runs. The")
print("baselines are a Swift program that only imports Foundation and prints a line, built in the")
print("same run with `-static-stdlib` (as petspot is built: the baseline of the target) and without")
print("(the Swift runtime and Foundation loaded as shared libraries, the baseline of earlier")
print("rounds). Instructions: one run under valgrind's callgrind (user space, the same on a busy")
print("machine as on a quiet one). Target: `petspot validate` ≤ 1.1× the static baseline.\n")
print("| command | median wall | p90 wall | median CPU | CPU ÷ static | CPU ÷ dynamic | instructions | "
      "instructions ÷ static | load |")
print("|---|---|---|---|---|---|---|---|---|")
for name, _ in commands:
    samples = sorted(wall[name])
    cpu_median = statistics.median(cpu[name])
    count = counted.get(name)
    count_text = f"{count / 1e6:.1f} M" if count else "—"
    ratio_text = f"{count / base_instructions:.2f}×" if count and base_instructions else "—"
    print(f"| `{name}` | {statistics.median(samples):.2f} ms | {samples[89]:.2f} ms | {cpu_median:.2f} ms | "
          f"{cpu_median / base_cpu:.2f}× | {cpu_median / dynamic_cpu:.2f}× | {count_text} | {ratio_text} | "
          f"{statistics.median(load[name]):.1f} |")
print(f"\nLoad average (1 min) at the end of the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.")
validate = commands[0][0]
validate_cpu = statistics.median(cpu[validate])
# Read by scripts/performance-report into the table of speed goals.
print("\n<!-- goal: " + json.dumps({
    "what": "`petspot validate` start-up, CPU (instructions in the note)",
    "ours": f"{validate_cpu:.2f} ms" + (f", {counted[validate] / 1e6:.1f} M instr." if counted.get(validate) else ""),
    "baseline": f"static Foundation-only: {base_cpu:.2f} ms"
    + (f", {base_instructions / 1e6:.1f} M instr." if base_instructions else ""),
    "ratio": round(validate_cpu / base_cpu, 2), "goal": "≤ 1.1×", "met": validate_cpu / base_cpu <= 1.1,
    "load": f"{min(load[validate]):.1f}–{max(load[validate]):.1f}"}) + " -->")
print("\n`petspot validate` with its everyday arguments is read without swift-argument-parser")
print("(`QuickValidate`); PROJ and libgps are opened with dlopen at their first use (`distance`")
print("pays for PROJ's ~40 libraries then, `validate` never); the Swift runtime and Foundation are")
print("linked in. `Docs/CLI.md` (Start-up) says where the time went and what each change saved.")
PY
