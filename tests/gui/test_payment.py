"""Paying a cost by clicking cards: an option is shown once without its payment, and when the cost
may be paid in several ways its picker shows the cards that may pay, says whether the cards chosen
pay (with the rule when they do not), and applies exactly the payment chosen; with the mouse or with
the keyboard alone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gui.i18n import language
from gui.match.payment import MESSAGES as PAYMENT, PayTile
from referee.engine.action import Action
from referee.games.naruto.scenario import scenario
from tests.gui.test_match_page import DECK, button, jutsu_exchange, open_page


def picked(page) -> list[str]:
    """The cards chosen in the open payment picker, in order."""
    return [tile.number for tile in page.options.payment.tiles if tile.chosen]


def choose(qtbot, page, numbers: list[str]) -> None:
    """Click the tiles so that exactly the first tiles of ``numbers`` are chosen."""
    payment = page.options.payment
    qtbot.waitUntil(payment.isVisible)
    wanted = list(numbers)
    for tile in payment.tiles:
        keep = tile.number in wanted
        if keep:
            wanted.remove(tile.number)
        if tile.chosen != keep:
            qtbot.mouseClick(tile, Qt.MouseButton.LeftButton)
    assert not wanted


def test_a_jutsu_with_several_payments_is_one_option_whose_picker_shows_the_cards_that_may_pay(window, qtbot):
    match = jutsu_exchange()
    page = open_page(window, match)
    names = [b.objectName() for b in page.options.buttons]
    assert names.count("jutsu J-030 by N-011") == 1 and not any(" pay " in name for name in names)
    option = button(page, "jutsu J-030 by N-011")
    # it says the payment the referee proposes; the picker lets the player pay otherwise
    assert "Lightning Blade" in option.text() and "paying with" in option.text()
    option.click()
    payment = page.options.payment
    assert payment is not None and not match.history[5:]
    qtbot.waitUntil(payment.isVisible)
    chakra = [match.state.instances[i] for i in match.state.players[0].chakra]
    assert [tile.number for tile in payment.tiles] == chakra == ["M-006", "M-009", "J-002", "N-009"]
    assert all(isinstance(tile, PayTile) and tile.accessibleName().endswith(tile.face.name) for tile in payment.tiles)
    assert picked(page) == ["M-006", "M-009"]  # the listed payment, ready to confirm
    assert payment.confirm.isEnabled() and payment.verdict.text() == PAYMENT("pays", action=page.options.say(
        Action.parse("jutsu J-030 by N-011 pay M-006 M-009")))
    assert page.options.numbered() == []  # the number keys choose cards while a payment is open
    assert payment.confirm in page.options.buttons


def test_cards_that_do_not_pay_keep_confirm_disabled_with_the_rule_and_a_legal_choice_applies_exactly_it(window, qtbot):
    match = jutsu_exchange()
    page = open_page(window, match)
    button(page, "jutsu J-030 by N-011").click()
    payment = page.options.payment
    choose(qtbot, page, ["J-002", "N-009"])  # Lightning Blade costs a Fire card and one more: neither is Fire
    assert picked(page) == ["J-002", "N-009"]
    assert not payment.confirm.isEnabled()
    assert '<a href="N-JUTSU-3">N-JUTSU-3</a>' in payment.verdict.text()
    assert "Cross-Shaped Shuriken" in payment.chosen_line.text() and "Mizuki" in payment.chosen_line.text()
    choose(qtbot, page, ["M-009"])  # one card of two
    assert not payment.confirm.isEnabled() and "N-JUTSU-3" in payment.verdict.text()
    choose(qtbot, page, ["M-009", "N-009"])
    assert payment.confirm.isEnabled() and "N-JUTSU-3" not in payment.verdict.text()
    before = len(match.history)
    payment.confirm.click()
    assert [str(a) for a in match.history[before:]] == ["jutsu J-030 by N-011 pay M-009 N-009"]
    assert page.options.payment is None
    assert sorted(match.state.instances[i] for i in match.state.players[0].chakra) == ["J-002", "M-006"]


def test_the_rule_of_a_refused_payment_opens_the_rules_reference(window, qtbot):
    from gui.rules_browser import RulesBrowser

    page = open_page(window, jutsu_exchange())
    button(page, "jutsu J-030 by N-011").click()
    choose(qtbot, page, ["N-009"])
    page.options.payment.verdict.linkActivated.emit("N-JUTSU-3")
    assert isinstance(window.page, RulesBrowser) and window.page.current_rule == "N-JUTSU-3"


def test_the_keyboard_alone_opens_chooses_confirms_and_cancels(window, qtbot):
    match = jutsu_exchange()
    page = open_page(window, match)
    numbered = page.options.numbered()
    n = next(k for k, b in enumerate(numbered, 1) if b.objectName() == "jutsu J-030 by N-011")
    qtbot.keyClick(page, getattr(Qt.Key, f"Key_{n}"))
    payment = page.options.payment
    assert payment is not None and window.focusWidget() is payment.confirm  # Return would pay as listed
    assert [tile.key for tile in payment.tiles] == [1, 2, 3, 4]
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Escape)
    assert page.options.payment is None and len(match.history) == 5
    assert window.focusWidget().objectName() == "jutsu J-030 by N-011"  # back on the option
    qtbot.keyClick(page, getattr(Qt.Key, f"Key_{n}"))
    qtbot.keyClick(page, Qt.Key.Key_1)  # M-006 put back
    qtbot.keyClick(page, Qt.Key.Key_4)  # N-009 chosen
    assert picked(page) == ["M-009", "N-009"]
    tile = page.options.payment.tiles[2]
    tile.setFocus()
    qtbot.keyClick(tile, Qt.Key.Key_Space)  # Space chooses the card with the focus: it does not pass
    assert picked(page) == ["M-009", "J-002", "N-009"] and len(match.history) == 5
    assert not page.options.payment.confirm.isEnabled()
    qtbot.keyClick(tile, Qt.Key.Key_Return)  # refused: Return does nothing
    assert len(match.history) == 5
    qtbot.keyClick(tile, Qt.Key.Key_Space)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Return)
    assert str(match.history[-1]) == "jutsu J-030 by N-011 pay M-009 N-009"
    assert page.options.payment is None and page.options.numbered()


def test_an_x_cost_takes_the_x_of_the_number_of_cards_paid(window, qtbot):
    m = scenario(
        phase="battle_attack", turn=5,
        p1={"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]], "deck": ["N-010"] * 5,
            "hand": ["J-005"], "chakra": ["N-019", "N-020", "M-024"]},
        p2={"village": ["N-018", "N-016"], "teams": [["N-018", "N-016"]], "deck": ["N-003"] * 5})
    for notation in ("send T1 lead N-011", "next", "block T1 on N-011 lead N-018", "next"):
        m.apply(notation)
    page = open_page(window, m)
    assert [b.objectName() for b in page.options.buttons if b.objectName().startswith("jutsu")] == \
        ["jutsu J-005 by N-011", "jutsu J-005 by N-001"]
    button(page, "jutsu J-005 by N-011").click()
    assert picked(page) == ["N-019"]  # X = 0, as listed first
    choose(qtbot, page, ["N-019", "M-024"])
    assert "X = 1" in page.options.payment.verdict.text()
    page.options.payment.confirm.click()
    assert str(m.history[-1]) == "jutsu J-005 by N-011 pay N-019 M-024 x 1"


def deploying(hand: list[str]):
    return scenario(phase="mission_main", turn=5, counters=(5, 5), p1={"hand": hand, "deck": DECK},
                    p2={"deck": DECK})


def test_a_hand_cost_is_paid_with_other_hand_cards_and_a_single_way_applies_at_once(window, qtbot):
    match = deploying(["N-023", "N-023", "N-020", "N-003"])
    page = open_page(window, match)
    button(page, "deploy N-023").click()
    payment = page.options.payment
    # the Ninja deployed does not pay for itself; its second copy may
    assert [tile.number for tile in payment.tiles] == ["N-023", "N-020", "N-003"]
    choose(qtbot, page, ["N-003"])  # a Wind card for a Fire Ninja
    assert not payment.confirm.isEnabled() and "N-DEPLOY-5" in payment.verdict.text()
    choose(qtbot, page, ["N-020"])
    payment.confirm.click()
    assert str(match.history[-1]) == "deploy N-023 pay N-020"

    match = deploying(["N-023", "N-020", "N-003"])  # only Sasuke shares Kakashi's symbol
    page = open_page(window, match)
    button(page, "deploy N-023").click()
    assert page.options.payment is None and str(match.history[-1]) == "deploy N-023 pay N-020"


def test_a_language_switch_keeps_the_cards_chosen(window, qtbot):
    page = open_page(window, jutsu_exchange())
    button(page, "jutsu J-030 by N-011").click()
    choose(qtbot, page, ["M-009", "N-009"])
    language().set("fr")
    payment = page.options.payment
    assert payment is not None and picked(page) == ["M-009", "N-009"]
    assert payment.confirm.text() == PAYMENT("confirm") != "Confirm the payment"
