"""The new-match page: game, deck format, mode, the players and their decks, who starts, the seed.

Everything here only sets a match up: mulligans and the choice of the first player are actions of
the match itself, which the match page offers as options. Each saved deck is checked against the
chosen format as soon as it is chosen (the label next to it), and again by "Start match" with the
same helper: an illegal deck is refused with every rule it breaks, listed by id and sentence, and
nothing starts. In referee mode a player may also bring a physical deck that is not entered (only
its size is known); in guided mode the program holds both decks and seat 2 is a second person on
this device (hot seat) or a computer player. Llamas Unleashed has no decks to choose (one shared
deck, the box): its players, two to eight, are set in `gui.llamas.setup.LlamasSetup`, shown in
place of the Naruto seats when that game is chosen.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Sequence

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
                               QSizePolicy, QSpinBox, QVBoxLayout, QWidget)

from cards.decks import list_decks, load_deck, parse_text, save_deck
from localization import KeyedError, Messages, current
from referee.engine.errors import Violation
from referee.engine.names import PLAYER_NAME_MAX
from referee.games.naruto.decks import FORMATS, check_deck
from referee.games import GAMES, game as game_entry
from referee.games.naruto.rules import DECK_SIZES, IllegalDeck, new_match

from .i18n import watch
from .llamas.setup import LlamasSetup
from .match.page import computer_players
from .pages import Page

MESSAGES = Messages("gui.new_match", {
    "title": "New match",
    "setup_group": "Match",
    "game": "Game",
    "game_tip": "The card game to play",
    "format": "Deck format",
    "format_tip": "The deck construction rules both decks are checked against",
    "format_standard_tip": "At least 50 cards, at most 30 Ninjas, at most 3 copies of a name",
    "format_french_tip": "The French edition: exactly 40 cards, at most 25 Ninjas, some cards limited "
                         "to one copy",
    "mode": "Mode",
    "mode_tip": "Whether the game is played with real cards at the table or on the screen",
    "mode_referee_tip": "Physical cards: the players play at the table with their own cards; the "
                        "program knows no hidden card and is told each card as it is revealed",
    "mode_guided_tip": "On the screen: the program holds both decks, shuffles and deals, and every "
                       "option is a button",
    "mode_referee_llamas_tip": "Physical cards: the players play at the table with the game's box; the "
                               "program knows no hidden card and is told each card as it is revealed",
    "mode_guided_llamas_tip": "On the screen: the program holds the deck, shuffles and deals, and every "
                              "option is a button",
    "first": "Who starts",
    "first_tip": "How the first player is chosen",
    "first_table": "Record at the table",
    "first_table_tip": "The players choose at the table (a physical coin, rock-paper-scissors…) and "
                       "record the result on the match page",
    "first_flip": "Let the program flip a coin",
    "first_flip_tip": "The program flips a coin as soon as the match starts; its winner chooses who starts",
    "first_1": "Player 1 starts",
    "first_1_tip": "Player 1 plays the first turn",
    "first_2": "Player 2 starts",
    "first_2_tip": "Player 2 plays the first turn",
    "seed": "Seed",
    "seed_tip": "The number the shuffles and coin flips follow: the same seed with the same decks "
                "and choices plays the same game again",
    "new_seed": "New seed",
    "new_seed_tip": "Draw a new random seed",
    "player_group": "Player {n}",
    "player": "Player {n}",
    "name": "Name",
    "name_tip": "The player's name, shown on the match page and in the match history",
    "deck": "Deck",
    "deck_tip": "A deck saved in the catalogue (build one in the deck builder, or import a deck list)",
    "import_deck": "Import…",
    "import_deck_tip": "Import a deck list for this player and save it in the catalogue: the referee's, "
                       "the N-CCG-DB deck builder's text (3x Name [id]) or its Tabletop Simulator deck",
    "import_title": "Import a deck list",
    "deck_files": "Deck lists (*.txt *.json);;All files (*)",
    "cannot_read": "Cannot read {file}: {detail}",
    "unknown_lines": "{file} was not imported: these lines name no card of the catalogue: {lines}",
    "imported": "Imported “{name}” from {file}.",
    "deck_item": "{name} ({format}, {cards})",
    "physical": "Physical deck, not entered",
    "physical_tip": "The player's own cards: the referee learns each card as it is revealed",
    "deck_size": "Deck size",
    "deck_size_tip": "How many cards the physical deck holds",
    "legality": "Legality",
    "legality_tip": "Whether the deck may be played in the chosen format",
    "legal": "Legal in the {format}",
    "illegal": "Not legal in the {format}; rules broken: {count}",
    "unchecked": "Not checked: the cards are named as they are revealed",
    "no_deck": "No deck saved: build one in the deck builder",
    "violation": "{rule}: {message}",
    "opponent": "Opponent",
    "opponent_tip": "Who plays seat 2",
    "opponent_hot_seat": "Second player on this device (hot seat)",
    "opponent_hot_seat_tip": "Two people share this device: the hand of the player to act is hidden "
                             "until the device is handed over",
    "opponent_random": "Computer: random",
    "opponent_random_tip": "The computer plays any legal action at random",
    "opponent_heuristic": "Computer: heuristic",
    "opponent_heuristic_tip": "The computer plays simple, sensible moves",
    "both_hands": "Show both hands (no hot seat)",
    "both_hands_tip": "For learning alone: one person plays both seats and sees both hands, without "
                      "handing the device over between turns",
    "start": "Start match",
    "start_tip": "Check both decks and start the match",
    "refused": "{player}'s deck “{deck}” is not legal in the {format}:",
    "refusals_tip": "Every rule the decks break; double-click one to read the rule",
    "refusal_tip": "{rule}: {title}. Double-click to read the rule.",
    "need_deck": "The guided mode needs a saved deck for {player}.",
    "error": "The match could not start: {message}",
})

MODES = ("guided", "referee")
FIRST = ("table", "flip", "1", "2")
OPPONENTS = ("hot_seat", "heuristic", "random")
PHYSICAL = ""  # the deck combo's data for a physical deck (a saved deck's name is never empty)
DEFAULT_DECKS = ("Leaf Genin", "Mist Rogues")
SEED_LIMIT = 2**32
ERROR_STYLE = "color: #b00020;"
LEGAL_STYLE = "color: #1b5e20;"


def _combo(keys: Sequence[str], name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(12)
    combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    for key in keys:
        combo.addItem(key, key)
    return combo


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


def _label(wrap: bool = True) -> QLabel:
    label = QLabel()
    label.setWordWrap(wrap)
    return label


def _form() -> QFormLayout:
    form = QFormLayout()
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # long labels above their fields
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return form


class Seat:
    """One player's controls: name, deck, physical deck size, legality (and what seat 2 is)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.group = QGroupBox()
        self.group.setObjectName(f"player{seat + 1}")
        self.form = _form()
        self.group.setLayout(self.form)
        self.name_label, self.deck_label, self.size_label, self.legality_label = (_label() for _ in range(4))
        self.name = QLineEdit()
        self.name.setMaxLength(PLAYER_NAME_MAX)
        self.name.setObjectName(f"name{seat + 1}")
        self.default_name = ""
        self.deck = _combo((), f"deck{seat + 1}")
        self.import_button = QPushButton()
        self.import_button.setObjectName(f"import{seat + 1}")
        deck_row = QHBoxLayout()
        deck_row.addWidget(self.deck, 1)
        deck_row.addWidget(self.import_button)
        self.size = QSpinBox()
        self.size.setObjectName(f"size{seat + 1}")
        self.legality = _label()
        self.legality.setObjectName(f"legality{seat + 1}")
        self.legality.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label, field in ((self.name_label, self.name), (self.deck_label, deck_row),
                             (self.size_label, self.size), (self.legality_label, self.legality)):
            label.setBuddy(self.deck if field is deck_row else field)
            self.form.addRow(label, field)
        self.opponent_label = _label()
        self.opponent = _combo(OPPONENTS, "opponent")
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


class NewMatchPage(Page):
    def __init__(self, window):
        super().__init__()
        self.window_ = window
        self.context = window.context
        self._decks: dict[str, tuple[str, int]] = {}  # saved deck name -> (format, cards)
        self._numbers: dict[str, list[str]] = {}  # saved deck name -> its cards, read once
        self.deck_error: str | None = None  # why the saved decks could not be listed

        # --- the game -------------------------------------------------------------------------
        self.setup_group = QGroupBox()
        self.setup_group.setObjectName("setup")
        setup = _form()
        self.setup_group.setLayout(setup)
        self.game_label, self.format_label, self.mode_label = _label(), _label(), _label()
        self.first_label, self.seed_label = _label(), _label()
        self.game_combo = _combo(tuple(GAMES), "game")
        self.format_combo = _combo(FORMATS, "format")
        self.mode_combo = _combo(MODES, "mode")
        self.mode_text = _label()
        self.mode_text.setObjectName("mode_text")
        self.first_combo = _combo(FIRST, "first")
        self.seed_edit = QLineEdit()
        self.seed_edit.setObjectName("seed")
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,10}"), self))
        self.seed_edit.setMinimumWidth(self.seed_edit.fontMetrics().horizontalAdvance("0" * 12) + 12)
        self.new_seed_button = QPushButton()
        self.new_seed_button.setObjectName("new_seed")
        self.new_seed_button.clicked.connect(self.new_seed)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_edit, 1)
        seed_row.addWidget(self.new_seed_button)
        for label, field in ((self.game_label, self.game_combo), (self.format_label, self.format_combo),
                             (self.mode_label, self.mode_combo)):
            label.setBuddy(field)
            setup.addRow(label, field)
        setup.addRow(self.mode_text)
        self.first_label.setBuddy(self.first_combo)
        setup.addRow(self.first_label, self.first_combo)
        self.seed_label.setBuddy(self.seed_edit)
        setup.addRow(self.seed_label, seed_row)

        # --- the players ----------------------------------------------------------------------
        self.seats = [Seat(0), Seat(1)]
        self.llamas = LlamasSetup()

        # --- refusals and the start button ----------------------------------------------------
        self.message = _label()
        self.message.setObjectName("message")
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refusals = QListWidget()
        self.refusals.setObjectName("refusals")
        self.refusals.setWordWrap(True)
        self.refusals.setMaximumHeight(140)
        self.refusals.itemActivated.connect(self._read_rule)
        self.start_button = QPushButton()
        self.start_button.setObjectName("start")
        self.start_button.setDefault(True)
        self.start_button.setMinimumHeight(40)
        self.start_button.clicked.connect(self.start)

        columns = QHBoxLayout()
        for group in (self.setup_group, *(s.group for s in self.seats)):
            columns.addWidget(group, 1, Qt.AlignmentFlag.AlignTop)
        columns.addWidget(self.llamas, 2, Qt.AlignmentFlag.AlignTop)
        content = QWidget()
        body = QVBoxLayout(content)
        body.addLayout(columns)
        body.addWidget(self.message)
        body.addWidget(self.refusals)
        body.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(content)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.start_button)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)

        self.new_seed()
        self.refresh_decks()
        for seat, default in zip(self.seats, DEFAULT_DECKS):
            _select(seat.deck, default)
        self.game_combo.currentIndexChanged.connect(self._game_changed)
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        self.mode_combo.currentIndexChanged.connect(self._mode_changed)
        for seat in self.seats:
            seat.deck.currentIndexChanged.connect(lambda _=0, s=seat: self._deck_changed(s))
            seat.import_button.clicked.connect(lambda _=False, s=seat: self.import_dialog(s))
        self.seats[1].opponent.currentIndexChanged.connect(self._update_controls)
        self._clear_message()
        watch(self)
        self._format_changed()
        self._game_changed()

    # --- reading the choices ------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.game_combo.currentData()

    @property
    def format(self) -> str:
        return self.format_combo.currentData()

    @property
    def mode(self) -> str:
        return self.mode_combo.currentData()

    @property
    def first(self) -> str:
        return self.first_combo.currentData()

    @property
    def opponent(self) -> str:
        return self.seats[1].opponent.currentData()

    def seed(self) -> int:
        """The seed in the field; an empty field gets a new random one first (shown, to replay)."""
        if not self.seed_edit.text().strip():
            self.new_seed()
        return int(self.seed_edit.text()) % SEED_LIMIT

    def new_seed(self) -> None:
        self.seed_edit.setText(str(random.randrange(SEED_LIMIT)))

    def hot_seat(self) -> bool:
        return (self.mode == "guided" and self.opponent == "hot_seat"
                and not self.seats[0].both_hands.isChecked())

    def computer(self, seed: int) -> dict:
        """The computer players by seat (0-based): seat 2 when the opponent is a computer."""
        if self.mode != "guided" or self.opponent not in game_entry(self.game).part("play").computers:
            return {}
        return computer_players(self.game, {1: self.opponent}, seed)

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
                    seat.deck.setItemText(i, MESSAGES("deck_item", name=name, format=fmt,
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
                return self._show_message(MESSAGES("unknown_lines", file=path.name, lines=lines))
            name = _free_name(deck.name or path.stem, self._decks)
            fmt = deck.format if deck.format in FORMATS else self.format
            save_deck(self.context.database(), name, deck, fmt)
        except (OSError, UnicodeDecodeError) as err:
            return self._show_message(MESSAGES("cannot_read", file=path.name,
                                               detail=current().error(err)))
        except (KeyedError, ValueError) as err:  # a list that cannot be read, a database problem
            return self._show_message(current().error(err, self.context.card_name))
        self.refresh_decks()
        _select(seat.deck, name)
        self._deck_changed(seat)
        self._show_message(MESSAGES("imported", name=name, file=path.name), error=False)
        return name

    def _show_message(self, text: str, error: bool = True) -> None:
        self._say(text)
        self.message.setStyleSheet(ERROR_STYLE if error else LEGAL_STYLE)

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

    def violation_text(self, v: Violation) -> str:
        return MESSAGES("violation", rule=v.rule,
                        message=current().refusal(v.rule, v.params, self.context.card_name))

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
            label.setToolTip("\n".join(self.violation_text(v) for v in violations))

    # --- reacting to the choices --------------------------------------------------------------
    def _format_changed(self) -> None:
        size = DECK_SIZES[self.format]
        for seat in self.seats:
            seat.size.setRange(size, size if self.format == "french" else 999)
            seat.size.setValue(size)
            self._show_legality(seat)
        self._clear_message()

    def _game_changed(self) -> None:
        """Llamas Unleashed has its own players' panel and no deck format or decks."""
        naruto = self.game == "naruto"
        form = self.setup_group.layout()
        for field in (self.format_combo, self.first_combo):
            form.setRowVisible(field, naruto)
        for seat in self.seats:
            seat.group.setVisible(naruto)
        self.llamas.setVisible(not naruto)
        self.llamas.set_mode(self.mode)
        self._mode_text()
        self._clear_message()

    def _mode_changed(self) -> None:
        self.llamas.set_mode(self.mode)
        self.refresh_decks()  # adds or removes the physical deck
        if self.mode == "guided":
            for seat, default in zip(self.seats, DEFAULT_DECKS):
                if seat.deck_name() is None:
                    _select(seat.deck, default)
        self._mode_text()
        for seat in self.seats:
            self._show_legality(seat)
        self._clear_message()

    def _deck_changed(self, seat: Seat) -> None:
        self._update_controls()
        self._show_legality(seat)
        self._clear_message()

    def _update_controls(self) -> None:
        guided = self.mode == "guided"
        for seat in self.seats:
            seat.form.setRowVisible(seat.size, seat.physical())
            seat.size.setEnabled(self.format != "french")
        self.seats[1].form.setRowVisible(self.seats[1].opponent, guided)
        self.seats[0].form.setRowVisible(self.seats[0].both_hands, guided)
        self.seats[0].both_hands.setEnabled(guided and self.opponent == "hot_seat")

    def _mode_text(self) -> None:
        own = "" if self.game == "naruto" else f"_{self.game}"  # what the program holds differs by game
        self.mode_text.setText(MESSAGES(f"mode_{self.mode}{own}_tip"))

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
    def _clear_message(self) -> None:
        self.message.clear()
        self.message.hide()
        self.refusals.clear()
        self.refusals.hide()

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.show()

    def _refuse(self, refused: list[tuple[int, str, list[Violation]]]) -> None:
        """List every rule each illegal deck breaks, by rule id and sentence."""
        tr = current()
        self.refusals.clear()
        heads = []
        for seat, deck, violations in refused:
            head = MESSAGES("refused", player=self.seats[seat].player_name(), deck=deck, format=self.format)
            heads.append(head)
            for v in violations:
                item = QListWidgetItem(self.violation_text(v))
                item.setData(Qt.ItemDataRole.UserRole, v.rule)
                item.setToolTip(MESSAGES("refusal_tip", rule=v.rule, title=tr.rule_field(v.rule, "title")
                                         or tr.rule_field(v.rule, "summary")))
                self.refusals.addItem(item)
        self._say("\n".join(heads))
        self.refusals.show()

    def refusal_rules(self) -> list[str]:
        """The rule ids listed as refused (for tests and screen readers)."""
        return [self.refusals.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.refusals.count())]

    def start(self):
        """Check both decks, then build, record and open the match (the match page); None when a
        deck is refused or the match cannot start (the reason is shown on this page)."""
        self._clear_message()
        if self.game == "llamas":
            try:
                return self.llamas.start(self.window_, self.mode, self.seed())
            except (KeyedError, ValueError) as err:
                self._say(MESSAGES("error", message=current().error(err, self.context.card_name)))
                return None
        names = [s.player_name() for s in self.seats]
        seed, fmt, mode = self.seed(), self.format, self.mode
        try:
            decks, deck_names, refused = [], [], []
            for seat in self.seats:
                name = seat.deck_name()
                if name is None and not (mode == "referee" and seat.physical()):
                    self._say(MESSAGES("need_deck", player=names[seat.seat]))
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
            page = self.window_.open_match(match, players=names, decks=deck_names,
                                           computer=self.computer(seed), hot_seat=self.hot_seat())
        except IllegalDeck as err:
            self._refuse([(err.seat, deck_names[err.seat] if err.seat < len(deck_names) else "",
                           err.violations)])
            return None
        except (KeyedError, ValueError) as err:
            self._say(MESSAGES("error", message=current().error(err, self.context.card_name)))
            return None
        if self.first == "flip":
            page.adapter.apply("flip")
        elif self.first in ("1", "2"):
            page.adapter.apply(f"first {self.first}")
        return page

    def _read_rule(self, item: QListWidgetItem) -> None:
        from .rules_browser import RulesBrowser

        self.window_.open(RulesBrowser(self.window_)).show_rule(item.data(Qt.ItemDataRole.UserRole))

    # --- texts --------------------------------------------------------------------------------
    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        tr = current()
        self.setup_group.setTitle(MESSAGES("setup_group"))
        for label, field, key in ((self.game_label, self.game_combo, "game"),
                                  (self.format_label, self.format_combo, "format"),
                                  (self.mode_label, self.mode_combo, "mode"),
                                  (self.first_label, self.first_combo, "first"),
                                  (self.seed_label, self.seed_edit, "seed")):
            _name_field(label, field, key)
        for i, game in enumerate(tuple(GAMES)):
            self.game_combo.setItemText(i, tr.term("game", game))
        for combo, kind, keys in ((self.format_combo, "format", FORMATS), (self.mode_combo, "mode", MODES)):
            for i, key in enumerate(keys):
                combo.setItemText(i, tr.term(kind, key))
                combo.setItemData(i, MESSAGES(f"{kind}_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
        for i, key in enumerate(FIRST):
            self.first_combo.setItemText(i, MESSAGES(f"first_{key}"))
            self.first_combo.setItemData(i, MESSAGES(f"first_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
        self.new_seed_button.setText(MESSAGES("new_seed"))
        self.new_seed_button.setToolTip(MESSAGES("new_seed_tip"))
        self._mode_text()
        self.mode_text.setToolTip(MESSAGES("mode_tip"))
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
                _name_field(label, field, key)
            for i, key in enumerate(OPPONENTS):
                seat.opponent.setItemText(i, MESSAGES(f"opponent_{key}"))
                seat.opponent.setItemData(i, MESSAGES(f"opponent_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
            seat.both_hands.setText(MESSAGES("both_hands"))
            seat.both_hands.setToolTip(MESSAGES("both_hands_tip"))
            seat.import_button.setText(MESSAGES("import_deck"))
            seat.import_button.setToolTip(MESSAGES("import_deck_tip"))
        self.refusals.setToolTip(MESSAGES("refusals_tip"))
        self.start_button.setText(MESSAGES("start"))
        self.start_button.setToolTip(MESSAGES("start_tip"))
        self._deck_texts()
        for seat in self.seats:
            self._show_legality(seat)
        self._clear_message()


def _name_field(label, field, key: str) -> None:
    """A form row's label text, and the same tooltip on the label and its field."""
    label.setText(MESSAGES(key))
    label.setToolTip(MESSAGES(f"{key}_tip"))
    field.setToolTip(MESSAGES(f"{key}_tip"))
