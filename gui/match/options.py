"""The options: every legal action of the player to act, grouped by kind, one button each.

The groups are the verbs the current step allows (the machine's rows for this state), so they
stay where a player looks for them. A verb with nothing legal now, and in guided mode each card
in hand that its verb may not play now, is shown greyed with the refusal and its rule id on hover
(`Match.explain`). The page's own controls (pass priority, next step) are not here. A referee-mode
option with a physical card to name (``deploy ?``) opens the naming dialog instead of applying at
once. What differs between games (verbs, their order, the cards each verb plays) is the game's
`GameView`. A verb whose option names a seat (Llamas: the field a card is played into) shows one
button per card under a choice of the field, rather than a button per card and field (eight
players would make forty buttons of a hand of five).

The panel shows a card only when the seat holding the screen may see it, as the rules say
(`Rules.visible`, through `referee.engine.sight.seen_by`): that seat is the player to act while the
page lets them act, and no seat otherwise (a computer's turn, the hand-over screen), when only what
every seat may see is shown. So a computer's options that would tell its hand are left out.

Each option reads as a sentence ("Use Lightning Blade by Kakashi Hatake", `describe.sentence`), the
card's number added only where two options would read alike. An option with a cost to pay in cards
is shown once, without its payment: taken, it applies the one payment possible, or puts the payment
picker in place of its verb's options, where the cards that pay are chosen on their tiles
(`gui.match.payment`). A greyed option says why under its button, the rule id a link to the rules
reference (`rule_clicked`). The first nine options that may be taken are numbered: the page's number
keys take them (`take`), or, while a payment is chosen, the picker's cards.

The groups and their buttons are made once and reused (a click changes texts, not widgets): building
and laying out new widgets after every click would cost more than everything else a click does.
"""

from __future__ import annotations

from typing import Callable

from html import escape

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QLabel, QPushButton,
                               QVBoxLayout, QWidget)

from localization import Messages, current
from referee.engine.action import Action
from referee.engine.sight import seen_by

from ..faces import face
from ..i18n import watch
from .describe import sentence, value
from .frames import FittingScroll, TitledFrame
from .game import GameView
from .payment import MESSAGES as PAYMENT, PaymentPicker, payers, several, unpaid


def _verbs(match, view: GameView) -> set[str]:
    """The verbs to show now: while an effect waits for an answer, only the answers (N-EFFECT-1);
    otherwise the step's own verbs, without those every step has and the page's own controls."""
    table = match.rules.table
    here = {row.verb for row in table.by_state[match.phase] if row.verb} - set(view.controls)
    answering = getattr(match.rules, "answering", None)
    only = answering(match.state) if answering is not None else None
    if only is None:
        return here - set(table.anywhere)
    return {verb for verb in here & set(only) if match.offers(verb)}


MESSAGES = Messages("gui.match.options", {
    "refused_tip": "{rule}: {message}",
    "refused_line": "{rule}: {message}",
    "numbered": "{n}. {text}",
    "none_in_hand": "No card in hand that this can play now.",
    "waiting": "Nothing to choose here now.",
    "name_tip": "Name the physical card from the catalogue, then confirm",
    "apply_tip": "Click, or press its number, to do this",
    "pick_tip": "Tick the cards, then confirm",
    "pick_charge": "Charge the ticked cards",
    "pick_discard": "Discard the ticked cards",
    "pick_team": "Form a team of the ticked Ninjas",
    "pick_choose": "Choose the ticked cards",
    "choice_title": "{verb}: {card}, {choice}",
    "seat_option": "Into the field of",
    "seat_option_tip": "The field the card goes into: the buttons below play into it",
})


#: the default viewer of the options: the player to act while the page lets them act, else no seat
ACTOR_IF_ALLOWED = object()


class _Option:
    """What one button shows and does: ``action`` None for a greyed option."""

    __slots__ = ("text", "name", "tip", "action", "naming", "rule", "reason", "paying")

    def __init__(self, text: str, name: str, tip: str, action: Action | None = None, naming: bool = False,
                 rule: str | None = None, reason: str = "", paying: tuple[Action, ...] = ()):
        self.text, self.name, self.tip, self.action, self.naming, self.rule = text, name, tip, action, naming, rule
        self.reason = reason  # why a greyed option may not be taken, shown under it (rich text)
        self.paying = paying  # the listed actions of an option shown without its payment, the first applied


class _Group(TitledFrame):
    """One verb's options: its buttons are reused from one display to the next; a verb whose
    option names a seat has the choice of that seat above them (``seats``)."""

    def __init__(self, panel: "OptionsPanel", verb: str):
        self.column = QVBoxLayout()
        super().__init__(self.column)
        self.panel = panel
        self.pool: list[QPushButton] = []
        self.reasons: list[QLabel] = []  # under each button of the pool: why it is greyed
        self.picker: QWidget | None = None
        self.seats: QComboBox | None = None
        if verb in panel.view.seat_option:
            row = QFormLayout()
            self.seats_label = QLabel()
            self.seats = QComboBox()
            self.seats.setObjectName(f"{verb}_seat")
            self.seats.currentIndexChanged.connect(lambda _: panel.retranslate())
            self.seats_label.setBuddy(self.seats)
            row.addRow(self.seats_label, self.seats)
            self.column.addLayout(row)

    def fill(self, options: list[_Option], picker: QWidget | None) -> list[QPushButton]:
        first = 0 if self.seats is None else 1
        while len(self.pool) < len(options):
            button = QPushButton()
            button.setAutoDefault(True)  # Return takes the option that has the keyboard focus
            button.clicked.connect(lambda _=False, b=button: self.panel._clicked(b))
            button.installEventFilter(self.panel)  # pointed at or focused: the option is in view
            reason = QLabel()
            reason.setObjectName("reason")
            reason.setWordWrap(True)
            reason.setTextFormat(Qt.TextFormat.RichText)
            reason.linkActivated.connect(self.panel.rule_clicked.emit)
            self.column.insertWidget(first + 2 * len(self.pool), button)
            self.column.insertWidget(first + 2 * len(self.pool) + 1, reason)
            self.pool.append(button)
            self.reasons.append(reason)
        for button, reason, option in zip(self.pool, self.reasons, options):
            button.setText(option.text)
            button.setObjectName(option.name)
            button.setToolTip(option.tip)
            button.setProperty("rule", option.rule)
            button.setEnabled(option.action is not None and self.panel._allowed)
            self.panel._options[button] = option
            button.show()
            reason.setText(option.reason)
            reason.setVisible(bool(option.reason))
        for button, reason in zip(self.pool[len(options):], self.reasons[len(options):]):
            button.hide()
            reason.hide()
        if self.picker is not None:
            if self.picker.isAncestorOf(self.panel.focusWidget()):  # the keyboard stays in the panel
                self.panel.setFocus(Qt.FocusReason.OtherFocusReason)
            self.column.removeWidget(self.picker)
            self.picker.hide()
            self.picker.deleteLater()  # a tick of it may be emitting the click that led here
        self.picker = picker
        if picker is not None:
            self.column.addWidget(picker)
        return self.pool[:len(options)]

    def seat(self, match, seat_name: Callable[[int], str], allowed: bool) -> str | None:
        """The seat chosen above the buttons (the actor's own at first), the choice refilled with
        the players' names in the active language; None for a verb without one."""
        combo = self.seats
        if combo is None:
            return None
        chosen = combo.currentData() or (str(match.actor + 1) if match.actor is not None else "1")
        combo.blockSignals(True)
        combo.clear()
        for k in range(len(match.state.players)):
            combo.addItem(seat_name(k), str(k + 1))
        combo.setCurrentIndex(max(0, combo.findData(chosen)))
        combo.blockSignals(False)
        combo.setEnabled(allowed)
        combo.setToolTip(MESSAGES("seat_option_tip"))
        self.seats_label.setText(MESSAGES("seat_option"))
        self.seats_label.setToolTip(MESSAGES("seat_option_tip"))
        return combo.currentData()


class OptionsPanel(FittingScroll):
    chosen = Signal(object)  # an Action to apply
    naming = Signal(object)  # an Action with cards to name
    rule_clicked = Signal(str)  # the rule id of a greyed option's reason, to read
    in_view = Signal(object)  # the Action of the option under the pointer or the keyboard focus (None: left)

    def __init__(self, card_name: Callable[[str], str], view: GameView,
                 seat_name: Callable[[int], str] | None = None, plain_name: Callable[[str], str] | None = None):
        """``view`` is the game's; ``seat_name`` names a seat's player
        (seats are "player 1", "player 2"... without it); ``card_name`` names a card with its number,
        ``plain_name`` without it (the options' sentences; ``card_name`` when not given)."""
        super().__init__()
        self.card_name = card_name
        self.plain_name = plain_name or card_name
        self.view = view
        self.seat_name = seat_name or (lambda k: current().player(k))
        self.buttons: list[QPushButton] = []
        self._options: dict[QPushButton, _Option] = {}
        box = QWidget()
        layout = QVBoxLayout(box)
        self.groups = {verb: _Group(self, verb) for verb in self.view.order}
        for group in self.groups.values():
            group.hide()
            layout.addWidget(group)
        self.waiting = QLabel()
        layout.addWidget(self.waiting)
        layout.addStretch(1)
        self.setWidget(box)
        self._match = None
        self._allowed = True
        self._viewer: int | None = None
        self._seen: frozenset[int] = frozenset()  # the instances the viewer may see
        self._hidden: frozenset[str] = frozenset()  # card numbers an option may not name (`_shows`)
        self._legal: list[Action] = []
        self._listed: set[Action] = set()
        self._shown = None
        #: the option being paid (without its payment) and the cards chosen (None: the listed ones)
        self._paying: tuple[Action, set[int] | None] | None = None
        self.payment: PaymentPicker | None = None  # its picker, while one is open
        watch(self)

    def display(self, match, allowed: bool = True, legal: list[Action] | None = None,
                viewer: int | None | object = ACTOR_IF_ALLOWED) -> None:
        """Draw the options of ``match``; ``allowed`` False greys everything (another seat's
        computer player, or the hand-over screen). ``legal`` is ``match.legal_actions()`` when the
        caller has it already. ``viewer`` is the seat holding the screen, whose eyes the cards shown
        are for; by default the player to act when ``allowed`` (the page lets them act), else no
        seat (only what every seat may see)."""
        legal = match.legal_actions() if legal is None else legal
        s = match.state
        actor = match.actor
        if viewer is ACTOR_IF_ALLOWED:
            viewer = actor if allowed else None
        zones = () if actor is None else tuple(
            tuple(s.instances[i] for i in getattr(s.players[actor], zone)) for zone in self.view.watched)
        key = (match.phase, actor, allowed, viewer, match.is_over(), tuple(map(str, legal)), zones,
               tuple(p.name for p in s.players))
        self._match, self._allowed, self._legal, self._viewer = match, allowed, legal, viewer
        if key != self._shown:  # most clicks change the options; the others need no redrawing
            self._shown = key
            self._paying = None  # a payment begun is for options that are gone
            self._sight(match)
            self.retranslate()

    def _sight(self, match) -> None:
        """What the viewer may see now (`seen_by`), and the card numbers no option may name: those
        of cards it may not see. For the actor's own options a number it also sees is fine (its
        options name its own cards); for anyone else an option naming a number any hidden card bears
        is left out, since it may be that card (a computer's hand)."""
        s = match.state
        self._seen = seen = seen_by(match.rules, s, self._viewer)
        unseen = {n for i, n in enumerate(s.instances) if i not in seen and n is not None}
        if self._viewer is not None and self._viewer == match.actor:
            unseen -= {s.instances[i] for i in seen}
        self._hidden = frozenset(unseen)

    def _shows(self, values) -> bool:
        """Whether options naming ``values`` (card numbers, ``N-012@2``, or anything else) may be
        shown to the viewer: none is the number of a card it may not see (`_sight`)."""
        hidden = self._hidden
        return not any(v.partition("@")[0] in hidden for v in values)

    def _shown_action(self, action: Action) -> bool:
        return self._shows(action.args) and all(self._shows(values) for _, values in action.opts)

    def retranslate(self) -> None:
        match = self._match
        if self.payment is not None and self._paying is not None:  # the cards chosen stay chosen
            self._paying = (self._paying[0], self.payment.chosen())
        self.payment = None
        self.buttons = []
        self._options = {}
        self._listed = set(self._legal)
        verbs: set[str] = set()
        legal: list[Action] = []
        if match is not None and not match.is_over():
            legal = [a for a in self._legal if a.verb not in self.view.controls and self._shown_action(a)]
            verbs = _verbs(match, self.view)
        for verb, group in self.groups.items():
            if verb not in verbs:
                group.hide()
                continue
            group.setTitle(self._title(match, verb))
            self.buttons += self._group(match, verb, group, [a for a in legal if a.verb == verb])
            group.show()
        self.waiting.setText(MESSAGES("waiting"))
        self.waiting.setVisible(not self.buttons)
        self._number()
        self.fit()

    def numbered(self) -> list[QPushButton]:
        """The options the number keys take, 1 first: the first nine that may be taken now; none
        while a payment is chosen (the keys choose its cards)."""
        if self.payment is not None:
            return []
        return [b for b in self.buttons if b.isEnabled() and b in self._options][:9]

    def _number(self) -> None:
        for n, button in enumerate(self.numbered(), 1):
            button.setText(MESSAGES("numbered", n=n, text=self._options[button].text))

    def take(self, n: int) -> bool:
        """Take the ``n``-th numbered option (a number key), or choose the ``n``-th card of the
        payment being chosen; False when there is none."""
        if self.payment is not None:
            return self.payment.toggle(n)
        buttons = self.numbered()
        if not 1 <= n <= len(buttons):
            return False
        buttons[n - 1].click()
        return True

    def _title(self, match, verb: str) -> str:
        """A verb's name; for an effect's choice, also the card asking and what it asks (N-EFFECT-1)."""
        pending = getattr(match.state, "pending", None)
        if verb != "choose" or not pending:
            return self.view.verb(verb)
        return MESSAGES("choice_title", verb=self.view.verb(verb), card=self.card_name(pending[0]["card"]),
                        choice=self.view.choice_name(pending[0]["kind"]))

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        """An option pointed at or given the keyboard focus is in view (the teacher foresees it)."""
        kind = event.type()
        if kind in (QEvent.Type.Enter, QEvent.Type.FocusIn) and watched in self._options:
            self.in_view.emit(self._options[watched].action)
        elif kind == QEvent.Type.Leave and watched in self._options and not watched.hasFocus():
            self.in_view.emit(None)
        return False

    def mark(self, action: Action) -> bool:
        """Give the keyboard focus to the option of ``action`` (a hint's): Return then takes it."""
        for button, option in self._options.items():
            if button.isVisible() and option.action is not None and action in (option.action, *option.paying):
                button.setFocus(Qt.FocusReason.OtherFocusReason)
                self.ensureWidgetVisible(button)
                return True
        return False

    def _clicked(self, button: QPushButton) -> None:
        option = self._options.get(button)
        if option is None or option.action is None:
            return
        if option.naming:
            self.naming.emit(option.action)
        elif not (option.paying and self._pay(list(option.paying))):
            self.chosen.emit(option.action)

    def _pay(self, listed: list[Action]) -> bool:
        """Open the payment picker of an option when its cost may be paid in several ways; False
        when the listed payment is the only one (it is applied at once)."""
        match = self._match
        numbers = [match.state.instances[i] for i in payers(match, self.view, listed[0], self._seen)]
        if not several(match, listed, numbers):
            return False
        self._paying = (unpaid(listed[0]), None)
        self.retranslate()
        picker = self.payment
        if picker is not None:
            picker.start()
            QTimer.singleShot(0, lambda: self.payment is picker and self.ensureWidgetVisible(picker))
        return True

    def _cancel_payment(self) -> None:
        """Back to the options, the keyboard on the option that was being paid."""
        key = self._paying[0] if self._paying is not None else None
        self._paying = None
        self.retranslate()
        button = next((b for b in self.buttons if key is not None and b.objectName() == str(key)), None)
        if button is not None:
            button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _payment(self, match, verb: str, options: list[_Option]) -> PaymentPicker | None:
        """The picker of the option of this verb being paid, if one is."""
        if self._paying is None or self._paying[0].verb != verb:
            return None
        key, chosen = self._paying
        listed = next((list(o.paying) for o in options if o.paying and unpaid(o.paying[0]) == key), None)
        if listed is None:
            self._paying = None
            return None
        # the tiles' faces are the application's, kept on its context: the main window's, which holds the page
        picker = PaymentPicker(match, listed, payers(match, self.view, listed[0], self._seen), self.view.pays[verb],
                               chosen, face=lambda number: face(self.window().context, number), say=self.say,
                               card_name=self.plain_name, refusal=lambda verdict: self._reason(verdict)[1])
        picker.confirmed.connect(self.chosen.emit)
        picker.cancelled.connect(self._cancel_payment)
        picker.rule_clicked.connect(self.rule_clicked.emit)
        self.payment = picker
        return picker

    def _group(self, match, verb: str, group: _Group, legal: list[Action]) -> list[QPushButton]:
        seat = group.seat(match, self.seat_name, self._allowed)
        options = [self._option(match, action, listed)
                   for action, listed in self._by_payment(verb, self._one_per_card(verb, seat, legal))]
        options += self._refused_cards(match, verb, legal, seat)
        self._tell_apart(options)
        picker = self._picker(match, verb) or self._payment(match, verb, options)
        if picker is not None and picker is self.payment:
            options = []  # the option being paid is the picker's title; Cancel shows the others again
        elif picker is None and not options:
            options.append(self._greyed(self.view.verb(verb), match.explain(Action(verb)), verb))
        shown = group.fill(options, picker)
        return shown + ([picker.confirm] if picker is not None else [])

    def say(self, action: Action, card_name: Callable[[str], str] | None = None) -> str:
        """An action as the options say it: a sentence, cards by name."""
        return sentence(action, card_name or self.plain_name, self.view.verb_kind, self.seat_name)

    def _tell_apart(self, options: list[_Option]) -> None:
        """Options that would read alike (two printings of one name) say their cards' numbers."""
        texts = [o.text for o in options]
        for option in options:
            if texts.count(option.text) > 1 and option.name:
                option.text = self.say(Action.parse(option.name), self.card_name)

    def _option(self, match, action: Action, listed: tuple[Action, ...] = ()) -> _Option:
        """A listed action's button, or that of an action shown without its payment (``listed``: the
        actions paying it, as listed); an action made for the chosen seat that is not listed is
        greyed with its refusal."""
        # one listed payment is said as the sentence goes on ("…paying with Kunai"); several, by the picker
        text = self.say(listed[0] if len(listed) == 1 else action)
        if action.needs_naming:
            return _Option(text, str(action), MESSAGES("name_tip"), action, True)
        if listed:
            return _Option(text, str(action), PAYMENT("option_tip"), listed[0], paying=listed)
        if action in self._listed:
            return _Option(text, str(action), MESSAGES("apply_tip"), action)
        return self._greyed(text, match.explain(action), str(action))

    def _by_payment(self, verb: str, actions: list[Action]) -> list[tuple[Action, tuple[Action, ...]]]:
        """The options to show, each with the listed actions it stands for: for a verb whose cost is
        paid in cards, one per action without its payment (``()`` for an action with nothing to pay);
        otherwise each action alone."""
        if verb not in self.view.pays:
            return [(action, ()) for action in actions]
        by_option: dict[Action, list[Action]] = {}
        for action in actions:
            by_option.setdefault(action if action.needs_naming else unpaid(action), []).append(action)
        return [(key, tuple(listed)) if len(listed) > 1 or listed[0].get("pay") else (listed[0], ())
                for key, listed in by_option.items()]

    def _one_per_card(self, verb: str, seat: str | None, legal: list[Action]) -> list[Action]:
        """The actions to show: as listed; for a verb whose option names a seat, each card once,
        into the chosen seat (`_option` greys it when that field does not take it)."""
        if seat is None:
            return legal
        key = self.view.seat_option[verb][0]
        out: list[Action] = []
        for action in legal:
            if action.needs_naming:  # the card is named later; it goes into the chosen field if it goes into one
                action = Action(action.verb, action.args, (*action.opts, (key, (seat,))))
            elif action.one(key) is not None:
                action = Action(action.verb, action.args, tuple((k, (seat,) if k == key else v) for k, v in action.opts))
            if action not in out:
                out.append(action)
        return out

    def _picker(self, match, verb: str) -> QWidget | None:
        """Several cards in one action (a charge, a discard, a new team, a choice of several
        cards): tick them, then confirm; the confirm button is enabled only when the referee
        accepts the ticked cards."""
        panel = self.view.panels.get(verb)
        if panel is not None:
            box = panel(match, self.card_name, self._allowed, self._viewer)
            box.chosen.connect(self.chosen.emit)
            return box
        if verb == "choose":
            return self._choice_picker(match)
        pick, s, actor = self.view.picks.get(verb), match.state, match.actor
        if pick is None or actor is None:
            return None
        cards = [i for i in getattr(s.players[actor], pick.zone) if i in self._seen
                 and s.instances[i] is not None and pick.takes(s.card(i))]
        if len(cards) < pick.least:
            return None
        numbers = [s.instances[i] for i in cards]
        return self._ticks(match, verb, numbers, [self.card_name(n) for n in numbers])

    def _choice_picker(self, match) -> QWidget | None:
        """A choice of several cards at once (discard any number, two targets...): its listed
        answers are some of the possible ones, the ticks give any other (L-CHAIN-2)."""
        pending = getattr(match.state, "pending", None)
        choice = pending[0] if pending else {}
        options = [o for o in choice.get("options", []) if self._shows((o,))]
        if choice.get("count", 1) <= 1 or len(options) < 2:
            return None
        return self._ticks(match, "choose", options, [value(o, self.card_name) for o in options])

    def _ticks(self, match, verb: str, values: list[str], labels: list[str]) -> QWidget:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        ticks = []
        for text, label in zip(values, labels):
            tick = QCheckBox(label)
            tick.setToolTip(MESSAGES("pick_tip"))
            tick.setEnabled(self._allowed)
            tick.setProperty("value", text)
            column.addWidget(tick)
            ticks.append(tick)
        confirm = QPushButton(MESSAGES(f"pick_{verb}"))
        confirm.setObjectName(f"pick_{verb}")
        column.addWidget(confirm)

        def action() -> Action:
            return Action(verb, tuple(t.property("value") for t in ticks if t.isChecked()))

        def judge() -> None:
            verdict = match.explain(action())
            confirm.setEnabled(self._allowed and verdict.legal)
            confirm.setToolTip(MESSAGES("pick_tip") if verdict.legal or not any(t.isChecked() for t in ticks)
                               else MESSAGES("refused_tip", rule=verdict.rule, message=current().refusal(
                                   verdict.rule, verdict.params, self.card_name)))

        for tick in ticks:
            tick.toggled.connect(judge)
        confirm.clicked.connect(lambda: self.chosen.emit(action()))
        judge()
        box.confirm = confirm
        return box

    def _refused_cards(self, match, verb: str, legal: list[Action], seat: str | None) -> list[_Option]:
        """In guided mode, the actor's hand cards the verb plays that it may not play now (into the
        chosen field, for a verb whose option names a seat)."""
        plays, s, actor = self.view.plays.get(verb), match.state, match.actor
        if plays is None or s.mode != "guided" or actor is None:
            return []
        playable = {a.args[0] for a in legal if a.args}
        key, takes = self.view.seat_option.get(verb, (None, None))
        out = []
        for number in dict.fromkeys(s.instances[i] for i in s.players[actor].hand if i in self._seen):
            card = s.cards.get(number)
            if card is None or not plays(card) or number in playable:
                continue
            opts = ((key, (seat,)),) if seat is not None and takes(card) else ()
            action = Action(verb, (number,), opts)
            out.append(self._greyed(self.say(action), match.explain(action), str(action)))
        return out

    def _greyed(self, text: str, verdict, name: str) -> _Option:
        """A greyed option, its reason under it (`_reason`)."""
        if verdict.legal or verdict.params.get("reason") == "unnamed":
            tip = MESSAGES("none_in_hand")
            return _Option(text, name, tip, rule=verdict.rule, reason=escape(tip))
        tip, line = self._reason(verdict)
        return _Option(text, name, tip, rule=verdict.rule, reason=line)

    def _reason(self, verdict) -> tuple[str, str]:
        """A refusal as a tooltip, and as a line under what it refuses: the rule id (a link to the
        rules reference) and the refusal's sentence (rich text)."""
        message = current().refusal(verdict.rule, verdict.params, self.card_name)
        link = f'<a href="{escape(verdict.rule)}">{escape(verdict.rule)}</a>'
        return (MESSAGES("refused_tip", rule=verdict.rule, message=message),
                MESSAGES("refused_line", rule=link, message=escape(message)))
