"""Refereeing a match from the command line: `referee matches start|act`, with ``--database-url``.

``start`` sets a match of the game played with deck lists (the registry's `with_decks`: the Naruto
CCG) up from its players' decks, each a stored deck's name or a deck-list file
in any format the referee reads (its cards found in the whole catalogue, imported ones included),
in guided mode (the program holds both decks) or referee mode (physical cards; a deck left out is
a physical deck not entered). The match is recorded like one played in the application, so it can
be continued there, listed, replayed and exported. ``act`` applies actions to a recorded match, each
checked and recorded, and stops at the first refused one with its rule and sentence; a match open
in another window or on another computer is refused unless ``--take-over`` (or played on in a copy,
``--copy``), and each command lets the match go when it is done. Both print
where the match stands and what may be done now, in the notation ``act`` takes.

Exit codes: 0 done, 1 a deck that breaks the rules or an action refused, 2 bad input or an
unusable database.

Start-up: `register` builds the parsers from light modules only; the game's engine, the records
and the database layer are imported by the commands' functions when one runs (see
`cards.cli_catalogue` and bench/startup.py).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from referee.cli import SEED_MAX, card_namer, whole
from referee.engine.errors import IllegalAction
from referee.games import with_decks

from .cli import in_memory
from .cli_matches import _guarded, position
from .names import localized_name
from localization import Messages, current

#: the game these commands set up: the one whose players bring decks (the registry says which)
GAME = with_decks()
#: its deck formats
FORMATS = GAME.formats
#: how many players a match of it has at most: a deck and a name each
SEATS = max(GAME.seats)

MESSAGES = Messages("cards.cli_play", {
    "start_help": "set a {game} match up from its players' decks and record it",
    "deck_help": "a stored deck's name or a deck-list file; give it once per player (in referee mode, "
                 "a player without one has a physical deck that is not entered)",
    "player_help": "a player's name; give it once per player",
    "mode_help": "guided (the program holds both decks) or referee (physical cards)",
    "format_help": "deck format (default: the first deck's own, else standard)",
    "seed_help": "the seed of the shuffles and coin flips (default: a random one)",
    "act_help": "apply actions to a recorded match, each checked and recorded",
    "uid_help": "the match's id, or a unique start of it",
    "actions_help": "actions in the referee's notation, such as \"deploy N-008 pay J-001\" (one argument each)",
    "started": "started match {uid}: {first} vs {second} ({format}, {mode})",
    "ok": "{notation}: ok",
    "refused": "{notation}: refused, {rule}: {message}",
    "over": "the match is over: no action can be applied",
    "options": "options now: {options}",
    "none": "none",
    "deck_refused": "{player}'s deck breaks the construction rules:",
    "violation": "  {rule}: {message}",
    "guided_needs_decks": "error: the guided mode needs a deck for each player",
    "too_many": "error: a {game} match has at most {count} players: give --deck and --player at most {count} times",
    "no_deck_or_file": "error: there is no deck named {name!r}, and no file of that name",
    "deck_file": "error: {file}: {message}",
    "cannot_read": "error: cannot read {file}: {detail}",
    "start_refused": "error: {message}",
    "elsewhere": "error: {detail} (--take-over continues it here, --copy plays on in a copy)",
    "copied": "playing on in a copy of the match: {uid}",
    "take_over_help": "continue the match here even though another window or computer has it open "
                      "(that one stops recording it)",
    "copy_help": "play on in a new copy of the match, leaving the original as it is",
})


def say(key: str, **params) -> None:
    print(MESSAGES(key, **params))


def _deck(db, source, spec: str):
    """(what the record names, the deck list) of a stored deck's name or a deck-list file."""
    from . import decks

    try:
        return spec, decks.load_deck_list(db, spec)
    except decks.DeckError:
        path = Path(spec)
        if not path.is_file():
            raise LookupError(MESSAGES("no_deck_or_file", name=spec)) from None
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise LookupError(MESSAGES("cannot_read", file=spec, detail=current().error(exc))) from None
    try:
        deck = decks.parse_text(text, source)
    except IllegalAction as exc:
        raise LookupError(MESSAGES("deck_file", file=spec, message=current().error(exc))) from None
    if deck.problems:
        message = " ".join(current().refusal(v.rule, v.params) for v in deck.problems)
        raise LookupError(MESSAGES("deck_file", file=spec, message=message))
    return deck.copies(), deck


def _options(match) -> None:
    if match.outcome() is not None:
        return
    options = " | ".join(str(a) for a in match.legal_actions())
    say("options", options=options or MESSAGES("none"))


def _show(db, uid: str, match) -> None:
    from . import records

    position(records.get_match(db, uid), match)
    _options(match)


@_guarded
def _start(db, args: argparse.Namespace) -> int:
    from referee.engine.errors import IllegalDeck

    from . import records
    from .source import CatalogueSource

    if in_memory(db):
        return 2
    if len(args.deck) > SEATS or len(args.player) > SEATS:
        print(MESSAGES("too_many", game=current().term("game", GAME.id), count=SEATS))
        return 2
    source = CatalogueSource(db)
    chosen = []
    try:
        for spec in args.deck:
            chosen.append(_deck(db, source, spec))
    except LookupError as exc:
        print(exc)
        return 2
    chosen += [(None, None)] * (SEATS - len(chosen))
    if args.mode == "guided" and any(deck is None for _, deck in chosen):
        print(MESSAGES("guided_needs_decks"))
        return 2
    fmt = args.format or next((d.format for _, d in chosen if d is not None and d.format in FORMATS),
                              GAME.default_format)
    names = [*args.player, *(current().player(k) for k in range(len(args.player), SEATS))]
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    try:
        match = GAME.part("play").from_decks([d.copies() if d is not None else None for _, d in chosen], fmt=fmt,
                                             mode=args.mode, seed=seed, names=names, cards=source)
    except IllegalDeck as exc:
        say("deck_refused", player=names[exc.seat])
        name = card_namer(source, [localized_name, lambda n, lang: source.name(n, lang)])
        for v in exc.violations:
            say("violation", rule=v.rule, message=current().refusal(v.rule, v.params, name))
        return 1
    except IllegalAction as exc:  # a player's name nobody could read back
        print(MESSAGES("start_refused", message=current().error(exc)))
        return 2
    uid = records.Recorder(db).record(match, players=names, decks=[label for label, _ in chosen])
    records.release(match)  # the command is done with it: `act` or the application goes on
    say("started", uid=uid, first=names[0], second=names[1], format=current().term("format", fmt),
        mode=current().term("mode", args.mode))
    _show(db, uid, match)
    return 0


@_guarded
def _act(db, args: argparse.Namespace) -> int:
    from . import records

    if in_memory(db):
        return 2
    uid = records.resolve_uid(db, args.uid)
    if args.copy:
        uid = records.copy_match(db, uid)
        say("copied", uid=uid)
    try:
        match = records.resume(db, uid, take_over=args.take_over)
    except records.MatchElsewhere as exc:
        print(MESSAGES("elsewhere", detail=exc))
        return 2
    try:
        return _acting(db, uid, match, args.actions)
    finally:
        records.release(match)


def _acting(db, uid: str, match, actions) -> int:
    source = match.state.cards
    name = card_namer(source, [localized_name, lambda n, lang: source.name(n, lang)])
    code = 0
    for notation in actions:
        if match.outcome() is not None:
            say("over")
            code = 1
            break
        try:
            match.apply(notation)
        except IllegalAction as exc:
            say("refused", notation=notation, rule=exc.rule, message=current().refusal(exc.rule, exc.params, name))
            code = 1
            break
        say("ok", notation=notation)
    _show(db, uid, match)
    return code


def register(commands: dict, add_database_option) -> None:
    """Add ``matches start|act`` to the ``matches`` command's sub-commands."""
    m = MESSAGES
    msub = commands["matches"]
    about = m("start_help", game=current().term("game", GAME.id))
    st = msub.add_parser("start", help=about, description=about)
    st.add_argument("--deck", action="append", default=[], help=m("deck_help"))
    st.add_argument("--player", action="append", default=[], help=m("player_help"))
    st.add_argument("--mode", choices=("guided", "referee"), default="guided", help=m("mode_help"))
    st.add_argument("--format", choices=FORMATS, default=None, help=m("format_help"))
    st.add_argument("--seed", type=whole(0, SEED_MAX - 1), default=None, help=m("seed_help"))
    st.set_defaults(run=_start)
    ac = msub.add_parser("act", help=m("act_help"), description=m("act_help"))
    ac.add_argument("uid", help=m("uid_help"))
    ac.add_argument("actions", nargs="+", help=m("actions_help"))
    ac.add_argument("--take-over", action="store_true", help=m("take_over_help"))
    ac.add_argument("--copy", action="store_true", help=m("copy_help"))
    ac.set_defaults(run=_act)
    for parser in (st, ac):
        add_database_option(parser)
