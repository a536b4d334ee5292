"""The teacher beside the options (issue 19): a hint for the player to act, with its reason, and
"before you commit", the Showdown the option under the pointer or the keyboard focus would produce.

Both come from the game's coach (`referee.engine.teacher.Coach`, the registry's ``play.coach``),
which reads only what the seat to act may see. Hints are for a guided match (the program holds the
cards) and for a human seat this screen shows; they can be switched off for the match, and the
page counts those asked (`MatchPage.hints_asked`, kept with the match's record).
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from localization import Messages, current
from referee.engine.action import Action
from referee.engine.match import Match
from referee.engine.teacher import Hint
from referee.games import of_match

from ..i18n import watch
from .frames import FittingScroll, TitledFrame

MESSAGES = Messages("gui.match.teacher", {
    "title": "Teacher",
    "hint": "Hint",
    "hint_tip": "What the computer player would do here, and why (H)",
    "hints_on": "Hints",
    "hints_on_tip": "Untick to play this match without hints; the match's record counts the hints asked",
    "hint_text": "{action}. {reason}",
    "no_hint_mode": "Hints need a guided match: in referee mode the cards are in the players' hands.",
    "no_hint_seat": "A hint is for the player to act on this screen.",
    "before": "Before you commit",
    "before_tip": "The Showdown the option under the pointer or the keyboard focus would produce, against "
                  "the answers the other player can visibly give",
    "before_none": "Point at a team to form, a send, a block or a Jutsu to see the Showdown it would produce.",
    "before_nothing": "No Showdown can be foreseen for this option.",
    "unblocked": "Not blocked: power {power}, it takes {rewards} ({rule}).",
    "blocked": "Blocked by {against}: {power} against {against_power}, {result} for {winner} ({rule}).",
    "blocked_draw": "Blocked by {against}: {power} against {against_power}, a draw ({rule}).",
    "skipped": "The Showdown is skipped.",
    # the reasons a hint gives (referee.games.*.coach)
    "send_wins": "Every block your opponent can make loses to this team (power {power}); the closest, {against}, "
                 "by {margin}.",
    "send_unblockable": "No team of your opponent can block it: it takes {rewards}.",
    "send_draw": "Unblocked it takes {rewards}; your opponent's best block, {against}, only makes a draw.",
    "send_risky": "Unblocked it takes {rewards}; blocked by {against} it would lose by {margin}, a risk worth taking.",
    "block_wins": "{lead} beats {on} by {margin}.",
    "block_draw": "{lead} holds {on} to a draw: no battle rewards for your opponent.",
    "block_saves": "{lead} loses to {on} by only {margin}, and the battle rewards stay yours.",
    "jutsu_wins": "With it your team wins the Showdown by {margin}.",
    "jutsu_draw": "With it the Showdown becomes a draw.",
    "jutsu": "It turns the Showdown your way.",
    "deploy": "The strongest Ninja you can pay for now: Combat {combat}, Support {support}.",
    "grow": "{card} is stronger than {over}.",
    "mission": "Your position is better once its effect is applied.",
    "counter": "It answers your opponent's card.",
    "charge": "Your hand is over its limit and {card} is the card you need least.",
    "discard": "{card} is the card you need least.",
    "use": "This ability is worth its cost now.",
    "client": "A Client helps you every turn it stays.",
    "join": "Together they make a stronger team.",
    "alone": "It fights better in a team of its own.",
    "keep": "Your hand has Ninjas you can put in play soon.",
    "mulligan": "Your hand has too few Ninjas you can put in play soon.",
    "first": "Going first lets you put Ninjas in play before your opponent.",
    "hold_back": "Every team you could still send loses more than it wins.",
    "let_through": "No block of yours wins or saves enough battle rewards.",
    "missions_done": "Nothing left in this phase improves your position.",
    "teams_ready": "Your teams are as they should be for the battle.",
    "no_jutsu": "No Jutsu of yours improves the Showdown.",
    "go_on": "Nothing else improves your position.",
    "best_answer": "It is the answer that serves you best.",
    "lesson_step": "It is this lesson's next step towards its goal.",
    "animal": "You then have {animals} of the {needed} you need.",
    "animal_wins": "It is the animal you lack to win.",
    "downgrade": "{player} is the closest to winning: slow them down.",
    "upgrade": "It helps you for as long as it stays.",
    "magic": "Its effect helps you more than the others.",
    "instant": "{on} would help an opponent too much, or hurt you.",
    "let_it_be": "{on} does not hurt you enough to spend an Instant on it.",
    "draw": "No card of yours does more now.",
})

#: the hint parameters naming a card by its number, and those naming a seat
CARD_KEYS = frozenset({"card", "lead", "on", "against", "user", "over"})
SEAT_KEYS = frozenset({"player"})


def hint_text(hint, card_name: Callable[[str], str], player_name: Callable[[int], str],
              say: Callable[[Action], str]) -> str:
    """A hint as a sentence: its action as the options say it, then its reason, cards and players
    by name, battle rewards counted in the language's plural."""
    params = {}
    for key, value in hint.params.items():
        if key in CARD_KEYS and isinstance(value, str):
            value = card_name(value)
        elif key in SEAT_KEYS:
            value = player_name(value)
        elif key == "rewards":
            value = current().plural("rewards", value)
        params[key] = value
    return MESSAGES("hint_text", action=say(hint.action), reason=MESSAGES(hint.reason, **params))


class TeacherPanel(FittingScroll):
    """The hint button, the hint's text, and the Showdown foreseen for the option in view, in a
    titled frame that scrolls when the page gives it little room."""

    hinted = Signal(object)  # the Action a hint suggests, for the options to mark
    noted = Signal(bool, int)  # hints switched on or off, or one asked: (allowed, asked), for the record

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str],
                 say: Callable[[Action], str]):
        """``card_name`` names a card, ``player_name`` a seat's player, ``say`` an action as the
        options' sentence."""
        super().__init__()
        self.column = QVBoxLayout()
        self.frame = TitledFrame(self.column)
        self.setWidget(self.frame)
        self.card_name, self.player_name, self.say = card_name, player_name, say
        self.button = QPushButton()
        self.button.setObjectName("hint")
        self.button.clicked.connect(self.ask)
        self.enabled = QCheckBox()
        self.enabled.setObjectName("hints_on")
        self.enabled.setChecked(True)
        self.enabled.toggled.connect(self._switched)
        row = QHBoxLayout()
        row.addWidget(self.button)
        row.addWidget(self.enabled)
        row.addStretch(1)
        self.column.addLayout(row)
        self.text = QLabel()
        self.text.setObjectName("hint_text")
        self.text.setWordWrap(True)
        self.column.addWidget(self.text)
        self.before = QLabel()
        self.before.setObjectName("before_heading")
        font = self.before.font()
        font.setItalic(True)
        self.before.setFont(font)
        self.foreseen = QLabel()
        self.foreseen.setObjectName("foreseen")
        self.foreseen.setWordWrap(True)
        self.foreseen.setTextFormat(Qt.TextFormat.PlainText)
        self.column.addWidget(self.before)
        self.column.addWidget(self.foreseen)
        self.column.addStretch(1)
        self.asked = 0  # the hints asked in this match
        #: a lesson's own next step while the learner follows its solution (`LessonMatch.next_step`)
        self.script: Callable[[], Action | None] | None = None
        self._match: Match | None = None
        self._allowed = False
        self._key = None
        self._in_view: Action | None = None
        self._hint: Hint | None = None  # the hint shown for this position (worded anew in each language)
        watch(self)

    # --- the page tells --------------------------------------------------------------------------
    def display(self, match: Match, allowed: bool) -> None:
        """A new position; ``allowed``: the player to act is a human seat this screen shows."""
        key = (len(match.history), match.phase, match.actor)
        if key != self._key:
            self._key = key
            self.text.clear()
            self._hint = None
            self._in_view = None
        self._match, self._allowed = match, allowed
        self._available()
        self._show_foreseen()

    def in_view(self, action: Action | None) -> None:
        """The option under the pointer or the keyboard focus: its Showdown, foreseen."""
        self._in_view = action
        self._show_foresight()

    @property
    def coach(self):
        return None if self._match is None else of_match(self._match).part("play").coach

    # --- hints -------------------------------------------------------------------------------------
    def restore(self, allowed: bool, asked: int) -> None:
        """A resumed match's hints as its record keeps them."""
        self.asked = asked
        self.enabled.blockSignals(True)
        self.enabled.setChecked(allowed)
        self.enabled.blockSignals(False)
        self._available()

    def _switched(self, on: bool) -> None:
        self._available()
        self.noted.emit(on, self.asked)

    def _available(self) -> None:
        match = self._match
        guided = match is not None and match.state.mode == "guided"
        on = self.enabled.isChecked()
        self.button.setEnabled(guided and on and self._allowed and not match.is_over() and self.coach is not None)
        why = "" if guided else MESSAGES("no_hint_mode")
        if guided and not self._allowed:
            why = MESSAGES("no_hint_seat")
        self.button.setToolTip(MESSAGES("hint_tip") + (f"\n{why}" if why else ""))

    def ask(self) -> None:
        """The hint for the player to act: the action as the options say it, and its reason."""
        if not self.button.isEnabled():
            return
        step = self.script() if self.script is not None else None
        hint = Hint(step, "lesson_step") if step is not None else self.coach.hint(self._match)
        self.asked += 1
        self.noted.emit(True, self.asked)
        self._hint = hint
        self._show_hint()
        self.hinted.emit(hint.action)
        self.in_view(hint.action)  # before committing to it, its Showdown too

    # --- before you commit -------------------------------------------------------------------------
    def _show_hint(self) -> None:
        if self._hint is not None:
            self.text.setText(hint_text(self._hint, self.card_name, self.player_name, self.say))

    def _foresees(self) -> bool:
        """Whether the game has anything to foresee (its coach names verbs)."""
        coach = self.coach
        return coach is not None and bool(coach.foresees)

    def _show_foreseen(self) -> None:
        shown = self._foresees()
        self.before.setVisible(shown)
        self.foreseen.setVisible(shown)
        self._show_foresight()

    def _show_foresight(self) -> None:
        if self._foresees():
            self.foreseen.setText(self._foresight())
        self.fit()  # the panel's texts changed: their wrapped height too

    def _foresight(self) -> str:
        action = self._in_view
        if not self._allowed or action is None or action.verb not in self.coach.foresees:
            return MESSAGES("before_none")
        outcomes = self.coach.foresee(self._match, action)
        return "\n".join(self.line(f) for f in outcomes) or MESSAGES("before_nothing")

    def line(self, f) -> str:
        """One foreseen Showdown as a sentence."""
        tr = current()
        if f.result == "skipped":
            return MESSAGES("skipped")
        if f.result == "unblocked":
            return MESSAGES("unblocked", power=f.power, rewards=tr.plural("rewards", f.rewards), rule=f.rule)
        against = self.card_name(f.against) if f.against else "—"
        if f.result == "draw":
            return MESSAGES("blocked_draw", against=against, power=f.power, against_power=f.against_power,
                            rule=f.rule)
        winner = self.card_name(f.lead) if f.attacker_wins else against
        return MESSAGES("blocked", against=against, power=f.power, against_power=f.against_power,
                        result=tr.term("outcome", f.result), winner=winner, rule=f.rule)

    def retranslate(self) -> None:
        self.frame.setTitle(MESSAGES("title"))
        self.button.setText(MESSAGES("hint"))
        self.enabled.setText(MESSAGES("hints_on"))
        self.enabled.setToolTip(MESSAGES("hints_on_tip"))
        self.before.setText(MESSAGES("before"))
        self.before.setToolTip(MESSAGES("before_tip"))
        self._available()
        self._show_hint()
        self._show_foresight()
