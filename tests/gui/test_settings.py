"""Settings: a language applies at once to the open pages and is remembered; a database URL is
kept only when it opens."""

import pytest
from PySide6.QtCore import Qt

import localization
from cards.db import Database, StorageError
from gui.browser import MESSAGES as BROWSER, LANGUAGE_NAMES
from gui.context import AppContext
from gui.i18n import language
from gui.settings import MESSAGES


@pytest.fixture
def settings(window):
    return window.start.open("settings")


def test_languages_are_offered_by_their_own_names(settings):
    names = [settings.language_combo.itemText(i) for i in range(settings.language_combo.count())]
    assert names == ["English", "Español", "Русский", "Français"]
    assert names == [LANGUAGE_NAMES[code] for code in localization.LANGUAGES]


def test_a_language_switch_retranslates_an_open_page_at_once_and_is_saved(window, tmp_path):
    browser = window.start.open("browser")
    settings = window.start.open("settings")
    russian = localization.translator("ru")
    settings.choose_language("ru")
    assert language().code == "ru" and localization.current().lang == "ru"
    assert window.context.language == "ru"
    assert AppContext(tmp_path / "gui.ini").language == "ru"  # remembered for the next start
    assert browser.title() == BROWSER.render("title", russian)
    assert browser.search_label.text() == BROWSER.render("search", russian)
    assert browser.model.headerData(0, Qt.Orientation.Horizontal) == BROWSER.render("column_number", russian)
    assert settings.language_label.text() == MESSAGES.render("language", russian)
    assert window.windowTitle().startswith(MESSAGES.render("title", russian))
    assert browser.filters["type"][1].itemText(browser.filters["type"][1].findData("Jutsu")) == russian.term("card_type", "Jutsu")
    settings.choose_language("en")
    assert browser.search_label.text() == BROWSER["search"]


def test_a_bad_database_url_shows_why_and_keeps_the_saved_one(settings, window):
    saved = window.context.database_url
    settings.url_edit.setText("no such database")
    settings.apply_button.click()
    with pytest.raises(StorageError) as err:
        Database("no such database")
    assert localization.current().error(err.value) in settings.result.text()
    assert window.context.database_url == saved
    assert window.context.settings.value("database_url") == saved
    assert window.context.cards().get("N-008") is not None  # the catalogue still works
    settings.test_button.click()
    assert localization.current().error(err.value) in settings.result.text()


def test_a_good_database_url_is_tested_then_applied(settings, window, tmp_path, monkeypatch):
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    settings.url_edit.setText(other)
    settings.test_button.click()
    assert settings.result.text() == MESSAGES("works", url=other)
    assert window.context.database_url != other
    settings.apply_button.click()
    assert window.context.database_url == other
    assert settings.in_use.text() == MESSAGES("in_use", url=other)
    monkeypatch.setenv("REFEREE_DATABASE_URL", f"sqlite:///{tmp_path / 'default.sqlite'}")
    settings.default_button.click()
    assert settings.url_edit.text() == ""
    settings.apply_button.click()
    assert window.context.database_url is None


def test_settings_layout_at_1280_by_720(settings, screenshot):
    for control in (settings.language_combo, settings.url_edit, settings.default_button, settings.test_button,
                    settings.apply_button):
        assert control.toolTip()
    screenshot("settings")
