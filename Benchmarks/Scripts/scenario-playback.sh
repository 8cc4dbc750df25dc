#!/usr/bin/env bash
# Scenario playback through the CLI (release build): `petspot scenario run` of a generated
# scenario whose app watches a GPX track of 10^4 and 10^5 points (one per 500 ms of virtual
# time), wall-clock seconds per run and the virtual time it stands for. Target: 10^5 events
# under 10 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product petspot >&2
petspot="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$petspot" "$work" <<'PY'
import subprocess, sys, time
petspot, work = sys.argv[1], sys.argv[2]
print("## Scenario playback through the CLI\n")
print("`petspot scenario run` (release) of a scenario whose app watches a GPX track, one point per")
print("500 ms of virtual time; each run's transcript has two lines per point.\n")
print("| events | virtual time | wall clock | events/s |")
print("|---|---|---|---|")
for count in (10_000, 100_000):
    with open(f"{work}/track.gpx", "w") as gpx:
        gpx.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1"><trk><trkseg>\n')
        for index in range(count):
            gpx.write('<trkpt lat="%.4f" lon="21.0122"/>\n' % (52 + (index % 1000) / 10_000))
        gpx.write("</trkseg></trk></gpx>\n")
    hours = count // 7200 + 1
    with open(f"{work}/track.yaml", "w") as scenario:
        scenario.write("title: generated track\nauthorization: authorizedWhenInUse\ntimeline:\n")
        scenario.write("  - track: {file: track.gpx, interval: 500ms, accuracy: 5}\n")
        scenario.write(f"consumer:\n  - watch: {{for: {hours}h}}\nexpect:\n  - fixes: {count}\n")
    start = time.perf_counter()
    result = subprocess.run([petspot, "scenario", "run", f"{work}/track.yaml"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0 or "all 1 passed" not in result.stdout:
        sys.exit(f"the {count}-point scenario did not play: {result.stderr}")
    print(f"| {count:,} | {count / 2 / 3600:.1f} h | {wall:.2f} s | {count / wall:,.0f} |")
PY
