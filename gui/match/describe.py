"""Actions in words: an option button, a line of the log, in the active language.

The notation (`deploy N-008 pay J-001`) stays the stable form in files; a player reads a sentence,
"Deploy Iruka Umino paying with Kunai" (`sentence`): each verb has a sentence of its own (the term
kind ``<verb kind>_sentence``, `{0}` its first argument, `{what}` all of them) and each option a
phrase ("paying with {values}"). Values are shown by what they are: card numbers by the caller's
``card_name``, ``T1`` as a team, ``new`` as a new team, ``N-018@2`` as a card of a player, a seat
(``first 2``, ``into 3``) by its player's name when the caller knows the names. Each game names its
verbs with a term kind of its own (`GameView.verb_kind`), given by the caller.
"""

from __future__ import annotations

import re
from typing import Callable

from localization import Messages, current, has_term
from referee.engine.action import UNNAMED, Action
from referee.engine.names import is_default_name

MESSAGES = Messages("gui.match.describe", {
    "action": "{verb}: {what}",
    "sentence": "{main} {options}",
    "say_pay": "paying with {values}",
    "say_by": "by {values}",
    "say_target": "targeting {values}",
    "say_lead": "led by {values}",
    "say_on": "against the team led by {values}",
    "say_over": "over {values}",
    "say_from": "from {values}",
    "say_x": "with X = {values}",
    "say_into": "into the field of {values}",
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


def seat_player(players, seat: int) -> str:
    """A seat's player by name; "Player 1" in the reader's language for a seat nobody named."""
    name = players[seat].name if 0 <= seat < len(players) else ""
    return current().player(seat) if is_default_name(name, seat) else name


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
    for kind in ("symbol", "attribute", "zone"):  # the words a choice or an option may name
        if has_term(kind, text):
            return current().term(kind, text)
    return card_name(text)


def sentence(action: Action, card_name: Callable[[str], str], kind: str = "verb",
             seat_name: Callable[[int], str] | None = None) -> str:
    """``action`` as a sentence: its verb's sentence (term kind ``kind + "_sentence"``) with its
    arguments, then a phrase for each option, joined by commas."""
    args = [value(v, card_name, action.verb, seat_name) for v in action.args]
    main = current().term(f"{kind}_sentence", action.verb)
    if main == action.verb:  # a verb without a sentence of its own: its name, then what it names
        main = label(Action(action.verb, action.args), card_name, kind, seat_name)
    else:
        main = main.format(*args, *[""] * 3, what=current().joined(args))
    options = [MESSAGES(f"say_{key}", values=current().joined([value(v, card_name, key, seat_name) for v in values]))
               for key, values in action.opts]
    return MESSAGES("sentence", main=main, options=", ".join(options)) if options else main


def details(action: Action, card_name: Callable[[str], str], seat_name: Callable[[int], str] | None = None) -> str:
    """What an action names (cards, team, payment...), without its verb; empty for ``pass``."""
    parts = [", ".join(value(v, card_name, action.verb, seat_name) for v in action.args)] if action.args else []
    for key, values in action.opts:
        parts.append(MESSAGES(f"opt_{key}", values=", ".join(value(v, card_name, key, seat_name) for v in values)))
    return " — ".join(parts)


def label(action: Action, card_name: Callable[[str], str], kind: str = "verb",
          seat_name: Callable[[int], str] | None = None) -> str:
    """``action`` in words, its verb's name first ("Deploy a Ninja: Iruka Umino — pay: Kunai")."""
    verb = current().term(kind, action.verb)
    what = details(action, card_name, seat_name)
    return MESSAGES("action", verb=verb, what=what) if what else verb
