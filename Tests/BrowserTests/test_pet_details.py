"""Submit report on a server with a reports store, and the Pet details card (spec 003) at
/pets/{id}: the store keeps the report, the card shows its values, Remove Report asks and
then removes it, and a report that is not there is "Unable to load pet details" with Retry."""

import datetime
import urllib.error
import urllib.request

from support import png
from test_found_flow import FoundFlowHelpers, yesterday


def medium(day):
    """`Nov 18, 2025`: the card's date format (MMM d, yyyy)."""
    return "%s %d, %d" % (day.strftime("%b"), day.day, day.year)


def contrast(foreground, background):
    """WCAG 2 contrast ratio of two computed `rgb(…)`/`rgba(…)` colours."""
    def luminance(colour):
        channels = [int(part) / 255 for part in colour[colour.index("(") + 1:-1].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted([luminance(foreground), luminance(background)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


class PetDetailsTests(FoundFlowHelpers):
    def submit_missing(self):
        self.open("/report/missing")
        self.type("microchipNumber.microchipTextField.input", "123456789012345")
        self.tap("microchipNumber.continueButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Animal photo")
        self.element("animalPhoto.browse").send_keys(self.photo_file("luna.png", png(64, 48)))
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription", message="Animal description")
        self.set_value("animalDescription.datePicker.tap", yesterday())
        self.choose("animalDescription.speciesDropdown.tap", "DOG")
        self.type("animalDescription.raceTextField.input", "Beagle with a very long name that does not fit " * 3)
        self.tap("animalDescription.genderFemale.tap")
        self.wait_idle()
        self.type("animalDescription.ageTextField.input", "3")
        self.type("animalDescription.descriptionTextArea.input", "Red collar.\nAnswers to Luna.")
        self.type("animalDescription.latitudeTextField.input", "52.2297")
        self.type("animalDescription.longitudeTextField.input", "21.0122")
        self.tap("animalDescription.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactDetails", message="Contact details")
        self.type("missingContactDetails.phoneTextField.input", "+48 600 700 800")
        self.type("missingContactDetails.emailTextField.input", "owner@example.com")
        self.tap("missingContactDetails.submitButton.tap")
        return self.wait_stored()

    def test_a_submitted_missing_report_is_stored_and_its_card_shows_its_values(self):
        stored = self.submit_missing()
        self.assertEqual(self.card_state(), "loaded")
        self.assertEqual(stored["microchipNumber"], "123456789012345")
        self.assertEqual(stored["phone"], "+48600700800")

        self.assertEqual(self.element("petDetails.status").text, "MISSING")
        self.assertEqual(self.element("petDetails.status").value_of_css_property("background-color"),
                         "rgba(231, 0, 11, 1)")  # red
        # The photo picked at 2/4 went with the report: the card shows it, not "Image not available".
        self.wait(lambda: self.card_photo_width() == 64, message="the card shows the photo")
        self.assertFalse(self.element("petDetails.noImage").is_displayed())
        values = self.card_values()
        day = datetime.date.today() - datetime.timedelta(days=1)
        self.assertEqual(values["Date of Disappearance"], medium(day))
        self.assertEqual(values["Microchip number"], "12345-67890-12345")
        self.assertEqual(values["Animal Species"], "Dog")
        self.assertEqual(values["Animal Sex"], "\u2640 Female")
        self.assertEqual(values["Animal Approx. Age"], "3 years")
        self.assertIn("\u00b1", values["Place of Disappearance"])
        self.assertEqual(values["Animal Additional Description"], "Red collar.\nAnswers to Luna.")
        self.assertEqual(self.element("petDetails.phone.tap").get_attribute("href"), "tel:+48600700800")
        self.assertEqual(self.element("petDetails.email.tap").get_attribute("href"), "mailto:owner@example.com")
        # Show on the map opens this service's map on the report, in the same tab.
        show_map = self.element("petDetails.showMap.button")
        self.assertEqual(show_map.get_attribute("href"),
                         self.origin + "/map?near=52.2297,21.0122&report=" + self.card_id())
        self.assertIsNone(show_map.get_dom_attribute("target"))

        # The long race is cut to its line with an ellipsis (a button that shows it in full:
        # test_card_reading); the description is not.
        race = self.css('[data-role=fields] dd[data-label="Animal Race"] button')
        self.assertEqual(race.value_of_css_property("text-overflow"), "ellipsis")
        self.assertTrue(self.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", race))
        description = self.css('[data-role=fields] dd[data-label="Animal Additional Description"]')
        self.assertEqual(description.value_of_css_property("text-overflow"), "clip")

        # The draft was cleared: the flow opens empty.
        self.assertIsNone(self.draft("missing"))

    def test_remove_report_asks_then_removes(self):
        self.submit_missing()
        report_id = self.card_id()
        self.tap("petDetails.removeReport.button")
        self.assertTrue(self.modal_open("remove"))
        self.assertIn("Remove this report?", self.css('[data-modal="remove"]').text)
        self.tap("removeReportAlert.keep.tap")
        self.assertFalse(self.modal_open("remove"))
        self.assertEqual(self.server.json("/v1/reports/" + report_id)["id"], report_id, "Keep report keeps it")
        self.tap("petDetails.removeReport.button")
        self.tap("removeReportAlert.confirm.tap")
        self.wait(lambda: self.card_state() == "removed", message="removed")
        self.assertEqual(self.element("petDetails.removed").text.splitlines()[0], "The report was removed.")
        self.driver.refresh()
        self.wait_card()
        self.assertEqual(self.card_state(), "removed", "the report is gone")
        self.assertEqual(self.element("petDetails.removed").text.splitlines()[0],
                         "This report is not here: it was removed, or the link is wrong.")
        with self.assertRaises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(self.server.url + "/v1/reports/" + report_id + "/photo", timeout=10)
        self.assertEqual(gone.exception.code, 404, "its photo went with it")
        gone.exception.close()

    def test_a_submitted_found_report_opens_its_card(self):
        self.to_pet_details()
        self.fill_pet_details()
        self.submit_found()
        self.wait_stored()
        self.assertEqual(self.element("petDetails.status").text, "FOUND")
        self.assertEqual(self.element("petDetails.status").value_of_css_property("background-color"),
                         "rgba(21, 93, 252, 1)")  # blue
        values = self.card_values()
        self.assertEqual(values["Animal Race"], "Beagle")
        self.assertEqual(values["Microchip number"], "12345-67890-12345")
        self.assertEqual(values["Animal Approx. Age"], "\u2014")
        self.assertEqual(self.element("petDetails.email.tap").text, "finder@example.com")
        self.assertEqual(self.driver.execute_script(
            "return [...document.querySelectorAll('h1')].map(h => h.textContent)"), ["Pet details"])
        self.assertGreaterEqual(contrast(*self.driver.execute_script(
            "var none = document.querySelector('.no-image');"
            "return [getComputedStyle(none).color, getComputedStyle(none.parentElement).backgroundColor]")), 4.5,
            "Image not available meets WCAG AA contrast")


class MissingCardTests(FoundFlowHelpers):
    def test_a_report_that_is_not_there_says_so_and_leads_home(self):
        self.open_card("r-not-there")
        self.assertEqual(self.card_state(), "removed")
        self.assertEqual(self.element("petDetails.removed").text.splitlines()[0],
                         "This report is not here: it was removed, or the link is wrong.")
        self.assertFalse(self.element("petDetails.retry.button").is_displayed())
        self.tap("petDetails.home.tap")
        self.wait(lambda: self.driver.current_url == self.origin + "/", message="the home page")

    def test_a_card_that_cannot_be_fetched_is_unable_to_load_and_retry_asks_again(self):
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/card"]})
        self.open_card("r-not-there")
        self.assertEqual(self.card_state(), "error")
        self.assertEqual(self.css('[data-role="error-message"]').text, "Unable to load pet details")
        self.assertTrue(self.element("petDetails.retry.button").is_displayed())
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        before = self.card_requests()
        self.tap("petDetails.retry.button")
        self.wait(lambda: self.card_requests() == before + 1, message="Retry asks again")
        self.wait_card()
        self.assertEqual(self.card_state(), "removed", "the server answered: the report is not here")

    def open_card(self, report_id):
        self.driver.get(self.origin + "/pets/" + report_id)
        self.wait_card()

    def card_requests(self):
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(function (e) {"
            " return e.name.indexOf('/card') >= 0; }).length")
