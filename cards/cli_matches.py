"""The match records' commands: `referee matches list|show|replay|export|import|stats`, each with
``--database-url``.

A match is named by its uid or any unique start of it (as `list` prints them). Output is plain
text; exit codes follow the other commands: 0 done, 2 bad input (an unknown uid, a file that cannot
be read or is not a valid exported match) or an unusable database. Every line a user reads comes
from `MESSAGES`, keyed by message id with named params.

Start-up: `register` builds the parsers from light modules only; the records and the database
layer under them (SQLModel, SQLAlchemy, Alembic, and the engines a replay runs) are imported by
each command's function when that command runs, so that they do not slow down every other
`referee` command (see `cards.cli_catalogue` and bench/startup.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import reduce, wraps
from typing import TYPE_CHECKING

from referee.cli import read_text, whole
from referee.games import game as game_entry

from .cli import add_output_option, in_memory, write_output
from .names import localized_name
from localization import Messages, current
from localization.text import caption

if TYPE_CHECKING:  # the annotations only: the commands import these when they run
    from . import records
    from .db import Database

MESSAGES = Messages("cards.cli_matches", {
    "error": "error: {detail}",
    "cannot_read": "error: cannot read {file}: {detail}",
    "cannot_write": "error: cannot write {file}: {detail}",
    "not_json": "error: {file} is not JSON (line {line}, column {column}: {detail})",
    "bad_match_file": "error: {file}: {detail}; nothing was imported",
    "bad_step": "error: step {step} is outside 0..{last} (the match has {last} actions)",
    "no_matches": "no recorded match",
    "match_row": "{uid}  {started}  {players}  {format}/{mode}  {status}",
    "damaged_row": "{uid}  {started}  a damaged record: its {field} cannot be read, so it cannot be opened",
    "status_finished": "finished in {turns} turns: {result}",
    "status_playing": "in progress: turn {turns}, {actions} actions",
    "won": "{player} won ({reason})",
    "no_winner": "no winner ({reason})",
    "versus": "{first} vs {second}",
    "field": "{name}: {value}",
    "no_deck": "(none given)",
    "deck_list": "a list of {cards} cards",
    "action_row": "{seq:>5}. {actor:<12} {phase:<32} {notation}",
    "nobody": "-",
    "imported": "imported match {uid} ({actions} actions)",
    "extended": "match {uid} was stored with fewer actions: now {actions}",
    "unchanged": "match {uid} is already stored; nothing changed",
    "exported": "wrote match {uid} to {file}",
    "step_head": "step {step} of {last}: {action}",
    "step_start": "step 0 of {last}: the initial position",
    "step_action": "{actor} played {notation!r} in {phase}",
    "turn_line": "turn {turn}, step {phase}, to act: {actor}",
    "role_line": "{role}: {name}",
    "game_over": "game over: {result}",
    "player_line": "{name}: {zones}",
    "zone_count": "{zone} {count}",
    "zone_line": "  {zone}: {cards}",
    "shared_line": "{zone}: {count}",
    "replay_line": "{seq:>5}. {actor:<12} {notation:<40} turn {turn}  {summary}",
    "summary": "{name}: {zones}",
    "stats_decks": "decks (finished matches): games, wins, average turns",
    "stats_deck": "  {deck:<32} {games:>5} {wins:>5} {turns:>8.1f}",
    "stats_players": "players (finished matches): games, wins",
    "stats_player": "  {player:<32} {games:>5} {wins:>5}",
    "stats_none": "  (no finished match)",
    "unknown_card": "an unknown card",
    "injured": "{card} (injured)",
    "label_uid": "uid",
    "label_game": "game",
    "label_format": "format",
    "label_expansions": "expansions",
    "format_with": "{format} + {expansions}",
    "expansion_list": "{expansions}",
    "label_mode": "mode",
    "label_seed": "seed",
    "label_players": "players",
    "label_decks": "decks",
    "label_started": "started",
    "label_finished": "finished",
    "label_result": "result",
    "label_turns": "turns",
    "label_actions": "actions",
    "matches_help": "recorded matches",
    "list_help": "list the recorded matches, oldest first",
    "finished_help": "only finished ones",
    "unfinished_help": "only those still in progress",
    "show_help": "a match's record and every action",
    "uid_help": "the match's id, or a unique start of it",
    "replay_help": "replay a match step by step",
    "step_help": "show the position after this many actions",
    "json_help": "with --step: the position as JSON",
    "export_help": "write a match as JSON",
    "import_help": "store a match from a JSON file written by export",
    "file_help": "a JSON file written by export",
    "stats_help": "games, wins and average turns per deck; games and wins per player",
})

FIELDS = ("uid", "game", "format", "expansions", "mode", "seed", "players", "decks", "started", "finished",
          "result", "turns", "actions")


def say(key: str, *, err: bool = False, **params) -> None:
    print(MESSAGES(key, **params), file=sys.stderr if err else sys.stdout)


def _guarded(run):
    """Run a command on the database named by ``--database-url``; the problems a user can act on
    become a message and exit code 2."""

    @wraps(run)
    def command(args: argparse.Namespace) -> int:
        from .db import Database, StorageError
        from .records import RecordError

        try:
            with Database(args.database_url) as db:
                return run(db, args)
        except (StorageError, RecordError) as exc:
            say("error", err=True, detail=exc)
        return 2

    return command


# --- formatting ----------------------------------------------------------------------------------


def _when(value) -> str:
    return "" if value is None else value.strftime("%Y-%m-%d %H:%M")


def _seat(info: records.MatchInfo, seat: int | None) -> str:
    if seat is None:
        return MESSAGES("nobody")
    return info.players[seat] if 0 <= seat < len(info.players) else str(seat + 1)


def _result(info: records.MatchInfo, outcome=None) -> str:
    """Who won and by which rule: the record's result, or ``outcome`` (a replayed position's)."""
    winner, reason = (outcome.winner, outcome.rule) if outcome is not None else (info.winner, info.reason)
    if winner is None:
        return MESSAGES("no_winner", reason=reason)
    return MESSAGES("won", player=_seat(info, winner), reason=reason)


def _deck(deck) -> str:
    if deck is None:
        return MESSAGES("no_deck")
    return deck if isinstance(deck, str) else MESSAGES("deck_list", cards=len(deck))


def _status(info: records.MatchInfo) -> str:
    if info.is_finished:
        return MESSAGES("status_finished", turns=info.turns, result=_result(info))
    return MESSAGES("status_playing", turns=info.turns, actions=info.actions)


def _versus(info: records.MatchInfo) -> str:
    """Every player of the match: ``Ann vs Bob``, ``Ann vs Bob vs Chloé`` (a Llamas match has up to
    eight)."""
    return reduce(lambda first, second: MESSAGES("versus", first=first, second=second), info.players)


def _step(info: records.MatchInfo, phase: str) -> str:
    """A step of the turn (as the records keep it) by its name in the active language."""
    return current().term(game_entry(info.game).term("step"), phase)


def _card(state, table, iid: int) -> str:
    card = state.card(iid)
    text = MESSAGES("unknown_card") if card is None else \
        f"{card.number} {localized_name(card.number, current().lang) or card.name}"
    return MESSAGES("injured", card=text) if iid in table.injured else text


def _table(info: records.MatchInfo, match):
    """The position's summary as its game gives it (`referee.engine.game.TableView`), and a function
    naming one of its zones in the active language."""
    entry = game_entry(info.game)
    zone_kind = entry.term("zone")
    return entry.part("play").table(match.state), lambda zone: current().term(zone_kind, zone)


def _zones(counts, zone_name) -> str:
    return ", ".join(MESSAGES("zone_count", zone=zone_name(zone), count=n) for zone, n in counts)


def _position(replay: records.Replay) -> None:
    """The position at the replay's current step, in a few lines."""
    last = replay.last
    if last is None:
        say("step_start", last=len(replay))
    else:
        say("step_head", step=replay.step, last=len(replay), action=MESSAGES("step_action",
            actor=_seat(replay.info, last.actor), notation=last.notation, phase=_step(replay.info, last.phase)))
    position(replay.info, replay.match)


def position(info: records.MatchInfo, match) -> None:
    """Where a match stands, in a few lines: the turn, the seats holding a role, each player's
    zones (the face-up ones card by card), the zones of no seat."""
    state = match.state
    table, zone_name = _table(info, match)
    role_kind = game_entry(info.game).term("role")
    outcome = match.outcome()
    if outcome is not None:
        say("game_over", result=_result(info, outcome))
    say("turn_line", turn=state.turn, phase=_step(info, state.phase), actor=_seat(info, match.actor))
    for role, seat in table.roles:
        say("role_line", role=caption(current().term(role_kind, role)), name=_seat(info, seat))
    for seat, zones in enumerate(table.seats):
        say("player_line", name=_seat(info, seat), zones=_zones(zones.counts, zone_name))
        for zone, cards in zones.listed:
            if cards:
                say("zone_line", zone=caption(zone_name(zone)), cards=", ".join(_card(state, table, i) for i in cards))
    for zone, count in table.shared:
        if count:
            say("shared_line", zone=caption(zone_name(zone)), count=count)


def _summary(replay: records.Replay) -> str:
    table, zone_name = _table(replay.info, replay.match)
    return " | ".join(MESSAGES("summary", name=_seat(replay.info, seat), zones=_zones(zones.counts, zone_name))
                      for seat, zones in enumerate(table.seats))


# --- commands --------------------------------------------------------------------------------------


@_guarded
def _list(db: Database, args: argparse.Namespace) -> int:
    from . import records

    found = records.list_matches(db, finished=args.finished)
    for info in found:
        if info.damaged:
            say("damaged_row", uid=info.uid, started=_when(info.started), field=info.damaged)
            continue
        fmt = MESSAGES("format_with", format=info.format, expansions=list(info.expansions)) if info.expansions \
            else info.format
        say("match_row", uid=info.uid, started=_when(info.started), players=_versus(info), format=fmt,
            mode=info.mode, status=_status(info))
    if not found:
        say("no_matches")
    return 0


@_guarded
def _show(db: Database, args: argparse.Namespace) -> int:
    from . import records

    uid = records.resolve_uid(db, args.uid)
    info, tr = records.get_match(db, uid), current()
    values = {
        "uid": info.uid, "game": tr.term("game", info.game), "format": tr.term("format", info.format),
        "mode": tr.term("mode", info.mode), "seed": info.seed,
        "expansions": MESSAGES("expansion_list", expansions=list(info.expansions)) if info.expansions else "-",
        "players": _versus(info),
        "decks": "; ".join(f"{_seat(info, s)}: {_deck(d)}" for s, d in enumerate(info.decks)),
        "started": _when(info.started), "finished": _when(info.finished) or "-",
        "result": _result(info) if info.is_finished else "-", "turns": info.turns, "actions": info.actions,
    }
    for name in FIELDS:
        say("field", name=MESSAGES(f"label_{name}"), value=values[name])
    for action in records.match_actions(db, uid):
        say("action_row", seq=action.seq, actor=_seat(info, action.actor), phase=_step(info, action.phase),
            notation=action.notation)
    return 0


@_guarded
def _replay(db: Database, args: argparse.Namespace) -> int:
    from . import records

    replay = records.replay(db, records.resolve_uid(db, args.uid))
    if args.step is not None:
        if not 0 <= args.step <= len(replay):
            say("bad_step", err=True, step=args.step, last=len(replay))
            return 2
        replay.go(args.step)
        if args.json:
            print(json.dumps(replay.position, ensure_ascii=False, sort_keys=True))
        else:
            _position(replay)
        return 0
    while (action := replay.forward()) is not None:
        say("replay_line", seq=action.seq, actor=_seat(replay.info, action.actor), notation=action.notation,
            turn=replay.match.state.turn, summary=_summary(replay))
    if replay.info.is_finished:
        say("game_over", result=_result(replay.info))
    return 0


@_guarded
def _export(db: Database, args: argparse.Namespace) -> int:
    from . import records

    uid = records.resolve_uid(db, args.uid)
    text = json.dumps(records.export_match(db, uid), ensure_ascii=False, indent=1) + "\n"
    return write_output(text, args.output, say, uid=uid)


@_guarded
def _import(db: Database, args: argparse.Namespace) -> int:
    from . import records

    if in_memory(db):
        return 2
    text = read_text(args.file, say)
    if text is None:
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        say("not_json", err=True, file=args.file, line=exc.lineno, column=exc.colno, detail=exc.msg)
        return 2
    try:
        result = records.import_match(db, data)
    except records.RecordError as exc:
        say("bad_match_file", err=True, file=args.file, detail=exc)
        return 2
    say(result.status, uid=result.uid, actions=result.actions)
    return 0


@_guarded
def _stats(db: Database, args: argparse.Namespace) -> int:
    from . import records

    say("stats_decks")
    deck_rows = records.deck_stats(db)
    for s in deck_rows:
        say("stats_deck", deck=s.deck, games=s.games, wins=s.wins, turns=s.average_turns)
    if not deck_rows:
        say("stats_none")
    say("stats_players")
    player_rows = records.player_stats(db)
    for s in player_rows:
        say("stats_player", player=s.player, games=s.games, wins=s.wins)
    if not player_rows:
        say("stats_none")
    return 0


# --- registration --------------------------------------------------------------------------------


def register(commands: dict, add_database_option) -> None:
    """Add ``matches list|show|replay|export|import|stats`` to the top-level commands."""
    m = MESSAGES
    matches = commands["top"].add_parser("matches", help=m("matches_help"), description=m("matches_help"))
    msub = matches.add_subparsers(dest="matches_command", required=True)

    ls = msub.add_parser("list", help=m("list_help"), description=m("list_help"))
    which = ls.add_mutually_exclusive_group()
    which.add_argument("--finished", dest="finished", action="store_true", default=None, help=m("finished_help"))
    which.add_argument("--unfinished", dest="finished", action="store_false", help=m("unfinished_help"))
    ls.set_defaults(run=_list)

    sh = msub.add_parser("show", help=m("show_help"), description=m("show_help"))
    sh.add_argument("uid", help=m("uid_help"))
    sh.set_defaults(run=_show)

    rp = msub.add_parser("replay", help=m("replay_help"), description=m("replay_help"))
    rp.add_argument("uid", help=m("uid_help"))
    rp.add_argument("--step", type=whole(0, 10**9), default=None, help=m("step_help"))
    rp.add_argument("--json", action="store_true", help=m("json_help"))
    rp.set_defaults(run=_replay)

    ex = msub.add_parser("export", help=m("export_help"), description=m("export_help"))
    ex.add_argument("uid", help=m("uid_help"))
    add_output_option(ex)
    ex.set_defaults(run=_export)

    im = msub.add_parser("import", help=m("import_help"), description=m("import_help"))
    im.add_argument("file", help=m("file_help"))
    im.set_defaults(run=_import)

    st = msub.add_parser("stats", help=m("stats_help"), description=m("stats_help"))
    st.set_defaults(run=_stats)

    for parser in (ls, sh, rp, ex, im, st):
        add_database_option(parser)
    commands["matches"] = msub  # `matches start|act` (cards.cli_play) join these
