"""Random playouts with decks of reader-automated cards (issue 17): whole games of uniformly random
legal actions between random legal decks that mix Set 1 with cards whose definition, requirement,
target and effect kind come from `read_card`, as the catalogue import stores them. Every invariant
of `invariants.py` must hold after every action, every game must end, and the read cards' effects
must actually resolve (their events appear in the logs): a read definition the engine cannot carry
out would break one of these. The texts are written here in the catalogue's style, never a card's
real text. More games run with --soak. Guided mode only: referee mode's legal actions leave hidden
cards unnamed ("?"), which a random playout cannot name (as in test_playouts.py); read cards in
referee mode are played in tests/cards/test_effect_sources.py.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from referee.engine.playout import play_random
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.invariants import violations
from referee.games.naruto.reader import read_card
from referee.games.naruto.rules import new_match

from test_playouts import WIN_RULES

#: each read card: its number, the Set 1 card whose printed stats it borrows, and its text
TEXTS = [
    # Ninjas: Valid and not, standing boosts, put in play, sent out, Victories, start-of-turn offers, a side of
    # the Battle forbidden
    ("N-981", "N-001", "Valid: This Ninja gets +1/+1."),
    ("N-982", "N-002", "This Ninja gets +0/+2."),
    ("N-983", "N-003", "When this Ninja is put in play, draw 2 cards."),
    ("N-984", "N-009", "Valid: When this Ninja is put in play, flip a coin. If it's heads, draw 1 card."),
    ("N-985", "N-010", "When this Ninja is sent out to Attack, it gets +3/+0 during the turn."),
    ("N-986", "N-011", "When this Ninja is sent out to Battle, it gets +1/+1 for the turn."),
    ("N-987", "N-014", "If this Ninja's Team wins a Victory or an Outstanding Victory, draw 1 card."),
    ("N-988", "N-015", "Valid: When this Ninja's Team wins a Victory or an Outstanding Victory, discard 2 cards "
                       "from the top of your opponent's Deck."),
    ("N-989", "N-016", "This Ninja gets +2/+1 during the turn it is put in play."),
    ("N-990", "N-017", "At the beginning of your turn, you can discard 1 of your Chakras to heal 1 of your injured "
                       "Ninjas."),
    ("N-991", "N-018", "Valid: If this Ninja is in the same Team as “Naruto Uzumaki”, this Ninja gets +1/+0."),
    ("N-992", "N-029", "Valid: Any Ninja(s) with “Genin” in your hand get -1 Entrance cost."),
    ("N-993", "N-032", "When this Ninja is put in play, move the top 2 cards of your Deck to your Chakra area."),
    ("N-994", "N-033", "This Ninja cannot be sent out to Attack."),
    ("N-995", "N-038", "Valid: This Ninja cannot Block."),
    # Jutsu: each target kind, damage, injure, heal, moves, negate, coins, immunity
    ("J-981", "J-001", "Target: User\nEffect: The target gets +2/+1 during this turn."),
    ("J-982", "J-002", "Target: 1 Ninja Battling against the user\nEffect: Give 1 Damage to the target."),
    ("J-983", "J-001", "Requirements: “Genin”\nTarget: 1 Ninja opposing the user\nEffect: Injure the target."),
    ("J-984", "J-002", "Target: 1 of your injured Ninjas\nEffect: Heal the target. Then, draw 1 card."),
    ("J-985", "J-001", "Target: 1 Ninja on the Battlefield\nEffect: Return the target to its owner's hand."),
    ("J-986", "J-002", "Target: 1 Jutsu\nEffect: Negate the target."),
    ("J-987", "J-001", "Target: User\nEffect: Flip a coin. If it's heads, the target gets +3/+0 during this turn. "
                       "If it's tails, the target gets +1/+0 during this turn."),
    ("J-988", "J-002", "Requirements: “Taijutsu” Combat Attribute\nTarget: User\nEffect: The target cannot be the "
                       "target of your opponent's Jutsu cards during this turn. The target gets +1/+1 during this "
                       "turn."),
    ("J-989", "J-001", "Target: Every Ninja Battling against the user\nEffect: The target gets -1/-1 during this "
                       "turn."),
    ("J-990", "J-002", "Target: 1 Ninja opposing the user\nEffect: The target's Power becomes 0/0 during this turn."),
    ("J-991", "J-001", "Target: 1 Stand-By Ninja\nEffect: Discard the target."),
    ("J-992", "J-002", "Target: Every Ninja in the user's Team\nEffect: The target gets +1/+0 during this turn."),
    # Missions: draws, milling, moves and damage on a target
    ("M-981", "M-004", "Effect: Draw 2 cards."),
    ("M-982", "M-004", "Effect: Discard 3 cards from the top of your opponent's Deck."),
    ("M-983", "M-004", "Effect: Move the top 1 cards of your Deck to your Chakra area. Then, draw 1 card."),
    ("M-984", "M-001", "Target: 1 of your injured Ninjas\nEffect: Heal the target."),
    ("M-985", "M-004", "Target: 1 of your opponent's Ninjas\nEffect: The target becomes a Stand-By Ninja."),
    # battles, facts, rule words, triggers when using a Jutsu or at the Battle Phase
    ("N-971", "N-004", "When this Ninja is Battling against your opponent's “Male” Ninja, this Ninja gets +1/+0 "
                       "during the turn."),
    ("N-972", "N-008", "Valid: When the Head Ninja of this Ninja's Team is “Genin” and is sent out to Battle, this "
                       "Ninja gets +1/+1 during the turn."),
    ("N-973", "N-019", "Valid: When this Ninja receives any Damage, flip a coin; if it's heads, reduce the Damage "
                       "by 1."),
    ("N-974", "N-027", "When this Ninja is sent out to Battle while you have 2 or less cards in your Chakra area, "
                       "you can send 1 card from the top of your Deck to your Chakra area."),
    ("N-975", "N-035", "When this Ninja becomes the user of a Jutsu card, it gets +1/+0 during the turn."),
    ("N-976", "N-036", "At the beginning of your Battle Phase, if you have 2 or less cards in your hand, draw 1 "
                       "card."),
    ("N-977", "N-037", "Valid: While you have 3 or more Chakras, this Ninja gets +1/+1."),
    ("N-978", "N-039", "Valid: This Ninja cannot be removed from play by the effects of your opponent's Jutsu "
                       "cards."),
    ("N-979", "N-005", "Valid: This Ninja cannot be sent out to Battle by itself."),
    ("J-971", "J-006", "Requirements: “Chunin” + “An Entrance cost of 2 or more”\nTarget: 1 Ninja\nEffect: Move "
                       "the target back to the top of its original owner's Deck."),
    ("J-972", "J-019", "Target: 1 Ninja Battling against the user\nEffect: The target gets -1/-1 during this turn. "
                       "If the user has a “Weapon” Combat Attribute, the target gets an additional -1/-1."),
    ("J-973", "J-015", "Target: User\nEffect: The target gets +1/+0 and “Clone status” during this turn."),
    ("J-974", "J-032", "Target: 1 Ninja Battling against the user\nEffect: The Combat of the target becomes 0 during "
                       "this turn. Then, if the user has a Fire Symbol, draw 1 card."),
    ("M-971", "M-009", "Counter\nTarget: 1 non-“Permanent” Mission card being played\nEffect: Negate the target "
                       "and discard it."),
    ("M-972", "M-030", "Permanent\nEffect: You can play up to 2 Mission cards per turn."),
    ("M-973", "M-041", "Target: 1 of your Ninjas\nEffect: The target cannot receive any Damage during this turn."),
    ("M-974", "M-016", "Effect: Look at all the cards in your opponent's hand. If they have 1 or more Ninjas in "
                       "their hand, draw 1 card."),
    ("M-975", "M-039", "Effect: Every Ninja in your hand that has an Entrance cost of 3 or less gets -1 Entrance "
                       "cost."),
]


def read_cards() -> list:
    """The read cards: each a Set 1 card's printed stats with a new number and name, and what the
    reader makes of its text."""
    out = []
    for number, model, text in TEXTS:
        base = bundled().get(model)
        reading = read_card(text, base.type)
        assert reading is not None, text
        out.append(replace(base, number=number, name=f"Test {number}", effect=text, script=json.dumps(reading.effect),
                           requirement=reading.requirement, target=reading.target, effect_kind=reading.kind,
                           keywords=base.keywords if reading.kind in ("counter", "permanent") else ()))
    return out


READ = read_cards()
READ_NUMBERS = {c.number for c in READ}
CARDS = bundled().with_cards(READ)
GAMES = 150
SOAK_GAMES = 1000


def deck(rng: random.Random) -> list[str]:
    """A random legal deck drawn from the read cards and Set 1's."""
    return random_deck(CARDS, "standard", rng)


def play(seed: int) -> tuple:
    """One whole random game: its playout and the read cards' events of its log."""
    rng = random.Random(seed)
    match = new_match([deck(rng), deck(rng)], seed=rng.randrange(2**32), cards=CARDS)
    result = play_random(match, rng, invariants=violations)
    read_events = [e.key for e in match.log if e.params.get("card") in READ_NUMBERS and e.key != "deployed"]
    return result, read_events


def check(games: int) -> None:
    wrong, resolved = [], []
    for seed in range(games):
        result, read_events = play(seed)
        wrong += [f"seed {seed}: {v}" for v in result.violations]
        if result.outcome is None or result.outcome.rule not in WIN_RULES:
            wrong.append(f"seed {seed}: ended by {result.outcome}")
        resolved += read_events
    assert wrong == []
    assert "link_applied" in resolved and "boosted" in resolved, sorted(set(resolved))


def test_every_read_text_is_read_with_its_kind():
    assert len(READ) == len(TEXTS) and all(c.effect_kind != "none" for c in READ)


def test_random_games_with_read_cards_keep_every_invariant():
    check(GAMES)


@pytest.mark.soak
def test_soak_random_games_with_read_cards():
    check(SOAK_GAMES)
