"""The large view of one card, as card-game programs show it when the pointer rests on a card: the
tile at its largest, and the card described at length in the player's language (its facts, its
effect text, the rules its keywords and type follow, who applies its effect: the referee, or the
players by hand; `gui.browser.card_summary`) with its state where it lies.

`CardView` is that view as a panel (the naming dialog and the deck builder keep one beside their
search); `popup` is the one floating preview the tiles of a board open: after a short rest of the
pointer on a tile, or at once on a click, and gone when the pointer leaves the tile. Only a face-up
card has a preview: a face-down card has nothing to show.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QTextBrowser, QVBoxLayout, QWidget

from .faces import Face
from .tile_paint import LARGE, PLAIN, Marks, pixmap

#: how long the pointer rests on a tile before its preview opens (milliseconds)
REST_MS = 350


def describe(face: Face, state: str = "") -> str:
    """The preview's text: the card at length, its state where it lies first."""
    said = f"<p><i>{html.escape(state)}</i></p>" if state else ""
    return said + face.describe()


class CardPicture(QLabel):
    """A card's tile at the preview's size (nothing for no card)."""

    def __init__(self):
        super().__init__()
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def show_card(self, face: Face | None, marks: Marks = PLAIN) -> None:
        if face is None:
            self.clear()
            self.setAccessibleName("")
            return
        self.setPixmap(pixmap(face, LARGE, marks, ratio=self.devicePixelRatioF()))
        self.setAccessibleName(face.label)


class CardView(QWidget):
    """A card's picture over its description: the panel beside a search."""

    def __init__(self):
        super().__init__()
        self.picture = CardPicture()
        self.picture.setFixedSize(LARGE.width, LARGE.height)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.setFrameShape(QFrame.Shape.NoFrame)
        self.text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setFixedWidth(LARGE.width + 12)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.text, 1)
        self.face: Face | None = None

    def show_card(self, face: Face | None) -> None:
        self.face = face
        self.picture.show_card(face)
        self.text.setHtml(describe(face) if face is not None else "")


class Popup(QFrame):
    """The floating preview: one for the whole application, shown beside the tile it previews."""

    def __init__(self):
        super().__init__(None, Qt.WindowType.ToolTip | Qt.WindowType.FramelessWindowHint)
        self.setFrameShape(QFrame.Shape.Box)
        self.picture = CardPicture()
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setFixedWidth(320)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        row = QHBoxLayout(self)  # side by side: a screen is less tall than wide
        row.setContentsMargins(6, 6, 6, 6)
        row.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.text, 0, Qt.AlignmentFlag.AlignTop)
        self.tile: QWidget | None = None  # the tile previewed, or waited on
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(REST_MS)
        self.timer.timeout.connect(lambda: self.tile is not None and self.show_for(self.tile))

    def rest(self, tile) -> None:
        """The pointer came to rest on ``tile``: preview it soon."""
        self.tile = tile
        self.timer.start()

    def leave(self, tile) -> None:
        if tile is self.tile:
            self.timer.stop()
            self.tile = None
            self.hide()

    def show_for(self, tile) -> None:
        """Preview ``tile`` (a `gui.tiles.CardTile`) now, beside it."""
        self.timer.stop()
        self.tile = tile
        self.picture.show_card(tile.face, tile.marks)
        self.picture.setFixedSize(self.picture.pixmap().deviceIndependentSize().toSize())
        self.text.setText(describe(tile.face, tile.accessibleDescription()))
        self.adjustSize()
        self.move(self._place(QRect(tile.mapToGlobal(QPoint(0, 0)), tile.size())))
        self.show()
        self.raise_()

    def _place(self, anchor: QRect) -> QPoint:
        """Right of the tile if the screen has room, else left of it; within the screen."""
        screen = QGuiApplication.screenAt(anchor.center()) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        x = anchor.right() + 8 if anchor.right() + 8 + self.width() <= room.right() else anchor.left() - 8 - self.width()
        y = min(max(room.top(), anchor.top() - 40), room.bottom() - self.height())
        return QPoint(max(room.left(), x), y)


_popup: Popup | None = None


def popup() -> Popup:
    global _popup
    if _popup is None:
        _popup = Popup()
    return _popup
