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
    "back_tip": "Return to the previous page (Alt+←)",
    "elsewhere_title": "Match open elsewhere",
    "take_over": "Take it over here",
    "open_copy": "Open a copy",
    "elsewhere_tip": "Taking it over here makes the other window or computer stop recording it; a copy is a "
                     "match of its own, the original left as it is",
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
        written as it happens, and which seats the computer plays), a resumed one (``uid`` given) is
        already recording."""
        from cards.records import Recorder

        from .match.page import page_class

        if uid is None:
            kinds = {seat: player.kind for seat, player in (computer or {}).items()}
            uid = Recorder(self.context.database()).record(match, players=players, decks=decks, computers=kinds)
        page = page_class(match.rules.game)
        return self.open(page(self, match, uid=uid, computer=computer, hot_seat=hot_seat))

    def resume_match(self, uid: str, take_over: bool = False):
        """Continue the recorded match ``uid`` where its last recorded action left it, with its
        computer players. A guided match comes back in hot seat, so that resuming never shows a
        hand to the wrong player. A match open in another window or on another computer is taken
        over or copied when the player says so, else left alone (None)."""
        from cards.records import MatchElsewhere, copy_match, get_match, resume

        from .match.page import computer_players

        db = self.context.database()
        try:
            match = resume(db, uid, cards=self.context.engine_cards, take_over=take_over)
        except MatchElsewhere as err:
            choice = self.ask_elsewhere(err)
            if choice == "take_over":
                return self.resume_match(uid, take_over=True)
            if choice == "copy":
                return self.resume_match(copy_match(db, uid))
            return None
        info = get_match(db, uid)
        return self.open_match(match, uid=uid, computer=computer_players(info.game, info.computers, info.seed),
                               hot_seat=match.state.mode == "guided")

    def ask_elsewhere(self, err) -> str | None:
        """Ask what to do with a match open elsewhere: "take_over", "copy" or None (leave it)."""
        from PySide6.QtWidgets import QMessageBox

        from localization import current

        box = QMessageBox(QMessageBox.Icon.Question, MESSAGES("elsewhere_title"), current().error(err),
                          QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(MESSAGES("elsewhere_tip"))
        choices = {box.addButton(MESSAGES("take_over"), QMessageBox.ButtonRole.AcceptRole): "take_over",
                   box.addButton(MESSAGES("open_copy"), QMessageBox.ButtonRole.ActionRole): "copy"}
        box.exec()
        return choices.get(box.clickedButton())

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
