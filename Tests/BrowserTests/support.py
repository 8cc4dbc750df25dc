"""What every browser test uses: a real `petspot serve --port 0`, one headless Chromium
driven by Selenium (shared by the tests; both in harness.py), real photo files, and waits on
the page's own signals (`body[data-ready]`, `body[data-busy]`) instead of sleeps."""

import json
import os
import shutil
import tempfile
import unittest
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# Re-exported: the tests import them from here.
from harness import CHROMEDRIVER, CHROMIUM, PETSPOT, Server, driver, gif, new_browser, png, quit_driver  # noqa: F401


class PhoneSize:
    """Mixin for a PageTest class: its tests again at a phone's window, 390 × 844."""

    window = (390, 844)

    def setUp(self):
        super().setUp()
        current = self.driver.get_window_size()
        self.driver.set_window_size(*self.window)
        self.addCleanup(self.driver.set_window_size, current["width"], current["height"])


class DesktopSize(PhoneSize):
    """Mixin for a PageTest class: its tests again at a desktop's window, 1280 × 800."""

    window = (1280, 800)


class PageTest(unittest.TestCase):
    """A test with its own server (`server_arguments`) and the shared browser."""

    server_arguments = ()
    files_directory = None

    def setUp(self):
        self.server = Server(*self.server_arguments)
        self.addCleanup(self.server.stop)
        self.driver = driver()
        self.origin = self.server.url

    # The API ----------------------------------------------------------------------------

    def post(self, path, body, content_type="application/json", method="POST", token=None):
        """`body` (JSON, or bytes as they are) sent to this test's server; the JSON answer."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"Content-Type": content_type}
        if token:
            headers["Authorization"] = "Bearer " + token  # the owner token POST gave
        request = urllib.request.Request(self.origin + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    # Another person's browser -----------------------------------------------------------

    def other_browser(self):
        """Another person's browser: its own Chromium profile at this test's window size,
        closed after the test."""
        profile = tempfile.mkdtemp(prefix="petspot-profile-")
        browser = new_browser(profile)
        self.addCleanup(shutil.rmtree, profile, True)
        self.addCleanup(browser.quit)
        size = self.driver.get_window_size()
        browser.set_window_size(size["width"], size["height"])
        return browser

    def as_browser(self, browser):
        """Runs the helpers on `browser` until the returned function is called."""
        shared = self.driver
        self.driver = browser

        def back():
            self.driver = shared
        return back

    # Files ----------------------------------------------------------------------------

    def photo_file(self, name, data):
        path = os.path.join(self.files_directory, name)
        with open(path, "wb") as handle:
            handle.write(data)
        return path

    # Page -----------------------------------------------------------------------------

    def open(self, page):
        self.driver.get(self.origin + page)
        self.wait_ready()

    def open_missing_at_photo(self):
        """/report/missing past its first step, Microchip number (1/4, optional), with nothing."""
        self.open("/report/missing")
        self.tap("microchipNumber.continueButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Animal photo")

    def past_the_photo(self):
        """From Animal photo (2/4): a photo chosen and Continue, to Animal description (3/4)."""
        self.element("animalPhoto.browse").send_keys(self.photo_file("dog.png", png(64, 48)))
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription", message="Animal description")

    def to_animal_description(self):
        """/report/missing at Animal description (3/4), a photo chosen on the way."""
        self.open_missing_at_photo()
        self.past_the_photo()

    def to_found_pet_details(self):
        """/report/found at Pet details (2/3), a photo chosen on the way."""
        self.open("/report/found")
        self.element("foundUploadPhoto.browse").send_keys(self.photo_file("dog.png", png(64, 48)))
        self.wait_idle()
        self.tap("foundUploadPhoto.continue")
        self.wait(lambda: self.visible_step() == "petDetails", message="Pet details")

    def reload(self):
        self.driver.refresh()
        self.wait_ready()

    def wait(self, condition, timeout=15, message=""):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda _: condition())
        except TimeoutException:
            self.fail("timed out waiting: " + message)

    def wait_ready(self):
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.ready === 'true'"),
                  message="the page script started")
        self.wait_idle()

    def wait_idle(self, timeout=15):
        """Until no edit is waiting and no request is in flight."""
        self.wait(lambda: self.driver.execute_script("return (document.body.dataset.busy || '0') === '0'"),
                  timeout=timeout, message="requests finished")

    def element(self, testid):
        return self.driver.find_element(By.CSS_SELECTOR, '[data-testid="%s"]' % testid)

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def tap(self, testid):
        control = self.element(testid)
        # As in type(): on a busy machine the page script may not have shown the control yet
        # ("element not interactable"). A disabled control is still tapped: tests check that
        # nothing happens then.
        self.wait(lambda: control.is_displayed(), message=testid + " is shown")
        control.click()

    def type(self, testid, text, clear=True):
        field = self.element(testid)
        # The page script shows a step a moment after it starts: on a busy machine the field
        # may still be hidden when the test gets to it ("element not interactable").
        self.wait(lambda: field.is_displayed() and field.is_enabled(), message=testid + " takes typing")
        if clear:
            field.clear()
        field.send_keys(text)
        self.wait_idle()

    def set_value(self, testid, value):
        """Sets an input the way a picker does (a date input), then tells the page."""
        self.driver.execute_script(
            "var e = arguments[0]; e.value = arguments[1];"
            "e.dispatchEvent(new Event('input', {bubbles: true}));"
            "e.dispatchEvent(new Event('change', {bubbles: true}));", self.element(testid), value)
        self.wait_idle()

    def choose(self, testid, value):
        """Picks `value` in the dropdown `testid`."""
        from selenium.webdriver.support.select import Select
        Select(self.element(testid)).select_by_value(value)
        self.wait_idle()

    def value(self, testid):
        return self.element(testid).get_attribute("value")

    def visible_step(self):
        return self.driver.execute_script(
            "var s = document.querySelector('section[data-step]:not([hidden])'); return s && s.dataset.step")

    def progress(self):
        return self.driver.execute_script(
            "var s = document.querySelector('section[data-step]:not([hidden]) [data-role=progress]');"
            "return s ? s.textContent : ''")

    def error_for(self, step, name):
        return self.driver.execute_script(
            "var e = document.querySelector('section[data-step=\"' + arguments[0] + '\"] [data-error-for=\"'"
            " + arguments[1] + '\"]'); return e && !e.hidden ? e.textContent : null", step, name)

    def helper_for(self, step, name):
        return self.driver.execute_script(
            "var e = document.querySelector('section[data-step=\"' + arguments[0] + '\"] [data-helper-for=\"'"
            " + arguments[1] + '\"]'); return e && !e.hidden ? e.textContent : null", step, name)

    def location_helper(self, step):
        return self.css('section[data-step="%s"] [data-role="location-helper"]' % step).text

    def toast(self):
        return self.driver.execute_script(
            "var t = document.querySelector('[data-testid=toast]'); return t.hidden ? null : t.textContent")

    def wait_toast(self, text):
        # The answer to the tap first: a toast of an earlier step can still be up for its 3 s.
        self.wait_idle()
        self.wait(lambda: self.toast() == text, message="toast %r (saw %r)" % (text, self.toast()))

    # The Pet details card (/pets/{id}) ---------------------------------------------------

    def wait_card(self):
        """Until the card page shows the card, the error or the removed state."""
        self.wait(lambda: self.card_state() in ("loaded", "error", "removed"), message="the card page settled")

    def card_state(self):
        return self.driver.execute_script("return document.body.dataset.state || null")

    def wait_stored(self):
        """After Submit report: until the report's card opens; the stored report (GET /v1/reports/{id})
        as its owner reads it, with the owner token this browser kept — as a stranger reads it (no
        contacts) when the browser has none (a Submit replayed after a lost answer gets no token)."""
        self.wait(lambda: "/pets/" in self.driver.current_url, message="the card opens")
        self.wait_card()
        report_id = self.card_id()
        token = self.driver.execute_script("return window.localStorage.getItem('petspot.owner.' + arguments[0])",
                                           report_id)
        headers = {"Authorization": "Bearer " + token} if token else {}
        return self.server.json("/v1/reports/" + report_id, headers)

    def card_id(self):
        """The report id of the card page open now (/pets/{id}, whatever its #fragment)."""
        return self.driver.current_url.split("#", 1)[0].rsplit("/", 1)[-1]

    def card_photo_width(self):
        """The card photo's decoded width (0 until the browser shows it), or None when hidden."""
        return self.driver.execute_script(
            "var img = document.querySelector('[data-testid=\"petDetails.photo\"]');"
            " return img.hidden ? null : img.naturalWidth")

    def card_values(self):
        """The card's rows, label → value, as the page shows them (the first of a repeated label)."""
        return self.driver.execute_script(
            "var rows = {}; document.querySelectorAll('[data-role=fields] dd').forEach(function (d) {"
            " if (!(d.dataset.label in rows)) rows[d.dataset.label] = d.textContent; }); return rows")

    def modal_open(self, name):
        return self.driver.execute_script(
            "return !document.querySelector('[data-modal=\"' + arguments[0] + '\"]').hidden", name)

    def draft(self, flow):
        return self.driver.execute_script("return JSON.parse(localStorage.getItem(arguments[0]))",
                                          "petspot.report." + flow)

    # Geolocation through Chromium's DevTools -----------------------------------------------

    def grant_location(self, latitude, longitude):
        self.driver.execute_cdp_cmd("Browser.grantPermissions",
                                    {"origin": self.origin, "permissions": ["geolocation"]})
        self.driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                                    {"latitude": latitude, "longitude": longitude, "accuracy": 8})

    def deny_location(self):
        self.driver.execute_cdp_cmd("Browser.setPermission", {
            "origin": self.origin, "permission": {"name": "geolocation"}, "setting": "denied"})

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        self.driver.execute_cdp_cmd("Browser.resetPermissions", {})
