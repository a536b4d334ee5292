"""What every window of the application shares: the settings, the database, the card names and the
cards' faces.

Settings (language, database URL, the folder of card scans, the cards named last) live in an INI file
in the user's configuration folder, so they survive a restart; tests give a file of their own. The database is opened on first use, and a
failure to open it is a `cards.db.StorageError`, which the window showing it explains in the user's
language. Card names follow the active language and fall back to English, then to the number;
a number the Naruto catalogue does not know is looked up among the Llamas Unleashed cards (the
games' numbers differ: N-/J-/M-/C- and LU-). The faces the card tiles paint (`gui.faces`) are kept
here too, by card and language, with the scans found in the folder of card images.
"""

from __future__ import annotations

import threading
from pathlib import Path

from platformdirs import user_config_dir
from PySide6.QtCore import QSettings

import localization
from referee.games import DEFAULT, GAMES

#: how many of the cards named last (`AppContext.remember`) are kept, per game
RECENT = 24


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
        #: the tiles' faces by (number, language) (see `gui.faces.face`)
        self.faces: dict[tuple[str, str], object] = {}
        self._scans: dict[str, str] | None = None
        #: held while the database is opened or a game's cards read, by the window's thread or the
        #: warm-up's (`warm_up`): whoever comes second finds them ready
        self._lock = threading.RLock()
        self.warming: threading.Thread | None = None

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

    @property
    def image_path(self) -> str | None:
        """The folder of card scans the tiles show (None: none, every card is painted)."""
        return self.settings.value("image_path", "") or None

    @image_path.setter
    def image_path(self, folder: str | None) -> None:
        self.settings.setValue("image_path", folder or "")
        self.settings.sync()
        self.faces, self._scans = {}, None

    def scans(self) -> dict[str, str]:
        """The scans in the folder of card images by N-CCG-DB id (`gui.faces.scans`), looked for once."""
        if self._scans is None:
            from .faces import scans

            self._scans = scans(self.image_path)
        return self._scans

    def recent(self, game: str) -> list[str]:
        """The cards of ``game`` named last at the table (referee mode), the last one first."""
        return [n for n in str(self.settings.value(f"recent/{game}", "")).split() if n]

    def remember(self, game: str, numbers) -> None:
        """Put ``numbers`` (just named) first among the cards of ``game`` named last."""
        kept = list(dict.fromkeys([*reversed(list(numbers)), *self.recent(game)]))[:RECENT]
        self.settings.setValue(f"recent/{game}", " ".join(kept))

    # --- the database -----------------------------------------------------------------------
    def database(self):
        """The `cards.db.Database` (imported here: SQLAlchemy and Alembic take about a second to
        import, and the start screen needs neither)."""
        with self._lock:
            if self._db is None:
                from cards.db import Database

                self._db = Database(self.database_url)
            return self._db

    def cards(self, game: str = DEFAULT):
        """Every card of ``game`` in the catalogue (a `cards.source.CatalogueSource`), read once."""
        with self._lock:
            if game not in self._cards:
                from cards.source import CatalogueSource

                self._cards[game] = CatalogueSource(self.database(), game)
            return self._cards[game]

    def warm_up(self) -> threading.Thread:
        """Open the database and read every game's cards in the background (the first run creates
        the catalogue: seconds on a slow machine), so that the window answers meanwhile and the
        first page opens at once. A failure is left for the page that needs the database to say."""
        def work() -> None:
            try:
                for game in GAMES:
                    self.cards(game)
            except Exception:  # noqa: BLE001 (the page that opens the database says why, in words)
                pass

        self.warming = threading.Thread(target=work, name="catalogue", daemon=True)
        self.warming.start()
        return self.warming

    @property
    def ready(self) -> bool:
        """Whether nothing is being prepared in the background (`warm_up`)."""
        return self.warming is None or not self.warming.is_alive()

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
        if self.warming is not None:
            self.warming.join()
        if self._db is not None:
            self._db.close()
        self._db = None
        self._cards = {}
        self._effects = {}
        self.faces = {}
