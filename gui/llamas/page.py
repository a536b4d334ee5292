"""The Llamas Unleashed match page: every field round the table, the shared zones and the hand of
the player to act (`LlamasBoard`), the instant pile and the chain (`PileView`), with everything else
the shared `MatchPage` has: phase tracker, options, log, undo and redo, the hot seat and computer
players. Passing (letting a card stand without an Instant) is the page's one control; when nobody
wins, every player loses (L-WIN-4)."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from ..faces import face
from ..match.page import MatchPage
from .board import LlamasBoard
from .pile_view import PileView
from .view import llamas_view


class LlamasPage(MatchPage):
    view = llamas_view()
    control_texts = {"pass": "no_instant"}
    no_winner = "over_all_lose"

    @classmethod
    def make_board(cls, context) -> LlamasBoard:
        return LlamasBoard(context)

    def make_tabs(self):
        self.pile = PileView(self.card_name, self.player_name, self.view.choice_name,
                             lambda number: face(self.context, number))
        return [(self.pile, "pile_tab")]

    first_player: int | None = None  # the seat chosen to start on the new-match page, until recorded

    _in_play = False  # whether the pile or the chain held anything at the last display

    def display_tabs(self, match):
        """The pile comes into view when a card goes on it or a chain opens, the log when both empty."""
        self.pile.display(match.state)
        in_play = bool(match.state.pile or match.state.chain)
        opened, closed = in_play and not self._in_play, self._in_play and not in_play
        self._in_play = in_play
        return self.pile if opened else self.log if closed else None

    def plan_first(self, seat: int | None) -> None:
        """Record ``seat`` as the first player (L-SETUP-4) as soon as the match asks, through the
        adapter like any action (once: an undo of it leaves the choice to the table)."""
        self.first_player = seat
        self.refresh()

    def refresh(self) -> None:
        super().refresh()
        if self.first_player is not None and self.match.phase == "setup_first":
            seat, self.first_player = self.first_player, None
            QTimer.singleShot(0, lambda: self.adapter.apply(f"first {seat + 1}"))
