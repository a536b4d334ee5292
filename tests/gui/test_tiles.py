"""Cards drawn as cards: the tiles of both boards, the preview, the search's tiles, the naming
dialog's order, the scans of a folder of card images, and a board that never scrolls sideways."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

import localization
from gui.faces import face
from gui.games import app
from gui.i18n import language
from gui.match.naming import NamingDialog
from gui.naruto.view import naruto_view
from gui.preview import popup
from gui.tile_paint import NORMAL, SMALL, Marks, pixmap
from gui.tiles import MESSAGES as TILES
from referee.engine.action import Action
from referee.games import GAMES
from referee.games.llamas.opponent import HeuristicPlayer as LlamasHeuristic
from referee.games.llamas.rules import new_match as llamas_match
from referee.games.llamas.scenario import scenario as llamas_scenario
from referee.games.naruto.cards import Card
from referee.games.naruto.opponent import HeuristicPlayer
from referee.games.naruto.rules import new_match
from referee.games.naruto.scenario import scenario

DECK = ["N-003"] * 6
FILLER = ["LU-005"] * 20


def button(page, notation: str):
    (found,) = [b for b in page.options.buttons if b.objectName() == notation]
    return found


def battle():
    """Both teams on the battlefield: Ana's Kakashi leads Naruto, injured; Boris's Sakura blocks."""
    m = scenario(phase="battle_attack", turn=3,
                 p1={"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]], "deck": DECK},
                 p2={"village": ["N-003"], "hand": ["J-001", "N-008"], "deck": DECK})
    for a in ("send T1 lead N-011", "next", "block T1 on N-011", "next"):
        m.apply(a)
    m.state.injured.add(m.state.players[0].sent[0][1])
    m.state.coins[m.state.players[0].sent[0][0]] = {"growth": 1}
    return m


def test_a_battlefield_team_shows_its_leader_first_and_larger_and_an_injured_ninja_turned(window):
    page = window.open_match(battle(), hot_seat=True)
    page.handover_button.click()
    leader, rear = page.board.areas[0].field.tiles()
    assert (leader.accessibleName(), rear.accessibleName()) == ("N-011 Kakashi Hatake", "N-001 Naruto Uzumaki")
    assert leader.marks == Marks(coins=1, lead=True) and (leader.width(), leader.height()) == (NORMAL.width, NORMAL.height)
    assert rear.turned and (rear.width(), rear.height()) == (SMALL.height, SMALL.width)  # injured: a quarter turn
    assert "injured" in rear.accessibleDescription() and "1 coin" in leader.accessibleDescription()
    assert not leader.turned


def test_a_hidden_hand_shows_only_backs_that_name_no_card(window):
    m = battle()
    page = window.open_match(m, computer={1: HeuristicPlayer(1)})
    page._timer.stop()
    backs = page.board.areas[1].hand.tiles()
    assert len(backs) == len(m.state.players[1].hand) == 2
    assert all(t.face is None and t.accessibleName() == TILES("back") and not t.toolTip() for t in backs)
    backs[0].mousePressEvent(None)  # a back has no preview
    assert popup().tile is not backs[0]
    assert page.board.areas[1].rewards.isHidden()  # no battle rewards yet


def test_tiles_are_named_in_the_active_language_and_the_preview_says_the_effect_in_it(window):
    m = scenario(phase="mission_main", turn=2, counters=(2, 2),
                 p1={"hand": ["N-008", "M-009"], "deck": DECK}, p2={"deck": DECK})
    page = window.open_match(m)
    language().set("ru")
    tiles = page.board.areas[0].hand.tiles()
    assert [t.accessibleName() for t in tiles] == ["N-008 Ирука Умино", window.context.card_name("M-009")]
    tiles[0].mousePressEvent(None)  # a click previews at once
    preview = popup()
    assert preview.isVisible() and preview.tile is tiles[0]
    text = preview.text.text()
    assert "Если лидер его команды" in text  # the effect in Russian
    tiles[0].leaveEvent(None)
    assert not preview.isVisible()
    tiles[1].mousePressEvent(None)
    assert "N-MISSION-2" in preview.text.text()  # a Counter mission: the rule of its keyword
    tiles[1].leaveEvent(None)


def test_the_preview_says_who_applies_the_effect_and_a_card_applied_by_hand_in_russian(window):
    """The match page's preview tells a card the players apply by hand (set back to manual in this
    database) from one the referee applies, in the browser's words (`gui.browser.effect_applied`)."""
    from cards.source import set_manual

    set_manual(window.context.database(), "M-009")
    m = scenario(phase="mission_main", turn=2, counters=(2, 2),
                 p1={"hand": ["N-008", "M-009"], "deck": DECK}, p2={"deck": DECK})
    page = window.open_match(m)
    language().set("ru")
    preview = popup()
    said = []
    for tile in page.board.areas[0].hand.tiles():
        tile.mousePressEvent(None)
        said.append(preview.text.text())
        tile.leaveEvent(None)
    assert "Применение эффекта" in said[0] and "написан вручную" in said[0]  # Set 1: hand-written
    assert "применяется вручную" in said[1] and "написан вручную" not in said[1]


def test_the_board_redraws_only_the_parts_that_changed(window):
    match = scenario(phase="mission_main", turn=1, counters=(0, 0),
                     p1={"hand": ["N-003", "N-008"], "village": ["N-011"], "deck": DECK}, p2={"deck": DECK})
    page = window.open_match(match)
    area = page.board.areas[0]
    hand, village = area.hand.tiles(), area.village.tiles()
    button(page, "charge N-003").click()
    assert [t.accessibleName() for t in area.hand.tiles()] == ["N-008 Iruka Umino"]
    assert not set(area.hand.tiles()) & set(hand)
    assert village and area.village.tiles() == village  # the same tiles: nothing to lay out or paint again


def test_a_ninja_under_another_players_control_names_its_owner(window):
    """Mind Transfer Jutsu J-022 takes Sakura into the other village: its tile there says whose it is."""
    m = scenario(phase="battle_attack", turn=3,
                 p1={"village": ["N-004"], "hand": ["J-022"], "chakra": ["J-020", "N-004", "N-003"], "deck": DECK},
                 p2={"village": ["N-003", "N-018"], "teams": [["N-003", "N-018"]], "deck": DECK})
    for a in ("send T1", "next", "block T1 on N-004 lead N-003", "next",
              "jutsu J-022 by N-004 target N-003@2 pay J-020 N-004 N-003", "pass", "pass"):
        m.apply(a)
    page = window.open_match(m)
    (sakura,) = [t for t in page.board.areas[0].village.tiles() if "Sakura" in t.accessibleName()]
    assert sakura.marks.taken and m.state.players[1].name in sakura.accessibleDescription()
    assert not [t for t in page.board.areas[1].village.tiles() if "Sakura" in t.accessibleName()]


def test_the_llamas_board_draws_hands_piles_and_fields_as_tiles(window):
    m = llamas_scenario(players=2, hands=[["LU-006", "LU-007"], ["LU-048"]], fields=[["LU-003"], ["LU-001"]],
                        deck=FILLER)
    page = window.open_match(m)
    board = page.board
    assert board.hand.numbers() == ["LU-006", "LU-007"]
    assert [t.accessibleName() for t in board.areas[1].cards.tiles()] == [window.context.card_name("LU-001")]
    button(page, "play LU-006 into 1").click()
    assert board.pile.numbers() == ["LU-006"] and board.pile.isVisible()
    assert board.hand_seat == 1 and board.hand.numbers() == ["LU-048"]  # Boris may answer: his hand, not Ana's


def test_eight_llamas_fields_show_their_cards_as_strips_and_fit_without_sideways_scrolling(window, qtbot):
    window.resize(1280, 720)
    match = llamas_match(8, seed=2, names=tuple("ABCDEFGH"))
    players = {k: LlamasHeuristic(k) for k in range(8)}
    while match.state.turn < 9:
        match.apply(players[match.actor].choose(match))
    page = window.open_match(match, computer={k: players[k] for k in range(1, 8)})
    page.delay_ms = 60_000
    language().set("ru")
    qtbot.wait(50)
    area = page.board.areas[0]
    assert area.cards.tiles() and all(t.height() == 22 for t in area.cards.tiles())
    scroll = page.board.parentWidget().parentWidget()
    assert not scroll.horizontalScrollBar().isVisible()


def test_a_naruto_board_in_russian_fits_its_width_at_1280_by_720(window, qtbot):
    window.resize(1280, 720)
    page = app("naruto").showcases["match"](window)
    language().set("ru")
    qtbot.wait(50)
    scroll = page.board.parentWidget().parentWidget()
    assert not scroll.horizontalScrollBar().isVisible()
    assert page.board.width() <= scroll.viewport().width()


def test_the_search_shows_tiles_and_the_naming_dialog_lists_the_cards_named_last_first(window, qtbot):
    context = window.context
    match = new_match([None, None], mode="referee", seed=1, cards=context.cards(), names=("Ana", "Boris"),
                      deck_sizes=(40, 40))
    context.remember("naruto", ["N-025"])
    context.remember("naruto", ["N-001"])
    assert context.recent("naruto")[:2] == ["N-001", "N-025"]
    dialog = NamingDialog(context, match, Action.parse("deploy ?"), lambda action: False, naruto_view())
    qtbot.addWidget(dialog)
    search = dialog.search
    assert [n for n, _ in search.model.rows] == context.recent("naruto")  # nothing typed: the cards named last
    search.edit.setText("Naruto")
    search.search_now()
    numbers = [n for n, _ in search.model.rows]
    assert numbers[:2] == ["N-001", "N-025"] and len(numbers) > 2  # named last first, then the other Narutos
    assert "Naruto Uzumaki" in search.model.data(search.model.index(2), Qt.ItemDataRole.AccessibleTextRole)
    assert dialog.card.face is not None and dialog.card.face.number == search.current_number()


def test_a_folder_of_scans_chosen_in_the_settings_shows_a_card_by_its_ccgdb_id(window, tmp_path):
    from gui.settings import MESSAGES as SETTINGS, SettingsPage

    context = window.context
    scan = QImage(60, 84, QImage.Format.Format_RGB32)
    scan.fill(QColor("#00ff00"))
    (tmp_path / "sets").mkdir()
    assert scan.save(str(tmp_path / "sets" / "n008.png"))
    assert face(context, "N-008").image == ""
    settings = window.open(SettingsPage(window))
    settings.images_edit.setText(str(tmp_path))
    settings.images_edit.editingFinished.emit()
    assert context.image_path == str(tmp_path) and settings.scans.text() == SETTINGS("scans", n=1)
    shown = face(context, "N-008")
    assert shown.image.endswith("n008.png") and face(context, "N-011").image == ""
    middle = pixmap(shown, NORMAL).toImage().pixelColor(NORMAL.width // 2, NORMAL.height // 2)
    assert middle.green() > 200 and middle.red() < 60  # the scan, not the painted card
    settings.set_image_path("")
    assert context.image_path is None and face(context, "N-008").image == "" and not settings.scans.text()


def test_every_rule_a_tile_cites_exists(context):
    rules = set(localization.rule_ids())
    for game in GAMES:
        for card in context.cards(game):
            assert set(app(game).look(card, game).rules) <= rules, card.number
    permanent = Card(number="M-999", name="Test", type="Mission", symbols=("Fire",), keywords=("Permanent (2)",))
    growth = Card(number="N-999", name="Test", type="Ninja", symbols=("Fire",), keywords=("Growth", "Ambush"))
    assert app("naruto").look(permanent, "naruto").rules == ("N-KEY-PERM-1", "N-KEY-PERM-2")
    assert app("naruto").look(growth, "naruto").rules == ("N-KEY-GROW-1", "N-KEY-GROW-2", "N-KEY-GROW-3",
                                                          "N-DEPLOY-2")
    assert set(app("naruto").look(growth, "naruto").rules) <= rules


def test_the_browser_shows_the_selected_cards_tile(window):
    from gui.browser import CardBrowser

    page = window.open(CardBrowser(window))
    page.edit.setText("N-008")
    page.search_now()
    assert page.picture.accessibleName() == "N-008 Iruka Umino" and page.picture.pixmap() is not None
    assert "N-008" in page.detail.toPlainText()
