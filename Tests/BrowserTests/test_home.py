"""The home page (/): Near you lists the open reports nearest first — from a typed place and
from the browser's position (DevTools: test_home_place.py), 10 a page — each item opening its card, whose back
arrow returns to the same page; a refused permission says so in words. And a Found report's
card speaks of finding ("Date found", "Place found", "Contact finder")."""

import datetime
import time

from support import DesktopSize, PhoneSize, PageTest, png
from test_page import IDENTIFIER, LIMIT, WEIGHT
from test_pet_details import medium

WARSAW = (52.2297, 21.0122)


def utc_today():
    """The UTC day now: the day a report's age counts from (ReportAge)."""
    return datetime.datetime.now(datetime.timezone.utc).date()


class HomePage(PageTest):
    """What the home page's tests share: the reports they list and how to read the list."""

    def seed(self):
        """12 open reports due north of Warsaw, report k about k × 1.11 km away (odd k missing,
        even k found, the fifth with an 88-letter breed), a closed one at Warsaw itself, and the
        third with a photo. Returns the ids nearest first; `last_seen` is their last-seen day and
        `seeded_on` the UTC day before the first was made."""
        self.seeded_on = utc_today()
        self.last_seen = datetime.date.today() - datetime.timedelta(days=1)
        day = self.last_seen.isoformat()
        ids = []
        tokens = {}
        for k in range(1, 13):
            latitude = round(WARSAW[0] + 0.01 * k, 5)
            if k % 2:
                breed = "Labradoodle" * 8 if k == 5 else "Beagle %d" % k
                body = {"lastSeenDate": day, "species": "dog", "breed": breed, "gender": "FEMALE",
                        "locationLatitude": latitude, "locationLongitude": WARSAW[1], "location": "North %d" % k,
                        "locationRadius": 5, "phone": "+48 600 700 8%02d" % k}
                created = self.post("/v1/reports/missing", body)
            else:
                body = {"status": "FOUND", "lastSeenDate": day, "species": "CAT", "gender": "MALE",
                        "locationLatitude": latitude, "locationLongitude": WARSAW[1],
                        "phone": "+48 600 700 9%02d" % k, "email": "finder%d@example.com" % k}
                created = self.post("/v1/reports/found", body)
            ids.append(created["id"])
            tokens[created["id"]] = created.get("ownerToken")
        closed = self.post("/v1/reports/missing", {
            "lastSeenDate": day, "species": "dog", "breed": "Mixed", "gender": "MALE", "locationLatitude": WARSAW[0],
            "locationLongitude": WARSAW[1], "phone": "+48 600 700 999"})
        self.post("/v1/reports/" + closed["id"], {"status": "CLOSED"}, method="PATCH", token=closed.get("ownerToken"))
        self.post("/v1/reports/%s/photo" % ids[2], png(40, 30), content_type="image/png", method="PUT",
                  token=tokens[ids[2]])
        return ids

    def listed(self):
        return self.driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('[data-testid=\"home.item\"]'),"
            " function (item) { return item.dataset.id; })")

    def item_text(self, index, testid):
        return self.driver.execute_script(
            "var item = document.querySelectorAll('[data-testid=\"home.item\"]')[arguments[0]];"
            " var part = item.querySelector('[data-testid=\"' + arguments[1] + '\"]');"
            " return part ? part.textContent : null", index, testid)

    def status(self):
        return self.element("home.status").text


class HomeTests(HomePage):
    def test_a_typed_place_lists_the_open_reports_nearest_first_in_pages(self):
        ids = self.seed()
        self.open("/")
        self.assertEqual(self.listed(), [])
        self.type("home.place.input", "52,2297 21,0122")
        self.tap("home.search.tap")
        self.wait_idle()
        self.wait(lambda: self.listed() == ids[:10], message="page 1 nearest first (saw %r)" % self.listed())
        self.assertEqual(self.status(), "Reports 1\u201310, nearest first to 52.22970,21.01220.")
        self.assertEqual(self.element("home.map.tap").get_attribute("href"),
                         self.origin + "/map?near=52.22970%2C21.01220")
        # A missing report is shown to the public on its 500 m grid cell: measured from the
        # cell's centre and rounded (PublicLocation); a found report's place is exact.
        self.assertRegex(self.item_text(0, "home.item.distance"), r"^about 1\.\d km$")
        self.assertEqual(self.item_text(1, "home.item.distance"), "2.2 km")
        # Where: a missing report's typed place; a found one's nearest town (it has no typed place).
        self.assertEqual(self.item_text(0, "home.item.place"), "North 1")
        self.assertRegex(self.item_text(1, "home.item.place"), r"^near \w")
        self.assertEqual(self.item_text(0, "home.item.status"), "MISSING")
        self.assertEqual(self.item_text(1, "home.item.status"), "FOUND")
        badge = self.driver.find_elements("css selector", '[data-testid="home.item.status"]')
        self.assertEqual(badge[0].value_of_css_property("background-color"), "rgba(231, 0, 11, 1)")  # red
        self.assertEqual(badge[1].value_of_css_property("background-color"), "rgba(21, 93, 252, 1)")  # blue
        self.assertEqual(self.item_text(0, "home.item.species"), "Dog \u00b7 Beagle 1")
        self.assertEqual(self.item_text(1, "home.item.species"), "Cat \u00b7 \u2014")
        # The day the reports were given, not a day recomputed now (UTC midnight may have passed).
        self.assertEqual(self.item_text(0, "home.item.date"), medium(self.last_seen))
        # How old each report is: all of them were made just now, so today; if UTC midnight fell
        # between making them and reading the list, the list may already say yesterday.
        ages = {"reported today"} if utc_today() == self.seeded_on else {"reported today", "reported yesterday"}
        self.assertIn(self.item_text(0, "home.item.age"), ages)
        self.assertIn(self.item_text(1, "home.item.age"), ages)
        self.assertEqual(self.item_text(0, "home.item.noImage"), "Image not available")
        self.wait(lambda: self.driver.execute_script(
            "var img = document.querySelectorAll('[data-testid=\"home.item\"]')[2].querySelector('img');"
            " return img && img.naturalWidth") == 40, message="the third item shows its photo")
        self.assertNotIn("example.com", self.driver.page_source)
        self.assertFalse(self.element("home.previous.tap").is_enabled())
        self.tap("home.next.tap")
        self.wait_idle()
        self.wait(lambda: self.listed() == ids[10:], message="page 2 (saw %r)" % self.listed())
        self.assertEqual(self.element("home.page").text, "Page 2")
        self.assertFalse(self.element("home.next.tap").is_enabled())
        self.assertIn("page=2", self.driver.current_url)
        self.tap("home.previous.tap")
        self.wait_idle()
        self.wait(lambda: self.listed() == ids[:10], message="back to page 1")

    def test_a_wide_screen_shows_the_listed_reports_on_the_map_beside_the_list(self):
        """At 960 pixels and wider the map (/map?embed=1) stands beside the list, in a frame
        the home page's policy allows; narrower, only the link, and the frame loads nothing."""
        self.seed()
        self.open("/?near=52.2297,21.0122&page=1")
        self.wait_idle()
        self.wait(lambda: len(self.listed()) == 10, message="the list")
        frame = self.element("home.mapFrame")
        wide = self.driver.execute_script("return window.innerWidth") >= 960
        if not wide:
            self.assertFalse(frame.is_displayed())
            self.assertEqual(frame.get_attribute("src"), "")
            return
        self.assertTrue(frame.is_displayed())
        self.assertEqual(frame.get_attribute("src"), self.origin + "/map?near=52.2297%2C21.0122&embed=1")
        list_box = self.element("home.list").rect
        self.assertGreater(frame.rect["x"], list_box["x"] + list_box["width"] - 1, "beside the list, not below it")
        self.driver.switch_to.frame(frame)
        try:
            self.wait(lambda: (self.driver.execute_script("return document.body.dataset.drawn") or "0,0")
                      .split(",")[0] not in ("0", ""), message="markers drawn in the frame")
            self.assertEqual(self.driver.execute_script("return document.body.dataset.embedded"), "true")
            self.assertFalse(self.element("map.back.tap").is_displayed(), "no header of its own in the frame")
        finally:
            self.driver.switch_to.default_content()

    def test_a_report_made_near_the_listed_place_is_announced_live_and_none_from_elsewhere(self):
        self.open("/")
        self.type("home.place.input", "52.2297, 21.0122")
        self.tap("home.search.tap")
        self.wait_idle()
        self.wait(lambda: self.status() == "No open reports have a place yet.", message="an empty list")
        news = self.element("home.newReports.tap")
        self.assertFalse(news.is_displayed())
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        # The page's alerts stream is open (its EventSource's open event: body[data-alerts]).
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.alerts") == "open",
                  message="the alerts stream opened")
        krakow = {"status": "FOUND", "lastSeenDate": day, "species": "CAT", "gender": "MALE",
                  "locationLatitude": 50.0647, "locationLongitude": 19.945, "phone": "+48 600 700 111",
                  "email": "finder@example.com"}
        self.post("/v1/reports/found", krakow)
        near = dict(krakow, locationLatitude=52.25, locationLongitude=21.0)
        made = time.monotonic()
        created = self.post("/v1/reports/found", near)
        self.wait(lambda: news.is_displayed(), message="the new report near the place is announced")
        print("\n  alert shown %.0f ms after the report was stored" % ((time.monotonic() - made) * 1000), end=" ")
        self.assertEqual(news.text, "1 new report near you. Show it", "Kraków's is 250 km away: not counted")
        self.post("/v1/reports/found", dict(near, locationLatitude=52.24))
        self.wait(lambda: news.text == "2 new reports near you. Show them", message="saw %r" % news.text)
        self.tap("home.newReports.tap")
        self.wait_idle()
        # The list has every open report nearest first: the two new ones, then Kraków's.
        self.wait(lambda: len(self.listed()) == 3, message="the list shows them (saw %r)" % self.listed())
        self.assertIn(created["id"], self.listed()[:2])
        self.assertFalse(news.is_displayed(), "shown: nothing new any more")

    def test_a_card_opened_from_page_two_comes_back_to_page_two(self):
        ids = self.seed()
        self.open("/")
        self.type("home.place.input", "geo:52.2297,21.0122")
        self.tap("home.search.tap")
        self.wait_idle()
        self.wait(lambda: len(self.listed()) == 10, message="page 1")
        self.tap("home.next.tap")
        self.wait_idle()
        self.wait(lambda: self.listed() == ids[10:], message="page 2")
        self.driver.find_elements("css selector", '[data-testid="home.item.open"]')[1].click()
        self.wait(lambda: "/pets/" in self.driver.current_url, message="the card opens")
        self.wait_card()
        self.assertEqual(self.card_id(), ids[11])
        # The 12th report is a found one: its card speaks of finding.
        values = self.card_values()
        self.assertIn("Date found", values)
        self.assertIn("Contact finder", values)
        self.assertIn("Place found", values)
        self.assertNotIn("Date of Disappearance", values)
        self.tap("petDetails.backButton.tap")
        self.wait(lambda: self.driver.current_url.startswith(self.origin + "/?"), message="back home")
        self.wait_ready()
        self.wait(lambda: self.listed() == ids[10:], message="the same page 2 (saw %r)" % self.listed())
        self.assertEqual(self.element("home.page").text, "Page 2")

    def test_the_two_flows_are_a_tab_away(self):
        self.open("/")
        links = {self.element(testid).get_attribute("href")
                 for testid in ("home.reportMissing.tap", "home.reportFound.tap")}
        self.assertEqual(links, {self.origin + "/report/missing", self.origin + "/report/found"})
        self.driver.execute_script("document.activeElement.blur()")
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        ActionChains(self.driver).send_keys(Keys.TAB).perform()
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-testid"), "home.reportMissing.tap")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        self.wait(lambda: self.driver.current_url == self.origin + "/report/missing", message="the Missing flow")

    def test_the_home_page_is_light_self_contained_and_identified(self):
        self.seed()
        self.open("/?near=52.2297,21.0122&page=1")
        self.wait(lambda: len(self.listed()) == 10, message="the list drawn from the address")
        entries = self.driver.execute_script(WEIGHT)
        for entry in entries:
            self.assertTrue(entry["name"].startswith(self.origin), "loaded from elsewhere: " + entry["name"])
        own = sum(e["size"] for e in entries if e["type"] not in ("fetch", "img"))
        self.assertLess(own, LIMIT, entries)
        elements = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('button, input, a'))"
            ".map(function (e) { return [e.getAttribute('data-testid'), e.outerHTML.slice(0, 120)]; })")
        for testid, html in elements:
            self.assertIsNotNone(testid, html)
            self.assertRegex(testid, IDENTIFIER, html)
        print("\n  home page weight (bytes): %d" % own, end=" ")

    def test_a_card_with_a_long_email_fits_a_phone_without_sideways_scroll(self):
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        email = "a" * 71 + "@example.com"  # 83 characters, one word
        created = self.post("/v1/reports/missing", {
            "lastSeenDate": day, "species": "dog", "breed": "Beagle", "gender": "FEMALE",
            "locationLatitude": WARSAW[0], "locationLongitude": WARSAW[1], "email": email})
        size = self.driver.get_window_size()
        self.driver.set_window_size(390, 844)
        self.addCleanup(self.driver.set_window_size, size["width"], size["height"])
        self.driver.get(self.origin + "/pets/" + created["id"])
        self.wait_card()
        self.assertEqual(self.card_state(), "loaded")
        # A stranger's card: the address is not in the page until Show email asks for it.
        self.assertNotIn(email, self.driver.page_source)
        self.tap("petDetails.email.reveal")
        self.wait(lambda: self.driver.find_elements("css selector", '[data-testid="petDetails.email.tap"]'),
                  message="Show email reveals the address")
        self.assertEqual(self.element("petDetails.email.tap").text.replace("\n", ""), email)
        self.assertEqual(self.element("petDetails.email.tap").get_attribute("href"), "mailto:" + email)
        widths = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        self.assertLessEqual(widths[0], widths[1], "the card scrolls sideways at 390 px: %r" % widths)

    def test_the_list_fits_a_phone_without_sideways_scroll(self):
        self.seed()
        size = self.driver.get_window_size()
        self.driver.set_window_size(390, 844)
        self.addCleanup(self.driver.set_window_size, size["width"], size["height"])
        self.open("/?near=52.2297,21.0122&page=1")
        self.wait(lambda: len(self.listed()) == 10, message="the list drawn from the address")
        widths = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        self.assertLessEqual(widths[0], widths[1], "the page scrolls sideways at 390 px: %r" % widths)


class HomeAtPhoneSizeTests(PhoneSize, HomeTests):
    """The same at a phone's size (390 × 844)."""


class HomeAtDesktopSizeTests(DesktopSize, HomeTests):
    """The same at a desktop's size (1280 × 800)."""
