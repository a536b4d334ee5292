"""Exported matches: a match as plain JSON (`export_match`) and back (`import_match`), and a copy of a
match under a new uid (`copy_match`, "open a copy" of a match open elsewhere).

`import_match` checks every field (`_parse`) and replays the actions from the initial position at the
recorded steps and seats to the recorded outcome (`_verify`) before writing anything, so a malformed
or inconsistent file is refused with its reason and leaves the database as it was. An export made
under older rules is read as the rules read it now (`as_now`). Times are aware datetimes in UTC
(the models' column type).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any, Callable

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from referee.engine.errors import PositionError
from referee.engine.match import load_position
from referee.engine.names import PLAYER_NAME_MAX, name_problem
from referee.games import GAMES, game as game_entry

from .errors import MESSAGES, RecordError, short
from .reading import ACTION, MATCH, SEAT, UID, ActionInfo, MatchInfo, load, stored
from .recording import decks_ok, dumps, expansions_of, outcome_of, state_format
from .replaying import catalogue, replaying, rules_for
from .stats import seat_rows, seats_outcome
from localization import current

MODES = ("guided", "referee")
EXPORT_FORMAT = "referee-match"
EXPORT_VERSION = 1
_NOTATION_MAX = ACTION.c.notation.type.length
_PHASE_MAX = ACTION.c.phase.type.length


@dataclass(frozen=True)
class Imported:
    uid: str
    status: str  # "imported", "extended" (more actions than the stored copy) or "unchanged"
    actions: int


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(timezone.utc).isoformat()


def export_match(db, uid: str) -> dict:
    """The match as JSON-able data: its record's fields and its actions."""
    info, row, actions = load(db, uid)
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
        "uid": info.uid, "game": info.game, "match_format": info.format, "mode": info.mode, "seed": info.seed,
        "players": info.players, "decks": info.decks, "initial": stored(row, "initial", dict),
        "started": _iso(info.started), "finished": _iso(info.finished), "winner": info.winner,
        "reason": info.reason, "turns": info.turns, "computers": {str(k): v for k, v in sorted(info.computers.items())},
        "hints": {"allowed": info.hints_allowed, "asked": info.hints_asked},
        "actions": [{"seq": a.seq, "notation": a.notation, "actor": a.actor, "phase": a.phase, "at": _iso(a.at)}
                    for a in actions],
    }


def _field(data: dict, name: str, check: Callable[[Any], bool], expected: str, *, optional: bool = False):
    if name not in data:
        if optional:
            return None
        raise RecordError("missing_field", field=name)
    value = data[name]
    try:
        ok = (value is None and optional) or check(value)
    except (TypeError, ValueError):  # a value of another kind than the check expects ([] as a game)
        ok = False
    if ok:
        return value
    raise RecordError("bad_field", field=name, expected=expected, value=short(value))


def _expect(key: str, **params: Any) -> str:
    """What a field of an exported match must hold, as words in the user's language (the
    ``expected`` of a RecordError)."""
    return MESSAGES(f"expect_{key}", **params)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_time(v) -> bool:
    return isinstance(v, str) and _parse_time(v) is not None


def _parse_time(text: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit


@dataclass
class _Parsed:
    info: MatchInfo
    initial: dict
    actions: list[ActionInfo]


def _parse(data) -> _Parsed:
    """The exported match ``data`` checked field by field (RecordError naming the first problem)."""
    if not isinstance(data, dict):
        raise RecordError("not_object")
    if data.get("format") != EXPORT_FORMAT or data.get("version") != EXPORT_VERSION:
        raise RecordError("wrong_format", expected=EXPORT_FORMAT, version=EXPORT_VERSION,
                          got=short(data.get("format")), got_version=short(data.get("version")))
    uid = _field(data, "uid", lambda v: isinstance(v, str) and bool(UID.match(v)), _expect("uid"))
    game = _field(data, "game", lambda v: v in GAMES, _expect("one_of", values=", ".join(GAMES)))
    formats, counts = GAMES[game].formats, GAMES[game].seats
    fmt = _field(data, "match_format", lambda v: v in formats, _expect("one_of", values=", ".join(formats)))
    mode = _field(data, "mode", lambda v: v in MODES, _expect("one_of", values=", ".join(MODES)))
    seed = _field(data, "seed", lambda v: _is_int(v) and -2**63 <= v < 2**63, _expect("integer"))
    players = _field(data, "players", lambda v: isinstance(v, list) and len(v) in counts
                     and all(name_problem(p) is None for p in v),
                     _expect("players_exact", n=counts[0], maximum=PLAYER_NAME_MAX) if len(counts) == 1 else
                     _expect("players", low=counts[0], high=counts[-1], maximum=PLAYER_NAME_MAX))
    seats = len(players)
    decks = _field(data, "decks", lambda v: isinstance(v, list) and decks_ok(v, seats), _expect("decks", seats=seats))
    initial = _field(data, "initial", lambda v: isinstance(v, dict), _expect("position"))
    started = _field(data, "started", _is_time, _expect("time"))
    finished = _field(data, "finished", _is_time, _expect("time_or_null"), optional=True)
    winner = _field(data, "winner", lambda v: _is_int(v) and 0 <= v < seats, _expect("seat", last=seats - 1),
                    optional=True)
    reason = _field(data, "reason", _text(MATCH.c.reason.type.length), _expect("rule"), optional=True)
    turns = _field(data, "turns", lambda v: _is_int(v) and v >= 0, _expect("whole"))
    computers = _field(data, "computers", lambda v: isinstance(v, dict) and all(
        isinstance(k, str) and k.isdigit() and int(k) < seats and c in game_entry(game).part("play").computers
        for k, c in v.items()),
        _expect("computers"), optional=True) or {}
    hints = _field(data, "hints", lambda v: isinstance(v, dict) and set(v) == {"allowed", "asked"}
                   and isinstance(v["allowed"], bool) and _is_int(v["asked"]) and 0 <= v["asked"] < 2**31,
                   _expect("hints"), optional=True) or {"allowed": True, "asked": 0}
    raw = _field(data, "actions", lambda v: isinstance(v, list), _expect("actions"))
    actions = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            raise RecordError("action_not_object", place=i, value=short(item))
        checks = (("seq", _is_int, _expect("whole")), ("notation", _text(_NOTATION_MAX), _expect("notation")),
                  ("actor", lambda v: v is None or (_is_int(v) and 0 <= v < seats), _expect("seat", last=seats - 1)),
                  ("phase", _text(_PHASE_MAX), _expect("step")), ("at", _is_time, _expect("time")))
        for name, check, expected in checks:
            if name not in item or not check(item[name]):
                raise RecordError("bad_action", place=i, field=name, expected=expected, value=short(item.get(name)))
        if item["seq"] != i:
            raise RecordError("bad_sequence", place=i, seq=item["seq"], expected=i)
        actions.append(ActionInfo(i, item["notation"], item["actor"], item["phase"], _parse_time(item["at"])))
    actions = as_now(game, initial, actions)
    info = MatchInfo(uid=uid, game=game, format=fmt, mode=mode, seed=seed, players=players, decks=decks,
                     started=_parse_time(started), finished=None if finished is None else _parse_time(finished),
                     winner=winner, reason=reason, turns=turns, actions=len(actions),
                     computers={int(k): c for k, c in computers.items()}, hints_allowed=hints["allowed"],
                     hints_asked=hints["asked"], expansions=tuple(expansions_of(initial).split()))
    return _Parsed(info, initial, actions)


def as_now(game: str, initial: dict, actions: list[ActionInfo]) -> list[ActionInfo]:
    """An exported match's actions as the rules read them now: the action a record made under older
    rules leaves out is put in (`GamePlay.older`; the database's own records were mended by a
    migration the same way)."""
    try:
        implied = game_entry(game).part("play").older(initial, [a.notation for a in actions])
    except (ValueError, TypeError, KeyError, IndexError):  # a damaged initial position is refused later
        return actions
    if implied is None:
        return actions
    place, notation, seat, phase = implied
    added = ActionInfo(place + 1, notation, seat, phase, actions[place - 1].at)
    later = [replace(a, seq=a.seq + 1) for a in actions[place:]]
    return [*actions[:place], added, *later]


def _verify(parsed: _Parsed, cards) -> None:
    """The actions replay from the initial position, at the recorded steps and seats, to the
    recorded outcome."""
    info = parsed.info
    rules = rules_for(info.game, info.format)
    try:
        state = load_position(rules, parsed.initial, cards)
    except PositionError as err:
        raise RecordError("bad_initial", reason=current().error(err)) from None
    for seat, deck in enumerate(info.decks):
        unknown = sorted({n for n in deck if cards.get(n) is None}) if isinstance(deck, list) else []
        if unknown:
            raise RecordError("unknown_deck_cards", seat=seat + 1, cards=", ".join(unknown[:5]))
    initial = {"format": state_format(info.game, state), "mode": state.mode, "seed": state.seed,
               "players": len(state.players)}
    for name, value in (("format", info.format), ("mode", info.mode), ("seed", info.seed),
                        ("players", len(info.players))):
        if initial[name] != value:
            raise RecordError("initial_differs", field=name, initial=initial[name], value=value)
    steps = replaying(rules, parsed.initial, [a.notation for a in parsed.actions], cards, info.uid)
    match = next(steps)
    try:
        for action, (phase, actor) in zip(parsed.actions, steps):
            for name, recorded, replayed in (("phase", action.phase, phase), ("actor", action.actor, actor)):
                if recorded != replayed:
                    raise RecordError("replay_differs", seq=action.seq, notation=action.notation, field=name,
                                      recorded=recorded, replayed=replayed)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        if isinstance(err, RecordError):
            raise
        raise RecordError("bad_initial", reason=MESSAGES("unplayable")) from None  # the rules cannot follow it
    recorded = (info.winner, info.reason) if info.finished is not None else None
    replayed = outcome_of(match)
    if recorded != replayed or (recorded is None and (info.winner, info.reason) != (None, None)):
        raise RecordError("outcome_differs", recorded=_outcome_text(recorded), replayed=_outcome_text(replayed))
    if info.turns != match.state.turn:
        raise RecordError("turns_differ", turns=info.turns, replayed=match.state.turn)


def _outcome_text(outcome: tuple | None) -> str:
    if outcome is None:
        return MESSAGES("unfinished")
    winner, rule = outcome
    return MESSAGES("won_by", seat=winner + 1, rule=rule) if winner is not None else MESSAGES("no_winner", rule=rule)


def import_match(db, data, *, cards=None) -> Imported:
    """Store an exported match. Importing it again changes nothing; a later export of the same
    match (more actions) adds the new ones. Malformed or inconsistent data raises RecordError and
    nothing is written."""
    parsed = _parse(data)
    _verify(parsed, catalogue(db, parsed.info.game, cards))
    for attempt in (1, 2):
        try:
            with db.session() as session:
                result = _store(session.connection(), parsed)
                session.commit()
                return result
        except IntegrityError:  # another program stored the same uid meanwhile: compare with it
            if attempt == 2:
                raise


def _store(conn, parsed: _Parsed) -> Imported:
    info = parsed.info
    row = conn.execute(select(MATCH).where(MATCH.c.uid == info.uid)).first()
    rows = [{"seq": a.seq, "notation": a.notation, "actor": a.actor, "phase": a.phase, "at": a.at}
            for a in parsed.actions]
    if row is None:
        match_id = conn.execute(insert(MATCH).values(
            uid=info.uid, game=info.game, format=info.format, mode=info.mode, seed=info.seed,
            players=dumps(info.players), decks=dumps(info.decks), initial=dumps(parsed.initial),
            sets=" ".join(info.expansions), started=info.started, finished=info.finished, winner=info.winner,
            reason=info.reason, turns=info.turns, computers=dumps({str(k): v for k, v in sorted(info.computers.items())}),
            hints_allowed=info.hints_allowed, hints_asked=info.hints_asked)
        ).inserted_primary_key[0]
        conn.execute(insert(SEAT), seat_rows(match_id, info.players, info.decks, finished=info.finished is not None,
                                             winner=info.winner, turns=info.turns))
        if rows:
            conn.execute(insert(ACTION), [{"match_id": match_id, **r} for r in rows])
        return Imported(info.uid, "imported", len(rows))
    for name, kept, new in (("game", row.game, info.game), ("format", row.format, info.format),
                              ("mode", row.mode, info.mode), ("seed", row.seed, info.seed),
                              ("players", json.loads(row.players), info.players),
                              ("decks", json.loads(row.decks), info.decks),
                              ("initial position", stored(row, "initial", dict), parsed.initial)):
        if kept != new:
            raise RecordError("conflict", uid=info.uid, detail=f"its {name} differs")
    recorded = conn.execute(select(ACTION.c.notation).where(ACTION.c.match_id == row.id)
                            .order_by(ACTION.c.seq)).scalars().all()
    if len(recorded) > len(rows) or list(recorded) != [r["notation"] for r in rows[:len(recorded)]]:
        raise RecordError("conflict", uid=info.uid,
                          detail=f"its {len(recorded)} recorded actions are not the start of the file's {len(rows)}")
    if len(recorded) == len(rows):
        return Imported(info.uid, "unchanged", len(rows))
    conn.execute(insert(ACTION), [{"match_id": row.id, **r} for r in rows[len(recorded):]])
    conn.execute(update(MATCH).where(MATCH.c.id == row.id).values(
        finished=info.finished, winner=info.winner, reason=info.reason, turns=info.turns,
        hints_allowed=info.hints_allowed, hints_asked=max(row.hints_asked, info.hints_asked)))
    conn.execute(seats_outcome(row.id, None if info.finished is None else (info.winner, info.reason), info.turns))
    return Imported(info.uid, "extended", len(rows))


def copy_match(db, uid: str) -> str:
    """A new record holding the match ``uid`` as it is stored (another uid, nobody writing it):
    "open a copy" of a match open elsewhere. Returns the copy's uid."""
    data = export_match(db, uid)
    data["uid"] = str(uuid.uuid4())
    return import_match(db, data).uid
