"""The catalogue and match records as SQLModel tables.

Cards are stored as the facts a printed card shows; localized names and effect descriptions live in
their own tables, one row per language (en, es, ru, fr), with a folded copy of each name for search.
Match records keep the seed, the initial position and every applied action, so a match can be
resumed after a crash or replayed step by step.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlalchemy import BigInteger, Boolean, Column, ForeignKey, Index, Integer, Text, UniqueConstraint, false, true
from sqlmodel import Field, SQLModel

from referee.games import DEFAULT

from .choices import LANGUAGES  # noqa: F401  (defined where the command line can read it cheaply)


#: where a card's effect definition comes from (``CardRecord.effect_source``): written by hand (the
#: bundled sets), read from its English text by `referee.games.naruto.reader` (an import), or none:
#: the players apply the effect with the manual toolbox
HAND, READ, MANUAL = "hand", "read", "manual"


def now() -> datetime:
    return datetime.now(timezone.utc)


class CardSet(SQLModel, table=True):
    __tablename__ = "card_set"
    __table_args__ = (UniqueConstraint("game", "code"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    game: str = Field(max_length=16)
    code: str = Field(max_length=64)
    name: str = Field(max_length=200)
    # fingerprint of the bundled data last loaded into this set ("" for imported sets): opening a
    # database reloads the bundled catalogue only when the shipped files changed (cards.bundled)
    data_hash: str = Field(default="", max_length=64)


class CardRecord(SQLModel, table=True):
    """One card's facts (N-CARD-1..4); ``effect`` is the effect definition as JSON text."""

    __tablename__ = "card"
    __table_args__ = (UniqueConstraint("game", "number"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    game: str = Field(max_length=16)
    number: str = Field(max_length=32, index=True)
    set_id: Optional[int] = Field(default=None, sa_column=Column(Integer, ForeignKey("card_set.id", ondelete="SET NULL")))
    type: str = Field(max_length=16, index=True)
    symbols: str = Field(default="", max_length=64)  # "Fire" or "Lightning/Wind"
    entrance_cost: Optional[int] = Field(default=None, index=True)
    hand_cost: Optional[int] = None
    healthy_combat: Optional[int] = None
    healthy_support: Optional[int] = None
    injured_combat: Optional[int] = None
    injured_support: Optional[int] = None
    attribute: str = Field(default="", max_length=64)
    jutsu_cost: str = Field(default="", max_length=64)
    characteristics: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    keywords: str = Field(default="", max_length=200)
    effect_kind: str = Field(default="none", max_length=32)
    requirement: str = Field(default="", max_length=100)
    target: str = Field(default="none", max_length=32)
    effect: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    # how many copies of the card a game's box holds (Llamas Unleashed: its one shared deck and the
    # babies); None where players build their own decks (Naruto)
    copies: Optional[int] = None
    # what the N-CCG-DB community catalogue says of an imported card beyond its game facts: its
    # "Card ID" (lower case, as its deck builder writes it), the number as printed, the effect's
    # title, the year, the errata note, the card scan's path, and which stats are printed as X
    ccgdb_id: Optional[str] = Field(default=None, max_length=32, index=True)
    printed: str = Field(default="", max_length=32)
    effect_title: str = Field(default="", max_length=200)
    year: Optional[int] = None
    errata: str = Field(default="", max_length=200)
    image_path: str = Field(default="", max_length=300)
    variable: str = Field(default="", max_length=100)
    # where ``effect`` comes from (HAND, READ or MANUAL; migration 0009), and whether a player or
    # organiser set the card back to manual in this database: the engine then gets no definition
    # (cards.source), whatever an import or the bundled loader writes, since neither touches it
    effect_source: str = Field(default=MANUAL, sa_column=Column(Text, nullable=False, default=MANUAL,
                                                                server_default=MANUAL))
    effect_override: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, default=False,
                                                                  server_default=false()))


class CardName(SQLModel, table=True):
    __tablename__ = "card_name"
    __table_args__ = (UniqueConstraint("card_id", "lang"), Index("ix_card_name_folded", "folded"))
    id: Optional[int] = Field(default=None, primary_key=True)
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="CASCADE"), nullable=False))
    lang: str = Field(max_length=2)
    name: str = Field(max_length=200)
    folded: str = Field(max_length=200)  # case, accents and ё folded: see cards.search.fold


class CardText(SQLModel, table=True):
    """A card's effect description in one language (our own words)."""

    __tablename__ = "card_text"
    __table_args__ = (UniqueConstraint("card_id", "lang"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="CASCADE"), nullable=False))
    lang: str = Field(max_length=2)
    text: str = Field(sa_column=Column(Text, nullable=False))


class SearchToken(SQLModel, table=True):
    """Each folded word of each localized name, for prefix search by word."""

    __tablename__ = "search_token"
    # the prefix search reads the first index alone (cards.search; migration 0008 says why)
    __table_args__ = (Index("ix_search_token_prefix", "token", "position", "card_id", "lang",
                            postgresql_ops={"token": "text_pattern_ops"}),
                      Index("ix_search_token_card_id", "card_id"))
    id: Optional[int] = Field(default=None, primary_key=True)
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="CASCADE"), nullable=False))
    lang: str = Field(max_length=2)
    position: int = 0  # the word's place in the name
    token: str = Field(max_length=100)


class Deck(SQLModel, table=True):
    __tablename__ = "deck"
    __table_args__ = (UniqueConstraint("game", "name"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    game: str = Field(default=DEFAULT, max_length=16)
    name: str = Field(max_length=200)
    format: str = Field(default="standard", max_length=16)
    bundled: bool = False
    created: datetime = Field(default_factory=now)


class DeckEntry(SQLModel, table=True):
    """A card's count in one section of a deck: ``main`` (the deck played), ``reinforcements`` or
    ``sideboard`` (kept with it; see `referee.games.naruto.decklists`)."""

    __tablename__ = "deck_entry"
    __table_args__ = (UniqueConstraint("deck_id", "card_id", "section", name="uq_deck_entry_section"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    deck_id: int = Field(sa_column=Column(Integer, ForeignKey("deck.id", ondelete="CASCADE"), nullable=False))
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False))
    count: int = 1
    section: str = Field(default="main", max_length=16)


class MatchRecord(SQLModel, table=True):
    """One match: how it was set up (seed, game, format, mode, players, decks, initial position as
    JSON) and, once finished, the winner and the rule that decided it."""

    __tablename__ = "match_record"
    # the history's pages, newest first, read from the index alone (whether a match is over too)
    __table_args__ = (Index("ix_match_record_started", "started", "finished"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    uid: str = Field(max_length=36, unique=True)  # stable across export and import
    game: str = Field(max_length=16)
    format: str = Field(max_length=16)
    mode: str = Field(max_length=16)
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    players: str = Field(sa_column=Column(Text, nullable=False))  # JSON list of names
    decks: str = Field(sa_column=Column(Text, nullable=False))  # JSON list of deck names or null
    initial: str = Field(sa_column=Column(Text, nullable=False))  # JSON initial position
    started: datetime = Field(default_factory=now)
    finished: Optional[datetime] = None
    winner: Optional[int] = None  # seat index
    reason: Optional[str] = Field(default=None, max_length=32)  # rule id
    turns: int = 0
    # who records the match now ("host:pid:token" of one window or command; None: nobody), and
    # since when: a second writer is told instead of mixing two histories (cards.records)
    writer: Optional[str] = Field(default=None, max_length=100)
    claimed: Optional[datetime] = None
    # the seats played by the computer: JSON {"1": "heuristic"} (seat index: kind of player)
    computers: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}", server_default="{}"))
    # the teacher (issue 19): whether hints were on for this match, and how many were asked
    hints_allowed: bool = Field(default=True, sa_column=Column(Boolean, nullable=False, default=True,
                                                               server_default=true()))
    hints_asked: int = Field(default=0, sa_column=Column(Integer, nullable=False, default=0, server_default="0"))
    # the expansions shuffled into the game (Llamas Unleashed), their codes separated by spaces, as the
    # initial position names them: read by lists that do not read that position
    sets: str = Field(default="", sa_column=Column(Text, nullable=False, default="", server_default=""))


class MatchSeat(SQLModel, table=True):
    """One seat of a recorded match as the statistics count it: its player, its deck's label (a deck's
    name, ``list:`` and a fingerprint of an unnamed card list, or None) and, kept in step with the
    match, whether the match is over, whether this seat won it and its turns; so the statistics read
    this small table alone, with no JSON read in SQL (cards.records.stats)."""

    __tablename__ = "match_seat"
    match_id: int = Field(sa_column=Column(Integer, ForeignKey("match_record.id", ondelete="CASCADE"),
                                           primary_key=True))
    seat: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    player: str = Field(sa_column=Column(Text, nullable=False))
    deck: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))
    finished: bool = False  # the match is over
    won: bool = False  # ... and this seat won it
    turns: int = 0  # the match's turns


class ActionRecord(SQLModel, table=True):
    """One applied action, written as it happens."""

    __tablename__ = "action_record"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(sa_column=Column(Integer, ForeignKey("match_record.id", ondelete="CASCADE"), nullable=False))
    seq: int  # 1, 2, 3... in the order applied
    notation: str = Field(max_length=300)
    actor: Optional[int] = None
    phase: str = Field(max_length=64)
    at: datetime = Field(default_factory=now)
