#!/usr/bin/env bash
# Where `petspot watch --json` spends its instructions per fix, against `gpspipe -w` on the same
# bytes: a gpsd stand-in (fake_gpsd.py) sends gpsd 3.22's TPV lines in chunks of 200 and waits
# for each chunk to be printed. Per consumer: CPU per fix over 20,000 fixes (no valgrind), and
# under valgrind's callgrind the instructions and malloc calls per fix, as the difference
# between a run of 5,000 fixes and one of 1,000 (start-up and exit cancel out); for watch the
# functions that take the most instructions per fix. The 1-minute load average is beside each
# row. Needs valgrind (skips the callgrind columns without it).
#   PETSPOT=/path/to/petspot bash Benchmarks/Scripts/watch-profile.sh    # no build
#   PETSPOT_BEFORE=/path/to/older/petspot …                              # adds its rows
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(bash Benchmarks/Scripts/petspot-binary.bash)
python3 - "$binary" "${PETSPOT_BEFORE:-}" <<'PY'
import os, re, shutil, subprocess, sys, tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, "Benchmarks/Scripts")
from fake_gpsd import consent_environment, serve

petspot, before = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="petspot-watch-profile-")
env = consent_environment(petspot)
chunk, small, large = 200, 1000, 5000
has_valgrind = shutil.which("valgrind") is not None

def without_debug_info(path, name):
    """A copy without DWARF (symbols kept): valgrind reads it in seconds, not minutes."""
    copy = os.path.join(work, name)
    subprocess.run(["strip", "--strip-debug", "-o", copy, path], check=True)
    return copy

def watch_command(binary, total):
    return lambda port: [binary, "watch", "--json", "--count", str(total), "--gpsd", f"127.0.0.1:{port}"]

def gpspipe_command(total):
    return lambda port: ["gpspipe", "-w", "-n", str(total + 3), f"127.0.0.1:{port}"]

consumers = [("`gpspipe -w`", gpspipe_command, lambda line: b'"class":"TPV"' in line, None)]
consumers.append(("`petspot watch --json`", lambda total: watch_command(petspot, total),
                  lambda line: line.startswith(b'{"latitude"'), petspot))
if before:
    consumers.append(("`petspot watch --json` before", lambda total: watch_command(before, total),
                      lambda line: line.startswith(b'{"latitude"'), before))

def profile(command, is_fix, total, out):
    wrapped = lambda port: ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + command(total)(port)
    serve(wrapped, is_fix, total, chunk, env)
    annotated = subprocess.run(["callgrind_annotate", "--threshold=100", out], capture_output=True,
                               text=True).stdout
    functions = {}
    for line in annotated.splitlines():
        found = re.match(r"^\s*([\d,]+) \([ \d.]+%\)\s+(\S.*)$", line)
        if found and "PROGRAM TOTALS" not in line:
            functions[found.group(2)] = functions.get(found.group(2), 0) + int(found.group(1).replace(",", ""))
    total_ir = int(re.search(r"([\d,]+) \([ \d.]+%\)\s+PROGRAM TOTALS", annotated).group(1).replace(",", ""))
    # Calls to malloc, from the raw file (callee names are compressed to "(id)" after first use).
    names, callee, mallocs = {}, None, 0
    for line in open(out, errors="replace"):
        named = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if named:
            name = names.setdefault(named.group(1), named.group(2) or "")
            if line.startswith("cfn="):
                callee = name
        elif line.startswith("calls=") and callee == "malloc":
            mallocs += int(line.split("=", 1)[1].split()[0])
    return total_ir, mallocs, functions

rows, tops = [], {}
for name, command, is_fix, binary in consumers:
    fixes, seconds, cpu = serve(command(20_000), is_fix, 20_000, chunk, env)
    load = os.getloadavg()[0]
    instructions = mallocs = None
    if has_valgrind:
        profiled = command if binary is None else (
            lambda total, b=without_debug_info(binary, f"profiled-{len(rows)}"): watch_command(b, total))
        runs = [profile(profiled, is_fix, total, os.path.join(work, f"{len(rows)}-{total}.out"))
                for total in (small, large)]
        span = large - small
        instructions = (runs[1][0] - runs[0][0]) / span
        mallocs = (runs[1][1] - runs[0][1]) / span
        if binary is not None:
            tops[name] = {function: (runs[1][2].get(function, 0) - runs[0][2].get(function, 0)) / span
                          for function in runs[1][2]}
    rows.append((name, fixes, cpu / max(fixes, 1) * 1e6, instructions, mallocs, load))
shutil.rmtree(work, ignore_errors=True)

print("## `watch --json` per fix, profiled\n")
print(f"A gpsd stand-in (`Benchmarks/Scripts/fake_gpsd.py`) sends gpsd 3.22's TPV lines in chunks of "
      f"{chunk}, each once the consumer has printed the one before, so both consumers get the same bytes "
      f"in the same pieces. CPU: user + system of the consumer over 20,000 fixes. Instructions and malloc "
      f"calls: valgrind's callgrind, (run of {large:,} fixes − run of {small:,}) ÷ {large - small:,}, so "
      f"start-up and exit cancel out; user space only (a syscall is one instruction here, but costs "
      f"microseconds in the kernel: the end-to-end CPU above is the figure to judge). Load: 1-minute "
      f"average after the row's CPU run.\n")
print("| consumer | fixes | CPU per fix | instructions per fix | malloc calls per fix | load |")
print("|---|---|---|---|---|---|")
for name, fixes, cpu, instructions, mallocs, load in rows:
    count = f"{instructions:,.0f}" if instructions is not None else "—"
    allocations = f"{mallocs:.2f}" if mallocs is not None else "—"
    print(f"| {name} | {fixes:,} | {cpu:.1f} µs | {count} | {allocations} | {load:.1f} |")
for name, functions in tops.items():
    print(f"\n{name}: the functions with the most instructions per fix (self cost)\n")
    print("| instructions per fix | function |")
    print("|---|---|")
    for function, cost in sorted(functions.items(), key=lambda item: -item[1])[:12]:
        short = re.sub(r" \[.*\]$", "", function).replace("???:", "")
        library = re.search(r"\[.*/([^/\]]+)\]$", function)
        print(f"| {cost:,.0f} | `{short[:110]}`{' (' + library.group(1) + ')' if library else ''} |")
PY
