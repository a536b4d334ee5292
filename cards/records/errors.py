"""What can go wrong with a match record, in the user's language: `RecordError` (and `MatchElsewhere`,
a match recorded by another window or computer) with every message of `cards.records` in one table.

The records' modules (recording, reading, replaying, exchange) all raise these, and an export
check's ``expected`` words are made here too, so one table holds every text the records can show.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from localization import KeyedError, Messages

MESSAGES = Messages("cards.records.errors", {
    "unknown_uid": "no recorded match has the id {uid!r}",
    "ambiguous_uid": "the id {uid!r} is the start of several matches' ids: {matches}",
    "unknown_game": "the game {game!r} is not one this program records (known: {known})",
    "does_not_replay": "match {uid}: recorded action {seq} ({notation!r}) cannot be replayed: {reason}",
    "bad_players": "players must be a list of {seats} names of 1 to {maximum} characters without control "
                   "characters, got {value!r}",
    "bad_decks": "decks must be a list of {seats} deck names, card-number lists or nulls, got {value!r}",
    "not_object": "the match data must be a JSON object",
    "wrong_format": "this is not an exported match (expected format {expected!r} version {version}, "
                    "got {got!r} version {got_version!r})",
    "missing_field": "the field {field!r} is missing",
    "bad_field": "the field {field!r} is not valid: expected {expected}, got {value!r}",
    "bad_action": "action {place}: the field {field!r} is not valid: expected {expected}, got {value!r}",
    "action_not_object": "action {place} must be a JSON object, got {value!r}",
    "expect_uid": "up to 36 letters, digits and '-'",
    "expect_one_of": "one of {values}",
    "expect_integer": "an integer",
    "expect_whole": "a whole number",
    "expect_players": "a list of player names (1 to {maximum} characters each, without control characters): "
                      "{low} to {high}",
    "expect_players_exact": "a list of player names (1 to {maximum} characters each, without control "
                            "characters): exactly {n}",
    "expect_decks": "a list of {seats} deck names, card-number lists or nulls",
    "expect_position": "a position (a JSON object)",
    "expect_time": "an ISO date and time",
    "expect_time_or_null": "an ISO date and time or null",
    "expect_seat": "a seat from 0 to {last} or null",
    "expect_rule": "a rule id or null",
    "expect_computers": "the seats played by the computer, as {{\"1\": \"heuristic\"}}",
    "expect_hints": "the teacher's hints, as {{\"allowed\": true, \"asked\": 0}}",
    "expect_actions": "a list of actions",
    "expect_notation": "an action's notation",
    "expect_step": "a step name",
    "bad_sequence": "action {place} has the sequence number {seq!r}; expected {expected}",
    "bad_initial": "the initial position cannot be read: {reason}",
    "bad_position": "the record of match {uid} cannot be played from its initial position: {reason}",
    "unplayable": "the rules cannot follow it",
    "unknown_deck_cards": "deck {seat} names cards this catalogue does not hold: {cards}; import them first",
    "unfinished": "an unfinished match",
    "won_by": "a win by seat {seat} ({rule})",
    "no_winner": "no winner ({rule})",
    "initial_differs": "the initial position's {field} is {initial!r} but the match says {value!r}",
    "replay_differs": "action {seq} ({notation!r}) was recorded with {field} {recorded!r}, but replaying gives {replayed!r}",
    "outcome_differs": "the match says {recorded}, but replaying its actions gives {replayed}",
    "turns_differ": "the match says {turns} turns were played, but replaying its actions gives {replayed}",
    "conflict": "a different match with the id {uid!r} is already stored ({detail}); nothing was imported",
    "damaged": "the record of match {uid} is damaged: its {field} cannot be read",
    "open_elsewhere": "the match {uid} is open in another window or on another computer (since {since}); "
                      "take it over here, or open a copy of it",
    "taken": "the match {uid} was taken over in another window or on another computer: this one no longer "
             "records it; open a copy to keep what was played here",
})


class RecordError(KeyedError, ValueError):
    """A problem with a match record the user can act on: ``key`` names the message in `MESSAGES`,
    ``params`` fill it in (kept apart so the message can be translated later)."""

    messages = MESSAGES  # its key and params can be shown in any language


class MatchElsewhere(RecordError):
    """The match is recorded by another window or computer: ``open_elsewhere`` when opening it
    (``since``: when that one took it), ``taken`` when writing after another took it over. The
    stored record is never touched by the one told."""

    def __init__(self, key: str, uid: str, since: datetime | None = None):
        super().__init__(key, uid=uid, since=_when(since))
        self.uid = uid


def _when(value: datetime | None) -> str:
    return "" if value is None else value.strftime("%Y-%m-%d %H:%M")


def short(value) -> Any:
    """A value as an error message quotes it: whole when short, else its repr cut to 80 characters."""
    text = repr(value)
    return value if len(text) <= 80 else text[:77] + "..."
