"""The Naruto CCG panel of the new-match page (`gui.games`): the two players, each with a name and a
deck, and, in the page's "Match" form, the deck format and who starts.

Each saved deck is checked against the chosen format as soon as it is chosen (the label next to
it), and again by "Start match" with the same helper: an illegal deck is refused with every rule it
breaks, listed by id and sentence on the page, and nothing starts. In referee mode a player may
also bring a physical deck that is not entered (only its size is known); in guided mode the program
holds both decks and seat 2 is a second person on this device (hot seat) or a computer player.
Mulligans and the choice of the first player are actions of the match itself, which the match page
offers as options; a choice made here is applied as soon as the match starts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QGroupBox, QHBoxLayout, QLineEdit, QPushButton,
                               QSpinBox, QWidget)

from cards.decks import list_decks, load_deck, parse_text, save_deck
from localization import KeyedError, current
from referee.engine.errors import Violation
from referee.engine.names import PLAYER_NAME_MAX
from referee.games.naruto.decks import FORMATS, check_deck
from referee.games.naruto.rules import DECK_SIZES, IllegalDeck, new_match

from ..i18n import watch
from ..new_match import ERROR_STYLE, LEGAL_STYLE, MESSAGES, make_combo, make_form, make_label, name_field
from ..match.page import computer_players

FIRST = ("table", "flip", "1", "2")
OPPONENTS = ("hot_seat", "heuristic", "random")
PHYSICAL = ""  # the deck combo's data for a physical deck (a saved deck's name is never empty)
DEFAULT_DECKS = ("Leaf Genin", "Mist Rogues")


def _select(combo: QComboBox, data) -> bool:
    index = combo.findData(data)
    if index >= 0:
        combo.setCurrentIndex(index)
    return index >= 0


def _free_name(name: str, taken) -> str:
    """``name``, or ``name (2)``, ``name (3)``... when a saved deck already has it."""
    k, out = 1, name
    while out in taken:
        k += 1
        out = f"{name} ({k})"
    return out


class Seat:
    """One player's controls: name, deck, physical deck size, legality (and what seat 2 is)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.group = QGroupBox()
        self.group.setObjectName(f"player{seat + 1}")
        self.form = make_form()
        self.group.setLayout(self.form)
        self.name_label, self.deck_label, self.size_label, self.legality_label = (make_label() for _ in range(4))
        self.name = QLineEdit()
        self.name.setMaxLength(PLAYER_NAME_MAX)
        self.name.setObjectName(f"name{seat + 1}")
        self.default_name = ""
        self.deck = make_combo((), f"deck{seat + 1}")
        self.import_button = QPushButton()
        self.import_button.setObjectName(f"import{seat + 1}")
        deck_row = QHBoxLayout()
        deck_row.addWidget(self.deck, 1)
        deck_row.addWidget(self.import_button)
        self.size = QSpinBox()
        self.size.setObjectName(f"size{seat + 1}")
        self.legality = make_label()
        self.legality.setObjectName(f"legality{seat + 1}")
        self.legality.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label, field in ((self.name_label, self.name), (self.deck_label, deck_row),
                             (self.size_label, self.size), (self.legality_label, self.legality)):
            label.setBuddy(self.deck if field is deck_row else field)
            self.form.addRow(label, field)
        self.opponent_label = make_label()
        self.opponent = make_combo(OPPONENTS, "opponent")
        self.both_hands = QCheckBox()
        self.both_hands.setObjectName("both_hands")
        if seat == 1:
            self.opponent_label.setBuddy(self.opponent)
            self.form.addRow(self.opponent_label, self.opponent)
        else:
            self.form.addRow(self.both_hands)

    def player_name(self) -> str:
        return self.name.text().strip() or self.default_name

    def deck_name(self) -> str | None:
        """The chosen saved deck's name; None: a physical deck, not entered (or no deck at all)."""
        data = self.deck.currentData()
        return data or None

    def physical(self) -> bool:
        return self.deck.currentData() == PHYSICAL


class NarutoSetup(QWidget):
    """The two seats side by side; the format and who-starts rows (`rows`) go in the page's form."""

    def __init__(self, page, game):
        super().__init__()
        self.page, self.game = page, game  # the new-match page, the game's registry entry
        self.context = page.context
        self.mode = page.mode
        self._decks: dict[str, tuple[str, int]] = {}  # saved deck name -> (format, cards)
        self._numbers: dict[str, list[str]] = {}  # saved deck name -> its cards, read once
        self.deck_error: str | None = None  # why the saved decks could not be listed
        self.format_label, self.first_label = make_label(), make_label()
        self.format_combo = make_combo(FORMATS, "format")
        self.first_combo = make_combo(FIRST, "first")
        self.seats = [Seat(0), Seat(1)]
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for seat in self.seats:
            layout.addWidget(seat.group, 1, Qt.AlignmentFlag.AlignTop)

        self.refresh_decks()
        for seat, default in zip(self.seats, DEFAULT_DECKS):
            _select(seat.deck, default)
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        for seat in self.seats:
            seat.deck.currentIndexChanged.connect(lambda _=0, s=seat: self._deck_changed(s))
            seat.import_button.clicked.connect(lambda _=False, s=seat: self.import_dialog(s))
        self.seats[1].opponent.currentIndexChanged.connect(self._update_controls)
        watch(self)
        self._format_changed()

    def rows(self) -> list:
        return [(self.format_label, self.format_combo), (self.first_label, self.first_combo)]

    # --- reading the choices ------------------------------------------------------------------
    @property
    def format(self) -> str:
        return self.format_combo.currentData()

    @property
    def first(self) -> str:
        return self.first_combo.currentData()

    @property
    def opponent(self) -> str:
        return self.seats[1].opponent.currentData()

    def hot_seat(self) -> bool:
        return (self.mode == "guided" and self.opponent == "hot_seat"
                and not self.seats[0].both_hands.isChecked())

    def computer(self, seed: int) -> dict:
        """The computer players by seat (0-based): seat 2 when the opponent is a computer."""
        if self.mode != "guided" or self.opponent not in self.game.part("play").computers:
            return {}
        return computer_players(self.game.id, {1: self.opponent}, seed)

    # --- the saved decks ----------------------------------------------------------------------
    def refresh_decks(self) -> None:
        """List the saved decks again in both deck combos (keeping the choices where they still
        exist), with the physical deck in referee mode."""
        self._numbers.clear()
        try:
            self._decks = {d.name: (d.format, d.cards) for d in list_decks(self.context.database())}
            self.deck_error = None
        except (KeyedError, ValueError) as err:
            self._decks = {}
            self.deck_error = current().error(err, self.context.card_name)
        for seat in self.seats:
            chosen = seat.deck.currentData()
            seat.deck.blockSignals(True)
            seat.deck.clear()
            for name in self._decks:
                seat.deck.addItem(name, name)
            if self.mode == "referee":
                seat.deck.addItem(PHYSICAL, PHYSICAL)
            if chosen is None or not _select(seat.deck, chosen):
                seat.deck.setCurrentIndex(0 if seat.deck.count() else -1)
            seat.deck.blockSignals(False)
        self._deck_texts()
        self._update_controls()

    def _deck_texts(self) -> None:
        tr = current()
        for seat in self.seats:
            for i in range(seat.deck.count()):
                name = seat.deck.itemData(i)
                if name == PHYSICAL:
                    seat.deck.setItemText(i, MESSAGES("physical"))
                    seat.deck.setItemData(i, MESSAGES("physical_tip"), Qt.ItemDataRole.ToolTipRole)
                else:
                    fmt, cards = self._decks[name]
                    seat.deck.setItemText(i, MESSAGES("deck_item", name=tr.deck_name(name), format=fmt,
                                                      cards=tr.plural("cards", cards)))

    # --- importing a deck list -----------------------------------------------------------------
    def import_dialog(self, seat: Seat) -> None:
        path, _ = QFileDialog.getOpenFileName(self, MESSAGES("import_title"), "", MESSAGES("deck_files"))
        if path:
            self.import_deck(seat, path)

    def import_deck(self, seat: Seat, path: str | Path) -> str | None:
        """Save a deck-list file (any format) in the catalogue under its own name (the file's, when
        it gives none; a name already taken gets a number) and choose it for ``seat``. Nothing is
        saved when a line names no card of the catalogue: the message says which."""
        path = Path(path)
        try:
            deck = parse_text(path.read_text(encoding="utf-8-sig"), self.context.cards())
            if deck.problems:
                lines = " ".join(current().refusal(v.rule, v.params) for v in deck.problems)
                return self.page.say(MESSAGES("unknown_lines", file=path.name, lines=lines))
            name = _free_name(deck.name or path.stem, self._decks)
            fmt = deck.format if deck.format in FORMATS else self.format
            save_deck(self.context.database(), name, deck, fmt)
        except (OSError, UnicodeDecodeError) as err:
            return self.page.say(MESSAGES("cannot_read", file=path.name, detail=current().error(err)))
        except (KeyedError, ValueError) as err:  # a list that cannot be read, a database problem
            return self.page.say(current().error(err, self.context.card_name))
        self.refresh_decks()
        _select(seat.deck, name)
        self._deck_changed(seat)
        self.page.say(MESSAGES("imported", name=name, file=path.name), error=False)
        return name

    def deck_numbers(self, name: str) -> list[str]:
        if name not in self._numbers:
            self._numbers[name] = load_deck(self.context.database(), name)
        return self._numbers[name]

    def violations(self, seat: int) -> list[Violation] | None:
        """Every construction rule seat's saved deck breaks in the chosen format (empty: legal);
        None when there is nothing to check (a physical deck, or no deck). The live legality label
        and "Start match" both ask this."""
        name = self.seats[seat].deck_name()
        if name is None:
            return None
        return check_deck(self.deck_numbers(name), self.context.cards(), self.format)

    def _show_legality(self, seat: Seat) -> None:
        label = seat.legality
        try:
            violations = self.violations(seat.seat)
        except (KeyedError, ValueError) as err:
            label.setText(current().error(err, self.context.card_name))
            label.setStyleSheet(ERROR_STYLE)
            label.setToolTip(MESSAGES("legality_tip"))
            return
        if violations is None:
            text = MESSAGES("unchecked") if seat.physical() else (self.deck_error or MESSAGES("no_deck"))
            label.setText(text)
            label.setStyleSheet("" if seat.physical() else ERROR_STYLE)
            label.setToolTip(MESSAGES("legality_tip"))
        elif not violations:
            label.setText(MESSAGES("legal", format=self.format))
            label.setStyleSheet(LEGAL_STYLE)
            label.setToolTip(MESSAGES("legality_tip"))
        else:
            label.setText(MESSAGES("illegal", format=self.format, count=len(violations)))
            label.setStyleSheet(ERROR_STYLE)
            label.setToolTip("\n".join(self.page.violation_text(v) for v in violations))

    # --- reacting to the choices --------------------------------------------------------------
    def _format_changed(self) -> None:
        size = DECK_SIZES[self.format]
        for seat in self.seats:
            seat.size.setRange(size, size if self.format == "french" else 999)
            seat.size.setValue(size)
            self._show_legality(seat)
        self.page.clear_message()

    def set_mode(self, mode: str) -> None:
        """Referee mode offers the physical deck; guided mode needs saved decks (the defaults come
        back where none is chosen)."""
        self.mode = mode
        self.refresh_decks()  # adds or removes the physical deck
        if mode == "guided":
            for seat, default in zip(self.seats, DEFAULT_DECKS):
                if seat.deck_name() is None:
                    _select(seat.deck, default)
        for seat in self.seats:
            self._show_legality(seat)

    def _deck_changed(self, seat: Seat) -> None:
        self._update_controls()
        self._show_legality(seat)
        self.page.clear_message()

    def _update_controls(self) -> None:
        guided = self.mode == "guided"
        for seat in self.seats:
            seat.form.setRowVisible(seat.size, seat.physical())
            seat.size.setEnabled(self.format != "french")
        self.seats[1].form.setRowVisible(self.seats[1].opponent, guided)
        self.seats[0].form.setRowVisible(self.seats[0].both_hands, guided)
        self.seats[0].both_hands.setEnabled(guided and self.opponent == "hot_seat")

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Back from a match or a deck builder: decks may have been saved meanwhile."""
        super().showEvent(event)
        if not event.spontaneous() and self._decks_changed():
            self.refresh_decks()
            for seat in self.seats:
                self._show_legality(seat)

    def _decks_changed(self) -> bool:
        try:
            return {d.name: (d.format, d.cards) for d in list_decks(self.context.database())} != self._decks
        except (KeyedError, ValueError):
            return False

    # --- starting -----------------------------------------------------------------------------
    def _refuse(self, refused: list[tuple[int, str, list[Violation]]]) -> None:
        """List every rule each illegal deck breaks, under the player and the deck."""
        self.page.refuse([(MESSAGES("refused", player=self.seats[seat].player_name(), deck=deck, format=self.format),
                           violations) for seat, deck, violations in refused])

    def start(self, window, mode: str, seed: int):
        """Check both decks, then build, record and open the match (the match page); None when a
        deck is refused (the reason is shown on the page)."""
        names = [s.player_name() for s in self.seats]
        fmt = self.format
        decks, deck_names, refused = [], [], []
        try:
            for seat in self.seats:
                name = seat.deck_name()
                if name is None and not (mode == "referee" and seat.physical()):
                    self.page.say(MESSAGES("need_deck", player=names[seat.seat]))
                    return None
                violations = self.violations(seat.seat)
                if violations:
                    refused.append((seat.seat, name, violations))
                decks.append(None if name is None else self.deck_numbers(name))
                deck_names.append(name)
            if refused:
                self._refuse(refused)
                return None
            sizes = [s.size.value() if s.physical() else None for s in self.seats]
            match = new_match(decks, fmt=fmt, mode=mode, seed=seed, names=names,
                              cards=self.context.cards(), deck_sizes=sizes)
            page = window.open_match(match, players=names, decks=deck_names,
                                     computer=self.computer(seed), hot_seat=self.hot_seat())
        except IllegalDeck as err:
            self._refuse([(err.seat, deck_names[err.seat] if err.seat < len(deck_names) else "",
                           err.violations)])
            return None
        if self.first == "flip":
            page.adapter.apply("flip")
        elif self.first in ("1", "2"):
            page.adapter.apply(f"first {self.first}")
        return page

    # --- texts --------------------------------------------------------------------------------
    def retranslate(self) -> None:
        tr = current()
        for label, field, key in ((self.format_label, self.format_combo, "format"),
                                  (self.first_label, self.first_combo, "first")):
            name_field(label, field, key)
        for i, key in enumerate(FORMATS):
            self.format_combo.setItemText(i, tr.term("format", key))
            self.format_combo.setItemData(i, MESSAGES(f"format_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
        for i, key in enumerate(FIRST):
            self.first_combo.setItemText(i, MESSAGES(f"first_{key}"))
            self.first_combo.setItemData(i, MESSAGES(f"first_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
        for seat in self.seats:
            n = seat.seat + 1
            seat.group.setTitle(MESSAGES("player_group", n=n))
            default = MESSAGES("player", n=n)
            if seat.name.text().strip() in ("", seat.default_name):
                seat.name.setText(default)  # a default name follows the language
            seat.default_name = default
            seat.name.setPlaceholderText(default)
            for label, field, key in ((seat.name_label, seat.name, "name"), (seat.deck_label, seat.deck, "deck"),
                                      (seat.size_label, seat.size, "deck_size"),
                                      (seat.legality_label, seat.legality, "legality"),
                                      (seat.opponent_label, seat.opponent, "opponent")):
                name_field(label, field, key)
            for i, key in enumerate(OPPONENTS):
                seat.opponent.setItemText(i, MESSAGES(f"opponent_{key}"))
                seat.opponent.setItemData(i, MESSAGES(f"opponent_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
            seat.both_hands.setText(MESSAGES("both_hands"))
            seat.both_hands.setToolTip(MESSAGES("both_hands_tip"))
            seat.import_button.setText(MESSAGES("import_deck"))
            seat.import_button.setToolTip(MESSAGES("import_deck_tip"))
        self._deck_texts()
        for seat in self.seats:
            self._show_legality(seat)
