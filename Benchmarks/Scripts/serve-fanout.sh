#!/usr/bin/env bash
# `petspot serve` event-stream fan-out: CLIENTS (1,000) clients on /v1/location/updates over a
# 10 Hz gpsd stream, for DURATION (30) seconds of measured epochs, against `gpspipe -w` on the same gpsd:
# p50/p99 latency feed → client, the p99 the service adds, server memory per client (VmRSS
# with the clients minus with none). Release build. See serve_fanout.py for the method.
#   CLIENTS=200 DURATION=10 bash Benchmarks/Scripts/serve-fanout.sh   # a shorter run
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in gpsd gpspipe; do
    command -v "$tool" >/dev/null || [[ -x /usr/sbin/$tool ]] ||
        { echo "$tool is missing: bash scripts/install-deps --tests" >&2; exit 1; }
done
binary=${PETSPOT:-}
if [[ -z $binary ]]; then
    swift build -c release --static-swift-stdlib --product petspot >&2
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
fi
# The script starts gpsd, the server and gpspipe itself and kills them however it ends.
exec python3 Benchmarks/Scripts/serve_fanout.py "$binary" "${CLIENTS:-1000}" "${DURATION:-30}"
