"""The start screen: one button per thing a player comes to do.

Each button opens a page; the pages (and the database behind them) are imported and opened when
first needed, so the first window shows quickly.
"""

from __future__ import annotations

import importlib

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from localization import Messages

from .i18n import watch
from .pages import Page

MESSAGES = Messages("gui.start", {
    "title": "Start",
    "heading": "Naruto CCG referee",
    "new_match": "New match",
    "new_match_tip": "Set up a match: game, format, mode, players and decks",
    "continue": "Continue a match",
    "continue_tip": "Resume an unfinished match, also one interrupted by a crash",
    "browser": "Card browser",
    "browser_tip": "Search the card catalogue in any language or by number",
    "decks": "Deck builder",
    "decks_tip": "Build, check and save decks",
    "history": "Match history",
    "history_tip": "Finished matches, their replays and statistics per deck",
    "rules": "Rules reference",
    "rules_tip": "Every rule, explained and searchable",
    "settings": "Settings",
    "settings_tip": "Language and database",
})

#: button key -> (module, page class); each page class takes the main window
BUTTONS = {
    "new_match": ("gui.new_match", "NewMatchPage"),
    "continue": ("gui.history", "ContinuePage"),
    "browser": ("gui.browser", "CardBrowser"),
    "decks": ("gui.deck_builder", "DeckBuilder"),
    "history": ("gui.history", "HistoryPage"),
    "rules": ("gui.rules_browser", "RulesBrowser"),
    "settings": ("gui.settings", "SettingsPage"),
}


class StartScreen(Page):
    def __init__(self, window):
        super().__init__()
        self.window_ = window
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 2)
        font.setBold(True)
        self.heading.setFont(font)
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, key in enumerate(BUTTONS):
            button = QPushButton()
            button.setObjectName(key)
            button.setMinimumHeight(56)
            button.clicked.connect(lambda _=False, k=key: self.open(k))
            self.buttons[key] = button
            grid.addWidget(button, i // 2, i % 2)
        box = QWidget()
        box.setLayout(grid)
        box.setMaximumWidth(720)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.heading)
        layout.addSpacing(24)
        layout.addWidget(box, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
        watch(self)

    def open(self, key: str) -> Page:
        module, name = BUTTONS[key]
        page_class = getattr(importlib.import_module(module), name)
        return self.window_.open(page_class(self.window_))

    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        self.heading.setText(MESSAGES("heading"))
        for key, button in self.buttons.items():
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
