"""Searching the catalogue by number, by name in any language, and by each game's own filters.

Folding: case, accents and ё/е (and й/и) do not matter, so a name and a query are compared in their
folded form (`fold`), word by word (`tokens`). Each word of each localized name is stored as a
`SearchToken`, written by `index_cards` whenever a name changes.

A query is never SQL or FTS syntax: only its folded words reach the database, as bound parameters,
the ends of a range that holds the words starting with them (``token >= 'nar' AND token < 'nas'``:
`_starts`) and where no character is special, so quotes, ``*``, ``NEAR``, ``-``, ``OR``, ``%`` or
``'; DROP TABLE card; --`` are just text to look for (``near``, ``or``, ``drop table card``...).

Speed (p99 <= 5 ms over 4,400 cards on SQLite: ``python bench/cards.py``): a search reads the
candidates from the index of ``search_token`` (token, position, card, language) or of
``card.number``, ranks them in Python, then reads the names of the cards shown. What keeps it fast:

- the prefix is a range, which a B-tree index serves on SQLite and PostgreSQL alike (`_starts`);
- SQLite's planner, which has no statistics, is told that the filters hold for most cards
  (`_likely`), so it starts from the query's words instead of every card of the game;
- one word reads only the places of it that can rank among the first ``limit`` (`_named`), so
  that a letter does not rank thousands of names; of several words, the rarest finds the
  candidates (`_rarest`); a number's start (``N-``: thousands of cards) comes back as one string;
- the statements are built once per game and filters (`_Statements`): building one costs
  SQLAlchemy more than SQLite takes to run it.

None of this changes what a search finds: tests/cards/test_search.py compares it with ranking every
name of a generated catalogue.

Filters (`FILTERS`): each game has its own, which its catalogue part says (`cards.games.Filter`:
the values and the column each is looked for in). The Naruto CCG's cards are filtered by type,
symbol and entrance cost; Llamas Unleashed's by type, an animal's subtype and its variation. A filter the game
does not have, or a value it does not know, is refused with a `SearchError` the user can read in
their language, never silently ignored.

Ranking, best first: the exact card number; the exact whole name; a name that starts with the
query; a card number that starts with the query; every query word the prefix of a word of one
name (the earlier those words stand in the name, the better); ties by card number. A card is ranked
by its best name; of two as good, the one indexed first gives the language it matched in.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Callable, Iterable, Sequence

from sqlalchemy import and_, bindparam, case, delete, func, insert, literal_column, or_, select, update
from sqlalchemy.orm import Session

from referee.engine.numbers import canonical_number, is_card_number, number_key
from referee.games import DEFAULT

from .games import Filter as Spec, catalogues
from .models import CardName, CardRecord, SearchToken
from localization import KeyedError, Messages
from localization.text import fold

_NOT_WORD = re.compile(r"[\W_]+")
#: the start of a card number in a query: `J-`, `N-US` (a whole number is `is_card_number`'s)
_NUMBER_PREFIX = re.compile(r"^[A-Za-z]{1,4}-[A-Za-z]{0,2}$")
#: the longest token stored (search_token.token is VARCHAR(100)); longer words are cut there
TOKEN_MAX = 100
#: how many ids go in one ``IN (...)`` (SQLite allows 999 parameters on old builds)
CHUNK = 500

MESSAGES = Messages("cards.search", {
    "unknown_type": "Unknown card type {value!r}; expected one of {choices}.",
    "unknown_symbol": "Unknown symbol {value!r}; expected one of {choices}.",
    "unknown_subtype": "Unknown animal subtype {value!r}; expected one of {choices}.",
    "unknown_variation": "Unknown animal variation {value!r}; expected one of {choices}.",
    "unknown_game": "Unknown game {value!r}; expected one of {choices}.",
    "no_filter": "The cards of {game} cannot be filtered by {filter}; their filters are: {choices}.",
})

# how a card matched, best first (the lower, the better); Hit.score is the reverse (higher, better)
EXACT_NUMBER, EXACT_NAME, NAME_START, NUMBER_PREFIX, WORDS, FILTER = range(6)
_SCORES = {EXACT_NUMBER: 100, EXACT_NAME: 90, NAME_START: 80, NUMBER_PREFIX: 70, WORDS: 60, FILTER: 0}


class SearchError(KeyedError, ValueError):
    """A filter the catalogue does not know: ``key`` names the message in `MESSAGES`."""

    messages = MESSAGES  # its key and params can be shown in any language


@dataclass(frozen=True)
class Hit:
    """One card found: its number, its name in the requested language (else the language it was
    found in, else English), its type, and how well it matched (``score``: higher is better)."""

    number: str
    name: str
    type: str
    score: int
    lang: str = "en"


# --- folding -------------------------------------------------------------------------------------


def tokens(text: str) -> list[str]:
    """The folded words of a text, in order (split on anything that is not a letter or digit)."""
    return [t[:TOKEN_MAX] for t in _NOT_WORD.split(fold(text)) if t]


@lru_cache(maxsize=50_000)
def _folded_tokens(folded: str) -> tuple[str, ...]:
    """`tokens` of an already folded name (what `search` ranks candidates by), cached: the same
    names come back query after query."""
    return tuple(t[:TOKEN_MAX] for t in _NOT_WORD.split(folded) if t)


# --- indexing ------------------------------------------------------------------------------------


def chunks(items: Sequence) -> Iterable[list]:
    """The items, each once, in lists short enough for one ``IN (...)``."""
    items = list(dict.fromkeys(items))
    for i in range(0, len(items), CHUNK):
        yield items[i : i + CHUNK]


def index_cards(session: Session, card_ids: Iterable[int]) -> None:
    """(Re)write the search tokens, and the folded form, of every name of these cards, in every
    language. The caller owns the transaction."""
    for chunk in chunks(list(card_ids)):
        names = session.execute(
            select(CardName.id, CardName.card_id, CardName.lang, CardName.name, CardName.folded)
            .where(CardName.card_id.in_(chunk))).all()
        session.execute(delete(SearchToken).where(SearchToken.card_id.in_(chunk)),
                        execution_options={"synchronize_session": False})
        stale = [{"id": n.id, "folded": fold(n.name)} for n in names if n.folded != fold(n.name)]
        if stale:
            session.execute(update(CardName), stale)
        rows = [{"card_id": n.card_id, "lang": n.lang, "position": i, "token": token}
                for n in names for i, token in enumerate(tokens(n.name))]
        if rows:
            session.execute(insert(SearchToken.__table__), rows)  # Core: one executemany


def index_card(session: Session, card_id: int) -> None:
    """(Re)write the search tokens of one card's names (see `index_cards`)."""
    index_cards(session, [card_id])


# --- searching -----------------------------------------------------------------------------------


def _choice(value: str, choices: Sequence[str], key: str) -> str:
    """A filter's value written in any case, as the catalogue spells it."""
    for choice in choices:
        if choice.casefold() == value.strip().casefold():
            return choice
    raise SearchError(key, value=value, choices=", ".join(choices))


def number_query(text: str) -> str | None:
    """The canonical card number (or number prefix) a query stands for: ``n-8`` -> ``N-8``,
    ``te-006`` -> ``J-006``, ``n008`` -> ``N-008``, ``pr018b`` -> ``PR-018B``, ``N-US0`` ->
    ``N-US0``, ``J-`` -> ``J-``; None for anything else (``n`` alone is a word)."""
    stripped = "".join(text.split())
    if "-" not in stripped and len(text.split()) > 1:
        return None  # words ("Team 7"), not a number
    if _NUMBER_PREFIX.match(stripped):
        return canonical_number(stripped + "0")[:-1] if stripped.endswith("-") else canonical_number(stripped)
    return canonical_number(stripped) if is_card_number(stripped) else None


def padded_number(number: str) -> str:
    """``J-1`` -> ``J-001``: the digits zero-padded to three, as printed (other text unchanged)."""
    m = re.match(r"^([A-Z]+)-(\d+)([A-Z]*)$", number)
    return f"{m[1]}-{int(m[2]):03d}{m[3]}" if m else number


def _successor(prefix: str) -> str:
    """The smallest string above every string that starts with ``prefix`` (a word of `tokens`, or
    a card number), in the order of the characters' code points."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def _starts(column, name: str, sqlite: bool, prefix: str | None = None):
    """``column`` starts with a (non-empty) prefix: it lies from the prefix up to its `_successor`
    in the order of the characters' code points (UTF-8's byte order), which is exactly the strings
    that start with it, and what a B-tree index serves. SQLite compares text in that order; on
    PostgreSQL, whose ``<`` follows the database's collation, ``~>=~`` and ``~<~`` do, served by the
    ``text_pattern_ops`` indexes. No character is special (``%``, ``_``, ``*`` are text to look
    for). The bounds (`_bounds` of ``name``) are bound when the statement runs, or here from
    ``prefix``."""
    values = _bounds(name, prefix) if prefix is not None else {}
    low, high = (bindparam(key, values[key]) if values else bindparam(key) for key in (f"{name}_low", f"{name}_high"))
    if sqlite:
        return and_(column >= low, column < high)
    return and_(column.op("~>=~", is_comparison=True)(low), column.op("~<~", is_comparison=True)(high))


def _bounds(name: str, prefix: str) -> dict[str, str]:
    """The parameters of `_starts` named ``name`` for ``prefix``."""
    return {f"{name}_low": prefix, f"{name}_high": _successor(prefix)}


def _prefix(column, prefix: str, sqlite: bool):
    """``column`` starts with ``prefix`` (a non-empty one): `_starts`."""
    return _starts(column, "prefix", sqlite, prefix)


def _listed(column, value: str, sep: str):
    """``column`` holds ``value`` in a list joined by ``sep`` (symbols: "Lightning/Wind"; a Llamas
    card's variations: "llama, alpaca")."""
    return or_(column == value, column.startswith(f"{value}{sep}", autoescape=True),
               column.endswith(f"{sep}{value}", autoescape=True), column.contains(f"{sep}{value}{sep}", autoescape=True))


@dataclass(frozen=True)
class Filter:
    """One way a game's cards can be filtered: the values it takes, as the catalogue spells them
    (None: a whole number), and the condition a value puts on a card's row."""

    values: tuple[str, ...] | None
    condition: Callable[[Any], Any]


def _condition(spec: Spec) -> Callable[[Any], Any]:
    """The condition a value of the filter ``spec`` puts on a card's row: its column equal to the
    value, or holding it in its list."""
    column = getattr(CardRecord, spec.column)
    return (lambda v: _listed(column, v, spec.sep)) if spec.sep else (lambda v: column == v)


#: each game's filters, by the name `search` takes them under: the values its catalogue part gives
#: (`cards.games`, where the command line's help reads them without the database layer), with
#: their conditions
FILTERS: dict[str, dict[str, Filter]] = {
    game: {name: Filter(spec.values, _condition(spec)) for name, spec in part.filters.items()}
    for game, part in catalogues().items()
}
#: the term kind naming each game's card types (`localization`'s terms)
TYPE_TERMS = {game: part.type_term for game, part in catalogues().items()}


def _filters(game: str, chosen: dict[str, Any]) -> list:
    """The conditions of a search: ``game``'s cards, and each filter given (None or "": not given)
    checked against the game's own (`FILTERS`); an unknown game, a filter the game does not have
    or a value it does not know is refused (`SearchError`)."""
    known = FILTERS.get(game)
    if known is None:
        raise SearchError("unknown_game", value=game, choices=", ".join(FILTERS))
    out = [CardRecord.game == game]
    for name, value in chosen.items():
        if value is None or value == "":
            continue
        spec = known.get(name)
        if spec is None:
            raise SearchError("no_filter", game=game, filter=name, choices=", ".join(known))
        out.append(spec.condition(value if spec.values is None else _choice(value, spec.values, f"unknown_{name}")))
    return out


@lru_cache(maxsize=100_000)
def _rank_name(folded: str, words: tuple[str, ...]) -> tuple | None:
    """(category, word positions) of a name for the query words; None when some word is not
    the prefix of any word of the name. Cached: typing a query asks the same again and again."""
    name_tokens = _folded_tokens(folded)
    positions = []
    for w in words:
        for i, t in enumerate(name_tokens):
            if t.startswith(w):
                positions.append(i)
                break
        else:
            return None
    name, joined = " ".join(name_tokens), " ".join(words)
    if name == joined:
        return (EXACT_NAME, ())
    if name.startswith(joined):
        return (NAME_START, ())
    return (WORDS, tuple(positions))


#: SQLite: the chance given to its planner that a filter holds (see `_likely`)
_LIKELY = literal_column("0.9")


def _likely(conditions: list, sqlite: bool) -> list:
    """The filters, marked on SQLite as true for most cards. Nothing runs ANALYZE, so its planner
    has no statistics and takes an equality on an indexed column (``card.game = 'naruto'``,
    ``card.type = 'Ninja'``) to pick about ten rows: it would start from the cards, every card of
    the game, and look up each one's words, reading the whole catalogue for every query. Marked
    ``likelihood(..., 0.9)``, the filters are checked on the cards that the query's words (or
    number) lead to. PostgreSQL keeps statistics and needs no hint."""
    return [func.likelihood(c, _LIKELY) for c in conditions] if sqlite else conditions


#: what separates the numbers `_Statements.numbered` and `_Statements.listed` give in one string
#: (a card number holds no whitespace: `canonical_number`)
_SEP = "\n"


def _joined(column, sqlite: bool):
    """Every value of ``column`` in one string, separated by `_SEP`: one row for thousands."""
    return func.group_concat(column, _SEP) if sqlite else func.string_agg(column, _SEP)


class _Statements:
    """The statements of the searches of one game with one choice of filters, built once: building
    one costs SQLAlchemy more than SQLite takes to run it. A query's words and number are bound
    when they run (`_bounds`)."""

    def __init__(self, game: str, chosen: tuple[tuple[str, Any], ...], sqlite: bool):
        where = _likely(_filters(game, dict(chosen)), sqlite)
        #: the numbers of the cards numbered ``exact``, or with the N-CCG-DB id ``ident``
        self.exact = select(CardRecord.number).where(*where, or_(
            CardRecord.number.in_(bindparam("exact", expanding=True)), CardRecord.ccgdb_id == bindparam("ident")))
        #: the numbers that start with ``number``, in one string (`_SEP`): a short prefix such as
        #: ``N-`` has thousands, and a row costs the driver and SQLAlchemy more than the database
        self.numbered = select(_joined(CardRecord.number, sqlite)).where(
            *where, _starts(CardRecord.number, "number", sqlite))
        # (token id, language, position, token, card number) of the words starting with ``word``
        # in the names of the cards the filters allow
        words = (select(SearchToken.id, SearchToken.lang, SearchToken.position, SearchToken.token, CardRecord.number)
                 .select_from(SearchToken).join(CardRecord, CardRecord.id == SearchToken.card_id)
                 .where(*where, _starts(SearchToken.token, "word", sqlite)))
        # the folded name each word is in: looked up word by word (a join lets PostgreSQL hash
        # every name of the catalogue to find a few hundred)
        folded = (select(CardName.folded)
                  .where(CardName.card_id == SearchToken.card_id, CardName.lang == SearchToken.lang).scalar_subquery())
        #: for a search by one word: those and, when the name's first word is ``word`` itself,
        #: the folded name (the only one `_best_names` needs)
        self.word = words.add_columns(
            case((and_(SearchToken.position == 0, SearchToken.token == bindparam("word_low")), folded)))
        #: for a search by several words: those and the folded name
        self.words = words.add_columns(folded)
        #: the same as `word`, only the words at a position <= ``cut``
        self.word_within = self.word.where(SearchToken.position <= bindparam("cut"))
        #: the position of the ``skip + 1``-th of those words, in order of position (no row: fewer
        #: words), read without the names; when only the game is chosen, from the tokens' index
        #: alone, counting the words of every game (nearly all are the game's anyway)
        cut = select(SearchToken.position).where(_starts(SearchToken.token, "word", sqlite))
        if len(where) > 1:
            cut = cut.join(CardRecord, CardRecord.id == SearchToken.card_id).where(*where)
        self.cut = cut.order_by(SearchToken.position).offset(bindparam("skip")).limit(1)
        #: the numbers of every card the filters allow, in one string (`_SEP`)
        self.listed = select(_joined(CardRecord.number, sqlite)).where(*where)


@lru_cache(maxsize=256)
def _statements(game: str, chosen: tuple[tuple[str, Any], ...], sqlite: bool) -> _Statements:
    return _Statements(game, chosen, sqlite)


@cache
def _count_statement(sqlite: bool):
    """How many stored words start with ``word``, counted in the tokens' index."""
    return select(func.count()).select_from(SearchToken).where(_starts(SearchToken.token, "word", sqlite))


#: a query word that starts at most this many stored words is rare enough to find the candidates
#: of a search by several words: reading them costs about what counting another word would
RARE = 100


def _rarest(conn, words: tuple[str, ...], sqlite: bool) -> str:
    """The query word that starts the fewest stored words, the longest counted first, until one
    is `RARE` enough."""
    counted = []
    for word in sorted(set(words), key=len, reverse=True):
        counted.append((conn.execute(_count_statement(sqlite), _bounds("word", word)).scalar(), word))
        if counted[-1][0] <= RARE:
            break
    return min(counted)[1]


#: the type and the names of the cards shown, languages in alphabetical order (the first is shown
#: when neither the language asked for, nor the one matched, nor English is there)
_SHOWN = (select(CardRecord.number, CardRecord.type, CardName.lang, CardName.name)
          .select_from(CardRecord).outerjoin(CardName, CardName.card_id == CardRecord.id)
          .where(CardRecord.game == bindparam("game"), CardRecord.number.in_(bindparam("numbers", expanding=True)))
          .order_by(CardRecord.number, CardName.lang))

#: a card found: its number, how it matched (EXACT_NUMBER...), the language it matched in
Found = tuple[str, int, str]


def _by_number(numbers: Iterable[str], how: int, limit: int) -> list[Found]:
    """The first ``limit`` of these card numbers in their natural order, all matched ``how``."""
    return [(n, how, "en") for n in heapq.nsmallest(limit, numbers, key=number_key)]


def _split(numbers: str | None) -> list[str]:
    """The numbers of `_Statements.numbered` or `_Statements.listed`."""
    return numbers.split(_SEP) if numbers else []


def _numbered(conn, statements: _Statements, text: str, number: str, limit: int) -> list[Found]:
    """The first ``limit`` cards for a card number (or the start of one): the card of that number
    (``J-1`` is also ``J-001``) or of that N-CCG-DB id (``nUS093`` is ``n-us093``), then the cards
    whose number starts with it, by number."""
    exact = {number, padded_number(number)}
    ident = "".join(text.split()).casefold()
    hits = set(conn.execute(statements.exact, {"exact": sorted(exact), "ident": ident}).scalars())
    first = _by_number(hits, EXACT_NUMBER, limit)
    started = _split(conn.execute(statements.numbered, _bounds("number", number)).scalar())
    return first + _by_number([n for n in started if n not in hits], NUMBER_PREFIX, limit - len(first))


def _best_names(rows: list, words: tuple[str, ...]) -> dict[str, tuple[tuple, int, str]]:
    """The best name of each card among these rows of `_Statements.word` (one word) or
    `_Statements.words`: card number -> (rank key, token id, language); of two names as good, the
    one indexed first (the lower token id)."""
    best: dict[str, tuple[tuple, int, str]] = {}
    for order, lang_, position, token, number_, folded in rows:
        if len(words) == 1 and not (position == 0 and token == words[0]):
            # one word: the matched word's place says it all (first: the name starts with the
            # word), without splitting the name
            key = (NAME_START, ()) if position == 0 else (WORDS, (position,))
        else:
            key = _rank_name(folded, words)
            if key is None:
                continue
        seen = best.get(number_)
        if seen is None or (key, order) < seen[:2]:
            best[number_] = (key, order, lang_)
    return best


def _named(conn, statements: _Statements, words: tuple[str, ...], limit: int, sqlite: bool) -> list[Found]:
    """The first ``limit`` cards whose name, in some language, holds a word starting with each of
    ``words``: ranked by their best name (`_rank_name`), then by number.

    Several words: a name must hold them all, so the rarest finds the candidates. One word: only
    the places of it that can make the first ``limit`` are read. The later it stands in a name, the
    lower the name ranks, so a card whose names have it only after a cut ranks below every card
    with a name that has it before the cut or at it; once those are ``limit`` cards, nothing after
    the cut is needed. The cut is the place of the ``limit``-th word found, in order of place
    (`_Statements.cut`); when the cards found up to it are too few (a card can have the word in
    several of its names) it moves on to the place of twice as many words, and so on, until there
    are enough or every place is read."""
    if len(words) > 1:
        rows = conn.execute(statements.words, _bounds("word", _rarest(conn, words, sqlite))).all()
        best = _best_names(rows, words)
    else:
        params, nth = _bounds("word", words[0]), limit
        while (cut := conn.execute(statements.cut, {**params, "skip": nth - 1}).scalar()) is not None:
            best = _best_names(conn.execute(statements.word_within, {**params, "cut": cut}).all(), words)
            if len(best) >= limit:
                break
            nth *= 2
        else:
            best = _best_names(conn.execute(statements.word, params).all(), words)
    first = heapq.nsmallest(limit, best.items(), key=lambda item: (item[1][0], number_key(item[0])))
    return [(number_, key[0], lang_) for number_, (key, _, lang_) in first]


def search(db, text: str, *, lang: str | None = None, type: str | None = None, symbol: str | None = None,
           cost: int | None = None, subtype: str | None = None, variation: str | None = None, limit: int = 50,
           game: str = DEFAULT) -> list[Hit]:
    """``game``'s cards matching ``text`` (see the module's docstring for how they are ranked),
    filtered by the game's filters: type, symbol and entrance cost for the Naruto CCG; type, subtype
    and variation for Llamas Unleashed. An empty ``text`` lists the cards the filters allow, by
    number; no text and no filter finds nothing."""
    chosen = {"type": type, "symbol": symbol, "cost": cost, "subtype": subtype, "variation": variation}
    filters = _filters(game, chosen)  # refuses an unknown game, filter or value
    words = tuple(tokens(text or ""))
    number = number_query(text or "")
    if (not words and number is None and len(filters) == 1) or limit <= 0:
        return []

    with db.session() as session:
        conn = session.connection()  # plain Core rows: no ORM work per row
        sqlite = conn.dialect.name == "sqlite"
        statements = _statements(game, tuple(chosen.items()), sqlite)
        if number is not None:  # a card number is not looked for among the names
            found = _numbered(conn, statements, text, number, limit)
        elif words:
            found = _named(conn, statements, words, limit, sqlite)
        else:
            found = _by_number(_split(conn.execute(statements.listed).scalar()), FILTER, limit)
        shown: dict[str, tuple[str, dict[str, str]]] = {}  # number -> (type, language -> name)
        for chunk in chunks([number_ for number_, _, _ in found]):
            for number_, type__, lang_, name in conn.execute(_SHOWN, {"game": game, "numbers": chunk}).all():
                names = shown.setdefault(number_, (type__, {}))[1]
                if lang_ is not None:
                    names[lang_] = name

    hits = []
    for number_, how, matched in found:
        if number_ not in shown:
            continue  # deleted meanwhile
        type__, by_lang = shown[number_]
        lang_ = next((l for l in (lang, matched, "en") if l and l in by_lang), next(iter(by_lang), None))
        hits.append(Hit(number_, by_lang.get(lang_, number_), type__, _SCORES[how], lang_ or "en"))
    return hits
