"""Lessons (issue 19): every lesson of every game starts, can be completed by a scripted learner
playing its solution, and is missed by its wrong answer; goals read the match's own log. Each game has
twelve lessons, and each lesson its English words in localization/sources/lessons.toml, citing rules
that exist."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from referee.engine.errors import IllegalAction
from referee.engine.lessons import LessonMatch, lessons
from referee.games import GAMES

def try_action(played: LessonMatch, action: str) -> IllegalAction | None:
    """The learner's action, or the refusal it met (the match unchanged)."""
    try:
        played.act(action)
    except IllegalAction as refusal:
        return refusal
    return None


ALL = [lesson for game in GAMES for lesson in lessons(game)]


@pytest.mark.parametrize("lesson", ALL, ids=[f"{l.game}:{l.id}" for l in ALL])
def test_a_scripted_learner_completes_the_lesson(lesson):
    played = lesson.match()
    assert not played.done() and not played.missed() and played.match.actor == lesson.seat
    for action in lesson.solution:
        assert not played.done(), f"reached before {action}"
        assert try_action(played, action) is None, action
    assert played.done() and not played.missed()


@pytest.mark.parametrize("lesson", ALL, ids=[f"{l.game}:{l.id}" for l in ALL])
def test_a_wrong_answer_misses_the_lesson(lesson):
    played = lesson.match()
    for action in lesson.wrong:
        if played.missed():
            break
        try_action(played, action)
    assert played.missed() and not played.done()


# --- the lessons' texts (localization/sources/lessons.toml) ----------------------------------------

SOURCES = Path(__file__).resolve().parents[2] / "localization" / "sources"
#: a parenthesis citing rule ids, such as "(N-DEPLOY-4)" or "(N-ORG-1, N-ORG-3)"
CITATION = re.compile(r"\(([A-Z]+(?:-[A-Z0-9]+)+(?:, [A-Z]+(?:-[A-Z0-9]+)+)*)\)")


def _toml(name: str) -> dict:
    return tomllib.loads((SOURCES / name).read_text(encoding="utf-8"))


def cited(sentence: str) -> list[str]:
    return [rule for group in CITATION.findall(sentence) for rule in group.split(", ")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_has_twelve_lessons_in_numbered_files(game):
    ids = [lesson.id for lesson in lessons(game)]
    assert len(ids) == 12
    assert [i.split("-", 1)[0] for i in ids] == [f"{n:02d}" for n in range(1, 13)]
    assert all(re.fullmatch(r"\d\d(-[a-z0-9]+)+", i) for i in ids), ids


def test_every_lesson_has_an_english_title_goal_and_text_and_nothing_else():
    texts = _toml("lessons.toml")
    assert set(texts) == {f"{lesson.game}:{lesson.id}" for lesson in ALL}
    for key, table in texts.items():
        assert set(table) == {"title", "goal", "text"}, key
        assert isinstance(table["title"], str) and 2 <= len(table["title"].split()) <= 5, key
        assert isinstance(table["goal"], str) and table["goal"].strip().endswith("."), key
        assert isinstance(table["text"], list) and 2 <= len(table["text"]) <= 4, key
        assert all(isinstance(s, str) and s.strip() for s in table["text"]), key


@pytest.mark.parametrize("lesson", ALL, ids=[f"{l.game}:{l.id}" for l in ALL])
def test_a_lesson_cites_rules_that_exist_and_its_text_cites_them_all(lesson):
    rules = _toml("rules.toml")
    prefix = {"naruto": "N-", "llamas": "L-"}[lesson.game]
    text = _toml("lessons.toml")[f"{lesson.game}:{lesson.id}"]["text"]
    for sentence in text:
        assert cited(sentence), f"cites no rule: {sentence}"
    in_text = {rule for sentence in text for rule in cited(sentence)}
    assert len(lesson.rules) == len(set(lesson.rules))
    for rule in set(lesson.rules) | in_text:
        assert rule in rules, rule
        assert rule.startswith(prefix), rule
    assert in_text == set(lesson.rules)
