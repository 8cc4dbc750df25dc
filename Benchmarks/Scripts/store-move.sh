#!/usr/bin/env bash
# Moving a store (issue 34), with the release petspot against PostgreSQL 15 + PostGIS started
# for the run (initdb, pg_ctl; as the postgres user when root):
#   1. `reports copy` SQLite → PostgreSQL of MOVE_COPY_ROWS reports against `psql \copy` of the
#      same rows (every column, radius band included) into the same schema: the ratio of the
#      two rates, measured in the same run. Goal: ≥ 0.5.
#   2. `reports export` → `import` round trips of MOVE_ROUND_TRIP_ROWS reports with every field
#      and half of them with a photo: SQLite → PostgreSQL → SQLite, each export compared byte for
#      byte with the first (every field and photo identical).
# Sizes (environment): MOVE_COPY_ROWS (default 1000000), MOVE_ROUND_TRIP_ROWS (default 100000);
# MOVE_PETSPOT: a petspot binary to use instead of building the release one.
# A quick run: MOVE_COPY_ROWS=100000 MOVE_ROUND_TRIP_ROWS=10000 bash scripts/benchmarks store-move
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${MOVE_PETSPOT:-}" ]; then
    petspot=$MOVE_PETSPOT   # a petspot already built (a try of the script, not a measurement)
else
    swift build -c release --static-swift-stdlib --product petspot >&2
    petspot="$(swift build -c release --static-swift-stdlib --show-bin-path)/petspot"
fi
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
python3 - "$petspot" "$work" "${MOVE_COPY_ROWS:-1000000}" "${MOVE_ROUND_TRIP_ROWS:-100000}" <<'PY'
import base64, hashlib, json, math, os, random, socket, sqlite3, struct, subprocess, sys, time, zlib
petspot, work, copy_rows, round_rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
binaries = "/usr/lib/postgresql/15/bin"
root = os.geteuid() == 0
as_postgres = ["runuser", "-u", "postgres", "--"] if root else []

def load():
    return "%.2f" % os.getloadavg()[0]

def run(argv, **kw):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kw)

def timed(argv, stdin=None):
    start = time.perf_counter()
    result = subprocess.run(["nice", "-n", "10"] + argv, stdin=stdin, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(argv), result.returncode, result.stderr))
    return elapsed, result

# PostgreSQL for the run, on a free loopback port (fsync off for both sides alike).
cluster = os.path.join(work, "pg")
os.mkdir(cluster)
if root:
    os.chown(cluster, *[int(x) for x in run(["id", "-u", "postgres"]).stdout.split() + run(["id", "-g", "postgres"]).stdout.split()])
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
run(as_postgres + [binaries + "/initdb", "-D", cluster + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
run(as_postgres + [binaries + "/pg_ctl", "-D", cluster + "/data", "-l", cluster + "/log", "-w", "-t", "60", "-o",
    "-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    % (port, cluster), "start"])
try:
    def database(name):
        run(as_postgres + ["/usr/bin/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", name])
        return "postgres://postgres@127.0.0.1:%d/%s" % (port, name)

    print("## Moving a store\n")
    print("Release `petspot`, `nice -n 10`, PostgreSQL 15 + PostGIS on this machine (fsync off for")
    print("every run alike). Each ratio compares two things measured in the same run; the load")
    print("average (1 min) is beside each figure.\n")

    # 1. copy against psql \copy.
    random.seed(34)
    csv_path = os.path.join(work, "places.csv")
    with open(csv_path, "w") as f:
        f.write("id,latitude,longitude,radiusKm\n")
        for i in range(copy_rows):
            f.write("c%07d,%.5f,%.5f,%.2f\n" % (i, random.uniform(-89, 89), random.uniform(-180, 180), random.uniform(0, 50)))
    source = os.path.join(work, "source.sqlite")
    timed([petspot, "reports", "import", csv_path, "--store", "sqlite:" + source])
    # The same rows as psql \copy takes them: every column of the report table, from the file.
    columns = ["id", "kind", "status", "latitude", "longitude", "radius_m", "radius_band", "place", "last_seen_date",
               "species", "breed", "gender", "approximate_age", "microchip_number", "description", "phone", "email",
               "photo_url", "reward", "owner_token_hash"]
    baseline_csv = os.path.join(work, "baseline.csv")
    with sqlite3.connect(source) as db, open(baseline_csv, "w") as out:
        for row in db.execute("SELECT id, kind, status, latitude, longitude, radius_m, place, last_seen_date, species, "
                              "breed, gender, approximate_age, microchip_number, description, phone, email, photo_url, "
                              "reward, owner_token_hash FROM report ORDER BY id"):
            radius = row[5]
            band = "" if radius is None else str(-1 if radius < 1 else min(math.frexp(radius)[1] - 1, 23))
            values = ["" if v is None else str(v) for v in row]
            values.insert(6, band)
            out.write(",".join(values) + "\n")
    os.chmod(work, 0o755)
    os.chmod(baseline_csv, 0o644)
    baseline_url = database("baseline")
    run([petspot, "reports", "list", "--store", baseline_url, "--limit", "1"])  # the schema
    copy = "\\copy report (%s) FROM '%s' CSV" % (", ".join(columns), baseline_csv)
    psql_load = load()
    psql_seconds, _ = timed(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "baseline",
                             "-v", "ON_ERROR_STOP=1", "-c", copy])
    target_url = database("target")
    copy_load = load()
    copy_seconds, result = timed([petspot, "reports", "copy", "--from", "sqlite:" + source, "--to", target_url])
    counted = run(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "target", "-Atc",
                   "SELECT count(*) FROM report"]).stdout.strip()
    assert int(counted) == copy_rows, (counted, result.stdout)
    ratio = psql_seconds / copy_seconds
    print("| %d reports SQLite → PostgreSQL | seconds | rows/s | load |" % copy_rows)
    print("| --- | ---: | ---: | ---: |")
    print("| `psql \\copy` (baseline) | %.2f | %.0f | %s |" % (psql_seconds, copy_rows / psql_seconds, psql_load))
    print("| `petspot reports copy` | %.2f | %.0f | %s |" % (copy_seconds, copy_rows / copy_seconds, copy_load))
    print("\n`reports copy` runs at **%.2f×** the rate of `psql \\copy` (goal ≥ 0.5×); the target holds %s.\n"
          % (ratio, counted))

    # 2. export → import round trips with photos.
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    random.seed(35)
    archive = os.path.join(work, "archive.jsonl")
    with open(archive, "w") as f:
        for i in range(round_rows):
            photo = None
            if i % 2 == 0:
                # A whole PNG (an import checks a photo's structure and takes its metadata out):
                # 1,024 random bytes as its image data, no metadata, so it comes back byte for byte.
                png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
                       + chunk(b"IDAT", random.randbytes(1024)) + chunk(b"IEND", b""))
                photo = {"type": "PNG", "data": base64.b64encode(png).decode()}
            line = {"id": "m%06d" % i, "kind": "missing", "status": "ACTIVE", "photoUrl": "",
                    "lastSeenDate": "2025-11-%02d" % (1 + i % 28), "species": "DOG", "gender": "FEMALE",
                    "breed": "Beagle \u00e9 %d" % i, "description": "Red collar, \"Luna\" %d\nsecond line" % i,
                    "location": "Warsaw %d" % i, "locationRadius": round(random.uniform(0.1, 50), 3),
                    "locationLatitude": round(random.uniform(-89, 89), 5),
                    "locationLongitude": round(random.uniform(-180, 180), 5), "phone": "+48600%06d" % i,
                    "email": "o%d@example.com" % i, "microchipNumber": "%015d" % i, "approximateAge": i % 20,
                    "reward": "%d PLN" % i, "ownerTokenHash": hashlib.sha256(str(i).encode()).hexdigest(),
                    "photo": photo}
            f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    steps = []
    def step(name, argv, stdout=None):
        started_load = load()
        seconds, result = timed(argv)
        if stdout:
            with open(stdout, "w") as out:
                out.write(result.stdout)
        steps.append((name, seconds, started_load))
    first_store, again_store = os.path.join(work, "first.sqlite"), os.path.join(work, "again.sqlite")
    step("import into SQLite", [petspot, "reports", "import", archive, "--store", "sqlite:" + first_store])
    step("export from SQLite", [petspot, "reports", "export", "--store", "sqlite:" + first_store], work + "/a.jsonl")
    round_url = database("round")
    step("import into PostgreSQL", [petspot, "reports", "import", work + "/a.jsonl", "--store", round_url])
    step("export from PostgreSQL", [petspot, "reports", "export", "--store", round_url], work + "/b.jsonl")
    step("import into SQLite again", [petspot, "reports", "import", work + "/b.jsonl", "--store", "sqlite:" + again_store])
    step("export from SQLite again", [petspot, "reports", "export", "--store", "sqlite:" + again_store], work + "/c.jsonl")
    a, b, c = (open(work + "/%s.jsonl" % n, "rb").read() for n in "abc")
    lines = a.count(b"\n")
    photos = a.count(b'"photo":{')
    assert lines == round_rows and photos == round_rows // 2 + round_rows % 2, (lines, photos)
    assert a == b, "PostgreSQL's export differs from SQLite's"
    assert a == c, "the SQLite store made from PostgreSQL's export differs"
    print("| %d reports, %d photos (every field set) | seconds | load |" % (lines, photos))
    print("| --- | ---: | ---: |")
    for name, seconds, started_load in steps:
        print("| %s | %.2f | %s |" % (name, seconds, started_load))
    print("\nThe three exports (%.1f MB each) are byte-identical: SQLite → PostgreSQL → SQLite loses no"
          " field and no photo byte.\n" % (len(a) / 1e6))
finally:
    subprocess.run(as_postgres + [binaries + "/pg_ctl", "-D", cluster + "/data", "-m", "immediate", "-w", "stop"],
                   capture_output=True)
PY
