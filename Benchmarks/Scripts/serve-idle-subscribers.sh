#!/usr/bin/env bash
# `petspot serve`: the cost of a write with idle alerts subscribers (issue 43). POST
# /v1/reports/found p50/p99 with 0, 2,000 and 10,000 idle `GET /v1/reports/updates` clients, in
# the same run against the same server (SQLite store), each figure with the load average beside
# it; subscribers that watch another town, and subscribers that watch every change (each POST
# is then written to every one of them). Release build. See serve_idle_subscribers.py.
#   COUNTS=0,500 POSTS=100 bash Benchmarks/Scripts/serve-idle-subscribers.sh   # a shorter run
#   PETSPOT=/path/to/petspot measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(bash Benchmarks/Scripts/petspot-binary.bash)
exec python3 Benchmarks/Scripts/serve_idle_subscribers.py "$binary" "${COUNTS:-0,2000,10000}" "${POSTS:-400}"
