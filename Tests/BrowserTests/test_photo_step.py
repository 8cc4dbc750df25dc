"""The photo steps (issue 43): a photo over the limit is refused where it is picked, in both
flows, with the size and the limit in words (it used to be taken at the Missing flow's 2/4
and refused at Submit report, in bytes); and focus stays on the photo control or the chosen
photo's summary instead of falling to <body> when the zone it was picked from hides."""

from support import PageTest, png

TOO_LARGE = "This photo is 20.2 MB; the largest photo we take is 10 MB. Choose a smaller one."
JPEG_HEAD = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"


class PhotoStepTests(PageTest):
    def big_jpeg(self, size=20_200_000):
        """A JPEG file of `size` bytes (sparse on disk): the page reads its first 64 bytes and its size."""
        path = self.photo_file("big20.jpg", JPEG_HEAD)
        with open(path, "r+b") as handle:
            handle.truncate(size)
        return path

    def active(self):
        """What has focus: the photo summary's role, else the control's data-testid, else its tag."""
        return self.driver.execute_script(
            "var e = document.activeElement; return e.dataset.role || e.dataset.testid || e.tagName")

    def photo_card_shown(self, step):
        return self.driver.execute_script(
            "return !document.querySelector('section[data-step=\"' + arguments[0] + '\"] [data-role=photo-card]').hidden",
            step)

    def choose(self, browse, path):
        """Chooses the file at `path` as a person does: Browse has focus (a tap or Tab), then the file."""
        self.driver.execute_script("arguments[0].focus()", self.element(browse))
        self.element(browse).send_keys(path)

    def refuse_the_big_photo(self, step, browse, continue_id):
        self.choose(browse, self.big_jpeg())
        self.wait_idle()
        self.wait(lambda: self.error_for(step, "photo") is not None, message="the photo refused")
        self.assertEqual(self.error_for(step, "photo"), TOO_LARGE)
        self.assertFalse(self.photo_card_shown(step), "no card for a refused photo")
        self.assertIsNone((self.draft(self.flow) or {}).get("photo"), "the draft keeps no photo")
        self.tap(continue_id)
        self.wait_toast("Photo is mandatory")
        self.assertEqual(self.visible_step(), step)

    def test_the_missing_flow_refuses_a_photo_over_10_mb_at_its_photo_step(self):
        self.flow = "missing"
        self.open_missing_at_photo()
        self.refuse_the_big_photo("animalPhoto", "animalPhoto.browse", "animalPhoto.continue")
        self.assertEqual(self.css('section[data-step="animalPhoto"] .drop-secondary').text,
                         "JPG, PNG, HEIC, GIF or WEBP up to 10 MB", "the limit is said before a pick")

    def test_the_found_flow_refuses_a_photo_over_10_mb_in_the_same_words(self):
        self.flow = "found"
        self.open("/report/found")
        self.refuse_the_big_photo("uploadPhoto", "foundUploadPhoto.browse", "foundUploadPhoto.continue")

    def test_focus_stays_on_the_photo_after_it_is_chosen_and_on_browse_after_remove(self):
        self.flow = "missing"
        self.open_missing_at_photo()
        self.choose("animalPhoto.browse", self.photo_file("dog.png", png(64, 48)))
        self.wait_idle()
        self.wait(lambda: self.photo_card_shown("animalPhoto"), message="the photo's card")
        self.assertEqual(self.active(), "photo-card", "focus is on the chosen photo's summary, not <body>")
        summary = self.driver.execute_script(
            "var ids = document.activeElement.getAttribute('aria-labelledby').split(' ');"
            " return ids.map(function (id) { return document.getElementById(id).textContent; }).join(' ')")
        self.assertRegex(summary, r"^dog\.png \d+(\.\d)? K?B$", "the summary reads the photo's name and size")

        self.tap("animalPhoto.remove")
        self.assertEqual(self.active(), "animalPhoto.browse", "after Remove, focus is on Browse")

        self.choose("animalPhoto.browse", self.big_jpeg())
        self.wait_idle()
        self.wait(lambda: self.error_for("animalPhoto", "photo") == TOO_LARGE, message="refused")
        self.assertEqual(self.active(), "animalPhoto.browse", "a refused photo gives focus back to Browse")
        described = self.driver.execute_script(
            "return document.getElementById(document.activeElement.getAttribute('aria-describedby')).textContent")
        self.assertEqual(described, TOO_LARGE, "Browse is described by the refusal")
