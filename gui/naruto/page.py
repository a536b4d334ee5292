"""The Naruto CCG's match page: both players' areas, the chain of Jutsu and Missions, the last
Showdown's arithmetic (everything else is the shared `MatchPage`)."""

from __future__ import annotations

from ..match.page import MatchPage
from .board import Board
from .chain_view import ChainView
from .showdown import SHOWDOWN_EVENTS, ShowdownPanel
from .view import naruto_view


class NarutoPage(MatchPage):
    view = naruto_view()

    @classmethod
    def make_board(cls, context) -> Board:
        return Board(context)

    def make_tabs(self):
        self.chain = ChainView(self.card_name, self.player_name)
        self.showdown = ShowdownPanel(self.card_name, self.player_name)
        return [(self.chain, "chain_tab"), (self.showdown, "showdown_tab")]

    _links = 0  # the chain's links at the last display
    _showdowns: int | None = None  # the Showdown events of the log at the last display (None: none yet)

    def display_tabs(self, match):
        """The chain comes into view when it opens, the log when it closes, the Showdown panel when
        a Showdown is worked out."""
        self.chain.display(match)
        self.showdown.display(match.log)
        links = len(match.state.chain)
        showdowns = sum(e.key in SHOWDOWN_EVENTS for e in match.log)
        opened, closed = links and not self._links, self._links and not links
        worked_out = self._showdowns is not None and showdowns > self._showdowns
        self._links, self._showdowns = links, showdowns
        if worked_out:
            return self.showdown
        return self.chain if opened else self.log if closed else None
