"""The home page's place box (/): a typed place that is not one says why, a town's name lists the
reports near it (accents and case aside: "Krak\u00f3w" = "krakow") and an ambiguous one offers a choice, Use my location
lists from the browser's position (DevTools), and a refused permission says so in words."""

from support import DesktopSize, PhoneSize
from test_home import WARSAW, HomePage


class HomePlaceTests(HomePage):
    def test_a_place_that_is_not_one_says_why(self):
        self.open("/")
        self.type("home.place.input", "52,2297,21,0122")
        self.tap("home.search.tap")
        self.wait_idle()
        error = self.element("home.place.error")
        self.wait(lambda: error.is_displayed(), message="the field's message")
        self.assertTrue(error.text)
        self.assertEqual(self.element("home.place.input").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.listed(), [])

    def test_a_town_name_lists_the_reports_near_it_and_an_ambiguous_one_offers_a_choice(self):
        ids = self.seed()
        self.open("/")
        self.type("home.place.input", "Warszawa")  # no town of that spelling: says so
        self.tap("home.search.tap")
        self.wait_idle()
        error = self.element("home.place.error")
        self.wait(lambda: error.is_displayed(), message="no such town")
        self.assertIn("No town is called \u201cWarszawa\u201d", error.text)
        self.element("home.place.input").clear()
        self.type("home.place.input", "warsaw")  # the only town called so, accents and case aside
        self.tap("home.search.tap")
        self.wait_idle()
        self.wait(lambda: self.listed()[:1] == [ids[0]], message="the reports near Warsaw (saw %r)" % self.listed())
        self.assertFalse(error.is_displayed())
        self.assertIn("52.2", self.status())
        self.assertEqual(self.element("home.place.input").get_attribute("value"), "Warsaw")
        self.element("home.place.input").clear()
        self.type("home.place.input", "San")  # many towns: a choice, the most populous first
        self.tap("home.search.tap")
        self.wait_idle()
        choices = self.element("home.townChoices")
        self.wait(lambda: choices.is_displayed(), message="the towns offered")
        first = self.element("home.town.0")
        self.assertEqual(self.driver.switch_to.active_element, first, "focus on the first town")
        name = first.text
        self.assertIn("san", name.lower())
        first.click()
        self.wait_idle()
        self.wait(lambda: not choices.is_displayed(), message="the choice is taken")
        self.assertEqual(self.element("home.place.input").get_attribute("value"), name.split(",")[0])

    def test_a_town_typed_with_or_without_its_accents_is_the_same_town(self):
        self.seed()
        places = []
        for typed in ("Krak\u00f3w", "krakow", "KRAKOW"):
            self.open("/")
            self.type("home.place.input", typed)
            self.tap("home.search.tap")
            self.wait_idle()
            self.wait(lambda: "50.0" in self.status(), message="the list near Krak\u00f3w for %r (saw %r)"
                      % (typed, self.status()))
            self.assertFalse(self.element("home.place.error").is_displayed(), typed)
            self.assertIn("krak", self.element("home.place.input").get_attribute("value").lower())
            places.append(self.status())
        self.assertEqual(len(set(places)), 1, places)

    def test_my_location_lists_from_the_browsers_position(self):
        ids = self.seed()
        self.grant_location(WARSAW[0] + 0.125, WARSAW[1])
        self.open("/")
        self.tap("home.useLocation.tap")
        self.wait_idle()
        self.wait(lambda: len(self.listed()) == 10, message="the list from the position")
        self.assertEqual(self.listed()[:3], [ids[11], ids[10], ids[9]])
        self.assertEqual(self.item_text(0, "home.item.distance"), "556 m")
        self.assertIn("52.35470,21.01220", self.status())

    def test_a_refused_location_says_so_in_words(self):
        self.deny_location()
        self.open("/")
        self.tap("home.useLocation.tap")
        self.wait_idle()
        self.wait(lambda: "Location permission was denied" in self.status(), message="the refusal (saw %r)"
                  % self.status())
        self.assertEqual(self.listed(), [])


class HomePlaceAtPhoneSizeTests(PhoneSize, HomePlaceTests):
    """The same at a phone's size (390 × 844)."""


class HomePlaceAtDesktopSizeTests(DesktopSize, HomePlaceTests):
    """The same at a desktop's size (1280 × 800)."""
