"""The main window: its start screen, page navigation and a language switch."""

import re

from PySide6.QtWidgets import QDialogButtonBox

from localization import translator

from gui.i18n import language
from gui.main_window import MESSAGES as WINDOW
from gui.start import BUTTONS, MESSAGES as START


def test_start_screen_offers_every_page_with_a_tooltip(window):
    assert window.windowTitle() == WINDOW["title"]
    assert set(window.start.buttons) == set(BUTTONS)
    for key, button in window.start.buttons.items():
        assert button.text() == START[key]
        assert button.toolTip() == START[f"{key}_tip"]
    assert not window.navigation.isVisible()


def test_language_switch_retranslates_the_open_window_and_qt_buttons(window, tmp_path):
    language().set("ru")
    text = window.start.buttons["new_match"].text()
    assert text == START.render("new_match", translator("ru")) and re.search("[а-я]", text)
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert box.buttons()[0].text() == "Отмена"
    shot = tmp_path / "start_ru.png"
    assert window.grab().save(str(shot), "PNG")
