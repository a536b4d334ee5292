"""Statistics of one game's finished matches (the game chosen above them): per deck (games, wins, win
rate, average turns) and per player as tables, and three charts: games and wins per deck, the win
rate of each seat at each size of table (and of whoever took the first turn), and how many matches
lasted each number of turns. The games are never mixed: a turn, a table or a deck of one is not
one of another (`cards.records.game_statistics`).

The charts are painted with QPainter (PySide6-Essentials has no QtCharts). The deck and seat charts
are rows of horizontal bars (`BarChart`): a deck's bar is as long as its games with the part won
filled in, so the most played decks and how well they do read at a glance; a seat's bar is its win
rate, against a dashed line at an even share (one game in two at two seats, one in four at four),
so an advantage shows as a bar past the line. The game lengths are a histogram (`LengthChart`)
whose columns group ranges of turns when a column per number of turns would not fit, so it never
scrolls sideways. Every chart says what it draws in its tooltip and, as text, in its accessible
name and description (`Chart.texts`), in the language shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from PySide6.QtCore import QRectF, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from cards.records import GameStatistics, SeatStats
from localization import Messages, current
from referee.games import GAMES

from .i18n import watch
from .recorded import number, percent
from .tables import Column, RowsView

MESSAGES = Messages("gui.stats", {
    "game": "Game:",
    "game_tip": "Whose finished matches the statistics count: each game's on their own",
    "decks": "Decks",
    "decks_tip": "Per deck, over finished matches (a deck on both seats of a match plays two games)",
    "players": "Players",
    "players_tip": "Per player name, over finished matches",
    "chart": "Games and wins per deck",
    "chart_tip": "Each bar is as long as the deck's games; the filled part is the games it won",
    "chart_empty": "No finished match with a named deck yet.",
    "chart_bar": "{wins} / {games} · {rate}",
    "seats": "Win rate by seat",
    "seats_tip": "Per seat, over the finished matches at tables of each size: the filled part of a bar is "
                 "the share of games the seat won, the dashed line an even share. “Went first”: whoever "
                 "took the first turn, wherever they sat",
    "tables": "Tables of {players}",
    "seat": "Seat {n}",
    "went_first": "Went first",
    "lengths": "Game lengths in turns",
    "lengths_tip": "How many finished matches lasted each number of turns (each range of turns when they "
                   "spread too wide for a column each)",
    "turn_range": "{first}–{last}",
    "no_matches": "No finished match of this game yet.",
    "described": "{label}: {value}",
    "deck": "Deck",
    "deck_tip": "The deck's name, or “list:” and a fingerprint of an unnamed card list",
    "player": "Player",
    "player_tip": "The player's name as recorded",
    "games": "Games",
    "games_tip": "Finished matches played",
    "wins": "Wins",
    "wins_tip": "Finished matches won",
    "rate": "Win rate",
    "rate_tip": "Wins as a share of games",
    "average_turns": "Average turns",
    "average_turns_tip": "The average length of its matches, in turns",
})


def _column(key: str, text, sort=None, numeric: bool = True) -> Column:
    return Column(lambda: MESSAGES(key), lambda: MESSAGES(f"{key}_tip"), text, sort, numeric, wide=not numeric)


_GAMES = _column("games", lambda s: number(s.games), lambda s: s.games)
_WINS = _column("wins", lambda s: number(s.wins), lambda s: s.wins)
_RATE = _column("rate", lambda s: percent(s.wins, s.games), lambda s: s.wins / s.games if s.games else 0)
DECK_COLUMNS = [_column("deck", lambda s: current().deck_name(s.deck), numeric=False), _GAMES, _WINS, _RATE,
                _column("average_turns", lambda s: number(s.average_turns, 1), lambda s: s.average_turns)]
PLAYER_COLUMNS = [_column("player", lambda s: s.player, numeric=False), _GAMES, _WINS, _RATE]
GAP = 8  # pixels around and between a chart's parts


def won_of(wins: int, games: int) -> str:
    """"3 / 5 · 60%": the numbers every bar of results writes after it."""
    return MESSAGES("chart_bar", wins=number(wins), games=number(games), rate=percent(wins, games))


class Chart(QWidget):
    """What every chart shares: a background, a sentence when there is nothing to draw, and its
    name, tooltip and description (the lines it draws, as text) in the language shown, so a screen
    reader or a test reads what the picture says."""

    NAME = ""  # message keys: its name (its box's title), its tooltip, its sentence when empty
    TIP = ""
    EMPTY = "no_matches"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.stats: list = []
        watch(self)

    def show_stats(self, stats) -> None:
        self.stats = list(stats)
        self.updateGeometry()
        self.retranslate()

    def texts(self) -> list[str]:
        """What the chart draws, a line per row or column, in the active language."""
        raise NotImplementedError

    def paint(self, painter: QPainter, palette: QPalette) -> None:
        """Draw the chart (there is something to draw)."""
        raise NotImplementedError

    def describe(self) -> None:
        self.setAccessibleDescription("\n".join(self.texts()) or MESSAGES(self.EMPTY))

    def retranslate(self) -> None:
        self.setAccessibleName(MESSAGES(self.NAME))
        self.setToolTip(MESSAGES(self.TIP))
        self.describe()
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's names)
        super().resizeEvent(event)
        self.describe()  # a histogram groups its turns by the width it has

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        if not self.stats:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             MESSAGES(self.EMPTY))
            return
        self.paint(painter, palette)


@dataclass(frozen=True)
class Bar:
    """A row of a `BarChart`: its label, the numbers written after its bar, how much of the bar's
    width is outlined and filled (0 to 1) and where a dashed line marks an even share (None: no
    line). A row with no numbers is a heading over the rows after it."""

    label: str
    text: str = ""
    outlined: float = 0.0
    filled: float = 0.0
    mark: float | None = None

    @property
    def heading(self) -> bool:
        return not self.text


class BarChart(Chart):
    """Horizontal bars, a row each: the label, the bar (outlined, part of it filled) and its numbers."""

    ROW = 28  # pixels per row

    def bars(self) -> list[Bar]:
        """The rows, in the active language."""
        raise NotImplementedError

    def texts(self) -> list[str]:
        return [bar.label if bar.heading else MESSAGES("described", label=bar.label, value=bar.text)
                for bar in self.bars()]

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's names)
        return QSize(480, max(3, len(self.bars())) * self.ROW + 2 * GAP)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(240, self.sizeHint().height())

    def paint(self, painter: QPainter, palette: QPalette) -> None:
        bars, metrics = self.bars(), self.fontMetrics()
        rows = [bar for bar in bars if not bar.heading]
        width = self.width() - 2 * GAP
        # the labels get up to two fifths of the width (a longer one is elided in its middle), so a
        # bar stays long enough to compare in a half-width box
        name_width = min(width * 0.4, max(metrics.horizontalAdvance(b.label) for b in rows) + 2 * GAP)
        text_width = max(metrics.horizontalAdvance(b.text) for b in rows) + GAP
        bar_width = max(width - name_width - text_width, 1)
        for i, bar in enumerate(bars):
            top = GAP + i * self.ROW
            if bar.heading:
                self._heading(painter, QRectF(GAP, top, width, self.ROW), bar.label)
                continue
            name = QRectF(GAP, top, name_width - GAP, self.ROW)
            painter.drawText(name, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             metrics.elidedText(bar.label, Qt.TextElideMode.ElideMiddle, int(name.width())))
            outline = QRectF(GAP + name_width, top + 4, bar_width * bar.outlined, self.ROW - 8)
            painter.fillRect(QRectF(outline.left(), outline.top(), bar_width * bar.filled, outline.height()),
                             palette.color(QPalette.ColorRole.Highlight))
            painter.setPen(palette.color(QPalette.ColorRole.Mid))
            painter.drawRect(outline)
            if bar.mark is not None:
                x = outline.left() + bar_width * bar.mark
                painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1, Qt.PenStyle.DashLine))
                painter.drawLine(round(x), round(top + 1), round(x), round(top + self.ROW - 1))
            painter.setPen(palette.color(QPalette.ColorRole.Text))
            painter.drawText(QRectF(outline.right() + GAP, top, text_width, self.ROW),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, bar.text)

    def _heading(self, painter: QPainter, rect: QRectF, text: str) -> None:
        """A heading row, in bold across the whole width: it names the rows under it."""
        font = painter.font()
        font.setBold(True)
        painter.save()
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width())))
        painter.restore()


class DeckChart(BarChart):
    """A row per deck, most played first: its games outlined (the longest bar the most played deck's)
    and its wins filled."""

    NAME, TIP, EMPTY = "chart", "chart_tip", "chart_empty"

    def bars(self) -> list[Bar]:
        if not self.stats:
            return []
        most = max(s.games for s in self.stats)
        return [Bar(current().deck_name(s.deck), won_of(s.wins, s.games), s.games / most, s.wins / most)
                for s in self.stats]


class SeatChart(BarChart):
    """Per size of table, a heading and a row per seat, then whoever went first: the bar's filled part
    is the win rate, the dashed line an even share at that size."""

    NAME, TIP = "seats", "seats_tip"

    def bars(self) -> list[Bar]:
        out = []
        for players, seats in groupby(self.stats, key=lambda s: s.players):
            out.append(Bar(MESSAGES("tables", players=current().plural("players", players))))
            out += [self._bar(s) for s in seats]
        return out

    @staticmethod
    def _bar(stats: SeatStats) -> Bar:
        label = MESSAGES("went_first") if stats.seat is None else MESSAGES("seat", n=number(stats.seat + 1))
        rate = stats.wins / stats.games if stats.games else 0.0
        return Bar(label, won_of(stats.wins, stats.games), 1.0, rate, 1 / stats.players)


@dataclass(frozen=True)
class Span:
    """A column of the histogram: the matches that lasted from ``first`` to ``last`` turns."""

    first: int
    last: int
    games: int

    def label(self) -> str:
        """Written under the column: its number of turns, or its range."""
        if self.first == self.last:
            return number(self.first)
        return MESSAGES("turn_range", first=number(self.first), last=number(self.last))

    def text(self) -> str:
        """What the column says in words: "12 turns: 3 games", "10–14 turns: 5 games"."""
        turns = current().plural("turns", self.last)
        if self.first != self.last:
            turns = MESSAGES("turn_range", first=number(self.first), last=turns)
        return MESSAGES("described", label=turns, value=current().plural("games", self.games))


#: how many turns a column of the histogram may group, fewest first
SPANS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def spans(lengths: dict[int, int], size: int) -> list[Span]:
    """The matches per ``size`` turns (ranges starting at multiples of it), from the shortest match's
    range to the longest's, empty ranges included: a histogram shows its gaps."""
    low = min(lengths) // size * size
    return [Span(first, first + size - 1, sum(n for turns, n in lengths.items() if first <= turns < first + size))
            for first in range(low, max(lengths) + 1, size)]


class LengthChart(Chart):
    """Vertical columns, one per number of turns (or range of them): as tall as the matches that
    lasted so long, their number above, the turns below."""

    NAME, TIP = "lengths", "lengths_tip"
    HEIGHT = 180

    def __init__(self, parent=None):
        super().__init__(parent)
        self.lengths: dict[int, int] = {}  # turns -> matches; ``stats`` holds them as pairs

    def show_stats(self, lengths: dict[int, int]) -> None:
        self.lengths = dict(lengths)
        super().show_stats(sorted(self.lengths.items()))

    def columns(self) -> list[Span]:
        """The columns at the chart's width: a column per number of turns if they fit side by side,
        labels and numbers readable, else per the fewest turns that do."""
        if not self.stats:
            return []
        metrics = self.fontMetrics()
        for size in SPANS:
            columns = spans(self.lengths, size)
            slot = max(metrics.horizontalAdvance(t) for c in columns for t in (c.label(), number(c.games))) + GAP
            if len(columns) * slot <= self.width() - 2 * GAP:
                break
        return columns

    def texts(self) -> list[str]:
        return [column.text() for column in self.columns()]

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's names)
        return QSize(480, self.HEIGHT)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(240, self.HEIGHT * 3 // 4)

    def paint(self, painter: QPainter, palette: QPalette) -> None:
        columns, line = self.columns(), self.fontMetrics().height()
        slot = (self.width() - 2 * GAP) / len(columns)
        top, bottom = GAP + line, self.height() - GAP - line
        most = max(c.games for c in columns)
        centre = Qt.AlignmentFlag.AlignHCenter
        for i, column in enumerate(columns):
            x = GAP + i * slot
            height = (bottom - top) * column.games / most
            bar = QRectF(x + GAP / 2, bottom - height, max(slot - GAP, 2), height)
            if column.games:
                painter.fillRect(bar, palette.color(QPalette.ColorRole.Highlight))
                painter.setPen(palette.color(QPalette.ColorRole.Mid))
                painter.drawRect(bar)
                painter.setPen(palette.color(QPalette.ColorRole.Text))
                painter.drawText(QRectF(x, bar.top() - line, slot, line), centre | Qt.AlignmentFlag.AlignBottom,
                                 number(column.games))
            painter.drawText(QRectF(x, bottom + 2, slot, line), centre | Qt.AlignmentFlag.AlignTop, column.label())
        painter.setPen(palette.color(QPalette.ColorRole.Mid))
        painter.drawLine(GAP, round(bottom), self.width() - GAP, round(bottom))


def _scrolled(chart: QWidget) -> QScrollArea:
    """A chart in a box that scrolls up and down when its rows are many, never sideways (the chart
    takes the box's width)."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(chart)
    return scroll


def _split(orientation: Qt.Orientation, *widgets: QWidget) -> QSplitter:
    splitter = QSplitter(orientation)
    for widget in widgets:
        splitter.addWidget(widget)
    return splitter


class StatsView(QWidget):
    """The statistics tab: which game's matches they count, the deck and player tables on the left,
    the charts on the right, each in a box of its own: the deck and seat charts side by side (rows
    short enough for half the width), the histogram under them (as wide as can be, for its columns).
    A game whose players bring no decks of their own shows no deck table or chart. Choosing another
    game emits `game_chosen`; whoever holds the database counts that game's statistics and hands them
    to `show_stats`."""

    game_chosen = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.game_label = QLabel()
        self.game_choice = QComboBox()
        self.game_choice.setObjectName("stats_game")
        for game in GAMES:
            self.game_choice.addItem(game, game)
        self.game_label.setBuddy(self.game_choice)
        self.game_choice.currentIndexChanged.connect(lambda _: self.game_chosen.emit(self.game_choice.currentData()))
        self.decks = RowsView(DECK_COLUMNS, sort=1)
        self.players = RowsView(PLAYER_COLUMNS, sort=1)
        for table in (self.decks, self.players):
            table.setSelectionMode(table.SelectionMode.NoSelection)
        self.chart, self.seat_chart, self.length_chart = DeckChart(), SeatChart(), LengthChart()
        self.boxes = {}
        for key, widget in (("decks", self.decks), ("players", self.players), ("chart", _scrolled(self.chart)),
                            ("seats", _scrolled(self.seat_chart)), ("lengths", _scrolled(self.length_chart))):
            box = self.boxes[key] = QGroupBox()
            QVBoxLayout(box).addWidget(widget)
        charts = _split(Qt.Orientation.Vertical, _split(Qt.Orientation.Horizontal, self.boxes["chart"],
                                                         self.boxes["seats"]), self.boxes["lengths"])
        charts.setSizes([360, 240])  # the seats' rows get the height, the histogram needs less
        body = _split(Qt.Orientation.Horizontal, _split(Qt.Orientation.Vertical, self.boxes["decks"],
                                                        self.boxes["players"]), charts)
        body.setSizes([560, 720])  # the deck table's columns, unscrolled at 1280 pixels
        top = QHBoxLayout()
        top.addWidget(self.game_label)
        top.addWidget(self.game_choice)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(body, 1)
        watch(self)

    def show_stats(self, stats: GameStatistics) -> None:
        with QSignalBlocker(self.game_choice):  # shown, not chosen: no second count
            self.game_choice.setCurrentIndex(self.game_choice.findData(stats.game))
        for key in ("decks", "chart"):
            self.boxes[key].setVisible(GAMES[stats.game].deck_lists)
        self.decks.set_rows(stats.decks)
        self.players.set_rows(stats.players)
        self.chart.show_stats(stats.decks)
        self.seat_chart.show_stats(stats.seats)
        self.length_chart.show_stats(stats.lengths)

    def retranslate(self) -> None:
        self.game_label.setText(MESSAGES("game"))
        for control in (self.game_label, self.game_choice):
            control.setToolTip(MESSAGES("game_tip"))
        for i in range(self.game_choice.count()):
            self.game_choice.setItemText(i, current().term("game", self.game_choice.itemData(i)))
        for key, box in self.boxes.items():
            box.setTitle(MESSAGES(key))
            box.setToolTip(MESSAGES(f"{key}_tip"))
        self.decks.retranslate()
        self.players.retranslate()
