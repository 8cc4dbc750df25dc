#!/usr/bin/env bash
# `petspot serve` throughput with wrk: /v1/coordinates/validate and /v1/geodesy/distance
# against the bare /healthz route, on the same server in the same run (release build).
# Each route is loaded for DURATION seconds (10) with CONNECTIONS connections (16) on one wrk
# thread, /healthz before and after the others; the table gives requests/s, non-2xx answers
# and the ratio to /healthz (the mean of its two runs). Target: ≥ 0.8×, zero non-2xx.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-10}
connections=${CONNECTIONS:-16}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk (scripts/install-deps)" >&2; exit 1; }
swift build -c release --static-swift-stdlib --product petspot >&2
petspot="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
log=$(mktemp)
"$petspot" serve --port 0 --log-level warning 2>"$log" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q "listening on" "$log" && break; sleep 0.1; done
base=$(sed -n 's/^petspot: listening on \(http:[^ ]*\)$/\1/p' "$log" | head -1)
[ -n "$base" ] || { cat "$log" >&2; exit 1; }

run() {  # prints "requests/s non2xx"
  local output
  output=$(wrk -t1 -c"$connections" -d"${duration}s" "$base$1")
  local rps non2xx
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$output")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<<"$output")
  echo "$rps ${non2xx:-0}"
}

routes=(
  "/healthz"
  "/v1/coordinates/validate?pair=52.2297,21.0122"
  "/v1/geodesy/distance?from=52.2297,21.0122&to=51.5074,-0.1278"
  "/healthz"
)
results=()
for route in "${routes[@]}"; do results+=("$(run "$route")"); done
python3 - "$duration" "$connections" "${routes[@]}" -- "${results[@]}" <<'PY'
import sys
args = sys.argv[1:]
duration, connections = args[0], args[1]
split = args.index("--")
routes, results = args[2:split], [r.split() for r in args[split + 1:]]
health = (float(results[0][0]) + float(results[-1][0])) / 2
print("## `petspot serve` throughput (wrk)\n")
print(f"wrk, 1 thread, {connections} connections, {duration} s per route, release build, loopback.\n")
print("| route | requests/s | non-2xx | ratio to /healthz |")
print("|---|---|---|---|")
for route, (rps, non2xx) in zip(routes, results):
    print(f"| `{route}` | {float(rps):.0f} | {non2xx} | {float(rps) / health:.2f}× |")
PY
