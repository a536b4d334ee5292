"""The match log in each language: every event the engine emits has a sentence with the parameters
it is given, and `Translator.event` renders it with players' and cards' names, never raising."""

from __future__ import annotations

import random
import re

import pytest

from localization import LANGUAGES, _sources, placeholders, translator
from referee.engine.playout import play_random
from referee.games.naruto import decks
from referee.games.naruto.cards import bundled
from referee.games.naruto.rules import new_match

CYRILLIC = re.compile(r"[а-яё]", re.I)


def played_log(games: int = 3, fmt: str = "standard") -> list:
    """The match log of a few whole seeded random games (as `referee selfplay` plays them)."""
    cards, log = bundled(), []
    for game in range(games):
        rng = random.Random(7 * 1_000_003 + game)
        deck_a, deck_b = (decks.random_deck(cards, fmt, rng) for _ in range(2))
        match = new_match([deck_a, deck_b], fmt=fmt, seed=rng.randrange(2**32))
        play_random(match, rng)
        log += match.log
    return log


@pytest.fixture(scope="module")
def log():
    return played_log() + played_log(1, "french")


def test_every_emitted_event_has_a_sentence_with_the_parameters_it_gets(log):
    templates = _sources().terms["event"]
    keys = {e.key for e in log}
    assert {"game_started", "turn_started", "deployed", "showdown", "game_over"} <= keys
    assert keys <= set(templates), keys - set(templates)
    for e in log:
        assert placeholders(templates[e.key]) <= set(e.params), (e.key, e.params)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_emitted_event_renders_in_each_language(log, lang):
    tr = translator(lang)
    fallback = tr.event("no_such_event", {}).replace("no_such_event", "")
    names, templates = {0: "Ann", 1: "Bob"}, _sources().terms["event"]
    for e in log:
        text = tr.event(e.key, e.params, player_name=names.get, card_name=lambda n: f"<{n}>")
        assert text and "{" not in text and "}" not in text, (e.key, text)
        assert text.replace(e.key, "") != fallback, (e.key, e.params)
        for seat in ("player", "first", "attacker", "winner"):
            if isinstance(e.params.get(seat), int) and seat in placeholders(templates[e.key]):
                assert names[e.params[seat]] in text
        if isinstance(e.params.get("card"), str) and "card" in placeholders(templates[e.key]):
            assert f"<{e.params['card']}>" in text
    if lang == "ru":
        assert CYRILLIC.search(tr.event("turn_started", {"turn": 2, "attacker": 1}))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_players_are_numbered_by_default_and_steps_and_results_are_named(lang):
    tr = translator(lang)
    text = tr.event("turn_started", {"turn": 3, "attacker": 1})
    assert tr.player(1) in text and "3" in text
    assert tr.player(0) != tr.player(1)
    done = tr.event("step_done", {"step": "battle_showdown", "next": "battle_return", "trigger": "showdown"})
    assert tr.term("step", "battle_showdown") in done and "battle_showdown" not in done
    flip = tr.event("coin_flip", {"result": "heads"})
    assert tr.term("outcome", "heads") in flip
    team = tr.event("team_formed", {"player": 0, "cards": ["N-001", "N-002"], "team": 2}, card_name=str.lower)
    assert tr.player(0) in team and "2" in team
    if lang == "en":
        assert text == "Turn 3 begins; Player 2 attacks."
    if lang == "ru":
        assert tr.player(0) == "Игрок 1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unknown_event_or_missing_parameters_give_a_neutral_sentence(lang):
    tr = translator(lang)
    unknown = tr.event("meteor_strike", {"player": 0})
    assert "meteor_strike" in unknown and "{" not in unknown
    assert "deployed" in tr.event("deployed", {"player": 0})  # no card: the same neutral sentence
    assert tr.event("showdown", {"player": 0, "lead": "N-001", "power": 5, "against": None,
                                 "against_power": 0, "result": "victory"}).count("—") == 1


def test_every_event_the_engine_can_emit_has_a_sentence():
    """Also those a few random games do not reach (referee mode's ``named``...)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "referee" / "games" / "naruto"
    source = "\n".join(p.read_text(encoding="utf-8") for p in root.glob("*.py"))
    emitted = set(re.findall(r'emit\(\s*"(\w+)"', source))
    emitted |= {k for pair in re.findall(r'emit\(\s*"(\w+)" if .*? else "(\w+)"', source) for k in pair}
    assert len(emitted) > 30
    assert emitted <= set(_sources().terms["event"]), emitted - set(_sources().terms["event"])
