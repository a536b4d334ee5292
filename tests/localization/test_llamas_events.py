"""The Llamas Unleashed match log in each language: every event its engine emits has a sentence of
its own (``llamas_event``: the two games share keys with other meanings) with the parameters it
gets, rendered with players' and cards' names and the game's own names of zones and choices, with
the base game alone and with its expansion."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from localization import LANGUAGES, _sources, placeholders, translator
from referee.engine.playout import play_random
from referee.games.llamas.rules import new_match

ROOT = Path(__file__).resolve().parents[2] / "referee" / "games" / "llamas"


@pytest.fixture(scope="module")
def log():
    entries = []
    for players in (2, 4, 8):
        for seed in range(4):
            # every other game with the expansion shuffled in (its own events: a look at a hand...)
            match = new_match(players, seed=seed, expansions=("farmed-and-dangerous",) if seed % 2 else ())
            play_random(match, random.Random(seed))
            entries += match.log
    return entries


def test_every_emitted_event_has_a_sentence_with_the_parameters_it_gets(log):
    templates = _sources().terms["llamas_event"]
    keys = {e.key for e in log}
    assert {"baby_chosen", "turn_started", "played", "entered", "link_added", "game_over"} <= keys
    assert keys <= set(templates), keys - set(templates)
    for e in log:
        assert placeholders(templates[e.key]) <= set(e.params), (e.key, e.params)


def test_every_event_the_engine_can_emit_has_a_sentence():
    source = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.glob("*.py"))
    emitted = set(re.findall(r'emit\(\s*"(\w+)"', source))
    for table in ("LEAVING = ", "WORD_EVENTS = "):  # key -> event tables
        emitted |= set(re.findall(r'": "(\w+)"', source[source.index(table):].split("\n")[0]))
    emitted.add("everyone_loses")
    assert len(emitted) > 35
    assert emitted <= set(_sources().terms["llamas_event"]), emitted - set(_sources().terms["llamas_event"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_emitted_event_renders_in_each_language(log, lang):
    tr = translator(lang)
    fallback = tr.event("no_such_event", {}, game="llamas").replace("no_such_event", "")
    names = {k: f"Ann{k}" for k in range(8)}
    for e in log:
        text = tr.event(e.key, e.params, player_name=names.get, card_name=lambda n: f"<{n}>", game="llamas")
        assert text and "{" not in text and text.replace(e.key, "") != fallback, (e.key, text)
        if isinstance(e.params.get("player"), int) and "player" in placeholders(_sources().terms["llamas_event"][e.key]):
            assert names[e.params["player"]] in text
        if isinstance(e.params.get("card"), str) and "card" in placeholders(_sources().terms["llamas_event"][e.key]):
            assert f"<{e.params['card']}>" in text
    returned = tr.event("returned", {"player": 0, "card": "LU-001", "by": 1, "zone": "nursery"}, game="llamas")
    assert tr.term("llamas_zone", "nursery") in returned
    if lang == "es":  # draw is sacar in Llamas Unleashed (the Naruto log says robar)
        assert "saca" in tr.event("drew", {"player": 0, "cards": 1}, game="llamas")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chosen_player_is_named_in_the_log(lang):
    """Ceaselessly Screaming Goat LU-014: the opponent its player picks is written by name, not seat."""
    from referee.games.llamas.scenario import scenario

    m = scenario(players=3, phase="beginning_start", fields=[["LU-014"], ["LU-001"], ["LU-002"]],
                 hands=[[], ["LU-062", "LU-007"], ["LU-008"]], deck=["LU-005"] * 4)
    for player, name in zip(m.state.players, ("Ann", "Boris", "Chloé")):
        player.name = name
    m.apply("choose 3")
    (entry,) = [e for e in m.log if e.key == "chose_player"]
    assert entry.params == {"player": 0, "card": "LU-014", "to": 2}
    text = translator(lang).event(entry.key, entry.params, player_name=lambda k: m.state.players[k].name,
                                  game="llamas")
    assert "Chloé" in text and "Ann" in text and " 3" not in text
