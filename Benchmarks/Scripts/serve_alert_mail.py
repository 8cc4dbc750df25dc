"""Alerts by mail at scale (issue 45).

Usage: python3 serve_alert_mail.py PETSPOT [SUBSCRIPTIONS] [REPORTS] [SECONDS] [BASELINE]
(prints a markdown section)

One `petspot serve` (release, a fresh SQLite store, no rate limit) with mail on, sending to a
real SMTP server (Sources/MailTestSupport/smtp_server.py, python3-aiosmtpd) that keeps every
mail. First BASELINE found reports are posted with no subscription (10 a second, one kept
connection, from the request's first byte to the answer's last). Then SUBSCRIPTIONS confirmed
subscriptions, each its own address, centres spread over Poland's bounding box, radii 1 to 10
km, every kind and species, are written into the store's `subscription` table (the one way to
have 10,000 confirmed without 10,000 confirmation mails; the columns are SQLiteSchema's v9), and
REPORTS found dogs at random places in the same box are posted evenly over SECONDS. A thread
reads the outbox every 20 ms (SQLite's WAL lets it read while the server writes) and notes
when each area alert (`alert.*`, its card link naming its report) first appears: its queue
delay is that time less the time its report's POST was answered. Then the baseline again,
with the subscriptions removed, for how much the machine's load moved.

Checks: every due alert was queued — the count lies between the pairs whose haversine
distance is inside 99.4 % of the radius and those inside 100.6 % (the server measures on the
ellipsoid; haversine is within 0.5 % of it) — and no alert named a report twice for one
subscription.
"""
import math, os, random, re, socket, sqlite3, subprocess, sys, tempfile, threading, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_answer import percentile, read_answer
from nmea_feed import free_port

HERE = os.path.dirname(os.path.abspath(__file__))
SMTP_SERVER = os.path.join(HERE, "..", "..", "Sources", "MailTestSupport", "smtp_server.py")
BOX = (49.0, 54.8, 14.1, 24.1)  # Poland: latitudes, longitudes


def load():
    return os.getloadavg()[0]


def haversine(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(min(1.0, h)))


def body(latitude, longitude):
    return (b'{"lastSeenDate":"2025-11-18","species":"DOG","gender":"MALE","locationLatitude":%.6f,'
            b'"locationLongitude":%.6f,"phone":"+48123456789","email":"finder@example.com"}' % (latitude, longitude))


class Poster:
    """POSTs found reports on one kept connection; each answer's time and the report's id."""

    def __init__(self, port):
        self.connection = socket.create_connection(("127.0.0.1", port))
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def post(self, latitude, longitude):
        payload = body(latitude, longitude)
        request = (b"POST /v1/reports/found HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                   b"Content-Length: " + str(len(payload)).encode() + b"\r\n\r\n" + payload)
        start = time.perf_counter()
        self.connection.sendall(request)
        head, rest = read_answer(self.connection)
        answer = head
        answered = time.perf_counter()
        if not answer.startswith(b"HTTP/1.1 201"):
            raise SystemExit("a POST was not stored: " + answer[:300].decode(errors="replace"))
        report = re.search(rb'"id":"([^"]+)"', rest).group(1).decode()
        return (answered - start) * 1000, answered, report


def paced(poster, places, seconds):
    """Posts `places` evenly over `seconds`; the POST times and each report's answer time."""
    times, answered = [], {}
    interval = seconds / max(len(places), 1)
    next_at = time.perf_counter()
    for latitude, longitude in places:
        now = time.perf_counter()
        if now < next_at:
            time.sleep(next_at - now)
        next_at = max(next_at + interval, time.perf_counter())
        ms, at, report = poster.post(latitude, longitude)
        times.append(ms)
        answered[report] = (at, (latitude, longitude))
    return times, answered


class OutboxWatch(threading.Thread):
    """Notes when each area alert first appears in the outbox."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path = path
        self.seen = {}  # mail id -> (report id, recipient, first seen)
        self.stop = threading.Event()

    def run(self):
        database = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)
        last = 0
        while not self.stop.is_set():
            rows = database.execute(
                "SELECT rowid, id, recipient, text FROM outbox_mail WHERE rowid > ? ORDER BY rowid", (last,)).fetchall()
            now = time.perf_counter()
            for rowid, mail, recipient, text in rows:
                last = max(last, rowid)
                if mail.startswith("alert."):
                    report = re.search(r"/pets/([A-Za-z0-9_.~-]+)", text).group(1)
                    self.seen.setdefault(mail, (report, recipient, now))
            time.sleep(0.02)
        database.close()


def main():
    petspot = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    reports = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 600
    baseline_count = int(sys.argv[5]) if len(sys.argv) > 5 else 300
    random.seed(45)
    work = tempfile.mkdtemp()
    mails = os.path.join(work, "mails")
    os.mkdir(mails)
    smtp = subprocess.Popen(["/usr/bin/python3", SMTP_SERVER, mails], stdout=subprocess.PIPE, stdin=subprocess.PIPE,
                            start_new_session=True)
    smtp_port = int(smtp.stdout.readline().split()[1])
    store = f"{work}/reports.sqlite"
    port = free_port()
    server = subprocess.Popen(
        [petspot, "serve", "--port", str(port), "--store", f"sqlite:{store}", "--rate-limit", "0",
         "--smtp", f"smtp://127.0.0.1:{smtp_port}", "--mail-from", "alerts@petspot.test",
         "--public-url", "http://petspot.test", "--log-level", "error"],
        stderr=subprocess.PIPE, start_new_session=True, env=dict(os.environ, XDG_DATA_HOME=work))
    rows = []
    try:
        while b"listening on" not in server.stderr.readline():
            pass
        poster = Poster(port)
        far = [(random.uniform(-40, -30), random.uniform(-70, -60)) for _ in range(50)]
        paced(poster, far, 5)  # warm-up, far from Poland

        def baseline(name):
            places = [(random.uniform(*BOX[:2]), random.uniform(*BOX[2:])) for _ in range(baseline_count)]
            measured = load()
            times, _ = paced(poster, places, baseline_count / 10)
            rows.append((name, 0, times, measured))
            return times

        first = baseline("none")
        subscriptions = []
        database = sqlite3.connect(store, timeout=30)
        created = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(time.time() - 3600))
        with database:
            for index in range(count):
                centre = (random.uniform(*BOX[:2]), random.uniform(*BOX[2:]))
                radius = random.uniform(1000, 10000)
                subscriptions.append((centre, radius))
                database.execute(
                    "INSERT INTO subscription (id, email, latitude, longitude, radius_m, kinds, species, token, "
                    "created_at, confirmed_at) VALUES (?, ?, ?, ?, ?, 'found,missing', '', ?, ?, ?)",
                    (f"bench-{index:05d}", f"s{index}@example.org", centre[0], centre[1], radius,
                     f"token-{index:05d}-{random.getrandbits(64):016x}", created, created))
        watch = OutboxWatch(store)
        watch.start()
        places = [(random.uniform(*BOX[:2]), random.uniform(*BOX[2:])) for _ in range(reports)]
        measured = load()
        times, answered = paced(poster, places, seconds)
        rows.append(("10,000 subscriptions" if count == 10000 else f"{count:,} subscriptions", count, times,
                     measured))
        # Until the planner has read every event and nothing new came for 3 s.
        settled, last = time.perf_counter(), -1
        while time.perf_counter() - settled < 3:
            now = len(watch.seen)
            if now != last:
                settled, last = time.perf_counter(), now
            time.sleep(0.2)
        cursor = database.execute("SELECT max(sequence) FROM mail_cursor").fetchone()[0]
        latest = database.execute("SELECT max(sequence) FROM report_event").fetchone()[0]
        watch.stop.set()
        watch.join()
        with database:
            database.execute("DELETE FROM subscription WHERE id LIKE 'bench-%'")
        baseline("none (again, at the end)")
        sent = len([name for name in os.listdir(mails) if name.startswith("mail-")])
    finally:
        server.kill()
        server.wait()
        smtp.stdin.close()
        smtp.wait()

    delays = [max(0.0, seen - answered[report][0]) * 1000 for report, _, seen in watch.seen.values()
              if report in answered]
    pairs = [(place, sub) for _, (_, place) in answered.items() for sub in subscriptions]
    low = sum(1 for place, (centre, radius) in pairs if haversine(place, centre) <= radius * 0.994)
    high = sum(1 for place, (centre, radius) in pairs if haversine(place, centre) <= radius * 1.006)
    alerts = len(delays)
    twice = alerts - len({(report, recipient) for report, recipient, _ in watch.seen.values()})
    base50, base99 = percentile(first, 50), percentile(first, 99)

    print("## `petspot serve`: alerts by mail at scale (issue 45)\n")
    print(f"{count:,} confirmed subscriptions (each its own address, centres over Poland, radii 1–10 km) and "
          f"{reports:,} found reports posted evenly over {seconds:.0f} s; release build, SQLite store, a real SMTP "
          "server. POSTs from the request's first byte to the answer's last on one kept connection; ratios "
          "against the same run's row with no subscriptions (goal: p99 within 1.5x).\n")
    print("| subscriptions | reports | POST p50 ms | POST p99 ms | p50 ratio | p99 ratio | load average |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, _, times, measured in rows:
        p50, p99 = percentile(times, 50), percentile(times, 99)
        print(f"| {name} | {len(times):,} | {p50:.2f} | {p99:.2f} | {p50 / base50:.2f}x | {p99 / base99:.2f}x | "
              f"{measured:.2f} |")
    print()
    print(f"Area alerts queued: **{alerts:,}** (due by haversine: {low:,} to {high:,}; "
          f"{'all there' if low <= alerts <= high else 'NOT all there'}); the same alert twice: {twice}; "
          f"mail cursor {cursor} of {latest} events; mails the SMTP server had taken by the end: {sent:,}.\n")
    print("| queue delay after the report's answer | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|")
    print(f"| area alerts ({alerts:,}) | {percentile(delays, 50):.1f} | {percentile(delays, 99):.1f} | "
          f"{max(delays) if delays else float('nan'):.1f} |")
    print("\nThe delay includes up to 20 ms of the watcher's polling. Goal: p99 under 1,000 ms.\n")
    if not (low <= alerts <= high) or twice or cursor != latest:
        sys.exit(1)


if __name__ == "__main__":
    main()
