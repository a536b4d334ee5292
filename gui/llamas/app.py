"""Llamas Unleashed's part of the application beyond its match page (`gui.games.GameApp`): its
players' panel of the new-match page (`gui.llamas.setup.LlamasSetup`), its cards' columns and facts
in the card browser, how its cards' tiles look (coloured by type, with an animal's subtype and
variations, and the rule of its type), and the games the screenshots show (the base game alone, and
with its expansion)."""

from __future__ import annotations

from localization import current
from referee.games.llamas.opponent import HeuristicPlayer
from referee.games.llamas.rules import new_match

from ..browser import card_type, columns_of, terms
from ..faces import GREY, Look
from ..games import GameApp
from .setup import LlamasSetup

#: the term kinds naming an animal's subtype and its variations
SUBTYPE, VARIATION = "llamas_card_type", "llamas_variation"


def subtype(card) -> str:
    """An animal's subtype, by its name in the active language."""
    return terms(SUBTYPE, (card.subtype,))


def variations(card) -> str:
    """An animal's variations (two for Henry the Huarizo)."""
    return terms(VARIATION, card.variations)


def facts(card, game: str) -> list[tuple[str, object]]:
    """What a card shows, as (fact key, value) rows."""
    return [("number", card.number), ("type", card_type(card, game)),
            ("subtype", subtype(card) if card.subtype else None),
            ("variations", variations(card) if card.variations else None)]


#: a card type's colours on its tile: (band, background)
COLOURS = {"animal": ("#4b8f3c", "#e3f4dc"), "upgrade": ("#3f74b5", "#dceaf8"), "downgrade": ("#b94747", "#f8dcdc"),
           "magic": ("#84529f", "#efe3f6"), "instant": ("#b88a12", "#fbf0cf")}
#: the rule of each card type (L-CARD)
TYPE_RULES = {"instant": "L-CARD-1", "upgrade": "L-CARD-2", "downgrade": "L-CARD-3", "magic": "L-CARD-4",
              "animal": "L-CARD-5"}


def look(card, game: str) -> Look:
    band, body = COLOURS.get(card.type, (GREY, "#f4f4f4"))
    details = (variations(card) if card.variations else "", subtype(card) if card.subtype else "")
    rule = TYPE_RULES.get(card.type)
    return Look(kind=card_type(card, game), band=band, body=body, details=tuple(d for d in details if d),
                rules=(rule,) if rule else ())


def interesting(match) -> bool:
    """Mid-game, another player's card on the pile, and seat 1 asked whether to answer it."""
    s = match.state
    return s.turn >= 9 and s.phase == "action_window" and match.actor == 0 and s.pile[-1]["player"] != 0


def interesting_game(expansions: tuple[str, ...] = ()):
    """A seeded game of four (with these expansions shuffled in), played by the heuristic until
    `interesting`."""
    for seed in range(1, 200):
        match = new_match(4, seed=seed, names=("Ana", "Boris", "Chloé", "Dmitri"), expansions=expansions)
        players = {k: HeuristicPlayer(seed + k) for k in range(4)}
        while not match.is_over() and not interesting(match):
            match.apply(players[match.actor].choose(match))
        if interesting(match):
            return match
    raise RuntimeError("no seed reaches an open instant pile")


def showcase(window, expansions: tuple[str, ...] = ()):
    """`interesting_game` on its page, the computers waiting while the pictures are taken, the pile
    shown."""
    match = interesting_game(expansions)
    computers = {k: HeuristicPlayer(k) for k in range(1, len(match.state.players))}
    page = window.open_match(match, computer=computers)
    page.delay_ms = 10**9
    page.tabs.setCurrentWidget(page.pile)
    return page


APP = GameApp(
    setup=LlamasSetup,
    columns=columns_of("llamas_type", subtype=subtype, variations=variations),
    facts=facts,
    look=look,
    filter_names={"subtype": lambda v: current().term(SUBTYPE, v), "variation": lambda v: current().term(VARIATION, v)},
    mode_tips="_llamas",
    showcases={"llamas": showcase, "llamas-farmed": lambda window: showcase(window, ("farmed-and-dangerous",))},
)
