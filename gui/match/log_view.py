"""The match log in the active language: each action as the player chose it, then what the rules
did (the engine's log events), and every refusal with its rule id as a link to the rules reference.

Lines are appended as the match grows; an undo or a language switch redraws the whole log."""

from __future__ import annotations

import html
from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QTextBrowser

from localization import Messages, current

from ..i18n import watch
from .describe import label

MESSAGES = Messages("gui.match.log_view", {
    "action": "{n}. {player}: {action}",
    "refusal": "Refused ({rule}): {message}",
    "rule_tip": "Click a rule id to read the rule",
})


class LogView(QTextBrowser):
    rule_clicked = Signal(str)

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str]):
        super().__init__()
        self.card_name, self.player_name = card_name, player_name
        self.setOpenLinks(False)
        self.anchorClicked.connect(lambda url: self.rule_clicked.emit(url.path()))
        self._match = None
        self._actors: list[int | None] = []  # who took each action
        self.refusals: list[tuple[int, str, str]] = []  # (actions applied before, rule, message)
        self._shown = -1  # the last action drawn (0: the set-up)
        self._refusals_shown = 0
        watch(self)

    def display(self, match, actors: list[int | None]) -> None:
        self._match, self._actors = match, actors
        if len(match.history) < self._shown:  # an undo: the log lost its end
            self.refusals = [r for r in self.refusals if r[0] <= len(match.history)]
            self.retranslate()
        else:
            self._append()

    def add_refusal(self, rule: str, message: str) -> None:
        self.refusals.append((len(self._match.history) if self._match else 0, rule, message))
        self._append()

    def retranslate(self) -> None:
        self.setToolTip(MESSAGES("rule_tip"))
        self.clear()
        self._shown, self._refusals_shown = -1, 0
        self._append()

    def _append(self) -> None:
        """Draw the actions (each with its events) and refusals not drawn yet, in order."""
        match = self._match
        if match is None:
            return
        lines: list[str] = []
        by_action: dict[int, list] = {}
        for entry in match.log:
            if entry.index > self._shown:
                by_action.setdefault(entry.index, []).append(entry)
        for n in range(self._shown + 1, len(match.history) + 1):
            lines += self._refusals_until(n - 1)
            if n > 0:
                lines.append("<b>" + html.escape(MESSAGES(
                    "action", n=n, player=self._actor(n), action=label(match.history[n - 1], self.card_name))) + "</b>")
            lines += ["&nbsp;&nbsp;" + html.escape(current().event(e.key, e.params, self.player_name, self.card_name))
                      for e in by_action.get(n, [])]
        self._shown = len(match.history)
        lines += self._refusals_until(self._shown)
        if lines:
            self.append("<br>".join(lines))
            self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())

    def _actor(self, n: int) -> str:
        actor = self._actors[n - 1] if n - 1 < len(self._actors) else None
        return "—" if actor is None else self.player_name(actor)

    def _refusals_until(self, n: int) -> list[str]:
        out = []
        while self._refusals_shown < len(self.refusals) and self.refusals[self._refusals_shown][0] <= n:
            _, rule, message = self.refusals[self._refusals_shown]
            link = f'<a href="rule:{html.escape(rule)}">{html.escape(rule)}</a>'
            text = html.escape(MESSAGES("refusal", rule="\x00", message=message)).replace("\x00", link)
            out.append(f'<span style="color:#b03030">{text}</span>')
            self._refusals_shown += 1
        return out
