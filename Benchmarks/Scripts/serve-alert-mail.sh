#!/usr/bin/env bash
# `petspot serve`: alerts by mail at scale (issue 45). 10,000 confirmed subscriptions and 1,000
# reports over 10 minutes: how long after its report each due alert is queued (goal: p99 under
# 1 s), and the POST's cost against the same run's figures with no subscriptions (goal: p99
# within 1.5x), the load average beside each row. Release build, SQLite store, a real SMTP
# server (python3-aiosmtpd). See serve_alert_mail.py.
#   REPORTS=200 SECONDS_=60 bash Benchmarks/Scripts/serve-alert-mail.sh   # a shorter run
#   PETSPOT=/path/to/petspot measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(bash Benchmarks/Scripts/petspot-binary.bash)
exec python3 Benchmarks/Scripts/serve_alert_mail.py "$binary" "${SUBSCRIPTIONS:-10000}" "${REPORTS:-1000}" \
    "${SECONDS_:-600}" "${BASELINE:-300}"
