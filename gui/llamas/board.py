"""The Llamas Unleashed table, drawn from a position, as cards on a table: the shared zones' counts
(nursery, deck, discard pile), the hand of the player whose hand may be shown, the discard pile's top
card, the cards being played (the instant pile, bottom first), and every player's field round the
table, each with its animals, Upgrades and Downgrades and its animal count against the number it
needs to win (L-WIN-1). Every card is a tile (`gui.tiles`), coloured by type.

The fields are laid out as columns round the table, one per player up to four, two rows of four
for five to eight players, so that eight fields fit the page: up to four players a field's cards
are tiles in rows that wrap, with more players each card is a strip (its title line, as the cards
of a stack show), and a field with more cards than room scrolls up and down, never sideways.
A hand is drawn card by card only for a seat the caller allows (guided mode, the player to act or
the one the hot seat shows); other hands are counts, so the board never leaks hidden cards, and a
physical card not yet named is a back. Each part redraws only when what it shows has changed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from localization import Messages, current
from localization.text import caption
from referee.games.llamas.traits import animals, needed

from ..faces import face
from ..flow import FlowLayout
from ..i18n import watch
from ..match.describe import seat_player
from ..match.frames import TitledFrame
from ..tile_paint import NORMAL, SMALL, STRIP, Marks, Size
from ..tiles import CardTile, Place

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
    "deck_with": "Deck: {cards}, with {expansions}",
    "discard": "Discard pile: {cards}",
    "discard_top": "Discard pile: {cards}, on top {card}",
    "hand_of": "Hand of {name}: {cards}",
    "hand_hidden": "Hands are hidden: no hand may be shown now.",
    "hand_physical": "Hand of {name}: {cards} (physical cards, named when played)",
    "pile": "Being played",
    "zone_tip": "{zone}: {cards}",
    "none": "—",
    "field_tip": "The cards of {name}'s field: animals, then Upgrades, then Downgrades",
    "hand_tip": "The cards in this hand (only its player sees them)",
})

#: the order of a field's cards: animals first, as a player counts them
ORDER = {"animal": 0, "upgrade": 1, "downgrade": 2}
MAX_COLUMNS = 4  # fields side by side


def columns(players: int) -> int:
    """Fields side by side: all of them up to four players, else two rows of them."""
    return players if players <= MAX_COLUMNS else (players + 1) // 2


def field_size(players: int) -> Size:
    """A field's tiles: whole cards while fields are wide and tall (three players or fewer), small
    ones for four, strips when two rows of fields share the height."""
    return NORMAL if players < MAX_COLUMNS else SMALL if players == MAX_COLUMNS else STRIP


def counted(n: int) -> str:
    return current().plural("cards", n)


class FieldArea(TitledFrame):
    """One player's field: its title (name, animals against the number needed), the hand's size
    and turns to miss, and its cards, tiles of ``size`` (`field_size`)."""

    def __init__(self, seat: int, context, size: Size):
        self.column = QVBoxLayout()
        super().__init__(self.column)
        self.seat = seat
        self.context = context
        self.size_ = size
        strips = size is STRIP
        self.setObjectName(f"field{seat + 1}")
        self.stats = QLabel()
        self.stats.setObjectName("stats")
        self.stats.setWordWrap(True)
        for label in (self.heading, self.stats):  # the cards take the height left
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.cards = Place(kept=True, column=strips)
        self.cards.setObjectName(f"cards{seat + 1}")
        self.cards.caption.hide()
        scroll = QScrollArea()
        scroll.setWidget(self.cards)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(3 * STRIP.height)
        scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.column.addWidget(self.stats)
        self.column.addWidget(scroll, 1)
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
        self.cards.fill([tile(self.context, s.instances[i], self.size_) for i in cards])
        self.cards.setToolTip(MESSAGES("field_tip", name=player.name) if cards else MESSAGES("empty_field"))


def tile(context, number: str | None, size=NORMAL, marks: Marks = Marks()) -> CardTile:
    """A card's tile: a back for a physical card not yet named."""
    return CardTile(face(context, number) if number else None, size, marks)


class LlamasBoard(QWidget):
    """The shared zones, the hand shown, the cards being played and the fields.
    ``display(state, hidden, acting)``: the seats in ``hidden`` show their hand as a count only."""

    def __init__(self, context):
        super().__init__()
        self.context = context
        self.shared = QLabel()
        self.shared.setObjectName("shared")
        self.shared.setWordWrap(True)
        self.hand = Place(kept=True)
        self.hand.setObjectName("hand")
        self.hand_title = self.hand.caption
        self.hand_title.setObjectName("hand_title")
        self.discard, self.pile = Place(), Place()
        table = FlowLayout(spacing=12)
        for place in (self.hand, self.discard, self.pile):
            table.addWidget(place)
        self.grid = QGridLayout()
        self.grid.setSpacing(6)
        self.areas: list[FieldArea] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.shared)
        layout.addLayout(table)
        layout.addLayout(self.grid, 1)
        self.hand_seat: int | None = None  # the seat whose hand is shown
        self._state = None
        self._hidden: frozenset[int] = frozenset()
        self._acting: int | None = None
        self._hand_key = self._pile_key = None
        watch(self)

    def card_name(self, number: str) -> str:
        return self.context.card_name(number)

    def display(self, state, hidden=frozenset(), acting: int | None = None) -> None:
        self._state, self._hidden, self._acting = state, frozenset(hidden), acting
        self._draw()

    def retranslate(self) -> None:
        for area in self.areas:
            area._shown = None
        self._hand_key = self._pile_key = None
        self.discard.caption.setText(caption(current().term("llamas_zone", "discard")))
        self.pile.caption.setText(MESSAGES("pile"))
        self._draw()

    # --- drawing ------------------------------------------------------------------------------
    def _draw(self) -> None:
        s = self._state
        if s is None:
            return
        wide = columns(len(s.players))
        while len(self.areas) < len(s.players):  # built once, for the match's number of players
            area = FieldArea(len(self.areas), self.context, field_size(len(s.players)))
            self.grid.addWidget(area, len(self.areas) // wide, len(self.areas) % wide)
            self.areas.append(area)
        for area in self.areas:
            area.display(s, area.seat == self._acting, area.seat == s.current and s.phase != "setup_baby")
        self._draw_shared(s)
        self._draw_hand(s)
        self._draw_piles(s)

    def _draw_shared(self, s) -> None:
        top = s.discard[-1] if s.discard else None
        discard = (MESSAGES("discard_top", cards=counted(len(s.discard)), card=self.card_name(s.instances[top]))
                   if top is not None and s.instances[top] else MESSAGES("discard", cards=counted(len(s.discard))))
        self.shared.setText("   ·   ".join((MESSAGES("nursery", cards=counted(len(s.nursery))),
                                            self._deck_text(s), discard)))
        zone = current().term("llamas_zone", "nursery")
        self.shared.setToolTip(MESSAGES("zone_tip", zone=zone, cards=", ".join(
            self.card_name(n) for n in dict.fromkeys(s.instances[i] for i in s.nursery) if n) or MESSAGES("none")))

    @staticmethod
    def _deck_text(s) -> str:
        """The deck's count, and the expansions shuffled into it (L-SETUP-3)."""
        cards = counted(len(s.deck))
        if not s.sets:
            return MESSAGES("deck", cards=cards)
        return MESSAGES("deck_with", cards=cards, expansions=list(s.sets))

    def _draw_piles(self, s) -> None:
        """The discard pile's top card, and the cards being played, bottom first (played face up)."""
        top = s.instances[s.discard[-1]] if s.discard else None
        key = (top, len(s.discard), tuple(s.instances[e["card"]] for e in s.pile), current().lang)
        if key == self._pile_key:
            return
        self._pile_key = key
        self.discard.fill([tile(self.context, top, SMALL, Marks(count=len(s.discard)))] if s.discard else [])
        self.pile.fill([tile(self.context, s.instances[e["card"]], SMALL) for e in s.pile])

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
            self.hand.fill([])
        else:
            name = seat_player(s.players, seat)
            self.hand_title.setText(MESSAGES("hand_of" if known else "hand_physical", name=name,
                                             cards=counted(len(hand))))
            self.hand.fill([tile(self.context, s.instances[i]) for i in hand])  # a back for a physical card
        self.hand.setToolTip(MESSAGES("hand_tip"))
