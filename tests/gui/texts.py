"""What a widget says, for tests that read the screen as a player would."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QComboBox, QLabel, QTextEdit, QWidget


def screen_texts(page) -> str:
    """Everything the page says, shown or not: every widget's text, tooltip and accessible name and
    description, every combo box item, every row of every item view (text and tooltip), every
    dialog the page opened. Widgets a redraw replaced are deleted first, as the event loop would."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    out = []
    for w in [page, *page.findChildren(QWidget)]:
        out += [w.toolTip(), w.accessibleName(), w.accessibleDescription(), w.statusTip(), w.whatsThis()]
        if isinstance(w, (QAbstractButton, QLabel)):
            out.append(w.text())
        if isinstance(w, QComboBox):
            out += [w.itemText(k) for k in range(w.count())]
        if isinstance(w, QTextEdit):
            out.append(w.toPlainText())
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            out += model_texts(w.model())
    return "\n".join(out)


def model_texts(model, parent=QModelIndex()) -> list[str]:
    """Every cell's text and tooltip of an item model, the rows under a row (a tree) included."""
    out = []
    for row in range(_count(model.rowCount, parent)):
        for column in range(_count(model.columnCount, parent)):
            index = model.index(row, column, parent)
            out += [str(model.data(index, role) or "") for role in (Qt.ItemDataRole.DisplayRole,
                                                                    Qt.ItemDataRole.ToolTipRole)]
            if _count(model.rowCount, index):
                out += model_texts(model, index)
    return out


def _count(count, parent: QModelIndex) -> int:
    """Rows or columns under ``parent``; a flat model (a list) has none under a row, and may only be
    asked about its top level."""
    try:
        return count(parent)
    except TypeError:  # a list model keeps its column count to itself: one column
        return 0 if parent.isValid() else 1
