"""axe-core 4.x (PyPI ships it inside axe-playwright-python's wheel, which scripts/install-deps
fetches into .build/browser-venv) run through Selenium on every page: no serious or critical
violation on the home page, both report flows, a Pet details card, the map, at phone and
desktop sizes."""

import datetime
import json
import os
import urllib.request
import zipfile
from support import PageTest

WHEEL = os.path.join(os.path.dirname(__file__), "..", "..", ".build", "browser-venv", "wheels",
                     "axe_playwright_python-0.1.8-py3-none-any.whl")


def axe_source():
    with zipfile.ZipFile(WHEEL) as wheel:
        return wheel.read("axe_playwright_python/axe.min.js").decode()


class AccessibilityTests(PageTest):
    server_arguments = ("--tile-url", "http://127.0.0.1:9/{z}/{x}/{y}.png")

    def seed(self):
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "dog", "breed": "Beagle", "gender": "FEMALE",
                "locationLatitude": 52.24, "locationLongitude": 21.01, "locationRadius": 5,
                "phone": "+48 600 700 800", "email": "owner@example.com"}
        request = urllib.request.Request(self.origin + "/v1/reports/missing", data=json.dumps(body).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())["id"]

    def serious(self):
        """The serious and critical violations axe finds on the page as it is now."""
        self.driver.execute_script(axe_source())
        violations = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            " axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); },"
            " function (e) { done([{id: 'axe-failed', impact: 'critical', help: String(e), nodes: []}]); });")
        return [
            "%s (%s): %s — %s" % (v["id"], v["impact"], v["help"],
                                  "; ".join(n.get("target", [""])[0] if n.get("target") else "" for n in v["nodes"][:3]))
            for v in violations if v["impact"] in ("serious", "critical")
        ]

    def test_axe_finds_a_violation_when_there_is_one(self):
        self.open("/")
        self.driver.execute_script(
            "var img = document.createElement('img'); img.src = 'data:,'; document.querySelector('main').append(img);")
        self.assertTrue(any(v.startswith("image-alt (critical)") for v in self.serious()), self.serious())

    def test_no_page_has_a_serious_or_critical_violation(self):
        report = self.seed()
        version = None
        for width, height in ((390, 844), (1280, 900)):
            self.driver.set_window_size(width, height)
            for path, settle in (
                ("/", None),
                ("/?near=52.2297,21.0122&page=1", lambda: self.driver.execute_script(
                    "return document.querySelectorAll('[data-testid=\"home.item\"]').length") == 1),
                ("/report/missing", None),
                ("/report/found", None),
                ("/pets/" + report, lambda: self.card_state() == "loaded"),
                ("/map?near=52.2297,21.0122", lambda: self.driver.execute_script(
                    "return document.body.dataset.drawn") == "1,1"),
            ):
                self.driver.get(self.origin + path)
                if settle:
                    self.wait(settle, message="%s settled" % path)
                else:
                    self.wait_ready()
                found = self.serious()
                self.assertEqual(found, [], "%s at %dx%d" % (path, width, height))
                version = version or self.driver.execute_script("return axe.version")
        self.assertTrue(version.startswith("4."), version)
        print("\n  axe-core %s: no serious or critical violation" % version, end=" ")

    def test_a_chosen_photo_a_refused_date_and_possible_matches_have_none_either(self):
        """The states issue 43 changed: a photo's summary with focus, a date's message read out,
        a card's Possible matches with a title cut to its line."""
        self.seed()
        found = {"lastSeenDate": datetime.date.today().isoformat(), "species": "dog", "gender": "FEMALE",
                 "locationLatitude": 52.2297, "locationLongitude": 21.0122, "phone": "+48123456789",
                 "email": "finder@example.com", "status": "FOUND"}
        request = urllib.request.Request(self.origin + "/v1/reports/found", data=json.dumps(found).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            found_id = json.loads(answer.read())["id"]
        self.addCleanup(self.driver.set_window_size, 480, 1000)

        def audit(state):
            for width, height in ((390, 844), (1280, 900)):
                self.driver.set_window_size(width, height)
                self.assertEqual(self.serious(), [], "%s at %dx%d" % (state, width, height))

        self.to_animal_description()
        self.set_value("animalDescription.datePicker.tap", "2099-01-01")
        self.wait(lambda: self.error_for("animalDescription", "lastSeenDate"), message="the date's message")
        audit("a refused date")
        self.tap("animalDescription.backButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Animal photo")
        audit("a chosen photo")
        self.driver.get(self.origin + "/pets/" + found_id)
        self.wait(lambda: self.element("petDetails.matches").is_displayed(), message="Possible matches")
        audit("a card's matches")
