"""The Llamas Unleashed panel of the new-match page (`gui.games`): how many players (2 to 8), each
seat's name and whether a person (sharing this device: hot seat) or the computer (heuristic or
random) plays it, who goes first (recorded at the table on the match page, a chosen player, or
drawn by the program from the seed: L-SETUP-4), and the expansions shuffled into the deck
(L-SETUP-3: one box each, from the game's entry in the registry). The mode and the seed are the
page's own.

`LlamasSetup.start` builds the match and opens its page; the Baby Animals are chosen on the match
page, as at the table (L-SETUP-2), and the first player is recorded once they are (the page applies
the choice made here as soon as the match asks for it).
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QGroupBox, QLabel, QLineEdit,
                               QSpinBox, QVBoxLayout)

from localization import Messages, current
from referee.engine.names import PLAYER_NAME_MAX
from referee.games.llamas.rules import PLAYERS, new_match

from ..i18n import watch
from ..match.page import computer_players

MESSAGES = Messages("gui.llamas.setup", {
    "group": "Players",
    "players": "Number of players",
    "players_tip": "Two to eight players; with six or more, six animals win instead of seven",
    "seat": "Seat {n}",
    "name_tip": "The player's name, shown on the match page and in the match history",
    "kind_tip": "Who plays this seat",
    "kind_person": "A person on this device",
    "kind_person_tip": "People sharing this device: the hand of the player to act is hidden until the "
                       "device is handed over",
    "kind_heuristic": "Computer: heuristic",
    "kind_heuristic_tip": "The computer plays simple, sensible moves",
    "kind_random": "Computer: random",
    "kind_random_tip": "The computer plays any legal action at random",
    "at_table": "Everyone plays at the table with the physical cards.",
    "first": "Who starts",
    "first_tip": "How the first player is chosen (the rule: whoever spat last)",
    "first_table": "Record at the table",
    "first_table_tip": "The players choose at the table and record it on the match page, once the babies are "
                       "chosen",
    "first_draw": "Let the program draw a player",
    "first_draw_tip": "The program draws the first player from the seed",
    "first_seat": "{name} starts",
    "first_seat_tip": "This player plays the first turn",
    "player": "Player {n}",
    "expansions": "Expansions",
    "expansions_tip": "The expansions whose cards are shuffled into the deck with the base game's",
    "expansion": "Shuffle in {expansion}",
})

KINDS = ("person", "heuristic", "random")
DEFAULT_PLAYERS = 3


class LlamasSetup(QGroupBox):
    def __init__(self, page, game):
        super().__init__()
        self.game = game  # its entry in the game registry
        self.setObjectName("llamas_setup")
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.count_label, self.first_label = QLabel(), QLabel()
        self.count = QSpinBox()
        self.count.setObjectName("players")
        self.count.setRange(PLAYERS[0], PLAYERS[-1])
        self.count.setValue(DEFAULT_PLAYERS)
        self.count.valueChanged.connect(self._count_changed)
        self.count_label.setBuddy(self.count)
        form.addRow(self.count_label, self.count)
        grid = QGridLayout()
        self.seat_labels: list[QLabel] = []
        self.names: list[QLineEdit] = []
        self.kinds: list[QComboBox] = []
        self.default_names = [""] * PLAYERS[-1]
        for k in range(PLAYERS[-1]):
            label, name, kind = QLabel(), QLineEdit(), QComboBox()
            name.setMaxLength(PLAYER_NAME_MAX)
            name.setObjectName(f"llamas_name{k + 1}")
            kind.setObjectName(f"llamas_kind{k + 1}")
            for key in KINDS:
                kind.addItem(key, key)
            if k > 0:
                kind.setCurrentIndex(kind.findData("heuristic"))
            kind.currentIndexChanged.connect(self._first_texts)
            name.textChanged.connect(self._first_texts)
            label.setBuddy(name)
            for column, widget in enumerate((label, name, kind)):
                grid.addWidget(widget, k, column)
            self.seat_labels.append(label)
            self.names.append(name)
            self.kinds.append(kind)
        grid.setColumnStretch(1, 1)
        form.addRow(grid)
        self.table_note = QLabel()
        self.table_note.setWordWrap(True)
        form.addRow(self.table_note)
        self.first = QComboBox()
        self.first.setObjectName("llamas_first")
        self.first_label.setBuddy(self.first)
        form.addRow(self.first_label, self.first)
        self.expansions_label = QLabel()
        boxes = QVBoxLayout()
        self.expansion_boxes: dict[str, QCheckBox] = {}
        for code in game.expansions:
            box = self.expansion_boxes[code] = QCheckBox()
            box.setObjectName(f"expansion_{code}")
            boxes.addWidget(box)
        if self.expansion_boxes:
            form.addRow(self.expansions_label, boxes)
        self.referee = False
        watch(self)
        self._count_changed()

    def rows(self) -> list:
        """No settings in the page's form: who starts is chosen here, with the players."""
        return []

    # --- reading the choices ------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.count.value()

    def player_names(self) -> list[str]:
        return [self.names[k].text().strip() or self.default_names[k] for k in range(self.players)]

    def kind(self, seat: int) -> str:
        return "person" if self.referee else self.kinds[seat].currentData()

    def computer(self, seed: int) -> dict:
        """The computer players by seat (each with a seed of its own, from the match's)."""
        return computer_players(self.game.id, {k: self.kind(k) for k in range(self.players)}, seed)

    def hot_seat(self) -> bool:
        """People share the device when two or more seats are people's (guided mode)."""
        return not self.referee and sum(self.kind(k) == "person" for k in range(self.players)) >= 2

    def first_player(self, seed: int) -> int | None:
        """The seat that starts, or None when the table says it on the match page."""
        chosen = self.first.currentData()
        if chosen == "table" or chosen is None:
            return None
        if chosen == "draw":
            return random.Random(seed).randrange(self.players)
        return int(chosen)

    def expansions(self) -> tuple[str, ...]:
        """The codes of the expansions ticked, in the registry's order."""
        return tuple(code for code, box in self.expansion_boxes.items() if box.isChecked())

    def set_mode(self, mode: str) -> None:
        """In referee mode everyone plays at the table: no computer seats."""
        self.referee = mode == "referee"
        self._count_changed()

    def start(self, window, mode: str, seed: int):
        """Build, record and open the match; the first player, when chosen here, is recorded by the
        match page once the babies are chosen."""
        names = self.player_names()
        match = new_match(self.players, mode=mode, seed=seed, names=names, expansions=self.expansions())
        page = window.open_match(match, players=names, computer=self.computer(seed),
                                 hot_seat=self.hot_seat())
        page.plan_first(self.first_player(seed))
        return page

    # --- reacting -----------------------------------------------------------------------------
    def _count_changed(self) -> None:
        for k in range(PLAYERS[-1]):
            shown = k < self.players
            self.seat_labels[k].setVisible(shown)
            self.names[k].setVisible(shown)
            self.kinds[k].setVisible(shown and not self.referee)
        self.table_note.setVisible(self.referee)
        self._first_texts()

    def _first_texts(self) -> None:
        chosen = self.first.currentData()
        self.first.blockSignals(True)
        self.first.clear()
        self.first.addItem(MESSAGES("first_table"), "table")
        self.first.setItemData(0, MESSAGES("first_table_tip"), Qt.ItemDataRole.ToolTipRole)
        self.first.addItem(MESSAGES("first_draw"), "draw")
        self.first.setItemData(1, MESSAGES("first_draw_tip"), Qt.ItemDataRole.ToolTipRole)
        for k, name in enumerate(self.player_names()):
            self.first.addItem(MESSAGES("first_seat", name=name), str(k))
            self.first.setItemData(k + 2, MESSAGES("first_seat_tip"), Qt.ItemDataRole.ToolTipRole)
        self.first.setCurrentIndex(max(0, self.first.findData(chosen)))
        self.first.blockSignals(False)

    def retranslate(self) -> None:
        self.setTitle(MESSAGES("group"))
        self.count_label.setText(MESSAGES("players"))
        for widget in (self.count_label, self.count):
            widget.setToolTip(MESSAGES("players_tip"))
        for k in range(PLAYERS[-1]):
            self.seat_labels[k].setText(MESSAGES("seat", n=k + 1))
            default = MESSAGES("player", n=k + 1)
            if self.names[k].text().strip() in ("", self.default_names[k]):
                self.names[k].setText(default)  # a default name follows the language
            self.default_names[k] = default
            self.names[k].setPlaceholderText(default)
            for widget in (self.seat_labels[k], self.names[k]):
                widget.setToolTip(MESSAGES("name_tip"))
            self.kinds[k].setToolTip(MESSAGES("kind_tip"))
            for i, key in enumerate(KINDS):
                self.kinds[k].setItemText(i, MESSAGES(f"kind_{key}"))
                self.kinds[k].setItemData(i, MESSAGES(f"kind_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
        self.table_note.setText(MESSAGES("at_table"))
        self.expansions_label.setText(MESSAGES("expansions"))
        for code, box in self.expansion_boxes.items():
            box.setText(MESSAGES("expansion", expansion=current().term("expansion", code)))
        for widget in (self.expansions_label, *self.expansion_boxes.values()):
            widget.setToolTip(MESSAGES("expansions_tip"))
        self.first_label.setText(MESSAGES("first"))
        for widget in (self.first_label, self.first):
            widget.setToolTip(MESSAGES("first_tip"))
        self._first_texts()
