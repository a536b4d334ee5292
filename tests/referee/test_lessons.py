"""Lessons (issue 19): every lesson of every game starts, can be completed by a scripted learner
playing its solution, and is missed by its wrong answer; goals read the match's own log."""

from __future__ import annotations

import pytest

from referee.engine.lessons import lessons, try_action
from referee.games import GAMES

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
