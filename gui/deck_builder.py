"""The deck builder: make a deck, see at once which construction rules it breaks, keep it.

A deck under construction may break the rules (that is how every deck starts), so the builder never
refuses a card: it lists each broken rule with its id and sentence (`cards.decks.validate`, which
runs the engine's own checker), after every change. Decks are saved by name in the catalogue and
travel as deck lists in the three formats the command line reads: the referee's text, the N-CCG-DB
deck builder's text and its Tabletop Simulator JSON. The builder edits the Mainboard; a list's
Reinforcements and Sideboard are kept with the deck (saved and exported again) and said, never
counted by the rules. Leaving with unsaved changes asks first. The cards found are tiles, and the
card last selected, among them or in the deck, is shown large with its effect.
"""

from __future__ import annotations

import bisect
from collections import Counter
from pathlib import Path
from typing import Callable, Sequence

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (QComboBox, QFileDialog, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QMessageBox, QPushButton, QSplitter,
                               QVBoxLayout, QWidget)

from cards.db import StorageError
from cards.decks import (EXPORT_FORMATS, FORMATS, NAME_MAX, DeckError, DeckList, deck_text, delete_deck, get_deck,
                         list_decks, load_deck_list, parse_text, save_deck, validate)
from localization import Messages, current
from referee.engine.errors import IllegalAction
from referee.engine.numbers import canonical_number, number_key

from .browser import CardSearch, CardTableModel, card_table
from .faces import face
from .i18n import watch
from .pages import Page
from .preview import CardView

MESSAGES = Messages("gui.deck_builder", {
    "title": "Deck builder",
    "name": "Deck name",
    "name_tip": "The name the deck is saved under",
    "format": "Format",
    "format_tip": "The construction rules the deck is checked against",
    "new": "New",
    "new_tip": "Start an empty deck",
    "save": "Save",
    "save_tip": "Save the deck under its name (a deck may be saved while it still breaks rules)",
    "import": "Import…",
    "import_tip": "Read a deck list: the referee's (count, number, name), the N-CCG-DB deck builder's text "
                  "(3x Name [id]) or its Tabletop Simulator deck (JSON)",
    "export": "Export…",
    "export_tip": "Write the deck as a deck list: the referee's, the N-CCG-DB deck builder's text or a "
                  "Tabletop Simulator deck",
    "add_group": "Add cards",
    "add": "Add to deck",
    "add_tip": "Add one copy of the selected card to the deck",
    "deck_group": "Deck",
    "deck_tip": "The deck's cards and copies; select a row to change its count",
    "plus": "+",
    "plus_tip": "One more copy of the selected card",
    "minus": "−",
    "minus_tip": "One copy fewer of the selected card (the last copy removes it)",
    "total": "In all: {cards}",
    "legality_group": "Legality",
    "legal": "The deck is legal in the {format}.",
    "illegal": "The deck is not legal in the {format}:",
    "violations_tip": "Every construction rule the deck breaks; double-click one to read the rule",
    "violation_tip": "{rule}: {title}. Double-click to read the rule.",
    "saved_group": "Saved decks",
    "saved_tip": "The decks saved in the catalogue; double-click one to load it",
    "saved_item": "{name} — {format}, {cards}",
    "load": "Load",
    "load_tip": "Load the selected saved deck",
    "delete": "Delete",
    "delete_tip": "Delete the selected saved deck from the catalogue",
    "deck_files": "Deck lists (*.txt *.json);;All files (*)",
    "export_text": "Referee deck list (*.txt)",
    "export_ccgdb": "N-CCG-DB deck builder list (*.txt)",
    "export_tts": "Tabletop Simulator deck (*.json)",
    "others": "Also kept with the deck, not played and not counted by the rules: {sections}.",
    "section_reinforcements": "Reinforcements: {cards}",
    "section_sideboard": "Sideboard: {cards}",
    "unknown_lines": "Read {cards} from {file}; these lines name no card of the catalogue: {lines}",
    "import_title": "Import a deck list",
    "export_title": "Export the deck list",
    "unsaved_title": "Unsaved changes",
    "unsaved": "The deck “{name}” has changes that are not saved. Save them?",
    "untitled": "untitled",
    "replace_title": "Replace a deck",
    "replace": "A deck named “{name}” is already saved. Replace it with this one?",
    "delete_title": "Delete a deck",
    "delete_ask": "Delete the saved deck “{name}”? This cannot be undone.",
    "saved_message": "Saved “{name}”.",
    "loaded": "Loaded “{name}”.",
    "deleted": "Deleted “{name}”.",
    "imported": "Read {cards} from {file}. Save the deck to keep it.",
    "exported": "Wrote the deck list to {file}.",
    "cannot_read": "Cannot read {file}: {detail}",
    "cannot_write": "Cannot write {file}: {detail}",
})

DECK_COLUMNS = ("count", "number", "name", "type", "costs")
ERROR_STYLE = "color: #b00020;"


class DeckModel(CardTableModel):
    """The deck under construction: one row per card, in card-number order, with its copies."""

    def __init__(self, context, parent=None):
        super().__init__(context, DECK_COLUMNS, parent)
        self.counts: dict[str, int] = {}

    def cell(self, key: str, number: str) -> str:
        return str(self.counts[number]) if key == "count" else super().cell(key, number)

    def set_deck(self, numbers: Sequence[str] | dict[str, int]) -> None:
        self.counts = dict(numbers) if isinstance(numbers, dict) else dict(Counter(canonical_number(n) for n in numbers))
        self.set_numbers(sorted(self.counts, key=number_key))

    def deck(self) -> list[str]:
        """One number per copy, as the catalogue and the rules read a deck."""
        return [n for n in self.numbers for _ in range(self.counts[n])]

    def change(self, number: str, delta: int) -> int | None:
        """Add (or remove) copies of a card; the card's row afterwards (None: no longer in the deck)."""
        count = self.counts.get(number, 0) + delta
        if number in self.counts:
            row = self.numbers.index(number)
            if count <= 0:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self.numbers[row], self.counts[number]
                self.endRemoveRows()
                return None
            self.counts[number] = count
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))
            return row
        if count <= 0:
            return None
        row = bisect.bisect([number_key(n) for n in self.numbers], number_key(number))
        self.beginInsertRows(QModelIndex(), row, row)
        self.numbers.insert(row, number)
        self.counts[number] = count
        self.endInsertRows()
        return row


def _button(layout, slot) -> QPushButton:
    button = QPushButton()
    button.clicked.connect(slot)
    layout.addWidget(button)
    return button


class DeckBuilder(Page):
    def __init__(self, window):
        super().__init__()
        self.window_ = window
        self.context = window.context
        self.loaded_name: str | None = None  # the saved deck being edited
        self._saved: tuple | None = None  # what was last loaded or saved (None: nothing yet)
        #: the Reinforcements and Sideboard of the deck, kept as loaded (number -> copies)
        self.others: dict[str, dict[str, int]] = {"reinforcements": {}, "sideboard": {}}

        self.name_label, self.format_label = QLabel(), QLabel()
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(NAME_MAX)
        self.name_label.setBuddy(self.name_edit)
        self.format_combo = QComboBox()
        for fmt in FORMATS:
            self.format_combo.addItem(fmt, fmt)
        self.format_label.setBuddy(self.format_combo)
        top = QHBoxLayout()
        top.addWidget(self.name_label)
        top.addWidget(self.name_edit, 1)
        top.addWidget(self.format_label)
        top.addWidget(self.format_combo)
        self.new_button = _button(top, self.new)
        self.save_button = _button(top, self.save)
        self.import_button = _button(top, self.import_dialog)
        self.export_button = _button(top, self.export_dialog)

        self.search = CardSearch(self.context, confirm_text=lambda: MESSAGES("add"),
                                 confirm_tip=lambda: MESSAGES("add_tip"))
        self.search.chosen.connect(lambda number: self.change(number, 1))
        self.card = CardView()
        self.search.current.connect(self._show_card)
        self.add_group = QGroupBox()
        QVBoxLayout(self.add_group).addWidget(self.search)

        self.model = DeckModel(self.context, self)
        self.table = card_table(self.model)
        self.total = QLabel()
        counts = QHBoxLayout()
        self.plus_button = _button(counts, lambda: self.change_selected(1))
        self.minus_button = _button(counts, lambda: self.change_selected(-1))
        counts.addWidget(self.total, 1)
        self.others_label = QLabel()
        self.others_label.setWordWrap(True)
        self.deck_group = QGroupBox()
        deck_layout = QVBoxLayout(self.deck_group)
        deck_layout.addWidget(self.table, 1)
        deck_layout.addLayout(counts)
        deck_layout.addWidget(self.others_label)

        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.violations = QListWidget()
        self.violations.setWordWrap(True)
        self.violations.itemActivated.connect(self._read_rule)
        self.legality_group = QGroupBox()
        legality = QVBoxLayout(self.legality_group)
        legality.addWidget(self.verdict)
        legality.addWidget(self.violations, 1)

        self.saved_list = QListWidget()
        self.saved_list.setWordWrap(True)
        self.saved_list.itemActivated.connect(lambda item: self.load(item.data(Qt.ItemDataRole.UserRole)))
        saved_buttons = QHBoxLayout()
        self.load_button = _button(saved_buttons, self._load_selected)
        self.delete_button = _button(saved_buttons, self._delete_selected)
        saved_buttons.addStretch(1)
        self.saved_group = QGroupBox()
        saved = QVBoxLayout(self.saved_group)
        saved.addWidget(self.saved_list, 1)
        saved.addLayout(saved_buttons)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.legality_group, 3)
        right_layout.addWidget(self.saved_group, 2)
        split = QSplitter(Qt.Orientation.Horizontal)
        for widget, stretch in ((self.add_group, 2), (self.deck_group, 3), (self.card, 0), (right, 3)):
            split.addWidget(widget)
            split.setStretchFactor(split.count() - 1, stretch)
        split.setChildrenCollapsible(False)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self._message: Callable[[], str] = str
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(self.message)

        self.name_edit.textChanged.connect(self._changed)
        self.format_combo.currentIndexChanged.connect(self._changed)
        self.table.selectionModel().currentRowChanged.connect(self._update_buttons)
        self.table.selectionModel().currentRowChanged.connect(
            lambda index, _: self._show_card(self.model.number(index.row()) if index.isValid() else None))
        self.saved_list.currentItemChanged.connect(self._update_buttons)
        watch(self)
        self._saved = self._snapshot()

    # --- the deck ---------------------------------------------------------------------------
    @property
    def format(self) -> str:
        return self.format_combo.currentData()

    def deck(self) -> list[str]:
        return self.model.deck()

    def deck_list(self) -> DeckList:
        """The deck as the catalogue stores it: the Mainboard built here and the sections kept."""
        deck = DeckList.of(dict(self.model.counts), **self.others)
        deck.name, deck.format = self.name_edit.text().strip(), self.format
        return deck

    def _snapshot(self) -> tuple:
        others = tuple(sorted((s, n, k) for s, counts in self.others.items() for n, k in counts.items()))
        return (self.name_edit.text().strip(), self.format, tuple(sorted(self.deck())), others)

    def dirty(self) -> bool:
        """Whether the deck differs from what was last saved or loaded."""
        return self._snapshot() != self._saved

    def change(self, number: str, delta: int) -> None:
        row = self.model.change(number, delta)
        if row is not None:
            self.table.selectRow(row)
        self._changed()

    def _show_card(self, number: str | None) -> None:
        """Show a card large with its effect (the last one selected, in the search or in the deck)."""
        if number is not None:
            self.card.show_card(face(self.context, number))

    def change_selected(self, delta: int) -> None:
        row = self.table.currentIndex().row()
        if 0 <= row < self.model.rowCount():
            self.change(self.model.number(row), delta)

    def set_deck(self, name: str, fmt: str, deck: Sequence[str] | DeckList) -> None:
        if not isinstance(deck, DeckList):
            deck = DeckList.of(deck)
        self.name_edit.setText(name)
        self.format_combo.setCurrentIndex(FORMATS.index(fmt))
        self.others = {section: dict(deck.sections[section]) for section in self.others}
        self.model.set_deck(deck.main)
        self._show_others()
        self._changed()

    def _show_others(self) -> None:
        sections = [MESSAGES(f"section_{section}", cards=current().plural("cards", sum(counts.values())))
                    for section, counts in self.others.items() if counts]
        self.others_label.setText(MESSAGES("others", sections="; ".join(sections)) if sections else "")
        self.others_label.setVisible(bool(sections))

    def _changed(self, *_) -> None:
        self.check()
        self._update_buttons()

    def check(self) -> list:
        """List every construction rule the deck breaks, each with its id and sentence."""
        self.violations.clear()
        fmt = current().term("format", self.format)
        try:
            found = validate(self.context.database(), self.deck(), self.format, source=self.context.cards())
        except StorageError as err:
            self.verdict.setText(current().error(err))
            return []
        self.verdict.setText(MESSAGES("illegal" if found else "legal", format=fmt))
        for v in found:
            item = QListWidgetItem(f"{v.rule}  {current().refusal(v.rule, v.params, self.context.card_name)}")
            item.setData(Qt.ItemDataRole.UserRole, v.rule)
            item.setToolTip(MESSAGES("violation_tip", rule=v.rule, title=current().rule_field(v.rule, "title")))
            self.violations.addItem(item)
        self.total.setText(MESSAGES("total", cards=current().plural("cards", len(self.deck()))))
        return found

    def violation_rules(self) -> list[str]:
        return [self.violations.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.violations.count())]

    def _read_rule(self, item: QListWidgetItem) -> None:
        from .rules_browser import RulesBrowser

        self.window_.open(RulesBrowser(self.window_)).show_rule(item.data(Qt.ItemDataRole.UserRole))

    # --- saving and loading -----------------------------------------------------------------
    def refresh_saved(self) -> None:
        """List the saved decks again (after a save, a delete, or a language switch)."""
        selected = self._selected_saved()
        self.saved_list.clear()
        try:
            found = list_decks(self.context.database())
        except StorageError as err:
            return self._say(lambda err=err: current().error(err), error=True)
        for info in found:
            item = QListWidgetItem(MESSAGES("saved_item", name=current().deck_name(info.name), format=current().term("format", info.format),
                                            cards=current().plural("cards", info.cards)))
            item.setData(Qt.ItemDataRole.UserRole, info.name)
            item.setToolTip(MESSAGES("saved_tip"))
            self.saved_list.addItem(item)
            if info.name == selected:
                self.saved_list.setCurrentItem(item)
        self._update_buttons()

    def _selected_saved(self) -> str | None:
        item = self.saved_list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def saved_names(self) -> list[str]:
        return [self.saved_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.saved_list.count())]

    def save(self) -> bool:
        name = self.name_edit.text().strip()
        if name and name != self.loaded_name and name in self.saved_names() and \
                not self._ask("replace_title", MESSAGES("replace", name=name)):
            return False
        try:
            info = save_deck(self.context.database(), name, self.deck_list(), self.format)
        except (DeckError, StorageError) as err:
            self._say(lambda err=err: current().error(err, self.context.card_name), error=True)
            return False
        self.loaded_name = info.name
        self._saved = self._snapshot()
        self.refresh_saved()
        self._say(lambda: MESSAGES("saved_message", name=info.name))
        return True

    def load(self, name: str) -> bool:
        if not self.may_discard():
            return False
        db = self.context.database()
        try:
            info, numbers = get_deck(db, name), load_deck_list(db, name)
        except (DeckError, StorageError) as err:
            self._say(lambda err=err: current().error(err), error=True)
            return False
        self.set_deck(info.name, info.format if info.format in FORMATS else FORMATS[0], numbers)
        self.loaded_name = info.name
        self._saved = self._snapshot()
        self._say(lambda: MESSAGES("loaded", name=info.name))
        return True

    def new(self) -> bool:
        if not self.may_discard():
            return False
        self.set_deck("", self.format, [])
        self.loaded_name = None
        self._saved = self._snapshot()
        self._say(str)
        return True

    def _load_selected(self) -> None:
        name = self._selected_saved()
        if name is not None:
            self.load(name)

    def _delete_selected(self) -> None:
        name = self._selected_saved()
        if name is None or not self._ask("delete_title", MESSAGES("delete_ask", name=name)):
            return
        try:
            delete_deck(self.context.database(), name)
        except (DeckError, StorageError) as err:
            return self._say(lambda err=err: current().error(err), error=True)
        if name == self.loaded_name:
            self.loaded_name, self._saved = None, None
        self.refresh_saved()
        self._say(lambda: MESSAGES("deleted", name=name))

    # --- plain-text deck lists --------------------------------------------------------------
    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, MESSAGES("import_title"), "", MESSAGES("deck_files"))
        if path:
            self.import_file(path)

    def import_file(self, path: str | Path) -> bool:
        """Read a deck list (any of the three formats) into the builder (not saved yet); a file
        that cannot be read changes nothing; lines naming no card are said, the rest is read."""
        path = Path(path)
        try:
            deck = parse_text(path.read_text(encoding="utf-8-sig"), self.context.cards())
            fmt = deck.format or "standard"
            if fmt not in FORMATS:
                raise DeckError("unknown_format", value=fmt, choices=", ".join(FORMATS))
        except OSError as err:
            self._say(lambda err=err: MESSAGES("cannot_read", file=path.name, detail=current().error(err)), error=True)
            return False
        except UnicodeDecodeError as err:
            self._say(lambda err=err: MESSAGES("cannot_read", file=path.name, detail=err.reason), error=True)
            return False
        except (DeckError, IllegalAction, StorageError) as err:
            self._say(lambda err=err: current().error(err, self.context.card_name), error=True)
            return False
        if not self.may_discard():
            return False
        self.set_deck(deck.name or path.stem, fmt, deck)
        self.loaded_name, self._saved = None, None
        cards = current().plural("cards", deck.count())
        if deck.problems:
            self._say(lambda: MESSAGES("unknown_lines", cards=cards, file=path.name, lines=" ".join(
                current().refusal(v.rule, v.params) for v in deck.problems)), error=True)
        else:
            self._say(lambda: MESSAGES("imported", cards=cards, file=path.name))
        return True

    def export_dialog(self) -> None:
        stem = self.name_edit.text().strip() or MESSAGES("untitled")
        kinds = {MESSAGES(f"export_{kind}"): kind for kind in EXPORT_FORMATS}
        path, chosen = QFileDialog.getSaveFileName(self, MESSAGES("export_title"), f"{stem}.txt", ";;".join(kinds))
        if path:
            self.export_file(path, kinds.get(chosen, "tts" if path.lower().endswith(".json") else "text"))

    def export_file(self, path: str | Path, kind: str = "text") -> bool:
        """Write the deck in ``kind`` (`cards.decks.EXPORT_FORMATS`)."""
        path = Path(path)
        try:
            images = self._images() if kind == "tts" else None
            text = deck_text(self.name_edit.text().strip(), self.format, self.deck_list(), self.context.cards(),
                             kind, images)
            path.write_text(text, encoding="utf-8")
        except OSError as err:
            self._say(lambda err=err: MESSAGES("cannot_write", file=path.name, detail=current().error(err)), error=True)
            return False
        except StorageError as err:
            self._say(lambda err=err: current().error(err), error=True)
            return False
        self._say(lambda: MESSAGES("exported", file=path.name))
        return True

    def _images(self) -> dict[str, str]:
        from cards.source import image_paths

        return image_paths(self.context.database(), [n for c in (self.model.counts, *self.others.values()) for n in c])

    # --- questions and messages -------------------------------------------------------------
    def _ask(self, title_key: str, text: str) -> bool:
        answer = QMessageBox.question(self, MESSAGES(title_key), text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def may_discard(self) -> bool:
        """True when the deck on screen may be replaced: no unsaved changes, or the player saved
        or discarded them when asked."""
        if not self.dirty():
            return True
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        name = self.name_edit.text().strip() or MESSAGES("untitled")
        answer = QMessageBox.question(self, MESSAGES("unsaved_title"), MESSAGES("unsaved", name=name),
                                      buttons, QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _say(self, message: Callable[[], str], error: bool = False) -> None:
        """Show a result or an error below the page; it is rendered again after a language switch."""
        self._message = message
        self.message.setText(message())
        self.message.setStyleSheet(ERROR_STYLE if error else "")

    def _update_buttons(self, *_) -> None:
        has_row = 0 <= self.table.currentIndex().row() < self.model.rowCount()
        self.plus_button.setEnabled(has_row)
        self.minus_button.setEnabled(has_row)
        has_saved = self._selected_saved() is not None
        self.load_button.setEnabled(has_saved)
        self.delete_button.setEnabled(has_saved)

    # --- the page ---------------------------------------------------------------------------
    def leave(self) -> bool:
        return self.may_discard()

    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        for widget, key in ((self.name_label, "name"), (self.format_label, "format"), (self.new_button, "new"),
                            (self.save_button, "save"), (self.import_button, "import"),
                            (self.export_button, "export"), (self.plus_button, "plus"),
                            (self.minus_button, "minus"), (self.load_button, "load"),
                            (self.delete_button, "delete")):
            widget.setText(MESSAGES(key))
            widget.setToolTip(MESSAGES(f"{key}_tip"))
        self.name_edit.setToolTip(MESSAGES("name_tip"))
        self.format_combo.setToolTip(MESSAGES("format_tip"))
        for i in range(self.format_combo.count()):
            self.format_combo.setItemText(i, current().term("format", self.format_combo.itemData(i)))
        for group, key in ((self.add_group, "add_group"), (self.deck_group, "deck_group"),
                           (self.legality_group, "legality_group"), (self.saved_group, "saved_group")):
            group.setTitle(MESSAGES(key))
        self.table.setToolTip(MESSAGES("deck_tip"))
        self.violations.setToolTip(MESSAGES("violations_tip"))
        self.saved_list.setToolTip(MESSAGES("saved_tip"))
        self.model.retranslate()
        self._show_others()
        self.check()
        self.refresh_saved()
        self.message.setText(self._message())
