"""Sightings on the Pet details card and the map (issue 46), in a real browser: a stranger
tells "I saw this pet" with a position emulated through DevTools, the sighting is on the card's
"Seen since" timeline; the report's owner (another browser profile, handed the report by its
#ownerToken= link) sees it with the sighter's contact, sees the trail on the map (a polyline from
the report's shown place through the sighting) and hides it, and it is gone for everyone. A
refused note (over 500 characters) or a time in the future keeps what was typed. A stranger's
sighting with a photo shows its thumbnail on the timeline; a refused photo shows its message
beside the field and the sighting stays. axe finds no
serious violation on the card with the form open. With PETSPOT_SCREENSHOTS=DIR the timeline and
the trail are saved there (Docs/Screenshots)."""

import datetime
import json
import os
import urllib.request

from support import DesktopSize, PageTest, PhoneSize, png
from test_axe import axe_source

TILES = "http://127.0.0.1:9/{z}/{x}/{y}.png"  # nothing answers: the trail on a plain background


class SightingsTests(PageTest):
    server_arguments = ("--tile-url", TILES, "--tile-attribution", "Test tiles")

    def seed(self):
        """An open missing report near Warsaw: its id and owner token."""
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "dog", "breed": "Beagle", "gender": "FEMALE",
                "locationLatitude": 52.24, "locationLongitude": 21.01, "locationRadius": 5,
                "phone": "+48 600 700 800"}
        report = self.post("/v1/reports/missing", body)
        return report["id"], report["ownerToken"]

    def open_card(self, report_id, fragment=""):
        self.driver.get(self.origin + "/pets/" + report_id + fragment)
        self.wait_card()
        self.assertEqual(self.card_state(), "loaded")
        self.wait(lambda: self.element("petDetails.sightings").is_displayed(), message="Seen since shown")
        self.wait_idle()

    def items(self):
        return self.driver.find_elements("css selector", '[data-testid="petDetails.sightings.item"]')

    def screenshot(self, name):
        folder = os.environ.get("PETSPOT_SCREENSHOTS")
        if folder:
            self.driver.save_screenshot(os.path.join(folder, name + ".png"))

    def test_a_stranger_tells_a_sighting_the_owner_sees_its_trail_and_hides_it(self):
        report_id, token = self.seed()
        self.grant_location(52.2550, 21.0400)
        self.open_card(report_id)
        self.assertEqual(len(self.items()), 0)
        self.tap("petDetails.sighting.open")
        self.assertTrue(self.value("petDetails.sighting.seenAt"), "the time defaults to now")
        self.tap("petDetails.sighting.locate")
        self.wait(lambda: self.value("petDetails.sighting.latitude") == "52.25500", message="the position")
        self.assertEqual(self.value("petDetails.sighting.longitude"), "21.04000")
        self.type("petDetails.sighting.note", "Running along the river <b>fast</b>")
        self.type("petDetails.sighting.phone", "+48 600 111 222")
        self.tap("petDetails.sighting.send")
        self.wait(lambda: len(self.items()) == 1, message="the sighting on the timeline")
        self.wait_idle()
        item = self.items()[0]
        self.assertIn("Running along the river <b>fast</b>", item.text, "the note as text")
        self.assertIn("from where it was last seen", item.text)
        self.assertRegex(item.text, r"about \d(\.\d)? km from where it was last seen")
        self.assertEqual(len(item.find_elements("css selector", '[data-testid="petDetails.sightings.remove"]')), 1,
                         "its maker may remove it")
        self.assertEqual(len(item.find_elements("css selector", '[data-testid="petDetails.sightings.hide"]')), 0)
        self.assertTrue(item.find_element("css selector", "time").get_attribute("datetime").endswith("Z"))
        sightings = self.server.json("/v1/reports/" + report_id + "/sightings")["sightings"]
        self.assertEqual(len(sightings), 1)
        self.assertNotIn("phone", sightings[0], "a stranger sees no sighter contact")

        back = self.as_browser(self.other_browser())
        self.open_card(report_id, "#ownerToken=" + token)
        self.wait(lambda: len(self.items()) == 1, message="the owner sees the sighting")
        item = self.items()[0]
        self.assertIn("+48 600 111 222", item.text, "the owner sees the sighter's phone")
        self.assertEqual(len(item.find_elements("css selector", '[data-testid="petDetails.sightings.remove"]')), 0)
        self.driver.execute_script("arguments[0].scrollIntoView()", self.element("petDetails.sightings"))
        self.screenshot("missing-card-sightings")
        self.driver.get(self.origin + "/map?near=52.24,21.01&report=" + report_id)
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.fitted === 'true'"),
                  message="the map is drawn")
        trail = self.css('[data-testid="map.trail"]')
        self.assertEqual(trail.get_attribute("data-points"), "2", "the shown place and one sighting")
        self.assertEqual(len(self.driver.find_elements("css selector", '[data-testid="map.trail.sighting"]')), 1)
        self.screenshot("map-trail")
        self.open_card(report_id)
        self.wait(lambda: len(self.items()) == 1, message="the sighting again")
        self.tap("petDetails.sightings.hide")
        self.wait(lambda: len(self.items()) == 0, message="hidden")
        back()

        self.assertEqual(self.server.json("/v1/reports/" + report_id + "/sightings")["sightings"], [])
        self.open_card(report_id)
        self.assertEqual(len(self.items()), 0, "gone for everyone")

    def test_a_refused_sighting_keeps_what_was_typed(self):
        report_id, _ = self.seed()
        self.open_card(report_id)
        self.tap("petDetails.sighting.open")
        tomorrow = (datetime.datetime.now() + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
        self.set_value("petDetails.sighting.seenAt", tomorrow)
        self.type("petDetails.sighting.latitude", "52.25")
        self.type("petDetails.sighting.longitude", "21.02")
        note = "x" * 501
        self.type("petDetails.sighting.note", note)
        self.assertEqual(self.element("petDetails.sighting.noteCount").text, "501 / 500")
        self.tap("petDetails.sighting.send")
        self.wait(lambda: self.element("petDetails.sighting.note.error").is_displayed(), message="the note's problem")
        self.assertTrue(self.element("petDetails.sighting.seenAt.error").is_displayed(), "the time's problem")
        self.assertEqual(self.value("petDetails.sighting.note"), note)
        self.assertEqual(self.value("petDetails.sighting.seenAt"), tomorrow)
        self.assertEqual(self.value("petDetails.sighting.latitude"), "52.25")
        self.assertEqual(self.server.json("/v1/reports/" + report_id + "/sightings")["sightings"], [])

    def test_a_strangers_sighting_with_a_photo_shows_its_thumbnail(self):
        report_id, _ = self.seed()
        self.open_card(report_id)
        self.tap("petDetails.sighting.open")
        self.type("petDetails.sighting.latitude", "52.25")
        self.type("petDetails.sighting.longitude", "21.02")
        self.element("petDetails.sighting.photo").send_keys(self.photo_file("seen.png", png(64, 48)))
        self.tap("petDetails.sighting.send")
        self.wait(lambda: len(self.items()) == 1, message="the sighting on the timeline")
        self.wait_idle()
        photo = self.css('[data-testid="petDetails.sightings.photo"]')
        self.wait(lambda: self.driver.execute_script("return arguments[0].naturalWidth", photo) == 64,
                  message="the thumbnail is drawn")
        self.assertEqual(photo.get_attribute("alt"), "Photo taken by the person who saw the pet")
        sightings = self.server.json("/v1/reports/" + report_id + "/sightings")["sightings"]
        self.assertEqual(photo.get_attribute("src"), self.origin + sightings[0]["photoUrl"])
        self.assertFalse(self.element("petDetails.sighting.photo.error").is_displayed())
        self.assertEqual(self.serious_violations(), [], "the timeline with a thumbnail")

    def test_a_refused_photo_shows_its_message_and_the_sighting_stays(self):
        report_id, _ = self.seed()
        self.open_card(report_id)
        self.tap("petDetails.sighting.open")
        self.type("petDetails.sighting.latitude", "52.25")
        self.type("petDetails.sighting.longitude", "21.02")
        self.element("petDetails.sighting.photo").send_keys(self.photo_file("notes.png", b"not a photo at all"))
        self.tap("petDetails.sighting.send")
        self.wait(lambda: self.element("petDetails.sighting.photo.error").is_displayed(), message="the photo's problem")
        self.assertIn("is not a JPG, PNG, HEIC, GIF or WEBP image", self.element("petDetails.sighting.photo.error").text)
        self.wait(lambda: len(self.items()) == 1, message="the sighting stays")
        self.assertEqual(self.driver.find_elements("css selector", '[data-testid="petDetails.sightings.photo"]'), [])
        sightings = self.server.json("/v1/reports/" + report_id + "/sightings")["sightings"]
        self.assertEqual(len(sightings), 1)
        self.assertNotIn("photoUrl", sightings[0])

    def test_a_report_closed_meanwhile_says_so_and_a_closed_one_offers_no_form(self):
        report_id, token = self.seed()
        self.open_card(report_id)
        self.tap("petDetails.sighting.open")
        self.type("petDetails.sighting.latitude", "52.25")
        self.type("petDetails.sighting.longitude", "21.02")
        self.type("petDetails.sighting.note", "By the bakery")
        request = urllib.request.Request(self.origin + "/v1/reports/" + report_id, method="PATCH",
                                         data=json.dumps({"status": "CLOSED"}).encode(),
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": "Bearer " + token})
        urllib.request.urlopen(request, timeout=10).close()
        self.tap("petDetails.sighting.send")
        self.wait(lambda: self.element("petDetails.sighting.error").is_displayed(), message="the 409's message")
        self.assertTrue(self.element("petDetails.sighting.error").text)
        self.assertEqual(self.value("petDetails.sighting.note"), "By the bakery")
        self.open_card(report_id)
        self.assertFalse(self.element("petDetails.sighting.open").is_displayed(), "a closed report takes none")

    def test_the_card_with_the_form_open_has_no_serious_accessibility_violation(self):
        report_id, _ = self.seed()
        self.open_card(report_id)
        self.tap("petDetails.sighting.open")
        self.assertEqual(self.serious_violations(), [])

    def serious_violations(self):
        """axe's serious and critical violations on the page as it is."""
        self.driver.execute_script(axe_source())
        violations = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            " axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); });")
        return ["%s: %s" % (v["id"], v["help"]) for v in violations if v["impact"] in ("serious", "critical")]


class SightingsAtPhoneSizeTests(PhoneSize, SightingsTests):
    pass


class SightingsAtDesktopSizeTests(DesktopSize, SightingsTests):
    pass
