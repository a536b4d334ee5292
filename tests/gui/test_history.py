"""The recorded-match pages: Continue lists the unfinished matches and resumes the chosen one, the
history lists every match with its result, exports and imports them and shows one game's statistics
(tables and painted charts: per deck, win rate by seat, game lengths; in the language shown, within
1280x720), and the replay steps through a match showing the log and position that
`cards.records.replay` gives at each step."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QFileDialog

from cards import records
from cards.db import StorageError
from cards.records import Recorder, RecordError
from gui import tables
from gui.app import build_window
from gui.context import AppContext
from gui.history import MESSAGES, ContinuePage, HistoryPage
from gui.recorded import rule, when
from gui.replay import ReplayPage
from gui.stats import MESSAGES as STATS
from gui.stats import DeckChart, LengthChart, SeatChart, Span, spans
from gui.i18n import language
from gui.naruto.board import MESSAGES as BOARD
from gui.match.describe import sentence
from gui.match.log_view import MESSAGES as LOG
from localization import current, translator
from referee.engine.action import Action
from referee.engine.playout import play_random
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match


def new_game(seed: int, names):
    rng = random.Random(seed)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    return new_match(decks, seed=rng.randrange(2**32), names=names), rng


def record(db, seed: int, names, decks, actions: int | None = None) -> str:
    """Play a random game (to its end, or ``actions`` actions), then record it whole (and let it
    go, as a window closing it does)."""
    match, rng = new_game(seed, names)
    if actions is None:
        play_random(match, rng)
    else:
        for _ in range(actions):
            match.apply(rng.choice(match.legal_actions()))
    uid = Recorder(db).record(match, decks=decks)
    records.release(match)
    return uid


@pytest.fixture
def recorded(context):
    """Two finished matches and two unfinished ones, in this order of start."""
    db = context.database()
    return {
        "won": record(db, 1, ["Ann", "Bob"], ["Leaf", "Sand"]),
        "old_unfinished": record(db, 2, ["Ann", "Cid"], ["Leaf", None], actions=20),
        "won_again": record(db, 3, ["Bob", "Cid"], ["Leaf", ["N-001"] * 40]),
        "unfinished": record(db, 4, ["Dee", "Eve"], [None, "Mist"], actions=35),
    }


def sorted_rows(view) -> list:
    """The row objects of a table view, in the order shown (those read so far)."""
    return [view.row_at(r) for r in range(view.model().rowCount())]


def shown(view) -> list[list[str]]:
    """The texts of a table view, as shown (sorted)."""
    model = view.model()
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


def save(widget, path) -> None:
    QApplication.processEvents()  # lay out what the last step added
    assert widget.grab().save(str(path), "PNG")


# --- Continue --------------------------------------------------------------------------------------


def test_continue_lists_only_unfinished_matches_newest_first_and_resumes_the_chosen(window, recorded, tmp_path):
    resumed = []
    window.resume_match = resumed.append
    page = window.open(ContinuePage(window))
    db = window.context.database()
    assert [m.uid for m in sorted_rows(page.table)] == [recorded["unfinished"], recorded["old_unfinished"]]
    newest = records.get_match(db, recorded["unfinished"])
    assert shown(page.table)[0] == [when(newest.started), "Dee vs Eve", "standard format", "guided mode",
                                    str(newest.turns), str(newest.actions)]
    assert page.table.current().uid == recorded["unfinished"]
    page.resume_button.click()
    page.table.selectRow(1)
    page.resume_button.click()
    assert resumed == [recorded["unfinished"], recorded["old_unfinished"]]
    assert page.resume_button.toolTip() and page.table.toolTip()
    save(window, tmp_path / "continue.png")


def test_continue_says_when_there_is_nothing_to_resume(window):
    page = window.open(ContinuePage(window))
    assert page.empty.isVisible() and not page.table.isVisible()
    assert page.empty.text() == MESSAGES["continue_empty"]
    assert not page.resume_button.isEnabled()


# --- History ---------------------------------------------------------------------------------------


def test_history_lists_every_match_with_winner_and_rule_and_filters(window, recorded, tmp_path):
    page = window.open(HistoryPage(window))
    rows = {m.uid: row for m, row in zip(sorted_rows(page.table), shown(page.table))}
    assert set(rows) == set(recorded.values())
    won = records.get_match(window.context.database(), recorded["won"])
    assert rows[recorded["won"]] == [when(won.started), "Ann vs Bob", "Leaf / Sand", "standard format", "guided mode",
                                     won.players[won.winner], rule(won.reason), str(won.turns)]
    assert rule(won.reason) == f"{won.reason} {current().rule_field(won.reason, 'title')}"
    assert rows[recorded["unfinished"]][2] == "— / Mist"
    assert rows[recorded["unfinished"]][5:7] == ["In progress", ""]
    assert rows[recorded["won_again"]][2] == f"Leaf / {records.deck_label(['N-001'] * 40)}"
    for index, expected in ((1, {"won", "won_again"}), (2, {"unfinished", "old_unfinished"}), (0, set(recorded))):
        page.filter.setCurrentIndex(index)
        assert {m.uid for m in sorted_rows(page.table)} == {recorded[k] for k in expected}
    save(window, tmp_path / "history.png")


def test_history_names_a_llamas_matchs_expansions_in_the_language_shown(window):
    """A match with an expansion shuffled into its deck says so in its Format column and in its
    replay's heading, in the language shown. (The match has no action yet: its replay still shows
    its own game's board.)"""
    from referee.games.llamas.rules import new_match as llamas_match

    uid = Recorder(window.context.database()).record(llamas_match(2, seed=4, expansions=["farmed-and-dangerous"]))
    for lang, expected in (("en", "base game + Farmed and Dangerous"), ("ru", "базовая игра + «Фермерские и опасные»")):
        language().set(lang)
        page = window.open(HistoryPage(window))
        rows = {m.uid: row for m, row in zip(sorted_rows(page.table), shown(page.table))}
        assert rows[uid][3] == expected
        assert rows[uid][2] == "—"  # one shared deck, whatever the number of players
        assert expected in window.open(ReplayPage(window, uid)).heading.text()


def test_statistics_table_equals_deck_stats_and_the_chart_paints(window, recorded, tmp_path):
    page = window.open(HistoryPage(window))
    page.tabs.setCurrentIndex(1)
    db = window.context.database()
    stats = records.deck_stats(db)
    assert [s.deck for s in stats][0] == "Leaf"
    assert shown(page.stats.decks) == [[s.deck, str(s.games), str(s.wins), f"{round(100 * s.wins / s.games)}%",
                                        f"{s.average_turns:.1f}"] for s in stats]
    players = records.player_stats(db)
    assert [row[:3] for row in shown(page.stats.players)] == [[p.player, str(p.games), str(p.wins)] for p in players]
    assert page.stats.chart.stats == stats
    chart = tmp_path / "chart.png"
    save(page.stats.chart, chart)
    image = QImage(str(chart))
    highlight = page.stats.chart.palette().color(page.stats.chart.palette().ColorRole.Highlight)
    assert any(image.pixelColor(x, y) == highlight for x in range(0, image.width(), 2)
               for y in range(0, image.height(), 2)), "the won part of a bar is painted"
    save(window, tmp_path / "statistics.png")


def test_the_chart_says_when_there_is_nothing_to_draw(qtbot, tmp_path):
    chart = DeckChart()
    qtbot.addWidget(chart)
    chart.resize(400, 120)
    save(chart, tmp_path / "empty_chart.png")


def test_an_empty_chart_says_so_in_words_too(qtbot):
    for chart in (DeckChart(), SeatChart(), LengthChart()):
        qtbot.addWidget(chart)
        chart.resize(400, 120)
        assert chart.texts() == [] and chart.accessibleDescription() == STATS(chart.EMPTY)
        assert chart.accessibleName() and chart.toolTip()
        chart.grab()  # paints


def record_llamas(db, seats: int, seed: int) -> str:
    from referee.games.llamas.rules import new_match as llamas_match

    match = llamas_match(seats, seed=seed, names=[f"P{k}" for k in range(seats)])
    play_random(match, random.Random(seed))
    uid = Recorder(db).record(match)
    records.release(match)
    return uid


def ru_seat_texts(seats: list[records.SeatStats]) -> list[str]:
    """What the seat chart says in Russian, written out here (every rate a whole percent)."""
    out = []
    for stats in seats:
        if stats.seat in (None, 0):
            out += [] if stats.seat is None else [f"Столы на {translator('ru').plural('players', stats.players)}"]
        label = "Ходил первым" if stats.seat is None else f"Место {stats.seat + 1}"
        assert 100 * stats.wins % stats.games == 0
        out.append(f"{label}: {stats.wins} / {stats.games} · {100 * stats.wins // stats.games}%")
    return out


def test_the_charts_show_each_seat_and_the_game_lengths_of_the_game_chosen_in_the_language_shown(window, recorded):
    db = window.context.database()
    record_llamas(db, 3, 11)  # the newest finished match: its game's statistics come first
    window.resize(1280, 720)
    page = window.open(HistoryPage(window))
    page.tabs.setCurrentIndex(1)
    stats = page.stats
    llamas = records.seat_stats(db, "llamas")
    assert stats.game_choice.currentData() == "llamas" and [s.players for s in llamas] == [3] * 4
    assert not stats.boxes["decks"].isVisible() and not stats.boxes["chart"].isVisible()  # no decks of their own
    assert stats.seat_chart.texts() == [
        "Tables of 3 players", *(f"{'Went first' if s.seat is None else f'Seat {s.seat + 1}'}: "
                                 f"{s.wins} / 1 · {100 * s.wins}%" for s in llamas)]

    stats.game_choice.setCurrentIndex(stats.game_choice.findData("naruto"))  # counted again, that game's
    naruto = records.seat_stats(db, "naruto")
    assert [(s.players, s.seat, s.games) for s in naruto] == [(2, 0, 2), (2, 1, 2), (2, None, 2)]
    assert stats.boxes["decks"].isVisible() and stats.chart.stats == records.deck_stats(db, "naruto")
    assert [row[0] for row in shown(stats.players)] == [p.player for p in records.player_stats(db, "naruto")]
    lengths = records.length_stats(db, "naruto")
    assert sum(lengths.values()) == 2
    QApplication.processEvents()
    columns = stats.length_chart.columns()
    assert [(c.first, c.games) for c in columns if c.games] == list(lengths.items())  # a column per turn fits
    assert sum(c.games for c in columns) == 2

    language().set("ru")
    assert stats.seat_chart.texts() == ru_seat_texts(naruto)
    assert stats.seat_chart.accessibleName() == "Доля побед по местам"
    assert stats.seat_chart.accessibleDescription() == "\n".join(ru_seat_texts(naruto))
    ru = translator("ru")
    assert [t for t in stats.length_chart.texts() if not t.endswith(": 0 игр")] == [
        f"{ru.plural('turns', turns)}: {ru.plural('games', n)}" for turns, n in lengths.items()]
    assert stats.length_chart.accessibleName() == "Длина партий в ходах"
    assert stats.game_label.text() == "Игра:" and stats.game_choice.currentText() == ru.term("game", "naruto")
    assert stats.chart.texts()[0].endswith(f"{stats.chart.stats[0].wins} / 2 · {50 * stats.chart.stats[0].wins}%")
    for chart in (stats.chart, stats.seat_chart, stats.length_chart):  # within the window, never sideways
        area = chart.parentWidget().parentWidget()
        assert chart.width() <= area.viewport().width() and area.horizontalScrollBar().maximum() == 0
        assert chart.toolTip() and chart.toolTip() != STATS[chart.TIP]  # in Russian
    assert stats.decks.horizontalScrollBar().maximum() == 0 and stats.width() <= window.width()
    assert stats.seat_chart.height() >= stats.seat_chart.sizeHint().height()  # every seat's row shown
    assert page.stats_game == "naruto"
    page.reload()  # stays on the game chosen
    assert stats.game_choice.currentData() == "naruto"


def test_the_histogram_groups_turns_when_a_column_each_would_not_fit(qtbot):
    assert spans({3: 1, 5: 2}, 1) == [Span(3, 3, 1), Span(4, 4, 0), Span(5, 5, 2)]
    assert spans({3: 1, 4: 2, 9: 1, 10: 4}, 5) == [Span(0, 4, 3), Span(5, 9, 1), Span(10, 14, 4)]
    chart = LengthChart()
    qtbot.addWidget(chart)
    lengths = {turns: turns % 3 for turns in range(5, 96)}
    chart.show_stats(lengths)
    chart.show()
    for width, grouped in ((4000, False), (300, True)):
        chart.resize(width, 180)
        columns = chart.columns()
        assert (columns[0].last > columns[0].first) == grouped
        assert sum(c.games for c in columns) == sum(lengths.values())
        assert chart.accessibleDescription().split("\n") == [c.text() for c in columns]
    first = columns[0]
    assert first.first % (first.last - first.first + 1) == 0  # ranges start at a multiple of their size
    assert chart.texts()[0] == f"{first.first}–{first.last} turns: {first.games} games"


def test_export_then_import_into_another_database_round_trips(window, recorded, tmp_path, qtbot, monkeypatch):
    page = window.open(HistoryPage(window))
    uid = recorded["won"]
    page.table.selectRow([m.uid for m in sorted_rows(page.table)].index(uid))
    target = tmp_path / "exported.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    page.buttons["export"].click()
    assert page.status.text() == MESSAGES("exported", file=str(target))
    exported = records.export_match(window.context.database(), uid)
    assert json.loads(target.read_text(encoding="utf-8")) == exported

    other = AppContext(tmp_path / "other.ini", f"sqlite:///{tmp_path / 'other.sqlite'}")
    try:
        second = build_window(other, "en")
        qtbot.addWidget(second)
        history = second.open(HistoryPage(second))
        assert history.table.rows_model.rows == []
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), ""))
        history.buttons["import"].click()
        assert history.status.text() == MESSAGES("imported", uid=uid, actions=current().plural(
            "actions", len(exported["actions"])))
        assert [m.uid for m in history.table.rows_model.rows] == [uid] and history.table.current().uid == uid
        assert records.export_match(other.database(), uid) == exported
        history.buttons["import"].click()
        assert history.status.text() == MESSAGES("unchanged", uid=uid)
    finally:
        other.close()


def test_a_bad_file_is_refused_in_the_users_words(window, tmp_path, monkeypatch):
    page = window.open(HistoryPage(window))
    bad, broken = tmp_path / "bad.json", tmp_path / "broken.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    page.buttons["import"].click()
    with pytest.raises(RecordError) as refused:
        records.import_match(window.context.database(), json.loads(bad.read_text()))
    assert page.status.text() == MESSAGES("bad_file", file=str(bad), detail=current().error(refused.value))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(broken), ""))
    page.buttons["import"].click()
    assert page.status.text().startswith(MESSAGES("not_json", file=str(broken), line=1, column=2,
                                                  detail="")[:len(str(broken))])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    page.buttons["import"].click()  # cancelled: nothing changes
    assert page.status.text().startswith(str(broken))
    assert records.list_matches(window.context.database()) == []


def test_every_control_has_a_tooltip_and_follows_the_language(window, recorded):
    page = window.open(HistoryPage(window))
    for button in page.buttons.values():
        assert button.toolTip() and button.text()
    assert page.filter.toolTip() and page.tabs.tabToolTip(0) and page.tabs.tabToolTip(1)
    assert page.stats.chart.toolTip()
    language().set("fr")
    header = page.table.model().headerData(3, Qt.Orientation.Horizontal)
    assert header == current().text("ui:gui.recorded:format", "Format")
    assert shown(page.table)[0][3] == current().term("format", "standard")
    assert window.windowTitle().startswith(page.title())


# --- a club's season: read a page at a time --------------------------------------------------------


@pytest.fixture
def season(context):
    """62 matches: one finished and one unfinished recorded now (the newest), then 60 copies of them
    with other players, started a day apart from January 2025 (every third a finished one)."""
    db = context.database()
    done = record(db, 5, ["Ann", "Bob"], ["Leaf", "Sand"])
    playing = record(db, 6, ["Cid", "Dee"], [None, "Mist"], actions=10)
    start = datetime(2025, 1, 1, 18, tzinfo=timezone.utc)
    for i in range(60):
        data = records.export_match(db, done if i % 3 == 0 else playing)
        started = start + timedelta(days=i)
        data.update(uid=f"season-{i:02d}", started=started.isoformat(), players=[f"p{i:02d}", "q"],
                    finished=(started + timedelta(hours=1)).isoformat() if data["finished"] else None)
        records.import_match(db, data)
    return {"done": done, "playing": playing}


def read_all(view) -> list:
    """Scroll the view to its end until it has read every row; the rows in the order shown."""
    model, bar = view.model(), view.verticalScrollBar()
    for _ in range(100):
        if not model.canFetchMore(model.index(-1, -1).parent()):
            break
        before = model.rowCount()
        bar.setValue(bar.maximum())  # at the end of what is read: Qt asks for more
        QApplication.processEvents()
        assert model.rowCount() > before
    return sorted_rows(view)


def test_the_history_reads_a_page_of_matches_at_a_time_as_they_scroll_into_view(window, season, monkeypatch):
    monkeypatch.setattr(tables, "PAGE", 20)
    page = window.open(HistoryPage(window))
    db = window.context.database()
    newest = [m.uid for m in records.page_matches(db, limit=1000)]
    assert len(newest) == 62 and newest[:2] == [season["playing"], season["done"]]
    model, bar = page.table.model(), page.table.verticalScrollBar()
    first = model.rowCount()
    assert first % 20 == 0 and 20 <= first < 62  # the rows on screen, not all of them
    assert [m.uid for m in sorted_rows(page.table)] == newest[:first]
    assert page.table.current().uid == newest[0]
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    assert model.rowCount() == first + 20  # the next page, read as the end came into view
    assert [m.uid for m in read_all(page.table)] == newest
    assert not model.canFetchMore(model.index(-1, -1).parent())
    assert page.table.current().uid == newest[0]  # reading more kept the selection


def test_the_history_keeps_a_selection_further_down_and_filters(window, season, monkeypatch):
    monkeypatch.setattr(tables, "PAGE", 20)
    page = window.open(HistoryPage(window))
    model = page.table.model()
    page.reload(select="season-01")  # the second oldest, on the last page: read up to it
    assert page.table.current().uid == "season-01" and model.rowCount() >= 61
    page.filter.setCurrentIndex(2)  # unfinished: still listed, still selected
    assert page.table.current().uid == "season-01"
    unfinished = read_all(page.table)
    assert len(unfinished) == 41 and not any(m.is_finished for m in unfinished)
    page.filter.setCurrentIndex(1)  # finished: not listed, the newest finished is selected
    assert page.table.current().uid == season["done"]
    finished = read_all(page.table)
    assert len(finished) == 21 and all(m.is_finished for m in finished)
    page.reload()  # coming back to the page keeps what was selected
    assert page.table.current().uid == season["done"]
    page.filter.setCurrentIndex(0)
    assert {m.uid for m in read_all(page.table)} == {m.uid for m in unfinished + finished}


def test_sorting_by_a_column_sorts_in_the_query_and_keeps_the_selection(window, season, monkeypatch):
    monkeypatch.setattr(tables, "PAGE", 20)
    page = window.open(HistoryPage(window))
    db = window.context.database()
    page.reload(select="season-30")
    header = page.table.horizontalHeader()
    for name, order in (("turns", "turns"), ("players", "players"), ("winner", "winner"), ("started", "started")):
        column = HistoryPage.COLUMNS.index(name)
        for qt_order, descending in ((Qt.SortOrder.AscendingOrder, False), (Qt.SortOrder.DescendingOrder, True)):
            header.setSortIndicator(column, qt_order)  # as a click on the header does
            assert page.table.current().uid == "season-30", (name, descending)
            expected = records.page_matches(db, order=order, descending=descending, limit=1000)
            assert [m.uid for m in read_all(page.table)] == [m.uid for m in expected], (name, descending)
    continued = window.open(ContinuePage(window))
    column = ContinuePage.COLUMNS.index("actions")
    continued.table.horizontalHeader().setSortIndicator(column, Qt.SortOrder.AscendingOrder)
    actions = [m.actions for m in read_all(continued.table)]
    assert actions == sorted(actions) and len(actions) == 41


def test_a_page_that_cannot_be_read_is_told_and_ends_the_reading(window, season, monkeypatch):
    monkeypatch.setattr(tables, "PAGE", 20)
    page = window.open(HistoryPage(window))
    model, bar = page.table.model(), page.table.verticalScrollBar()
    shown_before = model.rowCount()
    refusal = StorageError("unreachable", path="the club's server")

    def fail(*args, **kwargs):
        raise refusal

    monkeypatch.setattr(records, "page_matches", fail)
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    assert model.rowCount() == shown_before and not model.canFetchMore(model.index(-1, -1).parent())
    assert page.status.text() == current().error(refusal)
    page.reload()  # read again from the first page: the error is said and the page is empty
    assert page.empty.isVisible() and not page.table.isVisible()


def test_a_damaged_row_is_listed_as_such_and_the_statistics_still_show(window, recorded):
    from sqlalchemy import text

    db = window.context.database()
    stats = records.deck_stats(db), records.player_stats(db)
    with db.engine.begin() as conn:
        conn.execute(text("UPDATE match_record SET players = 'not json' WHERE uid = :uid"), {"uid": recorded["won"]})
    page = window.open(HistoryPage(window))
    rows = {m.uid: row for m, row in zip(sorted_rows(page.table), shown(page.table))}
    assert rows[recorded["won"]][1] == "a damaged record (its players cannot be read)"
    assert len(rows) == 4 and page.status.text() == ""
    page.tabs.setCurrentIndex(1)
    assert (page.stats.decks.rows_model.rows, page.stats.players.rows_model.rows) == (stats[0], stats[1])
    assert shown(page.stats.decks)


def test_a_resumed_match_names_who_acted_from_its_record_replaying_nothing_more(window, recorded, monkeypatch):
    import gui.match.adapter as adapter

    def no_replay(*args, **kwargs):
        raise AssertionError("the match was replayed to learn who acted")

    monkeypatch.setattr(adapter, "Match", no_replay)
    uid = recorded["unfinished"]
    page = window.resume_match(uid)
    expected = [a.actor for a in records.match_actions(window.context.database(), uid)]
    assert len(expected) == 35 and page.adapter.actors == expected
    actor = page.match.actor
    page.adapter.apply(random.Random(1).choice(page.match.legal_actions()))
    assert page.adapter.actors == expected + [actor]


# --- Replay ----------------------------------------------------------------------------------------


def open_replay(window, uid: str) -> ReplayPage:
    page = window.open(HistoryPage(window))
    page.table.selectRow([m.uid for m in sorted_rows(page.table)].index(uid))
    page.buttons["replay"].click()
    assert isinstance(window.page, ReplayPage) and window.page.uid == uid
    return window.page


def log_lines(page: ReplayPage) -> list[str]:
    return [page.log.index(r, 0).data() for r in range(page.log.rowCount())]


def test_replay_steps_forward_back_and_to_the_end_showing_log_and_position(window, recorded, qtbot, tmp_path):
    uid = recorded["won"]
    page = open_replay(window, uid)
    db = window.context.database()
    reference = records.replay(db, uid)
    info, actions = reference.info, reference.actions
    assert page.step == 0 and log_lines(page) == []
    assert page.action_label.text() == "The initial position, before any action."
    assert not page.buttons["back"].isEnabled()

    def check(step: int) -> None:
        reference.go(step)
        assert page.step == step and page.slider.value() == step
        assert page.replay.position == reference.position
        assert page.step_label.text() == f"Step {step} of {len(actions)}"
        expected = [line for line in log_lines(page) if not line.startswith("    ")]
        assert expected == [LOG("action", n=a.seq, player=info.players[a.actor],
                                action=sentence(Action.parse(a.notation), window.context.card_name,
                                                seat_name=lambda s: info.players[s]))
                            for a in actions[:step]]
        events = [current().event(e.key, e.params, lambda s: info.players[s], window.context.card_name)
                  for e in reference.match.log]
        assert [line.strip() for line in log_lines(page) if line.startswith("    ")] == events
        assert page.situation_label.text().startswith(f"Turn {reference.match.state.turn} · ")
        state, actor = reference.match.state, reference.match.actor
        if reference.match.outcome() is None:  # the attacker (the game's table view), then who acts
            assert page.situation_label.text().splitlines()[1] == (
                f"Attacker: {info.players[state.attacker]} · To act: "
                f"{info.players[actor] if actor is not None else 'the referee'}")
        for seat, area in enumerate(page.board.areas):  # the board shows this step's counters
            counter = reference.match.state.players[seat].counter
            assert BOARD("counter", n=counter) in area.stats.text()

    page.buttons["forward"].click()
    check(1)
    for _ in range(5):
        page.buttons["forward"].click()
    check(6)
    page.buttons["back"].click()
    check(5)
    page.buttons["last"].click()
    check(len(actions))
    assert not page.buttons["forward"].isEnabled()
    view, bar = page.log_view, page.log_view.verticalScrollBar()

    def last_line_shown() -> bool:  # the lines are laid out in batches; the view follows them to the end
        rect = view.visualRect(view.model().index(view.model().rowCount() - 1, 0))
        return rect.isValid() and 0 <= rect.top() and rect.bottom() <= view.viewport().height() + 1

    qtbot.waitUntil(last_line_shown)
    assert bar.value() == bar.maximum() > 0
    bar.triggerAction(bar.SliderAction.SliderToMinimum)  # the reader scrolls up: the log stays there
    qtbot.wait(50)
    assert bar.value() == 0
    winner = info.players[info.winner]
    assert f"Game over: {winner} ({rule(info.reason)})" in page.situation_label.text()
    save(window, tmp_path / "replay_end.png")
    page.slider.setValue(40)
    check(40)
    page.setFocus()
    for key, step in ((Qt.Key.Key_Right, 41), (Qt.Key.Key_Left, 40), (Qt.Key.Key_Home, 0),
                      (Qt.Key.Key_End, len(actions))):
        qtbot.keyClick(page, key)
        check(step)
    page.buttons["first"].click()
    check(0)
    save(window, tmp_path / "replay.png")


def test_an_unfinished_match_replays_too(window, recorded):
    uid = recorded["unfinished"]
    page = open_replay(window, uid)
    page.buttons["last"].click()
    reference = records.replay(window.context.database(), uid)
    reference.go(len(reference))
    assert page.replay.position == reference.position
    assert "Game over" not in page.situation_label.text()
    assert "In progress" in page.heading.text()
    assert window.windowTitle().startswith("Replay: Dee vs Eve")


# --- Llamas Unleashed ----------------------------------------------------------------------------------


def test_a_llamas_match_is_listed_resumed_and_replayed(window, context):
    """Three players: the history names them all, the record resumes on the Llamas page in hot seat,
    and the replay shows the Llamas board and log step by step."""
    from gui.llamas.board import LlamasBoard
    from gui.llamas.page import LlamasPage
    from referee.games.llamas.opponent import HeuristicPlayer
    from referee.games.llamas.rules import new_match as llamas_match

    db = context.database()
    match = llamas_match(3, seed=8, names=["Ana", "Boris", "Chloé"])
    uid = Recorder(db).record(match)
    players = {k: HeuristicPlayer(k) for k in range(3)}
    for _ in range(40):
        match.apply(players[match.actor].choose(match))
    records.release(match)
    info = records.get_match(db, uid)
    assert (info.game, info.format, info.actions) == ("llamas", "base", 40)
    history = window.open(HistoryPage(window))
    (row,) = [r for m, r in zip(sorted_rows(history.table), shown(history.table)) if m.uid == uid]
    assert row[1:5] == ["Ana, Boris, Chloé", "—", current().term("format", "base"), "guided mode"]
    window.home()
    resumed = window.resume_match(uid)
    assert isinstance(resumed, LlamasPage) and resumed.hot_seat
    assert resumed.match.state.to_dict() == match.state.to_dict()
    window.home()
    replay = open_replay(window, uid)
    assert isinstance(replay.board, LlamasBoard) and len(replay.board.areas) == 3
    replay.go(40)
    assert replay.replay.position == match.state.to_dict()
    assert replay.situation_label.text().startswith(f"Turn {match.state.turn} · ")
    assert replay.situation_label.text().splitlines()[1] == f"To act: {info.players[match.actor]}"  # no roles
    assert "Ana" in replay.log_view.plain_text()
    replay.go(2)  # two babies chosen: the board shows this step's fields
    assert [len(a.cards.numbers()) for a in replay.board.areas] == [1, 1, 0]


# --- a match open in two places ---------------------------------------------------------------------


def test_continuing_a_match_open_elsewhere_asks_and_takes_it_over_or_copies_it(window, context, monkeypatch):
    from gui.main_window import MainWindow

    db = context.database()
    match, rng = new_game(31, ["Ann", "Bob"])
    uid = Recorder(db).record(match)  # another window plays it
    for _ in range(12):
        match.apply(rng.choice(match.legal_actions()))
    asked = []
    monkeypatch.setattr(MainWindow, "ask_elsewhere", lambda self, err: asked.append(err.key) or None)
    assert window.resume_match(uid) is None and asked == ["open_elsewhere"]  # left alone
    monkeypatch.setattr(MainWindow, "ask_elsewhere", lambda self, err: "copy")
    copy = window.resume_match(uid)
    assert copy.adapter.uid != uid and len(copy.match.history) == 12
    window.home()
    monkeypatch.setattr(MainWindow, "ask_elsewhere", lambda self, err: "take_over")
    page = window.resume_match(uid)
    assert page.adapter.uid == uid
    with pytest.raises(records.MatchElsewhere):  # the other window is told on its next action
        match.apply(rng.choice(match.legal_actions()))
    window.home()  # leaving the page lets the match go
    again = records.resume(db, uid)
    assert len(again.history) == 12


def test_a_page_whose_match_is_taken_over_elsewhere_keeps_playing_in_a_copy(window, context, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from gui.match.page import MESSAGES as PAGE

    page = window.start.open("new_match")
    page.start_button.click()
    match_page = window.page
    uid = match_page.adapter.uid
    records.resume(context.database(), uid, take_over=True)  # another computer takes it over
    shown = []

    def click_keep(box):
        shown.append(box.text())
        next(b for b in box.buttons() if b.text() == PAGE("keep_copy")).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", click_keep)
    match_page.adapter.apply("flip")
    assert shown and "was taken over" in shown[0]
    assert match_page.adapter.uid != uid and window.page is match_page
    assert [a.notation for a in records.match_actions(context.database(), match_page.adapter.uid)] == ["flip"]
    assert records.match_actions(context.database(), uid) == []  # the original as the other left it


def test_a_resumed_match_gets_its_computer_player_back(window, context):
    page = window.start.open("new_match")
    opponent = page.panels["naruto"].seats[1].opponent
    opponent.setCurrentIndex(opponent.findData("heuristic"))
    page.start_button.click()
    uid = window.page.adapter.uid
    assert records.get_match(context.database(), uid).computers == {1: "heuristic"}
    window.home()
    resumed = window.resume_match(uid)
    assert list(resumed.computer) == [1] and resumed.computer[1].kind == "heuristic"
