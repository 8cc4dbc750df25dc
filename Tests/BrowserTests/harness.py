"""The processes every browser test runs against: a real `petspot serve --port 0` (`Server`),
one headless Chromium driven by Selenium and shared by the tests (`driver`, `new_browser` for
a second person), and real image files (`png`, `gif`). support.py builds the tests on them."""

import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("PETSPOT_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("PETSPOT_CHROMEDRIVER", "/usr/bin/chromedriver")
PETSPOT = os.environ.get("PETSPOT_BINARY", "")
LISTENING = re.compile(r"petspot: listening on (http://\S+)\n")


class Server:
    """`petspot serve --port 0 ARGS…`, the port read from its `listening on` line."""

    def __init__(self, *arguments):
        # Its own reports store (petspot serve always has one): a fresh SQLite file, so no
        # test sees another's reports and nothing lands in the default store of the machine.
        self.folder = tempfile.mkdtemp(prefix="petspot-store-")
        environment = dict(os.environ, PETSPOT_STORE="sqlite:" + os.path.join(self.folder, "reports.sqlite"))
        self.process = subprocess.Popen(
            [PETSPOT, "serve", "--port", "0", "--log-level", "warning", *arguments],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
        self.url = self._read_url(time.monotonic() + 20)

    def _read_url(self, deadline):
        seen = b""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(self.process.stderr.fileno(), 4096)
                if not chunk:
                    break
                seen += chunk
                match = LISTENING.search(seen.decode("utf-8", "replace"))
                if match:
                    return match.group(1)
        self.stop()
        raise RuntimeError("petspot serve did not listen: " + seen.decode("utf-8", "replace"))

    def json(self, path, headers=None):
        request = urllib.request.Request(self.url + path, headers=headers or {})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stderr.close()
        shutil.rmtree(self.folder, ignore_errors=True)


_driver = None


def driver():
    """The one headless Chromium every test shares (each test uses its own server, so its own
    origin: drafts and permissions never leak from one test to the next)."""
    global _driver
    if _driver is None:
        _driver = new_browser()
    return _driver


def new_browser(profile=None):
    """A headless Chromium; with `profile` (a folder), a browser profile of its own: another
    person's browser, whose storage holds nothing of the shared one's."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=480,1000", "--lang=en-US", "--no-first-run"):
        options.add_argument(argument)
    if profile:
        options.add_argument("--user-data-dir=" + profile)
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(30)
    return browser


def quit_driver():
    global _driver
    if _driver is not None:
        _driver.quit()
        _driver = None


def png(width=320, height=240):
    """A real PNG photo: an RGB gradient the browser decodes and shows."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows += bytes((x * 255 // width, y * 255 // height, 160))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows)))
            + chunk(b"IEND", b""))


def gif():
    """A real 1×1 GIF."""
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
