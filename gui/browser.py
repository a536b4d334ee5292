"""The card browser, and the card search other windows embed to name a card.

The browser shows one game's cards at a time (Naruto CCG or Llamas Unleashed, its game choice), with
that game's own filters (`cards.search.FILTERS`), and the columns and facts its part of the
application gives (`gui.games.GameApp`).

Both search as the player types (`debounce`: one query once typing pauses, not one per key) over
every language's names and card numbers (`cards.search`), and show names in the active language.
`CardSearch` is a plain widget with no tie to the browser page, so a dialog that asks which
physical card was played can hold it; what it may confirm is decided by the caller's ``accept``.
Both show cards as the tiles of the rest of the program (`gui.tiles`): the search's results are
tiles, so that cards of one name are told apart by their costs and stats at a glance, and the
browser shows the selected card's tile above its facts.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QComboBox, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QListView, QPushButton, QSplitter, QTableView, QTextBrowser,
                               QVBoxLayout, QWidget)

from cards.db import StorageError
from cards.games import catalogue
from cards.search import FILTERS, TYPE_TERMS, search
from cards.source import SOURCES, catalogue_facts, set_manual
from localization import Messages, current
from referee.engine.numbers import number_key
from referee.games import DEFAULT, GAMES

from .faces import face
from .games import app
from .i18n import watch
from .pages import Page
from .preview import CardPicture
from .tile_paint import LARGE
from .tiles import TileDelegate

MESSAGES = Messages("gui.browser", {
    "title": "Card browser",
    "search": "Search",
    "search_placeholder": "Name in any language, or a number such as N-008",
    "search_tip": "Type part of a card's name in any language, or its number (N-008, te-006); "
                  "case and accents do not matter",
    "type": "Type",
    "type_tip": "Show only the cards of this type",
    "symbol": "Symbol",
    "symbol_tip": "Show only the cards with this symbol",
    "cost": "Entrance cost",
    "cost_tip": "Show only the cards with this entrance cost",
    "game": "Game",
    "game_tip": "The game whose cards are shown",
    "subtype": "Subtype",
    "subtype_tip": "Show only the animals of this subtype",
    "variation": "Variation",
    "variation_tip": "Show only the animals of this variation",
    "any": "Any",
    "table_tip": "The cards found; select one to see all its facts",
    "detail_tip": "Everything the selected card shows",
    "found": "Found: {cards}",
    "nothing": "No card matches.",
    "pick": "Select a card to see its facts.",
    "column_number": "Number",
    "column_number_tip": "The card's number; French edition numbers (NI-, TE-, TA-, CL-) are the same cards",
    "column_name": "Name",
    "column_name_tip": "The card's name in the language of the program",
    "column_type": "Type",
    "column_type_tip": "Ninja, Jutsu, Mission or Client",
    "column_symbols": "Symbols",
    "column_symbols_tip": "The card's symbols (elements)",
    "column_costs": "Costs",
    "column_costs_tip": "Entrance cost / hand cost; for a Jutsu, its jutsu cost",
    "column_power": "Combat/Support",
    "column_power_tip": "Healthy Combat/Support, and in brackets when injured",
    "column_llamas_type": "Type",
    "column_llamas_type_tip": "Animal, Instant, Upgrade, Downgrade or Magic",
    "column_subtype": "Subtype",
    "column_subtype_tip": "An animal's subtype: baby, basic or magical",
    "column_variations": "Variation",
    "column_variations_tip": "An animal's variations: llama, alpaca, goat or ram",
    "column_count": "Copies",
    "column_count_tip": "How many copies of the card the deck has",
    "fact_number": "Number",
    "fact_type": "Type",
    "fact_symbols": "Symbols",
    "fact_entrance_cost": "Entrance cost",
    "fact_hand_cost": "Hand cost",
    "fact_jutsu_cost": "Jutsu cost",
    "fact_healthy": "Healthy Combat/Support",
    "fact_injured": "Injured Combat/Support",
    "fact_attribute": "Attribute",
    "fact_characteristics": "Characteristics",
    "fact_keywords": "Keywords",
    "fact_subtype": "Subtype",
    "fact_variations": "Variation",
    "fact_effect": "Effect",
    "fact_rules": "Rules",
    "rule_line": "{rule}: {title}",
    "fact_names": "Names",
    "confirm": "Choose",
    "confirm_tip": "Choose the selected card",
    "result_tip": "Double-click or press Enter to choose this card",
    "results_tip": "The cards matching what you typed; greyed cards cannot be chosen now (hover for why)",
    "refused_tip": "This card cannot be chosen: {reason}",
    "import": "Import cards…",
    "import_tip": "Import a card catalogue: the N-CCG-DB file narutoccgdatabase.json (every set of the game) "
                  "or a CSV file in the referee's format",
    "fact_id": "N-CCG-DB id",
    "fact_printed": "Printed number",
    "fact_set": "Set",
    "fact_year": "Year",
    "fact_title": "Effect title",
    "fact_errata": "Errata",
    "fact_effect_source": "Effect applied",
    "by_hand": "Apply this card's effect by hand",
    "by_hand_tip": "The players apply this card's effect with the toolbox in every match of this catalogue, "
                   "even when the referee could apply it; an import keeps this choice",
    "by_referee": "Let the referee apply it again",
    "by_referee_tip": "Undo the choice: the referee applies this card's effect again, if it has a definition",
})

#: how long typing must pause before a search runs (milliseconds)
SEARCH_DELAY_MS = 150
NONE = "—"

#: each language by its own name, the same in every interface language, so a reader finds theirs
LANGUAGE_NAMES = {"en": "English", "es": "Español", "ru": "Русский", "fr": "Français"}


def debounce(parent: QWidget, slot: Callable[[], None]) -> QTimer:
    """A single-shot timer running ``slot``: restart it on every key and the search runs once,
    when typing pauses."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(SEARCH_DELAY_MS)
    timer.timeout.connect(slot)
    return timer


def find_numbers(context, text: str, *, limit: int = 50, game: str = DEFAULT, **filters) -> list[str]:
    """The numbers of ``game``'s cards that match, best first, ``filters`` being that game's (see
    `cards.search.search`)."""
    hits = search(context.database(), text, lang=current().lang, limit=limit, game=game, **filters)
    return [hit.number for hit in hits]


# --- how a card's facts read -------------------------------------------------------------------


def value_text(value) -> str:
    """A fact as shown: `NONE` for none."""
    return NONE if value is None or value == "" else str(value)


def card_type(card: Any, game: str = DEFAULT) -> str:
    return current().term(TYPE_TERMS[game], card.type)


def terms(kind: str, values) -> str:
    """``values`` by their names of the term ``kind`` in the active language, joined; `NONE` for none."""
    return ", ".join(current().term(kind, v) for v in values) or NONE


def card_name(context, card: Any, game: str = DEFAULT) -> str:
    return context.cards(game).name(card.number, current().lang) or card.name


#: the cells every game's columns start with: (context, card, game) -> text
COLUMNS: dict[str, Callable] = {
    "number": lambda context, card, game: card.number,
    "name": card_name,
}


def columns_of(type_key: str, **cells: Callable[[Any], str]) -> dict[str, Callable]:
    """A game's columns (`gui.games.GameApp.columns`): the number, the name, its card type under the
    key ``type_key``, then its own ``cells`` (card -> text), in order."""
    return {**COLUMNS, type_key: lambda context, card, game: card_type(card, game),
            **{key: (lambda context, card, game, cell=cell: cell(card)) for key, cell in cells.items()}}


def game_columns(game: str) -> tuple[str, ...]:
    """The browser's columns for ``game`` (its part of the application says them)."""
    return tuple(app(game).columns)


class CardTableModel(QAbstractTableModel):
    """``game``'s cards by number, one per row, in the columns named (keys of the game's
    `gui.games.GameApp.columns`; by default all of them). Cells are read from the catalogue when
    shown, so a language switch needs only a repaint (`retranslate`)."""

    def __init__(self, context, columns: Sequence[str] | None = None, parent=None, game: str = DEFAULT):
        super().__init__(parent)
        self.context = context
        self.columns = game_columns(game) if columns is None else tuple(columns)
        self.game = game
        self.numbers: list[str] = []

    def set_numbers(self, numbers: Sequence[str]) -> None:
        self.beginResetModel()
        self.numbers = list(numbers)
        self.endResetModel()

    def set_game(self, game: str, numbers: Sequence[str]) -> None:
        """Show another game's cards, in that game's columns (`game_columns`)."""
        self.beginResetModel()
        self.game, self.columns, self.numbers = game, game_columns(game), list(numbers)
        self.endResetModel()

    def number(self, row: int) -> str:
        return self.numbers[row]

    def cell(self, key: str, number: str) -> str:
        card = self.context.cards(self.game).get(number)
        return number if card is None else app(self.game).columns[key](self.context, card, self.game)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's names)
        return 0 if parent.isValid() else len(self.numbers)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        number = self.numbers[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(self.columns[index.column()], number)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.context.card_name(number)
        if role == Qt.ItemDataRole.UserRole:
            return number
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return MESSAGES(f"column_{self.columns[section]}")
        if role == Qt.ItemDataRole.ToolTipRole:
            return MESSAGES(f"column_{self.columns[section]}_tip")
        return None

    def retranslate(self) -> None:
        """Repaint every header and cell in the active language."""
        if self.columns:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.columns) - 1)
        if self.numbers:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.numbers) - 1, len(self.columns) - 1))


def card_table(model: QAbstractTableModel) -> QTableView:
    """A read-only table of cards, a whole row selected at a time, the name column taking the room."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    stretch_name(view)
    return view


def stretch_name(view: QTableView) -> None:
    """The name column, if the table has one, takes the room left (again after its columns change)."""
    columns = getattr(view.model(), "columns", ())
    if "name" in columns:
        view.horizontalHeader().setSectionResizeMode(columns.index("name"), QHeaderView.ResizeMode.Stretch)


def rules_text(card, game: str) -> str:
    """The rules the card's keywords and type follow (`gui.faces.Look.rules`), each with its title."""
    return "\n".join(MESSAGES("rule_line", rule=rule, title=current().rule_field(rule, "title"))
                     for rule in app(game).look(card, game).rules)


def _table(facts: Sequence[tuple[str, object]]) -> str:
    rows = [f"<tr><th align='left' valign='top'>{html.escape(MESSAGES('fact_' + key))}</th>"
            f"<td>{html.escape(str(value)).replace(chr(10), '<br>')}</td></tr>"
            for key, value in facts if value not in (None, "")]
    return f"<table cellspacing='0' cellpadding='4'>{''.join(rows)}</table>"


def _facts(context, card, game: str, title: str | None) -> list[tuple[str, object]]:
    """What the card shows, its effect title and text in the active language (else English), and
    the rules of its keywords."""
    effect = context.card_effect(card.number, game) or card.effect
    return [*app(game).facts(card, game), ("title", title), ("effect", effect), ("rules", rules_text(card, game))]


def effect_applied(context, card, game: str, more: dict | None = None) -> str | None:
    """Who applies the card's effect, in words: the referee from a hand-written or a read
    definition, or the players by hand. The browser's fact and the preview's line (so the match
    page's cards too) say it alike; None for a card with no effect or one the catalogue lacks.
    ``more`` is the card's `catalogue_facts` when the caller has them already."""
    if not card.effect:
        return None
    more = catalogue_facts(context.database(), card.number, game) if more is None else more
    return SOURCES(more["effect_source"]) if more else None


def set_name(more: dict, game: str) -> str | None:
    """The name of a card's set: an expansion of the game by its name in the active language (the
    registry lists them), any other set as the catalogue names it."""
    code = more.get("set_code")
    return current().term("expansion", code) if code in GAMES[game].expansions else more.get("set")


def card_details(context, number: str, game: str = DEFAULT) -> str:
    """Every fact of one of ``game``'s cards as an HTML table: what the card shows, its effect in
    the active language (else English), the rules of its keywords, what the catalogue knows of its
    printing (and, for a card with an effect, whether the referee applies it from a hand-written or
    a read definition or the players apply it by hand) and its name in each language."""
    card = context.cards(game).get(number)
    if card is None:
        return html.escape(number)
    names = context.cards(game).names(number)
    more = catalogue_facts(context.database(), number, game)
    facts = [*_facts(context, card, game, more.get("effect_title")),
             ("set", set_name(more, game)),
             *((key, more.get(column)) for key, column in (("year", "year"), ("printed", "printed"),
                                                             ("id", "ccgdb_id"), ("errata", "errata"))),
             ("effect_source", effect_applied(context, card, game, more))]
    name_rows = "".join(f"<tr><td>{html.escape(LANGUAGE_NAMES[lang])}</td><td>{html.escape(name)}</td></tr>"
                        for lang, name in names.items() if name)
    return (f"<h2>{html.escape(context.card_name(number))}</h2>{_table(facts)}"
            f"<h3>{html.escape(MESSAGES('fact_names'))}</h3>"
            f"<table cellspacing='0' cellpadding='4'>{name_rows}</table>")


def card_summary(context, number: str, game: str = DEFAULT) -> str:
    """What a card's preview says (`gui.preview`): its name, what it shows, its effect, who applies
    it (a card the players apply by hand is told apart on the board) and the rules of its keywords."""
    card = context.cards(game).get(number)
    if card is None:
        return html.escape(number)
    facts = [*((key, value) for key, value in _facts(context, card, game, None) if key != "number"),
             ("effect_source", effect_applied(context, card, game))]
    return f"<h3>{html.escape(context.card_name(number))}</h3>{_table(facts)}"


# --- the search widget other windows embed ------------------------------------------------------


class ResultModel(QAbstractListModel):
    """Cards found, each with the reason it may not be chosen (None: it may): a refused card is
    greyed, its reason its tooltip. A row's text (what a screen reader says of its tile) is the
    card's number, name and the game's other columns: its type, costs and stats."""

    def __init__(self, context, parent=None, game: str = DEFAULT):
        super().__init__(parent)
        self.context = context
        self.game = game
        self.rows: list[tuple[str, str | None]] = []

    def set_rows(self, rows: Sequence[tuple[str, str | None]]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def number(self, row: int) -> str:
        return self.rows[row][0]

    def reason(self, row: int) -> str | None:
        return self.rows[row][1]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        number, reason = self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.text(number)
        if role == Qt.ItemDataRole.ToolTipRole:
            return MESSAGES("result_tip") if reason is None else MESSAGES("refused_tip", reason=reason)
        if role == Qt.ItemDataRole.ForegroundRole and reason is not None:
            return QApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.UserRole:
            return number
        return None

    def text(self, number: str) -> str:
        card = self.context.cards(self.game).get(number)
        if card is None:
            return self.context.card_name(number)
        cells = [cell(self.context, card, self.game) for key, cell in app(self.game).columns.items() if key not in COLUMNS]
        return " · ".join([self.context.card_name(number), *(text for text in cells if text != NONE)])

    def retranslate(self) -> None:
        if self.rows:
            self.dataChanged.emit(self.index(0), self.index(len(self.rows) - 1))


class CardSearch(QWidget):
    """A line edit and the cards it finds, to name one card; ``chosen`` emits its number.

    ``accept(number)`` says whether a card may be chosen now: None if it may, else the reason in
    the player's language (the card is then greyed with the reason as its tooltip, and the confirm
    button stays disabled). ``confirm_text`` and ``confirm_tip`` name the confirm button for the
    caller's purpose ("Add to deck"...), in the active language. ``game`` is the game whose cards
    are searched. Call `refresh` when what ``accept`` answers may have changed. The cards found are
    tiles; ``recent()``, when given, names cards to list first (the ones named last at the table),
    and alone while nothing is typed. ``current`` emits the number of the card selected (None: none).
    """

    chosen = Signal(str)
    current = Signal(object)

    def __init__(self, context, accept: Callable[[str], str | None] | None = None, *,
                 confirm_text: Callable[[], str] | None = None, confirm_tip: Callable[[], str] | None = None,
                 parent: QWidget | None = None, game: str = DEFAULT, recent: Callable[[], list[str]] | None = None):
        super().__init__(parent)
        self.context = context
        self.game = game
        self.recent = recent
        self.accept = accept or (lambda number: None)
        self.confirm_text = confirm_text or (lambda: MESSAGES("confirm"))
        self.confirm_tip = confirm_tip or (lambda: MESSAGES("confirm_tip"))
        self.edit = QLineEdit()
        self.edit.setClearButtonEnabled(True)
        self.model = ResultModel(context, self, game)
        self.results = QListView()
        self.results.setModel(self.model)
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.setViewMode(QListView.ViewMode.IconMode)
        self.results.setMovement(QListView.Movement.Static)
        self.results.setResizeMode(QListView.ResizeMode.Adjust)
        self.results.setWrapping(True)
        self.results.setUniformItemSizes(True)
        self.results.setSpacing(2)
        self.results.setItemDelegate(TileDelegate(lambda number: face(context, number),
                                                  lambda index: self.model.reason(index.row()) is not None,
                                                  self.results))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.confirm = QPushButton()
        self.confirm.setEnabled(False)
        self.timer = debounce(self, self.search_now)
        self.edit.textChanged.connect(self.timer.start)
        self.edit.returnPressed.connect(self._choose)
        self.results.selectionModel().currentChanged.connect(self._update_confirm)
        self.results.activated.connect(self._choose)
        self.confirm.clicked.connect(self._choose)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.confirm)
        watch(self)

    def search_now(self) -> None:
        """Search for what is typed now (the timer calls this once typing pauses)."""
        self.timer.stop()
        text = self.edit.text()
        try:
            numbers = self._recent_first(find_numbers(self.context, text, game=self.game), bool(text.strip()))
        except StorageError as err:
            numbers, note = [], current().error(err)
        else:
            note = MESSAGES("nothing") if text.strip() and not numbers else ""
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.model.set_rows([(n, self.accept(n)) for n in numbers])
        if numbers:
            self.results.setCurrentIndex(self.model.index(0))
        self._update_confirm()

    def _recent_first(self, found: list[str], typed: bool) -> list[str]:
        """The cards found, the ones named last first; the ones named last alone when nothing is typed."""
        if self.recent is None:
            return found
        cards = self.context.cards(self.game)
        recent = [n for n in self.recent() if cards.get(n) is not None]
        if not typed:
            return recent
        rank = {n: k for k, n in enumerate(recent)}
        return sorted(found, key=lambda n: rank.get(n, len(rank)))

    def refresh(self) -> None:
        """Ask ``accept`` again about every card shown (and the reasons in the active language)."""
        current_row = self.results.currentIndex().row()
        self.model.set_rows([(n, self.accept(n)) for n, _ in self.model.rows])
        if 0 <= current_row < self.model.rowCount():
            self.results.setCurrentIndex(self.model.index(current_row))
        self._update_confirm()

    def current_number(self) -> str | None:
        row = self.results.currentIndex().row()
        return self.model.number(row) if 0 <= row < self.model.rowCount() else None

    def _current_reason(self) -> str | None:
        row = self.results.currentIndex().row()
        return self.model.reason(row) if 0 <= row < self.model.rowCount() else None

    def _update_confirm(self, *_) -> None:
        number, reason = self.current_number(), self._current_reason()
        self.current.emit(number)
        self.confirm.setEnabled(number is not None and reason is None)
        self.confirm.setToolTip(self.confirm_tip() if reason is None
                                else MESSAGES("refused_tip", reason=reason))

    def _choose(self, *_) -> None:
        if self.timer.isActive():  # Enter typed before the pause: search what is typed first
            self.search_now()
        number = self.current_number()
        if number is not None and self._current_reason() is None:
            self.chosen.emit(number)

    def retranslate(self) -> None:
        self.edit.setPlaceholderText(MESSAGES("search_placeholder"))
        self.edit.setToolTip(MESSAGES("search_tip"))
        self.results.setToolTip(MESSAGES("results_tip"))
        self.confirm.setText(self.confirm_text())
        if self.model.rows:
            self.refresh()  # the reasons are sentences in the language
        else:
            self._update_confirm()


# --- the browser page ---------------------------------------------------------------------------


def _filter_combo() -> QComboBox:
    """A filter, filled by `CardBrowser._fill_filters`: "Any" first (no filter), then one item per
    value; `_name_items` writes the texts."""
    combo = QComboBox()
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    return combo


def _name_items(combo: QComboBox, name: Callable[[object], str]) -> None:
    combo.setItemText(0, MESSAGES("any"))
    for i in range(1, combo.count()):
        combo.setItemText(i, name(combo.itemData(i)))


def filter_value(game: str, name: str, value) -> str:
    """A value of ``game``'s filter ``name`` in the active language: as the game's part of the
    application names it, else by the term of its card types."""
    named = app(game).filter_names.get(name)
    return named(value) if named is not None else current().term(TYPE_TERMS[game], value)


class CardBrowser(Page):
    """Every card of one game in the catalogue: the game choice, search, that game's filters, a
    table of what matches and the selected card's facts. With nothing typed and no filter it lists
    the whole game."""

    def __init__(self, window):
        super().__init__()
        self.context = window.context
        self.game = DEFAULT
        self.game_label = QLabel()
        self.game_choice = QComboBox()
        for game in FILTERS:
            self.game_choice.addItem(game, game)
        self.game_label.setBuddy(self.game_choice)
        self.edit = QLineEdit()
        self.edit.setClearButtonEnabled(True)
        self.search_label = QLabel()
        self.search_label.setBuddy(self.edit)
        names = [name for game in FILTERS.values() for name in game]
        #: filter name -> (label, combo), every game's; only the current game's are shown
        self.filters = {name: (QLabel(), _filter_combo()) for name in dict.fromkeys(names)}
        self.model = CardTableModel(self.context, parent=self, game=self.game)
        self.table = card_table(self.model)
        self.detail = QTextBrowser()
        self.detail.setOpenLinks(False)
        self.picture = CardPicture()
        self.picture.setFixedSize(LARGE.width, LARGE.height)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.import_button = QPushButton()
        self.import_button.clicked.connect(self.import_dialog)
        self.manual_button = QPushButton()
        self.manual_button.clicked.connect(self.toggle_manual)
        self.manual: bool | None = None  # the selected card set back to manual; None: it cannot be
        self.timer = debounce(self, self.search_now)
        self.error: StorageError | None = None

        self.edit.textChanged.connect(self.timer.start)
        self.edit.returnPressed.connect(self.search_now)
        self.game_choice.currentIndexChanged.connect(self._change_game)
        for _, combo in self.filters.values():
            combo.currentIndexChanged.connect(self.search_now)
        self.table.selectionModel().currentRowChanged.connect(self._show_current)

        filters = QHBoxLayout()
        filters.addWidget(self.game_label)
        filters.addWidget(self.game_choice)
        filters.addSpacing(8)
        filters.addWidget(self.search_label)
        filters.addWidget(self.edit, 1)
        self.boxes: dict[str, QWidget] = {}  # each filter's label and combo, hidden together
        for name, (label, combo) in self.filters.items():
            label.setBuddy(combo)
            box = self.boxes[name] = QWidget()
            row = QHBoxLayout(box)
            row.setContentsMargins(8, 0, 0, 0)
            row.addWidget(label)
            row.addWidget(combo)
            filters.addWidget(box)
        self._fill_filters()
        card = QWidget()  # the selected card: its tile over its facts
        card_column = QVBoxLayout(card)
        card_column.setContentsMargins(0, 0, 0, 0)
        card_column.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignHCenter)
        card_column.addWidget(self.detail, 1)
        card_column.addWidget(self.manual_button)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(card)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(split, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.import_button)
        layout.addLayout(bottom)
        watch(self)
        self.search_now()

    def import_dialog(self) -> None:
        """Import a catalogue file chosen by the player (see `gui.catalogue_import`), then show the
        catalogue as it now is."""
        from .catalogue_import import ask_and_import

        ask_and_import(self, self.context)
        self._fill_filters()
        self.search_now()

    def toggle_manual(self) -> None:
        """Set the selected card's effect back to manual, or undo it, as `referee cards manual`
        does (`cards.source.set_manual`, stored in this database), and say so as it says it. The
        cards are read again, so the next match is played with the choice."""
        from cards.cli_catalogue import MESSAGES as SAID

        manual = not self.manual
        try:
            number, source = set_manual(self.context.database(), self.selected_number(), manual=manual, game=self.game)
        except StorageError as err:
            self.status.setText(current().error(err))
            return
        self.context.close()
        self._show_current()
        self.status.setText(SAID("now_manual", number=number) if manual
                            else SAID("now_source", number=number, source=SOURCES(source)))

    def _numbers(self, name: str) -> list[int]:
        """The values of the filter ``name`` by a whole number: those the catalogue's cards of the
        game have in its column (the Naruto CCG's entrance costs; none if the catalogue cannot be
        opened now)."""
        column = catalogue(self.game).filters[name].column
        try:
            return sorted({v for c in self.context.cards(self.game) if (v := getattr(c, column)) is not None})
        except StorageError:
            return []

    def _fill_filters(self) -> None:
        """Each filter of the current game with its values ("Any" first), the others hidden."""
        own = FILTERS[self.game]
        for name, (_, combo) in self.filters.items():
            combo.blockSignals(True)
            combo.clear()
            if name in own:
                for value in [None, *(own[name].values or self._numbers(name))]:
                    combo.addItem("", value)
            combo.blockSignals(False)
            self.boxes[name].setVisible(name in own)
        self._name_filters()

    def _name_filters(self) -> None:
        for name, (_, combo) in self.filters.items():
            if combo.count():
                _name_items(combo, lambda v, name=name: filter_value(self.game, name, v))

    def _change_game(self, *_) -> None:
        """Browse the chosen game's cards: its filters, its columns, its whole list."""
        self.game = self.game_choice.currentData()
        self._fill_filters()
        self.model.set_game(self.game, [])
        stretch_name(self.table)
        self.search_now()

    def search_now(self) -> None:
        """Fill the table with what the search text and the game's filters allow."""
        self.timer.stop()
        text = self.edit.text()
        filters = {name: combo.currentData() for name, (_, combo) in self.filters.items() if name in FILTERS[self.game]}
        try:
            cards = self.context.cards(self.game)
            if text.strip() or any(v is not None for v in filters.values()):
                numbers = find_numbers(self.context, text, limit=max(1, len(cards)), game=self.game, **filters)
            else:
                numbers = sorted((c.number for c in cards), key=number_key)
        except StorageError as err:
            numbers, self.error = [], err
        else:
            self.error = None
        self.model.set_numbers(numbers)
        self._update_status()
        if numbers:
            self.table.selectRow(0)
        else:
            self._show_current()

    def _update_status(self) -> None:
        count = len(self.model.numbers)
        self.status.setText(current().error(self.error) if self.error is not None else
                            MESSAGES("found", cards=current().plural("cards", count)) if count else MESSAGES("nothing"))

    def selected_number(self) -> str | None:
        row = self.table.currentIndex().row()
        return self.model.number(row) if 0 <= row < self.model.rowCount() else None

    def _show_current(self, *_) -> None:
        number = self.selected_number()
        self.manual = None
        try:
            self.detail.setHtml(card_details(self.context, number, self.game) if number
                                else f"<p>{html.escape(MESSAGES('pick'))}</p>")
            self.picture.show_card(face(self.context, number) if number else None)
            self.manual = self._manual_of(number) if number else None
        except StorageError as err:
            self.detail.setPlainText(current().error(err))
        self._name_manual()

    def _manual_of(self, number: str) -> bool | None:
        """Whether the card is set back to manual, None when it cannot be: `referee cards manual`
        takes any card of the game the referee plays with the catalogue's definitions that has an
        effect (a hand-written one too), and no other."""
        card = self.context.cards(self.game).get(number)
        if card is None or not card.effect or not GAMES[self.game].plays_catalogue:
            return None
        return catalogue_facts(self.context.database(), number, self.game).get("effect_override")

    def _name_manual(self) -> None:
        """The toggle says what pressing it does: apply the effect by hand, or let the referee again."""
        key = "by_referee" if self.manual else "by_hand"
        self.manual_button.setText(MESSAGES(key))
        self.manual_button.setToolTip(MESSAGES(f"{key}_tip"))
        self.manual_button.setEnabled(self.manual is not None)

    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        self.search_label.setText(MESSAGES("search"))
        self.edit.setPlaceholderText(MESSAGES("search_placeholder"))
        self.edit.setToolTip(MESSAGES("search_tip"))
        self.game_label.setText(MESSAGES("game"))
        for control in (self.game_label, self.game_choice):
            control.setToolTip(MESSAGES("game_tip"))
        for k in range(self.game_choice.count()):
            self.game_choice.setItemText(k, current().term("game", self.game_choice.itemData(k)))
        for key, (label, combo) in self.filters.items():
            label.setText(MESSAGES(key))
            label.setToolTip(MESSAGES(f"{key}_tip"))
            combo.setToolTip(MESSAGES(f"{key}_tip"))
        self._name_filters()
        self.table.setToolTip(MESSAGES("table_tip"))
        self.detail.setToolTip(MESSAGES("detail_tip"))
        self.import_button.setText(MESSAGES("import"))
        self.import_button.setToolTip(MESSAGES("import_tip"))
        self.model.retranslate()
        self._update_status()
        self._show_current()
