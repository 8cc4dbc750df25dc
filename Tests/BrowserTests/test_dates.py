"""A date typed out of range (issue 43): Chromium's date field lets a year be typed past its
picker's bounds — a day after today, a year before 1900 — and the page put the earlier date
back without a word. The date stays, and the field says why: its message under it (the
input's description) and read out by a screen reader (a live region), in both flows."""

import datetime

from selenium.webdriver.common.keys import Keys

from support import PageTest

IN_FUTURE = "The date cannot be in the future"
TOO_EARLY = "The date cannot be before 1900"


class TypedDateTests(PageTest):
    def type_date(self, testid, day):
        """Types `day` into the date input as a person does (en-US: month, day, year)."""
        field = self.element(testid)
        field.click()
        field.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)  # to the month segment
        field.send_keys(day.strftime("%m%d") + "%04d" % day.year)
        self.wait_idle()

    def announced(self):
        return self.driver.execute_script("return document.querySelector('[data-role=announcer]').textContent")

    def check_refused(self, step, testid, year, message, kept):
        # The kept date's month and day with `year`: a person types month, day, then year, and
        # each segment typed is a date the page reads. Another month or day would be a date in
        # range on the way (typing "01" in December gives a January date, taken), and the page
        # would rightly keep that one.
        # (The years the tests give are leap years: a kept 29 February exists in them too.)
        shown = datetime.date.fromisoformat(kept)
        self.type_date(testid, datetime.date(year, shown.month, shown.day))
        self.wait(lambda: self.error_for(step, "lastSeenDate") == message,
                  message="%r under the date (saw %r)" % (message, self.error_for(step, "lastSeenDate")))
        self.assertEqual(self.value(testid), kept, "the date stays as it was")
        self.assertEqual(self.element(testid).get_attribute("aria-invalid"), "true")
        described = self.driver.execute_script(
            "return arguments[0].getAttribute('aria-describedby').split(' ').map(function (id) {"
            " var e = document.getElementById(id); return e && !e.hidden ? e.textContent : ''; }).join('')",
            self.element(testid))
        self.assertEqual(described, message, "the message is the field's description")
        self.assertEqual(self.announced(), message, "and read out")

    def test_a_typed_date_of_disappearance_out_of_range_stays_and_says_why(self):
        self.to_animal_description()
        testid = "animalDescription.datePicker.tap"
        today = self.value(testid)
        self.check_refused("animalDescription", testid, 2096, IN_FUTURE, today)
        self.check_refused("animalDescription", testid, 1852, TOO_EARLY, today)
        earlier = datetime.date.today() - datetime.timedelta(days=3)
        self.type_date(testid, earlier)
        self.wait(lambda: self.value(testid) == earlier.isoformat(), message="a date in range is taken")
        self.assertIsNone(self.error_for("animalDescription", "lastSeenDate"))

    def test_a_typed_date_found_in_the_future_stays_and_says_why(self):
        self.to_found_pet_details()
        testid = "foundPetDetails.datePicker.tap"
        earlier = datetime.date.today() - datetime.timedelta(days=2)
        self.type_date(testid, earlier)
        self.wait(lambda: self.value(testid) == earlier.isoformat(), message="a date in range is taken")
        self.check_refused("petDetails", testid, 2096, IN_FUTURE, earlier.isoformat())
