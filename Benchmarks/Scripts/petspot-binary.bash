#!/usr/bin/env bash
# Prints the path of the release `petspot` a benchmark script measures: $PETSPOT when set,
# else the one `swift build -c release --static-swift-stdlib` builds now (its output on
# stderr). Not a benchmark itself (scripts/benchmarks runs only the *.sh beside it).
#   binary=$(bash Benchmarks/Scripts/petspot-binary.bash)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ -n ${PETSPOT:-} ]]; then
    echo "$PETSPOT"
    exit
fi
swift build -c release --static-swift-stdlib --product petspot >&2
echo "$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
