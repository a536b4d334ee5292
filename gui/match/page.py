"""The match page of any game: phase tracker, the board, the options, the game's tabs (chain,
Showdown...) and the log, and the controls that are always there (the game's own: pass priority,
next step), undo and redo.

What every game shares lives here: the adapter (the only object that changes the match), the hot
seat (the acting player's hand is hidden behind a "hand the device to …" screen whenever the seat to
act changes), computer players (who act through the same adapter after a short pause so that their
moves can be followed), the status line, refusals, undo over chance, and the game-over message. A
game's page (`gui.naruto.page.NarutoPage`, `gui.llamas.page.LlamasPage`) gives its board, its
tabs and its `GameView`; `page_class` picks it for a match.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QMenu, QMessageBox, QPushButton, QScrollArea, QSplitter,
                               QStackedWidget, QTabWidget, QToolButton, QVBoxLayout, QWidget)

from localization import Messages, current
from referee.engine.action import Action
from referee.engine.match import Match
from referee.games import game as game_entry

from ..i18n import watch
from ..pages import Page
from .adapter import MatchAdapter
from .describe import seat_player
from .game import GameView
from .log_view import LogView
from .options import OptionsPanel
from .phases import PhaseTracker
from .teacher import TeacherPanel

MESSAGES = Messages("gui.match.page", {
    "title": "Match: {one} against {two}",
    "title_many": "Match: {players}",
    "pass": "Pass priority",
    "pass_tip": "Pass priority to the other player (P)",
    "next": "Next step",
    "next_tip": "End this step and go on to the next (N)",
    "no_instant": "Pass: no Instant",
    "no_instant_tip": "Let the card on top of the pile stand without answering it with an Instant (P)",
    "undo": "Undo",
    "undo_tip": "Take back the last action (Ctrl+Z)",
    "redo": "Redo",
    "redo_tip": "Apply again the action taken back (Ctrl+Shift+Z)",
    "not_now": "{rule}: {message}",
    "to_act": "{name} to act — {step}",
    "thinking": "{name} (computer) is thinking…",
    "refused": "Refused — {rule}: {message}",
    "chain_tab": "Chain",
    "chain_tab_tip": "The links of the chain, numbered, and how each one settled",
    "pile_tab": "Chain",
    "pile_tab_tip": "The cards being played (the instant pile) and the links of the chain of effects still open",
    "showdown_tab_tip": "The arithmetic of the last Showdown and what followed",
    "log_tab_tip": "Every action and result of the match",
    "showdown_tab": "Showdown",
    "log_tab": "Log",
    "handover": "Hand the device to {name}.",
    "handover_hint": "The other player looks away: the next screen shows {name}'s hand.",
    "handover_button": "I am {name}: show my hand",
    "handover_tip": "Only {name} should see the next screen",
    "undo_chance_title": "Step back over chance?",
    "undo_chance": "The last action drew cards, shuffled or flipped a coin. At the table this cannot be "
                   "taken back unseen. Undo it anyway?",
    "auto_pass": "Not responding",
    "auto_pass_tip": "Tick a player who says they will not respond: priority passes for them until unticked",
    "auto_pass_seat": "{name} will not respond: pass for them",
    "rematch": "Rematch",
    "rematch_tip": "The same players, decks and opponents again, shuffled anew",
    "replay": "Replay",
    "replay_tip": "Go through this match again, step by step",
    "statistics": "Statistics",
    "statistics_tip": "Win rates by deck and by player over every recorded match",
    "over_title": "Game over",
    "over": "{winner} wins. {rule}: {reason}",
    "over_draw": "Nobody wins. {rule}: {reason}",
    "over_all_lose": "Every player loses. {rule}: {reason}",
    "leave_title": "Leave the match?",
    "lost_title": "Match taken over elsewhere",
    "keep_copy": "Keep playing in a copy",
    "leave": "The match is saved after every action; you can continue it later from the start screen.",
})

#: a control's keyboard shortcut, by verb
SHORTCUTS = {"pass": "P", "next": "N"}
PASS = Action("pass")


class MatchPage(Page):
    #: the game's description for the shared widgets; set by each game's page
    view: GameView
    #: the message key of each control's text (its tip is the key with ``_tip``), by verb
    control_texts = {"pass": "pass", "next": "next"}
    #: the game-over message when nobody wins
    no_winner = "over_draw"

    def __init__(self, window, match: Match, *, uid: str | None = None, computer: dict | None = None,
                 hot_seat: bool = False, delay_ms: int = 400, lesson: tuple | None = None):
        """``computer`` maps seats to computer players (``choose(match) -> Action``); in guided mode
        without ``hot_seat`` every hand but the computers' is shown. ``lesson``: the lesson and its
        `LessonMatch` when the match is one (`gui.lessons`): its panel shows above the board."""
        super().__init__()
        self.lesson = None
        self.window_ = window
        self.context = window.context
        self.adapter = MatchAdapter(match, uid)
        self.computer = dict(computer or {})
        self.hot_seat = hot_seat
        self.delay_ms = delay_ms
        self.revealed: int | None = None  # the seat whose hand the hot seat shows now
        self.actors = self.adapter.actors
        self.phases = PhaseTracker(self.view)
        self.board = self.make_board(self.context)
        self.options = OptionsPanel(self.card_name, self.view, self.player_name, self.plain_card_name)
        self.options.rule_clicked.connect(self.open_rule)
        self.teacher = TeacherPanel(self.card_name, self.player_name, self.options.say)
        self.options.in_view.connect(self.teacher.in_view)
        self.teacher.hinted.connect(self.options.mark)
        if uid is not None:  # the record keeps the hints: a resumed match has them as they were
            from cards.records import get_match

            info = get_match(self.context.database(), uid)
            self.teacher.restore(info.hints_allowed, info.hints_asked)
            self.teacher.noted.connect(self._note_hints)
        self.log = LogView(self.card_name, self.player_name, self.view)
        self.log.rule_clicked.connect(self.open_rule)
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.controls: dict[str, QPushButton] = {}
        for verb in self.view.controls:
            button = self.controls[verb] = QPushButton()
            button.setObjectName(verb)
            button.clicked.connect(lambda _=False, v=verb: self.choose(Action(v)))
            QShortcut(QKeySequence(SHORTCUTS[verb]), self, button.click)
        self.pass_button = self.controls.get("pass")
        self.next_button = self.controls.get("next")
        #: the seats whose players said they will not respond: the page passes for them (`forced`)
        self.auto_pass: set[int] = set()
        self.auto_pass_button = QToolButton()
        self.auto_pass_button.setObjectName("auto_pass")
        self.auto_pass_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.auto_pass_button.setMenu(QMenu(self.auto_pass_button))
        self.auto_pass_actions = []
        for seat in range(len(match.state.players)):
            action = self.auto_pass_button.menu().addAction("")
            action.setCheckable(True)
            action.toggled.connect(lambda on, k=seat: self.set_auto_pass(k, on))
            self.auto_pass_actions.append(action)
        self.undo_button, self.redo_button = QPushButton(), QPushButton()
        self.undo_button.clicked.connect(self.undo)
        self.redo_button.clicked.connect(self.redo)
        keys = {}  # each key once: two shortcuts on one key would both stay silent (the platform's
        # redo is one of Ctrl+Y and Ctrl+Shift+Z)
        for key, slot in ((QKeySequence.StandardKey.Undo, self.undo), (QKeySequence.StandardKey.Redo, self.redo),
                          ("Ctrl+Shift+Z", self.redo), ("Ctrl+Y", self.redo), ("Space", self._go_on)):
            keys.setdefault(QKeySequence(key).toString(), slot)
        for key, slot in keys.items():
            QShortcut(QKeySequence(key), self, slot)
        QShortcut(QKeySequence("H"), self, self.teacher.ask)
        for n in range(1, 10):  # the numbered options
            QShortcut(QKeySequence(str(n)), self, lambda n=n: self.options.take(n))
        self.tabs = QTabWidget()
        self.tab_keys = [*self.make_tabs(), (self.log, "log_tab")]
        for widget, _ in self.tab_keys:
            self.tabs.addTab(widget, "")
        self.tabs.setCurrentWidget(self.log)
        if lesson is not None:
            from ..lessons import LessonPanel

            self.lesson = LessonPanel(self, *lesson)
        self._build()
        self.options.chosen.connect(self.choose)
        self.options.naming.connect(self.name_cards)
        self.adapter.changed.connect(self.refresh)
        self.adapter.refused.connect(self._refused)
        self.adapter.lost.connect(self._lost)
        self.adapter.finished.connect(self._finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._computer_move)
        watch(self)
        self.refresh()

    # --- what each game's page gives ------------------------------------------------------------
    @classmethod
    def make_board(cls, context) -> QWidget:
        """The board: a widget with ``display(state, hidden, acting)`` (``hidden``: the seats whose
        hand it must not show); the replay page shows the same one."""
        raise NotImplementedError

    def make_tabs(self) -> list[tuple[QWidget, str]]:
        """The tabs before the log: (widget, message key of its title; its tip is the key + ``_tip``)."""
        return []

    def display_tabs(self, match: Match) -> QWidget | None:
        """Redraw the game's tabs after a change; the tab to bring into view, if one has news (a
        chain opened, a Showdown worked out), else None."""
        return None

    def _show_tabs(self, match: Match) -> None:
        """A tab with news comes into view by itself; the log when a chain closes (`in_play`)."""
        news = self.display_tabs(match)
        if news is not None:
            self.tabs.setCurrentWidget(news)

    def board_scroll(self) -> QScrollArea:
        scroll = QScrollArea()
        scroll.setWidget(self.board)
        scroll.setWidgetResizable(True)
        return scroll

    def _build(self) -> None:
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.options)
        right.addWidget(self.teacher)
        right.addWidget(self.tabs)
        right.setSizes([250, 200, 230])
        middle = QSplitter(Qt.Orientation.Horizontal)
        middle.addWidget(self.board_scroll())
        middle.addWidget(right)
        middle.setSizes([760, 520])
        self.handover = QWidget()
        self.handover_text, self.handover_hint = QLabel(), QLabel()
        self.handover_button = QPushButton()
        self.handover_button.setObjectName("handover")
        self.handover_button.clicked.connect(self._reveal)
        column = QVBoxLayout(self.handover)
        column.addStretch(1)
        for w in (self.handover_text, self.handover_hint, self.handover_button):
            column.addWidget(w, 0, Qt.AlignmentFlag.AlignCenter)
        column.addStretch(1)
        font = self.handover_text.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        self.handover_text.setFont(font)
        self.center = QStackedWidget()
        self.center.addWidget(middle)
        self.center.addWidget(self.handover)
        controls = QHBoxLayout()
        controls.addWidget(self.status, 1)
        for b in (*self.controls.values(), self.auto_pass_button, self.undo_button, self.redo_button):
            controls.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        if self.lesson is not None:
            layout.addWidget(self.lesson)
        layout.addWidget(self.phases)
        layout.addWidget(self.center, 1)
        layout.addLayout(controls)

    # --- reading ------------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.adapter.match

    def card_name(self, number: str) -> str:
        return self.context.card_name(number)

    def plain_card_name(self, number: str) -> str:
        """A card's name in the active language, without its number (the options' sentences)."""
        return self.context.cards(self.match.rules.game).name(number, current().lang) or number

    def player_name(self, seat: int) -> str:
        return seat_player(self.match.state.players, seat)

    def _hidden(self) -> set[int]:
        """Seats whose hand is not shown: in hot seat, all but the revealed one (all of them while
        the device is handed over, so that no hand is left drawn behind the hand-over screen);
        otherwise the computers'."""
        seats = set(range(len(self.match.state.players)))
        if self.hot_seat:
            if self._waiting_for_handover():
                return seats
            return seats - ({self.revealed} if self.revealed is not None else set())
        return set(self.computer)

    def viewers(self) -> frozenset[int]:
        """The seats whose eyes the screen is for: those whose hands it shows (`_hidden`). The log
        names to them only the cards they may read."""
        return frozenset(range(len(self.match.state.players))) - self._hidden()

    def _waiting_for_handover(self) -> bool:
        """The hot seat hands the screen over to a new player to act, unless all they may do is
        taken for them (`forced`)."""
        actor = self.match.actor
        return (self.hot_seat and actor is not None and actor not in self.computer and actor != self.revealed
                and self.forced() is None)

    def forced(self) -> Action | None:
        """What a human seat to act is left to do when all it may do is pass or go on (a window with
        nothing to answer with, a step with nothing to do), or passing for a player who said they
        will not respond (`auto_pass`): the page takes it for them, so nobody clicks through empty
        windows and the hot seat hands the screen over only for a decision."""
        match = self.match
        if match.actor is None or match.actor in self.computer or match.is_over():
            return None
        legal = match.legal_actions()
        if match.actor in self.auto_pass and PASS in legal:
            return PASS
        return legal[0] if len(legal) == 1 and legal[0].verb in self.view.controls else None

    def set_auto_pass(self, seat: int, on: bool) -> None:
        """A player said they will not respond (or takes it back): priority passes for them."""
        (self.auto_pass.add if on else self.auto_pass.discard)(seat)
        self.auto_pass_actions[seat].setChecked(on)
        self.refresh()

    # --- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        match, actor = self.match, self.match.actor
        self.phases.display(match.phase)
        self.board.display(match.state, self._hidden(), actor)
        handing_over = self._waiting_for_handover()
        if handing_over:
            self._handover_texts()
        self.center.setCurrentWidget(self.handover if handing_over else self.center.widget(0))
        human = actor is not None and actor not in self.computer and not handing_over
        legal_actions = match.legal_actions()
        self.options.display(match, human, legal_actions)
        self.teacher.display(match, human)
        if self.lesson is not None:
            self.lesson.follow()
        self._show_tabs(match)
        self.log.display(match, self.actors, self.viewers())
        legal = {str(a) for a in legal_actions} if human else set()
        for verb, button in self.controls.items():
            self._control(button, verb, verb in legal)
        self.undo_button.setEnabled(match.can_undo and not handing_over)
        self.redo_button.setEnabled(match.can_redo and not handing_over)
        self._status()
        if actor in self.computer and not match.is_over():
            self._timer.start(self.delay_ms)
        elif self.forced() is not None:
            self._timer.start(0)

    def _control(self, button: QPushButton, verb: str, legal: bool) -> None:
        button.setEnabled(legal)
        tip = MESSAGES(f"{self.control_texts[verb]}_tip")
        if legal or self.match.actor is None:
            button.setToolTip(tip)
        else:
            verdict = self.match.explain(verb)
            button.setToolTip(tip + "\n" + MESSAGES(
                "not_now", rule=verdict.rule, message=current().refusal(verdict.rule, verdict.params, self.card_name)))

    def _status(self) -> None:
        match, actor = self.match, self.match.actor
        outcome = match.outcome()
        if outcome is not None:
            self.status.setText(self._outcome_text(outcome))
        elif actor in self.computer:
            self.status.setText(MESSAGES("thinking", name=self.player_name(actor)))
        elif actor is not None:
            self.status.setText(MESSAGES("to_act", name=self.player_name(actor), step=self.view.step_name(match.phase)))

    def _outcome_text(self, outcome) -> str:
        tr = current()
        reason = tr.rule_field(outcome.rule, "title") or tr.rule_field(outcome.rule, "summary")
        if outcome.winner is None:
            return MESSAGES(self.no_winner, rule=outcome.rule, reason=reason)
        return MESSAGES("over", winner=self.player_name(outcome.winner), rule=outcome.rule, reason=reason)

    def retranslate(self) -> None:
        texts = [(b, self.control_texts[v]) for v, b in self.controls.items()]
        for button, key in (*texts, (self.undo_button, "undo"), (self.redo_button, "redo")):
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
        for i, (_, key) in enumerate(self.tab_keys):
            self.tabs.setTabText(i, MESSAGES(key))
            self.tabs.setTabToolTip(i, MESSAGES(f"{key}_tip"))
        self.auto_pass_button.setText(MESSAGES("auto_pass"))
        self.auto_pass_button.setToolTip(MESSAGES("auto_pass_tip"))
        for seat, action in enumerate(self.auto_pass_actions):
            action.setText(MESSAGES("auto_pass_seat", name=self.player_name(seat)))
            action.setVisible(seat not in self.computer)
        self.refresh()

    def _handover_texts(self) -> None:
        actor = self.match.actor
        name = self.player_name(actor) if actor is not None else ""
        self.handover_text.setText(MESSAGES("handover", name=name))
        self.handover_hint.setText(MESSAGES("handover_hint", name=name))
        self.handover_button.setText(MESSAGES("handover_button", name=name))
        self.handover_button.setToolTip(MESSAGES("handover_tip", name=name))

    def title(self) -> str:
        players = self.match.state.players
        if len(players) == 2:
            return MESSAGES("title", one=self.player_name(0), two=self.player_name(1))
        return MESSAGES("title_many", players=", ".join(self.player_name(k) for k in range(len(players))))

    # --- acting -------------------------------------------------------------------------------
    def _note_hints(self, allowed: bool, asked: int) -> None:
        from cards.records import note_hints

        note_hints(self.context.database(), self.adapter.uid, allowed=allowed, asked=asked)

    def choose(self, action: Action) -> bool:
        if self.match.actor in self.computer or self._waiting_for_handover():
            return False
        return self.adapter.apply(action)

    def name_cards(self, template: Action) -> None:
        from .naming import NamingDialog

        dialog = NamingDialog(self.context, self.match, template, self.adapter.apply, self.view, self)
        self.naming_dialog = dialog
        dialog.open()

    def _go_on(self) -> None:
        """Space: pass priority, or go on to the next step, whichever may be done now."""
        for button in (self.pass_button, self.next_button):
            if button is not None and button.isEnabled():
                button.click()
                return

    def undo(self) -> None:
        if not self.match.can_undo or self._waiting_for_handover():
            return
        if self.adapter.undo_crosses_chance():
            answer = QMessageBox.question(self, MESSAGES("undo_chance_title"), MESSAGES("undo_chance"))
            if answer != QMessageBox.StandardButton.Yes:
                return
        self._timer.stop()
        self.adapter.undo()
        # undoing into a computer's turn or a forced move would replay it at once: step back to a
        # human's decision
        while (self.match.actor in self.computer or self.forced() is not None) and self.match.can_undo:
            self.adapter.undo()

    def redo(self) -> None:
        if not self._waiting_for_handover():
            self.adapter.redo()

    def _computer_move(self) -> None:
        """The computer's move, or the one a human seat is left with (`forced`), when its turn comes."""
        actor = self.match.actor
        if actor in self.computer and not self.match.is_over():
            self.adapter.apply(self.computer[actor].choose(self.match))
        elif (forced := self.forced()) is not None:
            self.adapter.apply(forced)

    def _reveal(self) -> None:
        self.revealed = self.match.actor
        self.refresh()

    def _refused(self, err) -> None:
        message = current().refusal(err.rule, err.params, self.card_name)
        self.status.setText(MESSAGES("refused", rule=err.rule, message=message))
        self.log.add_refusal(err.rule, message)

    def _finished(self, outcome) -> None:
        """Game over: the result, and what players do next: a rematch, the replay, the statistics
        (a lesson's panel says how the lesson went instead)."""
        self._timer.stop()
        if self.lesson is not None:
            return
        box = QMessageBox(QMessageBox.Icon.Information, MESSAGES("over_title"), self._outcome_text(outcome),
                          QMessageBox.StandardButton.Close, self)
        box.setObjectName("game_over")
        self.game_over_buttons = {}
        for key, slot in (("rematch", self.rematch), ("replay", self.replay), ("statistics", self.statistics)):
            button = box.addButton(MESSAGES(key), QMessageBox.ButtonRole.ActionRole)
            button.setObjectName(key)
            button.setToolTip(MESSAGES(f"{key}_tip"))
            button.clicked.connect(slot)
            self.game_over_buttons[key] = button
        self.game_over_buttons["rematch"].setEnabled(self._rematch_match(0) is not None)
        self.game_over = box
        box.open()

    def _rematch_match(self, seed: int) -> Match | None:
        return game_entry(self.match.rules.game).part("play").rematch(self.match, seed)

    def rematch(self) -> MatchPage | None:
        """The same players, decks and opponents again, shuffled anew, on a new match page."""
        seed = random.randrange(2 ** 31)
        match = self._rematch_match(seed)
        if match is None:
            return None
        from cards.records import get_match

        info = get_match(self.context.database(), self.adapter.uid)
        computer = computer_players(match.rules.game, {k: p.kind for k, p in self.computer.items()}, seed)
        return self.window_.open_match(match, players=info.players, decks=info.decks, computer=computer,
                                       hot_seat=self.hot_seat)

    def replay(self):
        """This match's replay, step by step."""
        from ..replay import ReplayPage

        return self.window_.open(ReplayPage(self.window_, self.adapter.uid))

    def statistics(self):
        """The statistics of every recorded match, this one counted."""
        from ..history import HistoryPage

        page = self.window_.open(HistoryPage(self.window_))
        page.tabs.setCurrentWidget(page.stats)
        return page

    def open_rule(self, rule: str) -> None:
        from ..rules_browser import RulesBrowser

        page = self.window_.open(RulesBrowser(self.window_))
        page.show_rule(rule)

    def leave(self) -> bool:
        """Stop the computer players and let the match's record go (every action is written
        already), so that it opens anywhere without a question."""
        from cards.records import release

        self._timer.stop()
        release(self.adapter.match)
        return True

    def _lost(self, err) -> None:
        """Another window or computer took the match over: this page no longer records it. The
        player may keep what was played here in a copy, or close the page."""
        from cards.records import Recorder, get_match

        self._timer.stop()
        box = QMessageBox(QMessageBox.Icon.Warning, MESSAGES("lost_title"), current().error(err),
                          QMessageBox.StandardButton.Close, self)
        copy = box.addButton(MESSAGES("keep_copy"), QMessageBox.ButtonRole.AcceptRole)
        box.exec()
        if box.clickedButton() is not copy:
            self.window_.back()
            return
        db = self.context.database()
        info = get_match(db, self.adapter.uid)
        self.adapter.uid = Recorder(db).record(self.adapter.match, players=info.players, decks=info.decks,
                                               computers={k: p.kind for k, p in self.computer.items()})
        self.refresh()


def computer_players(game: str, kinds: dict[int, str], seed: int) -> dict:
    """The computer players of a match by seat (0-based), each kind made as the game's engine makes
    it (`referee.games`), seeded ``seed`` plus its seat: the new-match page makes them so, and a
    resumed match makes them again the same way."""
    computers = game_entry(game).part("play").computers
    return {seat: computers[kind](seed + seat) for seat, kind in kinds.items() if kind in computers}


def page_class(game: str) -> type[MatchPage]:
    """The match page of ``game`` (a match's ``rules.game``, a record's ``game``)."""
    return game_entry(game).part("page")
