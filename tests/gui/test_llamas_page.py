"""The Llamas Unleashed match page, driven only through its controls: a whole guided game for three
players (two of them computers) clicked to the game-over message, the hot seat hiding hands between
people, eight fields laid out on one page, a refusal shown with its rule, a language switch."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QCheckBox, QPushButton

import localization
from cards.records import get_match
from gui.i18n import language
from gui.llamas.board import MESSAGES as BOARD
from gui.llamas.page import LlamasPage
from gui.llamas.pile_view import MESSAGES as PILE
from gui.match.page import MESSAGES as PAGE
from referee.engine.action import Action
from referee.games.llamas.opponent import HeuristicPlayer, RandomPlayer
from referee.games.llamas.rules import new_match
from referee.games.llamas.scenario import scenario

NAMES = ("Ana", "Boris", "Chloé", "Dmitri", "Elena", "Farid", "Gosia", "Hugo")
FILLER = ["LU-005"] * 20


def enabled(page: LlamasPage) -> list[QPushButton]:
    return [b for b in page.options.buttons if b.isEnabled()] + [b for b in page.controls.values() if b.isEnabled()]


def button(page: LlamasPage, notation: str) -> QPushButton:
    found = [b for b in page.options.buttons if b.objectName() == notation]
    assert found, (notation, [b.objectName() for b in page.options.buttons])
    return found[0]


def test_a_whole_guided_game_for_three_players_clicked_to_the_end(window, context, qtbot):
    match = new_match(3, seed=11, names=NAMES[:3])
    page = window.open_match(match, computer={1: HeuristicPlayer(1), 2: RandomPlayer(2)})
    assert isinstance(page, LlamasPage)
    page.delay_ms = 0
    rng = random.Random(11)
    for _ in range(2000):
        if match.is_over():
            break
        if match.actor == 0:
            choices = enabled(page)
            assert choices, match.phase  # the person always has something to click
            rng.choice(choices).click()
        else:
            qtbot.waitUntil(lambda: match.is_over() or match.actor == 0, timeout=5000)
    assert match.is_over()
    qtbot.waitUntil(lambda: hasattr(page, "game_over") and page.game_over.isVisible(), timeout=2000)
    outcome = match.outcome()
    text = page.game_over.text()
    assert outcome.rule in text
    assert (NAMES[outcome.winner] in text) if outcome.winner is not None else PAGE["over_all_lose"].split(".")[0] in text
    assert {1, 2} <= set(page.adapter.actors)  # the computers played through the adapter
    assert not page.board.areas[1].findChildren(QPushButton)
    unknown = localization.current().event("no_such_event", {}).split("no_such_event")[0]
    assert unknown not in page.log.plain_text()  # every event in a Llamas sentence of its own
    record = get_match(context.database(), page.adapter.uid)
    assert record.game == "llamas" and record.is_finished and record.winner == outcome.winner
    assert record.actions == len(match.history) and record.players == list(NAMES[:3])


def test_hot_seat_hides_each_hand_until_the_device_is_handed_over(window):
    match = new_match(3, seed=4, names=NAMES[:3])
    page = window.open_match(match, hot_seat=True)
    assert page.center.currentWidget() is page.handover and "Ana" in page.handover_text.text()
    assert page.board.hand_seat is None and page.board.hand.numbers() == []
    assert not any(b.isEnabled() for b in page.options.buttons)
    page.handover_button.click()
    assert page.center.currentWidget() is not page.handover
    baby = next(b for b in page.options.buttons if b.objectName().startswith("baby "))
    baby.click()  # Ana chooses her baby: Boris chooses next, after the hand-over
    assert page.center.currentWidget() is page.handover and "Boris" in page.handover_text.text()
    for name in ("Boris", "Chloé"):
        page.handover_button.click()
        next(b for b in page.options.buttons if b.objectName().startswith("baby ")).click()
    page.handover_button.click()  # the first player is recorded by seat 1
    button(page, "first 2").click()
    assert match.phase == "action_main" and match.actor == 1
    assert page.center.currentWidget() is page.handover and "Boris" in page.handover_text.text()
    assert page.board.hand_seat is None  # nobody's hand while the device changes hands
    page.handover_button.click()
    hand = [match.state.instances[i] for i in match.state.players[1].hand]
    assert page.board.hand_seat == 1 and page.board.hand.numbers() == hand
    assert BOARD("hand_of", name="Boris", cards=localization.current().plural("cards", len(hand))) == \
        page.board.hand_title.text()


def test_eight_fields_fit_the_page(window, qtbot, screenshot):
    window.resize(1280, 720)
    match = new_match(8, seed=2, names=NAMES)
    players = {k: HeuristicPlayer(k) for k in range(8)}
    while match.state.turn < 9:
        match.apply(players[match.actor].choose(match))
    page = window.open_match(match, computer={k: players[k] for k in range(1, 8)})
    page.delay_ms = 60_000  # the computers wait: the layout is looked at as it stands
    qtbot.wait(50)
    screenshot("llamas-8")
    assert len(page.board.areas) == 8
    s = match.state
    order = {"animal": 0, "upgrade": 1, "downgrade": 2}
    for seat, area in enumerate(page.board.areas):
        assert area.isVisible()
        corner = area.mapTo(window, area.rect().bottomRight())
        assert corner.x() <= window.width() and corner.y() <= window.height(), area.objectName()
        shown = area.cards.numbers()
        assert sorted(shown) == sorted(s.instances[i] for i in s.players[seat].field)
        assert shown == sorted(shown, key=lambda n: order[s.cards.get(n).type])  # animals first
        assert BOARD("animals", animals=len([i for i in s.players[seat].field if s.card(i).is_animal]),
                     needed=6) in area.stats.text()


def test_a_card_played_where_it_may_not_go_is_greyed_and_refused_with_its_rule(window):
    """Ana's field holds a Downgrade that keeps goats and rams out (LU-041): her goat may go into
    Boris's field but not hers; the greyed button says why, and a refusal names the rule."""
    match = scenario(players=2, hands=[["LU-006"], []], fields=[["LU-003", "LU-041"], ["LU-001"]], deck=FILLER)
    page = window.open_match(match)
    combo = page.options.groups["play"].seats
    assert combo.currentData() == "1"  # the player's own field first
    greyed = button(page, "play LU-006 into 1")
    assert not greyed.isEnabled() and greyed.property("rule") == "L-EFFECT-3"
    assert greyed.toolTip().startswith("L-EFFECT-3: ")
    assert not page.choose(Action.parse("play LU-006 into 1")) and match.history == []
    assert "L-EFFECT-3" in page.status.text() and "L-EFFECT-3" in page.log.plain_text()
    combo.setCurrentIndex(combo.findData("2"))
    playable = button(page, "play LU-006 into 2")
    assert playable.isEnabled()
    playable.click()
    assert str(match.history[-1]) == "play LU-006 into 2"


@pytest.mark.parametrize("lang", ["es", "ru", "fr"])
def test_a_language_switch_retranslates_the_llamas_page(window, lang):
    match = scenario(players=3, hands=[["LU-006", "LU-062"], [], []], fields=[["LU-003"], ["LU-001"], ["LU-002"]],
                     deck=FILLER)
    page = window.open_match(match)
    english = (page.pass_button.text(), page.options.groups["play"].title(), page.board.areas[0].stats.text())
    language().set(lang)
    tr = localization.translator(lang)
    assert page.pass_button.text() == PAGE.render("no_instant", tr)
    assert page.options.groups["play"].title() == tr.term("llamas_verb", "play")
    assert page.board.areas[0].stats.text().startswith(BOARD.render("animals", tr, animals=1, needed=7))
    assert page.phases.headers["action"].text() == tr.term("llamas_phase", "action")
    assert (page.pass_button.text(), page.options.groups["play"].title(), page.board.areas[0].stats.text()) != english


def test_a_referee_mode_turn_names_the_physical_cards_played(window, qtbot):
    """Physical cards: the hand is unknown, a card played is named from the catalogue; an Instant
    cannot be played in the Action phase (L-CARD-1), an Animal goes into the field chosen, a Magic
    into none."""
    match = new_match(2, mode="referee", seed=5, names=NAMES[:2])
    page = window.open_match(match)
    for _ in range(2):
        next(b for b in page.options.buttons if b.objectName().startswith("baby ")).click()
    button(page, "first 1").click()
    assert match.phase == "action_main" and page.board.hand.numbers() == [None] * 6  # five dealt, one drawn
    button(page, "play ? into 1").click()
    dialog = page.naming_dialog
    qtbot.waitExposed(dialog)
    dialog.search.edit.setText("LU-048")
    dialog.search.search_now()
    assert dialog.search.current_number() == "LU-048" and not dialog.search.confirm.isEnabled()
    assert "L-CARD-1" in dialog.search.confirm.toolTip()
    dialog.search.edit.setText("Totes Magoats")
    dialog.search.search_now()
    assert dialog.search.current_number() == "LU-068" and dialog.search.confirm.isEnabled()  # a Magic: no field
    dialog.search.edit.setText("Basic Goat")
    dialog.search.search_now()
    assert dialog.search.current_number() == "LU-006"
    dialog.search.confirm.click()
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert str(match.history[-1]) == "play LU-006 into 1"
    assert match.state.asking == 1 and "LU-006" in page.log.plain_text()


def test_the_chain_tab_shows_the_instant_pile_bottom_first_and_who_may_answer(window):
    match = scenario(players=2, hands=[["LU-006", "LU-007"], ["LU-048"]], fields=[["LU-003"], ["LU-001"]],
                     deck=FILLER)
    page = window.open_match(match)
    pile = page.pile
    button(page, "play LU-006 into 1").click()
    heading = pile.model.item(0, 0)
    assert heading.rowCount() == 1 and "LU-006" in heading.child(0, 1).text()
    assert heading.child(0, 3).text() == PILE("into", name=page.player_name(0))  # "Player 1": nobody named
    assert pile.status.text() == PILE("asking", name=page.player_name(1))
    button(page, "instant LU-048").click()  # Boris blocks the goat: Ana may answer back
    heading = pile.model.item(0, 0)
    assert heading.rowCount() == 2 and heading.child(1, 3).text() == PILE("answers", card=page.card_name("LU-006"))
    assert match.actor == 0 and page.pass_button.isEnabled()
    page.pass_button.click()
    assert match.state.pile == [] and pile.status.text() == PILE("quiet")
    assert "LU-006" not in [match.state.instances[i] for i in match.state.players[0].field]


def test_every_control_of_the_llamas_page_has_a_tooltip(window):
    match = scenario(players=3, hands=[["LU-006", "LU-062", "LU-048"], [], []],
                     fields=[["LU-003"], ["LU-001"], ["LU-002"]], deck=FILLER)
    page = window.open_match(match)
    from PySide6.QtWidgets import QAbstractButton, QComboBox

    controls = [w for kind in (QAbstractButton, QComboBox) for w in page.findChildren(kind) if w.isVisibleTo(page)]
    assert controls and [w.objectName() or w.text() for w in controls if not w.toolTip()] == []
    assert all(page.tabs.tabToolTip(i) for i in range(page.tabs.count()))


def test_a_choice_of_any_number_of_cards_is_answered_by_ticking_them(window):
    """Gin-Rammy (LU-033): discard as many cards as you like and draw as many. The listed answers are
    some of the possible ones; the ticks give any other, here two of three."""
    match = scenario(players=2, hands=[["LU-033", "LU-005", "LU-006", "LU-007"], []],
                     fields=[["LU-003"], ["LU-001"]], deck=FILLER)
    page = window.open_match(match)
    button(page, "play LU-033 into 1").click()
    button(page, "choose yes").click()
    confirm = button(page, "pick_choose")
    ticks = {t.property("value"): t for t in confirm.parent().findChildren(QCheckBox)}
    assert sorted(ticks) == ["LU-005", "LU-006", "LU-007"]
    ticks["LU-005"].setChecked(True)
    ticks["LU-007"].setChecked(True)
    assert confirm.isEnabled()
    confirm.click()
    assert str(match.history[-1]) == "choose LU-005 LU-007"
    s = match.state
    assert [s.instances[i] for i in s.discard] == ["LU-005", "LU-007"]
    assert sorted(s.instances[i] for i in s.players[0].hand) == ["LU-005", "LU-005", "LU-006"]  # two drawn


def test_turns_to_miss_are_counted_with_each_languages_plurals(window):
    match = scenario(players=3, hands=[["LU-006"], [], []], fields=[["LU-003"], ["LU-001"], ["LU-002"]],
                     deck=FILLER, skips=[0, 1, 5])
    page = window.open_match(match)
    language().set("ru")
    stats = [area.stats.text().splitlines() for area in page.board.areas]
    assert len(stats[0]) == 2 and stats[1][-1] == "Пропускает 1 ход" and stats[2][-1] == "Пропускает 5 ходов"
