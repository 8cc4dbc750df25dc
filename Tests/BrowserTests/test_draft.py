"""Back keeps values, Cancel asks and then clears, a reload loses nothing (a draft lives at
least 30 minutes, spec 001); one draft is one report however often Submit is sent (issue 32)."""

import re

from selenium.webdriver.common.action_chains import ActionChains
from test_found_flow import FoundFlowHelpers, yesterday

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


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

    # One draft, one report (issue 32): the draft's Idempotency-Key --------------------------

    def to_submit(self):
        """A found report filled up to Contact information (3/3), Submit not yet pressed."""
        self.to_pet_details()
        self.fill_pet_details()
        self.fill_contact_info()
        self.wait_idle()

    def stored_ids(self):
        return [report["id"] for report in self.server.json("/v1/reports")["reports"]]

    def test_submit_double_clicked_stores_one_report(self):
        self.to_submit()
        key = self.draft("found")["key"]
        self.assertRegex(key, UUID, "a random UUID made with the draft")
        # Two clicks in one task, faster than any person: the first disables Submit.
        self.driver.execute_script(
            "var b = document.querySelector('[data-testid=\"foundContact.submitButton.tap\"]');"
            " b.click(); b.click(); window.__disabledInFlight = b.disabled;")
        self.assertTrue(self.driver.execute_script("return window.__disabledInFlight"),
                        "Submit is disabled while its request is in flight")
        stored = self.wait_stored()
        self.assertEqual(self.stored_ids(), [stored["id"]], "one report")
        # A person's double click, on a fresh draft (another key): one more report, not two.
        self.to_submit()
        self.assertNotEqual(self.draft("found")["key"], key, "a new draft, a new key")
        ActionChains(self.driver).double_click(self.element("foundContact.submitButton.tap")).perform()
        self.wait_stored()
        self.assertEqual(len(self.stored_ids()), 2)

    def test_back_after_submit_does_not_bring_the_draft_back_and_submit_stores_nothing_more(self):
        self.to_submit()
        self.tap("foundContact.submitButton.tap")
        stored = self.wait_stored()
        self.driver.back()
        self.wait(lambda: "/report/found" in self.driver.current_url, message="back on the report page")
        self.wait_ready()
        # The submitted draft is gone: a new report from 1/3, empty, with a new key.
        self.assertEqual(self.visible_step(), "uploadPhoto")
        self.assertEqual(self.value("foundContact.phoneTextField.input"), "")
        # Submit report, as the stale page would have sent it: nothing more is stored.
        self.driver.execute_script(
            "document.querySelector('[data-testid=\"foundContact.submitButton.tap\"]').click()")
        self.wait_idle()
        self.assertEqual(self.stored_ids(), [stored["id"]], "still one report")

    def test_a_submit_whose_answer_was_lost_is_the_same_report_when_sent_again(self):
        self.to_submit()
        # The first Submit reaches the server, but its answer never reaches the page (a
        # dropped connection): the page says so and keeps the draft…
        self.driver.execute_script(
            "var real = window.fetch, lost = false;"
            "window.fetch = function (url) {"
            "  var answer = real.apply(this, arguments);"
            "  if (lost || !/contactInfo$/.test(url)) return answer;"
            "  lost = true;"
            "  return answer.then(function () { throw new TypeError('connection dropped'); });"
            "};")
        self.tap("foundContact.submitButton.tap")
        self.wait(lambda: self.toast() is not None, message="the toast says the server was not reached")
        self.wait_idle()
        self.assertEqual(len(self.stored_ids()), 1, "the server stored it")
        self.assertEqual(self.visible_step(), "contactInfo")
        self.assertTrue(self.element("foundContact.submitButton.tap").is_enabled(), "Submit can be pressed again")
        # …and Submit again (the same draft, the same key) opens that report's card.
        first = self.stored_ids()[0]
        self.tap("foundContact.submitButton.tap")
        stored = self.wait_stored()
        self.assertEqual(stored["id"], first)
        self.assertEqual(self.stored_ids(), [first], "still one report")

