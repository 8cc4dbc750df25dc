"""The report flows (issue 32, "What people trip over"): each flow says its name on screen
from its first step, in the words of its <title>."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from support import PageTest, png

PRIMARY = "rgba(21, 93, 252, 1)"


class KeyboardTests(PageTest):
    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def shift_tab(self):
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()

    def focused(self):
        """What has focus: its data-testid, else its tag and text (`H2 Animal photo`)."""
        return self.driver.execute_script(
            "var e = document.activeElement; if (!e) return null;"
            " return e.getAttribute('data-testid') || (e.tagName + ' ' + e.textContent.trim().slice(0, 60))")

    def focus_in_modal(self, name):
        return self.driver.execute_script(
            "return document.querySelector('[data-modal=\"' + arguments[0] + '\"]').contains(document.activeElement)",
            name)

    def to_animal_description(self):
        self.open_missing_at_photo()
        self.element("animalPhoto.browse").send_keys(self.photo_file("dog.png", png(64, 48)))
        self.wait_idle()
        self.tap("animalPhoto.continue")
        self.wait(lambda: self.visible_step() == "animalDescription", message="Animal description")

    def test_each_flow_says_its_name_on_screen_from_its_first_step(self):
        for page, name, progress in (("/report/missing", "Report a missing pet", "1/4"),
                                     ("/report/found", "Report a found animal", "1/3")):
            self.open(page)
            self.assertEqual(self.progress(), progress)
            heading = self.css('[data-role="flow-title"]')
            self.assertTrue(heading.is_displayed(), page)
            self.assertEqual(heading.text, name)
            self.assertEqual(heading.tag_name, "h1")
            # The same words as the page's <title> (one constant).
            self.assertEqual(self.driver.title, name + " \u00b7 PetSpot")
            self.assertEqual(len(self.driver.find_elements("css selector", "h1")), 1, page)
