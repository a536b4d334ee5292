"""The rules reference: every rule by game and section, searchable, cross-links that open the
rule they name, and `show_rule` for other windows."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor

from gui.rules_browser import MESSAGES
from localization import current
from localization.reference import all_rules, rule_text

from test_browser import key_clicks


def typed(qtbot, page, text):
    page.edit.clear()
    key_clicks(page.edit, text)
    qtbot.waitUntil(lambda: not page.timer.isActive())
    return page.shown_rules()


def click_link(qtbot, browser, href):
    """Click, with the mouse, the first link to ``href`` the text browser shows."""
    doc = browser.document()
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(doc)
                cursor.setPosition(fragment.position())
                point = browser.cursorRect(cursor).center() + QPoint(4, 0)
                qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
                return
            it += 1
        block = block.next()
    raise AssertionError(f"no link to {href}")


def test_every_rule_is_in_the_tree_by_game_and_section(window):
    page = window.start.open("rules")
    assert list(page.items) == [r.rule for r in all_rules()]
    item = page.items["N-DEPLOY-4"]
    assert item.text(0) == f"N-DEPLOY-4  {rule_text('N-DEPLOY-4').title}"
    assert item.parent().text(0) == current().term("section", "naruto.mission")
    assert item.parent().parent().text(0) == current().term("game", "naruto")
    assert item.toolTip(0) and page.edit.toolTip() and page.tree.toolTip() and page.text.toolTip()


def test_searching_finds_n_deploy_4(window, qtbot):
    page = window.start.open("rules")
    assert "N-DEPLOY-4" in typed(qtbot, page, "N-DEPLOY-4")
    assert page.current_rule == "N-DEPLOY-4"  # the best match is opened
    found = typed(qtbot, page, "entrance cost turn counter")
    assert "N-DEPLOY-4" in found and len(found) < len(page.items)
    assert page.status.text() == MESSAGES("found", count=len(found))
    assert typed(qtbot, page, "xyzzy") == []
    assert page.status.text() == MESSAGES("nothing", text="xyzzy")
    assert typed(qtbot, page, "") == list(page.items)  # cleared: every rule again


def test_a_cross_link_opens_the_rule_it_names(window, qtbot):
    page = window.start.open("rules")
    page.show_rule("N-DEPLOY-4")
    assert "N-SETUP-1" in rule_text("N-DEPLOY-4").links
    assert rule_text("N-DEPLOY-4").summary in page.text.toPlainText()
    click_link(qtbot, page.text, "rule:N-SETUP-1")
    assert page.current_rule == "N-SETUP-1"
    assert page.tree.currentItem() is page.items["N-SETUP-1"]
    assert rule_text("N-SETUP-1").summary in page.text.toPlainText()


def test_show_rule_opens_a_rule_a_search_had_hidden(window, qtbot):
    page = window.start.open("rules")
    typed(qtbot, page, "N-DEPLOY-4")
    assert page.items["N-WIN-1"].isHidden()
    page.show_rule("N-WIN-1")
    assert page.current_rule == "N-WIN-1" and not page.items["N-WIN-1"].isHidden()


def test_rules_browser_layout_at_1280_by_720(window, screenshot):
    page = window.start.open("rules")
    page.show_rule("N-DEPLOY-4")
    screenshot("rules_browser")
