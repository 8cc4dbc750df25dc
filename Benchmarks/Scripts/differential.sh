#!/usr/bin/env bash
# The differential tests of issue 32 at its size: Near you (NearestReportsTests) and the
# possible matches (ReportMatchingTests) from SQLite, PostgreSQL + PostGIS (started by the tests)
# and the brute-force reference over 100,000 generated reports and about 1,000 queries each
# (the suite runs them with 6,000 and 3,000 reports). Every answer must be identical: same ids,
# same order, metres within 1 mm; a difference fails the run.
# DIFFERENTIAL_REPORTS: another number of reports.
set -euo pipefail
cd "$(dirname "$0")/../.."
reports=${DIFFERENTIAL_REPORTS:-100000}
swift build --build-tests >&2
started=$(date +%s)
load=$(cut -d' ' -f1 /proc/loadavg)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! CI=true PETSPOT_DIFFERENTIAL_REPORTS=$reports swift test --skip-build \
    --filter 'NearestReportsTests|ReportMatchingTests' >"$log" 2>&1; then
    cat "$log" >&2
    echo "differential: a store disagreed with the reference (above)" >&2
    exit 1
fi
echo "## Differential: Near you and matches at $reports reports"
echo
echo "\`PETSPOT_DIFFERENTIAL_REPORTS=$reports\`: SQLite, PostgreSQL + PostGIS and the brute-force"
echo "reference gave identical answers (ids, order, metres within 1 mm) to every query:"
echo
grep -E "queries over|match queries" "$log" | sed 's/^/- /'
echo
echo "$(($(date +%s) - started)) s (debug build), load average $load at the start, $(cut -d' ' -f1 /proc/loadavg) at the end."
echo
