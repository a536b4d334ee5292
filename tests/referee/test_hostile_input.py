"""Nothing a user hands the referee crashes it: play files (positions, set-ups, scenarios) and deck
lists written badly on purpose, and arbitrary ones (hypothesis), each end in a clean refusal of a
rule (POSITION, DECKLIST, N-CARD-4...) that reads as a sentence, or in a valid match or deck."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from localization import current, set_language
from referee.cli import _start, main, read_json
from referee.engine.errors import IllegalAction
from referee.games.naruto.cards import bundled
from referee.games.naruto.decklists import read_deck_list
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match

SET1 = bundled()


def play_file(tmp_path, content) -> str:
    path = tmp_path / "play.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


def saved_position() -> dict:
    rng = random.Random(3)
    match = new_match([random_deck(SET1, "standard", rng) for _ in range(2)], seed=4)
    for action in ("first 1", "keep", "keep"):
        match.apply(action)
    return match.to_json()["position"]


@pytest.mark.parametrize("content, reason", [
    ("[1, 2]", "not_object"),
    ('{"a": ' + "[" * 50_000 + "1" + "]" * 50_000 + "}", "too_deep"),
    ('{"setup": {}, "scenario": {}}', "no_start"),
    ('{"actions": []}', "no_start"),
    ('{"setup": {"decks": [[], []]}, "actions": "next"}', "bad_actions"),
    ('{"setup": {"decks": [[], []]}, "actions": [1, 2]}', "bad_actions"),
    ('{"scenario": {"__class__": 1, "p1": {}, "p2": {}}}', "unknown_key"),
    ('{"scenario": {"cards": 5, "p1": {}, "p2": {}}}', "unknown_key"),
    ('{"scenario": {"p1": {"_secret": []}, "p2": {}}}', "unknown_key"),
    ('{"scenario": {}}', "needs_players"),
    ('{"setup": {"seed": Infinity}}', "bad_value"),
    ('{"setup": {"seed": 1e400}}', "bad_value"),
    ('{"setup": {"seed": 123456789012345678901234567890}}', "bad_value"),
    ('{"setup": {"seed": -1}}', "bad_value"),
    ('{"setup": {"decks": "N-001"}}', "bad_value"),
    ('{"setup": {"format": "vintage"}}', "bad_value"),
    ('{"setup": {"game": "chess"}}', "bad_value"),
    ('{"setup": {"game": "llamas", "players": 99}}', "bad_value"),
    ('{"setup": {}}', "needs_decks"),
    ('{"not": "a position", "format": "standard"}', "missing"),
    ('{"position": {"format": "standard"}}', "missing"),
    ('{"position": []}', "not_object"),
    ("{not json", "not_json"),
    ('{"scenario": {"p1": {"name": "A\\u0000nn"}, "p2": {}}}', "bad_name"),
    ('{"scenario": {"p1": {"name": "' + "A" * 41 + '"}, "p2": {}}}', "bad_name"),
    ('{"scenario": {"p1": {"name": "   "}, "p2": {}}}', "bad_name"),
    ('{"scenario": {"p1": {"name": 7}, "p2": {}}}', "bad_name"),
    ('{"setup": {"game": "llamas", "players": 3, "names": ["a", "b\\u001b[31m", "c"]}}', "bad_name"),
    ('{"setup": {"game": "llamas", "players": 2, "names": ["a", "\\ud800"]}}', "bad_name"),
])
def test_POSITION_a_play_file_it_cannot_start_from_is_refused_with_its_reason(tmp_path, capsys, content, reason):
    path = play_file(tmp_path, content)
    with pytest.raises(IllegalAction) as err:
        _start(read_json(path))
    assert (err.value.rule, err.value.params["reason"]) == ("POSITION", reason)
    assert main(["--lang", "ru", "play", path]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 1 and "Traceback" not in out.err


def test_POSITION_a_saved_position_breaking_an_invariant_is_refused_with_the_rule():
    position = saved_position()
    position["players"][0]["hand"].append(position["players"][0]["deck"][0])  # one card in two zones
    with pytest.raises(IllegalAction) as err:
        _start({"position": position})
    assert err.value.params == {"reason": "invariant", "broken": "N-ZONE-1"}
    position = saved_position()
    hand = position["players"][0]["hand"]
    ninja = next(i for i in hand if SET1.get(position["instances"][i]).type == "Ninja")
    hand.remove(ninja)
    position["players"][0]["village"].append(ninja)  # a Ninja in play in no team
    with pytest.raises(IllegalAction) as err:
        _start({"position": position})
    assert err.value.params == {"reason": "invariant", "broken": "N-ORG-3"}
    assert _start({"position": saved_position()}).phase == "mission_main"  # an untouched one loads


def test_POSITION_a_saved_position_naming_an_unknown_card_or_an_unreadable_name_is_refused():
    position = saved_position()
    position["instances"][5] = "N-999"
    with pytest.raises(IllegalAction) as err:
        _start({"position": position})
    assert err.value.params == {"reason": "unknown_cards", "cards": "N-999"}
    position = saved_position()
    position["players"][1]["name"] = "Bob\x00"
    with pytest.raises(IllegalAction) as err:
        _start({"position": position})
    assert err.value.params == {"reason": "bad_name", "seat": 2, "maximum": 40}


@pytest.mark.parametrize("name", ["", "x" * 41, "tab\there", "new\nline", "nul\x00", "bell\x07", "\u2028",
                                  "lone\udc80"])
def test_a_player_name_nobody_could_read_back_is_refused_everywhere_a_match_starts(name):
    from referee.games.llamas.rules import new_match as new_llamas

    decks = [random_deck(SET1, "standard", random.Random(1)) for _ in range(2)]
    for start in (lambda: new_match(decks, names=("Ann", name)), lambda: new_llamas(3, names=["Ann", "Bob", name])):
        with pytest.raises(IllegalAction) as err:
            start()
        assert err.value.params["reason"] == "bad_name"
    assert new_match(decks, names=("Ann", "Анна-Мария Ёлкина")).state.players[1].name == "Анна-Мария Ёлкина"


def test_POSITION_refusals_read_as_sentences_in_russian(tmp_path, capsys):
    set_language("ru")
    with pytest.raises(IllegalAction) as err:
        _start({"scenario": {"p1": {}}})
    text = current().error(err.value)
    assert text and not any(word in text for word in ("scenario", "players", "both"))


def test_a_missing_file_a_folder_and_a_non_utf8_file_are_said_in_the_users_language(tmp_path, capsys):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("3 N-008 Iruka Umiño\n".encode("latin-1"))
    for argv in (["play", str(tmp_path / "nope.json")], ["play", str(tmp_path)], ["deck", "check", str(latin)]):
        assert main(["--lang", "ru", *argv]) == 2, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert not any(w in err for w in ("No such file", "Is a directory", "codec", "decode")), err


@pytest.mark.parametrize("argv", [
    ["selfplay", "--games", "-5"], ["selfplay", "--games", "0"], ["selfplay", "--seed", "1" * 30],
    ["selfplay", "--games", "many"],
])
def test_absurd_numbers_on_the_command_line_are_refused(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and argv[-1] in err


# --- arbitrary input (hypothesis) --------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["N-001", "J-001", "pass", "next", "setup", "scenario", "position"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["setup", "scenario", "position", "actions", "decks", "seed", "format", "mode", "game",
                         "p1", "p2", "hand", "deck", "village", "phase", "turn", "players", "names", "x"]),
        inner, max_size=5),
    max_leaves=25)


@pytest.mark.parametrize("game", ["naruto", "llamas"])
@pytest.mark.parametrize("names", ["", None, "Ana", 7, ["Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hi", "Io"], [3]])
def test_player_names_that_are_not_a_list_of_names_are_refused(game, names):
    """A set-up's ``names`` must be a list of at most one name per seat: anything else is refused with
    the key it names (a string was read letter by letter, a null failed deep in the set-up)."""
    setup = {"names": names} if game == "naruto" else {"game": "llamas", "players": 4, "names": names}
    if names in ("", None) and game == "llamas":  # no names: the default ones
        assert _start({"setup": setup}).state.players[0].name
        return
    with pytest.raises(ValueError) as refused:
        _start({"setup": setup})
    text = str(refused.value)
    assert ("key=names" if not isinstance(names, list) or len(names) > 4 else "reason=bad_name") in text, text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=JSON)
def test_any_play_file_starts_a_match_or_is_refused_cleanly(spec):
    try:
        match = _start(spec)
    except ValueError:  # every refusal (IllegalAction, PositionError) is a ValueError the command says
        return
    assert match.legal_actions() is not None


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)
       | st.lists(st.sampled_from(["3x Kunai [j001]", "// Sideboard", "2 N-008", "Naruto", "0x A", "[]", "{",
                                   "# format: french", "99999 N-001", "1x Iruka Umino", "x [n0]"]),
                  max_size=8).map("\n".join))
def test_any_deck_list_is_read_or_refused_cleanly(text):
    try:
        deck = read_deck_list(text, SET1)
    except IllegalAction as err:
        assert err.rule == "DECKLIST"
        return
    assert all(1 <= k for section in deck.sections.values() for k in section.values())
    assert all(v.rule == "DECKLIST" for v in deck.problems)
