"""Settings: the language of the program, the database it keeps cards, decks and matches in, and
the folder of card scans the card tiles may show.

A language applies at once to every open window and is remembered. A database URL is opened before
it is kept: one that cannot be opened is explained in the user's language and the saved, working
URL stays, so a typing mistake never leaves the program without its catalogue. A folder of card
scans holds images named by the cards' N-CCG-DB ids (``n008.png``, ``pr018b.webp``), in subfolders
or not; a card with a scan there is shown with it, every other card is painted. Nothing is
downloaded.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QVBoxLayout, QWidget)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

import localization
from cards.db import Database, StorageError, resolve_url
from localization import Messages, current

from .browser import LANGUAGE_NAMES
from .i18n import language, watch
from .pages import Page

MESSAGES = Messages("gui.settings", {
    "title": "Settings",
    "language_group": "Language",
    "language": "Language of the program",
    "language_tip": "The language of every window, rule message and card name; it applies at once",
    "database_group": "Database",
    "database_intro": "The cards, decks and match records are kept in a database: by default a file "
                      "of your own; a club can share one PostgreSQL database between several tables.",
    "url": "Database URL",
    "url_tip": "An SQLAlchemy URL, such as sqlite:///path/to/file.sqlite or "
               "postgresql://user@host/database; empty for the default file",
    "default": "Use default",
    "default_tip": "Use the database file in your user data folder",
    "test": "Test",
    "test_tip": "Try to open this database without switching to it",
    "apply": "Apply",
    "apply_tip": "Open this database and use it from now on (the current one stays if it cannot be opened)",
    "in_use": "In use: {url}",
    "works": "The database {url} opens correctly.",
    "applied": "Now using the database {url}.",
    "kept": "The database in use stays {url}.",
    "images_group": "Card images",
    "images_intro": "Optionally, a folder of card scans, each file named by the card's N-CCG-DB id "
                    "(n008.png, pr018b.webp): cards with a scan there are shown with it. Nothing is downloaded.",
    "images": "Folder of card scans",
    "images_tip": "Empty: every card is drawn by the program",
    "browse": "Choose…",
    "browse_tip": "Choose the folder of card scans",
    "scans": "Scans found: {n}",
})

ERROR_STYLE = "color: #b00020;"


class SettingsPage(Page):
    def __init__(self, window):
        super().__init__()
        self.context = window.context
        self.language_label = QLabel()
        self.language_combo = QComboBox()
        for code in localization.LANGUAGES:
            self.language_combo.addItem(LANGUAGE_NAMES[code], code)  # own names: never translated
        self.language_combo.setCurrentIndex(localization.LANGUAGES.index(language().code))
        self.language_combo.currentIndexChanged.connect(self._language_chosen)
        self.language_label.setBuddy(self.language_combo)

        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.url_label = QLabel()
        self.url_edit = QLineEdit(self.context.database_url or "")
        self.url_edit.setClearButtonEnabled(True)
        self.url_label.setBuddy(self.url_edit)
        self.default_button, self.test_button, self.apply_button = QPushButton(), QPushButton(), QPushButton()
        self.default_button.clicked.connect(self.url_edit.clear)
        self.test_button.clicked.connect(self.test)
        self.apply_button.clicked.connect(self.apply)
        self.url_edit.returnPressed.connect(self.apply)
        self.in_use = QLabel()
        self.in_use.setWordWrap(True)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self._message: Callable[[], str] = str  # the last result, rendered again after a switch

        self.images_intro = QLabel()
        self.images_intro.setWordWrap(True)
        self.images_label = QLabel()
        self.images_edit = QLineEdit(self.context.image_path or "")
        self.images_edit.setClearButtonEnabled(True)
        self.images_edit.editingFinished.connect(lambda: self.set_image_path(self.images_edit.text()))
        self.images_label.setBuddy(self.images_edit)
        self.browse_button = QPushButton()
        self.browse_button.clicked.connect(self._browse)
        self.scans = QLabel()

        self.language_group = QGroupBox()
        language_form = QFormLayout(self.language_group)
        language_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        language_form.addRow(self.language_label, self.language_combo)

        buttons = QHBoxLayout()
        for button in (self.default_button, self.test_button, self.apply_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.database_group = QGroupBox()
        database = QVBoxLayout(self.database_group)
        database.addWidget(self.intro)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.url_label, self.url_edit)
        database.addLayout(form)
        database.addLayout(buttons)
        database.addWidget(self.in_use)
        database.addWidget(self.result)

        self.images_group = QGroupBox()
        images = QVBoxLayout(self.images_group)
        images.addWidget(self.images_intro)
        folder = QHBoxLayout()
        folder.addWidget(self.images_label)
        folder.addWidget(self.images_edit, 1)
        folder.addWidget(self.browse_button)
        images.addLayout(folder)
        images.addWidget(self.scans)

        column = QWidget()
        column.setMaximumWidth(960)
        column_layout = QVBoxLayout(column)
        column_layout.addWidget(self.language_group)
        column_layout.addWidget(self.database_group)
        column_layout.addWidget(self.images_group)
        column_layout.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(column, 1)
        layout.addStretch(0)
        watch(self)

    # --- language ---------------------------------------------------------------------------
    def choose_language(self, code: str) -> None:
        self.language_combo.setCurrentIndex(localization.LANGUAGES.index(code))

    def _language_chosen(self, index: int) -> None:
        code = self.language_combo.itemData(index)
        self.context.language = code
        if code != language().code:
            language().set(code)

    # --- card images ------------------------------------------------------------------------
    def set_image_path(self, folder: str) -> None:
        """Show the scans of ``folder`` from now on (empty: none); the tiles drawn next use them."""
        folder = folder.strip()
        if folder != (self.context.image_path or ""):
            self.context.image_path = folder or None
        self.images_edit.setText(folder)
        self._show_scans()

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, MESSAGES("browse_tip"), self.context.image_path or "")
        if folder:
            self.set_image_path(folder)

    def _show_scans(self) -> None:
        self.scans.setText(MESSAGES("scans", n=len(self.context.scans())) if self.context.image_path else "")

    # --- database ---------------------------------------------------------------------------
    def typed_url(self) -> str | None:
        """The URL typed (None: the default)."""
        return self.url_edit.text().strip() or None

    def _open(self, url: str | None) -> bool:
        """Try to open the database; explain why not when it cannot be."""
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # a server may take seconds to answer
        try:
            Database(url).close()
        except StorageError as err:
            kept = self.context.database_url
            self._say(lambda err=err: f"{current().error(err)} {MESSAGES('kept', url=self._label(kept))}", error=True)
            return False
        finally:
            QApplication.restoreOverrideCursor()
        return True

    def test(self) -> bool:
        url = self.typed_url()
        if self._open(url):
            self._say(lambda: MESSAGES("works", url=self._label(url)))
            return True
        return False

    def apply(self) -> bool:
        """Switch to the typed database, if it opens; else keep the one in use."""
        url = self.typed_url()
        if not self._open(url):
            return False
        self.context.database_url = url
        self._say(lambda: MESSAGES("applied", url=self._label(url)))
        self._show_in_use()
        return True

    @staticmethod
    def _label(url: str | None) -> str:
        """The URL as it may be shown: the default spelled out, a password hidden."""
        url = resolve_url(url)
        try:
            return make_url(url).render_as_string(hide_password=True)
        except ArgumentError:
            return url

    def _say(self, message: Callable[[], str], error: bool = False) -> None:
        self._message = message
        self.result.setText(message())
        self.result.setStyleSheet(ERROR_STYLE if error else "")

    def _show_in_use(self) -> None:
        self.in_use.setText(MESSAGES("in_use", url=self._label(self.context.database_url)))

    # --- the page ---------------------------------------------------------------------------
    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        self.language_group.setTitle(MESSAGES("language_group"))
        self.database_group.setTitle(MESSAGES("database_group"))
        self.language_label.setText(MESSAGES("language"))
        for widget in (self.language_label, self.language_combo):
            widget.setToolTip(MESSAGES("language_tip"))
        self.intro.setText(MESSAGES("database_intro"))
        self.url_label.setText(MESSAGES("url"))
        for widget in (self.url_label, self.url_edit):
            widget.setToolTip(MESSAGES("url_tip"))
        self.url_edit.setPlaceholderText(self._label(None))
        for button, key in ((self.default_button, "default"), (self.test_button, "test"),
                            (self.apply_button, "apply")):
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
        self._show_in_use()
        self.result.setText(self._message())
        self.images_group.setTitle(MESSAGES("images_group"))
        self.images_intro.setText(MESSAGES("images_intro"))
        self.images_label.setText(MESSAGES("images"))
        for widget in (self.images_label, self.images_edit):
            widget.setToolTip(MESSAGES("images_tip"))
        self.browse_button.setText(MESSAGES("browse"))
        self.browse_button.setToolTip(MESSAGES("browse_tip"))
        self._show_scans()
        self.language_combo.blockSignals(True)  # follow a switch made elsewhere, without re-applying it
        self.language_combo.setCurrentIndex(localization.LANGUAGES.index(language().code))
        self.language_combo.blockSignals(False)
