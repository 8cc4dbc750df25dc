"""Saves a screenshot of every report step, the alert, the Pet details card and its states,
as a person sees them in a 480-pixel-wide window, for Docs/Web.md:

    /usr/bin/python3 Tests/BrowserTests/screenshots.py PATH/TO/petspot OUTPUT_FOLDER

It walks the same flows as the browser tests, with a real photo and the browser's location
set through Chromium's DevTools."""

import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import support  # noqa: E402
from support import PageTest, png  # noqa: E402
from test_found_flow import FoundFlowHelpers  # noqa: E402


class Screenshots(FoundFlowHelpers):
    output = "."
    # The map's tiles from a closed port: the screenshot is the same on every machine, online
    # or not (markers and circles on a plain background, and the page saying so).
    server_arguments = ("--tile-url", "http://127.0.0.1:9/{z}/{x}/{y}.png")

    def save(self, name):
        self.wait_idle()
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(480, max(700, min(height + 120, 2400)))
        self.driver.save_screenshot(os.path.join(self.output, name + ".png"))
        self.driver.set_window_size(480, 1000)
        print("saved", name + ".png")

    def runTest(self):
        self.grant_location(52.2297, 21.0122)
        self.open("/report/found")
        self.save("found-1-upload-photo-empty")
        self.upload_photo("found-dog.png", png(320, 240))
        self.save("found-1-upload-photo-attached")
        self.tap("foundUploadPhoto.continue")
        self.wait(lambda: self.visible_step() == "petDetails")
        self.type("foundPetDetails.latitudeTextField.input", "95")
        self.tap("foundPetDetails.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.save("found-2-pet-details-errors")
        self.fill_pet_details()
        self.tap("foundPetDetails.useCurrentLocationButton.tap")
        self.wait(lambda: self.location_helper("petDetails") == "Location captured successfully")
        self.save("found-2-pet-details-filled")
        self.tap("foundPetDetails.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactInfo")
        self.type("foundContact.phoneTextField.input", "+48 123 456 789")
        self.type("foundContact.emailTextField.input", "finder@example.com")
        self.save("found-3-contact-information")
        self.tap("foundContact.submitButton.tap")
        self.wait_stored()
        self.wait(lambda: (self.card_photo_width() or 0) > 0, message="the card shows the photo")
        self.save("found-card")

        self.deny_location()
        self.open("/report/missing")
        self.type("microchipNumber.microchipTextField.input", "1234567")
        self.type("microchipNumber.microchipTextField.input", "x", clear=False)
        self.save("missing-1-microchip-refused")
        self.type("microchipNumber.microchipTextField.input", "123456789012345")
        self.save("missing-1-microchip")
        self.tap("microchipNumber.continueButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto")
        self.save("missing-2-animal-photo")
        self.element("animalPhoto.browse").send_keys(self.photo_file("luna.png", png(320, 240)))
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription")
        self.save("missing-3-animal-description")
        self.tap("animalDescription.requestGPSButton.tap")
        self.wait(lambda: self.modal_open("permission"))
        self.save("missing-3-location-alert")
        self.tap("locationPermissionAlert.cancel.tap")
        self.choose("animalDescription.speciesDropdown.tap", "DOG")
        self.type("animalDescription.raceTextField.input", "Beagle")
        self.tap("animalDescription.genderFemale.tap")
        self.type("animalDescription.ageTextField.input", "3")
        self.type("animalDescription.descriptionTextArea.input", "Red collar with a bell. Answers to Luna.")
        self.type("animalDescription.latitudeTextField.input", "52.2297")
        self.type("animalDescription.longitudeTextField.input", "21.0122")
        self.tap("animalDescription.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactDetails")
        self.tap("missingContactDetails.submitButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.save("missing-4-contact-details-refused")
        self.type("missingContactDetails.phoneTextField.input", "+48 600 700 800")
        self.type("missingContactDetails.emailTextField.input", "owner@example.com")
        self.save("missing-4-contact-details")
        self.tap("missingContactDetails.submitButton.tap")
        self.wait_stored()
        self.wait(lambda: (self.card_photo_width() or 0) > 0, message="the card shows the photo")
        self.save("missing-card")
        self.tap("petDetails.removeReport.button")
        self.save("missing-card-remove-question")
        self.tap("removeReportAlert.keep.tap")

        self.driver.get(self.origin + "/pets/r-not-there")
        self.wait_card()
        self.save("card-not-here")

        # Home: Near you for Warsaw, then a report made near it announced live; the map.
        self.open("/")
        self.type("home.place.input", "52.2297, 21.0122")
        self.tap("home.search.tap")
        self.wait(lambda: self.driver.execute_script(
            "return document.querySelectorAll(\"[data-testid='home.item']\").length") > 0, message="listed")
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.alerts") == "open",
                  message="the alerts stream opened")
        self.save("home-near-you")
        self.post_found_near()
        self.wait(lambda: self.element("home.newReports.tap").is_displayed(), message="announced")
        self.save("home-new-report")
        self.driver.get(self.origin + "/map?near=52.2297,21.0122")
        self.wait(lambda: (self.driver.execute_script("return document.body.dataset.drawn") or "") == "3,1",
                  message="the map drew the reports")
        self.wait(lambda: self.element("map.tilesUnavailable").is_displayed(), message="tiles unavailable said")
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.fitted") == "true",
                  message="the view is final")
        self.save("map-offline")

    def post_found_near(self):
        import datetime
        import json
        import urllib.request
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "CAT", "gender": "MALE", "locationLatitude": 52.25,
                "locationLongitude": 21.0, "phone": "+48 600 700 900", "email": "finder@example.com"}
        request = urllib.request.Request(self.origin + "/v1/reports/found", data=json.dumps(body).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).read()


def main(arguments):
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    os.environ["PETSPOT_BINARY"] = support.PETSPOT = os.path.abspath(arguments[0])
    os.makedirs(arguments[1], exist_ok=True)
    Screenshots.output = os.path.abspath(arguments[1])
    PageTest.files_directory = tempfile.mkdtemp(prefix="petspot-screens-")
    test = Screenshots()
    test.setUp()
    try:
        test.runTest()
    finally:
        test.tearDown()
        test.doCleanups()
        support.quit_driver()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
