"""The teacher beside the options (issue 19): a hint asked with its button or the H key names the
computer player's action with its reason and puts the keyboard on that option; the Showdown the
option in view would produce is shown before it is taken; no hint in referee mode or with hints
switched off; Llamas Unleashed has hints and nothing to foresee."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from gui.match.teacher import MESSAGES as TEACHER
from referee.games.llamas.scenario import scenario as llamas_scenario
from referee.games.naruto.scenario import scenario

from test_match_page import button, open_page

FILLER = ["LU-005"] * 20


def battle(**extra):
    return scenario(phase="battle_attack", turn=3, p1={"village": ["N-011"]}, p2={"village": ["N-009", "N-010"]},
                    **extra)


def test_a_hint_names_the_action_and_its_reason_and_focuses_its_option(window, qtbot):
    page = open_page(window, battle())
    assert page.teacher.button.isEnabled() and page.teacher.text.text() == ""
    qtbot.keyClick(page, Qt.Key.Key_H)
    text = page.teacher.text.text()
    assert page.options.say(page.match.legal_actions()[0]) in text
    assert TEACHER("send_wins", power=5, against=page.card_name("N-010"), margin=1) in text
    assert page.teacher.asked == 1
    assert button(page, "send T1").hasFocus()
    assert page.match.history == []  # a hint changes nothing


def test_the_showdown_of_the_option_in_view_is_foreseen(window):
    page = open_page(window, battle())
    send = button(page, "send T1")
    QApplication.sendEvent(send, QEvent(QEvent.Type.Enter))
    lines = page.teacher.foreseen.text().splitlines()
    assert page.teacher.foreseen.isVisible() and len(lines) == 3  # not blocked, and each of the two blocks
    assert lines[0].startswith(TEACHER("unblocked", power=5, rewards="", rule="N-SHOW-3").split(":")[0])
    assert any(page.card_name("N-009") in line and "N-SHOW-4" in line for line in lines[1:])
    QApplication.sendEvent(send, QEvent(QEvent.Type.Leave))
    assert page.teacher.foreseen.text() == TEACHER("before_none")


def test_no_hint_in_referee_mode_or_when_hints_are_off(window):
    page = open_page(window, battle(mode="referee"))
    assert not page.teacher.button.isEnabled()
    assert TEACHER("no_hint_mode") in page.teacher.button.toolTip()
    page = open_page(window, battle())
    page.teacher.enabled.setChecked(False)
    assert not page.teacher.button.isEnabled()
    page.teacher.ask()
    assert page.teacher.asked == 0 and page.teacher.text.text() == ""


def test_llamas_hints_and_nothing_to_foresee(window):
    match = llamas_scenario(players=2, hands=[["LU-005", "LU-006"], []], fields=[["LU-007"], []], deck=FILLER)
    page = open_page(window, match)
    assert not page.teacher.foreseen.isVisible() and not page.teacher.before.isVisible()
    page.teacher.button.click()
    assert page.teacher.asked == 1 and page.teacher.text.text()


def test_the_replay_reviews_a_finished_match_and_leads_to_each_turning_point(window, context):
    import random

    from cards.records import Recorder, release
    from gui.replay import MESSAGES as REPLAY, ReplayPage
    from referee.engine.playout import play_random
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match

    rng = random.Random(7)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    match = new_match(decks, seed=7, names=["Ann", "Bob"])
    play_random(match, rng, max_actions=400)
    uid = Recorder(context.database()).record(match)
    release(match)
    page = window.open(ReplayPage(window, uid))
    assert page.review_button.isEnabled() and not page.points.isVisible()
    page.review_button.click()
    assert page.points.isVisible() and page.points.count() == 5
    for row, point in enumerate(page.turning):
        line, hint = page.points.item(row).text().split("\n")
        assert line.startswith(REPLAY("point", seq=point.index + 1, player=page.player_name(point.seat), action="",
                                      before=point.before, after=point.after).split(":")[0])
        if point.followed:
            assert hint == REPLAY("point_followed")
        else:  # the hint, then the standing it would have left
            prefix, suffix = REPLAY("point_hint", hint="\0", hinted=point.hinted).split("\0")
            assert hint.startswith(prefix) and hint.endswith(suffix) and f"{point.hinted:+.1f}" in suffix
    assert any(not p.followed for p in page.turning)
    first = page.points.item(0)
    page.points.itemActivated.emit(first)
    assert page.step == page.turning[0].index


def test_the_hints_asked_and_switched_off_are_kept_with_the_match_and_come_back_with_it(window, context):
    from cards.records import export_match, get_match

    page = window.open_match(battle(), players=["Ann", "Bob"])
    uid = page.adapter.uid
    page.teacher.ask()
    page.teacher.ask()
    assert get_match(context.database(), uid).hints_asked == 2
    page.teacher.enabled.setChecked(False)
    info = get_match(context.database(), uid)
    assert (info.hints_allowed, info.hints_asked) == (False, 2)
    assert export_match(context.database(), uid)["hints"] == {"allowed": False, "asked": 2}
    window.back()
    again = window.resume_match(uid)
    assert again.teacher.asked == 2 and not again.teacher.enabled.isChecked() and not again.teacher.button.isEnabled()


def test_a_hint_shown_is_worded_anew_in_the_language_chosen(window):
    from gui.i18n import language

    page = open_page(window, battle())
    page.teacher.ask()
    english = page.teacher.text.text()
    language().set("fr")
    try:
        assert page.teacher.text.text() not in ("", english)
        assert page.options.say(page.match.legal_actions()[0]) in page.teacher.text.text()
    finally:
        language().set("en")
    assert page.teacher.text.text() == english
