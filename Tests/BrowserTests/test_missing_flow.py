"""The Missing flow's four steps in a real browser: Microchip number (1/4), Animal photo
(2/4), Animal description (3/4, specs 000, 001, 002) and Contact details (4/4)."""

import datetime
import json

import test_axe
from support import PageTest, gif


class MissingFlowTests(PageTest):
    def to_animal_description(self):
        self.open_missing_at_photo()
        path = self.photo_file("luna.gif", gif())
        self.element("animalPhoto.browse").send_keys(path)
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription", message="Animal description")

    def test_microchip_step_refuses_what_is_not_a_number_and_formats_the_digits(self):
        self.open("/report/missing")
        self.assertEqual(self.visible_step(), "microchip")
        self.assertEqual(self.progress(), "1/4")
        self.assertEqual(self.driver.find_elements("css selector", '[data-testid="microchipNumber.backButton.tap"]'), [])
        field = "microchipNumber.microchipTextField.input"
        self.assertEqual(self.element(field).get_attribute("placeholder"), "00000-00000-00000")
        self.type(field, "1234567")
        self.wait(lambda: self.value(field) == "12345-67", message="grouped as typed")
        self.type(field, "x", clear=False)
        self.wait(lambda: self.error_for("microchip", "microchipNumber") is not None, message="refused")
        self.assertEqual(self.error_for("microchip", "microchipNumber"),
                         "Digits only (spaces and hyphens are fine), not \u201cx\u201d; nothing was changed")
        self.assertEqual(self.value(field), "12345-67", "the number stays, the letter is not taken")
        self.type(field, "1234567890123456")
        self.assertEqual(self.error_for("microchip", "microchipNumber"),
                         "At most 15 digits; this one has 16: the first 15 were kept")
        self.assertEqual(self.value(field), "12345-67890-12345", "the digits typed before the 16th stay")
        self.type(field, "123456789012345")
        self.assertEqual(self.value(field), "12345-67890-12345")
        self.assertIsNone(self.error_for("microchip", "microchipNumber"))
        self.tap("microchipNumber.continueButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Animal photo")
        self.tap("animalPhoto.backButton.tap")
        self.assertEqual(self.visible_step(), "microchip")
        self.assertEqual(self.value(field), "12345-67890-12345", "Back keeps the number")
        self.reload()
        self.assertEqual(self.visible_step(), "microchip")
        self.assertEqual(self.value(field), "12345-67890-12345", "a reload keeps the number")

    def test_missing_flow_end_to_end(self):
        self.open_missing_at_photo()
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
        self.choose("animalDescription.speciesDropdown.tap", "DOG")
        self.wait(lambda: self.element(race).is_enabled(), message="race enabled")
        self.assertEqual(self.element(race).get_attribute("placeholder"), "e.g. Labrador")
        self.type(race, "Labrador")
        self.choose("animalDescription.speciesDropdown.tap", "CAT")
        self.assertEqual(self.value(race), "")
        self.type(race, "Maine Coon")

        # An age over 40 and no gender: the toast and the two messages.
        self.type("animalDescription.ageTextField.input", "41")
        self.tap("animalDescription.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("animalDescription", "approximateAge"), "Age must be a whole number from 0 to 40")
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

        # Contact details: a phone or an email, at least one; each checked when given.
        self.tap("missingContactDetails.submitButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("contactDetails", "phone"), "Enter a phone number or an email")
        self.assertEqual(self.error_for("contactDetails", "email"), "Enter a phone number or an email")
        self.type("missingContactDetails.emailTextField.input", "owner@")
        self.wait(lambda: self.error_for("contactDetails", "phone") is None, message="one of them given")
        self.assertEqual(self.error_for("contactDetails", "email"), "Enter a valid email address")
        self.type("missingContactDetails.phoneTextField.input", "12-34")
        self.type("missingContactDetails.emailTextField.input", "")
        self.tap("missingContactDetails.submitButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("contactDetails", "phone"), "Enter a valid phone number (7\u201311 digits)")
        self.assertIsNone(self.error_for("contactDetails", "email"))
        self.type("missingContactDetails.phoneTextField.input", "+48 600 700 800")

        # Back keeps every step's values.
        self.tap("missingContactDetails.backButton.tap")
        self.assertEqual(self.visible_step(), "animalDescription")
        self.assertEqual(self.value("animalDescription.raceTextField.input"), "Maine Coon")
        self.tap("animalDescription.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactDetails", message="4/4 again")
        self.assertEqual(self.value("missingContactDetails.phoneTextField.input"), "+48 600 700 800")

        # Submit report: the server's store keeps the report and its card opens.
        self.tap("missingContactDetails.submitButton.tap")
        stored = self.wait_stored()
        self.assertEqual(stored["kind"], "missing")
        self.assertEqual(stored["status"], "ACTIVE")
        self.assertIsNone(stored["microchipNumber"])
        self.assertEqual(stored["species"], "CAT")
        self.assertEqual(stored["breed"], "Maine Coon")
        self.assertEqual(stored["gender"], "MALE")
        self.assertEqual(stored["approximateAge"], 4)
        self.assertEqual(stored["lastSeenDate"], today)
        self.assertIsNone(stored["locationLatitude"])
        self.assertEqual(len(stored["description"]), 500)
        self.assertEqual(stored["phone"], "+48600700800")
        self.assertIsNone(stored["email"])
        self.assertEqual(self.card_values()["Microchip number"], "\u2014")
        self.assertEqual(self.card_values()["Place of Disappearance"], "\u2014")
        self.assertEqual(self.element("petDetails.noLocation").text, "No location data")

    def test_one_coordinate_alone_is_refused_on_the_missing_flow(self):
        self.to_animal_description()
        self.choose("animalDescription.speciesDropdown.tap", "DOG")
        self.type("animalDescription.raceTextField.input", "Beagle")
        self.tap("animalDescription.genderFemale.tap")
        self.type("animalDescription.latitudeTextField.input", "52.2297")
        self.tap("animalDescription.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("animalDescription", "locationLongitude"),
                         "Enter a longitude too, or clear the latitude")

    def test_the_owner_chooses_the_search_radius_and_the_card_shows_it(self):
        self.to_animal_description()
        radius = "animalDescription.radiusDropdown.tap"
        self.assertEqual(self.value(radius), "10", "10 km until another is chosen")
        self.assertEqual(self.css('label[for="animalDescription-locationRadius"]').text, "Search radius")
        self.assertEqual([o.text for o in self.element(radius).find_elements("css selector", "option")],
                         ["\u00b11 km", "\u00b12 km", "\u00b15 km", "\u00b110 km", "\u00b115 km", "\u00b125 km",
                          "\u00b150 km"])
        self.assertTrue(self.helper_for("animalDescription", "locationRadius").startswith("How far from the last"))
        self.choose("animalDescription.speciesDropdown.tap", "DOG")
        self.type("animalDescription.raceTextField.input", "Beagle")
        self.tap("animalDescription.genderFemale.tap")
        self.type("animalDescription.latitudeTextField.input", "52.2297")
        self.type("animalDescription.longitudeTextField.input", "21.0122")
        self.choose(radius, "15")
        self.wait(lambda: self.draft("missing")["steps"]["animalDescription"]["values"].get("locationRadius") == "15",
                  message="the draft keeps the radius")
        self.reload()
        self.assertEqual(self.visible_step(), "animalDescription")
        self.assertEqual(self.value(radius), "15", "a reload keeps the radius")
        self.assertEqual(test_axe.AccessibilityTests.serious(self), [], "the step with its radius dropdown")

        self.tap("animalDescription.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactDetails", message="4/4")
        self.type("missingContactDetails.emailTextField.input", "owner@example.com")
        self.tap("missingContactDetails.submitButton.tap")
        stored = self.wait_stored()
        self.assertEqual(stored["locationRadius"], 15)
        place = self.card_values()["Place of Disappearance"]
        self.assertTrue(place.endswith(" \u2022 \u00b115 km"), place)
        self.assertEqual(test_axe.AccessibilityTests.serious(self), [], "the card")
