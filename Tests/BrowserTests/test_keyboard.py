"""The report flows with a keyboard (issue 32, "What people trip over"): the photo's Browse
shows its focus, every step change puts focus on the new step's title, a dialog keeps Tab
inside and gives focus back to what opened it, the arrow keys move between Female and Male,
Enter in a one-line field is the step's Continue (not in a text area). And each flow says its
name on screen from its first step, in the words of its <title>."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from support import PageTest

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

    def test_the_browse_control_shows_its_keyboard_focus(self):
        self.open_missing_at_photo()
        zone = self.css('section[data-step="animalPhoto"] .drop-zone')
        self.assertEqual(zone.value_of_css_property("outline-style"), "none")
        for _ in range(8):
            if self.focused() == "animalPhoto.browse":
                break
            self.keys(Keys.TAB)
        self.assertEqual(self.focused(), "animalPhoto.browse", "Tab reaches Browse")
        # The file input itself is invisible over the zone: the zone draws the focus ring.
        self.assertEqual(zone.value_of_css_property("outline-style"), "solid")
        self.assertEqual(zone.value_of_css_property("outline-color"), PRIMARY)
        self.assertEqual(zone.value_of_css_property("outline-width"), "2px")

    def test_every_step_change_moves_focus_to_the_new_steps_title(self):
        self.open("/report/missing")
        self.type("microchipNumber.microchipTextField.input", "123456789012345")
        self.tap("microchipNumber.continueButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Animal photo")
        self.wait(lambda: self.focused() == "H2 Animal photo", message="focus on 2/4's title (saw %r)"
                  % self.focused())
        self.past_the_photo()
        self.wait(lambda: self.focused() == "H2 Animal description", message="focus on 3/4's title (saw %r)"
                  % self.focused())
        self.tap("animalDescription.backButton.tap")
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Back to Animal photo")
        self.assertEqual(self.focused(), "H2 Animal photo")
        # From the title, Tab goes on into the step (not back to the top of the page).
        self.keys(Keys.TAB)
        self.assertEqual(self.focused(), "animalPhoto.cancelButton.tap")

    def test_a_dialog_keeps_tab_inside_and_gives_focus_back_when_it_closes(self):
        self.open("/report/missing")
        self.tap("microchipNumber.cancelButton.tap")
        self.assertTrue(self.modal_open("cancel"))
        self.assertEqual(self.focused(), "cancelReportAlert.keepEditing.tap")
        seen = []
        for _ in range(4):
            self.keys(Keys.TAB)
            self.assertTrue(self.focus_in_modal("cancel"), "Tab left the dialog for %r" % self.focused())
            seen.append(self.focused())
        self.assertEqual(seen, ["cancelReportAlert.confirm.tap", "cancelReportAlert.keepEditing.tap"] * 2)
        self.shift_tab()
        self.assertEqual(self.focused(), "cancelReportAlert.confirm.tap")
        self.shift_tab()
        self.assertEqual(self.focused(), "cancelReportAlert.keepEditing.tap")
        self.keys(Keys.ENTER)  # Keep editing
        self.assertFalse(self.modal_open("cancel"))
        self.assertEqual(self.focused(), "microchipNumber.cancelButton.tap", "focus back on Cancel")
        # Escape closes it too, and focus comes back the same way.
        self.keys(Keys.ENTER)
        self.assertTrue(self.modal_open("cancel"))
        self.keys(Keys.ESCAPE)
        self.assertFalse(self.modal_open("cancel"))
        self.assertEqual(self.focused(), "microchipNumber.cancelButton.tap")

    def test_the_location_alert_gives_focus_back_to_the_location_button(self):
        self.deny_location()
        self.to_animal_description()
        self.tap("animalDescription.requestGPSButton.tap")
        self.wait(lambda: self.modal_open("permission"), message="the permission alert")
        self.wait_idle()
        self.assertTrue(self.focus_in_modal("permission"))
        self.keys(Keys.TAB)
        self.keys(Keys.TAB)
        self.assertTrue(self.focus_in_modal("permission"), "Tab left the alert for %r" % self.focused())
        self.tap("locationPermissionAlert.goToSettings.tap")
        self.assertTrue(self.modal_open("settings"))
        self.assertEqual(self.focused(), "locationSettingsHelp.close.tap")
        self.keys(Keys.TAB)
        self.assertEqual(self.focused(), "locationSettingsHelp.close.tap", "one button: Tab stays on it")
        self.keys(Keys.ENTER)
        self.assertFalse(self.modal_open("settings"))
        self.assertEqual(self.focused(), "animalDescription.requestGPSButton.tap")

    def test_arrow_keys_move_between_female_and_male(self):
        self.to_animal_description()
        female = "animalDescription.genderFemale.tap"
        male = "animalDescription.genderMale.tap"
        # One Tab stop for the pair: the first card before a choice.
        self.assertEqual(self.element(female).get_attribute("tabindex"), "0")
        self.assertEqual(self.element(male).get_attribute("tabindex"), "-1")
        self.driver.execute_script("arguments[0].focus()", self.element(female))
        self.keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.focused(), male)
        self.assertEqual(self.element(male).get_attribute("aria-checked"), "true")
        self.assertEqual(self.element(female).get_attribute("aria-checked"), "false")
        self.assertEqual(self.element(male).get_attribute("tabindex"), "0")
        self.assertEqual(self.element(female).get_attribute("tabindex"), "-1")
        self.wait_idle()
        self.assertEqual(self.draft("missing")["steps"]["animalDescription"]["values"]["gender"], "MALE")
        self.keys(Keys.ARROW_LEFT)
        self.assertEqual(self.focused(), female)
        self.assertEqual(self.element(female).get_attribute("aria-checked"), "true")
        self.keys(Keys.ARROW_DOWN)  # down and right go on, wrapping round
        self.assertEqual(self.focused(), male)
        self.keys(Keys.ARROW_DOWN)
        self.assertEqual(self.focused(), female)
        self.wait_idle()
        self.assertEqual(self.draft("missing")["steps"]["animalDescription"]["values"]["gender"], "FEMALE")
        # Tab leaves the group: the next field, not the other card.
        self.keys(Keys.TAB)
        self.assertEqual(self.focused(), "animalDescription.ageTextField.input")

    def test_enter_in_a_field_is_continue_and_not_in_a_text_area(self):
        self.open("/report/missing")
        self.type("microchipNumber.microchipTextField.input", "123456789012345")
        self.element("microchipNumber.microchipTextField.input").send_keys(Keys.ENTER)
        self.wait(lambda: self.visible_step() == "animalPhoto", message="Enter went on to 2/4")
        self.past_the_photo()
        description = self.element("animalDescription.descriptionTextArea.input")
        description.send_keys("Red collar.", Keys.ENTER, "Answers to Luna.")
        self.wait_idle()
        self.assertEqual(self.visible_step(), "animalDescription")
        self.assertEqual(self.value("animalDescription.descriptionTextArea.input"), "Red collar.\nAnswers to Luna.")
        # Enter in a field of a step that does not pass: the step's messages, as Continue.
        self.element("animalDescription.ageTextField.input").send_keys("3", Keys.ENTER)
        self.wait_toast("Please correct the highlighted fields")
        self.assertEqual(self.visible_step(), "animalDescription")
        self.assertIsNotNone(self.error_for("animalDescription", "species"))

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
