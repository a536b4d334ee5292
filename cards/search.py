"""Searching the catalogue by number, by name in any language, and by each game's own filters.

Folding: case, accents and ё/е (and й/и) do not matter, so a name and a query are compared in their
folded form (`fold`), word by word (`tokens`). Each word of each localized name is stored as a
`SearchToken`, written by `index_cards` whenever a name changes.

A query is never SQL or FTS syntax: only its folded words reach the database, as bound parameters
of a prefix match whose LIKE wildcards are escaped, so quotes, ``*``, ``NEAR``, ``-``, ``OR``, ``%``
or ``'; DROP TABLE card; --`` are just text to look for (``near``, ``or``, ``drop table card``...).

Speed: a search is one indexed query for the candidates (the query's longest word as a prefix of
``search_token.token``; or, when the query looks like a card number, that number as a prefix of
``card.number``), ranked in Python, then one query for the names shown. On SQLite the prefix is
also written as a range (``token >= 'nar' AND token < 'nas'``), which its planner serves from the
index whatever LIKE's case rules are.

Filters (`FILTERS`): each game has its own. The Naruto CCG's cards are filtered by type, symbol and
entrance cost; Llamas Unleashed's by type, an animal's subtype and its variation. A filter the game
does not have, or a value it does not know, is refused with a `SearchError` the user can read in
their language, never silently ignored.

Ranking, best first: the exact card number; the exact whole name; a name that starts with the
query; a card number that starts with the query; every query word the prefix of a word of one
name (the earlier those words stand in the name, the better); ties by card number.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from sqlalchemy import and_, delete, insert, or_, select, update
from sqlalchemy.orm import Session

from referee.games.naruto.decks import canonical_number, is_card_number, number_key

from .choices import FILTER_VALUES
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
    """The smallest string above every string that starts with ``prefix`` (binary order)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def _prefix(column, prefix: str, sqlite: bool):
    """``column`` starts with ``prefix``: LIKE with its wildcards escaped (``autoescape``), plus, on
    SQLite, the same as a range that its planner serves from the column's index."""
    like = column.startswith(prefix, autoescape=True)
    if sqlite and prefix:
        return and_(column >= prefix, column < _successor(prefix), like)
    return like


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


#: the condition a value of each filter puts on a card's row, by game and filter name. A Llamas
#: card's row keeps its subtype as its keywords and its variations as its characteristics (see
#: `cards.bundled`).
_CONDITIONS: dict[str, dict[str, Callable[[Any], Any]]] = {
    "naruto": {
        "type": lambda v: CardRecord.type == v,
        "symbol": lambda v: _listed(CardRecord.symbols, v, "/"),
        "cost": lambda v: CardRecord.entrance_cost == v,
    },
    "llamas": {
        "type": lambda v: CardRecord.type == v,
        "subtype": lambda v: CardRecord.keywords == v,
        "variation": lambda v: _listed(CardRecord.characteristics, v, ", "),
    },
}
#: each game's filters, by the name `search` takes them under: the values `cards.choices` gives
#: (where the command line's help reads them without the database layer), with their conditions
FILTERS: dict[str, dict[str, Filter]] = {
    game: {name: Filter(values, _CONDITIONS[game][name]) for name, values in filters.items()}
    for game, filters in FILTER_VALUES.items()
}
#: the term kind naming each game's card types (`localization`'s terms)
TYPE_TERMS = {"naruto": "card_type", "llamas": "llamas_card_type"}


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


def search(db, text: str, *, lang: str | None = None, type: str | None = None, symbol: str | None = None,
           cost: int | None = None, subtype: str | None = None, variation: str | None = None, limit: int = 50,
           game: str = "naruto") -> list[Hit]:
    """``game``'s cards matching ``text`` (see the module's docstring for how they are ranked),
    filtered by the game's filters: type, symbol and entrance cost for the Naruto CCG; type, subtype
    and variation for Llamas Unleashed. An empty ``text`` lists the cards the filters allow, by
    number; no text and no filter finds nothing."""
    filters = _filters(game, {"type": type, "symbol": symbol, "cost": cost, "subtype": subtype,
                              "variation": variation})
    words = tuple(tokens(text or ""))
    number = number_query(text or "")
    if not words and number is None and len(filters) == 1:
        return []

    # card id -> (rank key, number, type, language matched)
    found: dict[int, tuple[tuple, str, str, str]] = {}

    def offer(card_id: int, key: tuple, number_: str, type__: str, lang_: str) -> None:
        best = found.get(card_id)
        if best is None or key < best[0]:
            found[card_id] = (key, number_, type__, lang_)

    with db.session() as session:
        conn = session.connection()  # plain Core rows: no ORM work per row
        sqlite = conn.dialect.name == "sqlite"
        if number is not None:
            exact = {number, padded_number(number)}
            ident = "".join((text or "").split()).casefold()  # an N-CCG-DB id: nUS093 is n-us093
            rows = conn.execute(
                select(CardRecord.id, CardRecord.number, CardRecord.type, CardRecord.ccgdb_id)
                .where(*filters, or_(_prefix(CardRecord.number, number, sqlite), CardRecord.number.in_(exact),
                                     CardRecord.ccgdb_id == ident))).all()
            for r in rows:
                best = r.number in exact or r.ccgdb_id == ident
                offer(r.id, (EXACT_NUMBER if best else NUMBER_PREFIX, ()), r.number, r.type, "en")
        if words and number is None:  # a card number is not looked for among the names
            longest = max(words, key=len)  # the rarest word, most likely: fewest candidates
            rows = conn.execute(
                select(CardName.card_id, CardName.lang, CardName.folded, CardRecord.number, CardRecord.type,
                       SearchToken.position, SearchToken.token)
                .select_from(SearchToken)
                .join(CardName, and_(CardName.card_id == SearchToken.card_id, CardName.lang == SearchToken.lang))
                .join(CardRecord, CardRecord.id == SearchToken.card_id)
                .where(*filters, _prefix(SearchToken.token, longest, sqlite))).all()
            for card_id, lang_, folded, number_, type__, position, token in rows:
                if len(words) == 1 and not (position == 0 and token == longest):
                    # one word: the matched token's place says it all (first word: the name
                    # starts with the query), without splitting the name
                    key = (NAME_START, ()) if position == 0 else (WORDS, (position,))
                else:
                    key = _rank_name(folded, words)
                if key is not None:
                    offer(card_id, key, number_, type__, lang_)
        if not words and number is None:
            rows = conn.execute(select(CardRecord.id, CardRecord.number, CardRecord.type).where(*filters)).all()
            for r in rows:
                offer(r.id, (FILTER, ()), r.number, r.type, "en")

        best = heapq.nsmallest(max(0, limit), found.items(), key=lambda item: (item[1][0], number_key(item[1][1])))
        names: dict[int, dict[str, str]] = {}
        for chunk in chunks([card_id for card_id, _ in best]):
            for r in conn.execute(select(CardName.card_id, CardName.lang, CardName.name)
                                  .where(CardName.card_id.in_(chunk))):
                names.setdefault(r.card_id, {})[r.lang] = r.name

    hits = []
    for card_id, (key, number_, type__, matched) in best:
        by_lang = names.get(card_id, {})
        shown = next((l for l in (lang, matched, "en") if l and l in by_lang), next(iter(by_lang), None))
        hits.append(Hit(number_, by_lang.get(shown, number_), type__, _SCORES[key[0]], shown or "en"))
    return hits
