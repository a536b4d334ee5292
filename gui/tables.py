"""Read-only tables of records (matches, decks, players) described by their columns.

A table is a list of `Column`s, each computing its header, tooltip and cell from one row object when
Qt asks, so a language switch needs no rebuilding: `RowsModel.retranslate` only tells the views to
redraw. `RowsView` sorts by each column's own key (numbers as numbers, dates as dates) and names the
row under the selection.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


@dataclass(frozen=True)
class Column:
    header: Callable[[], str]  # in the active language
    tip: Callable[[], str]
    text: Callable[[Any], str]  # a row's cell, in the active language
    key: Callable[[Any], Any] | None = None  # how the column sorts (default: by its text)
    numeric: bool = False  # right-aligned
    wide: bool = False  # takes the width the other columns leave


class RowsModel(QAbstractTableModel):
    def __init__(self, columns: Sequence[Column], parent=None):
        super().__init__(parent)
        self.columns = list(columns)
        self.rows: list[Any] = []

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.columns) - 1)
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.columns) - 1))

    # --- QAbstractTableModel ----------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's names)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        column, row = self.columns[index.column()], self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return column.text(row)
        if role == SORT_ROLE:
            return column.text(row) if column.key is None else column.key(row)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(_RIGHT if column.numeric else _LEFT)
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].header()
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.columns[section].tip()
        return None


class RowsView(QTableView):
    """A sortable, single-selection view of a `RowsModel`, sorted first by the column ``sort``
    (descending: newest or most played first)."""

    def __init__(self, columns: Sequence[Column], sort: int = 0, parent=None):
        super().__init__(parent)
        self.rows_model = RowsModel(columns, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.rows_model)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setSortingEnabled(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        wide = [i for i, column in enumerate(columns) if column.wide]
        if wide:
            header.setSectionResizeMode(wide[0], QHeaderView.ResizeMode.Stretch)
        self.sortByColumn(sort, Qt.SortOrder.DescendingOrder)

    def set_rows(self, rows: Sequence[Any], select: Callable[[Any], bool] | None = None) -> None:
        """Show ``rows``; select the first one ``select`` accepts, else the top row."""
        self.rows_model.set_rows(rows)
        self.resizeColumnsToContents()
        wanted = next((i for i, row in enumerate(rows) if select is not None and select(row)), None)
        if wanted is not None:
            self.selectRow(self.proxy.mapFromSource(self.rows_model.index(wanted, 0)).row())
        elif rows:
            self.selectRow(0)

    def current(self) -> Any | None:
        """The selected row's object (None when nothing is selected)."""
        selected = self.selectionModel().selectedRows()
        if not selected:
            return None
        return self.rows_model.rows[self.proxy.mapToSource(selected[0]).row()]

    def retranslate(self) -> None:
        self.rows_model.retranslate()
        self.resizeColumnsToContents()
