"""The Llamas Unleashed table, drawn from a position: the shared zones (nursery, deck, discard pile
and its top card), the hand of the player whose hand may be shown, and every player's field round
the table, each with its animals, Upgrades and Downgrades and its animal count against the number it
needs to win (L-WIN-1).

The fields are laid out as columns round the table, one per player up to four, two rows of four
for five to eight players, so that eight fields fit the page; each field's cards are a list view
over a Qt item model, a line per card, so a field of twelve cards costs no more widgets than one of
two. The hand is a row of tiles. A hand is drawn card by card only for a seat the caller allows (guided
mode, the player to act or the one the hot seat shows); other hands are counts, so the board never
leaks hidden cards. Each part redraws only when what it shows has changed.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QListView, QSizePolicy, QVBoxLayout, QWidget

from localization import Messages, current
from referee.games.llamas.traits import animals, needed

from ..i18n import watch
from ..match.frames import TitledFrame

MESSAGES = Messages("gui.llamas.board", {
    "field_title": "{name}",
    "field_title_acting": "{name} — to act",
    "field_title_turn": "{name} — their turn",
    "field_title_turn_acting": "{name} — their turn, to act",
    "animals": "Animals: {animals} of {needed}",
    "hand_count": "Hand: {cards}",
    "skips": "Misses {turns}",
    "empty_field": "No card in this field.",
    "nursery": "Nursery: {cards}",
    "deck": "Deck: {cards}",
    "discard": "Discard pile: {cards}",
    "discard_top": "Discard pile: {cards}, on top {card}",
    "hand_of": "Hand of {name}: {cards}",
    "hand_hidden": "Hands are hidden: no hand may be shown now.",
    "hand_physical": "Hand of {name}: {cards} (physical cards, named when played)",
    "unknown_card": "an unknown physical card",
    "card_tip": "{name}\n{kind}\n{effect}",
    "kind_animal": "{type} · {subtype} · {variations}",
    "zone_tip": "{zone}: {cards}",
    "none": "—",
    "field_tip": "The cards of {name}'s field: animals, then Upgrades, then Downgrades",
    "hand_tip": "The cards in this hand (only its player sees them)",
})

#: a card's colour on the table, by type
COLOURS = {"animal": "#e3f4dc", "upgrade": "#dceaf8", "downgrade": "#f8dcdc", "magic": "#efe3f6",
           "instant": "#fbf0cf"}
#: the order of a field's cards: animals first, as a player counts them
ORDER = {"animal": 0, "upgrade": 1, "downgrade": 2}
CARD_W, CARD_H = 118, 40  # a tile of the hand
LINE_H = 22  # a card's line in a field
HAND_ROWS = 2  # tile rows the hand shows before it scrolls
MAX_COLUMNS = 4  # fields side by side


def columns(players: int) -> int:
    """Fields side by side: all of them up to four players, else two rows of them."""
    return players if players <= MAX_COLUMNS else (players + 1) // 2


def counted(n: int) -> str:
    return current().plural("cards", n)


def _bare(name: str, number: str) -> str:
    """A tile shows the card's name without its number (the tip has both): eight fields must fit."""
    return name[len(number) + 1:] if name.startswith(number + " ") else name


class CardList(QListView):
    """Cards over a `QStandardItemModel` (``show_cards`` refills it): a line per card (a field), or
    ``tiles`` in rows that wrap (the hand)."""

    def __init__(self, card_name: Callable[[str], str], card_tip: Callable[[object, str], str], tiles: bool = False):
        super().__init__()
        self.card_name, self.card_tip, self.tiles = card_name, card_tip, tiles
        self.model_ = QStandardItemModel(self)
        self.setModel(self.model_)
        self.setUniformItemSizes(True)
        self.setSelectionMode(QListView.SelectionMode.NoSelection)
        self.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        if tiles:
            self.setViewMode(QListView.ViewMode.IconMode)
            self.setFlow(QListView.Flow.LeftToRight)
            self.setWrapping(True)
            self.setResizeMode(QListView.ResizeMode.Adjust)
            self.setMovement(QListView.Movement.Static)
            self.setWordWrap(True)
            self.setGridSize(QSize(CARD_W + 6, CARD_H + 6))
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        else:  # a field takes the height its place in the grid leaves it, three lines at least
            self.setSpacing(1)
            self.setTextElideMode(Qt.TextElideMode.ElideRight)
            self.setMinimumHeight(3 * (LINE_H + 2) + 4)
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)

    def show_cards(self, cards: list[tuple[str | None, object]]) -> None:
        """``cards``: (number or None for an unknown card, the card's facts or None)."""
        self.model_.clear()
        for number, card in cards:
            item = QStandardItem(_bare(self.card_name(number), number) if number else "?")
            item.setSizeHint(QSize(CARD_W, CARD_H) if self.tiles else QSize(0, LINE_H))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter if self.tiles else Qt.AlignmentFlag.AlignVCenter)
            item.setToolTip(self.card_tip(card, number))
            item.setData(number, Qt.ItemDataRole.UserRole)
            if card is not None:
                item.setBackground(QBrush(QColor(COLOURS.get(card.type, "#ffffff"))))
                item.setForeground(QBrush(QColor("#202020")))
            self.model_.appendRow(item)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Tiles take one row, two when a row of this width cannot hold them all."""
        if not self.tiles:
            return
        per_row = max(1, (self.width() - 8) // (CARD_W + 6))
        rows = 1 if self.model_.rowCount() <= per_row else HAND_ROWS
        self.setFixedHeight(rows * (CARD_H + 6) + 6)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_rows()

    def numbers(self) -> list[str | None]:
        return [self.model_.item(r).data(Qt.ItemDataRole.UserRole) for r in range(self.model_.rowCount())]


class FieldArea(TitledFrame):
    """One player's field: its title (name, animals against the number needed), the hand's size
    and turns to miss, and its cards."""

    def __init__(self, seat: int, card_name: Callable[[str], str], card_tip):
        self.column = QVBoxLayout()
        super().__init__(self.column)
        self.seat = seat
        self.setObjectName(f"field{seat + 1}")
        self.stats = QLabel()
        self.stats.setObjectName("stats")
        self.stats.setWordWrap(True)
        for label in (self.heading, self.stats):  # the list of cards takes the height left
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.cards = CardList(card_name, card_tip)
        self.cards.setObjectName(f"cards{seat + 1}")
        self.column.addWidget(self.stats)
        self.column.addWidget(self.cards)
        self._shown = None

    def display(self, s, acting: bool, turn: bool) -> None:
        player = s.players[self.seat]
        have, need = len(animals(s, self.seat)), needed(s, self.seat)
        title = MESSAGES("field_title" + ("_turn" if turn else "") + ("_acting" if acting else ""), name=player.name)
        stats = [MESSAGES("animals", animals=have, needed=need), MESSAGES("hand_count", cards=counted(len(player.hand)))]
        skips = s.skips[self.seat]
        if skips:
            stats.append(MESSAGES("skips", turns=current().plural("turns", skips)))
        cards = sorted(player.field, key=lambda i: ORDER.get(s.card(i).type if s.card(i) else "", 3))
        key = (title, tuple(stats), tuple(s.instances[i] for i in cards), current().lang)
        if key == self._shown:
            return
        self._shown = key
        self.setTitle(title)
        self.setFrameShape(QFrame.Shape.Box if acting else QFrame.Shape.StyledPanel)  # the seat to act stands out
        self.setLineWidth(2 if acting else 1)
        self.stats.setText("\n".join(stats))
        self.cards.show_cards([(s.instances[i], s.card(i)) for i in cards])
        self.cards.setToolTip(MESSAGES("field_tip", name=player.name) if cards else MESSAGES("empty_field"))


class LlamasBoard(QWidget):
    """The shared zones, the hand shown, and the fields. ``display(state, hidden, acting)``: the
    seats in ``hidden`` show their hand as a count only."""

    def __init__(self, context):
        super().__init__()
        self.context = context
        self.shared = QLabel()
        self.shared.setObjectName("shared")
        self.shared.setWordWrap(True)
        self.hand_title = QLabel()
        self.hand_title.setObjectName("hand_title")
        self.hand = CardList(self.card_name, self.card_tip, tiles=True)
        self.hand.setObjectName("hand")
        self.grid = QGridLayout()
        self.grid.setSpacing(6)
        self.areas: list[FieldArea] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.shared)
        layout.addWidget(self.hand_title)
        layout.addWidget(self.hand)
        layout.addLayout(self.grid, 1)
        self.hand_seat: int | None = None  # the seat whose hand is shown
        self._state = None
        self._hidden: frozenset[int] = frozenset()
        self._acting: int | None = None
        self._hand_key = None
        watch(self)

    def card_name(self, number: str) -> str:
        return self.context.card_name(number)

    def card_tip(self, card, number: str | None) -> str:
        if card is None:
            return MESSAGES("unknown_card")
        tr = current()
        kind = tr.term("llamas_card_type", card.type)
        if card.is_animal:
            kind = MESSAGES("kind_animal", type=kind, subtype=tr.term("llamas_card_type", card.subtype),
                            variations=", ".join(card.variations))
        effect = self.context.card_effect(card.number, "llamas") or card.effect
        return MESSAGES("card_tip", name=self.card_name(card.number), kind=kind, effect=effect).strip()

    def display(self, state, hidden=frozenset(), acting: int | None = None) -> None:
        self._state, self._hidden, self._acting = state, frozenset(hidden), acting
        self._draw()

    def retranslate(self) -> None:
        for area in self.areas:
            area._shown = None
        self._hand_key = None
        self._draw()

    # --- drawing ------------------------------------------------------------------------------
    def _draw(self) -> None:
        s = self._state
        if s is None:
            return
        wide = columns(len(s.players))
        while len(self.areas) < len(s.players):  # built once, for the match's number of players
            area = FieldArea(len(self.areas), self.card_name, self.card_tip)
            self.grid.addWidget(area, len(self.areas) // wide, len(self.areas) % wide)
            self.areas.append(area)
        for area in self.areas:
            area.display(s, area.seat == self._acting, area.seat == s.current and s.phase != "setup_baby")
        self._draw_shared(s)
        self._draw_hand(s)

    def _draw_shared(self, s) -> None:
        top = s.discard[-1] if s.discard else None
        discard = (MESSAGES("discard_top", cards=counted(len(s.discard)), card=self.card_name(s.instances[top]))
                   if top is not None and s.instances[top] else MESSAGES("discard", cards=counted(len(s.discard))))
        self.shared.setText("   ·   ".join((MESSAGES("nursery", cards=counted(len(s.nursery))),
                                            MESSAGES("deck", cards=counted(len(s.deck))), discard)))
        zone = current().term("llamas_zone", "nursery")
        self.shared.setToolTip(MESSAGES("zone_tip", zone=zone, cards=", ".join(
            self.card_name(n) for n in dict.fromkeys(s.instances[i] for i in s.nursery) if n) or MESSAGES("none")))

    def shown_seat(self, s) -> int | None:
        """The seat whose hand is drawn: the player to act if they may see it, else the one seat the
        caller shows (the hot seat's while a computer plays), else none."""
        if self._acting is not None and self._acting not in self._hidden:
            return self._acting
        visible = [seat for seat in range(len(s.players)) if seat not in self._hidden]
        return visible[0] if len(visible) == 1 else None

    def _draw_hand(self, s) -> None:
        seat = self.shown_seat(s)
        self.hand_seat = seat
        hand = s.players[seat].hand if seat is not None else []
        known = s.mode == "guided"
        key = (seat, tuple(s.instances[i] for i in hand), known, current().lang)
        if key == self._hand_key:
            return
        self._hand_key = key
        if seat is None:
            self.hand_title.setText(MESSAGES("hand_hidden"))
            self.hand.show_cards([])
        else:
            name = s.players[seat].name
            self.hand_title.setText(MESSAGES("hand_of" if known else "hand_physical", name=name,
                                             cards=counted(len(hand))))
            self.hand.show_cards([(s.instances[i], s.card(i)) for i in hand])  # "?" for a physical card
        self.hand.setToolTip(MESSAGES("hand_tip"))
