"""Back keeps values, Cancel asks and then clears, a reload loses nothing (a draft lives at
least 30 minutes, spec 001)."""

from test_found_flow import FoundFlowHelpers, yesterday


class DraftTests(FoundFlowHelpers):
    def test_back_keeps_every_value(self):
        self.to_pet_details()
        self.fill_pet_details()
        self.tap("foundPetDetails.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactInfo", message="Contact information")
        self.type("foundContact.phoneTextField.input", "+48 600 100 200")

        self.tap("foundContact.backButton.tap")
        self.assertEqual(self.visible_step(), "petDetails")
        self.assertEqual(self.progress(), "2/3")
        self.assertEqual(self.value("foundPetDetails.breedTextField.input"), "Beagle")
        self.assertEqual(self.value("foundPetDetails.collarDataTextField.input"), "12345-67890-12345")
        self.assertEqual(self.value("foundPetDetails.speciesDropdown.tap"), "DOG")
        self.assertEqual(self.element("foundPetDetails.sexFemale.tap").get_attribute("aria-checked"), "true")

        self.tap("foundPetDetails.backButton.tap")
        self.assertEqual(self.visible_step(), "uploadPhoto")
        self.assertEqual(self.css('[data-step="uploadPhoto"] [data-role="photo-name"]').text, "found-dog.png")

        self.tap("foundUploadPhoto.continue")
        self.wait(lambda: self.visible_step() == "petDetails", message="Pet details")
        self.tap("foundPetDetails.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactInfo", message="Contact information")
        self.assertEqual(self.value("foundContact.phoneTextField.input"), "+48 600 100 200")

    def test_cancel_asks_and_keep_editing_keeps_everything(self):
        self.to_pet_details()
        self.type("foundPetDetails.breedTextField.input", "Beagle")
        self.tap("foundPetDetails.cancelButton.tap")
        self.assertTrue(self.modal_open("cancel"))
        self.assertIn("Cancel this report?", self.css('[data-modal="cancel"]').text)
        self.tap("cancelReportAlert.keepEditing.tap")
        self.assertFalse(self.modal_open("cancel"))
        self.assertEqual(self.value("foundPetDetails.breedTextField.input"), "Beagle")
        self.assertEqual(self.visible_step(), "petDetails")

    def test_cancel_confirmed_clears_the_report(self):
        self.to_pet_details()
        self.type("foundPetDetails.breedTextField.input", "Beagle")
        self.tap("foundPetDetails.cancelButton.tap")
        self.tap("cancelReportAlert.confirm.tap")
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.ready === 'true'")
                  and self.visible_step() == "uploadPhoto", message="a fresh report")
        self.wait_ready()
        self.assertTrue(self.css('[data-step="uploadPhoto"] [data-role="photo-card"]').get_attribute("hidden"))
        self.assertEqual(self.value("foundPetDetails.breedTextField.input"), "")
        draft = self.draft("found")
        self.assertTrue(draft is None or draft["photo"] is None)
        # The photo's bytes are gone too: Continue answers the toast.
        self.tap("foundUploadPhoto.continue")
        self.wait_toast("Photo is mandatory")

    def test_a_reload_loses_nothing(self):
        self.to_pet_details()
        self.set_value("foundPetDetails.datePicker.tap", yesterday())
        self.type("foundPetDetails.breedTextField.input", "Beagle")
        self.type("foundPetDetails.latitudeTextField.input", "95")
        self.tap("foundPetDetails.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        # Typed but not yet sent when the page goes away.
        self.element("foundPetDetails.descriptionTextArea.input").send_keys("White paws")

        self.reload()
        self.assertEqual(self.visible_step(), "petDetails")
        self.assertEqual(self.value("foundPetDetails.breedTextField.input"), "Beagle")
        self.assertEqual(self.value("foundPetDetails.datePicker.tap"), yesterday())
        self.assertEqual(self.value("foundPetDetails.descriptionTextArea.input"), "White paws")
        # The messages of the last Continue are back as well.
        self.assertEqual(self.error_for("petDetails", "locationLatitude"), "Must be between -90 and 90")

        self.tap("foundPetDetails.backButton.tap")
        self.assertEqual(self.css('[data-step="uploadPhoto"] [data-role="photo-name"]').text, "found-dog.png")
        self.wait(lambda: self.driver.execute_script(
            "return document.querySelector('[data-step=uploadPhoto] [data-role=photo-preview]').naturalWidth") == 320,
            message="the photo came back from the draft")

    def test_a_draft_survives_thirty_minutes_and_expires_after_a_day(self):
        self.to_pet_details()
        self.type("foundPetDetails.breedTextField.input", "Beagle")
        self.age_draft(31 * 60)
        self.reload()
        self.assertEqual(self.value("foundPetDetails.breedTextField.input"), "Beagle")
        self.assertEqual(self.visible_step(), "petDetails")

        self.age_draft(25 * 3600)
        self.reload()
        self.assertEqual(self.visible_step(), "uploadPhoto")
        self.assertEqual(self.value("foundPetDetails.breedTextField.input"), "")

    def age_draft(self, seconds):
        self.driver.execute_script(
            "var d = JSON.parse(localStorage.getItem('petspot.report.found'));"
            "d.savedAt = Date.now() - arguments[0] * 1000;"
            "localStorage.setItem('petspot.report.found', JSON.stringify(d));", seconds)
