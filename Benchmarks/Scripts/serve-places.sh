#!/usr/bin/env bash
# `petspot serve`: GET /v1/places?q= and /v1/places/nearest (issue 46: p99 under 2 ms), beside
# /healthz in the same run, with the load average. Release build. See serve_places.py.
#   REQUESTS=500 bash Benchmarks/Scripts/serve-places.sh     # a shorter run
#   PETSPOT=/path/to/petspot measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(bash Benchmarks/Scripts/petspot-binary.bash)
exec python3 Benchmarks/Scripts/serve_places.py "$binary" "${REQUESTS:-2000}"
