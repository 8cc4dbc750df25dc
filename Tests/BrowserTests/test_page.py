"""What every page must be: light (each step under 100 KB), self-contained (nothing loaded
from elsewhere), and testable (every interactive element carries its model identifier)."""

import re

from support import PageTest

LIMIT = 100 * 1024
IDENTIFIER = re.compile(r"^[a-z][A-Za-z]*(\.[A-Za-z]+)+(\.[a-z]+)?$")

# What the page loaded: the document, its script and style, and every step API answer, in
# bytes as received (decoded size: what the browser had to read).
WEIGHT = """
var entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
return entries.map(function (e) {
  return {name: e.name, type: e.initiatorType || 'navigation', size: e.decodedBodySize || 0};
});
"""


class PageTests(PageTest):
    def weigh(self):
        entries = self.driver.execute_script(WEIGHT)
        for entry in entries:
            self.assertTrue(entry["name"].startswith(self.origin), "loaded from elsewhere: " + entry["name"])
        return sum(e["size"] for e in entries if e["type"] != "fetch"), entries

    def test_a_toast_never_takes_a_click_meant_for_the_button_under_it(self):
        # The toast floats over the step's buttons; after "the server was not reached" the
        # person presses Submit again, and the click must reach it (on a busy machine a test
        # once clicked while the toast covered Submit: "element click intercepted").
        self.open("/report/found")
        under = self.driver.execute_script(
            "var toast = document.querySelector('[data-testid=toast]');"
            "toast.textContent = 'The server was not reached.'; toast.hidden = false;"  # as showToast does
            "var box = toast.getBoundingClientRect();"
            "var hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);"
            "return [box.width > 0, hit ? hit.getAttribute('data-testid') : null];")
        self.assertTrue(under[0], "the toast is shown")
        self.assertNotEqual(under[1], "toast", "the point under the toast belongs to what is beneath it")

    def test_every_step_weighs_under_100_kb(self):
        # One document per flow shows all of its steps: a step weighs what its page weighs.
        weights = {}
        report = ["report.js", "owner.js", "report-draft.js", "report-dom.js", "report-location.js", "report-photo.js",
                  "report-steps.js"]
        for page, scripts in (("/report/found", report), ("/report/missing", report),
                              ("/pets/r-1", ["pet.js", "owner.js", "share.js", "sightings.js"])):
            if page.startswith("/pets/"):
                self.driver.get(self.origin + page)
                self.wait(lambda: self.driver.execute_script("return document.body.dataset.state") == "removed",
                          message="the card page settled (r-1 is not in this store: the not-here state)")
            else:
                self.open(page)
            weight, entries = self.weigh()
            weights[page] = weight
            self.assertLess(weight, LIMIT, "%s: %d bytes %r" % (page, weight, entries))
            self.assertEqual(sorted(e["name"][len(self.origin):] for e in entries if e["type"] != "fetch"),
                             sorted([page, "/report/assets/report.css"] + ["/report/assets/" + one for one in scripts]))
        print("\n  page weights (bytes): " + ", ".join("%s %d" % item for item in sorted(weights.items())),
              end=" ")

    def test_the_step_api_answers_are_small(self):
        self.to_found_pet_details()
        self.type("foundPetDetails.breedTextField.input", "Beagle")
        _, entries = self.weigh()
        answers = [e for e in entries if e["type"] == "fetch"]
        self.assertTrue(answers)
        for answer in answers:
            self.assertLess(answer["size"], 8 * 1024, answer)

    def test_every_interactive_element_carries_its_model_identifier(self):
        for page in ("/report/found", "/report/missing", "/pets/r-1"):
            if page.startswith("/pets/"):
                self.driver.get(self.origin + page)
            else:
                self.open(page)
            elements = self.driver.execute_script(
                "return Array.from(document.querySelectorAll('button, input, select, textarea, option, a'))"
                ".map(function (e) { return [e.tagName, e.getAttribute('data-testid'), e.outerHTML.slice(0, 120)]; })")
            self.assertTrue(elements)
            for tag, testid, html in elements:
                if tag == "OPTION" and 'value=""' in html:
                    continue  # the dropdown's placeholder entry is not a choice
                self.assertIsNotNone(testid, "%s has no data-testid: %s" % (page, html))
                self.assertRegex(testid, IDENTIFIER, html)
            testids = [testid for _, testid, _ in elements if testid]
            self.assertEqual(len(testids), len(set(testids)), "identifiers repeat on " + page)

    def test_the_seed_identifiers_are_on_the_pages(self):
        expected = {
            "/report/missing": [
                "microchipNumber.microchipTextField.input", "microchipNumber.continueButton.tap",
                "missingContactDetails.phoneTextField.input", "missingContactDetails.emailTextField.input",
                "missingContactDetails.submitButton.tap", "missingContactDetails.backButton.tap",
                "animalPhoto.browse", "animalPhoto.remove", "animalPhoto.continue",
                "animalDescription.requestGPSButton.tap", "animalDescription.latitudeTextField.input",
                "animalDescription.longitudeTextField.input", "animalDescription.speciesDropdown.tap",
                "animalDescription.raceTextField.input", "animalDescription.genderFemale.tap",
                "animalDescription.genderMale.tap", "animalDescription.ageTextField.input",
                "animalDescription.descriptionTextArea.input", "animalDescription.datePicker.tap",
                "animalDescription.continueButton.tap", "animalDescription.backButton.tap",
                "locationPermissionAlert.cancel.tap", "locationPermissionAlert.goToSettings.tap",
            ],
            "/report/found": [
                "foundUploadPhoto.browse", "foundUploadPhoto.continue", "foundPetDetails.latitudeTextField.input",
                "foundPetDetails.longitudeTextField.input", "foundPetDetails.useCurrentLocationButton.tap",
                "foundPetDetails.collarDataTextField.input", "foundContact.submitButton.tap",
                "locationPermissionAlert.cancel.tap", "locationPermissionAlert.goToSettings.tap",
            ],
        }
        expected["/pets/r-1"] = [
            "petDetails.retry.button", "petDetails.removeReport.button", "petDetails.showMap.button",
            "petDetails.backButton.tap",
        ]
        for page, testids in expected.items():
            if page.startswith("/pets/"):
                self.driver.get(self.origin + page)
            else:
                self.open(page)
            for testid in testids:
                self.assertTrue(self.driver.find_elements("css selector", '[data-testid="%s"]' % testid),
                                "%s lacks %s" % (page, testid))
