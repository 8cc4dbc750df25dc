#!/usr/bin/env bash
# The reports store at scale (release builds, under nice): CSV → SQLite through the CLI
# (`petspot reports import`, wall clock and peak memory), the SQLite-backed start-up (index load
# + one query), the in-process index at 10^5, 10^6 and 10^7 reports, and PostgreSQL + PostGIS
# (COPY import, nearby p50/p99) on a server started for the run. Targets: 10^6 rows import in
# under 2 s; the in-process path loads 10^6 reports in under 2 s; nearby p99 under 50 ms at
# 10^7 on PostGIS. STORE_SIZES overrides the sizes (default "100000 1000000 10000000").
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=${STORE_SIZES:-"100000 1000000 10000000"}
swift build -c release --static-swift-stdlib --product petspot >&2
petspot="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
(cd Benchmarks && swift build -c release --product StoreBench >&2)
bench="$(cd Benchmarks && swift build -c release --show-bin-path)/StoreBench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "## Reports store"
echo
echo "Release builds on this machine, \`nice -n 10\`; every engine answers the same 1,000 found"
echo "places over the same seeded reports (half of the places on top of a report). Times are wall"
echo "clock on a shared 2-core machine; \`cpu\` is user + system time of the process."
echo
python3 - "$petspot" "$work" <<'PY'
import random, resource, subprocess, sys, time
petspot, work = sys.argv[1], sys.argv[2]
random.seed(1)
rows = 1_000_000
with open(f"{work}/reports.csv", "w", newline="") as f:
    f.write("id,latitude,longitude,radiusKm\r\n")
    for i in range(rows):
        f.write(f"r{i:07d},{random.uniform(-89, 89):.5f},{random.uniform(-180, 180):.5f},{random.uniform(0, 50):.2f}\r\n")
def run(arguments):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(["nice", "-n", "10", petspot] + arguments, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"petspot {' '.join(arguments)} failed: {result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024
store = f"sqlite:{work}/r.sqlite"
print("### CLI: CSV → SQLite and the SQLite-backed start-up\n")
print("| what | wall clock | cpu | rows/s (wall) | peak memory |")
print("|---|---|---|---|---|")
wall, cpu, rss = run(["reports", "import", f"{work}/reports.csv", "--store", store])
print(f"| `petspot reports import` 10^6 CSV rows (35 MB, CRLF, header) | {wall:.2f} s | {cpu:.2f} s | {rows / wall:,.0f} | {rss:,.0f} MB |")
wall, cpu, rss = run(["nearby", "--from", "52.2297,21.0122", "--store", store])
print(f"| `petspot nearby` on 10^6 stored reports (open, load the index, one query) | {wall:.2f} s | {cpu:.2f} s | — | {rss:,.0f} MB |")
wall, cpu, rss = run(["nearby", "--from", "52.2297,21.0122", "--reports", f"{work}/reports.csv"])
print(f"| `petspot nearby --reports` the same 10^6 rows as a file (parse and index per call) | {wall:.2f} s | {cpu:.2f} s | — | {rss:,.0f} MB |")
print()
PY
# shellcheck disable=SC2086
nice -n 10 "$bench" inprocess $sizes
# shellcheck disable=SC2086
nice -n 10 "$bench" sqlite $(for size in $sizes; do [ "$size" -le 1000000 ] && echo "$size"; done)
# shellcheck disable=SC2086
nice -n 10 "$bench" postgis $sizes
