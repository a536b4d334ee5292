"""The lessons (issue 19) in the application: listed per game from the start screen, played on the
game's match page with the lesson's goal and explanation above the board, the goal reached
remembered (the list ticks it), a missed goal tried again, the next lesson one click away; a
lesson is not recorded in the match history."""

from __future__ import annotations

from cards.records import list_matches
from localization import current
from gui.lessons import MESSAGES as LESSONS, LessonsPage, done, open_lesson
from gui.match.teacher import MESSAGES as TEACHER
from referee.engine.action import Action
from referee.engine.lessons import lessons


def open_lessons(window) -> LessonsPage:
    page = window.start.open("lessons")
    assert isinstance(page, LessonsPage)
    return page


def test_a_lesson_played_to_its_goal_is_remembered_and_leads_to_the_next(window, qtbot):
    page = open_lessons(window)
    first = lessons("naruto")[0]
    shown = page.lists["naruto"]
    assert shown.count() == 12 and shown.item(0).text().startswith("1. ")
    shown.setCurrentRow(0)
    page.button.click()
    lesson_page = window.page
    panel = lesson_page.lesson
    assert panel.goal.text() and 'href="N-DEPLOY-4"' in panel.text.text()
    assert panel.state.text() == LESSONS("playing") and not panel.next.isVisible()
    for action in first.solution:
        assert lesson_page.adapter.apply(action)
    assert panel.state.text() == LESSONS("reached")
    assert "naruto:01-first-deployment" in done(window.context)
    assert list_matches(window.context.database()) == []  # a lesson is no match of the history
    panel.next.click()
    assert window.page.lesson.lesson == lessons("naruto")[1]
    window.back()
    tr = current()
    assert window.page is page and page.lists["naruto"].item(0).text() == LESSONS(
        "item_done", n=1, title=tr.lesson("naruto:01-first-deployment", "title"),
        goal=tr.lesson("naruto:01-first-deployment", "goal"))


def test_a_missed_lesson_is_tried_again(window, qtbot):
    page = open_lessons(window)
    first = lessons("naruto")[0]
    page.start("naruto", page.lists["naruto"].item(0))
    played = window.page
    for action in first.wrong:
        played.adapter.apply(action)
    qtbot.waitUntil(lambda: played.lesson.played.missed(), timeout=5000)
    assert played.lesson.state.text() == LESSONS("missed")
    played.lesson.again.click()
    again = window.page
    assert again is not played and again.lesson.lesson == first and again.lesson.state.text() == LESSONS("playing")


def test_a_llamas_lesson_opens_on_the_llamas_page(window):
    page = open_lessons(window)
    page.tabs.setCurrentIndex(1)
    page.lists["llamas"].setCurrentRow(0)
    page.button.click()
    assert window.page.lesson.lesson == lessons("llamas")[0]
    assert window.page.match.rules.game == "llamas"


def test_a_lessons_hint_is_its_own_next_step_until_the_learner_leaves_its_path(window, qtbot):
    lesson = lessons("naruto")[1]  # paying a hand cost: deploy N-023 paying with N-002
    page = open_lesson(window, lesson)
    page.teacher.ask()
    step = Action.parse(lesson.solution[0])
    assert page.teacher.text.text() == TEACHER("hint_text", action=page.options.say(step),
                                               reason=TEACHER("lesson_step"))
    assert page.adapter.apply("deploy N-002")  # off the lesson's path: the computer player's hint now
    qtbot.waitUntil(page.teacher.button.isEnabled, timeout=5000)  # the computer answers in the window
    page.teacher.ask()
    assert page.teacher.text.text() and TEACHER("lesson_step") not in page.teacher.text.text()
