"""The new-match page: the game, the mode, the seed, and the chosen game's own panel: the players
(and their decks, for a game played with deck lists) and its settings.

Each game gives its panel through the game registry (`gui.games.GameApp.setup`: the Naruto CCG's
two seats with their decks, the deck format and who starts, `gui.naruto.setup.NarutoSetup`;
the two to eight players of Llamas Unleashed, who share one deck, the box,
`gui.llamas.setup.LlamasSetup`); the page shows the chosen game's panel and its settings in its
"Match" form, and "Start match" asks the panel to start. What a panel refuses (an illegal deck, with
every rule it breaks, listed by id and sentence) is said on this page, and nothing starts.
"""

from __future__ import annotations

import random
from typing import Sequence

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from localization import KeyedError, Messages, current
from referee.engine.errors import Violation
from referee.games import GAMES

from .games import app
from .i18n import watch
from .pages import Page

#: the page's texts, and the Naruto CCG panel's (`gui.naruto.setup` reads them here: the
#: seats, decks, formats and who starts were this page's before each game had its panel)
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
SEED_LIMIT = 2**32
ERROR_STYLE = "color: #b00020;"
LEGAL_STYLE = "color: #1b5e20;"


def make_combo(keys: Sequence[str], name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(12)
    combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    for key in keys:
        combo.addItem(key, key)
    return combo


def make_label(wrap: bool = True) -> QLabel:
    label = QLabel()
    label.setWordWrap(wrap)
    return label


def make_form() -> QFormLayout:
    form = QFormLayout()
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # long labels above their fields
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return form


def name_field(label, field, key: str) -> None:
    """A form row's label text, and the same tooltip on the label and its field."""
    label.setText(MESSAGES(key))
    label.setToolTip(MESSAGES(f"{key}_tip"))
    field.setToolTip(MESSAGES(f"{key}_tip"))


class NewMatchPage(Page):
    def __init__(self, window):
        super().__init__()
        self.window_ = window
        self.context = window.context

        # --- the game -------------------------------------------------------------------------
        self.setup_group = QGroupBox()
        self.setup_group.setObjectName("setup")
        setup = make_form()
        self.setup_group.setLayout(setup)
        self.game_label, self.mode_label, self.seed_label = make_label(), make_label(), make_label()
        self.game_combo = make_combo(tuple(GAMES), "game")
        self.mode_combo = make_combo(MODES, "mode")
        self.mode_text = make_label()
        self.mode_text.setObjectName("mode_text")
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

        # --- refusals and the start button ----------------------------------------------------
        self.message = make_label()
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

        # --- each game's players and settings (`gui.games`) -----------------------------------
        self.panels = {g.id: app(g.id).setup(self, g) for g in GAMES.values()}

        self.game_label.setBuddy(self.game_combo)
        setup.addRow(self.game_label, self.game_combo)
        for panel in self.panels.values():
            for label, field in panel.rows():
                label.setBuddy(field)
                setup.addRow(label, field)
        self.mode_label.setBuddy(self.mode_combo)
        setup.addRow(self.mode_label, self.mode_combo)
        setup.addRow(self.mode_text)
        self.seed_label.setBuddy(self.seed_edit)
        setup.addRow(self.seed_label, seed_row)

        columns = QHBoxLayout()
        columns.addWidget(self.setup_group, 1, Qt.AlignmentFlag.AlignTop)
        for panel in self.panels.values():
            columns.addWidget(panel, 2, Qt.AlignmentFlag.AlignTop)
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
        self.game_combo.currentIndexChanged.connect(self._game_changed)
        self.mode_combo.currentIndexChanged.connect(self._mode_changed)
        self.clear_message()
        watch(self)
        self._game_changed()

    # --- reading the choices ------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.game_combo.currentData()

    @property
    def panel(self):
        """The chosen game's panel."""
        return self.panels[self.game]

    @property
    def mode(self) -> str:
        return self.mode_combo.currentData()

    def seed(self) -> int:
        """The seed in the field; an empty field gets a new random one first (shown, to replay)."""
        if not self.seed_edit.text().strip():
            self.new_seed()
        return int(self.seed_edit.text()) % SEED_LIMIT

    def new_seed(self) -> None:
        self.seed_edit.setText(str(random.randrange(SEED_LIMIT)))

    # --- reacting to the choices --------------------------------------------------------------
    def _game_changed(self) -> None:
        """Only the chosen game's panel and settings are shown."""
        form = self.setup_group.layout()
        for game, panel in self.panels.items():
            shown = game == self.game
            for _, field in panel.rows():
                form.setRowVisible(field, shown)
            panel.setVisible(shown)
        self.panel.set_mode(self.mode)
        self._mode_text()
        self.clear_message()

    def _mode_changed(self) -> None:
        for panel in self.panels.values():
            panel.set_mode(self.mode)
        self._mode_text()
        self.clear_message()

    def _mode_text(self) -> None:
        self.mode_text.setText(MESSAGES(f"mode_{self.mode}{app(self.game).mode_tips}_tip"))

    # --- what the page says -------------------------------------------------------------------
    def clear_message(self) -> None:
        self.message.clear()
        self.message.hide()
        self.refusals.clear()
        self.refusals.hide()

    def say(self, text: str, error: bool = True) -> None:
        """Show ``text`` under the panels: an error, or (``error`` False) a success."""
        self.message.setText(text)
        self.message.setStyleSheet(ERROR_STYLE if error else LEGAL_STYLE)
        self.message.show()

    def violation_text(self, v: Violation) -> str:
        return MESSAGES("violation", rule=v.rule,
                        message=current().refusal(v.rule, v.params, self.context.card_name))

    def refuse(self, refused: list[tuple[str, list[Violation]]]) -> None:
        """List every rule broken, by rule id and sentence, under the heads said (a deck each)."""
        tr = current()
        self.refusals.clear()
        for _, violations in refused:
            for v in violations:
                item = QListWidgetItem(self.violation_text(v))
                item.setData(Qt.ItemDataRole.UserRole, v.rule)
                item.setToolTip(MESSAGES("refusal_tip", rule=v.rule, title=tr.rule_field(v.rule, "title")
                                         or tr.rule_field(v.rule, "summary")))
                self.refusals.addItem(item)
        self.say("\n".join(head for head, _ in refused))
        self.refusals.show()

    def refusal_rules(self) -> list[str]:
        """The rule ids listed as refused (for tests and screen readers)."""
        return [self.refusals.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.refusals.count())]

    # --- starting -----------------------------------------------------------------------------
    def start(self):
        """Ask the chosen game's panel to build, record and open the match (the match page); None
        when it refuses or the match cannot start (the reason is shown on this page)."""
        self.clear_message()
        try:
            return self.panel.start(self.window_, self.mode, self.seed())
        except (KeyedError, ValueError) as err:
            self.say(MESSAGES("error", message=current().error(err, self.context.card_name)))
            return None

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
                                  (self.mode_label, self.mode_combo, "mode"),
                                  (self.seed_label, self.seed_edit, "seed")):
            name_field(label, field, key)
        for i, game in enumerate(tuple(GAMES)):
            self.game_combo.setItemText(i, tr.term("game", game))
        for i, key in enumerate(MODES):
            self.mode_combo.setItemText(i, tr.term("mode", key))
            self.mode_combo.setItemData(i, MESSAGES(f"mode_{key}_tip"), Qt.ItemDataRole.ToolTipRole)
        self.new_seed_button.setText(MESSAGES("new_seed"))
        self.new_seed_button.setToolTip(MESSAGES("new_seed_tip"))
        self._mode_text()
        self.mode_text.setToolTip(MESSAGES("mode_tip"))
        self.refusals.setToolTip(MESSAGES("refusals_tip"))
        self.start_button.setText(MESSAGES("start"))
        self.start_button.setToolTip(MESSAGES("start_tip"))
        self.clear_message()
