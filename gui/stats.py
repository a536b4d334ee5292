"""Statistics of finished matches: per deck (games, wins, win rate, average turns) as a table and a
bar chart, and per player as a table.

The chart is painted with QPainter (PySide6-Essentials has no QtCharts): one row per deck, a bar as
long as its games with the part won filled in, so the most played decks and how well they do read at
a glance; the numbers are in the table beside it.
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QGroupBox, QScrollArea, QSplitter, QVBoxLayout, QWidget

from cards.records import DeckStats, PlayerStats
from localization import Messages

from .i18n import watch
from .recorded import number, percent
from .tables import Column, RowsView

MESSAGES = Messages("gui.stats", {
    "decks": "Decks",
    "decks_tip": "Per deck, over finished matches (a deck on both seats of a match plays two games)",
    "players": "Players",
    "players_tip": "Per player name, over finished matches",
    "chart": "Games and wins per deck",
    "chart_tip": "Each bar is as long as the deck's games; the filled part is the games it won",
    "chart_empty": "No finished match with a named deck yet.",
    "chart_bar": "{wins} / {games} · {rate}",
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
DECK_COLUMNS = [_column("deck", lambda s: s.deck, numeric=False), _GAMES, _WINS, _RATE,
                _column("average_turns", lambda s: number(s.average_turns, 1), lambda s: s.average_turns)]
PLAYER_COLUMNS = [_column("player", lambda s: s.player, numeric=False), _GAMES, _WINS, _RATE]


class DeckChart(QWidget):
    """Horizontal bars, one per deck: games (outlined) and wins (filled), with the numbers."""

    ROW = 28  # pixels per deck
    GAP = 8

    def __init__(self, parent=None):
        super().__init__(parent)
        self.stats: list[DeckStats] = []

    def show_stats(self, stats: Sequence[DeckStats]) -> None:
        self.stats = list(stats)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's names)
        return QSize(480, max(3, len(self.stats)) * self.ROW + 2 * self.GAP)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(240, self.sizeHint().height())

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        if not self.stats:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             MESSAGES("chart_empty"))
            return
        metrics = self.fontMetrics()
        width = self.width() - 2 * self.GAP
        name_width = min(width * 0.3, max(metrics.horizontalAdvance(s.deck) for s in self.stats) + 2 * self.GAP)
        text_width = max(metrics.horizontalAdvance(self.bar_text(s)) for s in self.stats) + self.GAP
        bar_width = max(width - name_width - text_width, 1)
        most = max(s.games for s in self.stats)
        for i, stats in enumerate(self.stats):
            top = self.GAP + i * self.ROW
            name = QRectF(self.GAP, top, name_width - self.GAP, self.ROW)
            painter.setPen(palette.color(QPalette.ColorRole.Text))
            painter.drawText(name, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             metrics.elidedText(stats.deck, Qt.TextElideMode.ElideMiddle, int(name.width())))
            bar = QRectF(self.GAP + name_width, top + 4, bar_width * stats.games / most, self.ROW - 8)
            won = QRectF(bar.left(), bar.top(), bar_width * stats.wins / most, bar.height())
            painter.fillRect(won, palette.color(QPalette.ColorRole.Highlight))
            painter.setPen(palette.color(QPalette.ColorRole.Mid))
            painter.drawRect(bar)
            painter.setPen(palette.color(QPalette.ColorRole.Text))
            painter.drawText(QRectF(bar.right() + self.GAP, top, text_width, self.ROW),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.bar_text(stats))

    @staticmethod
    def bar_text(stats: DeckStats) -> str:
        return MESSAGES("chart_bar", wins=number(stats.wins), games=number(stats.games),
                        rate=percent(stats.wins, stats.games))


class StatsView(QSplitter):
    """The statistics tab: the deck and player tables on the left, the deck chart on the right."""

    def __init__(self, parent=None):
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.decks = RowsView(DECK_COLUMNS, sort=1)
        self.players = RowsView(PLAYER_COLUMNS, sort=1)
        for table in (self.decks, self.players):
            table.setSelectionMode(table.SelectionMode.NoSelection)
        self.chart = DeckChart()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.chart)
        self.boxes = {}
        for key, widget in (("decks", self.decks), ("players", self.players), ("chart", scroll)):
            box = self.boxes[key] = QGroupBox()
            QVBoxLayout(box).addWidget(widget)
        tables = QSplitter(Qt.Orientation.Vertical)
        tables.addWidget(self.boxes["decks"])
        tables.addWidget(self.boxes["players"])
        self.addWidget(tables)
        self.addWidget(self.boxes["chart"])
        self.setSizes([640, 640])
        watch(self)

    def show_stats(self, decks: Sequence[DeckStats], players: Sequence[PlayerStats]) -> None:
        self.decks.set_rows(decks)
        self.players.set_rows(players)
        self.chart.show_stats(decks)

    def retranslate(self) -> None:
        for key, box in self.boxes.items():
            box.setTitle(MESSAGES(key))
            box.setToolTip(MESSAGES(f"{key}_tip"))
        self.decks.retranslate()
        self.players.retranslate()
        self.chart.setToolTip(MESSAGES("chart_tip"))
        self.chart.update()
