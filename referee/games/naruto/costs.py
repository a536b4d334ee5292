"""Paying costs: hand costs with cards of a symbol (N-DEPLOY-5, N-MISSION-5, N-CLIENT-4,
N-KEY-GROUP-4) and jutsu costs from the Chakra area (N-JUTSU-3, N-JUTSU-4)."""

from __future__ import annotations

from referee.engine.errors import IllegalAction

from .cards import LETTERS, Card, cost_text
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


def jutsu_requirements(tokens: tuple[str, ...], x: int) -> tuple[list[str], int]:
    """(symbols that must each be paid by a card of that symbol, generic count) of one way to pay a
    Jutsu cost (`Card.costs`), for X = ``x``. Each X in the cost takes the same value (N-JUTSU-4)."""
    symbols, generic = [], 0
    for token in tokens:
        if token in LETTERS:
            symbols.append(LETTERS[token])
        elif token.isdigit():
            generic += int(token)
        elif token == "X":
            generic += x
    return symbols, generic


def has_x(card: Card) -> bool:
    return any("X" in tokens for tokens in card.costs)


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
    """The cards paid must pay one of the ways the cost may be paid (a cost with alternatives, "W1
    or 3", is paid by either); the refusal names the printed first way."""
    cards = [s.card(i) for i in payers]
    for tokens in card.costs or ((),):
        symbols, generic = jutsu_requirements(tokens, x)
        if len(payers) == len(symbols) + generic and assign(symbols, cards):
            return
    symbols, generic = jutsu_requirements(card.jutsu_cost, x)
    total = len(symbols) + generic
    cost = cost_text(card.costs)
    if len(payers) != total and len(card.costs) <= 1:
        raise IllegalAction("N-JUTSU-3", card=card.number, cost=cost, needed=total, paid=len(payers))
    raise IllegalAction("N-JUTSU-3", card=card.number, cost=cost, needed=total, symbols=symbols)


def canonical_jutsu_payment(s: NarutoState, p: int, card: Card, x: int) -> list[str] | None:
    """A valid payment from the Chakra area (single-symbol cards first for symbols), or None: the
    first way to pay the cost that the Chakra area can pay."""
    chakra = [i for i in s.players[p].chakra if s.card(i) is not None]
    chakra.sort(key=lambda i: len(s.card(i).symbols))
    for tokens in card.costs or ((),):
        symbols, generic = jutsu_requirements(tokens, x)
        chosen: list[int] = []
        for sym in symbols:
            pick = next((i for i in chakra if i not in chosen and sym in s.card(i).symbols), None)
            if pick is None:
                break
            chosen.append(pick)
        else:
            rest = [i for i in chakra if i not in chosen][:generic]
            if len(rest) == generic:
                return [s.instances[i] for i in chosen + rest]
    return None


def max_x(s: NarutoState, p: int, card: Card) -> int:
    """The largest X the Chakra area could pay, over the ways to pay that have an X."""
    best = 0
    for tokens in card.costs:
        if "X" in tokens:
            symbols, generic = jutsu_requirements(tokens, 0)
            best = max(best, (len(s.players[p].chakra) - len(symbols) - generic) // tokens.count("X"))
    return best
