"""The catalogue's commands: `referee cards import|search` and `referee deck export|save|list|
validate|delete`, each with ``--database-url``.

``referee deck check FILE`` (the engine's command) checks a deck-list file against the whole
catalogue once this plugin is installed, imported cards included; ``referee deck validate NAME``
checks a stored deck (or, when no deck has that name, a deck-list file) the same way, printing the
same lines (`referee.cli.print_deck_check`). Deck lists are read in every format the engine reads
and exported in any (``--as``). Exit codes follow the engine's: 0 done, 1 a deck that breaks
rules (or a search that found nothing), 2 bad input or an unusable database. Every line a user
reads comes from `MESSAGES`, keyed by message id with named params.

``cards import`` shows a progress bar on a terminal (tqdm, on standard error) and reports each
record it left out with its place, card and reason; ``--strict`` imports nothing when one record
cannot be read.

Start-up: `register` builds the parsers, their help and their choices from light modules only
(the game registry, `cards.choices`); the database layer (SQLModel, SQLAlchemy, Alembic, through
`cards.db`, `cards.decks`, `cards.search`...) is imported by each command's function when that
command runs. Imported here, it would cost every `referee` command, ``referee --help`` included,
about half a second (bench/startup.py); tests/referee/test_cli.py keeps the parsers free of it.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli import card_namer, print_deck_check, read_text, whole
from referee.engine.errors import IllegalAction
from referee.games import DEFAULT, with_decks

from .choices import EXPORT_FORMATS, FILTER_VALUES, LANGUAGES
from .cli import add_output_option, in_memory, write_output
from .names import localized_name
from localization import Messages, current

if TYPE_CHECKING:  # the annotations only: the commands import these when they run
    from .db import Database
    from .source import CatalogueSource

MESSAGES = Messages("cards.cli_catalogue", {
    "imported": "inserted {inserted}, updated {updated}, unchanged {unchanged}",
    "skipped": "skipped {skipped} cards of the bundled set (kept as shipped)",
    "merged": "{records} read into the cards listed earlier that they reprint or repeat",
    "left_out": "left out {records} that cannot be read:",
    "problem": "  {place}: {reason}",
    "more_problems": "  ... and {count} more",
    "coverage": "effect cards the referee applies: {automated} / {total} ({share}%); hand-written: {hand}, "
                "read from the text: {read}, applied by hand: {manual}",
    "coverage_by_set": "by set:",
    "coverage_by_type": "by type:",
    "coverage_row": "  {name}: {automated} / {total} ({share}%)",
    "no_set": "(no set)",
    "manual_help": "set a card's effect back to manual: the players apply it with the toolbox",
    "arg_card": "CARD",
    "manual_card_help": "the card's number or N-CCG-DB id",
    "undo_help": "undo it: the referee applies the card's effect again, if it has a definition",
    "now_manual": "{number}: its effect is now applied by hand",
    "now_source": "{number}: its effect is {source}",
    "no_card": "error: no card {card!r}",
    "progress": "Importing {file}",
    "import_failed": "error: {file}: {place}: {reason}",
    "cannot_read": "error: cannot read {file}: {detail}",
    "cannot_write": "error: cannot write {file}: {detail}",
    "error": "error: {detail}",
    "no_hits": "no card matches {text!r}",
    "hit": "{number}\t{name}\t{type}",
    "saved": "saved deck {name!r}: {cards} cards ({format})",
    "exported": "wrote deck {name!r} to {file}",
    "deleted": "deleted deck {name!r}",
    "deck_row": "{name}\t{format}\t{cards} cards{bundled}",
    "bundled_mark": "\t(bundled)",
    "no_decks": "no stored deck",
    "violation": "{rule}: {message}",
    "no_deck_or_file": "error: there is no deck named {name!r}, and no file of that name",
    "cards_help": "the card catalogue",
    "import_help": "import cards from an N-CCG-DB JSON file or our CSV format",
    "import_file_help": "the JSON or CSV file to import",
    "strict_help": "import nothing when one record cannot be read (default: leave it out and say so)",
    "search_help": "find cards by number or by name in any language",
    "text_help": "a card number or words of its name (nothing: every card the filters allow)",
    "lang_help": "language of the names shown (default: the language of the output)",
    "game_help": "the game whose cards are searched (default: {default})",
    "type_help": "only cards of this type: {choices}",
    "symbol_help": "only cards with this symbol: {choices}",
    "subtype_help": "only animals of this subtype: {choices}",
    "variation_help": "only animals of this variation: {choices}",
    "cost_help": "only cards with this entrance cost",
    "limit_help": "show at most this many cards",
    "deck_name_help": "the deck's name",
    "export_help": "write a stored deck as a deck list",
    "as_help": "the list's format: text (ours), ccgdb (the N-CCG-DB deck builder's text) or tts "
               "(Tabletop Simulator JSON); default: text",
    "save_help": "store a deck list (ours, N-CCG-DB text or Tabletop Simulator JSON) under a name",
    "save_file_help": "the deck-list file to read",
    "save_format_help": "default: the list's '# format:' line, else standard",
    "list_help": "list the stored decks",
    "validate_help": "check a stored deck (or a deck-list file) against a format",
    "deck_error": "error: {detail}",
    "validate_name_help": "a stored deck's name, or a deck-list file",
    "validate_format_help": "default: the deck's own format",
    "delete_help": "delete a stored deck",
    "yes_help": "delete a deck the program ships without asking",
    "delete_bundled_ask": "{name!r} is one of the decks the program ships. Delete it? [yes/no]",
    "yes": "yes",
    "bundled_kept": "kept the deck {name!r}: it is one the program ships; delete it with --yes",
})


def say(key: str, *, err: bool = False, **params) -> None:
    print(MESSAGES(key, **params), file=sys.stderr if err else sys.stdout)


def _chosen_language() -> str | None:
    """``--lang`` is the program's language (taken by `referee`): names are shown in it, unless it
    is English and nothing was asked, when the name that matched is shown."""
    lang = current().lang
    return None if lang == "en" else lang


def _guarded(run):
    """Run a command on the database named by ``--database-url``, turning the problems a user can
    act on into a message and exit code 2."""

    @wraps(run)
    def command(args: argparse.Namespace) -> int:
        from . import decks
        from .db import Database, StorageError
        from .search import SearchError

        try:
            with Database(args.database_url) as db:
                return run(db, args)
        except (StorageError, SearchError, decks.DeckError) as exc:
            say("error", err=True, detail=exc)
        return 2

    return command


# --- cards ---------------------------------------------------------------------------------------


#: how many left-out records the import lists one by one
SHOWN_PROBLEMS = 20


@_guarded
def _import(db: Database, args: argparse.Namespace) -> int:
    from .games import importer
    from .importers_base import CatalogueImportError

    if in_memory(db):
        return 2
    try:
        with _progress_bar(MESSAGES("progress", file=Path(args.file).name)) as progress:
            summary = importer()(db, args.file, strict=args.strict, progress=progress)
    except CatalogueImportError as exc:
        say("import_failed", err=True, file=args.file, place=exc.where(), reason=exc.reason)
        return 2
    except OSError as exc:
        say("cannot_read", err=True, file=args.file, detail=current().error(exc))
        return 2
    say("imported", inserted=summary.inserted, updated=summary.updated, unchanged=summary.unchanged)
    if summary.skipped:
        say("skipped", skipped=summary.skipped)
    if summary.merged:
        say("merged", records=current().plural("records", summary.merged))
    if summary.coverage.total:
        print("\n".join(coverage_lines(summary.coverage)))
    if summary.problems:
        say("left_out", err=True, records=current().plural("records", len(summary.problems)))
        for problem in summary.problems[:SHOWN_PROBLEMS]:
            say("problem", err=True, place=problem.where(), reason=problem.reason)
        if len(summary.problems) > SHOWN_PROBLEMS:
            say("more_problems", err=True, count=len(summary.problems) - SHOWN_PROBLEMS)
    return 0


def _share(part: int, whole_: int) -> int:
    return round(100 * part / whole_)


def coverage_lines(coverage) -> list[str]:
    """How many of the file's effect cards the referee applies by itself, in all, by set and by
    card type (types in the user's language), one line each: what `referee cards import` prints
    and what the application's import dialog shows (gui.catalogue_import), so both say the same."""
    from .models import HAND, MANUAL, READ
    from .search import TYPE_TERMS

    lines = [MESSAGES("coverage", automated=coverage.automated, total=coverage.total,
                      share=_share(coverage.automated, coverage.total), hand=coverage.of(HAND),
                      read=coverage.of(READ), manual=coverage.of(MANUAL))]
    for part, title, name in (("set", "coverage_by_set", lambda n: n or MESSAGES("no_set")),
                              ("type", "coverage_by_type", lambda n: current().term(TYPE_TERMS[DEFAULT], n))):
        lines.append(MESSAGES(title))
        lines.extend(MESSAGES("coverage_row", name=name(key), automated=automated, total=total,
                              share=_share(automated, total)) for key, automated, total in coverage.by(part))
    return lines


@_guarded
def _manual(db: Database, args: argparse.Namespace) -> int:
    from .source import SOURCES, NoSuchCard, set_manual

    if in_memory(db):
        return 2
    try:
        number, source = set_manual(db, args.card, manual=not args.undo)
    except NoSuchCard:
        say("no_card", err=True, card=args.card)
        return 2
    if args.undo:
        say("now_source", number=number, source=SOURCES(source))
    else:
        say("now_manual", number=number)
    return 0


@contextmanager
def _progress_bar(title: str):
    """A progress callback drawing a bar on standard error when it is a terminal (tqdm; nothing
    otherwise, so logs and pipes stay clean). Only numbers and the title, in the user's language."""
    from tqdm import tqdm

    with tqdm(total=1, desc=title, disable=None, file=sys.stderr, leave=False,
              bar_format="{desc}: {percentage:3.0f}% |{bar}|") as bar:
        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.n = done
            bar.refresh()
        yield progress


@_guarded
def _search(db: Database, args: argparse.Namespace) -> int:
    from .search import TYPE_TERMS, search

    hits = search(db, args.text, lang=args.lang or _chosen_language(), type=args.type, symbol=args.symbol, cost=args.cost,
                  subtype=args.subtype, variation=args.variation, limit=args.limit, game=args.game)
    for hit in hits:
        say("hit", number=hit.number, name=hit.name, type=current().term(TYPE_TERMS[args.game], hit.type))
    if not hits:
        say("no_hits", err=True, text=args.text)
        return 1
    return 0


# --- decks ---------------------------------------------------------------------------------------


@_guarded
def _export(db: Database, args: argparse.Namespace) -> int:
    from . import decks

    return write_output(decks.export_deck_text(db, args.name, args.kind), args.output, say, name=args.name)


def _say_violation(v, *, err: bool = False) -> None:
    """A broken deck rule: its id and its sentence, cards named in the active language."""
    names = card_namer({}, [localized_name])
    say("violation", err=err, rule=v.rule, message=current().refusal(v.rule, v.params, names))


def _names(db: Database):
    """How deck checks name cards: their localized names, else the catalogue's English ones."""
    return [localized_name, _catalogue_names(db)]


def _catalogue_names(db: Database):
    from .source import CatalogueSource

    source = CatalogueSource(db)
    return lambda number, lang: source.name(number, lang)


@_guarded
def _save(db: Database, args: argparse.Namespace) -> int:
    from . import decks
    from .source import CatalogueSource

    if in_memory(db):
        return 2
    text = read_text(args.file, say)
    if text is None:
        return 2
    try:
        info = decks.import_deck_text(db, args.name, text, args.format)
    except IllegalAction as exc:
        say("deck_error", err=True, detail=current().error(exc))
        return 2
    except decks.DeckError as exc:
        say("error", err=True, detail=exc)
        for v in exc.violations:
            _say_violation(v, err=True)
        return 2
    say("saved", name=info.name, cards=info.cards, format=info.format)
    print_deck_check(decks.load_deck_list(db, info.name), CatalogueSource(db), info.format, _names(db))
    return 0


@_guarded
def _list(db: Database, args: argparse.Namespace) -> int:
    from . import decks

    found = decks.list_decks(db)
    for d in found:
        say("deck_row", name=d.name, format=d.format, cards=d.cards,
            bundled=MESSAGES("bundled_mark") if d.bundled else "")
    if not found:
        say("no_decks")
    return 0


@_guarded
def _validate(db: Database, args: argparse.Namespace) -> int:
    from . import decks
    from .source import CatalogueSource

    source = CatalogueSource(db)
    try:
        info = decks.get_deck(db, args.name)
    except decks.DeckError:
        if not Path(args.name).is_file():
            say("no_deck_or_file", err=True, name=args.name)
            return 2
        text = read_text(args.name, say)
        if text is None:
            return 2
        try:
            deck = decks.parse_text(text, source)
        except IllegalAction as exc:
            say("deck_error", err=True, detail=current().error(exc))
            return 2
        return print_deck_check(deck, source, args.format or deck.format or "standard", _names(db))
    return print_deck_check(decks.load_deck_list(db, info.name), source, args.format or info.format, _names(db))


def catalogue_source(args: argparse.Namespace) -> CatalogueSource:
    """``referee deck check``'s cards once the catalogue is installed: every card of the database
    named by ``--database-url`` (its errors are keyed, shown in the user's language)."""
    from .db import Database
    from .source import CatalogueSource

    with Database(args.database_url) as db:
        args.card_names = [*args.card_names, _catalogue_names(db)]
        return CatalogueSource(db)


@_guarded
def _delete(db: Database, args: argparse.Namespace) -> int:
    from . import decks

    if in_memory(db):
        return 2
    if decks.get_deck(db, args.name).bundled and not args.yes and not _confirmed(args.name):
        say("bundled_kept", err=True, name=args.name)
        return 1
    decks.delete_deck(db, args.name)
    say("deleted", name=args.name)
    return 0


def _confirmed(name: str) -> bool:
    """Ask on a terminal whether to delete a deck the program ships (never without one)."""
    if not sys.stdin.isatty():
        return False
    answer = input(MESSAGES("delete_bundled_ask", name=name) + " ")
    return answer.strip().casefold() in {MESSAGES("yes").casefold(), MESSAGES("yes")[:1].casefold()}


# --- registration --------------------------------------------------------------------------------


def _values(name: str) -> str:
    """A filter's values in each game that has it, as typed: ``Fire, Water... (naruto)``."""
    return "; ".join(f"{', '.join(f[name])} ({game})" for game, f in FILTER_VALUES.items() if name in f)


def register(commands: dict, add_database_option) -> None:
    """Add ``cards import|search`` to the top-level commands and ``export|save|list|validate|
    delete`` to ``deck``."""
    m = MESSAGES
    cards = commands["top"].add_parser("cards", help=m("cards_help"), description=m("cards_help"))
    csub = cards.add_subparsers(dest="cards_command", required=True)

    im = csub.add_parser("import", help=m("import_help"), description=m("import_help"))
    im.add_argument("file", help=m("import_file_help"))
    im.add_argument("--strict", action="store_true", help=m("strict_help"))
    add_database_option(im)
    im.set_defaults(run=_import)

    ma = csub.add_parser("manual", help=m("manual_help"), description=m("manual_help"))
    ma.add_argument("card", metavar=m("arg_card"), help=m("manual_card_help"))
    ma.add_argument("--undo", action="store_true", help=m("undo_help"))
    add_database_option(ma)
    ma.set_defaults(run=_manual)

    se = csub.add_parser("search", help=m("search_help"), description=m("search_help"))
    se.add_argument("text", nargs="?", default="", help=m("text_help"))
    se.add_argument("--lang", choices=LANGUAGES, default=None, help=m("lang_help"))
    se.add_argument("--game", choices=tuple(FILTER_VALUES), default=DEFAULT, help=m("game_help", default=DEFAULT))
    se.add_argument("--type", default=None, help=m("type_help", choices=_values("type")))
    se.add_argument("--symbol", default=None, help=m("symbol_help", choices=_values("symbol")))
    se.add_argument("--cost", type=whole(0, 99), default=None, help=m("cost_help"))
    se.add_argument("--subtype", default=None, help=m("subtype_help", choices=_values("subtype")))
    se.add_argument("--variation", default=None, help=m("variation_help", choices=_values("variation")))
    se.add_argument("--limit", type=whole(1, 10_000), default=50, help=m("limit_help"))
    add_database_option(se)
    se.set_defaults(run=_search)

    dsub = commands["deck"]
    ex = dsub.add_parser("export", help=m("export_help"), description=m("export_help"))
    ex.add_argument("name", help=m("deck_name_help"))
    ex.add_argument("--as", dest="kind", choices=EXPORT_FORMATS, default="text", help=m("as_help"))
    add_output_option(ex)
    add_database_option(ex)
    ex.set_defaults(run=_export)

    sv = dsub.add_parser("save", help=m("save_help"), description=m("save_help"))
    sv.add_argument("name", help=m("deck_name_help"))
    sv.add_argument("file", help=m("save_file_help"))
    sv.add_argument("--format", choices=with_decks().formats, default=None, help=m("save_format_help"))
    add_database_option(sv)
    sv.set_defaults(run=_save)

    ls = dsub.add_parser("list", help=m("list_help"), description=m("list_help"))
    add_database_option(ls)
    ls.set_defaults(run=_list)

    va = dsub.add_parser("validate", help=m("validate_help"), description=m("validate_help"))
    va.add_argument("name", help=m("validate_name_help"))
    va.add_argument("--format", choices=with_decks().formats, default=None, help=m("validate_format_help"))
    add_database_option(va)
    va.set_defaults(run=_validate)

    check = commands.get("deck_check")
    if check is not None:  # the engine's `deck check`, over the whole catalogue
        add_database_option(check)
        check.set_defaults(card_source=catalogue_source)

    de = dsub.add_parser("delete", help=m("delete_help"), description=m("delete_help"))
    de.add_argument("name", help=m("deck_name_help"))
    de.add_argument("--yes", action="store_true", help=m("yes_help"))
    add_database_option(de)
    de.set_defaults(run=_delete)
