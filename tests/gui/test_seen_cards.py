"""The widgets show a seat only the cards the rules let it see (`Rules.visible`): the manual toolbox
lists exactly the visible cards a tool can name, never the other hand; the options panel shows no
card of a hand that is not the screen's (a computer's turn, the hot seat's hand-over screen); whole
games against the computer, in both games, never name on any widget a card hidden from the player."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtWidgets import QCheckBox, QPushButton

from gui.naruto.toolbox import Toolbox
from tests.gui.texts import screen_texts
from referee.engine.sight import seen_by
from referee.games.llamas.opponent import HeuristicPlayer as LlamasHeuristic
from referee.games.llamas.scenario import scenario as llamas_scenario
from referee.games.llamas.rules import new_match as llamas_match
from referee.games.naruto.cards import Card, bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.opponent import HeuristicPlayer as NarutoHeuristic
from referee.games.naruto.rules import new_match as naruto_match
from referee.games.naruto.scenario import scenario

DECK = ["N-003"] * 6
#: a hand of cards found nowhere else in the positions below
SECRET_HAND = ["N-011", "J-030", "M-009", "N-042", "J-001", "M-006"]
FILLER = ["LU-005"] * 20


def texts(widget) -> str:
    """Everything the panel's buttons and ticks say: their texts, names, tips and values."""
    out = []
    for w in widget.findChildren(QPushButton) + widget.findChildren(QCheckBox):
        out += [w.text(), w.objectName(), w.toolTip(), str(w.property("value") or "")]
    return "\n".join(out)


def manual_match(p2_hand: list[str]):
    """Seat 1's Jutsu, whose effect the referee does not know, waits for its player's toolbox
    (N-EFFECT-3) while seat 2 holds ``p2_hand``."""
    secret = Card(number="J-990", name="Test Secret Art", type="Jutsu", symbols=("Fire",), jutsu_cost=("1",),
                  effect_kind="jutsu", effect="Something the vocabulary does not hold.", target="user")
    m = scenario(phase="battle_attack", turn=3, cards=bundled().with_cards([secret]),
                 p1={"village": ["N-011"], "chakra": ["N-009"], "hand": ["J-990", "N-001", "J-002"], "deck": DECK},
                 p2={"village": ["N-018"], "hand": p2_hand, "deck": DECK})
    for a in ("send T1", "next", "block T1 on N-011", "next", "jutsu J-990 by N-011 pay N-009", "pass", "pass"):
        m.apply(a)
    assert m.state.pending[0]["kind"] == "manual" and m.actor == 0
    return m


def tool_refs(m, viewer) -> set[str]:
    """What the toolbox should list for ``viewer``: every card a tool can name that it may see."""
    s = m.state
    seen = seen_by(m.rules, s, viewer)
    return {f"{s.instances[i]}@{seat + 1}" for seat, p in enumerate(s.players)
            for zone in (p.village, p.battlefield, p.chakra, p.discard, p.hand) for i in zone if i in seen}


def listed(box: Toolbox) -> set[str]:
    return {box.card.itemData(k) for k in range(box.card.count())}


def test_the_toolbox_lists_the_visible_cards_and_none_of_the_other_hand(window):
    m = manual_match(["N-002", "N-010", "J-017", "M-015", "N-029"])
    page = window.open_match(m)
    box = page.options.groups["tool"].picker
    assert isinstance(box, Toolbox) and box.viewer == 0
    refs = listed(box)
    assert refs == tool_refs(m, 0)
    assert {"N-001@1", "J-002@1", "N-018@2", "N-011@1"} <= refs  # its own hand and the cards in play
    other = {m.state.instances[i] for i in m.state.players[1].hand}
    assert not {ref.partition("@")[0] for ref in refs} & other
    assert not any(n in box.card.itemText(k) or n in box.card.itemData(k) for k in range(box.card.count())
                   for n in ("N-002", "N-010", "J-017", "M-015", "N-029"))


def test_the_toolbox_follows_the_seat_holding_the_screen(window):
    m = manual_match(["N-002", "N-010", "J-017"])
    for viewer in (0, 1, None):
        box = Toolbox(m, lambda n: n, True, viewer)
        assert listed(box) == tool_refs(m, viewer), viewer
    assert not any(ref.endswith("@2") and ref.startswith(("N-002", "N-010", "J-017")) for ref in listed(Toolbox(m, str, True, 0)))
    assert not {"N-001@1", "J-002@1"} & listed(Toolbox(m, str, True, 1))  # seat 1's hand, not seat 2's to see
    assert not {"N-001@1", "J-002@1", "N-002@2"} & listed(Toolbox(m, str, True, None))


def test_a_naruto_computers_turn_shows_none_of_its_hand(window):
    m = scenario(phase="mission_main", turn=4, attacker=1, counters=(3, 3),
                 p1={"hand": ["N-002"], "village": ["N-003"], "deck": DECK},
                 p2={"hand": SECRET_HAND, "village": ["N-018"], "chakra": ["N-009", "N-010"], "deck": DECK})
    assert m.actor == 1 and m.legal_actions()
    page = window.open_match(m, computer={1: NarutoHeuristic(1)})
    page._timer.stop()  # the computer waits: the panel is looked at as it stands
    shown = texts(page.options)
    assert not [n for n in SECRET_HAND if n in shown]
    assert not any(b.isEnabled() for b in page.options.buttons)


def test_a_naruto_players_own_turn_still_shows_their_hand(window):
    m = scenario(phase="mission_main", turn=4, attacker=0, counters=(3, 3),
                 p1={"hand": SECRET_HAND, "village": ["N-018"], "chakra": ["N-009", "N-010"], "deck": DECK},
                 p2={"hand": ["N-002"], "village": ["N-003"], "deck": DECK})
    page = window.open_match(m, computer={1: NarutoHeuristic(1)})
    shown = texts(page.options)
    assert [n for n in SECRET_HAND if n in shown]  # the listed and greyed cards of the player's own hand
    assert "N-002" not in shown


def test_a_llamas_computers_turn_shows_none_of_its_hand(window):
    secret = ["LU-006", "LU-062", "LU-041", "LU-068"]
    m = llamas_scenario(players=3, current=1, hands=[["LU-001"], secret, ["LU-007"]],
                        fields=[["LU-003"], ["LU-002"], ["LU-004"]], deck=FILLER)
    assert m.actor == 1
    page = window.open_match(m, computer={1: LlamasHeuristic(1), 2: LlamasHeuristic(2)})
    page._timer.stop()
    shown = texts(page.options)
    assert not [n for n in secret if n in shown]


def test_the_hot_seats_hand_over_screen_shows_no_hand_in_the_options(window):
    secret = ["LU-006", "LU-062", "LU-041", "LU-068"]
    m = llamas_scenario(players=2, current=0, hands=[secret, ["LU-007"]], fields=[["LU-003"], ["LU-002"]],
                        deck=FILLER)
    page = window.open_match(m, hot_seat=True)
    assert page.center.currentWidget() is page.handover
    assert not [n for n in secret if n in texts(page.options)]
    page.handover_button.click()
    assert [n for n in secret if n in texts(page.options)]  # shown to its player once handed over


# --- whole games against the computer: nothing on screen names a card the human may not see ---------
#: the log events of a card the rules show every player (Llamas: a card searched for is shown, L-SEARCH-1)
SHOWN_TO_ALL = frozenset({"shown"})


class Watcher:
    """Follows what seat ``me`` has seen so far (its own deck list, every card ever visible to it) and
    checks that the page names no other card (a card the rules showed every player counts as seen):
    neither the number nor the name in the active language
    of a card that sits hidden from it and that it has never seen (a name another seen card shares is
    not held against the page)."""

    def __init__(self, page, me: int, known: set[str]):
        self.page, self.me, self.seen = page, me, set(known)
        self.checks = 0

    def check(self) -> None:
        m = self.page.match
        s = m.state
        visible = seen_by(m.rules, s, self.me)
        self.seen |= {s.instances[i] for i in visible if s.instances[i] is not None}
        self.seen |= {e.params["card"] for e in m.log if e.key in SHOWN_TO_ALL}
        hidden = {n for i, n in enumerate(s.instances) if i not in visible and n is not None} - self.seen
        if not hidden:
            return
        name = self.page.card_name
        allowed_names = {name(n) for n in self.seen}
        text = screen_texts(self.page)
        leaks = [n for n in hidden if re.search(rf"\b{re.escape(n)}\b", text)]
        leaks += [name(n) for n in hidden if name(n) not in allowed_names and name(n) in text]
        assert not leaks, (leaks, m.phase, [str(a) for a in m.history[-3:]], [t for t in text.splitlines() if any(n in t for n in leaks)])
        self.checks += 1


def play_against_the_computer(page, watcher: Watcher, rng: random.Random, limit: int = 4000) -> None:
    """Seat 0 clicks a random enabled option or control; the computer moves when its turn comes (its
    timer stopped, so the page is looked at between every two actions)."""
    page._timer.stop()
    page.delay_ms = 10 ** 9
    for _ in range(limit):
        watcher.check()
        if page.match.is_over():
            return
        if page.match.actor in page.computer:
            page._computer_move()
            page._timer.stop()
            continue
        choices = [b for b in page.options.buttons if b.isEnabled()] + \
                  [b for b in page.controls.values() if b.isEnabled()]
        assert choices, page.match.phase
        rng.choice(choices).click()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [5, 11])
def test_a_whole_naruto_game_against_the_computer_names_no_card_hidden_from_the_player(window, context, seed):
    rng = random.Random(seed)
    cards = context.cards()
    mine, theirs = random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)
    m = naruto_match([mine, theirs], seed=seed, cards=cards, names=("Ana", "CPU"))
    page = window.open_match(m, computer={1: NarutoHeuristic(seed)})
    watcher = Watcher(page, 0, set(mine))
    play_against_the_computer(page, watcher, rng)
    assert page.match.is_over() and watcher.checks > 50


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_llamas_game_against_two_computers_names_no_card_hidden_from_the_player(window, seed):
    m = llamas_match(3, seed=seed, names=("Ana", "CPU 1", "CPU 2"))
    page = window.open_match(m, computer={1: LlamasHeuristic(seed), 2: LlamasHeuristic(seed + 1)})
    watcher = Watcher(page, 0, set())
    play_against_the_computer(page, watcher, random.Random(seed))
    assert page.match.is_over() and watcher.checks > 20


def test_the_log_names_a_look_at_the_top_of_a_deck_and_the_card_taken_only_to_their_player(window):
    deck = ["J-001", "N-009", "N-002", "N-003"] + ["N-001"] * 6
    m = scenario(phase="mission_main", turn=2, counters=(5, 5), p1={"hand": ["M-011", "J-011"], "deck": deck},
                 p2={"deck": DECK})
    for a in ("mission M-011 pay J-011", "pass", "pass"):  # Bingo Book: seat 1 looks, then takes
        m.apply(a)
    assert m.state.pending and m.actor == 0
    page = window.open_match(m, computer={0: NarutoHeuristic(0)})  # the screen is seat 2's
    page._timer.stop()
    page.adapter.apply("choose N-009@1")
    page._timer.stop()
    log = page.log.plain_text()
    assert page.viewers() == {1}
    assert not [n for n in ("J-001", "N-009", "N-002") if n in log], log
    assert "looks at 3 cards" in log and "Choose (hidden from you)" in log and "from the deck to the hand." in log
    assert log.count("(hidden from you)") == 1  # the passes that led there hide nothing
    page.log.log.set_viewers(frozenset({0}))  # the screen handed to seat 1 (hot seat): its own look, whole
    log = page.log.plain_text()
    assert all(n in log for n in ("J-001", "N-009", "N-002")) and "hidden from you" not in log
