"""Replaying a recorded match step by step: the position after any number of its actions, the
match log up to there in the active language, and each action as a sentence.

`cards.records.replay` rebuilds the match from its initial position and recorded actions, then the
match's own undo and redo are the steps, so ``replay.match.log`` and its position are always the
current step's. The log is an item model rendered on demand: only the lines on screen are put into
words, so stepping through a long match stays quick, and a language switch only redraws.

The position is the match page's board of the match's game with every hand shown (a replay hides
nothing), under a line saying where the turn stands.
"""

from __future__ import annotations

from functools import reduce

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
                               QSlider, QSplitter, QStyle, QVBoxLayout, QWidget)

from cards import records
from cards.db import StorageError
from cards.records import RecordError
from localization import Messages, current
from localization.text import caption
from referee.engine.action import Action
from referee.engine.match import Match
from referee.engine.teacher import review
from referee.games import DEFAULT, game as game_entry

from .i18n import watch
from .match.describe import sentence
from .match.log_view import LogView
from .match.page import page_class
from .match.teacher import hint_text
from .pages import Page
from .recorded import MESSAGES as RECORDED, played_format, players, rule, seat_name, when, winner

MESSAGES = Messages("gui.replay", {
    "title": "Replay: {players}",
    "heading": "{players} · {started} · {format}, {mode} · {result} · {hints}",
    "hints_asked": "hints asked: {n}",
    "hints_off": "hints off",
    "result": "{winner} ({rule})",
    "first": "First",
    "first_tip": "The initial position, before any action (Home)",
    "back": "Back",
    "back_tip": "One action back (Left arrow)",
    "forward": "Forward",
    "forward_tip": "One action forward (Right arrow)",
    "last": "Last",
    "last_tip": "The position after the last recorded action (End)",
    "slider_tip": "Drag to any step of the match",
    "step": "Step {step} of {last}",
    "step_tip": "How many of the match's recorded actions are applied",
    "start": "The initial position, before any action.",
    "action": "Action {seq}: {player} — {action}",
    "nobody": "the referee",
    "log_tip": "The match log up to this step: each action, then what it did",
    "position_tip": "The position after the current step",
    "turn": "Turn {turn} · {step}",
    "role": "{role}: {name}",
    "to_act": "To act: {actor}",
    "joined": "{first} · {second}",
    "over": "Game over: {result}",
    "chain": "Links in the chain: {links}",
    "review": "Turning points",
    "review_tip": "First the decisions where doing as the hint said would have left the acting player better "
                  "placed, then those where their standing changed most, each with the hint they could have "
                  "had; double-click one to see its position",
    "review_guided": "A review needs a guided match: in referee mode the program does not know the cards in "
                     "the players' hands.",
    "point": "Action {seq}, {player}: {action} (standing {before:+.1f} → {after:+.1f})",
    "point_hint": "The hint there: {hint} (standing {hinted:+.1f})",
    "point_followed": "The hint would have said the same.",
    "no_points": "No decision to review.",
})


class ReplayPage(Page):
    #: button key -> (standard icon, keyboard shortcut)
    BUTTONS = {
        "first": (QStyle.StandardPixmap.SP_MediaSkipBackward, Qt.Key.Key_Home),
        "back": (QStyle.StandardPixmap.SP_MediaSeekBackward, Qt.Key.Key_Left),
        "forward": (QStyle.StandardPixmap.SP_MediaSeekForward, Qt.Key.Key_Right),
        "last": (QStyle.StandardPixmap.SP_MediaSkipForward, Qt.Key.Key_End),
    }

    def __init__(self, window, uid: str):
        super().__init__()
        self.window_ = window
        self.context = window.context
        self.uid = uid
        self.replay: records.Replay | None = None
        self.error = ""
        try:
            self.replay = records.replay(self.context.database(), uid, cards=self.context.engine_cards)
        except (StorageError, RecordError) as err:
            self.error = current().error(err)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        controls = QHBoxLayout()
        moves = {"first": lambda: 0, "back": lambda: self.step - 1, "forward": lambda: self.step + 1,
                 "last": lambda: len(self.replay)}
        for key, (icon, key_code) in self.BUTTONS.items():
            button = self.buttons[key] = QPushButton(self.style().standardIcon(icon), "")
            button.setObjectName(key)
            button.clicked.connect(lambda _=False, to=moves[key]: self.go(to()))
            shortcut = QShortcut(QKeySequence(key_code), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(button.click)
            controls.addWidget(button)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(self.replay) if self.replay is not None else 0)
        self.slider.valueChanged.connect(self.go)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrow keys are the page's shortcuts
        controls.addWidget(self.slider, 1)
        self.step_label = QLabel()
        controls.addWidget(self.step_label)
        self.review_button = QPushButton()
        self.review_button.setObjectName("review")
        self.review_button.clicked.connect(self.show_review)
        controls.addWidget(self.review_button)
        self.points = QListWidget()
        self.points.setObjectName("turning_points")
        self.points.setWordWrap(True)
        self.points.itemActivated.connect(lambda item: self.go(item.data(Qt.ItemDataRole.UserRole)))
        self.points.hide()
        self.turning: list | None = None
        self.action_label = QLabel()
        self.action_label.setWordWrap(True)
        self.situation_label = QLabel()
        self.situation_label.setWordWrap(True)
        game = page_class(self.replay.info.game if self.replay is not None else DEFAULT)
        self.view = game.view
        self.board = game.make_board(self.context)
        board_scroll = QScrollArea()
        board_scroll.setWidgetResizable(True)
        board_scroll.setWidget(self.board)
        position = QWidget()
        column = QVBoxLayout(position)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.situation_label)
        column.addWidget(board_scroll, 1)
        column.addWidget(self.points)
        self.log_view = LogView(self.card_name, self.player_name, self.view)
        self.log = self.log_view.log
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(position)
        split.addWidget(self.log_view)
        split.setSizes([760, 520])
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(controls)
        layout.addWidget(self.action_label)
        layout.addWidget(split, 1)
        for widget in (*self.buttons.values(), self.slider):
            widget.setEnabled(self.replay is not None)
        self.review_button.setEnabled(self.replay is not None and self.replay.match.state.mode == "guided")
        watch(self)

    # --- names ----------------------------------------------------------------------------------
    def player_name(self, seat: int) -> str:
        return seat_name(self.replay.info, seat)

    def actor_name(self, seat: int | None) -> str:
        return MESSAGES("nobody") if seat is None else self.player_name(seat)

    def card_name(self, number: str) -> str:
        return self.context.card_name(number)

    # --- stepping -------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.replay.step if self.replay is not None else 0

    def go(self, step: int) -> None:
        """Show the position after ``step`` actions (clamped to the match's)."""
        if self.replay is None:
            return
        self.replay.go(max(0, min(step, len(self.replay))))
        self.refresh()

    def refresh(self) -> None:
        replay = self.replay
        self.slider.blockSignals(True)
        self.slider.setValue(replay.step)
        self.slider.blockSignals(False)
        self.buttons["first"].setEnabled(replay.step > 0)
        self.buttons["back"].setEnabled(replay.step > 0)
        self.buttons["forward"].setEnabled(replay.step < len(replay))
        self.buttons["last"].setEnabled(replay.step < len(replay))
        self.step_label.setText(MESSAGES("step", step=replay.step, last=len(replay)))
        last = replay.last
        self.action_label.setText(MESSAGES("start") if last is None else MESSAGES(
            "action", seq=last.seq, player=self.actor_name(last.actor),
            action=sentence(Action.parse(last.notation), self.card_name, self.view.verb_kind, self.player_name)))
        self.log_view.display(replay.match, [a.actor for a in replay.actions])
        self.situation_label.setText(self.situation())
        self.board.display(replay.match.state, hidden=frozenset(), acting=replay.match.actor)

    def situation(self) -> str:
        """Where the turn stands at the current step (the board shows the cards)."""
        match, state = self.replay.match, self.replay.match.state
        outcome = match.outcome()
        if outcome is not None:
            step = MESSAGES("over", result=self.result(outcome.winner, outcome.rule))
            lines = [MESSAGES("turn", turn=state.turn, step=step)]
        else:
            game = game_entry(self.replay.info.game)
            roles = [MESSAGES("role", role=caption(current().term(game.term("role"), role)), name=self.player_name(seat))
                     for role, seat in game.part("play").table(state).roles]  # the Naruto CCG's attacker
            lines = [MESSAGES("turn", turn=state.turn, step=self.view.step_name(state.phase)),
                     reduce(lambda first, second: MESSAGES("joined", first=first, second=second),
                            [*roles, MESSAGES("to_act", actor=self.actor_name(match.actor))])]
        if state.chain:
            lines.append(MESSAGES("chain", links=len(state.chain)))
        return "\n".join(lines)

    # --- the review -------------------------------------------------------------------------------
    def show_review(self) -> None:
        """The match's turning points (`referee.engine.teacher.review`) for the seats the computer
        did not play, listed under the board; each one leads to the position before it."""
        if self.turning is None:
            replay = self.replay
            whole = Match.from_json(replay.match.rules, {"initial": replay.match.to_json()["initial"],
                                                         "history": [a.notation for a in replay.actions]},
                                    replay.match.state.cards)
            humans = [k for k in range(len(whole.state.players)) if k not in replay.info.computers]
            coach = game_entry(replay.info.game).part("play").coach
            self.turning = review(whole, coach, seats=humans or None)
        self.points.show()
        self._list_points()

    def _list_points(self) -> None:
        if self.turning is None:
            return
        self.points.clear()
        verbs = self.view.verb_kind

        def say(action):
            return sentence(action, self.card_name, verbs, self.player_name)

        for point in self.turning:
            text = MESSAGES("point", seq=point.index + 1, player=self.player_name(point.seat),
                            action=say(point.action), before=point.before, after=point.after)
            hint = MESSAGES("point_followed") if point.followed else MESSAGES(
                "point_hint", hint=hint_text(point.hint, self.card_name, self.player_name, say), hinted=point.hinted)
            item = QListWidgetItem(f"{text}\n{hint}")
            item.setData(Qt.ItemDataRole.UserRole, point.index)
            self.points.addItem(item)
        if not self.turning:
            self.points.addItem(MESSAGES("no_points"))

    def result(self, seat: int | None, rule_id: str) -> str:
        name = RECORDED("no_winner") if seat is None else self.player_name(seat)
        return MESSAGES("result", winner=name, rule=rule(rule_id))

    # --- texts ----------------------------------------------------------------------------------
    def title(self) -> str:
        return MESSAGES("title", players=players(self.replay.info)) if self.replay is not None else MESSAGES("title", players=self.uid)

    def retranslate(self) -> None:
        for key, button in self.buttons.items():
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
        self.slider.setToolTip(MESSAGES("slider_tip"))
        self.review_button.setText(MESSAGES("review"))
        guided = self.replay is not None and self.replay.match.state.mode == "guided"
        self.review_button.setToolTip(MESSAGES("review_tip") if guided else MESSAGES("review_guided"))
        self._list_points()
        self.step_label.setToolTip(MESSAGES("step_tip"))
        last = len(self.replay) if self.replay is not None else 0
        widest = MESSAGES("step", step=last, last=last)  # the label keeps its width while stepping
        self.step_label.setMinimumWidth(self.step_label.fontMetrics().horizontalAdvance(widest) + 4)
        self.log_view.setToolTip(MESSAGES("log_tip"))
        self.board.setToolTip(MESSAGES("position_tip"))
        self.situation_label.setToolTip(MESSAGES("position_tip"))
        if self.replay is None:
            self.heading.setText(self.error)
            return
        info = self.replay.info
        result = self.result(info.winner, info.reason) if info.is_finished else winner(info)
        self.heading.setText(MESSAGES("heading", players=players(info), started=when(info.started),
                                      format=played_format(info),
                                      mode=current().term("mode", info.mode), result=result,
                                      hints=MESSAGES("hints_asked", n=info.hints_asked) if info.hints_allowed
                                      else MESSAGES("hints_off")))
        self.log_view.retranslate()
        self.refresh()
