"""Share on a Pet details card (/pets/{id}): the Web Share API where the browser has it,
else the card's link copied and "Link copied" in the toast; and the card page's shared tags
(Open Graph, Twitter card) in its head with absolute links, the report's public texts and
none of its contacts."""

import urllib.request

from support import PageTest, png

# The page's navigator without the Web Share API, and a clipboard that keeps what it is given.
WITHOUT_WEB_SHARE = """
window.copied = [];
Object.defineProperty(navigator, 'share', {value: undefined, configurable: true});
Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
  writeText: function (text) { window.copied.push(text); return Promise.resolve(); }}});
"""

# A browser with the Web Share API that keeps what it is asked to share.
WITH_WEB_SHARE = """
window.shared = [];
Object.defineProperty(navigator, 'share', {configurable: true, value: function (data) {
  window.shared.push(data); return Promise.resolve(); }});
"""


class ShareTests(PageTest):
    def seed(self):
        """A missing Beagle near Warsaw, with a photo; its id."""
        created = self.post("/v1/reports/missing", {
            "lastSeenDate": "2025-11-17", "species": "dog", "breed": "Beagle", "gender": "FEMALE",
            "locationLatitude": 52.229712345, "locationLongitude": 21.012298765, "locationRadius": 5,
            "description": "Red collar.", "phone": "+48 600 700 800", "email": "owner@example.com"})
        self.post("/v1/reports/%s/photo" % created["id"], png(40, 30), content_type="image/png", method="PUT",
                  token=created["ownerToken"])
        return created["id"]

    def open_card(self, report):
        self.driver.get(self.origin + "/pets/" + report)
        self.wait_card()
        self.assertEqual(self.card_state(), "loaded")

    def test_share_copies_the_link_when_the_browser_has_no_web_share(self):
        report = self.seed()
        self.open_card(report)
        self.driver.execute_script(WITHOUT_WEB_SHARE)
        self.tap("petDetails.share.tap")
        self.wait(lambda: self.toast() == "Link copied", message="the toast (saw %r)" % self.toast())
        self.assertEqual(self.driver.execute_script("return window.copied"), [self.origin + "/pets/" + report])

    def test_share_opens_the_web_share_sheet_with_the_cards_title_and_link(self):
        report = self.seed()
        self.open_card(report)
        self.driver.execute_script(WITH_WEB_SHARE)
        self.tap("petDetails.share.tap")
        self.wait(lambda: self.driver.execute_script("return window.shared.length") == 1, message="shared")
        shared = self.driver.execute_script("return window.shared[0]")
        self.assertEqual(shared, {"title": "Missing dog: Beagle, near Warsaw", "url": self.origin + "/pets/" + report})
        self.assertIsNone(self.toast(), "nothing copied, nothing said")

    def test_the_card_page_carries_its_shared_tags_with_absolute_links(self):
        report = self.seed()
        self.open_card(report)
        tags = self.driver.execute_script(
            "var tags = {}; document.querySelectorAll('meta[property], meta[name]').forEach(function (m) {"
            " tags[m.getAttribute('property') || m.getAttribute('name')] = m.content; }); return tags")
        self.assertEqual(tags["og:title"], "Missing dog: Beagle, near Warsaw")
        self.assertEqual(tags["og:url"], self.origin + "/pets/" + report)
        self.assertEqual(tags["og:image"], self.origin + "/v1/reports/%s/photo" % report)
        self.assertEqual(tags["og:type"], "website")
        self.assertEqual(tags["twitter:card"], "summary_large_image")
        self.assertEqual(tags["og:description"], "Last seen Nov 17, 2025 \u00b7 Beagle \u00b7 Red collar.")
        head = self.driver.execute_script("return document.head.outerHTML")
        for secret in ("600 700", "600700", "owner@example.com", "52.2297", "21.0122"):
            self.assertNotIn(secret, head)
        # The image the tags name is the report's photo, served.
        with urllib.request.urlopen(tags["og:image"], timeout=10) as answer:
            self.assertEqual(answer.headers["Content-Type"], "image/png")
