"""Searching the catalogue (cards.search): folding, numbers, names in every language, word
prefixes, ranking, filters, and hostile input that must stay plain text. On SQLite and PostgreSQL,
over the bundled Set 1 plus a few cards of our own."""

from __future__ import annotations

import pytest
from sqlalchemy import func, inspect
from sqlmodel import select

from cards.db import Database
from cards.models import CardName, CardRecord, SearchToken
from cards.search import SearchError, _prefix, fold, index_card, search, tokens

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
