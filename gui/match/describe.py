"""Actions in words: the label of an option button, in the active language.

The notation (`deploy N-008 pay J-001`) stays the stable form in logs and files; a player reads
"Deploy a Ninja: N-008 Iruka Umino — pay: J-001 …". Values are shown by what they are: card numbers
with names, ``T1`` as a team, ``new`` as a new team, ``N-018@2`` as a card of player 2, a seat
(``first 2``, ``into 3``) by its player's name when the caller knows the names. Each game names its
verbs with a term kind of its own (`GameView.verb`), given by the caller.
"""

from __future__ import annotations

import re
from typing import Callable

from localization import Messages, current
from referee.engine.action import UNNAMED, Action

MESSAGES = Messages("gui.match.describe", {
    "action": "{verb}: {what}",
    "unnamed": "a physical card to name",
    "team": "team {n}",
    "new_team": "a new team",
    "seat_card": "{card} (player {seat})",
    "opt_pay": "pay: {values}",
    "opt_by": "user: {values}",
    "opt_target": "target: {values}",
    "opt_lead": "leader: {values}",
    "opt_on": "against: {values}",
    "opt_over": "over: {values}",
    "opt_from": "from: {values}",
    "opt_x": "X = {values}",
    "opt_into": "into the field of {values}",
    "first_seat": "player {n}",
    "reward": "battle reward {n} (player {seat})",
    "none": "none",
    "done": "done",
    "yes": "yes",
    "no": "no",
    "together": "{cards} together",
})

_WORDS = ("none", "done", "yes", "no")
_REWARD = re.compile(r"R(\d+)@(\d)\Z")

_TEAM = re.compile(r"T(\d+)\Z")


#: the options and verbs whose values are seats, numbered from 1
SEAT_VALUES = frozenset({"first", "into"})


def naruto_verb(verb: str) -> str:
    """A Naruto CCG verb's name (the default: the replay and older callers show Naruto matches)."""
    return current().term("verb", verb)


def value(text: str, card_name: Callable[[str], str], verb: str = "",
          seat_name: Callable[[int], str] | None = None) -> str:
    if text == UNNAMED:
        return MESSAGES("unnamed")
    if text == "new":
        return MESSAGES("new_team")
    if text in _WORDS:
        return MESSAGES(text)
    if text in ("heads", "tails"):
        return current().term("outcome", text)
    reward = _REWARD.match(text)
    if reward:
        return MESSAGES("reward", n=reward.group(1), seat=reward.group(2))
    if ":" in text and "@" not in text:  # a new team of an effect's reorganization: N-001:N-002
        return MESSAGES("together", cards=" + ".join(card_name(c) for c in text.split(":")))
    team = _TEAM.match(text)
    if team:
        return MESSAGES("team", n=team.group(1))
    if verb in SEAT_VALUES and text.isdigit():
        return seat_name(int(text) - 1) if seat_name is not None else MESSAGES("first_seat", n=text)
    if text.isdigit():
        return text
    card, at, seat = text.partition("@")
    if at:
        return MESSAGES("seat_card", card=card_name(card), seat=seat)
    if text in ("Fire", "Water", "Wind", "Lightning", "Earth", "Void"):
        return current().term("symbol", text)
    return card_name(text)


def details(action: Action, card_name: Callable[[str], str], seat_name: Callable[[int], str] | None = None) -> str:
    """What an action names (cards, team, payment...), without its verb; empty for ``pass``."""
    parts = [", ".join(value(v, card_name, action.verb, seat_name) for v in action.args)] if action.args else []
    for key, values in action.opts:
        parts.append(MESSAGES(f"opt_{key}", values=", ".join(value(v, card_name, key, seat_name) for v in values)))
    return " — ".join(parts)


def label(action: Action, card_name: Callable[[str], str], verb_name: Callable[[str], str] = naruto_verb,
          seat_name: Callable[[int], str] | None = None) -> str:
    """``action`` in words, verb first (the log, the naming dialog)."""
    verb = verb_name(action.verb)
    what = details(action, card_name, seat_name)
    return MESSAGES("action", verb=verb, what=what) if what else verb
