"""A layout that lays its widgets out left to right and wraps them into more rows when the width runs
out (Qt has none built in), so that a row of cards never needs a sideways scroll bar: a hand of ten,
a village of four teams, fit any width by growing taller.

An item wider than the row (a zone that itself wraps) gets the whole row and the height it asks
for at that width (`QLayoutItem.heightForWidth`), so flows nest.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, spacing: int = 4, align_bottom: bool = False):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self._bottom = align_bottom  # items of a row share its bottom edge (cards of mixed heights)
        self.setContentsMargins(0, 0, 0, 0)

    # --- QLayout's interface ---------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt's names)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802
        """Everything on one row."""
        shown = self._shown()
        m = self.contentsMargins()
        width = sum(item.sizeHint().width() for item in shown) + self._spacing * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802
        """The widest single item: narrower than that, nothing can wrap any further."""
        m = self.contentsMargins()
        width = max((item.minimumSize().width() for item in self._shown()), default=0)
        return QSize(width + m.left() + m.right(), m.top() + m.bottom())

    # --- the rows ----------------------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not (item.widget() is not None and item.widget().isHidden())]

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in rows within ``rect`` (only measure them unless ``move``); the height used."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        rows: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = 0
        for item in self._shown():
            hint = item.sizeHint()
            width = min(hint.width(), max(area.width(), item.minimumSize().width()))
            height = item.heightForWidth(width) if item.hasHeightForWidth() else hint.height()
            if rows[-1] and x + width > area.width():
                rows.append([])
                x = 0
            rows[-1].append((item, QSize(width, max(height, 0))))
            x += width + self._spacing
        y = area.y()
        for row in rows:
            if not row:
                continue
            tallest = max(size.height() for _, size in row)
            x = area.x()
            for item, size in row:
                if move:
                    top = y + (tallest - size.height() if self._bottom else 0)
                    item.setGeometry(QRect(QPoint(x, top), size))
                x += size.width() + self._spacing
            y += tallest + self._spacing
        return y - self._spacing - area.y() + m.top() + m.bottom() if any(rows) else m.top() + m.bottom()
