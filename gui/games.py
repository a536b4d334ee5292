"""What the application needs of each game beyond its match page, in one shape: a `GameApp` per
game, in the game's own part of the application (``gui/naruto/app.py``, ``gui/llamas/app.py``),
which the game registry names (`referee.games`, ``app``). The shared pages ask it instead of naming
a game: the new-match page shows the game's panel, the card browser its columns and facts, the card
tiles its cards' looks, the screenshots script its picture.

A game's new-match panel (``setup``) is a widget made with the new-match page and the game's registry
entry, ``setup(page, game)``. It has the same few methods in every game:

- ``rows()``: its settings as (label, field) pairs, shown in the page's "Match" form while the game
  is chosen (the Naruto CCG's deck format and who starts; none for Llamas Unleashed);
- ``set_mode(mode)``: the page's mode changed (``guided`` or ``referee``);
- ``start(window, mode, seed)``: build, record and open the match; its match page, or None when the
  panel refused to start (it says why on the page: `gui.new_match.NewMatchPage.say`, ``refuse``);
  an error the player can read (`localization.KeyedError`, ValueError) is shown by the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from referee.games import game

#: a browser cell: (context, card, game id) -> its text
Cell = Callable[[Any, Any, str], str]


@dataclass(frozen=True)
class GameApp:
    #: its panel of the new-match page (see the module's docstring)
    setup: Callable[[Any, Any], Any]
    #: its columns in the card browser, in order: column key -> cell; each key's header and tooltip
    #: are `gui.browser`'s ``column_<key>`` and ``column_<key>_tip``
    columns: dict[str, Cell]
    #: what one of its cards shows in the browser's facts, before what every card shows (title,
    #: effect, set...): (card, game id) -> [(fact key, value)], `gui.browser`'s ``fact_<key>`` naming
    #: each
    facts: Callable[[Any, str], list[tuple[str, object]]]
    #: what one of its cards prints, as its tile paints it, in the active language: (card, game id) ->
    #: `gui.faces.Look`
    look: Callable[[Any, str], Any]
    #: how the values of each of its search filters (`cards.games.Catalogue.filters`) are named in
    #: the active language; a filter left out is named by the term of its card types
    filter_names: dict[str, Callable[[object], str]] = field(default_factory=dict)
    #: what ends the keys of the new-match page's mode tips for it (``mode_guided<mode_tips>_tip``):
    #: what the program holds differs by game; "" for the shared ones
    mode_tips: str = ""
    #: the name (without its suffix, any case) a scan of one of its cards has in the folder of scans
    #: chosen in the settings
    scan_name: Callable[[Any], str] = lambda card: card.number
    #: for `gui.screenshots` and the tests that read the screen: the pictures worth showing, by name
    #: (``<name>-<lang>.png``), each a function that opens a match on the window and returns its page
    showcases: dict[str, Callable[[Any], Any]] = field(default_factory=dict)


def app(game_id: str | None = None) -> GameApp:
    """The application's part of ``game_id`` (the default game for None)."""
    return game(game_id).part("app")
