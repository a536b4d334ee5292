"""Read-only tables of records (matches, decks, players) described by their columns.

A table is a list of `Column`s, each computing its header, tooltip and cell from one row object when
Qt asks, so a language switch needs no rebuilding: `RowsModel.retranslate` only tells the views to
redraw. Both views name the row under the selection.

`RowsView` holds all its rows and sorts them in memory by each column's own key (numbers as
numbers, dates as dates): for the few rows of the statistics. `PagedRowsView` reads its rows from a
query a page at a time, as they scroll into view (`PagedRowsModel`, Qt's ``canFetchMore`` and
``fetchMore``), and sorts in the query (each column's ``order``): for the matches, of which a club
records thousands, so that a page opens as fast with five thousand as with five.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole,
                    SORT_ROLE})
#: how many rows a column's width is fitted to (about a screenful: Qt's default, a thousand, would ask
#: for every cell of every row read)
FIT_ROWS = 30


@dataclass(frozen=True)
class Column:
    header: Callable[[], str]  # in the active language
    tip: Callable[[], str]
    text: Callable[[Any], str]  # a row's cell, in the active language
    key: Callable[[Any], Any] | None = None  # how the column sorts (default: by its text)
    numeric: bool = False  # right-aligned
    wide: bool = False  # takes the width the other columns leave
    order: str | None = None  # how a `PagedRowsView`'s query sorts by it (None: it does not)


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
        if role not in _ROLES or not index.isValid():  # Qt asks for many roles; most have nothing
            return None
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(_RIGHT if column.numeric else _LEFT)
        row = self.rows[index.row()]
        if role == SORT_ROLE:
            return column.text(row) if column.key is None else column.key(row)
        return column.text(row)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].header()
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.columns[section].tip()
        return None


class _RowsTable(QTableView):
    """What both views share: single-row selection, no editing, the wide column stretched."""

    def __init__(self, columns: Sequence[Column], parent=None):
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(FIT_ROWS)
        wide = [i for i, column in enumerate(columns) if column.wide]
        if wide:
            header.setSectionResizeMode(wide[0], QHeaderView.ResizeMode.Stretch)

    def row_at(self, row: int) -> Any:
        """The object of the row shown ``row``-th."""
        raise NotImplementedError

    def current(self) -> Any | None:
        """The selected row's object (None when nothing is selected)."""
        selected = self.selectionModel().selectedRows()
        return self.row_at(selected[0].row()) if selected else None

    def retranslate(self) -> None:
        self.rows_model.retranslate()
        self.resizeColumnsToContents()


class RowsView(_RowsTable):
    """A sortable, single-selection view of a `RowsModel`, sorted first by the column ``sort``
    (descending: newest or most played first)."""

    def __init__(self, columns: Sequence[Column], sort: int = 0, parent=None):
        super().__init__(columns, parent)
        self.rows_model = RowsModel(columns, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.rows_model)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        self.setSortingEnabled(True)
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

    def row_at(self, row: int) -> Any:
        return self.rows_model.rows[self.proxy.mapToSource(self.proxy.index(row, 0)).row()]


#: how many rows a `PagedRowsModel` reads at a time (the history shows about twenty at once)
PAGE = 50


class PagedRowsModel(RowsModel):
    """Rows read from a query a page at a time: the first page on `load`, the next ones when the view
    scrolls to the end of what is read (Qt asks `canFetchMore`, then `fetchMore`).

    ``fetch(offset, limit, order, descending)`` returns up to ``limit`` rows from the ``offset``-th on,
    sorted by the query's ``order`` (a column's `Column.order`); ``key(row)`` names a row, so that a
    row read twice (one added meanwhile moved the pages down) is shown once. A page that fails to
    read ends the reading and is told through ``failed`` (Qt calls `fetchMore` from C++, where an
    exception would only be printed).
    """

    failed = Signal(object)  # the exception

    def __init__(self, columns: Sequence[Column], fetch: Callable[[int, int, str, bool], Sequence[Any]],
                 key: Callable[[Any], Any], order: str, page: int | None = None, parent=None):
        super().__init__(columns, parent)
        self.fetch, self.key, self.page = fetch, key, page or PAGE
        self.order, self.descending = order, True
        self.read = 0  # how many rows the query gave (those shown, and any shown twice)
        self.more = False  # whether the query may have more rows
        self._keys: set = set()

    def load(self, count: int = 0) -> None:
        """Read the rows again from the first: a page, or ``count`` rows if that is more."""
        rows = list(self.fetch(0, max(count, self.page), self.order, self.descending))
        self.beginResetModel()
        self.rows, self._keys = [], set()
        self._add(rows)
        self.read, self.more = len(rows), len(rows) >= max(count, self.page)
        self.endResetModel()

    def clear(self) -> None:
        self.beginResetModel()
        self.rows, self._keys, self.read, self.more = [], set(), 0, False
        self.endResetModel()

    def read_to(self, count: int) -> None:
        """Read on until ``count`` rows are read (or the query has no more)."""
        while self.more and self.read < count:
            self._read(count - self.read)

    def place(self, key: Any) -> int | None:
        """The row named ``key`` among those read (None: not read)."""
        return next((i for i, row in enumerate(self.rows) if self.key(row) == key), None)

    def _add(self, rows: Sequence[Any]) -> list[Any]:
        new = []
        for row in rows:
            if self.key(row) not in self._keys:
                self._keys.add(self.key(row))
                new.append(row)
        self.rows += new
        return new

    def _read(self, limit: int) -> None:
        rows = list(self.fetch(self.read, limit, self.order, self.descending))
        self.read += len(rows)
        self.more = len(rows) >= limit
        new = [row for row in rows if self.key(row) not in self._keys]
        if new:
            first = len(self.rows)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            self._add(new)
            self.endInsertRows()

    # --- QAbstractItemModel -------------------------------------------------------------------
    def canFetchMore(self, parent=QModelIndex()) -> bool:  # noqa: N802 (Qt's names)
        return not parent.isValid() and self.more

    def fetchMore(self, parent=QModelIndex()) -> None:  # noqa: N802
        if not self.canFetchMore(parent):
            return
        try:
            self._read(self.page)
        except Exception as err:  # noqa: BLE001 (told, not raised into Qt)
            self.more = False
            self.failed.emit(err)


class PagedRowsView(_RowsTable):
    """A single-selection view of a `PagedRowsModel`, newest first: clicking a column's header sorts
    by it in the query (columns without an ``order`` do not sort), keeping the selected row selected.

    ``locate(key, order, descending)`` says where the row named ``key`` stands in the query's order
    (None: not in it), so that a selection further down than the first page is read up to and kept.
    """

    failed = Signal(object)  # an exception reading a page or sorting

    def __init__(self, columns: Sequence[Column], fetch: Callable[[int, int, str, bool], Sequence[Any]],
                 locate: Callable[[Any, str, bool], int | None], key: Callable[[Any], Any], sort: int = 0,
                 page: int | None = None, parent=None):
        super().__init__(columns, parent)
        self.locate = locate
        self.rows_model = PagedRowsModel(columns, fetch, key, columns[sort].order, page, self)
        self.rows_model.failed.connect(self.failed)
        self.setModel(self.rows_model)
        header = self.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(sort, Qt.SortOrder.DescendingOrder)
        self._sort = (sort, Qt.SortOrder.DescendingOrder)
        header.sortIndicatorChanged.connect(self._sorted)

    def row_at(self, row: int) -> Any:
        return self.rows_model.rows[row]

    def load(self, select: Any = None) -> None:
        """Read the rows again from the first page and select the row named ``select`` (read on to it
        when it is further down), else the top row. A failing query raises."""
        model = self.rows_model
        model.load()
        place = None if select is None else model.place(select)
        if select is not None and place is None:
            where = self.locate(select, model.order, model.descending)
            if where is not None:
                model.read_to(where + 1)
                place = model.place(select)
        self.resizeColumnsToContents()
        if place is not None:
            self.selectRow(place)
            self.scrollTo(model.index(place, 0))
        elif model.rows:
            self.selectRow(0)

    def clear(self) -> None:
        self.rows_model.clear()

    def _sorted(self, column: int, order: Qt.SortOrder) -> None:
        if self.rows_model.columns[column].order is None:  # not sortable: the indicator stays
            header = self.horizontalHeader()
            header.blockSignals(True)
            header.setSortIndicator(*self._sort)
            header.blockSignals(False)
            return
        self._sort = (column, order)
        current = self.current()
        self.rows_model.order = self.rows_model.columns[column].order
        self.rows_model.descending = order == Qt.SortOrder.DescendingOrder
        try:
            self.load(None if current is None else self.rows_model.key(current))
        except Exception as err:  # noqa: BLE001 (a header click: told, not raised into Qt)
            self.rows_model.clear()
            self.failed.emit(err)
