"""Owners and strangers on the Pet details card: the browser that made a report keeps its
owner token and removes the report; another person's browser (a profile of its own) sees the
same Remove Report button, presses it, is told who may change the report, and the report
stays. A card link with #ownerToken= (petspot reports token ID --rotate) hands a report to
the browser that opens it."""

import json
import os
import subprocess
import urllib.error
import urllib.request

from support import DesktopSize, PhoneSize, PETSPOT
from test_found_flow import FoundFlowHelpers
from test_pet_details import PetDetailsTests

NOT_OWNER = "Only the person who made this report, or the operator, can change it. The report stays as it is."


class OwnersTests(FoundFlowHelpers):
    def kept_token(self, report_id):
        return self.driver.execute_script("return localStorage.getItem(arguments[0])", "petspot.owner." + report_id)

    def press_remove(self):
        self.tap("petDetails.removeReport.button")
        self.assertTrue(self.modal_open("remove"))
        self.tap("removeReportAlert.confirm.tap")

    def test_a_stranger_is_told_why_not_and_the_maker_removes_the_report(self):
        PetDetailsTests.submit_missing(self)
        report_id = self.card_id()
        token = self.kept_token(report_id)
        self.assertRegex(token or "", r"^[A-Za-z0-9_-]{43}$", "the page kept the report's owner token")

        back = self.as_browser(self.other_browser())
        self.driver.get(self.origin + "/pets/" + report_id)
        self.wait_card()
        self.assertEqual(self.card_state(), "loaded")
        self.assertIsNone(self.kept_token(report_id), "another profile holds no token")
        self.assertTrue(self.element("petDetails.removeReport.button").is_displayed(), "spec 003: the button stays")
        self.press_remove()
        self.wait(lambda: self.toast() == NOT_OWNER, message="the stranger is told why (saw %r)" % self.toast())
        self.assertEqual(self.card_state(), "loaded", "the card stays")
        back()
        self.assertEqual(self.server.json("/v1/reports/" + report_id)["id"], report_id, "the report stays")

        self.press_remove()
        self.wait(lambda: self.card_state() == "removed", message="the maker removed it")
        with self.assertRaises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(self.server.url + "/v1/reports/" + report_id, timeout=10)
        self.assertEqual(gone.exception.code, 404)
        gone.exception.close()
        self.assertIsNone(self.kept_token(report_id), "the token goes with the report")

    def test_a_rotated_token_link_hands_the_report_to_another_browser(self):
        PetDetailsTests.submit_missing(self)
        report_id = self.card_id()
        environment = dict(os.environ, PETSPOT_STORE="sqlite:" + os.path.join(self.server.folder, "reports.sqlite"))
        rotated = subprocess.run([PETSPOT, "reports", "token", report_id, "--rotate", "--json"], env=environment,
                                 capture_output=True, timeout=60, check=True)
        link = json.loads(rotated.stdout)["link"]
        self.assertTrue(link.startswith("/pets/%s#ownerToken=" % report_id), link)

        # The maker's old token no longer works.
        self.press_remove()
        self.wait(lambda: self.toast() == NOT_OWNER, message="the old token is refused (saw %r)" % self.toast())
        self.assertEqual(self.card_state(), "loaded")

        back = self.as_browser(self.other_browser())
        self.driver.get(self.origin + link)
        self.wait_card()
        self.assertNotIn("ownerToken", self.driver.current_url, "the token leaves the address bar")
        self.assertIsNotNone(self.kept_token(report_id))
        self.press_remove()
        self.wait(lambda: self.card_state() == "removed", message="the new owner removed it")
        back()

    def test_the_maker_marks_the_report_found_and_closes_it_from_its_card(self):
        PetDetailsTests.submit_missing(self)
        report_id = self.card_id()
        self.assertEqual(self.element("petDetails.status").text, "MISSING")
        self.assertEqual(self.element("petDetails.markFound.button").text, "Mark as Found")
        self.tap("petDetails.markFound.button")
        self.wait(lambda: self.element("petDetails.status").text == "FOUND", message="the badge says FOUND")
        self.assertEqual(self.server.json("/v1/reports/" + report_id)["status"], "FOUND")
        self.assertEqual(self.element("petDetails.reopenReport.button").text, "Reopen Report")
        self.tap("petDetails.closeReport.button")
        self.wait(lambda: self.server.json("/v1/reports/" + report_id)["status"] == "CLOSED", message="closed")
        self.wait(lambda: len(self.driver.find_elements("css selector", '[data-testid="petDetails.closeReport.button"]')) == 0,
                  message="a closed report offers only Reopen")
        self.element("petDetails.reopenReport.button")


class MatchesCardTests(FoundFlowHelpers):
    def test_a_found_card_lists_the_missing_report_it_may_be_and_opens_it(self):
        body = json.dumps({"lastSeenDate": "2025-11-10", "species": "dog", "breed": "Beagle", "gender": "FEMALE",
                           "locationLatitude": 52.2297, "locationLongitude": 21.0122, "location": "Warsaw",
                           "locationRadius": 5, "email": "owner@example.com"}).encode()
        request = urllib.request.Request(self.server.url + "/v1/reports/missing", data=body,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            missing_id = json.loads(answer.read())["id"]
        found = dict(json.loads(body), lastSeenDate="2025-11-18", locationLatitude=52.25, locationLongitude=21.0,
                     status="FOUND", gender="FEMALE", phone="+48123456789")
        del found["location"], found["locationRadius"], found["breed"]
        request = urllib.request.Request(self.server.url + "/v1/reports/found", data=json.dumps(found).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            found_id = json.loads(answer.read())["id"]
        self.driver.get(self.origin + "/pets/" + found_id)
        self.wait_card()
        self.wait(lambda: self.element("petDetails.matches").is_displayed(), message="Possible matches shown")
        self.assertEqual(self.css('[data-role="matches"] h2').text, "Possible matches")
        link = self.element("petDetails.match.tap")
        self.assertEqual(link.text, "Dog \u00b7 Beagle")
        # Measured from the missing report's grid cell, rounded (PublicLocation).
        self.assertRegex(self.css('[data-role="matches"] li').text, r"about 2\.\d km")
        link.click()
        self.wait(lambda: self.card_id() == missing_id, message="the match's card opens")
        self.wait_card()
        self.assertEqual(self.element("petDetails.status").text, "MISSING")
        self.wait(lambda: self.element("petDetails.matches").is_displayed(), message="and its found match")
        self.element("petDetails.match.tap").click()
        self.wait(lambda: self.card_id() == found_id, message="back to the found report's card")


class MatchesCardAtPhoneSizeTests(PhoneSize, MatchesCardTests):
    """The same at a phone's size (390 × 844)."""


class MatchesCardAtDesktopSizeTests(DesktopSize, MatchesCardTests):
    """The same at a desktop's size (1280 × 800)."""
