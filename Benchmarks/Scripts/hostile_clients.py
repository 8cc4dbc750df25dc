"""Hostile and slow clients against a `petspot serve` binary, as issue 33's probe tried them:
what each gets, in a Markdown table (Docs/Reliability.md, "Hostile HTTP clients").

    python3 Benchmarks/Scripts/hostile_clients.py PATH/TO/petspot [--old]

Each probe starts its own server (`--port 0`, a store in a temporary folder). `--old` marks a
binary from before the limits (no limit options are passed to it). Nothing here asserts: the
Swift tests do (HostileClientTests, ServeUnderAttackTests); this measures and prints."""

import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request


class Server:
    def __init__(self, binary, arguments=(), nofile=None):
        self.folder = tempfile.mkdtemp(prefix="petspot-hostile-")
        command = [binary, "serve", "--port", "0", "--log-level", "error",
                   "--store", "sqlite:" + os.path.join(self.folder, "r.sqlite")] + list(arguments)

        def limit():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, preexec_fn=limit, start_new_session=True)
        line = self.process.stderr.readline().decode()
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if not match:
            raise RuntimeError("no listening line: %r" % line)
        self.port = int(match.group(1))
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def alive(self):
        return self.process.poll() is None

    def status(self, field):
        with open("/proc/%d/status" % self.process.pid) as handle:
            for line in handle:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def cpu(self):
        with open("/proc/%d/stat" % self.process.pid) as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def descriptors(self):
        return len(os.listdir("/proc/%d/fd" % self.process.pid))

    def stop(self):
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def exit_text(self):
        code = self.process.poll()
        if code is None:
            return "running"
        return "killed by %s" % signal.Signals(-code).name if code < 0 else "exited %d" % code


def connect(port):
    return socket.create_connection(("127.0.0.1", port), timeout=60)


def wait_closed(sock, limit):
    sock.settimeout(0.2)
    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - start
        except socket.timeout:
            pass
        except OSError:
            return time.monotonic() - start
    return None


def healthz_seconds(port, limit=30):
    start = time.monotonic()
    try:
        urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=limit).read()
        return time.monotonic() - start
    except Exception:
        return None


def probe_descriptors(binary, old):
    server = Server(binary, [] if old else ["--idle-timeout", "5"], nofile=256)
    try:
        idle = [connect(server.port) for _ in range(300)]
        stop = threading.Event()

        def busy():
            while not stop.is_set():
                healthz_seconds(server.port, 5)
        threads = [threading.Thread(target=busy, daemon=True) for _ in range(3)]
        for thread in threads:
            thread.start()
        most = 0
        before = server.cpu() if server.alive() else 0
        for _ in range(40):
            if not server.alive():
                break
            most = max(most, server.descriptors())
            time.sleep(0.05)
        cpu = server.cpu() - before if server.alive() else float("nan")
        time.sleep(8)
        answered = healthz_seconds(server.port, 20) if server.alive() else None
        stop.set()
        for sock in idle:
            sock.close()
        return ("300 idle connections and 3 busy clients, `ulimit -n 256`",
                "%s; most descriptors %d of 256; CPU %.2f s in 2 s; /healthz after 8 s: %s" % (
                    server.exit_text(), most, cpu, "%.2f s" % answered if answered is not None else "no answer"))
    finally:
        server.stop()


def probe_slow_heads(binary, old):
    server = Server(binary)
    try:
        socks = [connect(server.port) for _ in range(200)]
        for sock in socks:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held = server.descriptors()
        closed = wait_closed(socks[-1], 40)
        after = server.descriptors()
        for sock in socks:
            sock.close()
        return ("200 request heads that never end",
                "closed after %s; server descriptors %d → %d" % (
                    "%.1f s" % closed if closed is not None else "more than 40 s (still open)", held, after))
    finally:
        server.stop()


def probe_endless_body(binary, old):
    server = Server(binary)
    try:
        sock = connect(server.port)
        sock.sendall(b"POST /v1/scenarios/posted/run HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/yaml\r\nTransfer-Encoding: chunked\r\n\r\n")
        sock.settimeout(0.5)
        start = time.monotonic()
        answer = b""
        while time.monotonic() - start < 150:
            try:
                sock.sendall(b"1\r\n#\r\n")
                data = sock.recv(65536)
                if data == b"":
                    break
                answer += data
            except socket.timeout:
                continue
            except OSError:
                break
        elapsed = time.monotonic() - start
        status = answer.split(b"\r\n", 1)[0].decode(errors="replace") or "no answer"
        return ("a chunked body, one byte every 0.5 s, never ending",
                "%s after %.0f s" % (status, elapsed) if elapsed < 150 else "still open after 150 s")
    finally:
        server.stop()


def probe_held_uploads(binary, old):
    server = Server(binary, ["--rate-limit", "0"] if not old else [])
    try:
        baseline = server.status("VmRSS")
        size = 16 * 1048576
        png = b"\x89PNG\r\n\x1a\n" + b"\0" * 1000
        body = png + b"\0" * (size - len(png) - 1)
        socks = []

        def upload():
            sock = connect(server.port)
            socks.append(sock)
            try:
                sock.sendall(("POST /v1/report-photos/found HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              "Content-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n" % size).encode())
                sock.sendall(body)
            except OSError:
                pass
        threads = [threading.Thread(target=upload) for _ in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        time.sleep(1)
        refused = 0
        for sock in socks:
            sock.settimeout(0.2)
            try:
                if sock.recv(64).startswith(b"HTTP/1.1 503"):
                    refused += 1
            except OSError:
                pass
        grown = (server.status("VmRSS") - baseline) / 1024
        peak = (server.status("VmHWM") - baseline) / 1024
        for sock in socks:
            sock.close()
        return ("40 photo uploads of 16 MiB held one byte short",
                "resident memory +%.0f MiB (peak +%.0f MiB); %d refused with 503" % (grown, peak, refused))
    finally:
        server.stop()


def probe_scenario_runs(binary, old):
    server = Server(binary, ["--rate-limit", "0"] if not old else [])
    try:
        lines = ["title: Heavy", "authorization: authorizedWhenInUse", "timeline:"]
        for index in range(3500):
            lines.append('  - fix: {coordinate: "%.4f, 21.0122", accuracy: 5}' % (52 + (index % 1000) / 10000))
            lines.append("  - wait: 1s")
        lines += ["consumer:", "  - watch: {count: 3500}"]
        document = ("\n".join(lines) + "\n").encode()
        statuses = []

        def run():
            request = urllib.request.Request("http://127.0.0.1:%d/v1/scenarios/heavy/run" % server.port,
                                             data=document, headers={"Content-Type": "application/yaml"})
            try:
                statuses.append(urllib.request.urlopen(request, timeout=120).status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
            except Exception:
                statuses.append(0)
        threads = [threading.Thread(target=run) for _ in range(16)]
        for thread in threads:
            thread.start()
        time.sleep(0.3)
        latencies = [healthz_seconds(server.port) for _ in range(5)]
        for thread in threads:
            thread.join(180)
        worst = max((value for value in latencies if value is not None), default=None)
        return ("16 concurrent %d KB scenario runs" % (len(document) // 1024),
                "/healthz meanwhile: worst of 5 %s; runs: %s" % (
                    "%.3f s" % worst if worst is not None else "no answer",
                    ", ".join("%d× %d" % (statuses.count(code), code) for code in sorted(set(statuses)))))
    finally:
        server.stop()


def probe_urllib_413(binary, old):
    server = Server(binary)
    try:
        request = urllib.request.Request("http://127.0.0.1:%d/v1/report-photos/found" % server.port,
                                         data=b"\0" * (20 * 1048576), method="POST",
                                         headers={"Content-Type": "application/octet-stream"})
        start = time.monotonic()
        try:
            urllib.request.urlopen(request, timeout=30)
            outcome = "200"
        except urllib.error.HTTPError as error:
            outcome = "%d" % error.code
        except Exception as error:
            outcome = type(error).__name__
        return ("Python urllib uploads 20 MB (`Connection: close`, no `Expect`)",
                "%s after %.1f s" % (outcome, time.monotonic() - start))
    finally:
        server.stop()


def probe_small(binary, old):
    server = Server(binary, ["--allow-origin", "http://pages.test"])
    try:
        def get(path, headers=None):
            request = urllib.request.Request("http://127.0.0.1:%d%s" % (server.port, path), headers=headers or {})
            try:
                response = urllib.request.urlopen(request, timeout=10)
                return response.status, response.headers
            except urllib.error.HTTPError as error:
                return error.code, error.headers
        plus = get("/v1/geodesy/distance?from=52.2297,21.0122&to=51.5074,+-0.1278")[0]
        host = get("/v1/reports", {"Host": "attacker.example"})[0]
        points = get("/v1/geodesy/radius?center=52.2297,21.0122&km=5&points=abc")[0]
        request = urllib.request.Request("http://127.0.0.1:%d/v1/reports/x" % server.port, method="OPTIONS",
                                         headers={"Origin": "http://pages.test",
                                                  "Access-Control-Request-Method": "DELETE"})
        try:
            methods = urllib.request.urlopen(request, timeout=10).headers.get("Access-Control-Allow-Methods")
        except urllib.error.HTTPError as error:
            methods = error.headers.get("Access-Control-Allow-Methods")
        return [("`?to=51.5074,+-0.1278` (a `+` as a form encodes a space)", "%d" % plus),
                ("`Host: attacker.example` on `/v1/reports` (DNS rebinding)", "%d" % host),
                ("`points=abc` on `/v1/geodesy/radius` (JSON)", "%d" % points),
                ("CORS preflight for DELETE from an allowed origin", "methods: %s" % methods)]
    finally:
        server.stop()


def main(arguments):
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 64
    binary, old = arguments[0], "--old" in arguments
    rows = []
    for probe in (probe_descriptors, probe_slow_heads, probe_endless_body, probe_held_uploads, probe_scenario_runs,
                  probe_urllib_413, probe_small):
        try:
            result = probe(binary, old)
        except Exception as error:
            result = (probe.__name__, "probe failed: %s" % error)
        for row in result if isinstance(result, list) else [result]:
            rows.append(row)
            print("| %s | %s |" % row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
