"""The options: every legal action of the player to act, grouped by kind, one button each.

The groups are the verbs the current step allows (the machine's rows for this state), so they
stay where a player looks for them. A verb with nothing legal now, and in guided mode each card
in hand that its verb may not play now, is shown greyed with the refusal and its rule id on hover
(`Match.explain`). Passing priority and going on to the next step are not here: they are separate
controls of the match page. A referee-mode option with a physical card to name (``deploy ?``)
opens the naming dialog instead of applying at once.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QGridLayout, QGroupBox, QLabel, QPushButton, QScrollArea, QVBoxLayout,
                               QWidget)

from localization import Messages, current
from referee.engine.action import Action

from ..i18n import watch
from .describe import details

MESSAGES = Messages("gui.match.options", {
    "refused_tip": "{rule}: {message}",
    "none_in_hand": "No card in hand that this can play now.",
    "waiting": "Nothing to choose here now.",
    "name_tip": "Name the physical card from the catalogue, then confirm",
    "apply_tip": "{notation}",
    "pick_tip": "Tick the cards, then confirm",
    "pick_charge": "Charge the ticked cards",
    "pick_discard": "Discard the ticked cards",
    "pick_team": "Form a team of the ticked Ninjas",
})

#: verbs in the order a player meets them; pass and next are the page's own controls
ORDER = ("first", "flip", "keep", "mulligan", "deploy", "grow", "mission", "counter", "charge", "client",
         "join", "team", "send", "block", "jutsu", "discard")
SEPARATE = frozenset({"pass", "next"})
#: the card type each verb plays from the hand (for greying the cards it may not play)
PLAYS = {"deploy": "Ninja", "grow": "Ninja", "mission": "Mission", "counter": "Mission", "client": "Client",
         "jutsu": "Jutsu"}
COLUMNS = 1
#: compound choices made by ticking cards: verb -> the zone of the actor's cards it takes
PICKS = {"charge": "hand", "discard": "hand", "team": "village"}


class OptionsPanel(QScrollArea):
    chosen = Signal(object)  # an Action to apply
    naming = Signal(object)  # an Action with cards to name

    def __init__(self, card_name: Callable[[str], str]):
        super().__init__()
        self.card_name = card_name
        self.setWidgetResizable(True)
        self.buttons: list[QPushButton] = []
        self._match = None
        self._allowed = True
        self._shown = None
        watch(self)

    def display(self, match, allowed: bool = True) -> None:
        """Draw the options of ``match``; ``allowed`` False greys everything (another seat's
        computer player, or the hand-over screen)."""
        s = match.state
        actor = match.actor
        hand = tuple(s.instances[i] for i in s.players[actor].hand) if actor is not None else ()
        village = tuple(s.instances[i] for i in s.players[actor].village) if actor is not None else ()
        key = (match.phase, actor, allowed, match.is_over(), tuple(map(str, match.legal_actions())), hand, village)
        self._match, self._allowed = match, allowed
        if key != self._shown:  # most clicks change the options; the others need no rebuilding
            self._shown = key
            self.retranslate()

    def retranslate(self) -> None:
        match = self._match
        box = QWidget()
        layout = QVBoxLayout(box)
        self.buttons = []
        if match is not None and not match.is_over():
            legal = [a for a in match.legal_actions() if a.verb not in SEPARATE]
            verbs = {row.verb for row in match.rules.table.by_state[match.phase] if row.verb}
            for verb in [v for v in ORDER if v in verbs]:
                group = self._group(match, verb, [a for a in legal if a.verb == verb])
                layout.addWidget(group)
        if not self.buttons:
            layout.addWidget(QLabel(MESSAGES("waiting")))
        layout.addStretch(1)
        old = self.takeWidget()
        if old is not None:  # a button of it may be emitting the click that led here
            old.deleteLater()
        self.setWidget(box)

    def _group(self, match, verb: str, legal: list[Action]) -> QGroupBox:
        tr = current()
        group = QGroupBox(tr.term("verb", verb))
        grid = QGridLayout(group)
        items: list[QPushButton] = []
        for action in legal:
            button = QPushButton(details(action, self.card_name) or tr.term("verb", verb))
            button.setObjectName(str(action))
            button.setEnabled(self._allowed)
            if action.needs_naming:
                button.setToolTip(MESSAGES("name_tip"))
                button.clicked.connect(lambda _=False, a=action: self.naming.emit(a))
            else:
                button.setToolTip(MESSAGES("apply_tip", notation=str(action)))
                button.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            items.append(button)
        items += self._refused_cards(match, verb, legal)
        picker = self._picker(match, verb)
        if picker is not None:
            grid.addWidget(picker, 1000, 0)
        elif not items:
            items.append(self._greyed(tr.term("verb", verb), match.explain(Action(verb)), verb))
        for i, button in enumerate(items):
            grid.addWidget(button, i // COLUMNS, i % COLUMNS)
            self.buttons.append(button)
        return group

    def _picker(self, match, verb: str) -> QWidget | None:
        """Several cards in one action (a charge, a discard, a new team): tick them, then confirm;
        the confirm button is enabled only when the referee accepts the ticked cards."""
        zone, s, actor = PICKS.get(verb), match.state, match.actor
        if zone is None or actor is None:
            return None
        cards = [i for i in getattr(s.players[actor], zone)
                 if s.instances[i] is not None and (verb != "team" or s.card(i).type == "Ninja")]
        if not cards or (verb == "team" and len(cards) < 2):
            return None
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        ticks = []
        for iid in cards:
            tick = QCheckBox(self.card_name(s.instances[iid]))
            tick.setToolTip(MESSAGES("pick_tip"))
            tick.setEnabled(self._allowed)
            tick.setProperty("number", s.instances[iid])
            column.addWidget(tick)
            ticks.append(tick)
        confirm = QPushButton(MESSAGES(f"pick_{verb}"))
        confirm.setObjectName(f"pick_{verb}")
        column.addWidget(confirm)

        def action() -> Action:
            return Action(verb, tuple(t.property("number") for t in ticks if t.isChecked()))

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
        self.buttons.append(confirm)
        return box

    def _refused_cards(self, match, verb: str, legal: list[Action]) -> list[QPushButton]:
        """In guided mode, the actor's hand cards of the verb's type that it may not play now."""
        kind, s, actor = PLAYS.get(verb), match.state, match.actor
        if kind is None or s.mode != "guided" or actor is None:
            return []
        playable = {a.args[0] for a in legal if a.args}
        out = []
        for number in dict.fromkeys(s.instances[i] for i in s.players[actor].hand):
            card = s.cards.get(number)
            if card is None or card.type != kind or number in playable:
                continue
            action = Action(verb, (number,))
            out.append(self._greyed(details(action, self.card_name), match.explain(action), str(action)))
        return out

    def _greyed(self, text: str, verdict, name: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setEnabled(False)
        if verdict.legal or verdict.params.get("reason") == "unnamed":
            button.setToolTip(MESSAGES("none_in_hand"))
        else:
            button.setToolTip(MESSAGES("refused_tip", rule=verdict.rule,
                                       message=current().refusal(verdict.rule, verdict.params, self.card_name)))
        button.setProperty("rule", verdict.rule)
        return button
