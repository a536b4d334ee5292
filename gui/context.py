"""What every window of the application shares: the settings, the database and the card names.

Settings (language, database URL) live in an INI file in the user's configuration folder, so they
survive a restart; tests give a file of their own. The database is opened on first use, and a
failure to open it is a `cards.db.StorageError`, which the window showing it explains in the user's
language. Card names follow the active language and fall back to English, then to the number;
a number the Naruto catalogue does not know is looked up among the Llamas Unleashed cards (the
games' numbers differ: N-/J-/M-/C- and LU-).
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_config_dir
from PySide6.QtCore import QSettings

import localization
from referee.games import DEFAULT, GAMES


def default_settings_path() -> Path:
    return Path(user_config_dir("referee", appauthor=False)) / "gui.ini"


class AppContext:
    def __init__(self, settings_path: Path | None = None, database_url: str | None = None):
        self.settings = QSettings(str(settings_path or default_settings_path()), QSettings.Format.IniFormat)
        if database_url is not None:
            self.settings.setValue("database_url", database_url)
        self._db = None
        self._cards: dict[str, object] = {}
        self._effects: dict[tuple[str, str], dict[str, str]] = {}  # (game, number) -> lang -> text

    # --- settings ---------------------------------------------------------------------------
    @property
    def language(self) -> str | None:
        """The language chosen in the settings (None: the command line, the environment or the
        system locale decide)."""
        value = self.settings.value("language", "")
        return value if value in localization.LANGUAGES else None

    @language.setter
    def language(self, lang: str) -> None:
        self.settings.setValue("language", lang)
        self.settings.sync()

    @property
    def database_url(self) -> str | None:
        return self.settings.value("database_url", "") or None

    @database_url.setter
    def database_url(self, url: str | None) -> None:
        """Switch to another database: the next use opens it (the old one is closed)."""
        self.settings.setValue("database_url", url or "")
        self.settings.sync()
        self.close()

    # --- the database -----------------------------------------------------------------------
    def database(self):
        """The `cards.db.Database` (imported here: SQLAlchemy and Alembic take about a second to
        import, and the start screen needs neither)."""
        if self._db is None:
            from cards.db import Database

            self._db = Database(self.database_url)
        return self._db

    def cards(self, game: str = DEFAULT):
        """Every card of ``game`` in the catalogue (a `cards.source.CatalogueSource`), read once."""
        if game not in self._cards:
            from cards.source import CatalogueSource

            self._cards[game] = CatalogueSource(self.database(), game)
        return self._cards[game]

    def engine_cards(self, game: str):
        """The cards the engine plays ``game`` with (`cards.source.engine_cards`): the catalogue's,
        read once, for a game played with them."""
        from cards.source import engine_cards

        return self.cards(game) if GAMES[game].plays_catalogue else engine_cards(self.database(), game)

    def card_name(self, number: str) -> str:
        """``N-008 Naruto Uzumaki`` with the name in the active language."""
        lang = localization.current().lang
        name = next(filter(None, (self.cards(game).name(number, lang) for game in GAMES)), None)
        return number if name is None else f"{number} {name}"

    def card_effect(self, number: str, game: str = DEFAULT) -> str:
        """The card's effect description in the active language, else in English ("" for none);
        each card's texts are read once (the board shows them on every card it draws)."""
        key = (game, number)
        if key not in self._effects:
            from cards.source import effect_texts

            self._effects[key] = effect_texts(self.database(), number, game)
        texts = self._effects[key]
        return texts.get(localization.current().lang) or texts.get("en", "")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db = None
        self._cards = {}
        self._effects = {}
