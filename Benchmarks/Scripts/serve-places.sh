#!/usr/bin/env bash
# `petspot serve`: GET /v1/places?q= and /v1/places/nearest (issue 46: p99 under 2 ms), beside
# /healthz in the same run, with the load average. Release build. See serve_places.py.
#   REQUESTS=500 bash Benchmarks/Scripts/serve-places.sh     # a shorter run
#   PETSPOT=/path/to/petspot measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${PETSPOT:-}
if [[ -z $binary ]]; then
    swift build -c release --static-swift-stdlib --product petspot >&2
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
fi
exec python3 Benchmarks/Scripts/serve_places.py "$binary" "${REQUESTS:-2000}"
