#!/usr/bin/env bash
# The finding-pets queries over HTTP (issue 32), with the release petspot serving a store of
# generated reports: `GET /v1/reports/nearby` (the search circles that hold a place),
# `GET /v1/reports?near=` (Near you: the nearest open reports, a page of 10) and
# `GET /v1/reports/ID/matches` (a found report's possible missing ones, and a missing report's
# found ones), each QUERIES times from one keep-alive client, one request at a time, against
#   1. SQLite with QUERY_SQLITE_ROWS reports (default 1,000,000; goal p99 < 20 ms), and
#   2. PostgreSQL 15 + PostGIS (started for the run) with QUERY_POSTGIS_ROWS (default
#      10,000,000; goal p99 < 50 ms).
# The baseline in the same run is `GET /healthz` on the same server and client: the ratio of
# each p99 to its p99 says what the query adds to a request. The 1-minute load average is
# beside each figure.
# The reports: 95 % missing, 5 % found, around a town per 5,000 reports (200 at 10^6, 2,000 at
# 10^7: about 3,000 search circles hold a found place at either size; QUERY_REPORTS_PER_TOWN,
# or QUERY_TOWNS for a number of towns), a town's reports within ~30 km, species DOG/CAT/BIRD,
# dates in 2025, radii 0.1–50 km; the places asked are in the same towns.
# QUERY_PETSPOT: a petspot binary to use instead of building the release one.
# QUERY_POSTGIS_DIR: keep the PostgreSQL cluster in that directory; a later run with the same
#   directory, rows and towns measures it again without loading it (remove it when done).
# A quick run: QUERY_SQLITE_ROWS=100000 QUERY_POSTGIS_ROWS=100000 QUERIES=200 \
#   bash scripts/benchmarks report-queries
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${QUERY_PETSPOT:-}" ]; then
    petspot=$QUERY_PETSPOT
else
    swift build -c release --static-swift-stdlib --product petspot >&2
    petspot="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
fi
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/Scripts/report_queries.py "$petspot" "$work" "${QUERY_SQLITE_ROWS:-1000000}" \
    "${QUERY_POSTGIS_ROWS:-10000000}" "${QUERIES:-1000}"
