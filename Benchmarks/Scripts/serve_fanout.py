"""`petspot serve` event-stream fan-out: CLIENTS clients on `/v1/location/updates` over a
10 Hz gpsd stream, against `gpspipe -w` on the same gpsd.

Usage: python3 serve_fanout.py PETSPOT [CLIENTS] [SECONDS]   (prints a markdown section)

A real gpsd reads an NMEA feed this script serves (`gpsd -N -n -b tcp://…`); the feed sends
one epoch (GGA + RMC, its own latitude) every 100 ms and notes the time it sent it. Every
client — the event-stream clients on raw sockets and `gpspipe -w`'s standard output — is read
by one asyncio loop, and a read is timed when the loop's `epoll` returned it (not when its
callback ran), so the clients are timed the same way and the 1,000th callback of a batch is
not charged for the 999 before it. Latency = that time - the feed's send time, per epoch and
client; "added" compares the event-stream clients' percentiles with gpspipe's.

Server memory per client: VmRSS with CLIENTS clients streaming minus VmRSS with none (after
a warm-up with a few clients), divided by CLIENTS.

Every process this starts is in its own session, killed when this script ends however it
ends, and told by the kernel to die if this script dies first (PR_SET_PDEATHSIG).
"""
import asyncio, ctypes, os, resource, selectors, shutil, signal, socket, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nmea_feed import epoch, free_port

PERIOD = 0.1
BASE_LATITUDE, STEP = 10.0, 0.0001
HEAD = b'"latitude":'
DROPPED = b'"state":"dropped"'


def index_of(latitude):
    return round((latitude - BASE_LATITUDE) / STEP)


class TimedSelector(selectors.EpollSelector):
    """An epoll selector that notes when each wait returned: the time of every read in the batch."""
    returned = 0.0

    def select(self, timeout=None):
        ready = super().select(timeout)
        TimedSelector.returned = time.monotonic()
        return ready


def die_with_parent():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def vm(pid, key):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Arrivals(asyncio.Protocol):
    """One reader: finds each epoch's latitude after `head` in what it reads and notes
    (epoch, time). Counts `"state":"dropped"` announcements too."""

    def __init__(self, head, request=None):
        self.head, self.request = head, request
        self.times, self.pending, self.dropped = {}, b"", 0
        self.status = None
        self.opened = asyncio.get_running_loop().create_future()
        self.closed = False

    def connection_made(self, transport):
        self.transport = transport
        if self.request:
            transport.write(self.request)
        else:
            self.opened.set_result(True)

    def data_received(self, data):
        now = TimedSelector.returned
        buffer = self.pending + data
        if self.status is None and self.request:
            end = buffer.find(b"\r\n")
            if end < 0:
                self.pending = buffer
                return
            self.status = int(buffer.split(b" ", 2)[1])
            if not self.opened.done():
                self.opened.set_result(self.status)
        position = 0
        while True:
            found = buffer.find(self.head, position)
            if found < 0:
                break
            end = buffer.find(b",", found + len(self.head))
            if end < 0:
                break
            try:
                number = index_of(float(buffer[found + len(self.head):end]))
            except ValueError:
                number = None
            if number is not None and number not in self.times:
                self.times[number] = now
            position = end
        # Announcements that end in the new bytes (those in the kept tail were counted).
        self.dropped += buffer.count(DROPPED, max(0, len(self.pending) - len(DROPPED) + 1))
        self.pending = buffer[max(position, len(buffer) - 64):]

    def connection_lost(self, exc):
        self.closed = True
        if not self.opened.done():
            self.opened.set_result(None)


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main(petspot, clients, seconds, processes, work):
    loop = asyncio.get_running_loop()
    env = dict(os.environ, XDG_CONFIG_HOME=work, TMPDIR=work)
    env.pop("PETSPOT_LOCATION_POLICY", None)

    def spawn(arguments, **options):
        process = subprocess.Popen(arguments, env=env, start_new_session=True, preexec_fn=die_with_parent,
                                   **options)
        processes.append(process)
        return process

    feed = socket.socket()
    feed.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    feed.bind(("127.0.0.1", 0))
    feed.listen(1)
    gpsd_port = free_port()
    spawn([shutil.which("gpsd") or "/usr/sbin/gpsd", "-N", "-n", "-b", "-S", str(gpsd_port),
           f"tcp://127.0.0.1:{feed.getsockname()[1]}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    feed.settimeout(20)
    connection, _ = await loop.run_in_executor(None, feed.accept)
    connection.setblocking(False)
    subprocess.run([petspot, "permission", "grant"], env=env, check=True, stdout=subprocess.DEVNULL)
    log = open(os.path.join(work, "serve.log"), "w+")
    server = spawn([petspot, "serve", "--port", "0", "--gpsd", f"127.0.0.1:{gpsd_port}", "--log-level", os.environ.get("LOG_LEVEL", "error")],
                   stdout=subprocess.DEVNULL, stderr=log)
    port = None
    for _ in range(600):
        log.seek(0)
        for line in log:
            if line.startswith("petspot: listening on http://"):
                port = int(line.rsplit(":", 1)[1])
        if port or server.poll() is not None:
            break
        await asyncio.sleep(0.1)
    if not port:
        log.seek(0)
        raise SystemExit(f"petspot serve did not start:\n{log.read()}")

    def server_log():
        log.seek(0)
        lines = log.readlines()
        return "petspot serve's log (its end):\n" + "".join(lines[-20:])

    sent = {}
    index = 0
    feeding = True

    async def feed_epochs():
        nonlocal index
        start = time.monotonic()
        while feeding:
            payload = epoch(index, BASE_LATITUDE + index * STEP).encode()
            sent[index] = time.monotonic()
            connection.send(payload)
            index += 1
            await asyncio.sleep(max(0.0, start + index * PERIOD - time.monotonic()))

    request = f"GET /v1/location/updates HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()

    async def connect(count):
        readers = []
        for first in range(0, count, 50):
            batch = []
            for _ in range(min(50, count - first)):
                _, reader = await loop.create_connection(lambda: Arrivals(HEAD, request), "127.0.0.1", port)
                batch.append(reader)
            try:
                statuses = await asyncio.wait_for(asyncio.gather(*(r.opened for r in batch)), 30)
            except asyncio.TimeoutError:
                answered = sum(r.opened.done() for r in batch)
                raise SystemExit(f"{len(readers) + answered} of {count} event-stream clients got an answer "
                                 f"in time\n{server_log()}")
            if any(status != 200 for status in statuses):
                raise SystemExit(f"an event-stream client got {statuses}\n{server_log()}")
            readers += batch
        return readers

    async def until(condition, timeout, what):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out: {what}")
            await asyncio.sleep(0.05)

    feeder = asyncio.ensure_future(feed_epochs())
    try:
        # Warm-up: a few clients until fixes flow and gpsd has learned how a cycle ends.
        warm = await connect(10)
        await until(lambda: all(len(r.times) >= 20 for r in warm), 60, "no fixes reached the warm-up clients")
        for reader in warm:
            reader.transport.close()
        await asyncio.sleep(1)
        idle_rss = vm(server.pid, "VmRSS")

        readers = await connect(clients)
        gpspipe = spawn(["gpspipe", "-w", f"127.0.0.1:{gpsd_port}"], stdin=subprocess.DEVNULL,
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        _, pipe = await loop.connect_read_pipe(lambda: Arrivals(b'"lat":'), gpspipe.stdout)
        first = index + 20  # 2 s for every client to be streaming
        await until(lambda: all(first in r.times for r in readers) and first in pipe.times, 60,
                    "not every client got the stream")
        cpu_before, measured_from = cpu_seconds(server.pid), time.monotonic()
        last = first + int(seconds / PERIOD)
        await until(lambda: index > last + 5, seconds + 30, "the feed fell behind")
        await asyncio.sleep(1)  # the last epochs arrive
        server_cpu = (cpu_seconds(server.pid) - cpu_before) / (time.monotonic() - measured_from)
        streaming_rss = vm(server.pid, "VmRSS")
        peak = vm(server.pid, "VmHWM")
    finally:
        feeding = False
        await asyncio.gather(feeder, return_exceptions=True)

    epochs = range(first, last + 1)
    pipe_latency = [pipe.times[i] - sent[i] for i in epochs if i in pipe.times]
    latency, missing = [], 0
    for reader in readers:
        for i in epochs:
            if i in reader.times:
                latency.append(reader.times[i] - sent[i])
            else:
                missing += 1
    dropped = sum(r.dropped for r in readers)
    per_client = (streaming_rss - idle_rss) / clients
    for reader in readers:
        reader.transport.close()
    return dict(clients=clients, epochs=len(epochs), pipe=pipe_latency, sse=latency, missing=missing,
                dropped=dropped, pipe_missing=len(epochs) - len(pipe_latency), idle_rss=idle_rss,
                streaming_rss=streaming_rss, peak=peak, per_client=per_client, server_cpu=server_cpu)


def report(r):
    ms = lambda value: f"{value * 1000:.1f} ms"
    rows = [("`gpspipe -w` (baseline)", r["pipe"], r["pipe_missing"], 1),
            (f"`/v1/location/updates`, {r['clients']:,} clients", r["sse"], r["missing"], r["clients"])]
    print("## `petspot serve` event-stream fan-out (10 Hz gpsd)\n")
    print(f"A real gpsd fed one NMEA epoch every 100 ms by this script; {r['clients']:,} event-stream clients "
          f"on `/v1/location/updates` (raw sockets) and `gpspipe -w` on the same gpsd, all read by one asyncio "
          f"loop in one process; release build. Latency: when the client's read returned from `epoll` minus "
          f"when the feed sent the epoch, over {r['epochs']:,} epochs per client (it includes gpsd's own delay, "
          f"which gpspipe has too). Load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          f"cores (a shared machine: compare the rows, not the absolute times).\n")
    print("| reader | epochs received of sent | p50 | p90 | p99 | max |")
    print("|---|---|---|---|---|---|")
    for name, values, missing, count in rows:
        total = r["epochs"] * count
        print(f"| {name} | {total - missing:,} / {total:,} | {ms(percentile(values, 0.5))} | "
              f"{ms(percentile(values, 0.9))} | {ms(percentile(values, 0.99))} | {ms(max(values or [float('nan')]))} |")
    added50 = percentile(r["sse"], 0.5) - percentile(r["pipe"], 0.5)
    added99 = percentile(r["sse"], 0.99) - percentile(r["pipe"], 0.99)
    print(f"\nAdded latency gpsd → event-stream client over `gpspipe -w`: p50 {ms(added50)}, **p99 {ms(added99)}**. "
          f"Dropped-update announcements: {r['dropped']:,}. Server CPU while streaming: "
          f"{r['server_cpu'] * 100:.0f}% of one core.\n")
    print("| server memory | VmRSS |")
    print("|---|---|")
    print(f"| no event-stream clients (after a warm-up) | {r['idle_rss'] / 1e6:.1f} MB |")
    print(f"| {r['clients']:,} clients streaming | {r['streaming_rss'] / 1e6:.1f} MB |")
    print(f"| peak (VmHWM) | {r['peak'] / 1e6:.1f} MB |")
    print(f"\n**Memory per client: {r['per_client'] / 1024:.1f} KiB** "
          f"(({r['streaming_rss'] / 1e6:.1f} MB - {r['idle_rss'] / 1e6:.1f} MB) / {r['clients']:,}).")


def run():
    petspot = sys.argv[1]
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 30
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = clients + 256
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            raise SystemExit(f"{clients} clients need {needed} open files; the hard limit is {hard} "
                             f"(raise it, or run with fewer: CLIENTS=N)")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))  # the server inherits it
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    processes, work = [], tempfile.mkdtemp(prefix="petspot-fanout-")
    loop = asyncio.SelectorEventLoop(TimedSelector())
    try:
        result = loop.run_until_complete(main(petspot, clients, seconds, processes, work))
    finally:
        for process in processes:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
        loop.close()
        shutil.rmtree(work, ignore_errors=True)
    report(result)


if __name__ == "__main__":
    run()
