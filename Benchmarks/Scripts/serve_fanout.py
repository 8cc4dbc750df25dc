"""`petspot serve` event-stream fan-out: CLIENTS clients on `/v1/location/updates` over a
10 Hz gpsd stream, against `gpspipe -w` on the same gpsd.

Usage: python3 serve_fanout.py PETSPOT [CLIENTS] [SECONDS]   (prints a markdown section)

A real gpsd reads an NMEA feed this script serves (`gpsd -N -n -b tcp://…`); the feed sends
one epoch (GGA + RMC, its own latitude) every 100 ms and notes when it sent it. One asyncio
loop in this process reads every client: the event-stream clients (raw sockets), `gpspipe
-w`'s standard output, and a raw gpsd client socket (`?WATCH={"json":true}`, what gpspipe
itself reads). Each read is timed twice:
- when the loop's `epoll` returned it (not when its callback ran, so the 1,000th callback
  of a batch is not charged for the 999 before it): what a client process sees, the same way
  for gpspipe and the event-stream clients;
- for sockets, when the kernel received the bytes (`SO_TIMESTAMPNS`): what the server
  delivered, whatever this one process's own lag on a busy machine.
Latency = that time - the feed's send time, per epoch and client.

Server memory per client: VmRSS with CLIENTS clients streaming minus VmRSS with none (after
a warm-up with a few clients), divided by CLIENTS.

Every process this starts is in its own session, killed when this script ends however it
ends, and told by the kernel to die if this script dies first (PR_SET_PDEATHSIG).
"""
import asyncio, ctypes, os, resource, selectors, shutil, signal, socket, struct, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nmea_feed import epoch, free_port, vm

PERIOD = 0.1
BASE_LATITUDE, STEP = 10.0, 0.0001
DROPPED = b'"state":"dropped"'
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)  # = SCM_TIMESTAMPNS on Linux


def index_of(latitude):
    return round((latitude - BASE_LATITUDE) / STEP)


class TimedSelector(selectors.EpollSelector):
    """An epoll selector that notes when each wait returned: the time of every read in the batch."""
    returned = 0.0

    def select(self, timeout=None):
        ready = super().select(timeout)
        TimedSelector.returned = time.time()
        return ready


def die_with_parent():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def cpu_seconds(pid=None):
    if pid is None:
        times = os.times()
        return times.user + times.system
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Reader:
    """One client: finds each epoch's latitude after `head` in what it reads and notes when
    it arrived (loop time, and kernel time for a socket). Counts `dropped` announcements."""

    def __init__(self, head, http=False):
        self.head, self.http = head, http
        self.loop_times, self.kernel_times = {}, {}
        self.pending, self.dropped, self.status = b"", 0, None
        self.opened = asyncio.get_running_loop().create_future()
        self.closed = False

    def feed(self, data, kernel_time):
        now = TimedSelector.returned
        buffer = self.pending + data
        if self.http and self.status is None:
            end = buffer.find(b"\r\n")
            if end < 0:
                self.pending = buffer
                return
            self.status = int(buffer.split(b" ", 2)[1])
            self.opened.done() or self.opened.set_result(self.status)
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
            if number is not None and number not in self.loop_times:
                self.loop_times[number] = now
                if kernel_time is not None:
                    self.kernel_times[number] = kernel_time
            position = end
        # Announcements that end in the new bytes (those in the kept tail were counted).
        self.dropped += buffer.count(DROPPED, max(0, len(self.pending) - len(DROPPED) + 1))
        self.pending = buffer[max(position, len(buffer) - 64):]

    def ended(self):
        self.closed = True
        self.opened.done() or self.opened.set_result(None)


class SocketReader(Reader):
    """A loopback TCP client read with `recvmsg`, the kernel's receive time attached."""

    def __init__(self, head, http=False):
        super().__init__(head, http)
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.socket.setblocking(False)

    async def open(self, port, request):
        loop = asyncio.get_running_loop()
        await loop.sock_connect(self.socket, ("127.0.0.1", port))
        await loop.sock_sendall(self.socket, request)
        loop.add_reader(self.socket.fileno(), self.readable)
        if not self.http:
            self.opened.set_result(True)

    def readable(self):
        while True:
            try:
                data, ancillary, _, _ = self.socket.recvmsg(1 << 16, socket.CMSG_SPACE(16))
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data = b""
            if not data:
                self.close()
                self.ended()
                return
            kernel_time = None
            for level, kind, value in ancillary:
                if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(value) >= 16:
                    seconds, nanoseconds = struct.unpack("qq", value[:16])
                    kernel_time = seconds + nanoseconds / 1e9
            self.feed(data, kernel_time)

    def close(self):
        if self.socket.fileno() >= 0:
            asyncio.get_running_loop().remove_reader(self.socket.fileno())
            self.socket.close()


class PipeReader(Reader):
    """A child's standard output."""

    def __init__(self, head, pipe):
        super().__init__(head)
        self.pipe = pipe
        os.set_blocking(pipe.fileno(), False)
        asyncio.get_running_loop().add_reader(pipe.fileno(), self.readable)
        self.opened.set_result(True)

    def readable(self):
        try:
            data = os.read(self.pipe.fileno(), 1 << 16)
        except BlockingIOError:
            return
        if not data:
            asyncio.get_running_loop().remove_reader(self.pipe.fileno())
            self.ended()
            return
        self.feed(data, None)


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main(petspot, clients, seconds, processes, work):
    loop = asyncio.get_running_loop()
    env = dict(os.environ, XDG_CONFIG_HOME=work, XDG_DATA_HOME=work, TMPDIR=work)
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
    server = spawn([petspot, "serve", "--port", "0", "--gpsd", f"127.0.0.1:{gpsd_port}", "--log-level",
                    os.environ.get("LOG_LEVEL", "error")], stdout=subprocess.DEVNULL, stderr=log)

    def server_log():
        log.seek(0)
        return "petspot serve's log (its end):\n" + "".join(log.readlines()[-20:])

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
        raise SystemExit(f"petspot serve did not start\n{server_log()}")

    sent = {}
    index = 0
    feeding = True

    async def feed_epochs():
        nonlocal index
        start = time.monotonic()
        while feeding:
            payload = epoch(index, BASE_LATITUDE + index * STEP).encode()
            sent[index] = time.time()
            connection.send(payload)
            index += 1
            await asyncio.sleep(max(0.0, start + index * PERIOD - time.monotonic()))

    request = f"GET /v1/location/updates HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()

    async def connect(count):
        readers = []
        for first in range(0, count, 50):
            batch = [SocketReader(b'"latitude":', http=True) for _ in range(min(50, count - first))]
            readers += batch
            try:
                await asyncio.wait_for(asyncio.gather(*(reader.open(port, request) for reader in batch)), 30)
                statuses = await asyncio.wait_for(asyncio.gather(*(reader.opened for reader in batch)), 30)
            except asyncio.TimeoutError:
                answered = sum(reader.opened.done() for reader in readers)
                raise SystemExit(f"{answered} of {count} event-stream clients got an answer in time\n{server_log()}")
            if any(status != 200 for status in statuses):
                raise SystemExit(f"an event-stream client got {statuses}\n{server_log()}")
        return readers

    async def until(condition, timeout, what):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out: {what}\n{server_log()}")
            await asyncio.sleep(0.05)

    readers = []
    feeder = asyncio.ensure_future(feed_epochs())
    try:
        # Warm-up: a few clients until fixes flow and gpsd has learned how a cycle ends.
        warm = await connect(10)
        await until(lambda: all(len(r.loop_times) >= 20 for r in warm), 60, "no fixes reached the warm-up clients")
        for reader in warm:
            reader.close()
        await asyncio.sleep(1)
        idle_rss = vm(server.pid, "VmRSS")

        readers = await connect(clients)
        gpspipe = spawn(["gpspipe", "-w", f"127.0.0.1:{gpsd_port}"], stdin=subprocess.DEVNULL,
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        pipe = PipeReader(b'"lat":', gpspipe.stdout)
        watch = SocketReader(b'"lat":')
        await watch.open(gpsd_port, b'?WATCH={"enable":true,"json":true}\n')
        first = index + 20  # 2 s for every client to be streaming
        await until(lambda: all(first in r.loop_times for r in readers + [pipe, watch]), 60,
                    "not every client got the stream")
        server_cpu, own_cpu, measured_from = cpu_seconds(server.pid), cpu_seconds(), time.monotonic()
        last = first + int(seconds / PERIOD)
        await until(lambda: index > last + 5, seconds + 30, "the feed fell behind")
        await asyncio.sleep(1)  # the last epochs arrive
        elapsed = time.monotonic() - measured_from
        server_cpu = (cpu_seconds(server.pid) - server_cpu) / elapsed
        own_cpu = (cpu_seconds() - own_cpu) / elapsed
        streaming_rss = vm(server.pid, "VmRSS")
        peak = vm(server.pid, "VmHWM")
    finally:
        feeding = False
        await asyncio.gather(feeder, return_exceptions=True)
        for reader in readers:
            reader.close()

    epochs = range(first, last + 1)

    def latencies(reader_list, kind):
        values, missing = [], 0
        for reader in reader_list:
            times = reader.kernel_times if kind == "kernel" else reader.loop_times
            for i in epochs:
                if i in times:
                    values.append(times[i] - sent[i])
                else:
                    missing += 1
        return values, missing

    return dict(clients=clients, epochs=len(epochs), rows=[
        ("`gpspipe -w` (baseline), read from its stdout", 1, *latencies([pipe], "loop")),
        (f"`/v1/location/updates`, {clients:,} clients", clients, *latencies(readers, "loop")),
        ("gpsd's own socket, `?WATCH` (what gpspipe reads)", 1, *latencies([watch], "kernel")),
        (f"`/v1/location/updates`, {clients:,} clients", clients, *latencies(readers, "kernel")),
    ], dropped=sum(r.dropped for r in readers), idle_rss=idle_rss, streaming_rss=streaming_rss, peak=peak,
        server_cpu=server_cpu, own_cpu=own_cpu)


def report(r):
    ms = lambda value: f"{value * 1000:.1f} ms"
    print("## `petspot serve` event-stream fan-out (10 Hz gpsd)\n")
    print(f"A real gpsd fed one NMEA epoch every 100 ms by this script; {r['clients']:,} event-stream clients "
          f"on `/v1/location/updates` (raw sockets), `gpspipe -w` and a raw gpsd client on the same gpsd, all "
          f"read by one asyncio loop in this process; release build; {r['epochs']:,} epochs per client. "
          f"Latency from the feed sending an epoch to a client having it: **read** = when the client process's "
          f"`epoll` returned the bytes (it includes the reading process's own lag on a busy machine), "
          f"**arrived** = the kernel's receive time of the bytes on the client's socket (`SO_TIMESTAMPNS`; "
          f"what the server delivered). Both include gpsd's own delay. Load average at the end: "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (a shared machine: compare rows of one run).\n")
    print("| reader | timed when | epochs received of sent | p50 | p90 | p99 | max |")
    print("|---|---|---|---|---|---|---|")
    for number, (name, count, values, missing) in enumerate(r["rows"]):
        total = r["epochs"] * count
        when = "read" if number < 2 else "arrived"
        print(f"| {name} | {when} | {total - missing:,} / {total:,} | {ms(percentile(values, 0.5))} | "
              f"{ms(percentile(values, 0.9))} | {ms(percentile(values, 0.99))} | "
              f"{ms(max(values or [float('nan')]))} |")
    rows = r["rows"]

    def added(baseline, ours, fraction):
        return percentile(rows[ours][2], fraction) - percentile(rows[baseline][2], fraction)

    print(f"\nAdded latency gpsd → event-stream client: against `gpspipe -w` (read) p50 {ms(added(0, 1, 0.5))}, "
          f"**p99 {ms(added(0, 1, 0.99))}**; against gpsd's own socket (arrived) p50 {ms(added(2, 3, 0.5))}, "
          f"**p99 {ms(added(2, 3, 0.99))}**. Dropped-update announcements: {r['dropped']:,}. CPU while "
          f"streaming: server {r['server_cpu'] * 100:.0f}%, this reading process {r['own_cpu'] * 100:.0f}% "
          f"of one core.\n")
    print("| server memory | VmRSS |")
    print("|---|---|")
    print(f"| no event-stream clients (after a warm-up) | {r['idle_rss'] / 1e6:.1f} MB |")
    print(f"| {r['clients']:,} clients streaming | {r['streaming_rss'] / 1e6:.1f} MB |")
    print(f"| peak (VmHWM) | {r['peak'] / 1e6:.1f} MB |")
    per_client = (r["streaming_rss"] - r["idle_rss"]) / r["clients"]
    print(f"\n**Memory per client: {per_client / 1024:.1f} KiB** "
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
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
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
