"""The printable poster (/pets/{id}/poster, issue 46 item 2): printed by Chromium through
DevTools' Page.printToPDF it is one page at A4 and at Letter (poppler's pdfinfo), and Debian's
zbarimg reads its QR code, rendered by pdftoppm, as the card's absolute address. A stranger's
poster carries no phone; the report's owner ticks "Print my phone on the poster" and the phone
is on the poster and its tear-off strips (issue 47). On a phone the preview is scaled to the
screen's width and still prints at full size. No serious axe violation."""

import base64
import os
import shutil
import subprocess
import tempfile
import urllib.request

from support import PageTest, png
import test_axe

# Each paper's size in points, as pdfinfo names it (Chromium rounds A4 to 594.96 x 841.92).
PAPERS = {"a4": (595.28, 841.89, "(A4)"), "letter": (612.0, 792.0, "(letter)")}
PHONE = "+48 600 700 800"
# The phone as the store keeps it and the contact route gives it.
STORED_PHONE = "+48600700800"


def tool(name):
    path = shutil.which(name)
    if path is None:
        raise AssertionError("%s is missing: bash scripts/install-deps --tests" % name)
    return path


class PosterTests(PageTest):
    def setUp(self):
        super().setUp()
        self.folder = tempfile.mkdtemp(prefix="petspot-poster-")
        self.addCleanup(shutil.rmtree, self.folder, True)

    def seed(self):
        """A missing Beagle near Warsaw with a photo and a reward; its id and owner token."""
        created = self.post("/v1/reports/missing", {
            "lastSeenDate": "2025-11-17", "species": "dog", "breed": "Beagle", "gender": "FEMALE",
            "locationLatitude": 52.229712345, "locationLongitude": 21.012298765, "locationRadius": 5,
            "description": "Red collar, answers to Luna.", "reward": "500 PLN",
            "phone": PHONE, "email": "owner@example.com"})
        self.post("/v1/reports/%s/photo" % created["id"], png(320, 240), content_type="image/png", method="PUT",
                  token=created["ownerToken"])
        return created["id"], created["ownerToken"]

    def open_poster(self, report, paper=None):
        self.driver.get(self.origin + "/pets/%s/poster%s" % (report, "?paper=" + paper if paper else ""))
        self.wait_ready()
        self.wait(lambda: self.driver.execute_script(
            "var i = document.querySelector('[data-testid=\"poster.photo\"]'); return !i || (i.complete && i.naturalWidth > 0)"),
            message="the photo loaded")

    def print_pdf(self, name):
        printed = self.driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})
        path = os.path.join(self.folder, name + ".pdf")
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(printed["data"]))
        return path

    def pdf_info(self, path):
        out = subprocess.run([tool("pdfinfo"), path], capture_output=True, text=True, timeout=60, check=True).stdout
        return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)

    def assert_size(self, info, width, height, name):
        """pdfinfo's `Page size: W x H pts (NAME)` is `name`, within a point of `width` x `height`."""
        words = info["Page size"].split()
        self.assertEqual(words[-1], name, info["Page size"])
        self.assertAlmostEqual(float(words[0]), width, delta=1.0)
        self.assertAlmostEqual(float(words[2]), height, delta=1.0)

    def pdf_text(self, path):
        return subprocess.run([tool("pdftotext"), "-layout", path, "-"], capture_output=True, text=True, timeout=60,
                              check=True).stdout

    def qr_text(self, path):
        prefix = os.path.join(self.folder, os.path.basename(path) + "-page")
        subprocess.run([tool("pdftoppm"), "-r", "150", "-png", path, prefix], check=True, timeout=120)
        pages = sorted(f for f in os.listdir(self.folder) if f.startswith(os.path.basename(prefix)))
        self.assertEqual(len(pages), 1, pages)
        read = subprocess.run([tool("zbarimg"), "--raw", "-q", os.path.join(self.folder, pages[0])],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(read.returncode, 0, read.stderr)
        return read.stdout.strip()

    def test_the_poster_prints_on_one_page_at_a4_and_letter_and_its_qr_code_reads_as_the_cards_address(self):
        report, _ = self.seed()
        for paper, size in PAPERS.items():
            self.open_poster(report, paper)
            self.assertEqual(self.element("poster.headline").text, "MISSING DOG")
            pdf = self.print_pdf(paper)
            info = self.pdf_info(pdf)
            self.assertEqual(info["Pages"].strip(), "1", "%s: %s" % (paper, info))
            self.assert_size(info, *size)
            self.assertEqual(self.qr_text(pdf), self.origin + "/pets/" + report, paper)
            text = self.pdf_text(pdf)
            for shown in ("MISSING DOG", "Beagle", "near Warsaw", "Reward: 500 PLN", "Nov 17, 2025"):
                self.assertIn(shown, text, paper)
        # The default is A4.
        self.open_poster(report)
        self.assert_size(self.pdf_info(self.print_pdf("default")), *PAPERS["a4"])

    def test_a_strangers_poster_has_no_phone_and_the_owners_box_writes_it_in(self):
        report, token = self.seed()
        # A stranger: no box, no phone in the page or the printed poster.
        self.open_poster(report)
        self.assertFalse(self.element("poster.ownerPhone.toggle").is_displayed())
        for secret in ("600 700", "600700", "owner@example.com", "52.2297", "21.0122"):
            self.assertNotIn(secret, self.driver.page_source)
            self.assertNotIn(secret, self.pdf_text(self.print_pdf("stranger")))
        # The owner (this browser kept the token, as report.js does): unticked at first.
        self.driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", "petspot.owner." + report, token)
        self.addCleanup(self.driver.execute_script, "localStorage.clear()")
        self.open_poster(report)
        box = self.element("poster.ownerPhone.toggle")
        self.assertTrue(box.is_displayed())
        self.assertFalse(box.is_selected())
        self.assertFalse(self.element("poster.phone").is_displayed())
        box.click()
        self.wait(lambda: self.element("poster.phone").is_displayed(), message="the phone line")
        self.assertIn(STORED_PHONE, self.element("poster.phone").text)
        strips = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-testid=\"poster.strip\"]')).map(s => s.textContent)")
        self.assertEqual(len(strips), 8)
        for strip in strips:
            self.assertIn(STORED_PHONE, strip)
        owner_pdf = self.print_pdf("owner")
        self.assertEqual(self.pdf_info(owner_pdf)["Pages"].strip(), "1")
        self.assertIn(STORED_PHONE, self.pdf_text(owner_pdf).replace(" ", ""))
        # Unticked: out again; and nothing was stored (the page as served has no phone).
        box.click()
        self.wait(lambda: not self.element("poster.phone").is_displayed(), message="the phone line hidden")
        with urllib.request.urlopen(self.origin + "/pets/%s/poster" % report, timeout=10) as answer:
            served = answer.read().decode()
        self.assertNotIn("600700", served)
        self.assertNotIn("600 700", served)

    def test_on_a_phone_the_preview_fits_the_screen_and_still_prints_on_one_page(self):
        report, _ = self.seed()
        current = self.driver.get_window_size()
        self.addCleanup(self.driver.set_window_size, current["width"], current["height"])
        self.driver.set_window_size(390, 844)
        for paper, size in PAPERS.items():
            self.open_poster(report, paper)
            fits = self.driver.execute_script(
                "var root = document.documentElement, sheet = document.querySelector('.sheet').getBoundingClientRect();"
                "return {scroll: root.scrollWidth, width: root.clientWidth, left: sheet.left, right: sheet.right,"
                " scale: parseFloat(root.style.getPropertyValue('--preview-scale'))}")
            self.assertLessEqual(fits["scroll"], fits["width"], "%s scrolls sideways: %s" % (paper, fits))
            self.assertGreaterEqual(fits["left"], 0, fits)
            self.assertLessEqual(fits["right"], fits["width"], fits)
            self.assertLess(fits["scale"], 0.6, fits)
            info = self.pdf_info(self.print_pdf("phone-" + paper))
            self.assertEqual(info["Pages"].strip(), "1", "%s: %s" % (paper, info))
            self.assert_size(info, *size)
            self.assertEqual(self.qr_text(self.print_pdf("phone-qr-" + paper)), self.origin + "/pets/" + report)
        # A wide window shows the sheet at its full size.
        self.driver.set_window_size(1280, 900)
        self.open_poster(report)
        self.assertEqual(self.driver.execute_script(
            "return document.documentElement.style.getPropertyValue('--preview-scale')"), "1")

    def test_the_card_links_to_its_poster(self):
        report, _ = self.seed()
        self.driver.get(self.origin + "/pets/" + report)
        self.wait_card()
        link = self.element("petDetails.poster.tap")
        self.assertEqual(link.text, "Print a poster")
        link.click()
        self.wait(lambda: self.driver.current_url == self.origin + "/pets/%s/poster" % report, message="the poster")

    def test_the_poster_has_no_serious_accessibility_violation(self):
        report, token = self.seed()
        self.driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", "petspot.owner." + report, token)
        self.addCleanup(self.driver.execute_script, "localStorage.clear()")
        current = self.driver.get_window_size()
        self.addCleanup(self.driver.set_window_size, current["width"], current["height"])
        for width, height in ((390, 844), (1280, 900)):
            self.driver.set_window_size(width, height)
            for paper in PAPERS:
                self.open_poster(report, paper)
                found = test_axe.AccessibilityTests.serious(self)
                self.assertEqual(found, [], "%s at %dx%d" % (paper, width, height))
