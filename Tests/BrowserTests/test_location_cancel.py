"""A browser location request can be cancelled (issue 32): while the browser is asked — in
a report flow (Request GPS position / Use current location) and on the home page (Use my
location) — Cancel location request stops waiting, puts the controls back as they were,
and an answer the browser gives later changes nothing. The browser here never answers on
its own: navigator.geolocation.getCurrentPosition is replaced, before any page script runs
(DevTools' Page.addScriptToEvaluateOnNewDocument), by one that only keeps its callbacks, so
the test can answer late."""

from support import PageTest

NEVER_ANSWERS = """
(function () {
  var asked = [];
  window.__asked = asked;
  Object.defineProperty(navigator.geolocation, 'getCurrentPosition', {
    configurable: true,
    value: function (success, failure) { asked.push({success: success, failure: failure}); }
  });
})();
"""

LATE_ANSWER = """
var asked = window.__asked[arguments[0]];
asked.success({coords: {latitude: 52.2297, longitude: 21.0122, accuracy: 5}, timestamp: Date.now()});
"""

IDLE_MISSING = ("Tap Request GPS position or type the coordinates. No other location details are collected in "
                "this step.")


class LocationCancelTests(PageTest):
    def setUp(self):
        super().setUp()
        added = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NEVER_ANSWERS})
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": added["identifier"]})

    def asked(self):
        return self.driver.execute_script("return window.__asked.length")

    def location_requests(self):
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(function (e) {"
            " return /\\/location$/.test(e.name); }).length")

    def busy(self):
        return self.driver.execute_script("return document.body.dataset.busy || '0'")

    def test_a_report_flows_location_request_can_be_cancelled_and_a_late_answer_is_ignored(self):
        self.to_animal_description()
        locate = self.element("animalDescription.requestGPSButton.tap")
        self.assertFalse(self.element("animalDescription.cancelLocationButton.tap").is_displayed())
        self.assertEqual(self.location_helper("animalDescription"), IDLE_MISSING)

        locate.click()
        self.wait(lambda: self.asked() == 1, message="the browser asked")
        cancel = self.element("animalDescription.cancelLocationButton.tap")
        self.assertTrue(cancel.is_displayed())
        self.assertEqual(cancel.text, "Cancel location request")
        self.assertFalse(locate.is_enabled())
        self.assertEqual(self.location_helper("animalDescription"), "Getting your position\u2026")
        self.assertNotEqual(self.busy(), "0")

        cancel.click()
        self.wait_idle(timeout=3)  # nothing left waiting
        self.assertEqual(self.location_helper("animalDescription"), IDLE_MISSING)
        self.assertTrue(locate.is_enabled())
        self.assertFalse(cancel.is_displayed())
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-testid"),
                         "animalDescription.requestGPSButton.tap")

        # The browser answers after all: nothing is sent, nothing is filled in.
        self.driver.execute_script(LATE_ANSWER, 0)
        self.wait_idle()
        self.assertEqual(self.location_requests(), 0)
        self.assertEqual(self.value("animalDescription.latitudeTextField.input"), "")
        self.assertEqual(self.value("animalDescription.longitudeTextField.input"), "")
        self.assertEqual(self.location_helper("animalDescription"), IDLE_MISSING)

        # The button works again, and an answer in time still fills the fields.
        locate.click()
        self.wait(lambda: self.asked() == 2, message="asked again")
        self.driver.execute_script(LATE_ANSWER, 1)
        self.wait(lambda: self.location_helper("animalDescription") == "Location captured successfully",
                  message="captured (saw %r)" % self.location_helper("animalDescription"))
        self.wait_idle()
        self.assertEqual(self.value("animalDescription.latitudeTextField.input"), "52.22970")
        self.assertFalse(self.element("animalDescription.cancelLocationButton.tap").is_displayed())
        self.assertTrue(locate.is_enabled())

    def test_the_found_flow_has_the_same_cancel(self):
        self.to_found_pet_details()
        before = self.location_helper("petDetails")
        self.tap("foundPetDetails.useCurrentLocationButton.tap")
        self.wait(lambda: self.asked() == 1, message="the browser asked")
        self.tap("foundPetDetails.cancelLocationButton.tap")
        self.wait_idle(timeout=3)
        self.assertEqual(self.location_helper("petDetails"), before)
        self.assertTrue(self.element("foundPetDetails.useCurrentLocationButton.tap").is_enabled())

    def test_the_home_pages_location_request_can_be_cancelled_and_a_late_answer_is_ignored(self):
        self.open("/")
        status = self.element("home.status")
        idle = status.text
        locate = self.element("home.useLocation.tap")
        self.assertFalse(self.element("home.cancelLocation.tap").is_displayed())
        locate.click()
        self.wait(lambda: self.asked() == 1, message="the browser asked")
        cancel = self.element("home.cancelLocation.tap")
        self.assertTrue(cancel.is_displayed())
        self.assertEqual(cancel.text, "Cancel location request")
        self.assertFalse(locate.is_enabled())
        self.assertEqual(status.text, "Asking your browser for your position\u2026")

        cancel.click()
        self.wait_idle(timeout=3)
        self.assertEqual(status.text, idle)
        self.assertTrue(locate.is_enabled())
        self.assertFalse(cancel.is_displayed())
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-testid"), "home.useLocation.tap")

        self.driver.execute_script(LATE_ANSWER, 0)
        self.wait_idle()
        self.assertEqual(status.text, idle)
        self.assertEqual(self.value("home.place.input"), "")
        self.assertEqual(self.driver.current_url, self.origin + "/")
        self.assertEqual(self.driver.execute_script(
            "return document.querySelectorAll('[data-testid=\"home.item\"]').length"), 0)

        # Asked again, an answer in time lists from it.
        locate.click()
        self.wait(lambda: self.asked() == 2, message="asked again")
        self.driver.execute_script(LATE_ANSWER, 1)
        self.wait(lambda: self.value("home.place.input") == "52.22970, 21.01220", message="listed from the answer")
        self.wait_idle()
        self.assertFalse(self.element("home.cancelLocation.tap").is_displayed())
