"""The kernel's effect runner, its choices and the naming of unknown cards (`referee.engine.effects`,
`referee.engine.choices`, `referee.engine.naming`): first on a toy vocabulary, then through both
games, which run their effects with it: a choice stops the effect and keeps the rest, the answer
resumes it, an unknown physical card it names is revealed, a wrong answer is refused with the game's
rule, and a choice saved in its stored shape loads and is answered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from localization import _sources
from referee.engine import naming
from referee.engine.action import Action
from referee.engine.choices import Options, Pick, confirm
from referee.engine.effects import Effects
from referee.engine.errors import IllegalAction
from referee.engine.match import Match
from referee.games.llamas import effects as llamas
from referee.games.llamas.rules import rules_for as llamas_rules
from referee.games.llamas.scenario import scenario_state as llamas_position
from referee.games.naruto import effects as naruto
from referee.games.naruto.conditions import Context
from referee.games.naruto.rules import rules_for as naruto_rules
from referee.games.naruto.scenario import scenario_state as naruto_position


# --- a toy vocabulary -------------------------------------------------------------------------------
class Table:
    """A toy position: card instances (None: an unknown physical card), the catalogue, the choices
    owed, a log, and copies still to name."""

    def __init__(self, instances: list[str | None], pool: dict[str, int] | None = None):
        self.instances = instances
        self.cards = {n: n for n in ("A", "B", "C")}
        self.pending: list[dict] = []
        self.log: list[tuple[str, dict]] = []
        self.pool = pool

    def emit(self, key: str, **params) -> None:
        self.log.append((key, params))

    def said(self) -> list[str]:
        return [p["text"] for k, p in self.log if k == "said"]


def refuse(c: dict, reason: str, **facts) -> IllegalAction:
    return IllegalAction("T-CHOICE", reason=reason, **facts)


def unknown(s: Table, c: dict, pool: list[int], text: str, taken: tuple[int, ...], named: tuple[str, ...]):
    if s.cards.get(text) is None or not naming.hidden(s, pool):
        return None
    return naming.locate(s, pool, text, "hand", taken, named, pool=s.pool,
                         refuse=lambda reason, number, zone: refuse(c, reason, number=number))


def gate(s: Table, op: dict, ctx: dict, rest: list[dict]) -> bool | dict:
    if op.get("unless"):
        return False
    if op.get("twice"):  # becomes two, put first in the rest
        rest[:0] = [{**op, "twice": False}] * 2
        return False
    if op.get("asked"):
        return confirm(1, [{**op, "asked": False}])
    return True


TOY = Effects(
    ops={"say": lambda s, op, ctx: s.emit("said", text=op["text"]),
         "ask": lambda s, op, ctx: confirm(0, [{"op": "say", "text": "yes"}], otherwise=[{"op": "say", "text": "no"}]),
         "pick": lambda s, op, ctx: {"kind": "pick", "player": 0, "pool": [0, 1, 2], "count": op.get("count", 1),
                                     "options": sorted({s.instances[i] for i in (0, 1, 2) if s.instances[i]}),
                                     "then": [{"op": "took"}]},
         "took": lambda s, op, ctx: s.emit("said", text=" ".join(s.instances[i] for i in ctx["chosen"]))},
    finish={"end": lambda s, finish: s.emit("said", text="end")},
    kinds={"confirm": Options(refuse),
           "pick": Pick(lambda s, c: c["pool"], lambda s, i: s.instances[i] or "?", lambda s, c: [],
                        lambda c: False, unknown, refuse)},
    gate=gate, answered=lambda s, c, plan, ctx: ctx.update(chosen=plan["cards"], word=plan["word"]),
    reveal=lambda s, c, iid, number: naming.reveal(s, iid, number, s.pool, c["player"]))


def choose(s: Table, text: str) -> None:
    TOY.answer(s, TOY.check(s, Action.parse(text)))


def test_a_choice_stops_the_effect_keeping_the_rest_and_the_answer_resumes_it():
    s = Table(["A", "B", "C"])
    ops = [{"op": "say", "text": "1"}, {"op": "ask"}, {"op": "say", "text": "2"}]
    assert TOY.run(s, ops, {"source": 0}, {"kind": "end"}) is False
    assert s.said() == ["1"]
    (c,) = s.pending
    assert (c["kind"], c["rest"], c["finish"], c["card"]) == ("confirm", [ops[2]], {"kind": "end"}, "A")
    assert s.log[-1] == ("choice_asked", {"player": 0, "card": "A", "choice": "confirm"})
    assert [str(a) for a in TOY.candidates(s)] == ["choose yes", "choose no"]
    with pytest.raises(IllegalAction) as err:
        TOY.check(s, Action.parse("choose maybe"))
    assert err.value.params == {"reason": "answer", "options": ["yes", "no"]}
    choose(s, "choose yes")
    assert s.said() == ["1", "yes", "2", "end"] and s.pending == []


def test_a_confirm_answered_no_leads_to_its_otherwise():
    s = Table(["A"])
    TOY.run(s, [{"op": "ask"}, {"op": "say", "text": "after"}], {"source": 0})
    choose(s, "choose no")
    assert s.said() == ["no", "after"]


def test_the_gate_skips_adds_or_asks_before_an_operation():
    s = Table(["A"])
    ops = [{"op": "say", "text": "skipped", "unless": True}, {"op": "say", "text": "x", "twice": True},
           {"op": "say", "text": "asked", "asked": True}, {"op": "say", "text": "last"}]
    assert TOY.run(s, ops, {"source": 0}) is False
    assert s.said() == ["x", "x"] and s.pending[0]["player"] == 1 and s.pending[0]["rest"] == [ops[3]]
    choose(s, "choose yes")
    assert s.said() == ["x", "x", "asked", "last"]


def test_a_pick_names_an_unknown_card_or_refuses_the_answer_with_the_games_reason():
    known = Table(["A", "B", "C"])
    TOY.run(known, [{"op": "pick", "count": 2}], {"source": 0})
    s = Table(["A", None, None], pool={"B": 1, "C": 0})
    TOY.run(s, [{"op": "pick", "count": 2}], {"source": 0})
    for table, text, reason in [(s, "choose none", "must_choose"), (s, "choose A B C", "count"),
                                (known, "choose A A", "twice")]:
        with pytest.raises(IllegalAction) as err:
            TOY.check(table, Action.parse(text))
        assert err.value.params["reason"] == reason, text
    with pytest.raises(IllegalAction) as err:
        TOY.check(s, Action.parse("choose D"))
    assert err.value.params == {"reason": "option", "card": "D", "options": ["A"]}
    with pytest.raises(IllegalAction) as err:  # no copy of C is left to name
        TOY.check(s, Action.parse("choose C"))
    assert err.value.params["reason"] == "no_copy"
    with pytest.raises(IllegalAction):  # nor two of B
        TOY.check(s, Action.parse("choose B B"))
    plan = TOY.check(s, Action.parse("choose A B"))
    assert plan == {"word": "", "cards": [0, 1], "named": ["B"]} and s.instances == ["A", None, None]
    TOY.answer(s, plan)
    assert s.instances == ["A", "B", None] and s.pool == {"B": 0, "C": 0}
    assert ("named", {"player": 0, "card": "B"}) in s.log and s.said() == ["A B"]


def test_naming_a_card_finds_a_known_copy_first_then_an_unknown_one_with_a_copy_left():
    s = Table(["A", None, "B"], pool={"A": 1, "C": 0})

    def locate(number, taken=(), named=(), hides=None):
        return naming.locate(s, [0, 1, 2], number, "hand", taken, named, pool=s.pool, hides=hides,
                             refuse=lambda reason, number, zone: IllegalAction("T-ZONE", reason=reason))

    def reason(*args, **kwargs):
        with pytest.raises(IllegalAction) as err:
            locate(*args, **kwargs)
        return err.value.params["reason"]

    assert locate("A") == 0 and locate("A", taken=(0,)) == 1 and locate("B") == 2
    assert reason("?") == "unnamed" and reason("Z") == "unknown_card" and reason("C") == "no_copy"
    assert reason("A", taken=(0, 1)) == "absent"  # no unknown card left
    assert reason("C", taken=(1,), hides=True) == "no_copy"  # a zone that may hide cards says why
    assert reason("A", taken=(0,), named=("A",)) == "no_copy"  # the one copy is named already
    assert naming.locate_all(s, ("A", "A"), lambda n, t, nm: locate(n, t, nm)) == [0, 1]
    with naming.named_as(s, 1, "A"):
        assert s.instances[1] == "A"
    assert s.instances[1] is None


# --- through both games -----------------------------------------------------------------------------
def _naruto() -> tuple[Match, list[dict]]:
    """Referee mode: seat 1's hand is two unknown cards (N-017 and J-001 left in its deck list); an
    effect of its village's N-002 discards a Ninja of its hand, then draws a card."""
    s = naruto_position(p1={"hand": ["N-017", "J-001"], "deck": ["N-001"] * 5, "village": ["N-002"]},
                        p2={"deck": ["N-003"] * 5}, mode="referee")
    for iid in s.players[0].hand:
        s.instances[iid] = None
    s.players[0].pool = {"N-017": 1, "J-001": 1}
    ops = [{"op": "pick", "zone": "hand", "filter": "type:Ninja", "then": [{"op": "move", "to": "chosen", "zone": "discard"}]},
           {"op": "draw", "n": 1}]
    assert naruto.run(s, ops, Context(0, s.players[0].village[0])) is False
    return Match(naruto_rules(s.format), s), ops


def _llamas() -> tuple[Match, list[dict]]:
    """Referee mode: seat 1's hand is two unknown cards; an effect of its field's LU-003 discards one
    of them, then draws a card."""
    s = llamas_position(hands=[["LU-062", "LU-005"]], fields=[["LU-003"]], deck=["LU-005"] * 10, mode="referee")
    for iid in s.players[0].hand:
        s.instances[iid] = None
    s.pool = {"LU-062": 1, "LU-005": 1}
    ops = [{"op": "discard"}, {"op": "draw"}]
    assert llamas.run(s, ops, llamas.context(0, s.players[0].field[0])) is False
    return Match(llamas_rules(), s), ops


@pytest.mark.parametrize("game, wrong, rule, name, card", [
    (_naruto, "choose J-001", "N-EFFECT-2", "N-017", "N-002"),
    (_llamas, "choose LU-999", "L-EFFECT-2", "LU-062", "LU-003"),
])
def test_each_game_stops_for_the_choice_refuses_a_wrong_answer_and_reveals_the_card_named(game, wrong, rule, name,
                                                                                         card):
    m, ops = game()
    (c,) = m.state.pending
    assert c["kind"] == "pick" and c["rest"] == [ops[1]] and c["card"] == card and c["ctx"]["source"] is not None
    assert "choose ?" in {str(a) for a in m.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        m.apply(wrong)
    assert err.value.rule == rule
    hand = list(m.state.players[0].hand)
    m.apply(f"choose {name}")
    keys = [e.key for e in m.log]
    assert keys[-4:-2] == ["named", "chose"] and keys[-1] == "drew"
    assert m.log[-4].params == {"player": 0, "card": name}
    named = next(i for i in hand if m.state.instances[i] == name)
    assert named not in m.state.players[0].hand and m.state.pending == []
    assert len(m.state.players[0].hand) == 2  # one discarded, one drawn


def test_a_choice_saved_in_its_stored_shape_loads_and_is_answered():
    """The stored shape of a waiting choice, as positions saved it before the kernel ran the effects."""
    m, _ = _naruto()
    data = m.state.to_dict()
    assert data["pending"][0] == {
        "kind": "pick", "player": 0, "owner": 0, "zone": "hand", "top": None, "filter": "type:Ninja", "count": 1,
        "optional": True, "deployable": False, "options": [], "then": [{"op": "move", "to": "chosen", "zone": "discard"}],
        "rest": [{"op": "draw", "n": 1}], "finish": None, "card": "N-002",
        "ctx": {"p": 0, "source": m.state.players[0].village[0], "user": None, "targets": [], "x": 0, "chosen": []}}
    loaded = Match(m.rules, m.rules.load_state(data, m.state.cards))
    loaded.apply("choose N-017")
    assert loaded.state.pending == [] and "N-017" in [loaded.state.instances[i] for i in loaded.state.players[0].discard]

    m, _ = _llamas()
    data = m.state.to_dict()
    hand = m.state.players[0].hand
    assert data["pending"][0] == {
        "kind": "pick", "player": 0, "pool": hand, "spec": "card", "options": [], "count": 1, "least": 1,
        "ordered": False, "hidden": True, "anonymous": False, "then": [{"op": "discard", "card": "chosen", "seat": 0}],
        "rule": "L-EFFECT-2", "otherwise": [], "rest": [{"op": "draw"}], "finish": None, "card": "LU-003",
        "ctx": {"p": 0, "source": m.state.players[0].field[0], "targets": {}, "info": {}, "ok": True, "chose": True,
                "n": 0, "chosen": [], "word": ""}}
    loaded = Match(m.rules, m.rules.load_state(data, m.state.cards))
    loaded.apply("choose LU-062")
    assert loaded.state.pending == [] and [loaded.state.instances[i] for i in loaded.state.discard] == ["LU-062"]


def test_the_events_the_kernel_emits_read_in_both_games():
    root = Path(__file__).resolve().parents[2] / "referee" / "engine"
    source = "\n".join((root / name).read_text(encoding="utf-8") for name in ("effects.py", "naming.py"))
    emitted = set(re.findall(r'emit\(\s*"(\w+)"', source))
    assert emitted == {"choice_asked", "named"}
    terms = _sources().terms
    assert emitted <= set(terms["event"]) and emitted <= set(terms["llamas_event"])
