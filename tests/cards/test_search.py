"""Searching the catalogue (cards.search): folding, numbers, names in every language, word
prefixes, ranking, filters, and hostile input that must stay plain text. On SQLite and PostgreSQL,
over the bundled Set 1 plus a few cards of our own."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, inspect
from sqlmodel import select

from cards import search as search_module
from cards.db import Database
from cards.models import CardName, CardRecord, SearchToken
from cards.search import (_SCORES, EXACT_NAME, EXACT_NUMBER, FILTER, NAME_START, NUMBER_PREFIX, WORDS, Hit, SearchError,
                          _filters, _prefix, fold, index_card, index_cards, number_query, padded_number, search, tokens)
from referee.engine.numbers import number_key

# our own cards: (number, type, symbols, entrance cost, {lang: name})
EXTRA = [
    ("PR-901", "Ninja", "Lightning/Wind", 2, {"en": "Mask of Qorvo", "ru": "Ёжик Йод"}),
    ("PR-902", "Ninja", "Fire", 1, {"en": "Qorvo Blade"}),
    ("PR-903", "Jutsu", "Water", None, {"en": "Qorvo"}),
    ("PR-904", "Mission", "", None, {"en": "The Qorvo Sword"}),
    ("PR-905", "Ninja", "Earth", 0, {"en": "Rénard Ōkami", "fr": "Renard Ôkami"}),
]


def add_card(db: Database, number: str, type_: str, symbols: str, cost, names: dict[str, str]) -> int:
    with db.exclusive() as session:
        record = CardRecord(game="naruto", number=number, type=type_, symbols=symbols, entrance_cost=cost)
        session.add(record)
        session.flush()
        session.add_all(CardName(card_id=record.id, lang=lang, name=name, folded=fold(name))
                        for lang, name in names.items())
        session.flush()
        index_card(session, record.id)
        return record.id


def card_count(db: Database) -> int:
    with db.session() as s:
        return s.exec(select(func.count()).select_from(CardRecord)).one()


def numbers(hits) -> list[str]:
    return [h.number for h in hits]


@pytest.fixture
def db(db_url):
    with Database(db_url) as database:
        for card in EXTRA:
            add_card(database, *card)
        yield database


# --- folding ---------------------------------------------------------------------------------


def test_fold_ignores_case_accents_yo_and_short_i_and_collapses_spaces():
    assert fold("  Rénard   ŌKAMI ") == "renard okami"
    assert fold("Ёжик Йод") == fold("ежик иод") == "ежик иод"
    assert fold("ЁЛКА") == "елка"
    assert fold("Ça\tva\n") == "ca va"


def test_tokens_are_the_folded_words():
    assert tokens("Fire Style: Fire-Ball Jutsu!") == ["fire", "style", "fire", "ball", "jutsu"]
    assert tokens("Kakashi's  Foresight") == ["kakashi", "s", "foresight"]
    assert tokens("'; DROP TABLE card; --") == ["drop", "table", "card"]
    assert tokens("%_\\*\"") == []


# --- numbers ---------------------------------------------------------------------------------


def test_exact_number_in_any_case_comes_first(db):
    hits = search(db, "n-008")
    assert hits[0].number == "N-008" and hits[0].score == max(h.score for h in hits)
    assert hits[0].name == "Iruka Umino" and hits[0].type == "Ninja"


def test_number_with_unpadded_digits_and_french_prefixes(db):
    assert numbers(search(db, "J-1"))[0] == "J-001"
    assert numbers(search(db, "ni-008"))[0] == "N-008"
    assert numbers(search(db, "te-006")) == ["J-006"]
    assert numbers(search(db, "TA-042")) == ["M-042"]


def test_number_prefix_lists_cards_in_number_order(db):
    assert numbers(search(db, "N-00")) == [f"N-00{i}" for i in range(1, 10)]
    assert numbers(search(db, "PR-90")) == ["PR-901", "PR-902", "PR-903", "PR-904", "PR-905"]
    assert len(search(db, "M-", limit=100)) == 42


def test_a_lone_letter_is_a_word_not_every_number_of_that_prefix(db):
    hits = search(db, "n", limit=500)
    assert hits and all(any(t.startswith("n") for t in tokens(h.name)) for h in hits)
    assert "N-008" not in numbers(hits)  # Iruka Umino: a Ninja, but no word of his starts with n


def test_a_hyphenated_name_is_not_taken_for_a_card_number(db):
    assert numbers(search(db, "Qorvo-Blade")) == ["PR-902"]
    assert numbers(search(db, "the-qorvo")) == ["PR-904"]


# --- names -----------------------------------------------------------------------------------


def test_name_in_any_language_shown_in_the_language_it_matched(db):
    hits = search(db, "наруто")
    assert numbers(hits) == ["N-001", "N-019", "N-025"]
    assert {h.name for h in hits} == {"Наруто Узумаки"} and {h.lang for h in hits} == {"ru"}


def test_requested_language_with_english_fallback(db):
    assert search(db, "naruto uzumaki", lang="ru")[0].name == "Наруто Узумаки"
    qorvo = search(db, "qorvo blade", lang="ru")
    assert (qorvo[0].number, qorvo[0].name, qorvo[0].lang) == ("PR-902", "Qorvo Blade", "en")
    assert search(db, "ежик", lang="en")[0].name == "Mask of Qorvo"


def test_case_accents_and_yo_do_not_matter(db):
    for query in ("renard okami", "RENARD ŌKAMI", "rénard ōkami", "renard ôkami", "OKAMI"):
        assert numbers(search(db, query)) == ["PR-905"], query
    for query in ("ежик", "ЁЖИК", "ёжик йод", "ежик иод"):
        assert numbers(search(db, query)) == ["PR-901"], query


def test_every_word_must_prefix_a_word_of_the_same_name(db):
    assert numbers(search(db, "sas uch")) == ["N-002", "N-020", "N-026"]
    assert numbers(search(db, "uchi sasu")) == ["N-002", "N-020", "N-026"]
    assert search(db, "sasuke haruno") == []  # both words exist, never in one name
    assert search(db, "qorvo okami") == []


def test_ranking_exact_name_then_start_then_earlier_words_then_number(db):
    hits = search(db, "qorvo")
    assert numbers(hits) == ["PR-903", "PR-902", "PR-904", "PR-901"]
    scores = [h.score for h in hits]
    assert scores[0] > scores[1] > scores[2] == scores[3]


def test_ties_are_ordered_by_number(db):
    hits = search(db, "kakashi")
    assert [h.number for h in hits if h.name == "Kakashi Hatake"] == ["N-011", "N-023", "N-037"]


def test_limit(db):
    assert len(search(db, "N-0", limit=5)) == 5
    assert search(db, "N-0", limit=0) == []


# --- filters ---------------------------------------------------------------------------------


def test_filters_by_type_symbol_and_cost(db):
    assert {h.type for h in search(db, "", type="jutsu", limit=500)} == {"Jutsu"}
    assert numbers(search(db, "qorvo", type="Ninja")) == ["PR-902", "PR-901"]
    assert numbers(search(db, "qorvo", symbol="wind")) == ["PR-901"]
    assert numbers(search(db, "qorvo", symbol="Lightning")) == ["PR-901"]
    assert numbers(search(db, "qorvo", cost=1)) == ["PR-902"]
    free = search(db, "", type="Ninja", cost=0, limit=500)
    with db.session() as s:
        expected = s.exec(select(CardRecord.number).where(CardRecord.type == "Ninja",
                                                          CardRecord.entrance_cost == 0)).all()
    assert sorted(numbers(free)) == sorted(expected) and numbers(free) == sorted(numbers(free))


def test_unknown_filter_is_refused_with_a_message(db):
    with pytest.raises(SearchError) as err:
        search(db, "naruto", type="Pokemon")
    assert err.value.key == "unknown_type" and "Pokemon" in str(err.value)
    with pytest.raises(SearchError):
        search(db, "naruto", symbol="Sand")


def test_nothing_to_search_finds_nothing(db):
    assert search(db, "") == [] and search(db, "   ") == []


# --- hostile input ---------------------------------------------------------------------------

HOSTILE = {
    # query: the cards it must find (a prefix of them, in order)
    "'; DROP TABLE card; --": [],
    "\"; DELETE FROM card_name; --": [],
    "naruto' OR '1'='1": [],
    "\"naruto\"": ["N-001", "N-019", "N-025"],
    "naruto*": ["N-001", "N-019", "N-025"],
    "*": [],
    "qorvo NEAR blade": [],
    "NEAR": [],
    "uzumaki -naruto": ["N-001", "N-019", "N-025"],
    "-": [],
    "naruto OR sasuke": [],
    "%": [],
    "%qorvo%": ["PR-903", "PR-902", "PR-904", "PR-901"],
    "_": [],
    "z_rro": [],
    "\\": [],
    "qorvo\\": ["PR-903", "PR-902", "PR-904", "PR-901"],
    "N-00%": [],
    "(qorvo) AND {blade}": [],
    "\x00qorvo": ["PR-903", "PR-902", "PR-904", "PR-901"],
}


def test_hostile_input_is_plain_text_and_leaves_the_database_intact(db):
    """Every query in one database (creating one per query on PostgreSQL would take minutes)."""
    before = card_count(db)
    for query, expected in HOSTILE.items():
        assert numbers(search(db, query)) == expected, query
        assert card_count(db) == before, query
        assert {"card", "card_name", "search_token"} <= set(inspect(db.engine).get_table_names()), query
        assert numbers(search(db, "qorvo blade")) == ["PR-902"], query  # the catalogue still answers


def test_like_wildcards_in_a_prefix_are_escaped(db):
    """Tokens never hold % or _, so the escaping is checked on the clause itself: "a%" must not
    match "axb"."""
    card_id = add_card(db, "PR-950", "Ninja", "", None, {"en": "Placeholder"})
    with db.exclusive() as s:
        s.add_all(SearchToken(card_id=card_id, lang="xx", token=t) for t in ("a%b", "axb", "a_c", "abc", "a/d"))
    sqlite = db.engine.dialect.name == "sqlite"
    with db.session() as s:
        def matching(prefix: str) -> list[str]:
            return sorted(s.exec(select(SearchToken.token).where(
                SearchToken.lang == "xx", _prefix(SearchToken.token, prefix, sqlite))).all())
        assert matching("a%") == ["a%b"]
        assert matching("a_") == ["a_c"]
        assert matching("a/") == ["a/d"]
        assert matching("a") == ["a%b", "a/d", "a_c", "abc", "axb"]


# --- indexing --------------------------------------------------------------------------------


def test_index_card_rewrites_the_tokens_of_a_renamed_card(db):
    assert numbers(search(db, "qorvo blade")) == ["PR-902"]
    with db.exclusive() as s:
        record = s.exec(select(CardRecord).where(CardRecord.number == "PR-902")).one()
        name = s.exec(select(CardName).where(CardName.card_id == record.id, CardName.lang == "en")).one()
        name.name = "Éclair Katana"
        s.add(name)
        s.flush()
        index_card(s, record.id)
    assert search(db, "qorvo blade") == []
    assert numbers(search(db, "eclair kat")) == ["PR-902"]
    with db.session() as s:
        stored = s.exec(select(CardName.folded).where(CardName.name == "Éclair Katana")).one()
        tokens_ = s.exec(select(SearchToken.token).where(SearchToken.card_id == record.id)
                         .order_by(SearchToken.position)).all()
    assert stored == "eclair katana" and tokens_ == ["eclair", "katana"]


# --- the same results as ranking every name ----------------------------------------------------

#: words of the seeded catalogue's names, by language: they share first letters and whole words
#: (``Jutsu`` in every language, as Set 1's Spanish and French names have it)
VOCABULARY = {
    "en": ["Jutsu", "Justice", "Style", "Stone", "Storm", "Tiger", "Tree", "Toad", "Fire", "Fist", "Fang", "Shadow",
           "Shark", "Sand", "Water", "Wind", "Wolf", "Leaf", "Lotus", "A", "Ash"],
    "es": ["Jutsu", "Estilo", "Piedra", "Tigre", "Fuego", "Puño", "Sombra", "Agua", "Viento", "Árbol"],
    "fr": ["Jutsu", "Style", "Pierre", "Tigre", "Feu", "Poing", "Ombre", "Eau", "Vent", "Arbre"],
    "ru": ["Дзюцу", "Стиль", "Камень", "Тигр", "Огонь", "Ёж", "Тень", "Вода", "Ветер"],
}
SYMBOLS = ("Fire", "Water", "Wind", "Lightning", "Earth")


def seed_catalogue(db: Database, rng: random.Random, naruto: int = 300, llamas: int = 40) -> None:
    """Cards whose names, in one to four languages, are drawn from `VOCABULARY` (a word can come
    twice in a name, a translation often starts with the English name's first word), numbered in
    shapes whose text order is not their natural order (Q-7, Q-012, Q-US3, Q-40B), and some cards
    of Llamas Unleashed named in the same words."""
    def name(lang: str, first: str | None = None) -> str:
        words = [rng.choice(VOCABULARY[lang]) for _ in range(rng.randint(1, 5))]
        return " ".join([first] + words[1:] if first else words)

    with db.exclusive() as session:
        records = []
        for i in range(1, naruto + 1):
            number = rng.choice((f"Q-{i}", f"Q-{i:03d}", f"Q-US{i}", f"Q-{i}B", f"QX-{i}"))
            records.append(CardRecord(
                game="naruto", number=number, type=rng.choice(("Ninja", "Jutsu", "Mission")),
                symbols="/".join(rng.sample(SYMBOLS, rng.randint(1, 2))), entrance_cost=rng.randint(0, 3),
                ccgdb_id="qz900" if i == 15 else None))
        records += [CardRecord(game="llamas", number=f"LQ-{i}", type="Animal") for i in range(1, llamas + 1)]
        session.add_all(records)
        session.flush()
        for record in records:
            english = name("en")
            names = {"en": english}
            for lang, chance in (("es", 0.4), ("fr", 0.25), ("ru", 0.25)):
                if rng.random() < chance:
                    first = english.split()[0] if lang != "ru" and rng.random() < 0.5 else None
                    names[lang] = name(lang, first)
            session.add_all(CardName(card_id=record.id, lang=lang, name=text, folded=fold(text))
                            for lang, text in names.items())
        session.flush()
        index_cards(session, [record.id for record in records])


def ranked(name_words: list[str], words: tuple[str, ...]) -> tuple | None:
    """How a name (its words) matches the query words, as the module's docstring ranks it: the
    whole name, the start of the name, else every query word the start of a word of the name (the
    earlier those words stand, the better); None when some query word starts none of them."""
    firsts = [next((i for i, w in enumerate(name_words) if w.startswith(word)), None) for word in words]
    if None in firsts:
        return None
    name, query = " ".join(name_words), " ".join(words)
    return (EXACT_NAME, ()) if name == query else (NAME_START, ()) if name.startswith(query) else (WORDS, tuple(firsts))


class Unoptimised:
    """`search` computed the slow way: every name of every card the filters allow is ranked
    (`ranked`), each card by its best name (of two as good, the one indexed first) then by its
    number in natural order; no candidate is left unread."""

    def __init__(self, db: Database):
        self.db = db
        self._allowed: dict[tuple, set[int]] = {}
        with db.session() as s:
            self.cards = {r.id: r for r in s.exec(select(CardRecord.id, CardRecord.number, CardRecord.type,
                                                         CardRecord.ccgdb_id))}
            self.names: dict[int, dict[str, str]] = {}  # card id -> language -> name, by language
            for r in s.exec(select(CardName.card_id, CardName.lang, CardName.name).order_by(CardName.lang)):
                self.names.setdefault(r.card_id, {})[r.lang] = r.name
            # (card id, language) -> the name's words by position, names in the order indexed
            by_name: dict[tuple[int, str], dict[int, str]] = {}
            for r in s.exec(select(SearchToken.card_id, SearchToken.lang, SearchToken.position, SearchToken.token)
                            .order_by(SearchToken.id)):
                by_name.setdefault((r.card_id, r.lang), {})[r.position] = r.token
            self.words = {key: [words[p] for p in sorted(words)] for key, words in by_name.items()}

    def allowed(self, game: str, chosen: dict) -> set[int]:
        """The cards the filters allow (read once for each choice of filters)."""
        key = (game, tuple(sorted(chosen.items())))
        if key not in self._allowed:
            with self.db.session() as s:
                self._allowed[key] = set(s.exec(select(CardRecord.id).where(*_filters(game, chosen))).all())
        return self._allowed[key]

    def matching(self, word: str, allowed: set[int]) -> int:
        """How many stored words of the allowed cards' names start with ``word``."""
        return sum(w.startswith(word) for (card_id, _), ws in self.words.items() if card_id in allowed for w in ws)

    def search(self, text: str, *, lang: str | None = None, limit: int = 50, game: str = "naruto",
               **chosen) -> list[Hit]:
        allowed = self.allowed(game, chosen)
        words, number = tuple(tokens(text)), number_query(text)
        if (not words and number is None and not any(v not in (None, "") for v in chosen.values())) or limit <= 0:
            return []
        best: dict[int, tuple[tuple, str]] = {}  # card id -> (how it matched, language matched)

        def offer(card_id: int, key: tuple | None, lang_: str) -> None:
            if card_id in allowed and key is not None and (card_id not in best or key < best[card_id][0]):
                best[card_id] = (key, lang_)

        if number is not None:
            exact, ident = {number, padded_number(number)}, "".join(text.split()).casefold()
            for card_id, card in self.cards.items():
                if card.number in exact or card.ccgdb_id == ident:
                    offer(card_id, (EXACT_NUMBER, ()), "en")
                elif card.number.startswith(number):
                    offer(card_id, (NUMBER_PREFIX, ()), "en")
        elif words:
            for (card_id, lang_), name_words in self.words.items():
                offer(card_id, ranked(name_words, words), lang_)
        else:
            for card_id in allowed:
                offer(card_id, (FILTER, ()), "en")
        hits = []
        for card_id in sorted(best, key=lambda c: (best[c][0], number_key(self.cards[c].number)))[:limit]:
            (category, _), matched = best[card_id]
            card, by_lang = self.cards[card_id], self.names.get(card_id, {})
            shown = next((l for l in (lang, matched, "en") if l and l in by_lang), next(iter(by_lang), None))
            hits.append(Hit(card.number, by_lang.get(shown, card.number), card.type, _SCORES[category], shown or "en"))
        return hits


SEEDED_QUERIES = [
    # a letter, in every language: the names that start with it first, then the later places
    "j", "s", "t", "f", "w", "l", "a", "e", "p", "o", "v", "д", "с", "к", "т", "в", "е", "ё",
    # a few letters, whole words, words several names have twice
    "ju", "st", "sto", "ti", "fi", "wa", "es", "pi", "ка", "ти", "jutsu", "style", "tiger", "fire", "дзюцу", "ash",
    # several words
    "fire style", "st ti", "jutsu st", "a a", "ti ti", "wat wi", "estilo fuego", "ст ка", "t s f", "jutsu jutsu",
    # numbers, their starts, an N-CCG-DB id
    "Q-", "Q-1", "Q-0", "Q-US", "q7", "Q-7", "qz900", "QX-", "Q-US1",
    # nothing found
    "zzz", "x y",
]
SEEDED_FILTERS = [{}, {"type": "Jutsu"}, {"cost": 1}, {"type": "Ninja", "symbol": "Fire"}]


@pytest.fixture
def seeded(db_url):
    with Database(db_url) as database:
        seed_catalogue(database, random.Random(7))
        yield database


def test_search_finds_what_ranking_every_name_finds(seeded, monkeypatch):
    """What `search` leaves unread (the places of one word after its cut, the names without the
    rarest of several words) never changes its first ``limit`` results: on a seeded catalogue whose
    names share letters and words in several languages and in two games, with filters that leave
    cards out, every search equals ranking every name of every card (`Unoptimised`). The cut is
    used, and moved on, in these searches."""
    reference = Unoptimised(seeded)
    passes: list[int] = []  # rows ranked by each pass of the search over names
    rank = search_module._best_names
    monkeypatch.setattr(search_module, "_best_names", lambda rows, words: passes.append(len(rows)) or rank(rows, words))
    cut, moved = False, False
    for query in SEEDED_QUERIES:
        for chosen in SEEDED_FILTERS:
            for limit in (1, 5, 20, 1000):
                passes.clear()
                hits = search(seeded, query, limit=limit, **chosen)
                assert hits == reference.search(query, limit=limit, **chosen), (query, chosen, limit)
                words = tokens(query)
                if len(words) == 1 and number_query(query) is None and passes:
                    cut |= passes[-1] < reference.matching(words[0], reference.allowed("naruto", chosen))
                    moved |= len(passes) > 1
        assert search(seeded, query, lang="ru", limit=20) == reference.search(query, lang="ru", limit=20), query
    for query in ("", "a", "ti", "LQ-", "LQ-1", "fire style"):
        assert search(seeded, query, game="llamas", limit=5) == reference.search(query, game="llamas", limit=5)
    assert search(seeded, "", type="Mission", limit=30) == reference.search("", type="Mission", limit=30)
    assert cut and moved


def test_on_sqlite_a_search_by_words_starts_from_their_index(sqlite_loaded_url):
    """SQLite keeps no statistics, and took ``card.game = 'naruto'`` (or a type) for a narrow
    condition: it read every card of the game and looked up each one's words. The filters are
    marked as likely (`cards.search._likely`), so it starts from the index of the words."""
    with Database(sqlite_loaded_url) as db, db.engine.connect() as conn:
        statements = search_module._statements("naruto", (("type", "Ninja"), ("cost", 1)), True)
        for statement in (statements.word, statements.word_within, statements.words):
            compiled = statement.compile(dialect=conn.dialect)
            params = compiled.construct_params({"word_low": "na", "word_high": "nb", "cut": 2})
            plan = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + compiled.string,
                                        tuple(params[name] for name in compiled.positiontup)).all()
            assert plan[0].detail.startswith("SEARCH search_token USING COVERING INDEX ix_search_token_prefix"), plan
