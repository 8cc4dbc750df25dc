#!/usr/bin/env bash
# `petspot serve` throughput with wrk: /v1/coordinates/validate and /v1/geodesy/distance
# against the bare /healthz route, on the same server in the same run (release build).
# After a 2 s warm-up of each route, the routes take turns for ROUNDS (10) rounds of DURATION
# (2) seconds each with CONNECTIONS (16) connections on one wrk thread, in a new random order
# every round, so a change in the machine's load hits every route alike (a fixed order
# made the route after /healthz look half as fast on a busy machine); the table gives each
# route's median requests/s over its rounds, non-2xx answers, socket errors and the ratio of
# the medians to /healthz's. Target: ≥ 0.8×, zero non-2xx. The server's CPU time per request (utime + stime from /proc, over all rounds) is
# beside it: wrk and the server share the cores, so on a busy machine requests/s swing with
# the load while the CPU per request says what a route costs.
# PETSPOT=/path/to/petspot measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-2}
rounds=${ROUNDS:-10}
connections=${CONNECTIONS:-16}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk (scripts/install-deps --tests)" >&2; exit 1; }
petspot=${PETSPOT:-}
if [[ -z $petspot ]]; then
    swift build -c release --static-swift-stdlib --product petspot >&2
    petspot="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
fi
work=$(mktemp -d)
server=
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
"$petspot" serve --port 0 --log-level error 2>"$work/log" &
server=$!
for _ in $(seq 300); do grep -q "listening on" "$work/log" && break; sleep 0.1; done
base=$(sed -n 's/^petspot: listening on \(http:[^ ]*\)$/\1/p' "$work/log" | head -1)
[[ -n $base ]] || { cat "$work/log" >&2; exit 1; }

routes=(
    "/healthz"
    "/v1/coordinates/validate?pair=52.2297,21.0122"
    "/v1/geodesy/distance?from=52.2297,21.0122&to=51.5074,-0.1278"
)
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }  # clock ticks
run() {  # prints "requests non2xx socket-errors seconds cpu-ticks" for one wrk run
    local before
    before=$(cpu)
    wrk -t1 -c"$connections" -d"$2s" "$base$1" | awk '
        /requests in/ { requests = $1; seconds = $4; sub(/s,?$/, "", seconds) }
        /Non-2xx or 3xx responses:/ { non2xx = $NF }
        /Socket errors:/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
        END { printf "%s %d %d %s ", requests, non2xx, errors, seconds }'
    echo $(($(cpu) - before))
}
for route in "${routes[@]}"; do run "$route" 2 >/dev/null; done
for round in $(seq "$rounds"); do
    for index in $(shuf -e "${!routes[@]}"); do echo "$index $(run "${routes[$index]}" "$duration")"; done
done >"$work/runs"
python3 - "$work/runs" "$duration" "$rounds" "$connections" "$(getconf CLK_TCK)" "${routes[@]}" <<'PY'
import os, statistics, sys
runs, duration, rounds, connections, tick = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
routes = sys.argv[6:]
totals = {index: [0, 0, 0, 0.0, 0] for index in range(len(routes))}
rates = {index: [] for index in range(len(routes))}
for line in open(runs):
    index, requests, non2xx, errors, seconds, ticks = line.split()
    total = totals[int(index)]
    total[0] += int(requests); total[1] += int(non2xx); total[2] += int(errors); total[3] += float(seconds)
    total[4] += int(ticks)
    rates[int(index)].append(int(requests) / float(seconds))
rate = {index: statistics.median(values) for index, values in rates.items()}
cost = {index: t[4] / tick / max(t[0], 1) for index, t in totals.items()}  # server CPU seconds per request
print("## `petspot serve` throughput (wrk)\n")
print(f"wrk, 1 thread, {connections} connections, release build, loopback; after a 2 s warm-up of each "
      f"route the routes take turns in a new random order each round, {rounds} rounds of {duration} s "
      f"each; requests/s is the median over the rounds. Load average at the end: "
      f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wrk and the server share them; a shared "
      f"machine: read the ratios).\n")
print("| route | requests/s (median) | non-2xx | socket errors | ratio to /healthz | target ≥ 0.8×, zero non-2xx "
      "| server CPU per request | /healthz's ÷ this |")
print("|---|---|---|---|---|---|---|---|")
for index, route in enumerate(routes):
    requests, non2xx, errors, _, _ = totals[index]
    ratio = rate[index] / rate[0]
    if index == 0:
        met = "baseline" if non2xx == 0 and errors == 0 else "**missed**"
    else:
        met = "met" if ratio >= 0.8 and non2xx == 0 and errors == 0 else "**missed**"
    print(f"| `{route}` | {rate[index]:,.0f} | {non2xx:,} | {errors:,} | {ratio:.2f}× | {met} "
          f"| {cost[index] * 1e6:.1f} µs | {cost[0] / cost[index]:.2f}× |")
PY
