"""The `referee` command: self-play, replaying scenario files, checking decks (Naruto CCG), for
either game where it applies.

Other packages add their own commands (the catalogue's `cards`, `deck export`, `matches`) through the
``referee.commands`` entry points, so the engine itself never imports them: each entry point is a
function given the sub-command tables ``{"top": ..., "deck": ...}`` to add its parsers to, and a
list ``"card_names"`` of card-name resolvers it may add to. A resolver is a function
``(number, lang) -> name or None`` (the catalogue gives its bundled cards' Spanish, Russian and
French names); refusals name a card by the first resolver's answer in the active language, else by
the English name of the engine's own card data.

Start-up: importing this module and building the parsers (`parser`) imports no game engine and no
database layer, so that ``referee --help``, ``referee rules ...`` or ``referee diagram`` start in a
fraction of a second (bench/startup.py; tests/referee/test_cli.py keeps it so). The parsers take
their games, formats and seats from the registry (`referee.games`), which names each engine without
importing it; each command function imports what it runs (`GamePlay` through ``entry.part``), and
the plugins do the same for the catalogue (see `cards.cli_catalogue`).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable, Sequence

from localization import Messages, choose_language, current, set_language
from localization.argparse_strings import use_for_argparse
from referee.engine.errors import IllegalAction, PositionError
from referee.games import DEFAULT, GAMES, game as game_entry, with_decks


MESSAGES = Messages("referee.cli", {
    # the names of the values commands take, in usage lines and errors (see `_name_arguments`)
    "arg_command": "COMMAND",
    "arg_actions": "ACTION",
    "arg_file": "FILE",
    "arg_name": "NAME",
    "arg_rule": "RULE",
    "arg_text": "TEXT",
    "arg_uid": "MATCH_ID",
    "arg_cost": "COST",
    "arg_database_url": "URL",
    "arg_deck": "DECK",
    "arg_games": "GAMES",
    "arg_lang": "LANG",
    "arg_limit": "LIMIT",
    "arg_output": "FILE",
    "arg_player": "NAME",
    "arg_seed": "SEED",
    "arg_step": "STEP",
    "arg_subtype": "SUBTYPE",
    "arg_symbol": "SYMBOL",
    "arg_type": "TYPE",
    "arg_variation": "VARIATION",
    "description": "Rules-enforcing referee for the Naruto CCG and Llamas Unleashed.",
    "lang_help": "language of the output: en, es, ru or fr (default: REFEREE_LANG, else the system's)",
    "selfplay_help": "play whole random games and check every invariant",
    "games_help": "how many games",
    "seed_help": "the seed of the first game",
    "format_help": "deck format (default: the game's first)",
    "game_help": "the game: {games}",
    "game_choice": "{id} ({name})",
    "players_help": "how many players (default: the fewest the game takes)",
    "expansion_help": "an expansion shuffled into the deck, one per option: {expansions}",
    "no_expansion": "error: {game} has no expansion {expansion} (its expansions: {expansions})",
    "expansions": "Expansions: {expansions}",
    "players": "Players: {players}",
    "all_lose": "Games every player lost: {count}",
    "seats": "error: {game} is played by {seats}, not {players}",
    "seat_range": "{low} to {high} players",
    "no_format": "error: {game} is not played in the {format} (its formats: {formats})",
    "deep_help": "also check the JSON round trip, undo and replay after every action",
    "play_help": "apply the actions of a JSON file to its position, set-up or scenario (an example: "
                 "docs/example-play.json in the project)",
    "file_help": "the file to read",
    "diagram_help": "print the turn's state machine as a mermaid diagram",
    "deck_help": "deck lists",
    "check_help": "list every construction rule a deck list breaks (ours, N-CCG-DB text or Tabletop Simulator JSON)",
    "check_format_help": "deck format (default: the list's '# format:' line, else standard)",
    "games": "Games: {games}",
    "format": "Decks built for the {format}",
    "turns": "Turns: {turns} (average {average})",
    "actions": "Actions: {actions}",
    "winners": "Winners by rule: {winners}",
    "nobody": "none",
    "wins": "Wins by seat: {seats}",
    "violations": "Invariant violations: {count}",
    "ok": "{notation}: ok",
    "refused": "{notation}: refused, {rule}: {message}",
    "cannot_read": "error: cannot read {file}: {detail}",
    "bad_list": "error: {file}: {message}",
    "error": "error: {detail}",
    "violation": "{rule}: {message}",
    "legal": "Legal in the {format}: {cards}.",
    "not_whole": "{value} is not a whole number",
    "out_of_range": "{value} is outside {low} to {high}",
    "reinforcements_kept": "Reinforcements: {cards}, kept with the deck (not played, not counted by the rules).",
    "sideboard_kept": "Sideboard: {cards}, kept with the deck (not played, not counted by the rules).",
})


def _setting(args: argparse.Namespace):
    """The game ``--game`` names with the format and seats asked for (each the game's default when
    not given), or None after saying why they do not fit it."""
    entry = game_entry(args.game)
    fmt = args.format or entry.default_format
    players = getattr(args, "players", None) or entry.seats.start
    name = current().term("game", entry.id)
    if fmt not in entry.formats:
        say("no_format", err=True, game=name, format=fmt,
            formats=", ".join(current().term("format", f) for f in entry.formats))
        return None
    if players not in entry.seats:
        low, high = entry.seats.start, entry.seats.stop - 1
        seats = current().plural("players", low) if low == high else MESSAGES("seat_range", low=low, high=high)
        say("seats", err=True, game=name, seats=seats, players=players)
        return None
    for code in getattr(args, "expansion", None) or ():
        if code not in entry.expansions:
            say("no_expansion", err=True, game=name, expansion=code, expansions=list(entry.expansions) or "-")
            return None
    return entry, fmt, players


def _selfplay(args: argparse.Namespace) -> int:
    """Whole guided-mode games of random legal actions."""
    from referee.engine.playout import play_random

    setting = _setting(args)
    if setting is None:
        return 2
    entry, fmt, players = setting
    play = entry.part("play")
    reasons: Counter[str] = Counter()
    seats: Counter[int | None] = Counter()
    turns = actions = 0
    problems: list[str] = []
    for n in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + n)
        # the expansions only for a game that has them (the others' random matches take none)
        match = play.random_match(rng, fmt, players, *([tuple(args.expansion)] if args.expansion else []))
        result = play_random(match, rng, invariants=play.invariants, deep=args.deep)
        turns += result.turns
        actions += result.actions
        if result.outcome is not None:
            reasons[result.outcome.rule] += 1
            seats[result.outcome.winner] += 1
        problems += [f"{n + 1}: {v}" for v in result.violations]
    say("games", games=args.games)
    if len(entry.formats) > 1:
        say("format", format=current().term("format", fmt))
    if len(entry.seats) > 1:
        say("players", players=players)
    if args.expansion:
        say("expansions", expansions=list(args.expansion))
    say("turns", turns=turns, average=f"{turns / max(1, args.games):.1f}")
    say("actions", actions=actions)
    say("winners", winners=", ".join(f"{r}: {n}" for r, n in sorted(reasons.items())) or MESSAGES("nobody"))
    say("wins", seats=", ".join(f"{s + 1}: {seats[s]}" for s in range(players)))
    if seats[None]:
        say("all_lose", count=seats[None])
    say("violations", count=len(problems))
    for p in problems[:20]:
        print(f"  {p}")
    return 1 if problems else 0


def say(key: str, *, err: bool = False, **params) -> None:
    print(MESSAGES(key, **params), file=sys.stderr if err else sys.stdout)


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, refused in the user's language
    otherwise (a count of games, a seed, a card cost...: never a negative or a 30-digit one)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(MESSAGES("not_whole", value=text[:40])) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(MESSAGES("out_of_range", value=text[:40], low=low, high=high))
        return value
    return parse


#: a plugin's card names: (card number, language) -> the card's name in it, or None
CardNames = Callable[[str, str], "str | None"]


def card_namer(cards, resolvers: Sequence[CardNames] = ()):
    """How refusals show a card number: with its name in the active language (from a plugin's
    resolver), else with the engine's English name, else alone."""
    lang = current().lang

    def name(number: str) -> str:
        for resolve in resolvers:
            localized = resolve(number, lang)
            if localized:
                return f"{number} {localized}"
        card = cards.get(number)
        return number if card is None else f"{number} {card.name}"
    return name


#: the largest seed a file or an option may give (the generator's seeds are 64-bit)
SEED_MAX = 2**63
#: the most games `selfplay` plays in one run
MAX_GAMES = 1_000_000


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def _checked(spec: dict, place: str, entry, allowed: frozenset[str]) -> dict:
    """The keys and simple values of a set-up or scenario, refused (`PositionError`) when the
    referee does not know a key or cannot use a value; the game's own code checks the rest. The
    engine's own arguments a file may not set (the card source) are never among ``allowed``."""
    if not isinstance(spec, dict):
        raise PositionError("not_object")
    unknown = sorted(set(spec) - allowed - {"game"})
    if unknown:
        raise PositionError("unknown_key", place=place, key=", ".join(unknown))
    if "seed" in spec and not _whole(spec["seed"], 0, SEED_MAX):
        raise PositionError("bad_value", place=place, key="seed", value=str(spec["seed"])[:40])
    if "players" in spec and not _whole(spec["players"], entry.seats.start, entry.seats.stop):
        raise PositionError("bad_value", place=place, key="players", value=str(spec["players"])[:40])
    return {k: v for k, v in spec.items() if k != "game"}


def _start(spec):
    """The match a ``play`` file starts from: its ``setup``, ``scenario`` or saved ``position``;
    ``"game"`` in the set-up or scenario, or in the saved position, names its game (`referee.games`;
    the default one without). Anything it cannot start from is a `PositionError`."""
    if not isinstance(spec, dict):
        raise PositionError("not_object")
    starts = [key for key in ("setup", "scenario", "position") if key in spec]
    if len(starts) > 1 or (not starts and not isinstance(spec.get("format"), str)):
        raise PositionError("no_start")
    actions = spec.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PositionError("bad_actions")
    start = spec.get(starts[0]) if starts else spec
    if not isinstance(start, dict):
        raise PositionError("not_object")
    game = start.get("game", DEFAULT)
    if not isinstance(game, str) or game not in GAMES:
        raise PositionError("bad_value", place=starts[0] if starts else "position", key="game", value=str(game)[:40])
    entry = game_entry(game)
    play = entry.part("play")
    if starts and starts[0] == "setup":
        return play.from_setup(_checked(start, "setup", entry, play.setup_keys))
    if starts and starts[0] == "scenario":
        return play.from_scenario(_checked(start, "scenario", entry, play.scenario_keys))
    return play.load_match(spec, None)


def read_text(path: str, say: Callable[..., None]) -> str | None:
    """A user's text file (UTF-8, a byte-order mark allowed), or None once ``say`` has told why it
    cannot be read (its ``cannot_read`` message, in the reader's language): every command that
    reads a file the user names reads it so."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        say("cannot_read", err=True, file=path, detail=current().error(err))
        return None


def read_json(path: str):
    """A JSON file's content, or the reason it cannot be read as a sentence's parameters (an
    `OSError`, a `UnicodeDecodeError`, or a `PositionError` for text that is not JSON)."""
    text = Path(path).read_text(encoding="utf-8-sig")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise PositionError("not_json", line=err.lineno, column=err.colno) from None
    except RecursionError:
        raise PositionError("too_deep") from None


def _play(args: argparse.Namespace) -> int:
    """Apply a file's actions to its position (or set-up) and print each result, then the position."""
    try:
        spec = read_json(args.file)
        match = _start(spec)
    except (OSError, UnicodeDecodeError) as err:
        say("cannot_read", err=True, file=args.file, detail=current().error(err))
        return 2
    except (ValueError, RecursionError) as err:  # every refusal is a ValueError (IllegalAction)
        say("bad_list", err=True, file=args.file, message=current().error(err))
        return 2
    name = card_namer(match.state.cards, args.card_names)
    for notation in spec.get("actions", []):
        try:
            match.apply(notation)
            say("ok", notation=notation)
        except IllegalAction as err:
            say("refused", notation=notation, rule=err.rule, message=current().refusal(err.rule, err.params, name))
    print(json.dumps(match.to_json()["position"], ensure_ascii=False, sort_keys=True))
    return 0


def _deck_check(args: argparse.Namespace) -> int:
    """Check a deck-list file (any format the game reads) against the cards ``args.card_source``
    gives: the catalogue when its plugin is installed (imported cards included), else Set 1."""
    text = read_text(args.file, say)
    if text is None:
        return 2
    try:
        cards = args.card_source(args)
        deck = with_decks().part("decks").read(text, cards)
    except IllegalAction as err:
        say("bad_list", err=True, file=args.file, message=current().error(err))
        return 2
    except Exception as err:  # a plugin's keyed error (an unusable database)
        if getattr(err, "key", None) is None:
            raise
        say("error", err=True, detail=current().error(err))
        return 2
    return print_deck_check(deck, cards, args.format or deck.format or with_decks().default_format, args.card_names)


def print_deck_check(deck, cards, fmt: str, resolvers: Sequence["CardNames"] = ()) -> int:
    """Print every rule a deck breaks (the entries no card answers first), or that it is legal,
    with the size of its other sections; the exit code (1: not legal)."""
    name = card_namer(cards, resolvers)
    found = list(deck.problems) + with_decks().part("decks").check(deck.main, cards, fmt)
    for v in found:
        say("violation", rule=v.rule, message=current().refusal(v.rule, v.params, name))
    if not found:
        say("legal", format=fmt, cards=current().plural("cards", deck.count()))
    for section in ("reinforcements", "sideboard"):
        if deck.sections[section]:
            say(f"{section}_kept", cards=current().plural("cards", deck.count(section)))
    return 1 if found else 0


def _diagram(args: argparse.Namespace) -> int:
    """The turn's state machine as a mermaid diagram, drawn from the same table the engine runs."""
    setting = _setting(args)
    if setting is None:
        return 2
    entry, fmt, _ = setting
    print(entry.part("play").rules(fmt).table.mermaid())
    return 0


def parser() -> argparse.ArgumentParser:
    m = MESSAGES
    top = argparse.ArgumentParser(prog="referee", description=m("description"))
    top.add_argument("--lang", default=None, help=m("lang_help"))
    sub = top.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("selfplay", help=m("selfplay_help"), description=m("selfplay_help"))
    sp.add_argument("--games", type=whole(1, MAX_GAMES), default=20, help=m("games_help"))
    sp.add_argument("--seed", type=whole(0, SEED_MAX - 1), default=1, help=m("seed_help"))
    _game_options(sp, players=True)
    sp.add_argument("--deep", action="store_true", help=m("deep_help"))
    sp.set_defaults(run=_selfplay)

    pl = sub.add_parser("play", help=m("play_help"), description=m("play_help"))
    pl.add_argument("file", help=m("file_help"))
    pl.set_defaults(run=_play)

    dg = sub.add_parser("diagram", help=m("diagram_help"), description=m("diagram_help"))
    _game_options(dg, players=False)
    dg.set_defaults(run=_diagram)

    dk = sub.add_parser("deck", help=m("deck_help"), description=m("deck_help"))
    dsub = dk.add_subparsers(dest="deck_command", required=True)
    ck = dsub.add_parser("check", help=m("check_help"), description=m("check_help"))
    ck.add_argument("file", help=m("file_help"))
    ck.add_argument("--format", choices=with_decks().formats, default=None, help=m("check_format_help"))
    ck.set_defaults(run=_deck_check, card_source=lambda args: with_decks().part("play").cards())
    card_names: list[CardNames] = []
    for plugin in entry_points(group="referee.commands"):
        plugin.load()({"top": sub, "deck": dsub, "deck_check": ck, "card_names": card_names})
    top.set_defaults(card_names=card_names)
    _list_lang(top)
    _name_arguments(top)
    return top


#: the words usage lines and errors show for the values a command takes, by argparse ``dest``
#: (argparse would show the English ``dest`` itself: "the following arguments are required: uid")
ARGUMENT_NAMES = ("command", "actions", "file", "name", "rule", "text", "uid", "cost", "database_url", "deck",
                  "games", "lang", "limit", "output", "player", "seed", "step", "subtype", "symbol", "type",
                  "variation")


def _name_arguments(parser: argparse.ArgumentParser) -> None:
    """Every value a command takes is named in the user's language, in its usage line and in its
    errors; a value chosen from a list shows the list."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action.metavar = MESSAGES("arg_command")
            for command in action.choices.values():
                _name_arguments(command)
        elif action.nargs != 0 and not action.choices and action.dest in ARGUMENT_NAMES:
            action.metavar = MESSAGES(f"arg_{action.dest}")


def _game_options(command: argparse.ArgumentParser, players: bool) -> None:
    """``--game``, ``--format`` (and ``--players``): their choices come from the registry."""
    m = MESSAGES
    choices = ", ".join(m("game_choice", id=g, name=current().term("game", g)) for g in GAMES)
    command.add_argument("--game", choices=tuple(GAMES), default=DEFAULT, help=m("game_help", games=choices))
    command.add_argument("--format", choices=sorted({f for g in GAMES.values() for f in g.formats}), default=None,
                         help=m("format_help"))
    if players:
        seats = sorted({n for g in GAMES.values() for n in g.seats})
        command.add_argument("--players", type=int, choices=seats, default=None, help=m("players_help"))
        codes = tuple(dict.fromkeys(c for g in GAMES.values() for c in g.expansions))
        named = ", ".join(f"{c} ({current().term('expansion', c)})" for c in codes)
        command.add_argument("--expansion", action="append", choices=codes, default=None,
                             help=m("expansion_help", expansions=named))


def _list_lang(parser: argparse.ArgumentParser) -> None:
    """Every command's help lists ``--lang``, which works anywhere on the command line (it is taken
    out before parsing, see `_lang_option`)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                if not any("--lang" in a.option_strings for a in command._actions):
                    command.add_argument("--lang", default=None, help=MESSAGES("lang_help"))
                _list_lang(command)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang, notice = choose_language(_lang_option(argv))
    set_language(lang)
    use_for_argparse(current())
    if notice:
        print(notice, file=sys.stderr)
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        # the output was piped into a program that stopped reading (`| head`): end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _lang_option(argv: list[str]) -> str | None:
    """``--lang X`` may stand anywhere (``referee rules show N-DEPLOY-4 --lang fr``); it is taken
    out before parsing, so that the parser and its help are built in that language."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
            del argv[i:i + 2]
            return value
        if arg.startswith("--lang="):
            del argv[i]
            return arg.split("=", 1)[1]
    return None


if __name__ == "__main__":
    sys.exit(main())
