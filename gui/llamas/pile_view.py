"""The instant pile and the chain of effects, as they stand: the cards being played, bottom first
(the card played in the Action phase, then each Instant answering the one below it, L-CARD-1) with
who may answer the top one now; then the links of the chain, numbered, first to resolve first, each
with its effects and how far each has got (L-CHAIN-1, L-CHAIN-2); and the choice the rules wait for.

One tree over a Qt item model: the pile's cards and the links are rows, a link's effects its
children. What has resolved is told by the log; this view shows what is still open.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QHeaderView, QLabel, QTreeView, QVBoxLayout, QWidget

from localization import Messages, current

from ..faces import Face
from ..i18n import watch
from ..tile_paint import STRIP
from ..tiles import CardTile

MESSAGES = Messages("gui.llamas.pile_view", {
    "number": "#",
    "card": "Card",
    "player": "Player",
    "detail": "Detail",
    "pile": "Cards being played (the instant pile), bottom first",
    "chain": "Chain of effects, first link first",
    "into": "into the field of {name}",
    "magic": "takes effect, then is discarded",
    "answers": "answers {card}",
    "link": "Link {n}",
    "holds": "resolving {card}",
    "effect_waiting": "targets to choose",
    "effect_ready": "ready",
    "effect_running": "resolving",
    "effect_done": "done",
    "effect_dropped": "did not trigger",
    "optional": "optional",
    "asking": "{name} may answer the top card with an Instant, or pass.",
    "choice": "Waiting for {name}: {card} asks to {choice}.",
    "quiet": "Nothing is being played and no effect is waiting; the log tells what resolved.",
    "none": "—",
})

COLUMNS = ("number", "card", "player", "detail")


class PileView(QWidget):
    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str],
                 choice_name: Callable[[str], str], face: Callable[[str], Face] | None = None):
        """``face``: a card's face, to draw each card as a tile (its name alone without it)."""
        super().__init__()
        self.card_name, self.player_name, self.choice_name = card_name, player_name, choice_name
        self.face = face
        self.status = QLabel()
        self.status.setObjectName("pile_status")
        self.status.setWordWrap(True)
        self.model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setEditTriggers(QTreeView.EditTrigger.NoEditTriggers)
        self.tree.setRootIsDecorated(True)
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.tree, 1)
        self._state = None
        self._shown = None
        watch(self)

    def display(self, state) -> None:
        self._state = state
        key = (repr(state.pile), repr(state.chain), repr(state.pending[:1]), state.asking, current().lang)
        if key != self._shown:  # most actions outside a play change neither
            self._shown = key
            self._draw()

    def retranslate(self) -> None:
        self.model.setHorizontalHeaderLabels([MESSAGES(c) for c in COLUMNS])
        self._shown = None
        if self._state is not None:
            self.display(self._state)

    def _draw(self) -> None:
        s = self._state
        self.model.removeRows(0, self.model.rowCount())
        self.model.setHorizontalHeaderLabels([MESSAGES(c) for c in COLUMNS])
        if s.pile:
            pile = self._heading(MESSAGES("pile"))
            for k, entry in enumerate(s.pile, 1):
                pile.appendRow(self._row(str(k), s.instances[entry["card"]], entry["player"], self._what(s, entry)))
        if s.chain:
            chain = self._heading(MESSAGES("chain"))
            for k, link in enumerate(s.chain, 1):
                held = link.get("holds")
                detail = MESSAGES("holds", card=self.card_name(s.instances[held])) if held is not None else ""
                row = self._row(MESSAGES("link", n=k), None, link["player"], detail)
                for eff in link["effects"]:
                    status = MESSAGES(f"effect_{eff['status']}")
                    if eff.get("optional"):
                        status = f"{status} ({MESSAGES('optional')})"
                    row[0].appendRow(self._row("", eff["number"], eff["player"], status))
                chain.appendRow(row)
        self.tree.expandAll()
        if self.face is not None:
            self._tiles(self.model.invisibleRootItem())
        self.status.setText(self._status(s))

    def _tiles(self, parent: QStandardItem) -> None:
        """Each card of the pile and the chain as the same tile as everywhere else."""
        for row in range(parent.rowCount()):
            card = parent.child(row, 1)
            if card is not None and card.data(Qt.ItemDataRole.UserRole):
                self.tree.setIndexWidget(card.index(), CardTile(self.face(card.data(Qt.ItemDataRole.UserRole)), STRIP))
            self._tiles(parent.child(row, 0))

    def _heading(self, text: str) -> QStandardItem:
        item = QStandardItem(text)
        self.model.appendRow([item, *(QStandardItem() for _ in COLUMNS[1:])])
        self.tree.setFirstColumnSpanned(self.model.rowCount() - 1, self.model.invisibleRootItem().index(), True)
        return item

    def _row(self, number: str, card: str | None, player: int, detail: str) -> list[QStandardItem]:
        texts = (number, self.card_name(card) if card else MESSAGES("none"), self.player_name(player), detail)
        items = [QStandardItem(t) for t in texts]
        for item in items:
            item.setToolTip(item.text())
        items[1].setData(card, Qt.ItemDataRole.UserRole)
        return items

    def _what(self, s, entry: dict) -> str:
        if entry.get("answers") is not None:
            return MESSAGES("answers", card=self.card_name(s.instances[entry["answers"]]))
        if entry.get("into") is not None:
            return MESSAGES("into", name=self.player_name(entry["into"]))
        return MESSAGES("magic")

    def _status(self, s) -> str:
        if s.pending:
            c = s.pending[0]
            return MESSAGES("choice", name=self.player_name(c["player"]), card=self.card_name(c["card"]),
                            choice=self.choice_name(c["kind"]))
        if s.asking is not None:
            return MESSAGES("asking", name=self.player_name(s.asking))
        return MESSAGES("quiet") if not s.pile and not s.chain else ""
