"""The Found flow (spec 004) in a real browser: /report/found, 1/3 → 2/3 → 3/3 → the report."""

import datetime
import os
import sqlite3
import urllib.request

from support import PageTest, gif, png

FOUND_COPY = {
    "heading": "Upload photo",
    "body": "Upload a clear photo of the pet you found. This helps the owner recognize them quickly.",
    "primary": "Tap to upload a photo",
    "secondary": "PNG or JPG up to 10 MB",
}


def yesterday():
    return (datetime.date.today() - datetime.timedelta(days=1)).isoformat()


class FoundFlowHelpers(PageTest):
    def upload_photo(self, name="found-dog.png", data=None):
        path = self.photo_file(name, data if data is not None else png())
        self.element("foundUploadPhoto.browse").send_keys(path)
        self.wait_idle()

    def fill_pet_details(self, latitude="52.2297", longitude="21.0122"):
        self.set_value("foundPetDetails.datePicker.tap", yesterday())
        self.choose("foundPetDetails.speciesDropdown.tap", "DOG")
        self.type("foundPetDetails.breedTextField.input", "Beagle")
        self.tap("foundPetDetails.sexFemale.tap")
        self.wait_idle()
        self.type("foundPetDetails.collarDataTextField.input", "123456789012345")
        self.type("foundPetDetails.descriptionTextArea.input", "Red collar, very friendly")
        self.type("foundPetDetails.latitudeTextField.input", latitude)
        self.type("foundPetDetails.longitudeTextField.input", longitude)

    def fill_contact_info(self):
        """From Pet details (2/3) filled: on to Contact information (3/3), its phone and email
        typed, Submit report not yet pressed."""
        self.tap("foundPetDetails.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactInfo", message="Contact information")
        self.type("foundContact.phoneTextField.input", "+48 123 456 789")
        self.type("foundContact.emailTextField.input", "finder@example.com")

    def submit_found(self):
        """From Pet details (2/3) filled: on to Contact information and Submit report."""
        self.fill_contact_info()
        self.tap("foundContact.submitButton.tap")

    def to_pet_details(self):
        self.open("/report/found")
        self.upload_photo()
        self.tap("foundUploadPhoto.continue")
        self.wait(lambda: self.visible_step() == "petDetails", message="Pet details")


class FoundFlowTests(FoundFlowHelpers):
    def test_found_flow_end_to_end_with_a_real_photo(self):
        self.open("/report/found")
        self.assertEqual(self.visible_step(), "uploadPhoto")
        self.assertEqual(self.progress(), "1/3")
        page = self.css('section[data-step="uploadPhoto"]').text
        for text in FOUND_COPY.values():
            self.assertIn(text, page)

        # Continue without a photo: the toast, no navigation.
        self.tap("foundUploadPhoto.continue")
        self.wait_toast("Photo is mandatory")
        self.assertEqual(self.visible_step(), "uploadPhoto")

        # A text file called .png and a GIF are refused by the model on the server.
        self.upload_photo("not-a-photo.png", b"hello, I am text")
        self.assertEqual(self.error_for("uploadPhoto", "photo"),
                         "This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.")
        self.upload_photo("cat.gif", gif())
        self.assertEqual(self.error_for("uploadPhoto", "photo"),
                         "GIF photos are not accepted here. Choose a PNG or JPG photo.")
        self.assertTrue(self.css('[data-step="uploadPhoto"] [data-role="photo-card"]').get_attribute("hidden"))

        # A real photo: the card with its name, size and a preview the browser decoded.
        self.upload_photo("found-dog.png")
        self.assertIsNone(self.error_for("uploadPhoto", "photo"))
        card = self.css('[data-step="uploadPhoto"] [data-role="photo-card"]')
        self.assertTrue(card.is_displayed())
        self.assertEqual(self.css('[data-step="uploadPhoto"] [data-role="photo-name"]').text, "found-dog.png")
        self.assertRegex(self.css('[data-step="uploadPhoto"] [data-role="photo-size"]').text, r"^\d+\.\d KB$")
        self.wait(lambda: self.driver.execute_script(
            "return document.querySelector('[data-step=uploadPhoto] [data-role=photo-preview]').naturalWidth") == 320,
            message="the preview shows the photo")

        self.tap("foundUploadPhoto.continue")
        self.wait(lambda: self.visible_step() == "petDetails", message="Pet details")
        self.assertEqual(self.progress(), "2/3")
        self.assertIn("Tell us what you know about the animal you found.",
                      self.css('section[data-step="petDetails"]').text)

        self.fill_pet_details()
        self.assertEqual(self.value("foundPetDetails.collarDataTextField.input"), "12345-67890-12345")
        self.assertEqual(self.helper_for("petDetails", "description"), "25/500")
        self.tap("foundPetDetails.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactInfo", message="Contact information")
        self.assertEqual(self.progress(), "3/3")
        contact = self.css('section[data-step="contactInfo"]').text
        self.assertIn("Share your contact details so the pet\u2019s owner can reach you.", contact)
        self.assertEqual(self.element("foundContact.phoneTextField.input").get_attribute("placeholder"),
                         "+1 (555) 000-0000")

        # Submit with nothing: the toast and each required field's message.
        self.tap("foundContact.submitButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("contactInfo", "phone"), "Please enter your phone number")
        self.assertEqual(self.error_for("contactInfo", "email"), "Please enter your email")
        self.assertIsNone(self.error_for("contactInfo", "caregiverPhone"))

        self.type("foundContact.phoneTextField.input", "+48 123 456 789")
        self.type("foundContact.emailTextField.input", "finder@example.com")
        self.type("foundContact.caregiverPhoneTextField.input", "+48 987 654 321")
        self.type("foundContact.addressTextArea.input", "Marszałkowska 1\nWarsaw")
        self.tap("foundContact.submitButton.tap")

        # The server's store keeps the report, the caregiver phone and the current address too
        # (spec 004 left them out only for want of a backend that stores them: issue 32), and
        # the report's card opens.
        stored = self.wait_stored()
        self.assertEqual({key: stored[key] for key in (
            "status", "lastSeenDate", "species", "breed", "gender", "locationLatitude", "locationLongitude",
            "microchipNumber", "description", "phone", "email", "caregiverPhone", "currentAddress")}, {
            "status": "FOUND", "lastSeenDate": yesterday(), "species": "DOG", "breed": "Beagle",
            "gender": "FEMALE", "locationLatitude": 52.2297, "locationLongitude": 21.0122,
            "microchipNumber": "123456789012345", "description": "Red collar, very friendly",
            "phone": "+48123456789", "email": "finder@example.com", "caregiverPhone": "+48987654321",
            "currentAddress": "Marszałkowska 1\nWarsaw"})
        self.assertEqual(self.card_state(), "loaded")
        # The Found card shows them with the contacts: the caregiver phone a tel: link beside the
        # finder's, the address on its own lines.
        caregiver = self.element("petDetails.caregiverPhone.tap")
        self.assertEqual(caregiver.get_attribute("href"), "tel:+48987654321")
        self.assertEqual(caregiver.text, "+48987654321")
        values = self.card_values()
        self.assertEqual(values["Caregiver phone number"], "+48987654321")
        self.assertEqual(values["Current physical address"], "Marszałkowska 1\nWarsaw")
        labels = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-role=fields] dt')).map(function (d) {"
            " return d.textContent; })")
        self.assertEqual(labels[1:5], ["Contact finder", "Contact finder", "Caregiver phone number",
                                       "Current physical address"], "with the contacts, after the finder's")
        address = self.css('[data-role=fields] dd[data-label="Current physical address"]')
        self.assertEqual(address.text, "Marszałkowska 1\nWarsaw", "shown on two lines")
        self.assertIsNone(self.draft("found"), "the draft is cleared once stored")

        # The photo picked at 1/3 was kept with the report: the card shows it, decoded.
        self.wait(lambda: self.card_photo_width() == 320, message="the card shows the photo")
        self.assertFalse(self.element("petDetails.noImage").is_displayed(), "not \"Image not available\"")
        with urllib.request.urlopen(self.server.url + "/v1/reports/" + self.card_id() + "/photo") as answer:
            self.assertEqual(answer.headers["Content-Type"], "image/png")
            self.assertEqual(answer.read(), png(), "the bytes the person picked")

    def test_out_of_range_latitude_shows_the_inline_error_and_the_toast(self):
        self.to_pet_details()
        self.fill_pet_details(latitude="95")
        self.tap("foundPetDetails.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("petDetails", "locationLatitude"), "Must be between -90 and 90")
        self.assertIsNone(self.error_for("petDetails", "locationLongitude"))
        self.assertEqual(self.visible_step(), "petDetails")
        self.assertEqual(self.element("foundPetDetails.latitudeTextField.input").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.value("foundPetDetails.latitudeTextField.input"), "95")

    def test_required_pet_details_are_each_marked(self):
        self.to_pet_details()
        self.tap("foundPetDetails.continueButton.tap")
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.error_for("petDetails", "lastSeenDate"), "Please select the date found")
        self.assertEqual(self.error_for("petDetails", "species"), "Please select a species")
        self.assertEqual(self.error_for("petDetails", "gender"), "Please select the sex")
        self.assertEqual(self.error_for("petDetails", "locationLatitude"), "Latitude is required")
        self.assertEqual(self.visible_step(), "petDetails")

    def test_outside_text_is_shown_as_text(self):
        self.to_pet_details()
        self.fill_pet_details()
        hostile = '<img src=x onerror="document.body.dataset.pwned=1">'
        self.type("foundPetDetails.breedTextField.input", hostile)
        self.tap("foundPetDetails.continueButton.tap")
        self.wait(lambda: self.visible_step() == "contactInfo", message="Contact information")
        self.type("foundContact.phoneTextField.input", "1234567")
        self.type("foundContact.emailTextField.input", "a@b.co")
        self.tap("foundContact.submitButton.tap")
        self.assertEqual(self.wait_stored()["breed"], hostile)
        self.assertEqual(self.card_values()["Animal Race"], hostile)
        self.assertIsNone(self.driver.execute_script("return document.body.dataset.pwned || null"))
        self.assertEqual(self.driver.execute_script("return document.querySelectorAll('img[src=x]').length"), 0)


class FoundPhotoNotKeptTests(FoundFlowHelpers):
    """A store that refuses photos (a trigger on its photo table, as a full disk would):
    Submit report sends the report and its photo in one request and the store keeps both in
    one transaction, so nothing is stored — never a report without its photo. The toast says
    so in the visitor's words (no server path, no system error), and everything the person
    entered is kept."""

    def setUp(self):
        super().setUp()
        store = sqlite3.connect(os.path.join(self.server.folder, "reports.sqlite"))
        store.execute("CREATE TRIGGER refuse_photos BEFORE INSERT ON report_photo "
                      "BEGIN SELECT RAISE(ABORT, 'disk I/O error in /srv/petspot'); END")
        store.commit()
        store.close()

    def test_a_photo_the_server_cannot_keep_stores_nothing_and_says_why(self):
        self.to_pet_details()
        self.fill_pet_details()
        self.submit_found()
        self.wait_idle()
        self.wait(lambda: (self.toast() or "").startswith("The reports store failed, so nothing was changed."),
                  message="the toast says why (saw %r)" % self.toast())
        self.assertNotIn("/srv/petspot", self.toast())
        self.assertNotIn("disk I/O", self.toast())
        self.assertEqual(self.visible_step(), "contactInfo")
        self.assertNotIn("/pets/", self.driver.current_url)
        self.assertEqual(self.server.json("/v1/reports")["reports"], [], "nothing stored")
        self.assertIsNotNone(self.draft("found"), "the draft is kept: Submit again retries")
        self.assertEqual(self.value("foundContact.emailTextField.input"), "finder@example.com")
