"""The Missing flow's steps 2/4 and 3/4 (specs 000, 001, 002) in a real browser."""

import datetime
import json

from support import PageTest, gif


class MissingFlowTests(PageTest):
    def to_animal_description(self):
        self.open("/report/missing")
        path = self.photo_file("luna.gif", gif())
        self.element("animalPhoto.browse").send_keys(path)
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription", message="Animal description")

    def test_missing_steps_two_and_three(self):
        self.open("/report/missing")
        self.assertEqual(self.visible_step(), "animalPhoto")
        self.assertEqual(self.progress(), "2/4")
        self.assertEqual(self.css('section[data-step="animalPhoto"] [data-role="photo-helper"]').text,
                         "A photo of the animal is required to continue.")
        self.tap("animalPhoto.continue")
        self.wait_toast("Photo is mandatory")

        # The Missing flow takes a GIF; Remove clears it and the toast comes back.
        path = self.photo_file("luna.gif", gif())
        self.element("animalPhoto.browse").send_keys(path)
        self.wait_idle()
        self.assertEqual(self.css('[data-step="animalPhoto"] [data-role="photo-name"]').text, "luna.gif")
        self.tap("animalPhoto.remove")
        self.assertTrue(self.css('[data-step="animalPhoto"] [data-role="photo-empty"]').is_displayed())
        self.element("animalPhoto.browse").send_keys(path)
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription", message="Animal description")
        self.assertEqual(self.progress(), "3/4")

        # The date defaults to today, and no later day is offered.
        today = datetime.date.today().isoformat()
        self.assertEqual(self.value("animalDescription.datePicker.tap"), today)
        self.assertEqual(self.element("animalDescription.datePicker.tap").get_attribute("max"), today)

        # Race: disabled until a species is chosen, cleared when the species changes.
        race = "animalDescription.raceTextField.input"
        self.assertFalse(self.element(race).is_enabled())
        self.assertEqual(self.element(race).get_attribute("placeholder"), "Select a species first")
        self.choose("animalDescription.speciesDropdown.tap", "dog")
        self.wait(lambda: self.element(race).is_enabled(), message="race enabled")
        self.assertEqual(self.element(race).get_attribute("placeholder"), "e.g. Labrador")
        self.type(race, "Labrador")
        self.choose("animalDescription.speciesDropdown.tap", "cat")
        self.assertEqual(self.value(race), "")
        self.type(race, "Maine Coon")

        # An age over 40 and no gender: the toast and the two messages.
        self.type("animalDescription.ageTextField.input", "41")
        self.tap("animalDescription.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("animalDescription", "age"), "Age must be a whole number from 0 to 40")
        self.assertEqual(self.error_for("animalDescription", "gender"), "Please select a gender")
        self.assertEqual(self.visible_step(), "animalDescription")

        self.type("animalDescription.ageTextField.input", "4")
        self.tap("animalDescription.genderMale.tap")
        self.wait_idle()
        self.assertEqual(self.element("animalDescription.genderMale.tap").get_attribute("aria-checked"), "true")

        # Pasted text past 500 characters is cut at 500; the counter says so.
        self.driver.execute_script(
            "var e = arguments[0]; e.value = 'a'.repeat(600); e.dispatchEvent(new Event('input', {bubbles: true}))",
            self.element("animalDescription.descriptionTextArea.input"))
        self.wait_idle()
        self.wait(lambda: len(self.value("animalDescription.descriptionTextArea.input")) == 500, message="cut at 500")
        self.assertEqual(self.helper_for("animalDescription", "description"), "500/500")

        self.tap("animalDescription.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactDetails", message="4/4")
        self.assertEqual(self.progress(), "4/4")
        self.assertEqual(self.element("missingContactDetails.notYet").text,
                         "This step is not available on the web yet.")
        self.assertTrue(self.element("reportPreview.notice").text.startswith("Not stored"))
        payload = json.loads(self.element("reportPreview.payload").text)
        self.assertEqual(payload["species"], "CAT")
        self.assertEqual(payload["race"], "Maine Coon")
        self.assertEqual(payload["gender"], "MALE")
        self.assertEqual(payload["age"], 4)
        self.assertEqual(payload["disappearanceDate"], today)
        self.assertIsNone(payload["latitude"])
        self.assertEqual(len(payload["description"]), 500)

    def test_one_coordinate_alone_is_refused_on_the_missing_flow(self):
        self.to_animal_description()
        self.choose("animalDescription.speciesDropdown.tap", "dog")
        self.type("animalDescription.raceTextField.input", "Beagle")
        self.tap("animalDescription.genderFemale.tap")
        self.type("animalDescription.latitudeTextField.input", "52.2297")
        self.tap("animalDescription.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("animalDescription", "longitude"),
                         "Enter a longitude too, or clear the latitude")
