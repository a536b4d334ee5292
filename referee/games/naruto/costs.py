"""Paying costs: hand costs with cards of a symbol (N-DEPLOY-5, N-MISSION-5, N-CLIENT-4,
N-KEY-GROUP-4) and jutsu costs from the Chakra area (N-JUTSU-3, N-JUTSU-4)."""

from __future__ import annotations

from referee.engine.errors import IllegalAction

from .cards import LETTERS, Card
from .state import NarutoState


def shares_symbol(payer: Card, paid: Card) -> bool:
    return bool(set(payer.symbols) & set(paid.symbols))


def check_hand_payment(s: NarutoState, paid: Card, payers: list[int], rule: str,
                       numbers: tuple[str, ...] = ()) -> None:
    """Exactly ``hand_cost`` cards, each sharing a symbol with the card paid for. A card of several
    symbols may be paid with any of them, mixed (seed 001: "1 of them or all"). ``numbers`` are the
    names the action gives the payers: an unknown physical card (referee mode) is checked as named."""
    cost = paid.hand_cost or 0
    if len(payers) != cost:
        raise IllegalAction(rule, card=paid.number, cost=cost, paid=len(payers))
    for k, iid in enumerate(payers):
        card = s.card(iid) or (s.cards.get(numbers[k]) if k < len(numbers) else None)
        if card is not None and not shares_symbol(card, paid):
            raise IllegalAction(rule, card=paid.number, cost=cost, payer=card.number, symbols=list(paid.symbols))


def canonical_hand_payment(s: NarutoState, p: int, paid: Card, exclude: int | None) -> list[str] | None:
    """The first cards of the hand that can pay ``paid``'s hand cost, or None. Any other valid choice is
    accepted on apply; this one is what `legal_actions` lists."""
    cost = paid.hand_cost or 0
    chosen = [s.instances[i] for i in s.players[p].hand
              if i != exclude and (c := s.card(i)) is not None and shares_symbol(c, paid)][:cost]
    return chosen if len(chosen) == cost else None


def jutsu_requirements(card: Card, x: int) -> tuple[list[str], int]:
    """(symbols that must each be paid by a card of that symbol, generic count) for X = ``x``. Each X
    in the cost takes the same value (N-JUTSU-4)."""
    symbols, generic = [], 0
    for token in card.jutsu_cost:
        if token in LETTERS:
            symbols.append(LETTERS[token])
        elif token.isdigit():
            generic += int(token)
        elif token == "X":
            generic += x
    return symbols, generic


def has_x(card: Card) -> bool:
    return "X" in card.jutsu_cost


def assign(symbols: list[str], payers: list[Card]) -> bool:
    """Can each required symbol be matched to a distinct paying card? (two-symbol cards count as one
    card of either symbol)"""
    def place(i: int, free: tuple[int, ...]) -> bool:
        if i == len(symbols):
            return True
        return any(symbols[i] in payers[j].symbols and place(i + 1, free[:k] + free[k + 1:])
                   for k, j in enumerate(free))
    return place(0, tuple(range(len(payers))))


def check_jutsu_payment(s: NarutoState, card: Card, x: int, payers: list[int]) -> None:
    symbols, generic = jutsu_requirements(card, x)
    total = len(symbols) + generic
    if len(payers) != total:
        raise IllegalAction("N-JUTSU-3", card=card.number, cost=" ".join(card.jutsu_cost), needed=total,
                            paid=len(payers))
    if not assign(symbols, [s.card(i) for i in payers]):
        raise IllegalAction("N-JUTSU-3", card=card.number, cost=" ".join(card.jutsu_cost), needed=total,
                            symbols=symbols)


def canonical_jutsu_payment(s: NarutoState, p: int, card: Card, x: int) -> list[str] | None:
    """A valid payment from the Chakra area (single-symbol cards first for symbols), or None."""
    symbols, generic = jutsu_requirements(card, x)
    chakra = [i for i in s.players[p].chakra if s.card(i) is not None]
    chakra.sort(key=lambda i: len(s.card(i).symbols))
    chosen: list[int] = []
    for sym in symbols:
        pick = next((i for i in chakra if i not in chosen and sym in s.card(i).symbols), None)
        if pick is None:
            return None
        chosen.append(pick)
    rest = [i for i in chakra if i not in chosen][:generic]
    if len(rest) < generic:
        return None
    return [s.instances[i] for i in chosen + rest]


def max_x(s: NarutoState, p: int, card: Card) -> int:
    symbols, generic = jutsu_requirements(card, 0)
    return max(0, (len(s.players[p].chakra) - len(symbols) - generic) // max(1, card.jutsu_cost.count("X")))
