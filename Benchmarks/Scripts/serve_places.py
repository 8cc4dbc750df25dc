"""Town names over HTTP (issue 46: p99 of /v1/places?q= and /v1/places/nearest under 2 ms).

Usage: python3 serve_places.py PETSPOT [REQUESTS]   (prints a markdown section)

One `petspot serve` (release, no store needed, no rate limit). On one kept connection, REQUESTS
requests of each kind one after another — name searches (two-letter prefixes, full names with
and without accents) and nearest towns of random places — timed from the request's first
byte to the answer's last, beside `/healthz` (the server's cheapest answer) as the baseline
of the same run, with the load average. The towns are read at the first request (a warm-up
request first).
"""
import os, random, socket, subprocess, sys, tempfile, time, urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_answer import percentile, read_answer
from nmea_feed import free_port

NAMES = ["Wa", "Kr", "San", "Warsaw", "Krakow", "Kraków", "Łódź", "Lodz", "Piaseczno", "New York", "Paris",
         "Sydney", "Buenos", "Zu", "München", "Sao Paulo"]


def timed(connection, path):
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    start = time.perf_counter()
    connection.sendall(request)
    head, _ = read_answer(connection)
    answer = head
    elapsed = (time.perf_counter() - start) * 1000
    if not answer.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"{path}: " + answer[:200].decode(errors="replace"))
    return elapsed


def main():
    petspot = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    work = tempfile.mkdtemp()
    port = free_port()
    server = subprocess.Popen(
        [petspot, "serve", "--port", str(port), "--rate-limit", "0", "--log-level", "error"],
        stderr=subprocess.PIPE, start_new_session=True, env=dict(os.environ, XDG_DATA_HOME=work))
    rows = []
    try:
        while b"listening on" not in server.stderr.readline():
            pass
        connection = socket.create_connection(("127.0.0.1", port))
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        first = timed(connection, "/v1/places?q=a")
        generator = random.Random(46)
        kinds = [
            ("GET /healthz (baseline)", lambda: "/healthz"),
            ("GET /v1/places?q=NAME", lambda: "/v1/places?q=" + urllib.parse.quote(generator.choice(NAMES))),
            ("GET /v1/places/nearest?near=PAIR", lambda: "/v1/places/nearest?near=%.5f,%.5f" % (
                generator.uniform(-60, 75), generator.uniform(-180, 180))),
        ]
        for _ in range(200):  # warm-up
            for _, path in kinds:
                timed(connection, path())
        for kind, path in kinds:
            measured_load = os.getloadavg()[0]
            times = [timed(connection, path()) for _ in range(count)]
            rows.append((kind, percentile(times, 50), percentile(times, 99), max(times), measured_load))
    finally:
        server.kill()
        server.wait()
    base50, base99 = rows[0][1], rows[0][2]
    print("## `petspot serve`: town names (issue 46)\n")
    print(f"{count} requests of each kind one after another on one kept connection, from the request's first "
          "byte to the answer's last (so the figures include the loopback and this client); release build. "
          f"The first request read the library's towns: {first:.1f} ms. Goal: p99 under 2 ms.\n")
    print("| request | p50 ms | p99 ms | max ms | p50 vs /healthz | p99 vs /healthz | load average |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind, p50, p99, most, measured_load in rows:
        print(f"| {kind} | {p50:.3f} | {p99:.3f} | {most:.3f} | {p50 / base50:.2f}x | {p99 / base99:.2f}x | {measured_load:.2f} |")


main()
