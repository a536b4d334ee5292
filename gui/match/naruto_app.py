"""The Naruto CCG's part of the application beyond its match page (`gui.games.GameApp`): its panel
of the new-match page (`gui.match.naruto_setup.NarutoSetup`), its cards' columns and facts in the
card browser, and the match the screenshots show."""

from __future__ import annotations

import random

from localization import current
from referee.games.naruto.cards import Card
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match

from ..browser import NONE, card_type, columns_of, value_text
from ..games import GameApp
from .naruto_setup import NarutoSetup


def card_symbols(card: Card) -> str:
    return " / ".join(current().term("symbol", s) for s in card.symbols) or NONE


def stat(card: Card, name: str) -> str:
    """One printed number of a card: ``X`` where the card prints X (its effect sets it)."""
    if name in card.variable:
        return "X"
    if name in ("entrance_cost", "hand_cost"):
        return value_text(getattr(card, name))
    pair, index = ((card.healthy if name.startswith("healthy") else card.injured), 0 if name.endswith("combat") else 1)
    return str(pair[index])


def jutsu_cost(card: Card) -> str:
    """The jutsu cost as printed, its alternatives joined by the active language's "or"."""
    return current().cost(card.costs) or NONE


def card_costs(card: Card) -> str:
    """``2 / 1`` (entrance / hand) for a Ninja, Mission or Client; the jutsu cost for a Jutsu."""
    if card.type == "Jutsu":
        return jutsu_cost(card)
    if card.entrance_cost is None and card.hand_cost is None and not card.variable:
        return NONE
    return f"{stat(card, 'entrance_cost')} / {stat(card, 'hand_cost')}"


def card_power(card: Card) -> str:
    """``3/1 (1/1)``: healthy Combat/Support, injured in brackets; only Ninjas fight."""
    if card.type != "Ninja":
        return NONE
    s = {name: stat(card, name) for name in ("healthy_combat", "healthy_support", "injured_combat", "injured_support")}
    return f"{s['healthy_combat']}/{s['healthy_support']} ({s['injured_combat']}/{s['injured_support']})"


def facts(card: Card, game: str) -> list[tuple[str, object]]:
    """What a card shows, as (fact key, value) rows."""
    ninja, jutsu = card.type == "Ninja", card.type == "Jutsu"
    return [
        ("number", card.number),
        ("type", card_type(card, game)),
        ("symbols", card_symbols(card)),
        ("entrance_cost", stat(card, "entrance_cost") if not jutsu else None),
        ("hand_cost", stat(card, "hand_cost") if not jutsu else None),
        ("jutsu_cost", jutsu_cost(card) if jutsu else None),
        ("healthy", f"{stat(card, 'healthy_combat')}/{stat(card, 'healthy_support')}" if ninja else None),
        ("injured", f"{stat(card, 'injured_combat')}/{stat(card, 'injured_support')}" if ninja else None),
        ("attribute", card.attribute),
        ("characteristics", ", ".join(card.characteristics)),
        ("keywords", ", ".join(card.keywords)),
    ]


def interesting(match) -> bool:
    """Later in the game, a Jutsu chain open: the board, the options, the chain and the log all
    have something to show."""
    s = match.state
    return s.turn >= 7 and s.phase == "battle_exchange_chain_priority" and len(s.chain) >= 1


def showcase(window):
    """A seeded guided game played at random until `interesting`, on its page with the chain shown."""
    cards = window.context.cards()
    for seed in range(1, 200):
        rng = random.Random(seed)
        match = new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)], seed=seed,
                          cards=cards, names=("Sakura", "Zabuza"))
        while not match.is_over() and not interesting(match):
            match.apply(rng.choice(match.legal_actions()))
        if interesting(match):
            break
    page = window.open_match(match)
    page.tabs.setCurrentWidget(page.chain)
    return page


APP = GameApp(
    setup=NarutoSetup,
    columns=columns_of("type", symbols=card_symbols, costs=card_costs, power=card_power),
    facts=facts,
    filter_names={"symbol": lambda v: current().term("symbol", v), "cost": str},
    screenshot="match",
    showcase=showcase,
)
