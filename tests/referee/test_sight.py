"""What a seat may see (`Rules.visible`, `referee/engine/sight.py`): for each game, at every position
of random games and for every seat, its own hand and every face-up card, never another hand, a deck
or a face-down card (N-ZONE-2; Llamas Unleashed's zones, L-ZONE-1) but for the cards a choice it
must answer shows it; the computer players' `SeatView` reads exactly that set, and a screen no seat
holds shows only what every seat may see."""

from __future__ import annotations

import random

import pytest

from referee.engine.match import Match
from referee.engine.sight import SeatSight, seen_by
from referee.games.llamas.opponent import SeatView as LlamasView
from referee.games.llamas.rules import new_match as new_llamas
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.effects import shown
from referee.games.naruto.opponent import SeatView as NarutoView
from referee.games.naruto.rules import new_match as new_naruto

from test_effects_missions import played


def naruto_game(seed: int) -> Match:
    rng = random.Random(seed)
    decks = [random_deck(bundled(), "standard", rng), random_deck(bundled(), "standard", rng)]
    return new_naruto(decks, seed=seed)


def positions(match: Match, seed: int, limit: int = 2500):
    """Every position of a random game of ``match``, the first included."""
    rng = random.Random(seed)
    yield match.state
    for _ in range(limit):
        if match.is_over():
            return
        match.apply(rng.choice(match.legal_actions()))
        yield match.state


def naruto_hidden(s, seat: int) -> set[int]:
    """What N-ZONE-1/2 keep from ``seat``: the other hand, both decks, battle rewards and cards
    removed from the game (face down)."""
    out = set(s.players[1 - seat].hand)
    for player in s.players:
        out.update(player.deck, player.rewards, player.removed)
    return out


def naruto_open(s, seat: int) -> set[int]:
    out = set(s.players[seat].hand) | {link["card"] for link in s.chain}
    for player in s.players:
        out.update(player.village, player.battlefield, player.chakra, player.discard)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_naruto_seat_sees_its_hand_and_the_open_zones_never_a_hidden_card(seed):
    match = naruto_game(seed)
    for s in positions(match, seed):
        for seat in (0, 1):
            visible = match.rules.visible(s, seat)
            assert isinstance(visible, frozenset)
            assert naruto_open(s, seat) <= visible
            asked = bool(s.pending) and s.pending[0]["player"] == seat
            allowed = set(shown(s, s.pending[0])) if asked else set()
            assert visible & naruto_hidden(s, seat) <= allowed
            assert NarutoView(s, seat, match.rules)._visible == visible
        public = seen_by(match.rules, s, None)
        assert not public & (set(s.players[0].hand) | set(s.players[1].hand) | naruto_hidden(s, 0))


def test_a_naruto_choice_shows_its_chooser_the_cards_it_looks_at_and_nobody_else():
    deck = ["N-009", "N-002", "N-003", "J-001", "N-010", "N-001"]
    m = played({"deck": deck, "village": ["N-003"]}, None, "mission M-015 pay J-015")  # reorder the top 4
    s = m.state
    top = s.players[0].deck[:4]
    assert s.pending[0]["kind"] == "order"
    assert set(top) <= m.rules.visible(s, 0)
    assert not set(s.players[0].deck) & m.rules.visible(s, 1)
    assert not set(s.players[0].deck[4:]) & m.rules.visible(s, 0)


def test_the_naruto_seat_view_refuses_the_other_hand_and_the_decks():
    match = naruto_game(4)
    match.apply("first 1")
    s = match.state
    view = NarutoView(s, 0)
    assert isinstance(view, SeatSight) and view._visible == match.rules.visible(s, 0)
    assert view.card(s.players[0].hand[0]) is not None
    for hidden in (s.players[1].hand[0], s.players[0].deck[0], s.players[1].deck[0]):
        with pytest.raises(LookupError):
            view.card(hidden)


def llamas_hidden(s, seat: int) -> set[int]:
    out = set(s.deck)
    for k, player in enumerate(s.players):
        if k != seat:
            out.update(player.hand)
    return out


def llamas_open(s, seat: int) -> set[int]:
    out = set(s.players[seat].hand) | set(s.nursery) | set(s.discard) | {e["card"] for e in s.pile}
    out.update(link["holds"] for link in s.chain if link.get("holds") is not None)
    for player in s.players:
        out.update(player.field)
    return out


@pytest.mark.parametrize("seats,seed", [(2, 1), (4, 2), (8, 3)])
def test_a_llamas_seat_sees_its_hand_and_the_public_zones_never_another_hand_nor_the_deck(seats, seed):
    match = new_llamas(seats, seed=seed)
    for s in positions(match, seed):
        for seat in range(seats):
            visible = match.rules.visible(s, seat)
            assert isinstance(visible, frozenset)
            assert llamas_open(s, seat) <= visible
            asked = bool(s.pending) and s.pending[0]["player"] == seat
            allowed = set(s.pending[0].get("pool", ())) if asked else set()
            assert visible & llamas_hidden(s, seat) <= allowed
            assert allowed <= visible
            assert LlamasView(s, seat, match.rules)._visible == visible
        public = seen_by(match.rules, s, None)
        assert not public & ({i for p in s.players for i in p.hand} | set(s.deck))


def test_the_llamas_seat_view_refuses_another_hand_and_the_deck():
    match = new_llamas(3, seed=5)
    rng = random.Random(5)
    while match.phase != "action_main":
        match.apply(rng.choice(match.legal_actions()))
    s = match.state
    view = LlamasView(s, 0)
    assert view._visible == match.rules.visible(s, 0)
    assert view.card(s.players[0].hand[0]) is not None
    for hidden in (s.players[1].hand[0], s.players[2].hand[0], s.deck[0]):
        with pytest.raises(LookupError):
            view.card(hidden)


@pytest.mark.parametrize("game,seed", [("naruto", 5), ("llamas", 6), ("llamas", 7)])
def test_who_sees_a_card_agrees_with_what_each_seat_sees(game, seed):
    """`Rules.who_sees` (the log's question, card by card; Llamas answers it from where the card is)
    names exactly the seats whose `visible` holds the card, for every card at every third position of
    a random game."""
    match = naruto_game(seed) if game == "naruto" else new_llamas(4, seed=seed)
    rules = match.rules
    asked_pool = False
    for k, s in enumerate(positions(match, seed)):
        if k % 3:  # every third position: enough to meet every zone, choices included
            continue
        seats = range(len(s.players))
        visible = [rules.visible(s, seat) for seat in seats]
        asked_pool |= bool(s.pending and s.pending[0].get("pool"))
        for iid in range(len(s.instances)):
            assert rules.who_sees(s, iid) == {seat for seat in seats if iid in visible[seat]}, (k, iid)
    assert game == "naruto" or asked_pool  # a choice showing cards was met
