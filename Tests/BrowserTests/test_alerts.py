"""Alerts by mail on the pages (issue 45): the home page offers "Email me when a pet is reported
near here" only on a server that sends mail; the form subscribes the place the list shows; the
confirmation mail's link opens a page whose one button (a plain form POST, no script needed)
starts the alerts; both pages are axe clean. A real SMTP server (python3-aiosmtpd,
Sources/MailTestSupport/smtp_server.py) takes the mail."""

import email
import email.policy
import glob
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

from support import PageTest
from test_axe import axe_source

SMTP_SERVER = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "MailTestSupport", "smtp_server.py")
PUBLIC = "http://petspot.test"


class SMTP:
    """smtp_server.py in a temporary folder: the mails it takes, as parsed messages."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="petspot-mails-")
        self.process = subprocess.Popen(["/usr/bin/python3", SMTP_SERVER, self.folder],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        ready, _, _ = select.select([self.process.stdout], [], [], 30)
        line = self.process.stdout.readline().decode() if ready else ""
        if not line.startswith("ready "):
            self.stop()
            raise RuntimeError("smtp_server.py did not start: %r" % line)
        self.port = int(line.split()[1])

    def mails(self):
        kept = []
        for path in sorted(glob.glob(os.path.join(self.folder, "mail-*.json"))):
            with open(path) as file:
                kept.append(email.message_from_string(json.load(file)["data"], policy=email.policy.default))
        return kept

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def text_part(message):
    return message.get_body(preferencelist=("plain",)).get_content()


class MailPageTest(PageTest):
    """A test whose server sends mail to its own SMTP server (`self.smtp`)."""

    def setUp(self):
        self.smtp = SMTP()
        self.addCleanup(self.smtp.stop)
        self.server_arguments = ("--smtp", "smtp://127.0.0.1:%d" % self.smtp.port, "--mail-from",
                                 "alerts@petspot.test", "--public-url", PUBLIC)
        super().setUp()

    def wait_mail(self, condition=lambda mail: True):
        """The first mail kept that meets `condition`, waiting for it (60 s at most)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            kept = [mail for mail in self.smtp.mails() if condition(mail)]
            if kept:
                return kept[0]
            time.sleep(0.05)
        self.fail("no such mail came")


class AlertsPageTests(MailPageTest):

    def serious(self):
        self.driver.execute_script(axe_source())
        violations = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            " axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); });")
        return ["%s (%s)" % (v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")]

    def test_the_home_page_subscribes_the_listed_place_and_the_mails_button_confirms(self):
        self.open("/")
        self.tap("home.alerts.submit.tap")
        status = lambda: self.element("home.alerts.status").text
        self.wait(lambda: "Show the reports near a place first" in status(), message="asks for a place first")
        self.open("/?near=52.2297,21.0122")
        self.wait_idle()
        self.assertEqual(self.serious(), [])
        self.type("home.alerts.email.input", "Ann@Example.org")
        self.choose("home.alerts.km.input", "5")
        self.tap("home.alerts.submit.tap")
        self.wait(lambda: status().startswith("Check your mail"), message="the form's answer (saw %r)" % status())
        self.wait_mail()
        mails = self.smtp.mails()
        self.assertEqual(len(mails), 1)
        self.assertEqual(mails[0]["To"], "ann@example.org")
        link = next(word for word in text_part(mails[0]).split() if word.startswith(PUBLIC + "/subscriptions/confirm"))
        self.driver.get(self.origin + link[len(PUBLIC):])
        self.assertEqual(self.element("subscription.confirm.heading").text, "Confirm your alerts")
        self.assertEqual(self.serious(), [])
        self.tap("subscription.confirm.submit")
        self.wait(lambda: self.driver.find_elements("css selector", '[data-testid="subscription.confirmed.heading"]'),
                  message="the confirmed page")
        self.assertEqual(self.element("subscription.confirmed.heading").text, "Alerts on")
        self.assertEqual(self.serious(), [])

    def test_the_confirmation_page_works_without_javascript(self):
        self.open("/?near=52.2297,21.0122")
        self.wait_idle()
        self.type("home.alerts.email.input", "bob@example.org")
        self.tap("home.alerts.submit.tap")
        link = next(word for word in text_part(self.wait_mail()).split() if "/subscriptions/confirm" in word)
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.driver.get(self.origin + link[len(PUBLIC):])
            self.tap("subscription.confirm.submit")
            self.wait(lambda: self.driver.find_elements("css selector",
                                                        '[data-testid="subscription.confirmed.heading"]'),
                      message="confirmed without script")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


class NoMailPageTests(PageTest):
    def test_a_server_without_mail_offers_no_alerts(self):
        self.open("/?near=52.2297,21.0122")
        self.wait_idle()
        self.assertEqual(self.driver.find_elements("css selector", '[data-testid="home.alerts.email.input"]'), [])


class MessagePageTests(MailPageTest):

    def test_a_stranger_sends_the_reporter_a_message_from_the_card(self):
        import datetime
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "dog", "breed": "Beagle", "gender": "FEMALE",
                "locationLatitude": 52.24, "locationLongitude": 21.01, "locationRadius": 5,
                "email": "owner@example.com"}
        report = self.post("/v1/reports/missing", body)["id"]
        self.driver.get(self.origin + "/pets/" + report)
        self.wait_card()
        self.wait(lambda: self.element("petDetails.message").is_displayed(), message="the message form")
        self.tap("petDetails.message.tap")
        self.tap("petDetails.message.send.tap")
        status = lambda: self.element("petDetails.message.status").text
        self.wait(lambda: status().startswith("Fill in"), message="asks for every field")
        self.type("petDetails.message.name.input", "Ann")
        self.type("petDetails.message.contact.input", "ann@example.org")
        self.type("petDetails.message.text.input", "I saw her by the park.")
        self.tap("petDetails.message.send.tap")
        self.wait(lambda: status().startswith("Sent."), message="sent (saw %r)" % status())
        self.assertNotIn("owner@example.com", self.driver.page_source)
        # (The report's own "Manage your report" mail comes too.)
        mail = self.wait_mail(lambda mail: mail["Subject"].startswith("A message about"))
        self.assertEqual(mail["To"], "owner@example.com")
        self.assertEqual(mail["Reply-To"], "ann@example.org")
        self.assertIn("I saw her by the park.", text_part(mail))


class ManageLinkPageTests(MailPageTest):
    """Issue 47 item 5: a report made with an email gets its owner link by mail; opened in a
    fresh browser profile (another device), the card gives back Mark as Found."""


    def test_the_mailed_owner_link_gives_back_mark_as_found_in_a_fresh_profile(self):
        import datetime
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "dog", "breed": "Beagle", "gender": "FEMALE",
                "locationLatitude": 52.24, "locationLongitude": 21.01, "locationRadius": 5,
                "email": "owner@example.com"}
        created = self.post("/v1/reports/missing", body)
        mail = self.wait_mail()
        self.assertEqual(mail["To"], "owner@example.com")
        link = next(word for word in text_part(mail).split() if "#ownerToken=" in word)
        self.assertEqual(link, "%s/pets/%s#ownerToken=%s" % (PUBLIC, created["id"], created["ownerToken"]))
        back = self.as_browser(self.other_browser())
        try:
            self.driver.get(self.origin + link[len(PUBLIC):])
            self.wait_card()
            self.assertNotIn("ownerToken", self.driver.current_url, "the token leaves the address bar")
            self.tap("petDetails.markFound.button")
            self.wait(lambda: self.element("petDetails.status").text == "FOUND", message="marked found")
        finally:
            back()
        self.assertEqual(self.server.json("/v1/reports/" + created["id"])["status"], "FOUND")

    def test_lost_your_link_mails_a_code_whose_button_gives_the_report_to_another_browser(self):
        import datetime
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "cat", "breed": "Tabby", "gender": "FEMALE", "locationLatitude": 52.24,
                "locationLongitude": 21.01, "locationRadius": 5, "email": "owner@example.com"}
        created = self.post("/v1/reports/missing", body)
        self.driver.get(self.origin + "/pets/" + created["id"])
        self.wait_card()
        self.wait(lambda: self.element("petDetails.lostLink.tap").is_displayed(), message="the lost-link button")
        self.tap("petDetails.lostLink.tap")
        self.wait(lambda: self.element("petDetails.lostLink.status").text.startswith("If this report gave"),
                  message="the answer")
        mail = self.wait_mail(lambda mail: "/manage?code=" in text_part(mail))
        link = next(word for word in text_part(mail).split() if "/manage?code=" in word)
        back = self.as_browser(self.other_browser())
        try:
            self.driver.get(self.origin + link[len(PUBLIC):])
            self.tap("manageLink.submit")
            self.wait_card()
            self.assertNotIn("ownerToken", self.driver.current_url, "the token leaves the address bar")
            self.tap("petDetails.markFound.button")
            self.wait(lambda: self.element("petDetails.status").text == "FOUND", message="marked found")
        finally:
            back()
