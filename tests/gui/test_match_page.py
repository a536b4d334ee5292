"""The match page, driven only through its controls: a whole guided game by clicking options, a
referee-mode turn naming physical cards, a chain shown link by link, undo/redo, a language switch."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QCheckBox, QMessageBox, QPushButton

import localization
from cards.records import get_match
from gui.i18n import language
from gui.naruto.chain_view import MESSAGES as CHAIN
from gui.match.page import MESSAGES as PAGE, MatchPage
from referee.engine.action import Action
from referee.games.llamas.rules import new_match as llamas_match
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match
from referee.games.naruto.scenario import scenario

DECK = ["N-003"] * 6


def open_page(window, match) -> MatchPage:
    page = window.open_match(match)
    assert isinstance(page, MatchPage)
    return page


def button(page: MatchPage, notation: str) -> QPushButton:
    found = [b for b in page.options.buttons if b.objectName() == notation]
    assert found, (notation, [b.objectName() for b in page.options.buttons])
    return found[0]


class Listed:
    """An option taken with the payment the rules list: its button clicked, then, when the cost may
    be paid otherwise, the payment picker's Confirm (the listed payment is chosen in it already)."""

    def __init__(self, page: MatchPage, button: QPushButton):
        self.page, self.button = page, button

    def click(self) -> None:
        self.button.click()
        if self.page.options.payment is not None:
            self.page.options.payment.confirm.click()


def starting(page: MatchPage, prefix: str) -> Listed:
    """The first option whose notation starts with ``prefix``, to take with the listing's payment."""
    found = [b for b in page.options.buttons if b.objectName().startswith(prefix) and b.isEnabled()]
    assert found, (prefix, [b.objectName() for b in page.options.buttons])
    return Listed(page, found[0])


def guided(context, rng: random.Random, seed: int, names: tuple[str, str]):
    """A guided match between two random legal decks of the catalogue."""
    cards = context.cards()
    return new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)], seed=seed,
                     cards=cards, names=names)


def enabled(page: MatchPage) -> list[QPushButton]:
    return [b for b in page.options.buttons if b.isEnabled()] + \
           [b for b in (page.pass_button, page.next_button) if b.isEnabled()]


def test_a_whole_guided_game_played_by_clicking_options(window, context):
    rng = random.Random(7)
    match = guided(context, rng, 7, ("Ana", "Boris"))
    page = open_page(window, match)
    for _ in range(3000):
        if match.is_over():
            break
        choices = enabled(page)
        assert choices, match.phase  # someone always has something to click
        rng.choice(choices).click()
    assert match.is_over()
    assert page.game_over.isVisible()
    outcome = match.outcome()
    assert outcome.rule in page.game_over.text() and match.state.players[outcome.winner].name in page.game_over.text()
    record = get_match(context.database(), page.adapter.uid)
    assert record.is_finished and record.winner == outcome.winner and record.actions == len(match.history)
    assert not page.pass_button.isEnabled() and not page.next_button.isEnabled()
    # game over offers a rematch, the replay and the statistics
    assert set(page.game_over_buttons) == {"rematch", "replay", "statistics"}
    replay = page.replay()
    assert replay.replay.info.uid == page.adapter.uid
    window.back()
    stats = page.statistics()
    assert stats.tabs.currentWidget() is stats.stats
    window.back()
    again = page.rematch()
    assert again is not page and not again.match.history and again.adapter.uid != page.adapter.uid
    assert [p.name for p in again.match.state.players] == ["Ana", "Boris"]
    decks = [sorted(again.match.state.instances[i] for i in p.deck) for p in again.match.state.players]
    assert decks == [sorted(match.to_json()["initial"]["instances"][i] for i in p["deck"])
                     for p in match.to_json()["initial"]["players"]]


def test_greyed_cards_say_why_with_their_rule(window):
    match = scenario(phase="mission_main", turn=1, counters=(0, 0),
                     p1={"hand": ["N-008", "N-003", "M-006"], "deck": DECK}, p2={"deck": DECK})
    page = open_page(window, match)
    greyed = button(page, "deploy N-008")
    assert not greyed.isEnabled()
    assert greyed.property("rule") == "N-DEPLOY-4" and greyed.toolTip().startswith("N-DEPLOY-4: ")
    assert button(page, "deploy N-003").isEnabled()
    assert not page.pass_button.isEnabled() and "N-TURN" in page.pass_button.toolTip()


def test_a_referee_mode_turn_with_physical_cards_named(window, qtbot):
    match = new_match([None, None], mode="referee", seed=3, names=("Ana", "Boris"))
    page = open_page(window, match)
    button(page, "first 1").click()
    button(page, "keep").click()
    button(page, "keep").click()
    assert match.phase == "mission_main"
    button(page, "deploy ?").click()
    dialog = page.naming_dialog
    qtbot.waitExposed(dialog)
    dialog.search.edit.setText("N-008")
    dialog.search.search_now()
    assert dialog.search.current_number() == "N-008"
    assert not dialog.search.confirm.isEnabled()  # entrance cost 2 against turn counter 0
    assert "N-DEPLOY-4" in dialog.search.confirm.toolTip()
    dialog.reject()
    before = len(match.history)
    button(page, "charge ?").click()
    dialog = page.naming_dialog
    dialog.search.edit.setText("Iruka")
    dialog.search.search_now()
    assert dialog.search.current_number() == "N-008" and dialog.search.confirm.isEnabled()
    dialog.search.confirm.click()
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled()
    ok.click()
    assert [str(a) for a in match.history[before:]] == ["charge N-008"]
    assert match.state.instances[match.state.players[0].chakra[0]] == "N-008"
    assert "N-008" in page.log.plain_text()


def jutsu_exchange():
    m = scenario(phase="battle_attack", turn=3,
                 p1={"village": ["N-011", "N-001", "N-003"], "chakra": ["M-006", "M-009", "J-002", "N-009"],
                     "hand": ["J-030", "J-001"], "deck": DECK},
                 p2={"village": ["N-018", "N-014"], "chakra": ["J-001", "J-002", "N-016"], "hand": ["J-001"],
                     "deck": DECK})
    for a in ("send T1", "send T2", "next", "block T1 on N-011", "next"):
        m.apply(a)
    return m


def test_a_chain_of_two_jutsu_settles_in_reverse_order_in_the_chain_view(window):
    page = open_page(window, jutsu_exchange())
    starting(page, "jutsu J-030 by N-011").click()
    starting(page, "jutsu J-001 by N-018").click()
    table = page.chain.table
    assert table.rowCount() == 2
    assert [table.item(r, 0).text() for r in range(2)] == ["1", "2"]
    assert "J-030" in table.item(0, 1).text() and "J-001" in table.item(1, 1).text()
    assert table.item(0, 6).text() == CHAIN["pending"]
    page.pass_button.click()
    page.pass_button.click()
    settled = [table.item(r, 6).text() for r in range(2)]
    assert settled[1] == CHAIN["applied"].format(n=1, total=2)  # the last card added settles first
    assert settled[0] == CHAIN["applied"].format(n=2, total=2)


def test_undo_and_redo_and_the_confirmation_over_a_draw(window, monkeypatch):
    match = scenario(phase="mission_main", turn=2, counters=(1, 1),
                     p1={"hand": ["N-003", "J-001"], "deck": DECK}, p2={"deck": DECK})
    page = open_page(window, match)
    button(page, "charge J-001").click()
    position = match.state.to_dict()
    page.undo_button.click()
    assert match.history == [] and page.redo_button.isEnabled()
    page.redo_button.click()
    assert match.state.to_dict() == position and not page.redo_button.isEnabled()
    page.next_button.click()  # the Mission phase ends: the other player may answer
    page.pass_button.click()
    page.next_button.click()  # no battle on... turn 2: organization -> battle
    while match.phase != "start_begin" and enabled(page) and match.state.turn == 2:
        (page.next_button if page.next_button.isEnabled() else enabled(page)[0]).click()
    assert match.state.turn == 3  # the new turn drew a card: undo asks first
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.No)
    length = len(match.history)
    page.undo_button.click()
    assert asked and len(match.history) == length
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    page.undo_button.click()  # back to the last decision: the moves the page took alone are taken back too
    assert 1 <= len(match.history) < length and page.forced() is None


@pytest.mark.parametrize("lang", ["es", "ru", "fr"])
def test_a_language_switch_retranslates_the_open_match(window, lang):
    page = open_page(window, jutsu_exchange())
    english = page.log.plain_text()
    language().set(lang)
    tr = localization.translator(lang)
    assert page.pass_button.text() == PAGE.render("pass", tr)
    assert page.tabs.tabText(2) == PAGE.render("log_tab", tr)
    assert page.log.plain_text() != english
    assert page.phases.labels[match_phase(page)].text().endswith(tr.term("step", match_phase(page)))


def match_phase(page) -> str:
    return page.match.phase


def test_ticking_ninjas_forms_a_team_and_an_illegal_pick_says_why(window):
    match = scenario(phase="organization_organize", turn=3,
                     p1={"village": ["N-011", "N-001", "N-003", "N-008"], "deck": DECK}, p2={"deck": DECK})
    page = open_page(window, match)
    confirm = button(page, "pick_team")
    ticks = confirm.parent().findChildren(QCheckBox)
    for tick in ticks:
        tick.setChecked(True)
    assert not confirm.isEnabled() and confirm.toolTip().startswith("N-ORG-1")  # four Ninjas
    ticks[3].setChecked(False)
    assert confirm.isEnabled()
    confirm.click()
    assert str(match.history[-1]) == "team N-011 N-001 N-003"
    assert sorted(len(t) for t in match.state.players[0].teams) == [1, 3]


def test_hot_seat_hides_the_hand_until_the_device_is_handed_over(window, context):
    rng = random.Random(2)
    match = guided(context, rng, 2, ("Ana", "Boris"))
    page = window.open_match(match, hot_seat=True)
    assert page.center.currentWidget() is page.handover and "Ana" in page.handover_text.text()
    assert not any(b.isEnabled() for b in page.options.buttons)
    assert all(not area._show_hand for area in page.board.areas)
    page.handover_button.click()
    assert page.center.currentWidget() is not page.handover
    assert page.board.areas[0]._show_hand and not page.board.areas[1]._show_hand
    button(page, "first 1").click()
    button(page, "keep").click()  # Ana keeps: now Boris decides, after the hand-over
    assert page.center.currentWidget() is page.handover and "Boris" in page.handover_text.text()
    assert match.can_undo and not page.undo_button.isEnabled()  # no undo behind the hand-over screen
    page.undo()
    assert str(match.history[-1]) == "keep"


def test_a_computer_opponent_answers_through_the_adapter(window, context, qtbot):
    from referee.games.naruto.opponent import HeuristicPlayer

    rng = random.Random(4)
    match = guided(context, rng, 4, ("Ana", "CPU"))
    page = window.open_match(match, computer={1: HeuristicPlayer(4)})
    page.delay_ms = 0
    button(page, "first 1").click()
    button(page, "keep").click()
    qtbot.waitUntil(lambda: match.actor == 0 and match.phase == "mission_main", timeout=5000)
    assert page.adapter.actors[-1] == 1 and str(match.history[-1]) in ("keep", "mulligan")
    assert not page.board.areas[1]._show_hand  # the computer's hand stays hidden


def test_a_refusal_is_logged_with_its_rule_linked_to_the_rules_reference(window):
    from gui.rules_browser import RulesBrowser

    match = scenario(phase="mission_main", turn=1, counters=(0, 0),
                     p1={"hand": ["N-008"], "deck": DECK}, p2={"deck": DECK})
    page = open_page(window, match)
    assert not page.choose(Action.parse("deploy N-008")) and match.history == []
    assert "N-DEPLOY-4" in page.status.text() and "N-DEPLOY-4" in page.log.plain_text()
    row = next(r for r, line in enumerate(page.log.log.lines) if line[0] == "refusal")
    page.log.activated.emit(page.log.log.index(row, 0))
    assert isinstance(window.page, RulesBrowser) and window.page.current_rule == "N-DEPLOY-4"


def test_an_interrupted_match_resumes_where_it_stopped_in_hot_seat(window, context):
    rng = random.Random(9)
    match = guided(context, rng, 9, ("Ana", "Boris"))
    page = open_page(window, match)
    for _ in range(25):
        rng.choice(enabled(page)).click()
    position, uid, actors = match.state.to_dict(), page.adapter.uid, list(page.adapter.actors)
    window.home()
    resumed = window.resume_match(uid)
    assert resumed.match.state.to_dict() == position and resumed.hot_seat
    assert resumed.adapter.actors == actors  # who took each action, rebuilt from the record


def test_the_phase_tracker_highlights_the_current_step_and_shows_chain_steps_while_a_chain_is_open(window):
    page = open_page(window, jutsu_exchange())
    labels = page.phases.labels

    def highlighted() -> list[str]:
        return [step for step, label in labels.items() if label.foregroundRole() == QPalette.ColorRole.HighlightedText]

    assert highlighted() == ["battle_exchange_open"] and page.phases.current == "battle_exchange_open"
    assert not labels["battle_exchange_chain_priority"].isVisibleTo(page.phases)
    starting(page, "jutsu J-030 by N-011").click()
    assert highlighted() == ["battle_exchange_chain_priority"]
    assert labels["battle_exchange_chain_priority"].isVisibleTo(page.phases)
    assert not labels["mission_chain_priority"].isVisibleTo(page.phases)


def test_every_control_of_the_match_page_has_a_tooltip(window):
    from PySide6.QtWidgets import QAbstractButton

    page = open_page(window, jutsu_exchange())
    controls = [w for w in page.findChildren(QAbstractButton) if w.isVisibleTo(page)]
    assert controls and [w.objectName() or w.text() for w in controls if not w.toolTip()] == []
    assert all(page.tabs.tabToolTip(i) for i in range(page.tabs.count()))


def test_an_effects_choice_is_answered_from_the_options(window):
    """Transform Jutsu asks its player for an attribute: only the answers are offered, under a title
    naming the card, and clicking one applies it (N-EFFECT-1)."""
    m = jutsu_exchange()
    m.state.players[0].hand.append(len(m.state.instances))
    m.state.instances.append("J-016")
    m.state.owner.append(0)
    page = open_page(window, m)
    starting(page, "jutsu J-016 by N-011").click()
    page.pass_button.click()
    page.pass_button.click()
    assert m.state.pending and m.actor == 0
    group = page.options.groups["choose"]
    assert group.isVisible() and "J-016" in group.title()
    assert sorted(b.objectName() for b in page.options.buttons if b.isVisible()) == \
        ["choose Flame", "choose Genjutsu", "choose Ninjutsu", "choose Taijutsu"]
    assert not page.pass_button.isEnabled() and not page.next_button.isEnabled()
    button(page, "choose Taijutsu").click()
    assert not m.state.pending
    assert [e.params["attribute"] for e in m.log if e.key == "attribute_set"] == ["Taijutsu"]
    assert not page.options.groups["choose"].isVisible()


def test_the_manual_toolbox_applies_an_unknown_effect_by_hand(window):
    """A Jutsu whose effect the referee does not know opens the toolbox for its player: the form
    refuses what the referee would refuse, applies the rest as logged actions, and "done" ends it
    (N-EFFECT-3)."""
    from referee.games.naruto.cards import Card, bundled
    from gui.naruto.toolbox import Toolbox

    secret = Card(number="J-990", name="Test Secret Art", type="Jutsu", symbols=("Fire",), jutsu_cost=("1",),
                  effect_kind="jutsu", effect="Something the vocabulary does not hold.", target="user")
    m = scenario(phase="battle_attack", turn=3, cards=bundled().with_cards([secret]),
                 p1={"village": ["N-011"], "chakra": ["N-009"], "hand": ["J-990"], "deck": DECK},
                 p2={"village": ["N-018"], "deck": DECK})
    for a in ("send T1", "next", "block T1 on N-011", "next", "jutsu J-990 by N-011 pay N-009", "pass", "pass"):
        m.apply(a)
    assert m.state.pending[0]["kind"] == "manual"
    page = open_page(window, m)
    assert page.options.groups["tool"].isVisible()
    box = page.options.groups["tool"].picker
    assert isinstance(box, Toolbox)
    box.tool.setCurrentIndex(box.tool.findData("damage"))
    box.card.setCurrentIndex(box.card.findData("N-009@1"))  # in the discard pile: not in play
    assert not box.apply.isEnabled() and "N-EFFECT-3" in box.apply.toolTip()
    box.card.setCurrentIndex(box.card.findData("N-018@2"))
    assert box.apply.isEnabled()
    box.apply.click()
    assert str(m.history[-1]) == "tool damage N-018@2 1"
    assert any(e.key == "injured" and e.params["card"] == "N-018" for e in m.log)
    box = page.options.groups["tool"].picker
    box.tool.setCurrentIndex(box.tool.findData("mental"))  # a mental battle needs no card (N-SHOW-2)
    assert not box.card.isVisibleTo(box) and box.apply.isEnabled()
    box.apply.click()
    assert str(m.history[-1]) == "tool mental" and m.state.mental
    button(page, "choose done").click()
    assert not m.state.pending and m.phase == "battle_exchange_open"


def test_the_log_after_undo_and_redo_reads_as_one_made_afresh(window, context):
    """An undo removes the lines of the actions taken back (and a refusal made after them), a redo
    appends them again."""
    from gui.match.log_view import LogView

    rng = random.Random(5)
    match = guided(context, rng, 5, ("Ana", "Boris"))
    page = open_page(window, match)
    for _ in range(40):
        rng.choice(enabled(page)).click()
    page.log.add_refusal("N-DEPLOY-4", "not now")

    def shown(view: LogView) -> list[str]:
        return [view.log.item(row).text() for row in range(view.log.rowCount())]

    def afresh() -> list[str]:
        view = LogView(context.card_name, page.player_name, page.view)
        view.refusals = list(page.log.refusals)
        view.display(match, page.adapter.actors)
        return shown(view)

    with_refusal = shown(page.log)
    assert with_refusal == afresh() and with_refusal[-1].startswith("Refused (N-DEPLOY-4)")
    for _ in range(3):
        page.adapter.undo()
    assert shown(page.log) == afresh() and len(shown(page.log)) < len(with_refusal)
    assert not any(line.startswith("Refused") for line in shown(page.log))
    page.adapter.redo()
    assert shown(page.log) == afresh()


def test_a_window_with_nothing_to_answer_passes_by_itself_and_the_hot_seat_keeps_the_screen(window, qtbot):
    match = scenario(phase="mission_main", turn=2, counters=(1, 1),
                     p1={"hand": ["N-003", "J-001"], "deck": DECK}, p2={"deck": DECK})
    page = window.open_match(match, hot_seat=True)
    page.handover_button.click()
    page.next_button.click()  # the Mission phase ends: player 2 may answer, with nothing to answer with
    assert match.actor == 1 and [str(a) for a in match.legal_actions()] == ["pass"]
    assert page.forced() == Action("pass") and page.center.currentWidget() is not page.handover
    qtbot.waitUntil(lambda: match.actor == 0, timeout=3000)
    assert str(match.history[-1]) == "pass" and page.adapter.actors[-1] == 1
    assert page.center.currentWidget() is not page.handover  # player 1 goes on without a hand-over
    page.undo_button.click()  # back to player 1's last decision, over the pass taken for player 2
    assert match.history == [] and match.actor == 0 and match.phase == "mission_main"


def test_number_keys_take_the_numbered_options_and_space_goes_on(window, qtbot):
    match = scenario(phase="mission_main", turn=2, counters=(1, 1),
                     p1={"hand": ["N-003", "J-001"], "deck": DECK}, p2={"deck": DECK})
    page = open_page(window, match)
    first = page.options.numbered()[0]
    assert first.text().startswith("1. ")
    expected = first.objectName()
    qtbot.keyClick(page, Qt.Key.Key_1)
    assert [str(a) for a in match.history] == [expected]
    qtbot.keyClick(page, Qt.Key.Key_Space)  # no option left worth a click but going on
    assert match.phase != "mission_main" or len(match.history) == 2


@pytest.mark.parametrize("redo", ["Ctrl+Y", "Ctrl+Shift+Z"])
def test_ctrl_z_undoes_and_both_redo_keys_redo(window, qtbot, redo):
    match = scenario(phase="mission_main", turn=2, counters=(1, 1),
                     p1={"hand": ["N-003", "J-001"], "deck": DECK}, p2={"deck": DECK})
    page = open_page(window, match)
    button(page, "charge J-001").click()
    qtbot.keyClick(page, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert match.history == []
    key = Qt.Key.Key_Y if redo == "Ctrl+Y" else Qt.Key.Key_Z
    mods = Qt.KeyboardModifier.ControlModifier | (Qt.KeyboardModifier.ShiftModifier if "Shift" in redo
                                                   else Qt.KeyboardModifier.NoModifier)
    qtbot.keyClick(page, key, mods)
    assert [str(a) for a in match.history] == ["charge J-001"]


def test_a_player_who_will_not_respond_has_priority_passed_for_them(window, qtbot):
    match = jutsu_exchange()
    page = open_page(window, match)
    actions = page.auto_pass_button.menu().actions()
    assert [a.text() for a in actions] == [PAGE("auto_pass_seat", name=page.player_name(k)) for k in (0, 1)]
    actions[1].trigger()  # the second player says they will not respond
    assert page.auto_pass == {1}
    starting(page, "jutsu J-030 by N-011").click()
    assert match.actor == 1 and len(match.legal_actions()) > 1  # they could answer with a Jutsu...
    assert page.forced() == Action("pass")  # ...but they said they would not
    qtbot.waitUntil(lambda: match.actor != 1, timeout=3000)
    assert str(match.history[-1]) == "pass" and page.adapter.actors[-1] == 1
    actions[1].trigger()  # taken back: they decide again
    assert page.auto_pass == set()


@pytest.mark.parametrize("game,seed", [("naruto", 7), ("naruto", 12), ("llamas", 3)])
def test_a_whole_guided_game_played_with_the_keyboard_alone(window, context, qtbot, game, seed):
    """Number keys take the numbered options, Space passes or goes on; while a cost is paid, number
    keys choose the cards, Return confirms and Escape cancels: no step needs the mouse."""
    rng = random.Random(seed)
    match = guided(context, rng, seed, ("Ana", "Boris")) if game == "naruto" else \
        llamas_match(3, seed=seed, names=("Ana", "Boris", "Chloé"))
    page = window.open_match(match)
    page.delay_ms = 0
    for _ in range(4000):
        if match.is_over():
            break
        if page.forced() is not None:  # the page takes it on its own (a timer)
            qtbot.waitUntil(lambda: page.forced() is None or match.is_over(), timeout=2000)
            continue
        payment = page.options.payment
        if payment is not None:
            keyed = [tile for tile in payment.tiles if tile.key is not None]
            if keyed and rng.random() < 0.4:
                qtbot.keyClick(page, getattr(Qt.Key, f"Key_{rng.choice(keyed).key}"))
                continue
            focus = window.focusWidget()
            assert payment.isAncestorOf(focus)  # the keyboard is in the picker
            qtbot.keyClick(focus, Qt.Key.Key_Return if payment.confirm.isEnabled() else Qt.Key.Key_Escape)
            continue
        numbered = page.options.numbered()
        goes_on = any(b.isEnabled() for b in page.controls.values())
        assert numbered or goes_on, (match.phase, [str(a) for a in match.legal_actions()])
        if numbered and (not goes_on or rng.random() < 0.7):
            qtbot.keyClick(page, getattr(Qt.Key, f"Key_{rng.randint(1, len(numbered))}"))
        else:
            qtbot.keyClick(page, Qt.Key.Key_Space)
    assert match.is_over() and page.game_over.isVisible()
