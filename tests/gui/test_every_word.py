"""Every word localised: every page of the application, a match of each game in the middle of a
chain among them, read in Russian and in French, says nothing in English (the names of the games
and card numbers aside). A string left untranslated, a tooltip in engine notation, a card word
printed as in the English catalogue: each shows here as the English word it leaves on screen."""

from __future__ import annotations

import re

import pytest

from cards.games import catalogue
from gui.replay import ReplayPage
from gui.games import app as game_app
from gui.i18n import language
from localization import LANGUAGES
from referee.games import GAMES
from tests.gui.texts import screen_texts

#: English words no Russian or French text holds (French shares many words with English: these are
#: not among them)
ENGLISH = frozenset("""
the and with your you card cards player players turn hand choose chooses none yes paying against led
into field hidden from step draws draw discard discards team teams show shows looks goes starts deploy
play plays pass leader support combat chain link settles effect effects cost rule rules
click tick ticked confirm search name named number back next undo redo new match history settings
""".split()) - {"combat", "support"}  # French words too (Combat, Support: the French edition's)
#: Latin-script words a Russian screen may show: the games' names, key names, file kinds, each
#: language's own name in the language chooser
LATIN_IN_RUSSIAN = frozenset({"Naruto", "CCG", "Llamas", "Unleashed", "Alt", "Ctrl", "Shift", "Enter", "Home", "End",
                              "PNG", "CSV", "JSON",
                              "SQLite", "PostgreSQL", "SQLAlchemy", "URL", "Tabletop", "Simulator", "English",
                              "Español", "Français"})
#: what every language writes alike: card numbers and rule ids, paths and addresses
_IDS = re.compile(r"\b(?:[A-Z]{1,3}-)+[A-Z0-9]+(?:-\d+)?(?:@\d+)?\b|\b[A-Z]{4,}\b|\S*[/\\]\S*|\b\w+\.\w{2,4}\b")
#: a word in the Latin script, accented letters included
_LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ']+")


def english_words(text: str, lang: str, names: set[str]) -> set[str]:
    """The English words of ``text``, card and player names (``names``, in any language) aside."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = _IDS.sub(" ", text)
    words = set(_LATIN.findall(text))
    found = {w for w in words if w.lower() in ENGLISH}
    if lang == "ru":
        found |= {w for w in words if len(w) > 2 and w not in LATIN_IN_RUSSIAN}
    return found


PAGES = ("new_match", "browser", "decks", "history", "lessons", "rules", "settings")


def card_names(context) -> set[str]:
    """Every card's name in every language (proper names, and the browser shows a card's names in
    each language) and every set's title (a product's name)."""
    out = {catalogue(game).bundled.name for game in GAMES}
    for game in GAMES:
        cards = context.cards(game)
        for card in cards:
            out |= {n for lang in LANGUAGES if (n := cards.name(card.number, lang))}
    return out


@pytest.mark.parametrize("lang", ["ru", "fr"])
def test_every_page_and_a_match_of_each_game_say_nothing_in_english(window, context, lang):
    window.resize(1280, 720)
    names = card_names(context)
    language().set(lang)
    seen: dict[str, set[str]] = {}
    seen["start"] = english_words(screen_texts(window), lang, names)
    for key in PAGES:
        page = window.start.open(key)
        seen[key] = english_words(screen_texts(page), lang, names)
        window.home()
    for name, showcase in [item for g in GAMES for item in game_app(g).showcases.items()]:
        page = showcase(window)
        if not isinstance(page, ReplayPage):  # a match page's computer players wait
            page._timer.stop()
        language().set("en")
        language().set(lang)  # everything drawn anew in the language
        match = page.replay.match if isinstance(page, ReplayPage) else page.match
        players = {page.player_name(k) for k in range(len(match.state.players))}  # as the screen names them
        seen[name] = english_words(screen_texts(page), lang, names | players)
        window.home()
    leaks = {k: sorted(v) for k, v in seen.items() if v}
    assert not leaks, "\n".join(f"{k}: {v}" for k, v in leaks.items())
