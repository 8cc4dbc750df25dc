"""Request GPS position / Use current location: from the browser's Geolocation API (set by
Chromium's DevTools) when the server has no source, and from the server's scenario when it
has one. Both end in the model's outcomes."""

import time

from support import PageTest

CAPTURED = "Location captured successfully"


class BrowserLocationTests(PageTest):
    def test_the_page_uses_the_browser_when_the_server_has_no_source(self):
        self.open("/report/found")
        self.assertEqual(self.driver.execute_script(
            "return JSON.parse(document.body.dataset.config).locationSource"), "browser")

    def test_granted_browser_location_fills_both_fields_to_five_decimals(self):
        self.grant_location(50.0614321, 19.9365789)
        self.to_found_pet_details()
        self.tap("foundPetDetails.useCurrentLocationButton.tap")
        self.wait(lambda: self.location_helper("petDetails") == CAPTURED, message="captured")
        self.assertEqual(self.value("foundPetDetails.latitudeTextField.input"), "50.06143")
        self.assertEqual(self.value("foundPetDetails.longitudeTextField.input"), "19.93658")
        self.assertFalse(self.modal_open("permission"))

    def test_granted_browser_location_on_the_missing_flow(self):
        self.grant_location(-33.8688, 151.2093)
        self.to_animal_description()
        self.tap("animalDescription.requestGPSButton.tap")
        self.wait(lambda: self.location_helper("animalDescription") == CAPTURED, message="captured")
        self.assertEqual(self.value("animalDescription.latitudeTextField.input"), "-33.86880")
        self.assertEqual(self.value("animalDescription.longitudeTextField.input"), "151.20930")

    def test_no_browser_position_sets_the_helper_and_keeps_the_fields(self):
        self.driver.execute_cdp_cmd("Browser.grantPermissions",
                                    {"origin": self.origin, "permissions": ["geolocation"]})
        self.driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {})  # position unavailable
        self.to_animal_description()
        self.type("animalDescription.latitudeTextField.input", "52.1")
        self.tap("animalDescription.requestGPSButton.tap")
        self.wait(lambda: self.location_helper("animalDescription").startswith("Location is unavailable"),
                  message="no browser position")
        self.assertEqual(self.location_helper("animalDescription"),
                         "Location is unavailable (your browser could not tell where this device is). Type the coordinates, or try again later.")
        self.assertEqual(self.value("animalDescription.latitudeTextField.input"), "52.1")
        self.assertFalse(self.modal_open("permission"))

    def test_denied_browser_location_shows_the_alert_and_keeps_typed_values(self):
        self.deny_location()
        self.to_found_pet_details()
        self.type("foundPetDetails.latitudeTextField.input", "52.1")
        self.type("foundPetDetails.longitudeTextField.input", "21.3")
        self.tap("foundPetDetails.useCurrentLocationButton.tap")
        self.wait(lambda: self.modal_open("permission"), message="the alert")
        alert = self.css('[data-modal="permission"]').text
        self.assertIn("Location access is off", alert)
        self.assertIn("PetSpot is not allowed to use your location.", alert)
        self.assertEqual(self.element("locationPermissionAlert.cancel.tap").text, "Cancel")
        self.assertEqual(self.element("locationPermissionAlert.goToSettings.tap").text, "Go to Settings")

        # Cancel closes it; the typed values are still there.
        self.tap("locationPermissionAlert.cancel.tap")
        self.assertFalse(self.modal_open("permission"))
        self.assertEqual(self.value("foundPetDetails.latitudeTextField.input"), "52.1")
        self.assertEqual(self.value("foundPetDetails.longitudeTextField.input"), "21.3")
        self.assertEqual(self.location_helper("petDetails"),
                         "Location access is off. Type the coordinates, or allow access in Settings and try again.")

        # Go to Settings explains where the browser keeps the permission.
        self.tap("foundPetDetails.useCurrentLocationButton.tap")
        self.wait(lambda: self.modal_open("permission"), message="the alert again")
        self.tap("locationPermissionAlert.goToSettings.tap")
        self.assertTrue(self.modal_open("settings"))
        self.assertIn("site settings", self.css('[data-modal="settings"]').text)
        self.tap("locationSettingsHelp.close.tap")
        self.assertFalse(self.modal_open("settings"))
        self.assertEqual(self.value("foundPetDetails.latitudeTextField.input"), "52.1")

        # After the alert an edit does not bring it back (it was answered).
        self.type("foundPetDetails.breedTextField.input", "Mixed")
        self.assertFalse(self.modal_open("permission"))


class ServerDefaultScenarioTests(PageTest):
    server_arguments = ("--scenario", "default", "--pages-use-server-location")

    def test_server_scenario_default_fills_the_warsaw_fix(self):
        self.open_missing_at_photo()
        self.assertEqual(self.driver.execute_script(
            "return JSON.parse(document.body.dataset.config).locationSource"), "server")
        # The scenario's person grants the permission 2 s after the server starts.
        deadline = time.monotonic() + 10
        while self.server.json("/readyz")["location"]["authorization"] != "authorizedWhenInUse":
            self.assertLess(time.monotonic(), deadline, "the scenario never granted")
            time.sleep(0.1)
        self.past_the_photo()
        self.tap("animalDescription.requestGPSButton.tap")
        self.wait(lambda: self.location_helper("animalDescription") == CAPTURED, timeout=40, message="captured")
        self.assertEqual(self.value("animalDescription.latitudeTextField.input"), "52.22970")
        self.assertEqual(self.value("animalDescription.longitudeTextField.input"), "21.01220")


class ServerPermissionDeniedScenarioTests(PageTest):
    server_arguments = ("--scenario", "permission-denied", "--pages-use-server-location")

    def test_server_scenario_permission_denied_shows_the_alert(self):
        self.to_found_pet_details()
        self.tap("foundPetDetails.useCurrentLocationButton.tap")
        self.wait(lambda: self.modal_open("permission"), message="the alert")
        self.assertIn("Location access is off", self.css('[data-modal="permission"]').text)
        self.tap("locationPermissionAlert.goToSettings.tap")
        self.assertIn("petspot permission grant", self.css('[data-modal="settings"]').text)
        self.assertEqual(self.value("foundPetDetails.latitudeTextField.input"), "")
