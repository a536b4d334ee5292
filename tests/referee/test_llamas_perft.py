"""Legal-action counts of Llamas Unleashed from fixed positions, as chess engines' perft: every count
below was worked out by hand from part L of docs/rules.en.md (the reasoning is in each test) before the
engine was asked, so a change in what `legal_actions()` lists shows up here.

`legal_actions()` lists a card to play once per field it may go into (``into``), a Magic card once,
an Instant only in its window, a discard one card at a time; a choice lists its single answers (and
some answers of several cards; any other valid answer is accepted)."""

from __future__ import annotations

from llamas_support import act, turn
from referee.engine.match import Match
from referee.engine.playout import perft
from referee.games.llamas.rules import new_match


def listed(m: Match) -> list[str]:
    actions = [str(a) for a in m.legal_actions()]
    assert len(actions) == len(set(actions)), "an action is listed twice"
    return sorted(actions)


def test_setup_babies_then_the_first_player():
    """L-SETUP-2: each of the 3 players picks one of the 4 kinds of baby (3 copies of each, so every
    kind is still there for the third player): 4, 16, 64 leaves; then L-SETUP-4 offers 3 first
    players: 192."""
    m = new_match(3, seed=11)
    assert [perft(m, d) for d in (1, 2, 3, 4)] == [4, 16, 64, 192]


def action_position() -> Match:
    """Three players, seat 1 to act: hand Basic Llama, Llama Bomb, Spit Happens and Venti Alpacchino;
    a baby alpaca in seat 1's field, babies in the others'; seat 2 holds Baaa'd Move!, seat 3
    nothing."""
    return turn(players=3, hands=[["LU-007", "LU-062", "LU-051", "LU-076"], ["LU-049"], []],
                fields=[["LU-001"], ["LU-002"], ["LU-003"]])


def test_action_phase_plays_and_draw():
    """L-TURN-3: draw (1); the llama into any of 3 fields (3); Llama Bomb, whose targets exist, once
    (1); Venti Alpacchino, whose alpaca requirement seat 1's baby meets, into any field (3); Spit
    Happens is only an answer (L-CARD-1): 8 actions."""
    m = action_position()
    assert listed(m) == ["draw", "play LU-007 into 1", "play LU-007 into 2", "play LU-007 into 3", "play LU-062",
                         "play LU-076 into 1", "play LU-076 into 2", "play LU-076 into 3"]
    assert perft(m, 1) == 8


def test_action_phase_two_plies_with_the_instant_window():
    """After a draw, seat 1's turn is over and seat 2, having drawn a Basic Alpaca, may draw or play it
    into 3 fields (4). After each of the 7 plays, seat 2 alone is asked (seat 3's hand is empty, so it
    cannot answer): Baaa'd Move! or pass (2 each, 14). 4 + 14 = 18."""
    assert perft(action_position(), 2) == 18


def test_a_choice_lists_its_answers():
    """Llama Bomb resolving (seat 2 passes): the animals of other fields, seat 2's and seat 3's
    babies, are the only answers."""
    m = act(action_position(), "play LU-062", "pass")
    assert listed(m) == ["choose LU-002@2", "choose LU-003@3"]


def test_referee_mode_lists_templates_for_physical_cards():
    """Seat 1 holds six unknown cards after the draw: one template to play (the field is named with
    the card), and the draw."""
    m = new_match(2, seed=1, mode="referee")
    act(m, "baby LU-001", "baby LU-002", "first 1")
    assert listed(m) == ["draw", "play ?"]


def farmed_position() -> Match:
    """Two players with cards of the "Farmed and Dangerous" expansion, seat 1 to act: hand Fleeced!,
    Field Change, Goatsunderheit and Fannypaca, a baby alpaca in its field; seat 2 holds Llama Stop
    You Right There, with a baby goat and Flea-Ridden Barn (a Downgrade) in its field."""
    return turn(hands=[["LU-106", "LU-105", "LU-101", "LU-110"], ["LU-102"]],
                fields=[["LU-001"], ["LU-002", "LU-042"]])


def test_expansion_action_phase_one_and_two_plies():
    """Ply 1: draw (1); Fleeced!, whose other player exists, once (1); Field Change, with a Downgrade
    in a field and another field to move it to, once (1); Fannypaca into either field (2);
    Goatsunderheit only answers (L-CARD-1): 5. Ply 2: after the draw seat 1's turn ends (5 cards, within
    7) and seat 2, having drawn a Basic Alpaca, may draw or play it into 2 fields (3; its Llama Stop
    only answers); after each of the 4 plays seat 2 alone is asked: Llama Stop or pass (2 each, 8).
    3 + 8 = 11."""
    m = farmed_position()
    assert listed(m) == ["draw", "play LU-105", "play LU-106", "play LU-110 into 1", "play LU-110 into 2"]
    assert [perft(m, d) for d in (1, 2)] == [5, 11]


def test_expansion_choices_and_answers_back():
    """Field Change resolving: the one Upgrade or Downgrade in play, then the one field that does not
    hold it. Fleeced! answered by Llama Stop: seat 1 may answer back with Goatsunderheit or pass."""
    m = act(farmed_position(), "play LU-105", "pass")
    assert listed(m) == ["choose LU-042@2"]
    assert listed(act(m, "choose LU-042@2")) == ["choose 1"]
    m = act(farmed_position(), "play LU-106", "instant LU-102")
    assert listed(m) == ["instant LU-101", "pass"]
