"""What the shared match widgets need to know of a game, so that one options panel, one phase
tracker, one log and one page serve the Naruto CCG and Llamas Unleashed.

A `GameView` names the game's verbs, phases and steps (each game has term kinds of its own, since
the games call different things alike), lists its verbs in the order a player meets them, says which
verbs have controls of their own on the page (pass, next), which hand cards each verb plays (to
grey those it may not play now, with the rule), which verbs are answered by ticking several cards,
which verbs' costs are paid with cards chosen on their tiles, and which option of a verb is chosen once for the whole group (Llamas: the field a card goes into).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from localization import current
from referee.engine.action import Action
from referee.games import GAMES


@dataclass(frozen=True)
class Pick:
    """The cards a choice made by ticking takes: the actor's cards in ``zone`` that ``takes``
    accepts, offered only when at least ``least`` of them are there (the referee still judges what
    is ticked)."""

    zone: str
    takes: Callable[[Any], bool] = lambda card: True
    least: int = 1


@dataclass(frozen=True)
class GameView:
    states: list[Any]  # the state machine's states (its table), for the phase tracker
    #: the game's registry id: its term kinds name its verbs, phases, steps and choices
    #: (`referee.games.Game.term`), and its match log reads its own sentences
    game: str
    order: tuple[str, ...]  # option verbs, in the order a player meets them
    controls: tuple[str, ...]  # verbs with a control of their own on the page, never an option
    #: verb -> which hand cards it plays (a card -> bool), to grey the others with their refusal
    plays: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    #: compound choices made by ticking cards: verb -> which of the actor's cards may be ticked
    picks: dict[str, Pick] = field(default_factory=dict)
    #: verbs whose cost is paid with cards chosen by clicking their tiles: verb -> the zone of the
    #: actor's cards that may pay (`gui.match.payment`)
    pays: dict[str, str] = field(default_factory=dict)
    #: verb -> (an option chosen once for the whole group, its values being seats numbered from 1;
    #: which cards take it): Llamas plays an Animal, Upgrade or Downgrade into a chosen field
    seat_option: dict[str, tuple[str, Callable[[Any], bool]]] = field(default_factory=dict)
    #: the actor's zones whose content changes the options shown
    watched: tuple[str, ...] = ("hand",)
    #: verbs given with a form of their own rather than as options: verb -> (match, card_name,
    #: allowed, viewer) -> a widget whose ``chosen`` signal carries the action (the Naruto CCG's
    #: manual toolbox, shown while `referee.engine.match.Match.offers` the verb)
    panels: dict[str, Callable[..., Any]] = field(default_factory=dict)

    @property
    def verb_kind(self) -> str:
        """The term kind naming its verbs."""
        return GAMES[self.game].term("verb")

    def verb(self, verb: str) -> str:
        return current().term(self.verb_kind, verb)

    def phase(self, phase: str) -> str:
        return current().term(GAMES[self.game].term("phase"), phase)

    def step_name(self, step: str) -> str:
        """A step's name in the active language."""
        return current().term(GAMES[self.game].term("step"), step)

    def choice_name(self, kind: str) -> str:
        """What a choice an effect asks is called (the title of the answers)."""
        return current().term(GAMES[self.game].term("choice"), kind)

    def fit(self, action: Action, cards) -> Action:
        """``action`` as its named card takes it: a physical card named for ``play ? into 2`` that
        goes into no field (a Magic) drops the seat option (``cards``: the match's card source)."""
        key, takes = self.seat_option.get(action.verb, (None, None))
        card = cards.get(action.args[0]) if key is not None and action.args else None
        if card is None or takes(card):
            return action
        return Action(action.verb, action.args, tuple((k, v) for k, v in action.opts if k != key))
