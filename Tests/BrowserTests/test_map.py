"""The map page (/map) in a real browser, offline: the tile server is unreachable (the
server's --tile-url points at a closed port), so the page must still draw every report's
marker and every missing report's search circle on a plain background, say that tiles are
unavailable, and load nothing from another origin except the tiles it tried."""

import datetime
import json
import urllib.request
from support import DesktopSize, PhoneSize, PageTest

TILES = "http://127.0.0.1:9/{z}/{x}/{y}.png"  # port 9 (discard): nothing answers


class MapTests(PageTest):
    server_arguments = ("--tile-url", TILES, "--tile-attribution", "Test tiles")

    def post(self, body, kind):
        request = urllib.request.Request(self.origin + "/v1/reports/" + kind, data=json.dumps(body).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.loads(answer.read())["id"]
        except urllib.error.HTTPError as error:
            raise AssertionError("POST %s: %s" % (kind, error.read().decode()))

    def seed(self):
        """Two missing reports near Warsaw (5 and 15 km circles), one across the antimeridian
        (a circle the server splits in two), and a found one."""
        day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        missing = {"lastSeenDate": day, "species": "dog", "breed": "Beagle", "gender": "FEMALE",
                   "phone": "+48 600 700 800"}
        ids = [self.post(dict(missing, locationLatitude=52.24, locationLongitude=21.01, locationRadius=5), "missing"),
               self.post(dict(missing, locationLatitude=52.20, locationLongitude=21.05, locationRadius=15), "missing"),
               self.post(dict(missing, locationLatitude=65.0, locationLongitude=179.9, locationRadius=50), "missing")]
        ids.append(self.post({"lastSeenDate": day, "species": "CAT", "gender": "MALE", "locationLatitude": 52.25,
                              "locationLongitude": 21.0, "phone": "+48 600 700 900",
                              "email": "finder@example.com"}, "found"))
        return ids

    def drawn(self):
        return self.driver.execute_script("return document.body.dataset.drawn || ''")

    def test_the_map_draws_markers_and_circles_without_tiles_and_says_so(self):
        ids = self.seed()
        self.open("/map?near=52.2297,21.0122&report=" + ids[1])
        self.wait(lambda: self.drawn() == "4,3", message="4 markers and 3 circles (saw %r)" % self.drawn())
        markers = self.driver.find_elements("css selector", '[data-testid="map.marker"]')
        self.assertEqual(sorted(m.get_attribute("data-id") for m in markers), sorted(ids))
        self.assertEqual(self.driver.execute_script(
            "return document.querySelectorAll('path.leaflet-interactive').length >= 3"), True)
        self.wait(lambda: self.element("map.tilesUnavailable").is_displayed(), message="tiles are unavailable")
        self.assertIn("Map tiles are unavailable", self.element("map.tilesUnavailable").text)
        self.assertEqual(self.element("map.status").text,
                         "4 open reports nearest to this place; missing pets with their search circle.")
        # The report the card asked for has its popup open, with its card one tap away.
        # (Leaflet fills the popup a frame after adding it: wait for its text.)
        self.wait(lambda: "MISSING" in self.css(".leaflet-popup").text,
                  message="the asked-for report's popup (saw %r)" % self.css(".leaflet-popup").text)
        self.assertEqual(self.element("map.openCard.tap").get_attribute("href"), self.origin + "/pets/" + ids[1])
        self.assertIn("Test tiles", self.css(".leaflet-control-attribution").text)
        # Leaflet and its marker images come from this server; the only other origin is the tiles'.
        names = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
        for name in names:
            self.assertTrue(name.startswith(self.origin) or name.startswith("http://127.0.0.1:9/"), name)
        self.assertTrue(any(name.endswith("/map/assets/leaflet.min.js") for name in names), names)
        # Back to the list of the same place.
        self.assertEqual(self.element("map.back.tap").get_attribute("href"), self.origin + "/?near=52.2297%2C21.0122&page=1")

    def test_a_missing_pets_place_is_a_shaded_area_and_no_pin_is_at_the_place(self):
        ids = self.seed()
        self.open("/map?near=52.2297,21.0122")
        self.wait(lambda: self.drawn() == "4,3", message="drawn (saw %r)" % self.drawn())
        # Each missing report (not the found one) is a shaded area around its grid cell's centre.
        areas = self.driver.find_elements("css selector", '[data-testid="map.area"]')
        self.assertEqual(sorted(a.get_attribute("data-id") for a in areas), sorted(ids[:3]))
        # What the page drew from: no missing report at its place (the found one is exact).
        answer = self.driver.execute_async_script(
            "var done = arguments[0];"
            " fetch('/v1/reports?near=52.2297,21.0122&limit=50').then(function (r) { return r.text(); }).then(done);")
        self.assertNotIn('"locationLatitude":52.24,', answer)
        self.assertNotIn('"locationLatitude":52.2,', answer)
        self.assertIn('"locationPrecisionMeters":500', answer)
        self.assertIn('"locationLatitude":52.25,', answer)

    def test_the_card_opens_the_map_on_its_report(self):
        ids = self.seed()
        self.driver.get(self.origin + "/pets/" + ids[0])
        self.wait_card()
        self.assertEqual(self.card_state(), "loaded")
        self.tap("petDetails.showMap.button")
        self.wait(lambda: "/map?" in self.driver.current_url, message="the map opened")
        self.wait(lambda: self.drawn() == "4,3", message="drawn (saw %r)" % self.drawn())
        self.assertIn("report=" + ids[0], self.driver.current_url)
        self.assertTrue(self.css(".leaflet-popup").is_displayed())

    def test_the_map_page_and_leaflet_are_light_and_cached(self):
        with urllib.request.urlopen(self.origin + "/map/assets/leaflet.min.js", timeout=10) as answer:
            self.assertEqual(answer.headers["Cache-Control"], "public, max-age=31536000, immutable")
            served = answer.read()
        with open("/usr/share/javascript/leaflet/leaflet.min.js", "rb") as debian:
            self.assertEqual(served, debian.read(), "the embedded Leaflet is Debian's libjs-leaflet")
        own = 0
        for path in ("/map?near=1,2", "/report/assets/map.js", "/report/assets/map.css"):
            with urllib.request.urlopen(self.origin + path, timeout=10) as answer:
                own += len(answer.read())
        self.assertLess(own, 100_000, "the page's own HTML + JS + CSS, Leaflet aside")
        with urllib.request.urlopen(self.origin + "/map/assets/LICENSE", timeout=10) as answer:
            self.assertIn("Vladimir Agafonkin", answer.read().decode())


class MapAtPhoneSizeTests(PhoneSize, MapTests):
    """The same at a phone's size (390 × 844)."""


class MapAtDesktopSizeTests(DesktopSize, MapTests):
    """The same at a desktop's size (1280 × 800)."""
