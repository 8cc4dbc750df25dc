#!/usr/bin/env bash
# Memory of the real `petspot watch --json` process over a long gpsd stream: a gpsd reads an
# NMEA feed this script serves (gpsd -N -n -b tcp://…, as in the tests), the feed sends
# 1,000,000 epochs with distinct latitudes in chunks of 1,000, and after each chunk waits until
# watch has printed the chunk's last fix. Peak resident memory (VmHWM) is read from /proc
# after the warm-up, after 10^5 and after 10^6 epochs: flat means no growth with the stream.
#   EPOCHS=200000 bash Benchmarks/Scripts/watch-memory.sh   # a shorter run
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product petspot >&2
python3 - "$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot" "${EPOCHS:-1000000}" <<'PY'
import os, shutil, socket, subprocess, sys, tempfile, threading, time

sys.dont_write_bytecode = True
sys.path.insert(0, "Benchmarks/Scripts")
from nmea_feed import epoch, free_port, vm

petspot, total = sys.argv[1], int(sys.argv[2])
gpsd_path = shutil.which("gpsd") or "/usr/sbin/gpsd"

feed = socket.socket()
feed.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
feed.bind(("127.0.0.1", 0))
feed.listen(1)
gpsd_port = free_port()
gpsd = subprocess.Popen([gpsd_path, "-N", "-n", "-b", "-S", str(gpsd_port),
                         f"tcp://127.0.0.1:{feed.getsockname()[1]}"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
config = tempfile.mkdtemp()
env = dict(os.environ, XDG_CONFIG_HOME=config)
env.pop("PETSPOT_LOCATION_POLICY", None)
watch = None
try:
    feed.settimeout(10)
    connection, _ = feed.accept()
    subprocess.run([petspot, "permission", "grant"], env=env, check=True, stdout=subprocess.DEVNULL)
    watch = subprocess.Popen([petspot, "watch", "--gpsd", f"127.0.0.1:{gpsd_port}", "--json"],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=1 << 16)
    seen = {"latitude": None, "lines": 0}
    changed = threading.Condition()
    def read():
        for line in watch.stdout:
            text = line.decode(errors="replace")
            position = text.find('"latitude":')
            with changed:
                seen["lines"] += 1
                if position >= 0:
                    value = text[position + 11:].lstrip().split(",")[0].split("}")[0].strip().strip('"')
                    try:
                        seen["latitude"] = f"{float(value):.5f}"
                    except ValueError:
                        pass
                changed.notify_all()
    threading.Thread(target=read, daemon=True).start()

    def wait_for(latitude, timeout=60):
        deadline = time.monotonic() + timeout
        with changed:
            while seen["latitude"] != latitude:
                if not changed.wait(max(0.0, deadline - time.monotonic())):
                    raise SystemExit(f"watch did not print {latitude} within {timeout} s")

    # Warm-up: epochs every 20 ms until watch prints a fix, and 20 at least, so gpsd has
    # learned which sentence ends a cycle.
    index, warm = 0, 0
    while True:
        connection.sendall(epoch(index, 1.0).encode())
        index += 1
        warm += 1
        time.sleep(0.02)
        with changed:
            if seen["latitude"] == "1.00000" and warm >= 20:
                break
        if warm > 1500:
            raise SystemExit("watch printed no fix during the warm-up")
    time.sleep(0.3)
    rows = [("after the warm-up", 0, vm(watch.pid, "VmHWM"), vm(watch.pid, "VmRSS"))]
    checkpoints = {100_000, total}
    start = time.monotonic()
    sent = 0
    while sent < total:
        chunk = min(1000, total - sent)
        payload = "".join(epoch(index + i, 10 + (sent + i + 1) * 0.00001) for i in range(chunk))
        connection.sendall(payload.encode())
        index += chunk
        sent += chunk
        wait_for(f"{10 + sent * 0.00001:.5f}")
        if sent in checkpoints:
            rows.append((f"after {sent:,} epochs", sent, vm(watch.pid, "VmHWM"), vm(watch.pid, "VmRSS")))
    elapsed = time.monotonic() - start
    with changed:
        printed = seen["lines"]
finally:
    if watch:
        watch.terminate()
        watch.wait(10)
    os.killpg(gpsd.pid, 9)
    gpsd.wait(10)
    shutil.rmtree(config, ignore_errors=True)

print("## Memory of `petspot watch` over a long gpsd stream\n")
print(f"`petspot watch --gpsd … --json` (release build) against a real gpsd fed {total:,} epochs in "
      f"chunks of 1,000; after each chunk the feed waits for watch to print the chunk's last fix. "
      f"{total:,} epochs in {elapsed:.1f} s ({total / elapsed:,.0f} epochs/s); watch printed "
      f"{printed:,} lines (it skips fixes it is too slow for: newest wins).\n")
print("| point | epochs | peak resident (VmHWM) | resident now (VmRSS) |")
print("|---|---|---|---|")
for name, count, hwm, rss in rows:
    print(f"| {name} | {count:,} | {hwm / 1e6:.1f} MB | {rss / 1e6:.1f} MB |")
if len(rows) >= 3:
    growth = rows[-1][2] / rows[1][2]
    verdict = "flat" if growth <= 1.1 else "**grows**"
    print(f"\nPeak growth from 10^5 to {total:,} epochs: {growth:.2f}× (target ≤ 1.1×: {verdict}).")
PY
