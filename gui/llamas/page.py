"""The Llamas Unleashed match page: every field round the table, the shared zones and the hand of
the player to act (`LlamasBoard`), the instant pile and the chain (`PileView`), with everything else
the shared `MatchPage` has: phase tracker, options, log, undo and redo, the hot seat and computer
players. Passing (letting a card stand without an Instant) is the page's one control; when nobody
wins, every player loses (L-WIN-4)."""

from __future__ import annotations

from PySide6.QtCore import QTimer

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
        self.pile = PileView(self.card_name, self.player_name, self.view.choice_name)
        return [(self.pile, "pile_tab")]

    first_player: int | None = None  # the seat chosen to start on the new-match page, until recorded

    def display_tabs(self, match) -> None:
        self.pile.display(match.state)

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
