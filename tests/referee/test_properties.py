"""Property tests (hypothesis) of the notation and of `Match.apply`.

- Any text given to `Action.parse` is either refused with `NotationError` (a ValueError, rule
  NOTATION) or read as an action whose notation reads back to the same action.
- Any well-formed action written and read back is the same action, with the same notation.
- Any notation (verbs, catalogue card numbers and junk, options) tried on a match at a position of a
  random game is either legal, and then listed by `legal_actions()` or a legal variant of a listed
  action (several cards charged or discarded at once, a `team`, another payment, another option
  order, a card named in referee mode), or refused with IllegalAction carrying a rule id, leaving the
  position, the history and the log exactly as they were. `explain` agrees with `apply`.
- Every listed action (but templates with ``?`` to be named) applies, keeps every invariant, and
  undoes exactly.
"""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from referee.engine.action import KEYWORDS, UNNAMED, Action
from referee.engine.errors import IllegalAction, NotationError
from referee.engine.match import Match
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.invariants import violations
from referee.games.naruto.rules import load_match, new_match, rules_for
from referee.games.naruto.scenario import scenario

CARDS = bundled()
CATALOGUE = sorted(c.number for c in CARDS)
VERBS = sorted(rules_for("standard").verbs)
JUNK_VERBS = ["play", "attack", "draw", "undo", "x_y", "deploy_", "q"]
JUNK = ["N-999", "J-000", "X-001", "NI-001", "n-001", UNNAMED, "T0", "T1", "T2", "T3", "T4", "T01", "T9",
        "new", "0", "1", "2", "3", "01", "10", "99", "R1@1", "R1@2", "R9@1", "N-001@3", "N-001@0",
        "hand", "chakra", "village", "deck", "a", "##", ":", "-", "@", "?@1"]


def quick(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --- the notation ----------------------------------------------------------------------------------
NOTATION_CHARS = string.ascii_letters + string.digits + "?@#:-_ \t\n" + "é€\x00\x1c"
TOKEN_SOUP = st.lists(st.sampled_from(sorted(KEYWORDS) + VERBS + JUNK_VERBS + CATALOGUE[:20] + JUNK), max_size=8)


def check_parse(text: str) -> None:
    try:
        action = Action.parse(text)
    except NotationError as err:
        assert isinstance(err, ValueError) and isinstance(err, IllegalAction)
        assert err.rule == "NOTATION" and err.params["text"] == text and err.params["reason"]
        return
    again = Action.parse(str(action))
    assert again == action
    assert str(again) == str(action)
    assert str(action) == " ".join(text.split())  # the notation is the text's tokens, one space apart


@quick(400)
@given(st.text(max_size=60))
def test_parse_any_text_refuses_or_round_trips(text):
    check_parse(text)


@quick(200)
@given(st.one_of(st.text(alphabet=NOTATION_CHARS, max_size=60), TOKEN_SOUP.map(" ".join),
                 st.builds(lambda a, b: f"{a} {b}", st.sampled_from(VERBS), TOKEN_SOUP.map(" ".join))))
def test_parse_notation_like_text_refuses_or_round_trips(text):
    check_parse(text)


VERB = st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True).filter(lambda v: v not in KEYWORDS)
VALUE = st.one_of(st.sampled_from(CATALOGUE + JUNK),
                  st.from_regex(r"[A-Za-z0-9?@#:\-]{1,10}", fullmatch=True)).filter(lambda v: v not in KEYWORDS)
OPTIONS = st.lists(st.tuples(st.sampled_from(sorted(KEYWORDS)), st.lists(VALUE, min_size=1, max_size=3).map(tuple)),
                   max_size=4, unique_by=lambda kv: kv[0]).map(tuple)
ACTIONS = st.builds(Action, VERB, st.lists(VALUE, max_size=4).map(tuple), OPTIONS)


@quick(300)
@given(ACTIONS)
def test_valid_action_notation_round_trips(action):
    text = str(action)
    assert Action.parse(text) == action
    assert str(Action.parse(text)) == text


def test_notation_refusals_name_their_reason():
    for text, reason in (("", "empty"), ("   ", "empty"), ("Deploy N-001", "verb"), ("pay N-001", "verb"),
                         ("deploy N-001 pay", "missing"), ("deploy N-001 pay J-001 pay J-002", "repeated"),
                         ("deploy N-001!", "token"), ("deploy N–001", "token")):
        with pytest.raises(NotationError) as e:
            Action.parse(text)
        assert e.value.rule == "NOTATION" and e.value.params["reason"] == reason


# --- positions of random games ---------------------------------------------------------------------
#: verbs seldom legal in random games: positions where they are, are kept more often
RARE_VERBS = frozenset({"jutsu", "mission", "counter", "discard", "grow", "client"})


@cache
def positions() -> tuple[tuple[dict, str | None, str], ...]:
    """(position, action played from it, step reached) triples sampled from random guided games of both
    formats and from referee-mode matches, so that every step where a player acts is reached a few
    times; the opening positions have no action before them."""
    out: list[tuple[dict, str | None, str]] = []
    for k in range(16):
        fmt = ("standard", "french")[k % 2]
        busy = k >= 10  # these games mostly do something rather than pass: more Jutsu, Missions, chains
        rng = random.Random(500 + k)
        decks = [random_deck(CARDS, fmt, rng) for _ in range(2)]
        m = new_match(decks, fmt=fmt, seed=rng.randrange(2**32))
        if k < 2:
            out.append((m.state.to_dict(), None, m.phase))
        taken: dict[str, int] = {}
        for _ in range(5000):
            actions = m.legal_actions()
            doing = [a for a in actions if a.verb not in ("pass", "next", "join")]
            pick = doing if busy and doing and rng.random() < 0.7 else actions
            before, action = m.state.to_dict(), rng.choice(pick)
            m.apply(action)
            if m.is_over():
                break
            rare = sorted({a.verb for a in m.legal_actions()} & RARE_VERBS)
            kind = rare[0] if rare else m.phase
            seen = taken.get(kind, 0)
            if seen == 0 or (seen < 6 and rng.random() < (0.5 if rare else 0.15)):  # every step, a few of each
                taken[kind] = seen + 1
                out.append((before, str(action), m.phase))
    for k in range(2):  # referee mode: hidden hands, a known deck list for seat 1 only
        rng = random.Random(900 + k)
        m = new_match([random_deck(CARDS, "standard", rng), None], mode="referee", seed=k)
        for _ in range(60):
            actions = [a for a in m.legal_actions() if not a.needs_naming]
            if m.is_over() or not actions:
                break
            before, action = m.state.to_dict(), rng.choice(actions)
            m.apply(action)
            if rng.random() < 0.4:
                out.append((before, str(action), m.phase))
    for setup, actions in HAND_MADE:  # a Jutsu exchange and a Mission phase with many choices
        m = scenario(**setup)
        for notation in actions[:-1]:
            m.apply(notation)
        before = m.state.to_dict()
        m.apply(actions[-1])
        out.append((before, actions[-1], m.phase))
    return tuple(out)


HAND_MADE = [
    (dict(phase="battle_attack", turn=7, counters=(4, 4),
          p1={"village": ["N-011", "N-001", "N-029"], "teams": [["N-011", "N-001"]], "deck": ["N-010"] * 5,
              "hand": ["J-005", "J-030", "J-001", "J-019", "J-012", "N-002"],
              "chakra": ["N-019", "N-020", "M-024", "J-016"]},
          p2={"village": ["N-018", "N-016", "N-014"], "teams": [["N-018", "N-016"]], "deck": ["N-003"] * 5,
              "hand": ["J-013", "J-032", "J-007"], "chakra": ["N-014", "N-015", "M-011", "N-020"]}),
     ["send T1 lead N-011", "send T2", "next", "block T1 on N-011 lead N-018", "next"]),
    (dict(phase="mission_main", turn=9, counters=(5, 3),
          p1={"hand": ["N-008", "N-023", "N-002", "M-006", "M-007", "J-001", "M-022", "N-020"],
              "village": ["N-025", "N-005"], "deck": ["N-003"] * 5},
          p2={"hand": ["M-009", "M-026", "N-020", "N-001"], "village": ["N-004"], "deck": ["N-003"] * 5}),
     ["charge J-001"]),
    (dict(phase="mission_main", turn=9, counters=(5, 3),
          p1={"hand": ["M-006", "N-002", "M-007"], "village": ["N-025"], "deck": ["N-003"] * 5},
          p2={"hand": ["M-009", "M-026", "N-020", "N-028"], "village": ["N-004"], "deck": ["N-003"] * 5}),
     ["mission M-006 pay N-002"]),
]


def test_sampled_positions_cover_every_step_with_a_choice():
    reached = Counter(phase for _, _, phase in positions())
    assert set(reached) >= {"setup_first", "setup_mulligan", "mission_main", "mission_window",
                            "mission_chain_priority", "organization_organize", "battle_attack", "battle_block",
                            "battle_exchange_open", "battle_exchange_chain_priority", "end_hand"}
    assert {p["mode"] for p, _, _ in positions()} == {"guided", "referee"}
    for i in range(len(positions())):
        assert match_at(i).phase == positions()[i][2]


@cache
def rich_positions() -> tuple[int, ...]:
    """Sampled steps where a seldom legal verb is listed."""
    return tuple(i for i in range(len(positions()))
                 if {a.verb for a in match_at(i).legal_actions()} & RARE_VERBS)


def position_index() -> st.SearchStrategy[int]:
    return st.one_of(st.sampled_from(range(len(positions()))), st.sampled_from(rich_positions()))


def match_at(i: int) -> Match:
    """The match at sampled step ``i``, reached by one action from the saved position before it, so
    that it has a history and a log to keep intact."""
    position, action, _ = positions()[i]
    m = load_match({"position": position})
    if action is not None:
        m.apply(action)
        assert len(m.history) == 1 and m.log
    return m


def token_pool(m: Match) -> list[str]:
    """Card numbers and target references that mean something in this position, plus junk."""
    s = m.state
    numbers = sorted({n for n in s.instances if n is not None})
    refs = []
    for seat, player in enumerate(s.players):
        for z in ("village", "battlefield", "chakra", "discard"):
            refs += [f"{s.instances[i]}@{seat + 1}" for i in getattr(player, z) if s.instances[i]]
        refs += [f"R{k + 1}@{seat + 1}" for k in range(len(player.rewards))]
    refs += [f"{s.instances[link['card']]}@{link['player'] + 1}" for link in s.chain]
    return numbers + refs + JUNK


def note(what: str) -> None:
    """A hypothesis event (shown with --hypothesis-show-statistics), when run by hypothesis."""
    if currently_in_test_context():
        event(what)


def snapshot(m: Match) -> tuple:
    return m.state.to_dict(), [str(a) for a in m.history], len(m.log)


_TEAM = re.compile(r"T0+(\d+)\Z")


def _team(token: str) -> str:
    hit = _TEAM.match(token)
    return f"T{int(hit.group(1))}" if hit else token


def canonical(a: Action, drop: tuple[str, ...] = ()) -> tuple:
    """An action up to what does not change its meaning: the payment chosen, the option order,
    ``from hand`` (the default), zero-padded team numbers and X values."""
    opts = {}
    for key, values in a.opts:
        if key == "pay" or key in drop or (key == "from" and values == ("hand",)):
            continue
        if key == "x" and all(v.isdigit() for v in values):
            values = tuple(str(int(v)) for v in values)
        opts[key] = values
    return a.verb, tuple(_team(t) for t in a.args), tuple(sorted(opts.items()))


def accounted_for(a: Action, listed: list[Action], phase: str, village_ninjas: set[str]) -> bool:
    """Is a legal (applied) action one of the listed ones or a legal variant of one?"""
    strs = {str(x) for x in listed}
    if str(a) in strs:
        return True
    if any(x.verb == a.verb and x.needs_naming for x in listed):
        return True  # referee mode: the card is named now
    if a.verb in ("charge", "discard"):
        return bool(a.args) and all(str(Action.of(a.verb, n)) in strs for n in a.args)
    if a.verb == "team":
        return phase == "organization_organize" and set(a.args) <= village_ninjas
    if canonical(a) in {canonical(x) for x in listed}:
        return True
    if a.verb in ("send", "block"):  # a one-Ninja team with its only Ninja named as leader
        return canonical(a, drop=("lead",)) in {canonical(x) for x in listed if not x.get("lead")}
    return False


def try_action(m: Match, text: str) -> bool:
    """Apply ``text`` and check the outcome either way; True when it was legal."""
    listed = m.legal_actions()
    phase = m.phase
    village = {m.state.instances[i] for i in m.state.players[m.state.attacker].village
               if m.state.card(i) is not None and m.state.card(i).type == "Ninja"}
    before = snapshot(m)
    verdict = m.explain(text)
    assert snapshot(m) == before, "explain changed the match"
    try:
        applied = m.apply(text)
    except IllegalAction as err:
        note(f"refused {err.rule}")
        assert isinstance(err.rule, str) and err.rule, text
        assert not verdict.legal and verdict.rule == err.rule, (text, verdict, err.rule)
        assert snapshot(m) == before, f"refused {text!r} ({err.rule}) changed the match"
        # a referee-mode template (`counter ?`) is listed so the player can name the card; it is
        # refused until the card is named (N-ZONE-2)
        concrete = {str(x) for x in listed if not x.needs_naming}
        assert " ".join(text.split()) not in concrete, f"listed {text!r} refused: {err.rule}"
        if " ".join(text.split()) in {str(x) for x in listed if x.needs_naming}:
            assert err.rule == "N-ZONE-2", (text, err.rule)
        return False
    note(f"legal {applied.verb}")
    assert verdict.legal, (text, verdict)
    assert accounted_for(applied, listed, phase, village), f"{text!r} applied at {phase} but is not legal: {listed}"
    assert violations(m.state) == []
    assert len(m.history) == len(before[1]) + 1 and str(m.history[-1]) == str(applied)
    m.undo()
    assert snapshot(m) == before
    return True


@st.composite
def notation(draw, m: Match) -> str:
    """Any notation, half the time with a verb this step takes, with its options and the cards of the
    acting player's hand, chakra and village, else with any keyword and any token."""
    listed = m.legal_actions()
    verbs = sorted({r.verb for r in m.rules.table.by_state[m.phase] if r.verb} or {"next"})
    verb = draw(st.one_of(st.sampled_from(verbs), st.sampled_from(VERBS + JUNK_VERBS)))
    keys = sorted({k for a in listed if a.verb == verb for k, _ in a.opts}) or sorted(KEYWORDS)
    s, seat = m.state, m.actor if m.actor is not None else 0
    near = sorted({s.instances[i] for z in ("hand", "chakra", "village", "battlefield")
                   for i in getattr(s.players[seat], z) if s.instances[i] is not None}) or JUNK
    values = sorted({v for a in listed for _, vs in a.opts for v in vs} | {v for a in listed for v in a.args}) or JUNK
    token = st.one_of(st.sampled_from(near), st.sampled_from(values), st.sampled_from(token_pool(m)))
    args = draw(st.lists(token, max_size=4))
    chosen = draw(st.lists(st.one_of(st.sampled_from(keys), st.sampled_from(sorted(KEYWORDS))),
                           max_size=3, unique=True))
    parts = [verb, *args]
    for key in chosen:
        parts += [key, *draw(st.lists(token, min_size=1, max_size=3))]
    return " ".join(parts)


@st.composite
def variant(draw, listed: list[Action], pool: list[str]) -> str:
    """A listed action, changed a little: an option dropped or added, a value replaced, the payment
    redone, the options reordered."""
    rich = [a for a in listed if a.args or a.opts]  # more often than `pass` and `next`
    a = draw(st.one_of(st.sampled_from(rich), st.sampled_from(listed)) if rich else st.sampled_from(listed))
    args, opts = list(a.args), [list(kv) for kv in a.opts]
    token = st.sampled_from(pool)
    how = draw(st.sampled_from(["drop", "add", "replace_arg", "replace_opt", "repay", "reorder", "extra_arg"]))
    if how == "drop" and opts:
        opts.pop(draw(st.integers(0, len(opts) - 1)))
    elif how == "add":
        key = draw(st.sampled_from(sorted(KEYWORDS - {k for k, _ in opts})))
        opts.append([key, tuple(draw(st.lists(token, min_size=1, max_size=2)))])
    elif how == "replace_arg" and args:
        args[draw(st.integers(0, len(args) - 1))] = draw(token)
    elif how == "replace_opt" and opts:
        k = draw(st.integers(0, len(opts) - 1))
        opts[k][1] = tuple(draw(st.lists(token, min_size=1, max_size=3)))
    elif how == "repay":
        pay = tuple(draw(st.lists(token, min_size=1, max_size=4)))
        opts = [kv for kv in opts if kv[0] != "pay"] + [["pay", pay]]
    elif how == "reorder":
        opts = draw(st.permutations(opts))
    elif how == "extra_arg":
        args.append(draw(token))
    return str(Action(a.verb, tuple(args), tuple((k, tuple(v)) for k, v in opts)))


@quick(1500)
@given(st.data())
def test_any_notation_is_legal_or_refused_with_a_rule_and_no_change(data):
    m = match_at(data.draw(position_index(), label="position"))
    try_action(m, data.draw(notation(m), label="notation"))


@quick(1500)
@given(st.data())
def test_variants_of_listed_actions_are_legal_or_refused_with_a_rule_and_no_change(data):
    m = match_at(data.draw(position_index(), label="position"))
    listed = [a for a in m.legal_actions() if not a.needs_naming]
    if not listed:
        return
    try_action(m, data.draw(variant(listed, token_pool(m)), label="variant"))


def test_every_listed_action_applies_keeps_the_invariants_and_undoes():
    tried = 0
    for i in range(len(positions())):
        m = match_at(i)
        for action in m.legal_actions():
            if action.needs_naming:
                continue
            assert try_action(m, str(action)), f"listed {action} refused at {m.phase}"
            tried += 1
    assert tried > 800


def test_refused_action_after_a_game_is_over():
    """N-TURN-1: once the game is over, nothing more may be done."""
    rng = random.Random(8)
    m = new_match([random_deck(CARDS, "standard", rng) for _ in range(2)], seed=8)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    assert m.legal_actions() == []
    before = snapshot(m)
    for text in ("next", "pass", "charge N-001", "first 1"):
        with pytest.raises(IllegalAction) as e:
            m.apply(text)
        assert e.value.rule == "N-TURN-1"
        assert snapshot(m) == before



@pytest.mark.parametrize("notation, bare, reason", [
    ("deploy N-008 target N-005@1", "deploy N-008", "option"),  # deploy takes no target
    ("deploy N-008 lead N-008", "deploy N-008", "option"),
    ("charge N-002 pay N-008", "charge N-002", "option"),
    ("deploy N-008 from hand chakra", "deploy N-008 from hand", "values"),  # one zone
    ("next N-008", "next", "arguments"),
])
def test_NOTATION_options_a_verb_does_not_take_are_refused_not_ignored(notation, bare, reason):
    """Found by the properties above: `keep J-001`, `deploy N-008 target ...` were accepted with the
    extra words silently ignored (and recorded in the history as written)."""
    m = scenario(phase="mission_main", turn=5, counters=(2, 2),
                 p1={"hand": ["N-008", "N-002"], "village": ["N-005"], "deck": ["N-003"] * 5},
                 p2={"deck": ["N-003"] * 5})
    before = snapshot(m)
    assert m.explain(bare).legal
    with pytest.raises(IllegalAction) as e:
        m.apply(notation)
    assert e.value.rule == "NOTATION" and e.value.params["reason"] == reason
    assert snapshot(m) == before


def test_NOTATION_keep_and_first_take_nothing_more():
    rng = random.Random(4)
    m = new_match([random_deck(CARDS, "standard", rng) for _ in range(2)], seed=4)
    for notation in ("first 1 pay N-001", "first 1 x 2"):
        with pytest.raises(IllegalAction) as e:
            m.apply(notation)
        assert e.value.rule == "NOTATION"
    m.apply("first 1")
    before = snapshot(m)
    for notation in ("keep J-001", "mulligan 2", "keep by N-001"):
        with pytest.raises(IllegalAction) as e:
            m.apply(notation)
        assert e.value.rule == "NOTATION"
        assert snapshot(m) == before
    m.apply("keep")
    assert m.state.players[0].kept
