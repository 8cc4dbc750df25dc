"""The Pet details card without a mouse (issue 32): a race cut by the ellipsis opens in full
when tapped or activated by keyboard (a button with aria-expanded; a hover tooltip is not
there on a touch screen), and the card's back arrow returns to the list the card was opened
from — never to a report flow just submitted; opened in a new tab, it goes to the home page."""

import datetime
import json
import urllib.request

from selenium.webdriver.common.keys import Keys

import test_pet_details
from support import PageTest

LONG_BREED = "Labradoodle" * 8


class CardReadingTests(PageTest):
    def post_missing(self, breed=LONG_BREED):
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        body = {"lastSeenDate": day, "species": "dog", "breed": breed, "gender": "FEMALE",
                "locationLatitude": 52.2297, "locationLongitude": 21.0122, "phone": "+48 600 700 800"}
        request = urllib.request.Request(self.origin + "/v1/reports/missing", data=json.dumps(body).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())["id"]

    def open_card(self, report_id):
        self.driver.get(self.origin + "/pets/" + report_id)
        self.wait_card()

    def test_a_cut_race_shows_in_full_when_tapped_or_activated(self):
        self.driver.set_window_size(390, 844)
        self.addCleanup(self.driver.set_window_size, 480, 1000)
        self.open_card(self.post_missing())
        self.assertEqual(self.card_state(), "loaded")
        race = self.element("petDetails.animalRace.tap")
        self.assertEqual(race.tag_name, "button")
        self.assertEqual(race.get_attribute("aria-expanded"), "false")
        self.assertEqual(race.value_of_css_property("text-overflow"), "ellipsis")
        cut = self.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", race)
        self.assertTrue(cut, "the race is cut to its line")
        one_line = race.size["height"]
        self.assertEqual(self.card_values()["Animal Race"], LONG_BREED)

        race.click()  # a tap
        self.assertEqual(race.get_attribute("aria-expanded"), "true")
        self.assertFalse(self.driver.execute_script(
            "return arguments[0].scrollWidth > arguments[0].clientWidth", race), "the whole race is shown")
        self.assertGreater(race.size["height"], one_line)
        race.click()
        self.assertEqual(race.get_attribute("aria-expanded"), "false")

        # By keyboard: the button is reached with Tab and opened with Enter or Space.
        self.driver.execute_script("arguments[0].focus()", race)
        race.send_keys(Keys.ENTER)
        self.assertEqual(race.get_attribute("aria-expanded"), "true")
        race.send_keys(Keys.SPACE)
        self.assertEqual(race.get_attribute("aria-expanded"), "false")

        # A short field that fits stays plain text.
        self.assertEqual(self.driver.execute_script(
            "return document.querySelector('[data-role=fields] dd[data-label=\"Animal Species\"]')"
            ".querySelector('button')"), None)

    def test_the_back_arrow_after_submit_goes_to_the_home_page_not_the_flow(self):
        test_pet_details.PetDetailsTests.submit_missing(self)
        self.tap("petDetails.backButton.tap")
        self.wait(lambda: not self.driver.current_url.startswith(self.origin + "/pets/"), message="left the card")
        self.assertEqual(self.driver.current_url, self.origin + "/")
        self.wait_ready()

    def test_the_back_arrow_of_a_card_opened_in_a_new_tab_goes_to_the_home_page(self):
        report_id = self.post_missing(breed="Beagle")
        first = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        try:
            self.open_card(report_id)
            self.tap("petDetails.backButton.tap")
            self.wait(lambda: self.driver.current_url == self.origin + "/",
                      message="the home page (saw %s)" % self.driver.current_url)
        finally:
            self.driver.close()
            self.driver.switch_to.window(first)

    def test_the_back_arrow_returns_to_the_list_it_was_opened_from(self):
        report_id = self.post_missing(breed="Beagle")
        self.open("/?near=52.2297,21.0122&page=1")
        self.wait(lambda: self.driver.find_elements("css selector", '[data-testid="home.item.open"]'),
                  message="the list")
        listed = self.driver.current_url
        self.tap("home.item.open")
        self.wait(lambda: self.driver.current_url.endswith("/pets/" + report_id), message="the card")
        self.wait_card()
        self.tap("petDetails.backButton.tap")
        self.wait(lambda: self.driver.current_url == listed, message="the same list (saw %s)" % self.driver.current_url)
        self.wait_ready()
        # Back, not a new entry: the card is the next page of the history.
        self.driver.forward()
        self.wait(lambda: self.driver.current_url.endswith("/pets/" + report_id), message="forward to the card")

    def test_remove_reports_question_keeps_tab_inside_and_gives_focus_back(self):
        from selenium.webdriver.common.action_chains import ActionChains

        def focused():
            return self.driver.switch_to.active_element.get_attribute("data-testid")

        def keys(*pressed):
            ActionChains(self.driver).send_keys(*pressed).perform()

        self.open_card(self.post_missing(breed="Beagle"))
        self.tap("petDetails.removeReport.button")
        self.assertTrue(self.modal_open("remove"))
        self.assertEqual(focused(), "removeReportAlert.keep.tap")
        seen = []
        for _ in range(3):
            keys(Keys.TAB)
            seen.append(focused())
        self.assertEqual(seen, ["removeReportAlert.confirm.tap", "removeReportAlert.keep.tap",
                                "removeReportAlert.confirm.tap"])
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        self.assertEqual(focused(), "removeReportAlert.keep.tap")
        keys(Keys.ENTER)  # Keep report
        self.assertFalse(self.modal_open("remove"))
        self.assertEqual(focused(), "petDetails.removeReport.button")
        keys(Keys.ENTER)
        self.assertTrue(self.modal_open("remove"))
        keys(Keys.ESCAPE)
        self.assertFalse(self.modal_open("remove"))
        self.assertEqual(focused(), "petDetails.removeReport.button")
        self.assertEqual(self.card_state(), "loaded")
