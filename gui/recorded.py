"""How the GUI names the parts of a recorded match (`cards.records.MatchInfo`), in the active
language: its date in the user's locale, its players, decks, format, mode, result and deciding rule.

The history, continue and replay pages share these, so a match reads the same everywhere; the match
tables are built from `MATCH_COLUMNS` here too, each column sorting by one of the orders the records
are read in (`cards.records.ORDERS`).
"""

from __future__ import annotations

from datetime import datetime, timezone

from PySide6.QtCore import QDateTime, QLocale

from cards import records
from cards.records import MatchInfo
from localization import Messages, current
from referee.engine.names import is_default_name

from .tables import Column

MESSAGES = Messages("gui.recorded", {
    "versus": "{first} vs {second}",
    "many": "{names}",
    "damaged": "a damaged record (its {field} cannot be read)",
    "decks": "{first} / {second}",
    "no_deck": "—",
    "no_winner": "No winner",
    "in_progress": "In progress",
    "rule": "{rule} {title}",
    "percent": "{value}%",
    "started": "Started",
    "started_tip": "When the match began (your local time)",
    "players": "Players",
    "players_tip": "The players, first seat first",
    "match_decks": "Decks",
    "match_decks_tip": "The deck each seat played: its name, or “list:” and a fingerprint of an unnamed card list",
    "format": "Format",
    "format_tip": "The deck format the match was played in, and the expansions shuffled into its deck",
    "format_with": "{format} + {expansions}",
    "mode": "Mode",
    "mode_tip": "Guided (the program holds the decks) or referee (physical cards)",
    "turn": "Turn",
    "turn_tip": "The turn the match stands at",
    "turns": "Turns",
    "turns_tip": "How many turns were played",
    "actions": "Actions",
    "actions_tip": "How many actions are recorded",
    "winner": "Winner",
    "winner_tip": "Who won the match, if it is over",
    "reason": "Deciding rule",
    "reason_tip": "The rule that ended the match: its id and title",
})


def when(value: datetime | None) -> str:
    """A recorded time (UTC) as the user's locale writes a local date and time."""
    if value is None:
        return ""
    local = (value if value.tzinfo else value.replace(tzinfo=timezone.utc)).astimezone()
    return QLocale().toString(QDateTime(local.replace(tzinfo=None)), QLocale.FormatType.ShortFormat)


def number(value: float, decimals: int = 0) -> str:
    """A number as the user's locale writes it (1.5, 1,5), rounded to ``decimals`` (22/33 is 67 %)."""
    return QLocale().toString(float(value), "f", decimals)


def percent(part: int, whole: int) -> str:
    return MESSAGES("percent", value=number(100 * part / whole if whole else 0))


def seat_name(info: MatchInfo, seat: int) -> str:
    """The recorded name of a seat's player ("Player 1" in the reader's language when the record has
    none of its own)."""
    name = info.players[seat] if 0 <= seat < len(info.players) else ""
    return current().player(seat) if is_default_name(name, seat) else name


def players(info: MatchInfo) -> str:
    """"Ana vs Boris"; a game of more players lists them all, first seat first."""
    if info.damaged:
        return MESSAGES("damaged", field=info.damaged)
    if len(info.players) == 2:
        return MESSAGES("versus", first=seat_name(info, 0), second=seat_name(info, 1))
    return MESSAGES("many", names=", ".join(seat_name(info, k) for k in range(len(info.players))))


def decks(info: MatchInfo) -> str:
    """Each seat's deck; a match with no decks named (Llamas Unleashed: one shared deck, of any
    number of players) shows one dash, not one per seat."""
    if not any(info.decks):
        return MESSAGES("no_deck")
    labels = [current().deck_name(label) if (label := records.deck_label(d)) else MESSAGES("no_deck")
              for d in info.decks]
    if len(labels) == 2:
        return MESSAGES("decks", first=labels[0], second=labels[1])
    return " / ".join(labels)


def winner(info: MatchInfo) -> str:
    if not info.is_finished:
        return MESSAGES("in_progress")
    if info.winner is None:
        return MESSAGES("no_winner")
    return seat_name(info, info.winner)


def played_format(info: MatchInfo) -> str:
    """The format a match was played in, with the expansions its deck had shuffled in, if any."""
    if not info.expansions:
        return current().term("format", info.format)
    return MESSAGES("format_with", format=info.format, expansions=list(info.expansions))


def rule(rule_id: str | None) -> str:
    """A rule id with its title in the active language ("" for none)."""
    if not rule_id:
        return ""
    title = current().rule_field(rule_id, "title")
    return MESSAGES("rule", rule=rule_id, title=title) if title else rule_id


def _column(key: str, text, order: str, numeric: bool = False, wide: bool = False) -> Column:
    return Column(lambda: MESSAGES(key), lambda: MESSAGES(f"{key}_tip"), text, None, numeric, wide, order)


#: every column a table of matches may show, by name; each sorts by the order of `cards.records.ORDERS`
#: it names (the tables read their matches a page at a time, sorted by the database)
MATCH_COLUMNS: dict[str, Column] = {
    "started": _column("started", lambda m: when(m.started), "started"),
    "players": _column("players", players, "players", wide=True),
    "decks": _column("match_decks", decks, "decks"),
    "format": _column("format", played_format, "format"),
    "mode": _column("mode", lambda m: current().term("mode", m.mode), "mode"),
    "turn": _column("turn", lambda m: number(m.turns), "turns", True),
    "turns": _column("turns", lambda m: number(m.turns), "turns", True),
    "actions": _column("actions", lambda m: number(m.actions), "actions", True),
    "winner": _column("winner", winner, "winner"),
    "reason": _column("reason", lambda m: rule(m.reason), "reason"),
}


def match_columns(*names: str) -> list[Column]:
    return [MATCH_COLUMNS[name] for name in names]
