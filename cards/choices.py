"""The catalogue's fixed vocabularies, as pure data: the languages it keeps card names in, each
game's search filters with the values they take, and the formats a deck list is written in.

They live here, apart from the tables and queries that use them (`cards.models`, `cards.search`,
`cards.decks`, which import them from here), because the command line offers them as choices and
lists them in its help: building `referee`'s parsers imports this module and no database layer
(SQLModel, SQLAlchemy, Alembic), which would cost every command, ``referee --help`` included, half
a second at start-up (see bench/startup.py). Keep it free of them.
"""

from __future__ import annotations

from referee.games import with_decks

from .games import catalogues

#: the languages of the localized names and effect descriptions, English first
LANGUAGES = ("en", "es", "ru", "fr")

#: each game's search filters, by the name `cards.search.search` takes them under, with the values
#: each takes as the catalogue spells them (None: a whole number): each game's catalogue part
#: (`cards.games`) says them; `cards.search.FILTERS` adds the condition each puts on a card's row
FILTER_VALUES: dict[str, dict[str, tuple[str, ...] | None]] = {
    game: {name: spec.values for name, spec in part.filters.items()} for game, part in catalogues().items()
}

#: the formats a deck is written in: ours, the deck builder's text, Tabletop Simulator's JSON
EXPORT_FORMATS = tuple(with_decks().part("decks").writers)
