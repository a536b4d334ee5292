"""The application's one main window: a start screen and the pages it opens, one at a time.

Pages are stacked: opening a page puts it on top, "Back" (Alt+Left) returns to the one below and
closes it. The window title follows the page and the language.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QToolBar

from localization import Messages

from .context import AppContext
from .i18n import watch
from .pages import Page

MESSAGES = Messages("gui.main_window", {
    "title": "Referee",
    "title_page": "{page} — Referee",
    "back": "Back",
    "back_tip": "Return to the previous page (Alt+Left)",
})


class MainWindow(QMainWindow):
    def __init__(self, context: AppContext):
        super().__init__()
        self.context = context
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        bar = QToolBar()
        bar.setObjectName("navigation")
        bar.setMovable(False)
        self.back_action = QAction(self)
        self.back_action.setShortcut(QKeySequence("Alt+Left"))
        self.back_action.triggered.connect(self.back)
        bar.addAction(self.back_action)
        self.addToolBar(bar)
        self.navigation = bar
        from .start import StartScreen

        self.start = StartScreen(self)
        self.stack.addWidget(self.start)
        self.stack.currentChanged.connect(lambda _: self.retranslate())
        self.resize(1280, 720)
        watch(self)

    @property
    def page(self) -> Page:
        return self.stack.currentWidget()

    def open(self, page: Page) -> Page:
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        return page

    def back(self) -> bool:
        """Leave the current page (if it agrees) and show the one below it."""
        if self.stack.count() <= 1 or not self.page.leave():
            return False
        page = self.page
        self.stack.removeWidget(page)
        page.deleteLater()
        self.stack.setCurrentIndex(self.stack.count() - 1)
        return True

    def open_match(self, match, *, players=None, decks=None, computer=None, hot_seat=False, uid=None):
        """Show ``match`` on a match page; a new match is recorded first (every action is then
        written as it happens), a resumed one (``uid`` given) is already recording."""
        from cards.records import Recorder

        from .match.page import page_class

        if uid is None:
            uid = Recorder(self.context.database()).record(match, players=players, decks=decks)
        page = page_class(getattr(match.rules, "game", "naruto"))
        return self.open(page(self, match, uid=uid, computer=computer, hot_seat=hot_seat))

    def resume_match(self, uid: str):
        """Continue the recorded match ``uid`` where its last recorded action left it. A guided
        match comes back in hot seat, so that resuming never shows a hand to the wrong player."""
        from cards.records import resume

        match = resume(self.context.database(), uid, cards=self.context.engine_cards)
        return self.open_match(match, uid=uid, hot_seat=match.state.mode == "guided")

    def home(self) -> None:
        while self.stack.count() > 1 and self.back():
            pass

    def retranslate(self) -> None:
        page = self.stack.currentWidget()
        self.setWindowTitle(MESSAGES("title") if page is self.start or page is None
                            else MESSAGES("title_page", page=page.title()))
        self.back_action.setText(MESSAGES("back"))
        self.back_action.setToolTip(MESSAGES("back_tip"))
        self.navigation.setVisible(self.stack.count() > 1)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        while self.stack.count() > 1:
            if not self.back():
                event.ignore()
                return
        self.context.close()
        event.accept()
