"""The Naruto CCG's match page: both players' areas, the chain of Jutsu and Missions, the last
Showdown's arithmetic (everything else is the shared `MatchPage`)."""

from __future__ import annotations

from .board import Board
from .chain_view import ChainView
from .game import naruto_view
from .page import MatchPage
from .showdown import ShowdownPanel


class NarutoPage(MatchPage):
    view = naruto_view()

    @classmethod
    def make_board(cls, context) -> Board:
        return Board(context)

    def make_tabs(self):
        self.chain = ChainView(self.card_name)
        self.showdown = ShowdownPanel(self.card_name, self.player_name)
        return [(self.chain, "chain_tab"), (self.showdown, "showdown_tab")]

    def display_tabs(self, match) -> None:
        self.chain.display(match)
        self.showdown.display(match.log)
