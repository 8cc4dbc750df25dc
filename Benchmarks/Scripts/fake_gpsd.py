"""A gpsd stand-in for profiling a consumer: it answers the `?WATCH` of one client the way gpsd
3.22 does, then sends TPV lines as gpsd writes them for a GGA + RMC epoch, a chunk at a time,
waiting after each chunk until the consumer has printed its last fix. The bytes each consumer
gets are the same, so their instructions per fix compare."""
import os, socket, subprocess, tempfile, threading, time

VERSION = b'{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}\r\n'
WATCH = (b'{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","driver":"NMEA0183",'
         b'"activated":"2026-12-06T08:25:36.194Z","native":0,"bps":4800,"parity":"N","stopbits":1,'
         b'"cycle":1.00}]}\r\n{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,'
         b'"scaled":false,"timing":false,"split24":false,"pps":false}\r\n')


def tpv(index):
    """The TPV gpsd 3.22 sends for epoch `index` of `nmea_feed.epoch` (a line of gpspipe -w)."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(1_560_000_000 + index))
    return ('{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"%s","ept":0.005,"lat":%.9f,'
            '"lon":21.012200000,"altHAE":100.0000,"altMSL":100.0000,"alt":100.0000,"track":0.0000,'
            '"magtrack":2.2432,"magvar":2.2,"speed":0.000,"climb":0.000,"geoidSep":0.000,"eph":17.100}\r\n'
            % (stamp, 10 + index * 0.00001)).encode()


def serve(command, is_fix, total, chunk, env):
    """Runs `command(port)` against the stand-in and feeds it `total` TPVs, `chunk` at a time.

    Returns (fixes printed, seconds, CPU seconds of the consumer) once it has exited."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    process = subprocess.Popen(command(server.getsockname()[1]), env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    seen = {"fixes": 0, "ended": False}
    changed = threading.Condition()

    def read():
        rest = b""
        while True:
            data = os.read(process.stdout.fileno(), 1 << 16)
            if not data:
                break
            lines = (rest + data).split(b"\n")
            rest = lines.pop()
            with changed:
                seen["fixes"] += sum(1 for line in lines if is_fix(line))
                changed.notify_all()
        with changed:
            seen["ended"] = True
            changed.notify_all()

    threading.Thread(target=read, daemon=True).start()
    try:
        server.settimeout(900)  # valgrind starts a large binary slowly on a busy machine
        connection, _ = server.accept()
        connection.sendall(VERSION)
        asked = b""
        while b"WATCH" not in asked or not asked.rstrip().endswith((b";", b"}")):
            data = connection.recv(4096)
            if not data:
                break
            asked += data
        connection.sendall(WATCH)
        start = time.monotonic()
        for first in range(0, total, chunk):
            count = min(chunk, total - first)
            connection.sendall(b"".join(tpv(index) for index in range(first, first + count)))
            with changed:
                changed.wait_for(lambda: seen["fixes"] >= first + count or seen["ended"], timeout=300)
            if seen["fixes"] < first + count:
                raise SystemExit(f"{command(0)[0]}: {seen['fixes']} fixes printed of {first + count}")
        seconds = time.monotonic() - start
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = status
        connection.close()
        return seen["fixes"], seconds, usage.ru_utime + usage.ru_stime
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        server.close()


def consent_environment(petspot):
    """An environment whose consent file grants location use to `petspot`."""
    home = tempfile.mkdtemp(prefix="petspot-profile-")
    env = dict(os.environ, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home)
    env.pop("PETSPOT_LOCATION_POLICY", None)
    subprocess.run([petspot, "permission", "grant"], env=env, check=True, stdout=subprocess.DEVNULL)
    return env
