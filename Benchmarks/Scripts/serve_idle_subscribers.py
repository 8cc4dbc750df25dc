"""The cost of a write with idle alerts subscribers (issue 43).

Usage: python3 serve_idle_subscribers.py PETSPOT [COUNTS] [POSTS]   (prints a markdown section)

One `petspot serve` (release, a fresh SQLite store, no rate limit). For each count of
subscribers (0, 2,000, 10,000) and each kind of subscriber — watching another town (Sydney,
5 km: a report in Warsaw is none of their business) and watching every change (no `near`: each
report is written to every one of them) — this opens that many `GET /v1/reports/updates`
connections on raw sockets, reads their `: connected` and then never reads again (idle: the
kernel's buffers take what the server writes), and times POSTS reports made one after the
other on one kept connection, paced at 10 a second (a busy lost-pet service gets far fewer),
from the request's first byte to the response's last. Before, each change made every
subscriber query the event log: 2,000 of them made a POST 300-400 times slower.

Each row: p50 and p99 of the POSTs, their ratio to the same run's figure with no subscribers
(goal: p99 within 1.5x), the server's resident memory per subscriber, and the 1-minute load
average when the row was measured.
"""
import os, resource, socket, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_answer import percentile, read_answer
from nmea_feed import free_port, vm

BODY = (b'{"lastSeenDate":"2025-11-18","species":"CAT","gender":"MALE",'
        b'"locationLatitude":52.25,"locationLongitude":21,"phone":"+48123456789",'
        b'"email":"finder@example.com"}')
KINDS = [("another town", "/v1/reports/updates?near=-33.8688,151.2093&km=5"),
         ("every change", "/v1/reports/updates")]


def load():
    return os.getloadavg()[0]


def subscribe(port, path, count):
    sockets = []
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request)
        sockets.append(s)
    for s in sockets:
        s.settimeout(120)
        seen = b""
        while b": connected" not in seen:
            chunk = s.recv(4096)
            if not chunk:
                raise SystemExit("a subscriber was closed before it was connected")
            seen += chunk
        # Idle from now on: a small receive buffer, never read again.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    return sockets


def post_times(port, count):
    connection = socket.create_connection(("127.0.0.1", port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    request = (b"POST /v1/reports/found HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: " + str(len(BODY)).encode() + b"\r\n\r\n" + BODY)
    times = []
    next_at = time.monotonic()
    for _ in range(count):
        now = time.monotonic()
        if now < next_at:
            time.sleep(next_at - now)
        next_at = max(next_at + 0.1, time.monotonic())
        start = time.perf_counter()
        connection.sendall(request)
        answer, _ = read_answer(connection)
        times.append((time.perf_counter() - start) * 1000)
        if not answer.startswith(b"HTTP/1.1 201"):
            raise SystemExit("a POST was not stored: " + answer[:200].decode(errors="replace"))
    connection.close()
    return sorted(times)


def main():
    petspot = sys.argv[1]
    counts = [int(c) for c in (sys.argv[2] if len(sys.argv) > 2 else "0,2000,10000").split(",")]
    posts = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if max(counts) + 100 > hard:
        raise SystemExit(f"{max(counts)} subscribers need more than the open-file limit {hard}")
    work = tempfile.mkdtemp()
    port = free_port()
    server = subprocess.Popen(
        [petspot, "serve", "--port", str(port), "--store", f"sqlite:{work}/reports.sqlite", "--rate-limit", "0",
         "--log-level", "error"], stderr=subprocess.PIPE, start_new_session=True,
        env=dict(os.environ, XDG_DATA_HOME=work))
    try:
        while b"listening on" not in server.stderr.readline():
            pass
        post_times(port, 50)  # warm-up
        rows = []
        base_rss = vm(server.pid, "VmRSS")

        def measure(kind, path, count, baseline):
            sockets = subscribe(port, path, count) if count else []
            rss = vm(server.pid, "VmRSS")
            measured_load = load()
            times = post_times(port, posts)
            p50, p99 = percentile(times, 50), percentile(times, 99)
            rows.append((kind, count, p50, p99, baseline or (p50, p99), (rss - base_rss) / max(count, 1),
                         measured_load))
            for s in sockets:
                s.close()
            time.sleep(2)  # the server notices the closed connections
            return p50, p99

        baseline = measure("none", "", 0, None)
        for kind, path in KINDS:
            for count in [c for c in counts if c > 0]:
                measure(kind, path, count, baseline)
        # The baseline again at the end: how much the machine's load moved during the run.
        measure("none (again, at the end)", "", 0, baseline)
    finally:
        server.kill()
        server.wait()
    print("## `petspot serve`: a write's cost with idle alerts subscribers (issue 43)\n")
    print(f"POST /v1/reports/found, {posts} reports one after another (10 a second) on one kept connection, "
          "from the request's first byte to the answer's last; release build, SQLite store. "
          "Subscribers connect, read their greeting and never read again. Ratios against the same run's "
          "figures with no subscribers; goal: p99 within 1.5x.\n")
    print("| subscribers watch | subscribers | p50 ms | p99 ms | p50 ratio | p99 ratio | server memory per subscriber | load average |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind, count, p50, p99, baseline, per, measured_load in rows:
        ratio50 = p50 / baseline[0] if baseline else float("nan")
        ratio99 = p99 / baseline[1] if baseline else float("nan")
        memory = f"{per / 1024:.1f} KiB" if count else "—"
        print(f"| {kind} | {count:,} | {p50:.2f} | {p99:.2f} | {ratio50:.2f}x | {ratio99:.2f}x | {memory} | "
              f"{measured_load:.2f} |")
    print()


if __name__ == "__main__":
    main()
