"""The chain view: the links of the open chain (or of the last one), numbered in the order they
were added, each with its card, user, targets and paid cost, and once settled its result; and who
has priority. The links are read from the match log, which records each link as it is added and
each result as the chain settles last in first out (N-CHAIN-4 to N-CHAIN-6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from localization import Messages

from ..i18n import watch

MESSAGES = Messages("gui.naruto.chain_view", {
    "number": "#",
    "card": "Card",
    "player": "Player",
    "user": "User",
    "targets": "Targets",
    "paid": "Paid",
    "result": "Result",
    "pending": "waiting",
    "applied": "applied (settled {n} of {total})",
    "failed": "failed, {rule} (settled {n} of {total})",
    "priority": "Priority: {name}. Passing twice in a row settles the chain, last card first.",
    "no_chain": "No chain yet this turn.",
    "closed": "Last chain, settled last card first.",
    "none": "—",
})

_ADDS = ("jutsu_used", "mission_played")


@dataclass
class Link:
    position: int
    player: int
    card: str
    user: str | None
    targets: list[str]
    paid: list[str]
    result: str | None = None  # "applied" or "failed"
    rule: str | None = None
    settled: int | None = None  # 1 for the first link settled (the last one added)


@dataclass
class Chain:
    links: list[Link] = field(default_factory=list)
    closed: bool = False


def chains(log) -> list[Chain]:
    """Every chain of the log, in order."""
    out: list[Chain] = []
    settled = 0
    for entry in log:
        key, params = entry.key, entry.params
        if key in _ADDS:
            if not out or out[-1].closed:
                out.append(Chain())
                settled = 0
            links = out[-1].links
            links.append(Link(len(links) + 1, params["player"], params["card"], params.get("user"),
                              list(params.get("targets", [])), list(params.get("paid", []))))
        elif key in ("link_applied", "card_failed") and out:
            link = out[-1].links[params["link"] - 1]
            settled += 1
            link.result = "applied" if key == "link_applied" else "failed"
            link.rule = params.get("rule")
            link.settled = settled
        elif key == "chain_closed" and out:
            out[-1].closed = True
    return out


class ChainView(QWidget):
    COLUMNS = ("number", "card", "player", "user", "targets", "paid", "result")

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str]):
        super().__init__()
        self.card_name, self.player_name = card_name, player_name
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # every column shares the width, long names wrapping: no sideways scrolling
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.table)
        self._match = None
        self.chain: Chain | None = None
        watch(self)

    def display(self, match) -> None:
        self._match = match
        self.retranslate()

    def _cards(self, numbers) -> str:
        return ", ".join(self.card_name(n.split("@")[0]) for n in numbers) or MESSAGES("none")

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([MESSAGES(c) for c in self.COLUMNS])
        self.table.setToolTip(MESSAGES("closed"))
        match = self._match
        if match is None:
            return
        s = match.state
        found = chains(match.log)
        self.chain = found[-1] if found else None
        if s.chain:
            self.status.setText(MESSAGES("priority", name=self.player_name(s.priority)))
        else:
            self.status.setText(MESSAGES("closed") if self.chain else MESSAGES("no_chain"))
        links = self.chain.links if self.chain else []
        self.table.setRowCount(len(links))
        for row, link in enumerate(links):
            if link.result is None:
                result = MESSAGES("pending")
            else:
                result = MESSAGES(link.result, rule=link.rule, n=link.settled, total=len(links))
            cells = (str(link.position), self.card_name(link.card), self.player_name(link.player),
                     self.card_name(link.user) if link.user else MESSAGES("none"),
                     self._cards(link.targets), self._cards(link.paid), result)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, col, item)
