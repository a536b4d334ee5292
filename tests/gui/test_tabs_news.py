"""The chain and the Showdown come into view by themselves: a chain opening shows the chain, its
closing the log, a Showdown worked out the Showdown's arithmetic; in Llamas Unleashed, a card put on
the pile shows the pile."""

from __future__ import annotations

from tests.gui.test_match_page import jutsu_exchange, starting
from gui.tiles import CardTile
from referee.games.llamas.scenario import scenario as llamas_scenario


def test_a_naruto_chain_then_its_showdown_come_into_view_by_themselves(window):
    page = window.open_match(jutsu_exchange())
    assert page.tabs.currentWidget() is page.log
    starting(page, "jutsu J-030 by N-011").click()
    assert page.tabs.currentWidget() is page.chain
    page.tabs.setCurrentWidget(page.log)  # the player looks elsewhere: a new link does not pull them back
    starting(page, "jutsu J-001 by N-018").click()
    assert page.tabs.currentWidget() is page.log
    page.pass_button.click()
    page.pass_button.click()  # the chain settles: back to the log
    assert not page.match.state.chain and page.tabs.currentWidget() is page.log
    for _ in range(10):
        if page.tabs.currentWidget() is page.showdown:
            break
        (page.pass_button if page.pass_button.isEnabled() else page.next_button).click()
    assert page.tabs.currentWidget() is page.showdown
    assert "=" in page.showdown.text.text()  # leader + rear = power, team against team


def test_a_llamas_card_played_brings_the_pile_into_view(window):
    m = llamas_scenario(players=2, current=0, hands=[["LU-001"], ["LU-007"]], fields=[["LU-003"], ["LU-002"]],
                        deck=["LU-005"] * 20)
    page = window.open_match(m)
    assert page.tabs.currentWidget() is page.log
    play = next(b for b in page.options.buttons if b.isEnabled() and b.objectName().startswith("play"))
    play.click()
    assert m.state.pile or m.state.chain
    assert page.tabs.currentWidget() is page.pile
    heading = page.pile.model.item(0, 0)
    tile = page.pile.tree.indexWidget(heading.child(0, 1).index())  # the card played, as a tile
    assert isinstance(tile, CardTile) and page.plain_card_name("LU-001") in tile.accessibleName()
