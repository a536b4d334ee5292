"""Lessons (issue 19): the page listing each game's lessons, and the panel a lesson's match page
shows above the board.

A lesson (`referee.engine.lessons`) opens as a guided match at its position, on the game's own match
page, its other seats played by the computer; the panel says the goal and the explanation, each rule
it cites a link to the rules reference, and follows the match: "goal reached" (remembered in the
settings, so the list ticks the lesson), or "missed" with a button to try again. Lessons are not
recorded in the match history: they are exercises, not matches.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QTabWidget,
                               QVBoxLayout)

from localization import Messages, current
from referee.engine.lessons import Lesson, lessons
from referee.games import GAMES

from .i18n import watch
from .match.frames import TitledFrame
from .pages import Page

MESSAGES = Messages("gui.lessons", {
    "title": "Lessons",
    "intro": "Short positions to learn the rules by playing: each has a goal, an explanation and a check "
             "that you reached it. The computer plays the other seats.",
    "item": "{n}. {title}: {goal}",
    "item_done": "{n}. {title}: {goal} (done)",
    "start": "Start the lesson",
    "start_tip": "Play the chosen lesson (Return)",
    "panel": "Lesson {n}: {title}",
    "goal": "Goal: {goal}",
    "reached": "Goal reached. Well played!",
    "missed": "Goal missed: the position has moved on. Try again?",
    "playing": "Your move.",
    "again": "Try again",
    "again_tip": "Start this lesson again from its position",
    "next": "Next lesson",
    "next_tip": "Go on to the next lesson of this game",
})

#: the settings key keeping the lessons done, as "<game>:<lesson id>" strings
DONE = "lessons/done"
_RULE = re.compile(r"\(([A-Z]+(?:-[A-Z0-9]+)+)\)")


def key(lesson: Lesson) -> str:
    return f"{lesson.game}:{lesson.id}"


def done(context) -> set[str]:
    value = context.settings.value(DONE, [])
    return set([value] if isinstance(value, str) else value or [])


def mark_done(context, lesson: Lesson) -> None:
    context.settings.setValue(DONE, sorted(done(context) | {key(lesson)}))
    context.settings.sync()


def linked(sentence: str) -> str:
    """A sentence with each rule id it cites as a link to the rules reference (rich text)."""
    from html import escape

    return _RULE.sub(lambda m: f'(<a href="{m[1]}">{m[1]}</a>)', escape(sentence, quote=False))


class LessonsPage(Page):
    """Each game's lessons in a tab, ticked when done."""

    def __init__(self, window):
        super().__init__()
        self.window_ = window
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.tabs = QTabWidget()
        self.lists: dict[str, QListWidget] = {}
        for game in GAMES:
            shown = QListWidget()
            shown.setObjectName(f"lessons_{game}")
            shown.itemActivated.connect(lambda item, g=game: self.start(g, item))
            self.lists[game] = shown
            self.tabs.addTab(shown, "")
        self.button = QPushButton()
        self.button.setObjectName("start_lesson")
        self.button.clicked.connect(lambda: self.start(self.game(), self.lists[self.game()].currentItem()))
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.tabs, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        layout.addLayout(row)
        watch(self)

    def game(self) -> str:
        return list(GAMES)[self.tabs.currentIndex()]

    def start(self, game: str, item: QListWidgetItem | None):
        if item is None:
            return None
        return open_lesson(self.window_, lessons(game)[item.data(Qt.ItemDataRole.UserRole)])

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name): back from a lesson, its tick shows
        super().showEvent(event)
        self.retranslate()

    def title(self) -> str:
        return MESSAGES("title")

    def retranslate(self) -> None:
        tr = current()
        self.intro.setText(MESSAGES("intro"))
        finished = done(self.window_.context)
        for i, (game, shown) in enumerate(self.lists.items()):
            self.tabs.setTabText(i, tr.term("game", game))
            row = max(shown.currentRow(), 0)
            shown.clear()
            for n, lesson in enumerate(lessons(game)):
                kind = "item_done" if key(lesson) in finished else "item"
                item = QListWidgetItem(MESSAGES(kind, n=n + 1, title=tr.lesson(key(lesson), "title"),
                                                goal=tr.lesson(key(lesson), "goal")))
                item.setData(Qt.ItemDataRole.UserRole, n)
                shown.addItem(item)
            shown.setCurrentRow(row)
        self.button.setText(MESSAGES("start"))
        self.button.setToolTip(MESSAGES("start_tip"))


class LessonPanel(TitledFrame):
    """Above a lesson's board: its goal, its explanation with the rules linked, and how it goes."""

    def __init__(self, page, lesson: Lesson, played):
        self.column = QVBoxLayout()
        super().__init__(self.column)
        self.setObjectName("lesson")
        self.page, self.lesson, self.played = page, lesson, played
        self.goal = QLabel()
        self.goal.setObjectName("lesson_goal")
        self.goal.setWordWrap(True)
        font = self.goal.font()
        font.setBold(True)
        self.goal.setFont(font)
        self.text = QLabel()
        self.text.setObjectName("lesson_text")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.linkActivated.connect(page.open_rule)
        self.state = QLabel()
        self.state.setObjectName("lesson_state")
        self.again = QPushButton()
        self.again.setObjectName("lesson_again")
        self.again.clicked.connect(self.restart)
        self.next = QPushButton()
        self.next.setObjectName("lesson_next")
        self.next.clicked.connect(self.go_on)
        row = QHBoxLayout()
        row.addWidget(self.state, 1)
        row.addWidget(self.again)
        row.addWidget(self.next)
        for w in (self.goal, self.text):
            self.column.addWidget(w)
        self.column.addLayout(row)
        self.recorded = False
        page.teacher.script = lambda: played.next_step(page.actors)
        watch(self)

    def follow(self) -> None:
        """After every change: reached (remembered), missed, or still to play."""
        reached, missed = self.played.done(), self.played.missed()
        if reached and not self.recorded:
            mark_done(self.page.context, self.lesson)
            self.recorded = True
        self.state.setText(MESSAGES("reached" if reached else "missed" if missed else "playing"))
        self.next.setVisible(reached and self._following() is not None)

    def _following(self) -> Lesson | None:
        chain = lessons(self.lesson.game)
        index = chain.index(self.lesson)
        return chain[index + 1] if index + 1 < len(chain) else None

    def restart(self):
        window = self.page.window_
        window.back()
        return open_lesson(window, self.lesson)

    def go_on(self):
        following = self._following()
        if following is None:
            return None
        window = self.page.window_
        window.back()
        return open_lesson(window, following)

    def retranslate(self) -> None:
        tr = current()
        name = key(self.lesson)
        n = lessons(self.lesson.game).index(self.lesson) + 1
        self.setTitle(MESSAGES("panel", n=n, title=tr.lesson(name, "title")))
        self.goal.setText(MESSAGES("goal", goal=tr.lesson(name, "goal")))
        self.text.setText(" ".join(linked(sentence) for sentence in tr.lesson_text(name)))
        self.again.setText(MESSAGES("again"))
        self.again.setToolTip(MESSAGES("again_tip"))
        self.next.setText(MESSAGES("next"))
        self.next.setToolTip(MESSAGES("next_tip"))
        self.follow()


def open_lesson(window, lesson: Lesson):
    """The lesson's match page, its other seats played by the computer, not recorded."""
    from referee.games import game

    from .match.page import page_class

    played = lesson.match()
    computer = game(lesson.game).part("play").computers["heuristic"]
    players = {seat: computer(0) for seat in range(len(played.match.state.players)) if seat != lesson.seat}
    page = page_class(lesson.game)(window, played.match, computer=players, lesson=(lesson, played))
    return window.open(page)

