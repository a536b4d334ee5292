"""The start screen: one button per thing a player comes to do.

Each button opens a page; the pages are imported when first needed, so the first window shows
quickly. Meanwhile the catalogue is prepared in the background (`AppContext.warm_up`), with a line
saying so; a page asked for before it is ready opens once it is, behind a progress dialog, rather
than freezing the window.
"""

from __future__ import annotations

import importlib

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import (QApplication, QGridLayout, QLabel, QProgressBar, QProgressDialog, QPushButton,
                               QVBoxLayout, QWidget)

from localization import Messages, current
from referee.games import GAMES

from .i18n import watch
from .pages import Page

MESSAGES = Messages("gui.start", {
    "title": "Start",
    "heading": "Card game referee",
    "games": "Referees {games}: every rule, every chain and Showdown, every victory",
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
    "lessons": "Lessons",
    "lessons_tip": "Learn the rules by playing short positions, each with a goal",
    "rules": "Rules reference",
    "rules_tip": "Every rule, explained and searchable",
    "settings": "Settings",
    "settings_tip": "Language and database",
    "loading": "Preparing the card catalogue…",
    "waiting_title": "One moment",
    "waiting": "Preparing the card catalogue: the page opens as soon as it is ready.",
})

#: button key -> (module, page class); each page class takes the main window
BUTTONS = {
    "new_match": ("gui.new_match", "NewMatchPage"),
    "continue": ("gui.history", "ContinuePage"),
    "browser": ("gui.browser", "CardBrowser"),
    "decks": ("gui.deck_builder", "DeckBuilder"),
    "history": ("gui.history", "HistoryPage"),
    "lessons": ("gui.lessons", "LessonsPage"),
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
        self.games = QLabel()
        self.games.setObjectName("games")
        self.games.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.games.setWordWrap(True)
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
        self.loading = QLabel()
        self.loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.loading_bar = QProgressBar()
        self.loading_bar.setRange(0, 0)  # busy: how long the first run takes is not known
        self.loading_bar.setMaximumWidth(320)
        self.loading_bar.setTextVisible(False)
        self._poll = QTimer(self)
        self._poll.setInterval(100)
        self._poll.timeout.connect(self._loading_state)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.heading)
        layout.addWidget(self.games)
        layout.addSpacing(24)
        layout.addWidget(box, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addSpacing(12)
        layout.addWidget(self.loading)
        layout.addWidget(self.loading_bar, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
        self._loading_state()
        watch(self)

    def warm_up(self) -> None:
        """Prepare the catalogue in the background, saying so until it is ready."""
        self.window_.context.warm_up()
        self._poll.start()
        self._loading_state()

    def _loading_state(self) -> None:
        loading = not self.window_.context.ready
        self.loading.setVisible(loading)
        self.loading_bar.setVisible(loading)
        if not loading:
            self._poll.stop()

    def _wait_until_ready(self) -> None:
        """A page asked for while the catalogue is prepared: a progress dialog until it is ready."""
        context = self.window_.context
        if context.ready:
            return
        dialog = QProgressDialog(MESSAGES("waiting"), "", 0, 0, self)
        dialog.setWindowTitle(MESSAGES("waiting_title"))
        dialog.setCancelButton(None)
        dialog.setMinimumDuration(0)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.show()
        while not context.ready:
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            context.warming.join(0.05)
        dialog.close()

    def open(self, key: str) -> Page:
        self._wait_until_ready()
        module, name = BUTTONS[key]
        page_class = getattr(importlib.import_module(module), name)
        return self.window_.open(page_class(self.window_))

    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        self.heading.setText(MESSAGES("heading"))
        self.loading.setText(MESSAGES("loading"))
        tr = current()
        self.games.setText(MESSAGES("games", games=tr.joined([tr.term("game", g) for g in GAMES])))
        for key, button in self.buttons.items():
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
