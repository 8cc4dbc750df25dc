"""What the end-to-end benchmark scripts share: NMEA epochs, free loopback ports, a process's memory."""
import socket
import time


def checksum(body):
    """`$body*CS` and CR LF: one NMEA sentence."""
    value = 0
    for ch in body.encode():
        value ^= ch
    return f"${body}*{value:02X}\r\n"


def epoch(index, latitude):
    """GGA + RMC for second `index` after 2019-06-08T13:20:00Z at `latitude`, 21.0122 E."""
    seconds = 1_560_000_000 + index
    t = time.gmtime(seconds)
    clock, date = time.strftime("%H%M%S.00", t), time.strftime("%d%m%y", t)
    minutes = (latitude - int(latitude)) * 60
    lat = f"{int(latitude):02d}{minutes:09.6f},N"
    lon = "02100.732000,E"
    return (checksum(f"GPGGA,{clock},{lat},{lon},1,08,0.9,100.0,M,0.0,M,,")
            + checksum(f"GPRMC,{clock},A,{lat},{lon},0.0,0.0,{date},,,A"))


def free_port():
    """A loopback port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def vm(pid, key):
    """`key` (`VmRSS`, `VmHWM`, …) of process `pid` from /proc, in bytes."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0
