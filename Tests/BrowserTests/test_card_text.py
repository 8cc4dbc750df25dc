"""Outside text on the Pet details card (issue 43): a long race in a Possible matches title is
cut to its line like the card's own fields (it widened a phone's card to 2,050 px), the whole
title kept; right-to-left text reads right to left, its marks kept (a right-to-left mark
showed as the text `<U+200F>`), while a control that reorders what follows still shows as an
escape. At the usual 480 px, a phone's 390 × 844 and a desktop's 1280 × 800."""

import json
import urllib.request

from support import DesktopSize, PageTest, PhoneSize

LONG_BREED = "Labradoodle" * 180  # 1,980 letters: the longest race a field takes is 2,048
HEBREW_BREED = "\u05e8\u05d5\u05e2\u05d4 \u05d2\u05e8\u05de\u05e0\u05d9\u200f"  # "German shepherd", a mark after it


class CardTextTests(PageTest):
    def post(self, kind, **values):
        body = {"lastSeenDate": "2025-11-10", "species": "dog", "gender": "FEMALE", "locationLatitude": 52.2297,
                "locationLongitude": 21.0122, "email": "owner@example.com"}
        body.update(values)
        request = urllib.request.Request(self.origin + "/v1/reports/" + kind, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())["id"]

    def open_card(self, report_id):
        self.driver.get(self.origin + "/pets/" + report_id)
        self.wait_card()
        self.assertEqual(self.card_state(), "loaded")

    def page_width(self):
        return self.driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")

    def test_a_long_race_in_a_match_title_is_cut_to_its_line_and_kept_whole_in_its_title(self):
        self.post("missing", breed=LONG_BREED, location="Warsaw", locationRadius=5)
        found_id = self.post("found", status="FOUND", lastSeenDate="2025-11-18", locationLatitude=52.25,
                             locationLongitude=21.0, gender="FEMALE", phone="+48123456789")
        self.open_card(found_id)
        self.wait(lambda: self.element("petDetails.matches").is_displayed(), message="Possible matches shown")
        link = self.element("petDetails.match.tap")
        scroll, client = self.page_width()
        self.assertLessEqual(scroll, client, "the page is no wider than the window")
        self.assertEqual(link.value_of_css_property("text-overflow"), "ellipsis")
        self.assertTrue(self.driver.execute_script(
            "return arguments[0].scrollWidth > arguments[0].clientWidth", link), "the title is cut to its line")
        self.assertEqual(link.get_attribute("title"), "Dog \u00b7 " + LONG_BREED)
        self.assertEqual(link.text.replace("\u2026", ""), link.text, "the ellipsis is drawn, not written")
        right, card_right = self.driver.execute_script(
            "return [arguments[0].getBoundingClientRect().right,"
            " document.querySelector('[data-role=card]').getBoundingClientRect().right]", link)
        self.assertLessEqual(right, card_right + 0.5, "the link stays inside the card")

    def test_right_to_left_text_reads_right_to_left_and_an_override_shows_as_an_escape(self):
        report_id = self.post("missing", breed=HEBREW_BREED, description="Call \u202e987 654 321\u202c now")
        self.open_card(report_id)
        race = self.css('[data-role=fields] dd[data-label="Animal Race"]')
        self.assertEqual(self.card_values()["Animal Race"], HEBREW_BREED, "the mark is kept, not shown as <U+200F>")
        self.assertNotIn("<U+200F>", race.text)
        self.assertEqual(race.get_attribute("dir"), "auto", "the value's direction is isolated")
        self.assertEqual(race.value_of_css_property("direction"), "rtl")
        self.assertEqual(self.card_values()["Animal Additional Description"], "Call <U+202E>987 654 321<U+202C> now")
        scroll, client = self.page_width()
        self.assertLessEqual(scroll, client)


class CardTextAtPhoneSizeTests(PhoneSize, CardTextTests):
    """The same at a phone's size (390 × 844)."""


class CardTextAtDesktopSizeTests(DesktopSize, CardTextTests):
    """The same at a desktop's size (1280 × 800)."""
