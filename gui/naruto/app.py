"""The Naruto CCG's part of the application beyond its match page (`gui.games.GameApp`): its panel
of the new-match page (`gui.naruto.setup.NarutoSetup`), its cards' columns and facts in the
card browser, how its cards' tiles look (type band, symbols, costs, Combat/Support, and the rules of
their keywords), and the match the screenshots show."""

from __future__ import annotations

import random
from typing import Any, Callable

from localization import current
from referee.games.naruto.cards import LETTERS, Card
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match

from ..browser import NONE, card_type, columns_of, value_text
from ..faces import GREY, SYMBOL_COLOURS, Look, Pip
from ..games import GameApp
from .setup import NarutoSetup


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
        ("attribute", attribute(card)),
        ("characteristics", characteristics(card)),
        ("keywords", keywords(card)),
    ]


def attribute(card: Card) -> str:
    """The card's attribute in the active language (as printed when it has no term: an imported card's)."""
    return current().term("attribute", card.attribute) if card.attribute else ""


def characteristics(card: Card) -> str:
    """The card's characteristics (its village, rank, gender...) in the active language."""
    return ", ".join(current().term("characteristic", c) for c in card.characteristics)


def keywords(card: Card) -> str:
    """The card's keywords in the active language, a count kept: ``Permanent (2)``."""
    tr = current()
    words = []
    for keyword in card.keywords:
        word, bracket, count = keyword.partition(" (")
        words.append(tr.term("keyword", word.strip()) + (f" ({count}" if bracket else ""))
    return ", ".join(words)


#: a card type's colours on its tile: (band, background)
TYPE_COLOURS = {"Ninja": ("#c8692a", "#fbf1e6"), "Jutsu": ("#3a67ad", "#ecf1f9"), "Mission": ("#47853f", "#ecf4ea"),
                "Client": ("#85569c", "#f3ecf6")}
#: the rules each keyword follows, by the keyword as the rules spell it (lower case)
GROUP_RULES = ("N-KEY-GROUP-1", "N-KEY-GROUP-2", "N-KEY-GROUP-3", "N-KEY-GROUP-4")
KEYWORD_RULES = {"ambush": ("N-DEPLOY-2",), "growth": ("N-KEY-GROW-1", "N-KEY-GROW-2", "N-KEY-GROW-3"),
                 "group": GROUP_RULES, "platoon": GROUP_RULES, "squad": GROUP_RULES, "counter": ("N-MISSION-2",),
                 "permanent": ("N-KEY-PERM-1",)}
#: each symbol's letter, as Jutsu costs write it (N-CARD-3): a symbol's disc says it, not its colour alone
SYMBOL_LETTERS = {symbol: letter for letter, symbol in LETTERS.items()}
#: the pips of an entrance cost and of a hand cost
ENTRANCE, HAND = "#ffffff", "#3b3b3b"


def letter(printed: str) -> str:
    """A symbol's letter as the active language writes it (``W`` is ``A``, Agua, in Spanish)."""
    return current().term("symbol_letter", printed) if printed else ""


def keyword_rules(card: Card) -> tuple[str, ...]:
    """The rules of the card's keywords (``Permanent (2)`` also follows N-KEY-PERM-2) and of an X it
    prints (N-KEY-X-1)."""
    rules: list[str] = []
    for keyword in card.keywords:
        word, _, count = keyword.partition(" (")
        word = word.strip().lower()
        rules += KEYWORD_RULES.get(word, ())
        if word == "permanent" and count:
            rules.append("N-KEY-PERM-2")
    if card.variable or any("X" in tokens for tokens in card.costs):
        rules.append("N-KEY-X-1")
    return tuple(dict.fromkeys(rules))


def cost_pips(card: Card) -> tuple[Pip, ...]:
    """The Jutsu cost's tokens in their symbols' colours, its alternatives apart; else the entrance
    cost and the hand cost."""
    if card.type == "Jutsu":
        pips: list[Pip] = []
        for k, tokens in enumerate(card.costs):
            pips += [Pip("/", "")] if k else []
            pips += [Pip(letter(t), SYMBOL_COLOURS[LETTERS[t]]) if t in LETTERS else Pip(t, GREY) for t in tokens]
        return tuple(pips)
    if card.entrance_cost is None and card.hand_cost is None and not card.variable:
        return ()
    return Pip(stat(card, "entrance_cost"), ENTRANCE), Pip(stat(card, "hand_cost"), HAND)


def look(card: Card, game: str) -> Look:
    band, body = TYPE_COLOURS.get(card.type, (GREY, "#f4f4f4"))
    power = None
    if card.type == "Ninja":
        power = (f"{stat(card, 'healthy_combat')}/{stat(card, 'healthy_support')}",
                 f"{stat(card, 'injured_combat')}/{stat(card, 'injured_support')}")
    details = (keywords(card), attribute(card), characteristics(card))
    return Look(kind=card_type(card, game), band=band, body=body,
                symbols=tuple(Pip(letter(SYMBOL_LETTERS.get(s, "")), SYMBOL_COLOURS.get(s, GREY)) for s in card.symbols),
                cost=cost_pips(card),
                power=power, details=tuple(d for d in details if d), rules=keyword_rules(card))


def mid_chain(match) -> bool:
    """Later in the game, a Jutsu chain open: the board, the options, the chain and the log all
    have something to show."""
    s = match.state
    return s.turn >= 7 and s.phase == "battle_exchange_chain_priority" and len(s.chain) >= 1


def at_showdown(match) -> bool:
    """Later in the game, a Showdown between two teams with rear Ninjas just worked out (its events
    are the latest in the log)."""
    done = len(match.history)
    return match.state.turn >= 5 and any(
        e.index == done and e.key == "showdown" and len(e.params["arithmetic"]) > 1
        and len(e.params["against_arithmetic"]) > 1 for e in match.log[-12:])


def seeded_game(window, wanted: Callable[[Any], bool]):
    """A seeded guided game played at random until ``wanted``, on its page."""
    cards = window.context.cards()
    for seed in range(1, 400):
        rng = random.Random(seed)
        match = new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)], seed=seed,
                          cards=cards, names=("Sakura", "Zabuza"))
        while not match.is_over() and not wanted(match):
            match.apply(rng.choice(match.legal_actions()))
        if wanted(match):
            break
    return window.open_match(match)


def chain_showcase(window):
    page = seeded_game(window, mid_chain)
    page.tabs.setCurrentWidget(page.chain)
    return page


def showdown_showcase(window):
    page = seeded_game(window, at_showdown)
    page.tabs.setCurrentWidget(page.showdown)
    return page


def teacher_showcase(window):
    """A lesson in the Battle phase: its goal and explanation above the board, a hint asked, and
    the Showdown of the option it suggests foreseen against each block the opponent could make."""
    from referee.engine.lessons import lessons

    from ..lessons import open_lesson

    page = open_lesson(window, next(lesson for lesson in lessons("naruto") if lesson.id == "10-damage-and-injury"))
    page.teacher.ask()
    return page


def review_showcase(window):
    """A finished seeded game's replay with its turning points listed under the board."""
    from cards.records import Recorder, release

    from ..replay import ReplayPage

    cards = window.context.cards()
    rng = random.Random(11)
    match = new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)], seed=11,
                      cards=cards, names=("Sakura", "Zabuza"))
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    uid = Recorder(window.context.database()).record(match)
    release(match)
    page = window.open(ReplayPage(window, uid))
    page.show_review()
    page.points.setCurrentRow(0)
    page.go(page.turning[0].index)
    return page


APP = GameApp(
    setup=NarutoSetup,
    columns=columns_of("type", symbols=card_symbols, costs=card_costs, power=card_power),
    facts=facts,
    look=look,
    filter_names={"symbol": lambda v: current().term("symbol", v), "cost": str},
    scan_name=lambda card: card.ccgdb_id,  # the N-CCG-DB's scans are named by its Card ID
    showcases={"match": chain_showcase, "showdown": showdown_showcase, "teacher": teacher_showcase,
               "review": review_showcase},
)
