"""The new-match page: game, format, mode, players, decks, opponent, seed and who starts; illegal
decks refused with every rule they break; the match recorded and opened on the match page."""

import pytest

from cards.decks import save_deck
from cards.records import list_matches
from gui.llamas.setup import MESSAGES as MESSAGES_LLAMAS
from gui.match.page import MatchPage
from gui.naruto.setup import PHYSICAL
from gui.new_match import MESSAGES, NewMatchPage
from localization import current
from referee.games.naruto.opponent import HeuristicPlayer, RandomPlayer


@pytest.fixture
def page(window):
    page = window.start.open("new_match")
    assert isinstance(page, NewMatchPage)
    return page


def naruto(page):
    """The Naruto CCG's panel: its seats, the deck format and who starts."""
    return page.panels["naruto"]


def llamas(page):
    """The Llamas Unleashed players' panel."""
    return page.panels["llamas"]


def choose(combo, data):
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def test_the_page_offers_the_game_formats_modes_and_the_bundled_decks(page):
    assert [page.game_combo.itemData(i) for i in range(page.game_combo.count())] == ["naruto", "llamas"]
    assert page.game_combo.itemText(0) == current().term("game", "naruto")
    assert page.game == "naruto" and not llamas(page).isVisibleTo(page)
    formats = naruto(page).format_combo
    assert [formats.itemData(i) for i in range(formats.count())] == ["standard", "french"]
    assert page.mode == "guided"
    decks = [naruto(page).seats[0].deck.itemData(i) for i in range(naruto(page).seats[0].deck.count())]
    assert {"Leaf Genin", "Mist Rogues"} <= set(decks) and PHYSICAL not in decks
    assert naruto(page).seats[0].deck_name() == "Leaf Genin" and naruto(page).seats[1].deck_name() == "Mist Rogues"
    assert [s.name.text() for s in naruto(page).seats] == [MESSAGES("player", n=1), MESSAGES("player", n=2)]
    assert page.seed_edit.text().isdigit()
    for seat in naruto(page).seats:
        assert seat.legality.text() == MESSAGES("legal", format="standard")


def test_a_guided_match_with_the_bundled_decks_is_recorded_and_opened(page, window, context):
    naruto(page).seats[0].name.setText("Ann")
    naruto(page).seats[1].name.setText("Bob")
    page.seed_edit.setText("1234")
    page.start_button.click()
    match_page = window.page
    assert isinstance(match_page, MatchPage)
    match = match_page.match
    assert [p.name for p in match.state.players] == ["Ann", "Bob"]
    assert match.state.format == "standard" and match.state.mode == "guided"
    assert match.phase == "setup_first"  # recorded at the table: the match page offers first 1/2, flip
    assert {str(a) for a in match.legal_actions()} == {"first 1", "first 2", "flip"}
    assert match_page.hot_seat and match_page.computer == {}
    records = list_matches(context.database())
    assert len(records) == 1 and records[0].uid == match_page.adapter.uid
    window.back()  # the new-match page stays below the match page
    assert window.page is page


def test_an_illegal_deck_is_refused_with_every_rule_it_breaks(page, window, context):
    save_deck(context.database(), "Ten cards", ["N-001"] * 10)
    naruto(page).refresh_decks()
    choose(naruto(page).seats[1].deck, "Ten cards")
    legality = naruto(page).seats[1].legality
    assert legality.text() == MESSAGES("illegal", format="standard", count=2)
    assert "N-DECK-1" in legality.toolTip() and "N-DECK-3" in legality.toolTip()
    page.start_button.click()
    assert window.page is page
    assert page.refusal_rules() == ["N-DECK-1", "N-DECK-3"]
    assert page.refusals.isVisible() and page.message.isVisible()
    sentence = current().refusal("N-DECK-1", {"count": 10, "minimum": 50}, context.card_name)
    assert page.refusals.item(0).text() == f"N-DECK-1: {sentence}"
    assert page.refusals.item(0).toolTip()
    assert "Ten cards" in page.message.text()
    assert list_matches(context.database()) == []


def test_the_french_format_checks_the_decks_again(page):
    choose(naruto(page).format_combo, "french")
    assert "N-DECK-FR-1" in naruto(page).seats[0].legality.toolTip()
    assert page.start() is None
    assert "N-DECK-FR-1" in page.refusal_rules()


def test_referee_mode_with_physical_decks_not_entered(page, window):
    choose(page.mode_combo, "referee")
    assert not naruto(page).seats[1].opponent.isVisibleTo(page)
    for seat in naruto(page).seats:
        choose(seat.deck, PHYSICAL)
        assert seat.size.isVisibleTo(page) and seat.size.value() == 50
        assert seat.legality.text() == MESSAGES("unchecked")
    naruto(page).seats[1].size.setValue(55)
    page.start_button.click()
    match = window.page.match
    assert isinstance(window.page, MatchPage)
    assert match.state.mode == "referee"
    assert [len(p.deck) for p in match.state.players] == [50, 55]
    assert window.page.computer == {} and not window.page.hot_seat


def test_referee_mode_records_the_first_player_chosen_at_the_table(page, window):
    choose(page.mode_combo, "referee")
    choose(naruto(page).first_combo, "2")
    page.start_button.click()
    match = window.page.match
    assert match.phase == "setup_mulligan" and match.state.first == 1
    assert [str(a) for a in match.history] == ["first 2"]


def test_the_program_flips_the_coin_and_its_winner_chooses_who_starts(page, window):
    """N-SETUP-3: the coin's winner is asked; the match page offers them the two choices, in words."""
    choose(naruto(page).first_combo, "flip")
    page.start_button.click()
    match_page = window.page
    match = match_page.match
    assert match.phase == "setup_coin" and match.actor == match.state.coin_winner
    assert [e.key for e in match.log][-2:] == ["coin_flip", "coin_won"]
    assert [str(a) for a in match.history] == ["flip"]
    if match_page.hot_seat:  # the device goes to the winner, who chooses
        match_page.handover_button.click()
    offered = {b.objectName(): b.text() for b in match_page.options.buttons if b.isEnabled()}
    assert set(offered) == {"first 1", "first 2"}
    assert all("first" not in text for text in offered.values())  # sentences, not notation
    next(b for b in match_page.options.buttons if b.objectName() == "first 2").click()
    assert match.phase == "setup_mulligan" and match.state.first == 1


def test_the_same_seed_plays_the_same_coin_flip(page, window):
    results = []
    for _ in range(2):
        page.seed_edit.setText("99")
        choose(naruto(page).first_combo, "flip")
        page.start_button.click()
        results.append([(e.key, e.params) for e in window.page.match.log])
        window.back()
    assert results[0] == results[1]


@pytest.mark.parametrize(("opponent", "kind"), [("heuristic", HeuristicPlayer), ("random", RandomPlayer)])
def test_a_computer_opponent_plays_seat_2(page, window, opponent, kind):
    choose(naruto(page).seats[1].opponent, opponent)
    assert not naruto(page).seats[0].both_hands.isEnabled()
    page.start_button.click()
    match_page = window.page
    assert isinstance(match_page, MatchPage)
    assert set(match_page.computer) == {1} and isinstance(match_page.computer[1], kind)
    assert not match_page.hot_seat


def test_showing_both_hands_turns_the_hot_seat_off(page, window):
    both = naruto(page).seats[0].both_hands
    assert both.isEnabled() and both.isVisibleTo(page)
    both.setChecked(True)
    page.start_button.click()
    assert not window.page.hot_seat and window.page.computer == {}


def test_every_control_has_a_tooltip(page):
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QListWidget, QSpinBox

    controls = [w for kind in (QAbstractButton, QComboBox, QLineEdit, QSpinBox, QListWidget)
                for w in page.findChildren(kind) if not isinstance(w.parent(), QComboBox)]
    assert controls
    missing = [w.objectName() or type(w).__name__ for w in controls
               if not w.toolTip() and not (isinstance(w, QLineEdit) and isinstance(w.parent(), (QComboBox, QSpinBox)))]
    assert not missing


def test_the_page_follows_the_language(page):
    from gui.i18n import language

    language().set("ru")
    assert page.game_combo.itemText(0) == current().term("game", "naruto")
    assert naruto(page).format_combo.itemText(0) == current().term("format", "standard")
    assert naruto(page).seats[0].name.text() == MESSAGES("player", n=1)


def test_the_layout_fits_the_window(page, window, context, screenshot, qtbot):
    window.resize(1280, 720)
    save_deck(context.database(), "Ten cards", ["N-001"] * 10)
    naruto(page).refresh_decks()
    choose(page.mode_combo, "referee")
    choose(naruto(page).seats[0].deck, "Ten cards")
    choose(naruto(page).seats[1].deck, PHYSICAL)
    assert page.start() is None
    qtbot.wait(50)
    path = screenshot("new_match")
    assert path.exists()
    for widget in (page.start_button, naruto(page).seats[1].group, page.setup_group):
        assert widget.isVisible()
        bottom = widget.mapTo(window, widget.rect().bottomRight())
        assert bottom.y() <= window.height() and bottom.x() <= window.width()


# --- Llamas Unleashed ---------------------------------------------------------------------------------
def test_llamas_unleashed_sets_up_players_and_computers_and_opens_its_page(page, window, context):
    from gui.llamas.page import LlamasPage
    from referee.games.llamas.opponent import HeuristicPlayer as LlamasHeuristic
    from referee.games.llamas.opponent import RandomPlayer as LlamasRandom

    choose(page.game_combo, "llamas")
    assert llamas(page).isVisibleTo(page) and not naruto(page).format_combo.isVisibleTo(page)
    assert not any(seat.group.isVisibleTo(page) for seat in naruto(page).seats)
    setup = llamas(page)
    setup.count.setValue(5)
    assert [n.isVisibleTo(page) for n in setup.names] == [True] * 5 + [False] * 3
    for k, (name, kind) in enumerate((("Ana", "person"), ("Boris", "person"), ("Chloé", "heuristic"),
                                      ("Dmitri", "random"), ("Elena", "heuristic"))):
        setup.names[k].setText(name)
        choose(setup.kinds[k], kind)
    page.seed_edit.setText("77")
    page.start_button.click()
    match_page = window.page
    assert isinstance(match_page, LlamasPage)
    match = match_page.match
    assert [p.name for p in match.state.players] == ["Ana", "Boris", "Chloé", "Dmitri", "Elena"]
    assert match.state.mode == "guided" and match.state.seed == 77 and match.phase == "setup_baby"
    assert match_page.hot_seat  # two people share the device
    assert {k: type(p) for k, p in match_page.computer.items()} == {2: LlamasHeuristic, 3: LlamasRandom,
                                                                    4: LlamasHeuristic}
    record = list_matches(context.database())[-1]
    assert record.game == "llamas" and record.format == "base" and record.players[0] == "Ana"


def test_llamas_first_player_chosen_here_is_recorded_once_the_babies_are_chosen(page, window, qtbot):
    choose(page.game_combo, "llamas")
    setup = llamas(page)
    setup.count.setValue(3)
    choose(setup.kinds[0], "heuristic")  # every seat a computer: nobody to click for
    choose(setup.first, "2")
    assert setup.first.currentText() == MESSAGES_LLAMAS("first_seat", name=setup.player_names()[2])
    page.start_button.click()
    match_page = window.page
    match_page.delay_ms = 0
    match = match_page.match
    qtbot.waitUntil(lambda: match.state.turn >= 1, timeout=5000)
    assert str(match.history[3]) == "first 3" and match.state.first == 2
    assert not match_page.hot_seat


def test_llamas_in_referee_mode_has_no_computer_seats(page, window):
    choose(page.game_combo, "llamas")
    choose(page.mode_combo, "referee")
    assert not any(kind.isVisibleTo(page) for kind in llamas(page).kinds)
    assert llamas(page).table_note.isVisibleTo(page)
    assert page.mode_text.text() == MESSAGES("mode_referee_llamas_tip")
    page.start_button.click()
    match = window.page.match
    assert match.state.mode == "referee" and window.page.computer == {} and not window.page.hot_seat
    assert all(n is None for n in (match.state.instances[i] for i in match.state.deck))  # physical cards


def test_the_llamas_setup_for_eight_players_fits_the_window(page, window, screenshot, qtbot):
    window.resize(1280, 720)
    choose(page.game_combo, "llamas")
    llamas(page).count.setValue(8)
    qtbot.wait(50)
    screenshot("new_match_llamas")
    for widget in (page.start_button, llamas(page).first, llamas(page).kinds[7], llamas(page).names[7]):
        assert widget.isVisible()
        bottom = widget.mapTo(window, widget.rect().bottomRight())
        assert bottom.y() <= window.height() and bottom.x() <= window.width()


def imported_decks(context, tmp_path):
    """The real-shaped catalogue imported, and two deck lists of its cards and Set 1's: the deck
    builder's text (with a Sideboard) and its Tabletop Simulator deck."""
    import json

    from cards.games.naruto.importers import import_ccgdb_json
    from referee.games.naruto.decklists import DeckList, write_tts
    from tests.ccgdb_shape import catalogue, write

    import_ccgdb_json(context.database(), write(tmp_path, catalogue()))
    context.close()  # read the catalogue again
    filler = [f"N-{n:03d}" for n in (4, 5, 6, 9, 10, 12, 13, 28, 29, 30)] + \
             [f"J-{n:03d}" for n in range(7, 17)] + [f"M-{n:03d}" for n in range(6, 16)]
    text = tmp_path / "naruto_decklist.txt"
    lines = ["// Mainboard", "3x Kaito Arashi [ex901]", "3x Sudden Interruption [m931]", "3x Test Technique 5 [j905]",
             "1x Test Technique 9 [j909]"]
    lines += [f"{'2' if k < 10 else '1'}x {context.cards().get(n).name} [{n.replace('-', '').lower()}]"
              for k, n in enumerate(filler)]
    lines += ["", "// Sideboard", "1x Old Fisherman [c930]"]
    text.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tts = tmp_path / "naruto_deck.json"
    deck = DeckList.of({"N-946": 3, "M-930": 3, "J-903": 3, "J-910": 1, **{n: 2 for n in filler[:10]}, **{n: 1 for n in filler[10:]}})
    tts.write_text(write_tts(deck, context.cards()), encoding="utf-8")
    assert json.loads(tts.read_text())["ObjectStates"][0]["Nickname"] == "Mainboard"
    return text, tts


@pytest.mark.parametrize("mode", ["guided", "referee"])
def test_a_match_starts_from_imported_deck_lists_of_imported_cards(page, window, context, tmp_path, mode):
    text, tts = imported_decks(context, tmp_path)
    choose(page.mode_combo, mode)
    assert naruto(page).import_deck(naruto(page).seats[0], text) == "naruto_decklist"
    assert page.message.text() == MESSAGES("imported", name="naruto_decklist", file=text.name)
    assert naruto(page).import_deck(naruto(page).seats[1], tts) == "naruto_deck"
    assert [seat.deck_name() for seat in naruto(page).seats] == ["naruto_decklist", "naruto_deck"]
    assert [seat.legality.text() for seat in naruto(page).seats] == [MESSAGES("legal", format="standard")] * 2
    page.start_button.click()
    match = window.page.match
    assert match.state.mode == mode
    assert match.state.cards.get("EX-901").name == "Kaito Arashi"
    if mode == "guided":
        deck = [match.state.instances[i] for i in match.state.players[0].deck + match.state.players[0].hand]
        assert sorted(deck).count("M-931") == 3 and "C-930" not in deck  # the Sideboard is not played


def test_importing_a_deck_list_naming_unknown_cards_saves_nothing(page, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("// Mainboard\n3x Nobody Known [zz901]\n", encoding="utf-8")
    before = [naruto(page).seats[0].deck.itemData(i) for i in range(naruto(page).seats[0].deck.count())]
    assert naruto(page).import_deck(naruto(page).seats[0], path) is None
    assert "zz901" in page.message.text() and "Nobody Known" in page.message.text()
    assert [naruto(page).seats[0].deck.itemData(i) for i in range(naruto(page).seats[0].deck.count())] == before


@pytest.mark.parametrize("game", ["naruto", "llamas"])
def test_a_player_name_nobody_could_read_back_is_refused_on_the_page(page, window, game):
    """The name fields take at most 40 characters; a pasted control character is refused with the
    rule's sentence and no match starts."""
    from referee.engine.names import PLAYER_NAME_MAX

    choose(page.game_combo, game)
    field = naruto(page).seats[1].name if game == "naruto" else llamas(page).names[1]
    field.setText("x" * 100)
    assert len(field.text()) == PLAYER_NAME_MAX == field.maxLength()
    field.setText("Bo\tb")
    before = len(list_matches(window.context.database()))
    assert page.start() is None and window.page is page
    assert "Player 2's name must have 1 to 40 characters" in page.message.text()
    assert len(list_matches(window.context.database())) == before


def test_llamas_expansion_ticked_here_is_shuffled_in_shown_on_the_board_and_resumed(page, window, context):
    choose(page.game_combo, "llamas")
    setup = llamas(page)
    box = setup.expansion_boxes["farmed-and-dangerous"]
    assert box.isVisibleTo(page) and not box.isChecked()
    assert box.text() == MESSAGES_LLAMAS("expansion", expansion=current().term("expansion", "farmed-and-dangerous"))
    box.setChecked(True)
    for kind in setup.kinds[1:]:
        choose(kind, "random")
    page.start_button.click()
    match = window.page.match
    assert match.state.sets == ["farmed-and-dangerous"]
    assert sum(n is not None and n >= "LU-079" for n in match.state.instances) == 53
    assert current().term("expansion", "farmed-and-dangerous") in window.page.board.shared.text()
    uid = list_matches(context.database())[-1].uid
    resumed = window.resume_match(uid, take_over=True)
    assert resumed.match.state.sets == ["farmed-and-dangerous"]
