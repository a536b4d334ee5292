"""The recorded matches: resume an unfinished one (`ContinuePage`), or browse them all, replay,
export and import them and read one game's statistics: per deck and player, by seat and by length
(`HistoryPage`).

Every applied action is recorded as it happens (`cards.records`), so a match interrupted by a crash
is listed here like any other unfinished one. The pages only read records; resuming hands the uid to
the main window, which opens the match page. The lists are read again whenever a page is shown, so
coming back from a match or a replay shows what changed meanwhile.

A club records thousands of matches, so the lists read them a page at a time as they scroll into
view (`gui.tables.PagedRowsView` over `cards.records.page_matches`), sorted by the database, and the
statistics are counted by the database (`cards.records.game_statistics`) when their tab is shown: a
page opens as fast with five thousand matches as with five. They count the game the user chose on the
tab, else the game of the newest finished match (`cards.records.latest_game`): a club that plays one
game sees its statistics first.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout,
                               QWidget)

from cards import records
from cards.db import StorageError
from cards.records import RecordError
from localization import Messages, current
from referee.games import DEFAULT

from .i18n import watch
from .pages import Page
from .recorded import match_columns
from .replay import ReplayPage
from .stats import StatsView
from .tables import PagedRowsView

MESSAGES = Messages("gui.history", {
    "continue_title": "Continue a match",
    "continue_heading": "Unfinished matches, newest first. Every action was recorded as it was played, "
                        "so a match interrupted by a crash carries on from its last action.",
    "continue_empty": "No unfinished match is recorded.",
    "continue": "Continue",
    "continue_tip": "Resume the selected match at its last recorded action (or double-click it)",
    "unfinished_tip": "The unfinished matches; select one to continue it",
    "history_title": "Match history",
    "matches_tab": "Matches",
    "matches_tab_tip": "Every recorded match, its replay, export and import",
    "stats_tab": "Statistics",
    "stats_tab_tip": "One game's finished matches: games, wins and average turns per deck and per player, "
                     "win rates by seat and game lengths",
    "show": "Show:",
    "filter_tip": "Which recorded matches to list",
    "filter_all": "All matches",
    "filter_finished": "Finished matches",
    "filter_unfinished": "Unfinished matches",
    "matches_tip": "The recorded matches; select one to replay or export it (double-click replays it)",
    "history_empty": "No recorded match to show.",
    "replay": "Replay",
    "replay_tip": "Step through the selected match action by action",
    "export": "Export…",
    "export_tip": "Save the selected match as a JSON file, to keep it or open it on another computer",
    "import": "Import…",
    "import_tip": "Add a match from a JSON file written by Export",
    "export_caption": "Export the match",
    "import_caption": "Import a match",
    "json_filter": "Exported matches (*.json);;All files (*)",
    "exported": "Saved the match to {file}.",
    "imported": "Imported the match {uid} ({actions}).",
    "extended": "The match {uid} was stored with fewer actions: now {actions}.",
    "unchanged": "The match {uid} is already stored; nothing changed.",
    "cannot_read": "Cannot read {file}: {detail}",
    "cannot_write": "Cannot write {file}: {detail}",
    "not_json": "{file} is not a JSON file (line {line}, column {column}: {detail}).",
    "bad_file": "{file} is not a valid exported match: {detail}. Nothing was imported.",
})

#: the history's filter: message key -> `records.page_matches`'s ``finished`` argument
FILTERS = {"filter_all": None, "filter_finished": True, "filter_unfinished": False}


def _documents() -> str:
    return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)


class _MatchesPage(Page):
    """What both pages share: a newest-first table of matches read from the database a page at a time,
    a line saying when it is empty and a status line for results and errors."""

    COLUMNS: tuple[str, ...] = ()
    EMPTY = ""

    def __init__(self, window):
        super().__init__()
        self.window_ = window
        self.table = PagedRowsView(match_columns(*self.COLUMNS), self.fetch, self.locate, key=lambda m: m.uid)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self.selection_changed())
        self.table.failed.connect(self.say_error)
        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    @property
    def db(self):
        return self.window_.context.database()

    def finished(self) -> bool | None:
        """Which matches the page lists: the finished (True), the unfinished (False) or all (None)."""
        raise NotImplementedError

    def fetch(self, offset: int, limit: int, order: str, descending: bool) -> list[records.MatchInfo]:
        """A page of the matches listed, in the table's order (`PagedRowsView`)."""
        return records.page_matches(self.db, self.finished(), order=order, descending=descending, offset=offset,
                                    limit=limit)

    def locate(self, uid: str, order: str, descending: bool) -> int | None:
        """Where the match ``uid`` stands in the table's order (None: not listed)."""
        return records.match_place(self.db, uid, self.finished(), order=order, descending=descending)

    def reload(self, select: str | None = None) -> None:
        """Read the matches again, keeping the selection (or selecting the match ``select``)."""
        current_ = self.table.current()
        wanted = select or (current_.uid if current_ else None)
        try:
            self.table.load(wanted)
        except (StorageError, RecordError) as err:
            self.say_error(err)
            self.table.clear()
        listed = self.table.rows_model.rowCount() > 0
        self.table.setVisible(listed)
        self.empty.setVisible(not listed)
        self.selection_changed()

    def selection_changed(self) -> None:
        raise NotImplementedError

    def say(self, key: str, **params) -> None:
        self.status.setText(MESSAGES(key, **params))

    def say_error(self, err: Exception) -> None:
        self.status.setText(current().error(err, self.window_.context.card_name))

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.reload()

    def retranslate(self) -> None:
        self.table.retranslate()
        self.empty.setText(MESSAGES(self.EMPTY))


class ContinuePage(_MatchesPage):
    """The unfinished matches; "Continue" asks the main window to resume the selected one."""

    COLUMNS = ("started", "players", "format", "mode", "turn", "actions")
    EMPTY = "continue_empty"

    def __init__(self, window):
        super().__init__(window)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.table.doubleClicked.connect(lambda _: self.resume())
        self.resume_button = QPushButton()
        self.resume_button.setObjectName("continue")
        self.resume_button.setDefault(True)
        self.resume_button.clicked.connect(self.resume)
        buttons = QHBoxLayout()
        buttons.addWidget(self.resume_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        watch(self)

    def finished(self) -> bool | None:
        return False

    def selection_changed(self) -> None:
        self.resume_button.setEnabled(self.table.current() is not None)

    def resume(self) -> None:
        match = self.table.current()
        if match is None:
            return
        try:
            self.window_.resume_match(match.uid)
        except (StorageError, RecordError) as err:
            self.say_error(err)

    def title(self) -> str:
        return MESSAGES("continue_title")

    def retranslate(self) -> None:
        super().retranslate()
        self.heading.setText(MESSAGES("continue_heading"))
        self.table.setToolTip(MESSAGES("unfinished_tip"))
        self.resume_button.setText(MESSAGES("continue"))
        self.resume_button.setToolTip(MESSAGES("continue_tip"))


class HistoryPage(_MatchesPage):
    """Every recorded match (filtered by whether it is over) and the statistics tab."""

    COLUMNS = ("started", "players", "decks", "format", "mode", "winner", "reason", "turns")
    EMPTY = "history_empty"

    def __init__(self, window):
        super().__init__(window)
        self.filter = QComboBox()
        self.filter.setObjectName("filter")
        self.filter.addItems([""] * len(FILTERS))
        self.filter.currentIndexChanged.connect(lambda _: self.reload())
        self.show_label = QLabel()
        self.show_label.setBuddy(self.filter)
        self.table.doubleClicked.connect(lambda _: self.replay())
        self.buttons = {}
        for key, slot in (("replay", self.replay), ("export", self.export), ("import", self.import_)):
            button = self.buttons[key] = QPushButton()
            button.setObjectName(key)
            button.clicked.connect(slot)
        self.stats = StatsView()
        self.stats.game_chosen.connect(self.choose_game)
        self.stats_game: str | None = None  # the game chosen on the statistics tab (None: not yet)
        top = QHBoxLayout()
        top.addWidget(self.show_label)
        top.addWidget(self.filter)
        top.addStretch(1)
        bottom = QHBoxLayout()
        for button in self.buttons.values():
            bottom.addWidget(button)
        bottom.addStretch(1)
        matches = QWidget()
        column = QVBoxLayout(matches)
        column.addLayout(top)
        column.addWidget(self.table, 1)
        column.addWidget(self.empty, 1)
        column.addLayout(bottom)
        column.addWidget(self.status)
        self.tabs = QTabWidget()
        self.tabs.addTab(matches, "")
        self.tabs.addTab(self.stats, "")
        self.stats_stale = True  # counted again when next shown
        self.tabs.currentChanged.connect(lambda _: self.show_stats())
        QVBoxLayout(self).addWidget(self.tabs)
        watch(self)

    def finished(self) -> bool | None:
        return list(FILTERS.values())[self.filter.currentIndex()]

    def reload(self, select: str | None = None) -> None:
        super().reload(select)
        self.stats_stale = True
        self.show_stats()

    def show_stats(self) -> None:
        """Count the statistics if their tab is shown and they were not counted since the last
        reload (a page opening on its matches counts them only when the tab is chosen)."""
        if not self.stats_stale or self.tabs.currentWidget() is not self.stats:
            return
        try:
            game = self.stats_game or records.latest_game(self.db) or DEFAULT
            self.stats.show_stats(records.game_statistics(self.db, game))
        except StorageError as err:
            self.say_error(err)
        else:
            self.stats_stale = False

    def choose_game(self, game: str) -> None:
        """Count the statistics of the game chosen on their tab (and keep to it)."""
        self.stats_game = game
        self.stats_stale = True
        self.show_stats()

    def selection_changed(self) -> None:
        chosen = self.table.current() is not None
        self.buttons["replay"].setEnabled(chosen)
        self.buttons["export"].setEnabled(chosen)

    # --- actions ------------------------------------------------------------------------------
    def replay(self) -> None:
        match = self.table.current()
        if match is not None:
            self.window_.open(ReplayPage(self.window_, match.uid))

    def export(self) -> None:
        match = self.table.current()
        if match is None:
            return
        default = str(Path(_documents()) / f"match-{match.uid[:8]}.json")
        path, _ = QFileDialog.getSaveFileName(self, MESSAGES("export_caption"), default, MESSAGES("json_filter"))
        if not path:
            return
        try:
            text = json.dumps(records.export_match(self.db, match.uid), ensure_ascii=False, indent=1) + "\n"
            Path(path).write_text(text, encoding="utf-8")
        except (StorageError, RecordError) as err:
            self.say_error(err)
        except OSError as err:
            self.say("cannot_write", file=path, detail=err.strerror or err)
        else:
            self.say("exported", file=path)

    def import_(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, MESSAGES("import_caption"), _documents(), MESSAGES("json_filter"))
        if not path:
            return
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
            result = records.import_match(self.db, data, cards=self.window_.context.engine_cards)
        except json.JSONDecodeError as err:
            self.say("not_json", file=path, line=err.lineno, column=err.colno, detail=err.msg)
        except (OSError, UnicodeDecodeError) as err:
            self.say("cannot_read", file=path, detail=getattr(err, "strerror", None) or err)
        except RecordError as err:
            self.say("bad_file", file=path, detail=current().error(err))
        except StorageError as err:
            self.say_error(err)
        else:
            self.say(result.status, uid=result.uid, actions=current().plural("actions", result.actions))
            self.filter.setCurrentIndex(0)  # the imported match may be of either kind
            self.reload(select=result.uid)

    # --- texts --------------------------------------------------------------------------------
    def title(self) -> str:
        return MESSAGES("history_title")

    def retranslate(self) -> None:
        super().retranslate()
        for i, key in enumerate(FILTERS):
            self.filter.setItemText(i, MESSAGES(key))
        self.filter.setToolTip(MESSAGES("filter_tip"))
        self.show_label.setText(MESSAGES("show"))
        self.show_label.setToolTip(MESSAGES("filter_tip"))
        self.table.setToolTip(MESSAGES("matches_tip"))
        for key, button in self.buttons.items():
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
        for i, key in enumerate(("matches_tab", "stats_tab")):
            self.tabs.setTabText(i, MESSAGES(key))
            self.tabs.setTabToolTip(i, MESSAGES(f"{key}_tip"))
