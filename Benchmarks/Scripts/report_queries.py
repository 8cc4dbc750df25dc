"""The finding-pets queries over HTTP, measured: see report-queries.sh for what and why.

Arguments: PETSPOT WORK SQLITE_ROWS POSTGIS_ROWS QUERIES. Prints a Markdown section.
"""
import http.client
import json
import math
import os
import random
import socket
import subprocess
import sys
import time

petspot, work, sqlite_rows, postgis_rows, queries = (
    sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
binaries = "/usr/lib/postgresql/15/bin"
root = os.geteuid() == 0
as_postgres = ["runuser", "-u", "postgres", "--"] if root else []
SPECIES = ["DOG", "CAT", "BIRD"]
TOWNS = []


def place_towns(rows):
    """The towns of a store of `rows` reports: one per QUERY_REPORTS_PER_TOWN (5,000) reports,
    200 at 10^6, so a found place is in about 3,000 search circles whatever the store's size
    (the density is the data's, not the store's); QUERY_TOWNS sets the number instead (200 at
    10^7 is ten times as dense: about 30,000 circles a place). The first towns are always the same."""
    global TOWNS
    count = int(os.environ.get("QUERY_TOWNS") or max(1, rows // int(os.environ.get("QUERY_REPORTS_PER_TOWN", "5000"))))
    generator = random.Random(200)
    TOWNS = [(generator.uniform(-55, 65), generator.uniform(-180, 180)) for _ in range(count)]
    return count


def load():
    return "%.2f" % os.getloadavg()[0]


def run(argv, **kw):
    """Runs argv; a failure ends the script with the command and what it wrote."""
    result = subprocess.run(argv, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        sys.exit("%s failed (%d):\n%s%s" % (" ".join(argv), result.returncode, result.stdout[-2000:],
                                           result.stderr[-2000:]))
    return result


def near_town(generator, spread_km=30.0):
    """A place within about spread_km of one of the towns (longitude wrapped)."""
    lat0, lon0 = TOWNS[generator.randrange(len(TOWNS))]
    lat = max(-89.9, min(89.9, lat0 + generator.gauss(0, spread_km / 3 / 111.2)))
    lon = lon0 + generator.gauss(0, spread_km / 3 / (111.2 * max(0.2, math.cos(math.radians(lat)))))
    lon = (lon + 180) % 360 - 180
    return round(lat, 5), round(lon, 5)


CHUNK = 1_000_000  # rows a file: `reports import` reads files of up to 512 MiB (~1.1 million of these rows)


def import_generated(store, rows, seed, write=True):
    """Generates `rows` reports as JSON Lines (what `petspot reports export` writes) and imports
    them into `store`, a file of CHUNK rows at a time; returns some found and missing ids and the
    seconds the imports took. With write=False it only replays the generator for the ids (a
    store kept from an earlier run holds the same reports)."""
    generator = random.Random(seed)
    found, missing = [], []
    seconds = 0.0
    path = os.path.join(work, "chunk.jsonl")
    for first in range(0, rows, CHUNK):
        with open(path if write else os.devnull, "w") as f:
            for i in range(first, min(rows, first + CHUNK)):
                line = generated(i, generator)
                kind = line["kind"]
                if kind == "found" and len(found) < 4 * queries and generator.random() < 0.5:
                    found.append(line["id"])
                if kind == "missing" and len(missing) < 4 * queries and generator.random() < 0.05:
                    missing.append(line["id"])
                if write:
                    f.write(json.dumps(line, separators=(",", ":")) + "\n")
        if write:
            start = time.perf_counter()
            run(["nice", "-n", "10", petspot, "reports", "import", path, "--store", store])
            seconds += time.perf_counter() - start
            os.remove(path)
    return found, missing, seconds


def generated(i, generator):
    """Report number i: 95 % missing around a town, 5 % found."""
    kind = "found" if i % 20 == 0 else "missing"
    lat, lon = near_town(generator)
    return {
        "id": "r%08d" % i, "kind": kind, "status": "FOUND" if kind == "found" else "ACTIVE",
        "photoUrl": "", "lastSeenDate": "2025-%02d-%02d" % (1 + generator.randrange(12), 1 + generator.randrange(28)),
        "species": SPECIES[generator.randrange(3)], "gender": "FEMALE" if i % 2 else "MALE",
        "breed": None, "description": None, "location": None,
        "locationRadius": None if kind == "found" else round(generator.uniform(0.1, 50), 3),
        "locationLatitude": lat, "locationLongitude": lon, "phone": "+48600%06d" % (i % 10**6),
        "email": None, "microchipNumber": None, "approximateAge": None, "reward": None,
        "ownerTokenHash": None, "photo": None,
    }


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`petspot serve` on the store, until stop()."""

    def __init__(self, store):
        self.port = free_port()
        self.process = subprocess.Popen(
            [petspot, "serve", "--port", str(self.port), "--store", store, "--log-level", "error"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # Ready when it says where it listens (it loads what it needs before that).
        for line in self.process.stdout:
            if "listening on" in line:
                break
        else:
            sys.exit("petspot serve ended before listening")

    def stop(self):
        self.process.terminate()
        self.process.wait(60)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def measure(port, paths):
    """Milliseconds per request, one keep-alive connection, one at a time; 2xx required."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times = []
    for path in paths:
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            sys.exit("GET %s answered %d: %s" % (path, response.status, body[:300]))
    connection.close()
    return times


def section(title, store, rows, found, missing, goal_ms, seed):
    server = Server(store)
    try:
        generator = random.Random(seed)
        places = ["%.5f,%.5f" % near_town(generator, 20) for _ in range(queries)]
        runs = [
            ("`GET /healthz` (baseline)", ["/healthz"] * queries),
            ("`GET /v1/reports/nearby?from=PLACE`", ["/v1/reports/nearby?from=" + p for p in places]),
            ("`GET /v1/reports?near=PLACE` (Near you, 10 a page)", ["/v1/reports?near=" + p for p in places]),
            ("`GET /v1/reports/FOUND/matches`", ["/v1/reports/%s/matches" % generator.choice(found) for _ in places]),
            ("`GET /v1/reports/MISSING/matches`",
             ["/v1/reports/%s/matches" % generator.choice(missing) for _ in places]),
        ]
        print("### %s, %s reports\n" % (title, format(rows, ",")))
        print("| request (%d each, after 100 to warm up) | p50 ms | p99 ms | max ms | p99 ÷ baseline p99 "
              "| goal p99 | load |" % queries)
        print("| --- | ---: | ---: | ---: | ---: | --- | ---: |")
        baseline = None
        for name, paths in runs:
            measure(server.port, paths[:100])
            started = load()
            times = measure(server.port, paths)
            p99 = percentile(times, 99)
            if baseline is None:  # the first row, /healthz
                baseline, goal = p99, ""
            else:
                goal = "< %d ms: %s" % (goal_ms, "met" if p99 < goal_ms else "**missed**")
            print("| %s | %.2f | %.2f | %.2f | %.1f× | %s | %s |"
                  % (name, percentile(times, 50), p99, max(times), p99 / baseline, goal, started))
        print()
    finally:
        server.stop()


print("## Finding pets over HTTP\n")
print("Release `petspot serve`, one keep-alive client (Python's http.client) asking one request at a")
print("time on loopback; the baseline is `GET /healthz` on the same server and connection in the")
print("same run. The 1-minute load average when each row started is beside it.\n")

if sqlite_rows > 0:
    path = os.path.join(work, "reports.sqlite")
    towns = place_towns(sqlite_rows)
    found, missing, seconds = import_generated("sqlite:" + path, sqlite_rows, 32)
    print("SQLite: %s reports around %s towns imported in %.1f s.\n"
          % (format(sqlite_rows, ","), format(towns, ","), seconds))
    section("SQLite", "sqlite:" + path, sqlite_rows, found, missing, 20, 33)

if postgis_rows > 0:
    # QUERY_POSTGIS_DIR keeps the cluster there after the run, and a later run with the same
    # directory (and the same rows and towns) measures it again without loading it.
    cluster = os.environ.get("QUERY_POSTGIS_DIR") or os.path.join(work, "pg")
    kept = os.path.exists(os.path.join(cluster, "loaded"))
    if not kept and os.path.exists(os.path.join(cluster, "data")):
        sys.exit("%s holds a cluster whose load did not finish: remove it and run again" % cluster)
    os.makedirs(cluster, exist_ok=True)
    if root:
        ids = run(["id", "-u", "postgres"]).stdout.split() + run(["id", "-g", "postgres"]).stdout.split()
        os.chown(cluster, *[int(x) for x in ids])
    port = free_port()
    if not kept:
        run(as_postgres + [binaries + "/initdb", "-D", cluster + "/data", "-A", "trust", "-U", "postgres",
                           "--no-sync", "-E", "UTF8"])
    run(as_postgres + [binaries + "/pg_ctl", "-D", cluster + "/data", "-l", cluster + "/log", "-w", "-t", "60", "-o",
                       "-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
                       "-c full_page_writes=off -c shared_buffers=512MB -c max_wal_size=4GB" % (port, cluster),
                       "start"])
    try:
        url = "postgres://postgres@127.0.0.1:%d/reports" % port
        towns = place_towns(postgis_rows)
        if kept:
            found, missing, _ = import_generated(url, postgis_rows, 34, write=False)
            print("PostgreSQL 15 + PostGIS (started for the run: fsync off, 512 MB shared buffers): %s reports "
                  "around %s towns kept in %s from an earlier run.\n" % (format(postgis_rows, ","),
                                                                        format(towns, ","), cluster))
        else:
            run(as_postgres + ["/usr/bin/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "reports"])
            found, missing, seconds = import_generated(url, postgis_rows, 34)
            run(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "reports", "-c",
                 "VACUUM ANALYZE"])
            open(os.path.join(cluster, "loaded"), "w").close()
            print("PostgreSQL 15 + PostGIS (started for the run: fsync off, 512 MB shared buffers): %s reports "
                  "around %s towns imported in %.1f s, then `VACUUM ANALYZE`.\n"
                  % (format(postgis_rows, ","), format(towns, ","), seconds))
        section("PostgreSQL + PostGIS", url, postgis_rows, found, missing, 50, 35)
    finally:
        subprocess.run(as_postgres + [binaries + "/pg_ctl", "-D", cluster + "/data", "-m", "fast", "stop"],
                       capture_output=True)
