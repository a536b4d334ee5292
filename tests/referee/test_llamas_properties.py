"""Property tests (hypothesis) of `Match.apply` on Llamas Unleashed positions.

Any notation (the verbs, card numbers of the base game and junk, seats, options) tried on a match at
a position of a random game of 2 to 8 players is either legal, and then listed by `legal_actions()`
or a variant of a listed action (several cards discarded at once, another answer of several cards),
or refused with IllegalAction carrying a rule id, leaving the position, the history and the log
exactly as they were; `explain` agrees with `apply`. Every listed action applies, keeps every
invariant and undoes exactly.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.action import KEYWORDS, UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.match import Match
from referee.games.llamas.cards import bundled
from referee.games.llamas.invariants import violations
from referee.games.llamas.rules import load_match, new_match, rules_for

CATALOGUE = sorted(c.number for c in bundled())
VERBS = sorted(rules_for().verbs) + ["deploy", "next", "use", "x_y"]
JUNK = ["LU-000", "LU-079", "lu-001", "N-001", UNNAMED, "0", "1", "2", "3", "9", "none", "yes", "no",
        "LU-001@1", "LU-007@2", "LU-007@9", "@", "-", "all"]


def quick(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def positions() -> tuple[tuple[dict, str], ...]:
    """(position, action played from it) pairs sampled from random games, some of every step where a
    player acts, choices included."""
    out: list[tuple[dict, str]] = []
    for k in range(12):
        rng = random.Random(300 + k)
        m = new_match(2 + k % 7, seed=k)
        taken: dict[str, int] = {}
        while not m.is_over():
            before, action = m.state.to_dict(), rng.choice(m.legal_actions())
            m.apply(action)
            kind = m.state.pending[0]["kind"] if m.state.pending else m.phase
            if taken.get(kind, 0) < 4 and rng.random() < 0.3:
                taken[kind] = taken.get(kind, 0) + 1
                out.append((before, str(action)))
    return tuple(out)


def match_at(i: int) -> Match:
    position, action = positions()[i]
    m = load_match({"position": position})
    m.apply(action)
    return m


def snapshot(m: Match) -> tuple:
    return m.state.to_dict(), [str(a) for a in m.history], len(m.log)


def accounted_for(a: Action, listed: list[Action]) -> bool:
    strs = {str(x) for x in listed}
    if str(a) in strs:
        return True
    if a.verb == "discard":
        return all(str(Action.of("discard", n)) in strs for n in a.args)
    if a.verb == "choose":  # an answer of several cards, each of them a listed answer's
        tokens = {t for x in listed if x.verb == "choose" for t in x.args}
        return set(a.args) <= tokens
    return False


def try_action(m: Match, text: str) -> bool:
    listed = m.legal_actions()
    before = snapshot(m)
    verdict = m.explain(text)
    assert snapshot(m) == before, "explain changed the match"
    try:
        applied = m.apply(text)
    except IllegalAction as err:
        assert err.rule and not verdict.legal and verdict.rule == err.rule, (text, verdict, err.rule)
        assert snapshot(m) == before, f"refused {text!r} ({err.rule}) changed the match"
        assert " ".join(text.split()) not in {str(x) for x in listed if not x.needs_naming}, (text, err.rule)
        return False
    assert verdict.legal, (text, verdict)
    assert accounted_for(applied, listed), f"{text!r} applied at {m.phase} but not listed: {listed}"
    assert violations(m.state) == []
    m.undo()
    assert snapshot(m) == before
    return True


@st.composite
def notation(draw, m: Match) -> str:
    listed = m.legal_actions()
    verbs = sorted({a.verb for a in listed}) or VERBS
    verb = draw(st.one_of(st.sampled_from(verbs), st.sampled_from(VERBS)))
    values = sorted({v for a in listed for v in a.args} | {v for a in listed for _, vs in a.opts for v in vs}) or JUNK
    token = st.one_of(st.sampled_from(values), st.sampled_from(CATALOGUE), st.sampled_from(JUNK))
    parts = [verb, *draw(st.lists(token, max_size=3))]
    for key in draw(st.lists(st.sampled_from(sorted(KEYWORDS)), max_size=2, unique=True)):
        parts += [key, *draw(st.lists(token, min_size=1, max_size=2))]
    return " ".join(parts)


@quick(600)
@given(st.data())
def test_any_notation_is_legal_or_refused_with_a_rule_and_no_change(data):
    m = match_at(data.draw(st.integers(0, len(positions()) - 1), label="position"))
    try_action(m, data.draw(notation(m), label="notation"))


def test_sampled_positions_cover_every_step_and_every_kind_of_choice():
    kinds = set()
    for i in range(len(positions())):
        m = match_at(i)
        kinds.add(m.state.pending[0]["kind"] if m.state.pending else m.phase)
    assert kinds >= {"setup_baby", "setup_first", "action_main", "action_window", "end_hand", "confirm", "pick",
                     "player"}


def test_every_listed_action_applies_keeps_the_invariants_and_undoes():
    tried = 0
    for i in range(len(positions())):
        m = match_at(i)
        for action in m.legal_actions():
            assert try_action(m, str(action)), f"listed {action} refused at {m.phase}"
            tried += 1
    assert tried > 300
