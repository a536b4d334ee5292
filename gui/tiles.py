"""Cards drawn as cards: the one tile every window shows a card with.

`CardTile` is a card on a board or in a panel: its face (`gui.faces.Face`) or, for a card the
player may not see, its back, painted (`gui.tile_paint`), turned when injured. Its accessible name
is the card it shows in the active language, or "face-down card", so a screen reader (and a test)
reads what a player sees and nothing more; a back has no tooltip and no preview. Resting the
pointer on a face-up tile, or clicking it, opens the large preview (`gui.preview.popup`).

`Place` is a named place on a table holding tiles in rows that wrap (a hand, a village, a field).
`TileDelegate` paints the same tiles in an item view whose rows hold card numbers (the search
results of `gui.browser.CardSearch`): a list of fifty cards found costs one widget, not fifty.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QStyle, QStyledItemDelegate, QVBoxLayout, QWidget

from localization import Messages

from .faces import Face
from .flow import FlowLayout
from .preview import popup
from .tile_paint import NORMAL, PLAIN, STRIP, Marks, Size, pixmap, turned

MESSAGES = Messages("gui.tiles", {
    "back": "face-down card",
})


class CardTile(QWidget):
    """A card: ``face`` (None: its back) at ``size``, with the ``marks`` of its state, which
    ``state`` says in words (its accessible description and the preview's first line)."""

    def __init__(self, face: Face | None, size: Size = NORMAL, marks: Marks = PLAIN, state: str = ""):
        super().__init__()
        self.face, self.size_, self.marks = face, size, marks
        if size is STRIP:  # as wide as its place
            self.setFixedHeight(size.height)
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.setMinimumWidth(60)
        else:
            self.setFixedSize(QSize(size.height, size.width) if self.turned else QSize(size.width, size.height))
        self.setAccessibleName(face.label if face is not None else MESSAGES("back"))
        self.setAccessibleDescription(state)
        if face is not None:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    @property
    def number(self) -> str | None:
        """The card shown (None: a back)."""
        return self.face.number if self.face is not None else None

    @property
    def turned(self) -> bool:
        """Drawn turned sideways: an injured card (N-DMG)."""
        return turned(self.size_, self.marks)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's names)
        p = QPainter(self)
        p.drawPixmap(0, 0, pixmap(self.face, self.size_, self.marks, self.width() if self.size_ is STRIP else 0,
                                  self.devicePixelRatioF()))
        p.end()

    def enterEvent(self, event) -> None:  # noqa: N802
        if self.face is not None:
            popup().rest(self)

    def leaveEvent(self, event) -> None:  # noqa: N802
        popup().leave(self)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if self.face is not None:
            popup().show_for(self)

    def hideEvent(self, event) -> None:  # noqa: N802
        popup().leave(self)  # a tile replaced under the pointer takes its preview with it


class Place(QWidget):
    """A place on the table under its name: its tiles, or its teams, in rows that wrap. A place with
    nothing in it is hidden, unless it is ``kept`` (its caption then says why it is empty)."""

    def __init__(self, kept: bool = False, column: bool = False):
        """``column``: one tile a row (strips), else rows that wrap."""
        super().__init__()
        self.kept = kept
        self.caption = QLabel()
        self.body = QVBoxLayout() if column else FlowLayout(spacing=4, align_bottom=True)
        self.body.setSpacing(2 if column else 4)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(1)
        column.addWidget(self.caption)
        column.addLayout(self.body)

    def fill(self, widgets: list[QWidget]) -> None:
        while self.body.count():
            child = self.body.takeAt(0).widget()
            child.hide()
            child.deleteLater()
        for widget in widgets:
            self.body.addWidget(widget)
        self.setVisible(self.kept or bool(widgets))

    def tiles(self) -> list[CardTile]:
        """The tiles laid out here now, in order (those just replaced are gone at once)."""
        found = []
        for k in range(self.body.count()):
            widget = self.body.itemAt(k).widget()
            found += [widget] if isinstance(widget, CardTile) else widget.findChildren(CardTile)
        return found

    def numbers(self) -> list[str | None]:
        """The cards shown, in order (None for a back)."""
        return [tile.number for tile in self.tiles()]


class TileDelegate(QStyledItemDelegate):
    """Paints each row of a list view as the tile of the card its ``UserRole`` holds (``face``:
    number -> face); a row ``greyed(index)`` says cannot be chosen is drawn greyed, the selected
    row on the highlight colour."""

    def __init__(self, face: Callable[[str], Face], greyed: Callable[[object], bool], parent=None,
                 size: Size = NORMAL):
        super().__init__(parent)
        self.face, self.greyed, self.tile_size = face, greyed, size

    def sizeHint(self, option, index) -> QSize:  # noqa: N802
        return QSize(self.tile_size.width + 6, self.tile_size.height + 6)

    def paint(self, painter: QPainter, option, index) -> None:
        number = index.data(Qt.ItemDataRole.UserRole)
        rect = option.rect
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(rect, option.palette.highlight())
        marks = Marks(greyed=self.greyed(index))
        tile = pixmap(self.face(number), self.tile_size, marks, ratio=painter.device().devicePixelRatioF())
        painter.drawPixmap(rect.x() + (rect.width() - self.tile_size.width) // 2,
                           rect.y() + (rect.height() - self.tile_size.height) // 2, tile)
