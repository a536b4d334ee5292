"""Reading a card's English effect text into the effect vocabulary (issue 17).

Set 1's effects were written as data by hand (data/effects.toml); every other card of the game has
only its printed English text. This reader parses that text with a grammar of the game's recurring
phrasings, kept as data (data/effects.lark, an LALR(1) grammar: a text is read in about 0.2 ms, so an
import of the whole catalogue stays quick), and a lark Transformer builds
the definition in exactly the shape effects.toml gives a card, so the engine carries it out like a
hand-written one.

It is conservative by design: a wrong automation is worse than none, so a card is read only when
every line of its text is understood; one unknown sentence and `read` gives None, and the card stays
with the manual toolbox, whole. A Jutsu's or Mission's "Requirements:" and "Target:" lines are read
too (`read_card`), since the operations' meaning depends on them; the engine keeps them as the
card's `requirement` and `target` columns, not in the definition. So is the effect kind the text
implies (`Reading.kind`, set01.csv's ``effect_kind``): it is what makes a "Valid:" Ninja's effect
hold while injured (N-KEY-VALID-1), and what the manual toolbox prompts by if the card is set back
to manual.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, VisitError

from .cards import RANKS, SYMBOLS, Card, bundled
from .targets import TARGETS

#: the characters of the catalogue's texts that the grammar writes in one plain form
_PLAIN = str.maketrans({"“": '"', "”": '"', "’": "'", "‘": "'"})


#: the effect kind of a played card's text, by card type, as set01.csv gives Set 1's (a Permanent or
#: Counter Mission's keyword line is not read, so a read Mission is a plain one)
_PLAYED_KINDS = {"Jutsu": "jutsu", "Mission": "mission"}


#: the grammar's operations on the card's targets that take no number: rule -> (op, parameters)
_ON_TARGETS = {
    "injure": ("injure", {}),
    "heal": ("heal", {}),
    "to_hand": ("move", {"zone": "hand"}),
    "to_chakra": ("move", {"zone": "chakra"}),
    "to_discard": ("move", {"zone": "discard"}),
    "to_standby": ("move", {"zone": "standby"}),
    "negate": ("negate", {"zone": "discard"}),
    "negate_to_hand": ("negate", {"zone": "hand"}),
    "must_attack": ("restrict", {"rule": "must_attack"}),
    "zero": ("zero", {}),
    "to_deck": ("move", {"zone": "deck"}),
    "combat_zero": ("set", {"combat": 0}),
    "reset": ("reset", {}),
    "swap_leader": ("swap_leader", {}),
    "leave_team": ("leave_team", {}),
    "no_showdown": ("restrict", {"rule": "no_showdown"}),
    "no_damage": ("restrict", {"rule": "no_damage"}),
    "must_block": ("restrict", {"rule": "must_block"}),
    "unnegatable_text": ("restrict", {"rule": "unnegatable"}),
}

#: the grammar's sentences that are a rule word of the card (abilities.py, lasting.py): a Ninja's line,
#: or a Permanent Mission's standing rule
_RULE_WORDS = frozenset({"no_attack", "no_block", "not_alone", "unnegatable", "no_symbol_jutsu", "no_low_teammates",
                         "grounded_while_leading", "unremovable_by_jutsu"})
_STANDING = frozenset({"extra_draw", "two_missions", "cost_up"})

#: the effect kinds of a Ninja's lines (set01.csv): a text with one of them is a Ninja's
NINJA_KINDS = frozenset({"valid", "continuous", "on_attack", "on_battle", "start_of_turn"})


#: the target kinds found from a Jutsu's user (its team, the team it fights): none for a Mission
USER_TARGETS = frozenset({"user", "fighting", "every_fighting", "own_team", "user_team", "opposing_rear"})


class Unread(Exception):
    """A sentence the grammar parses but the vocabulary cannot say (a quoted requirement that is not
    a rank, a +0/+0): the card stays manual."""


@dataclass
class Reading:
    """What a text says: the effect definition (effects.toml's shape), a Jutsu's or Mission's
    requirement and target kind, and the effect kind (set01.csv's columns)."""

    effect: dict[str, list[dict]] = field(default_factory=dict)
    requirement: str = ""
    target: str = "none"
    kind: str = "none"


@cache
def _parser() -> Lark:
    grammar = resources.files(__package__).joinpath("data/effects.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", maybe_placeholders=False)


def _plain(text: str) -> str:
    """One plain form of a text: straight quotes, single spaces, no blank lines."""
    lines = (" ".join(line.split()) for line in text.translate(_PLAIN).splitlines())
    return "\n".join(line for line in lines if line)


def read_card(text: str, card_type: str = "", lexicon: Lexicon | None = None) -> Reading | None:
    """The reading of a whole effect text, or None unless every line is understood. Given the
    card's type, a played card's text ("Effect:" lines) gets its type's effect kind, and a text
    whose lines do not fit the type (a Ninja's "Effect:", a Jutsu's "Valid:") is not read; without
    it, a played card's kind stays "none". ``lexicon`` tells a quoted name from a characteristic
    (by default the bundled card list's, `bundled_lexicon`)."""
    text = _plain(text)
    if not text:
        return None
    parser = _parser()  # outside the try: a grammar error is a bug, not an unread text
    try:
        reading = _Build(lexicon or bundled_lexicon()).transform(parser.parse(text))
    except VisitError as exc:
        if isinstance(exc.orig_exc, Unread):
            return None
        raise
    except LarkError:
        return None
    if card_type and (card_type in _PLAYED_KINDS) == (reading.kind in NINJA_KINDS):
        return None
    if reading.kind in ("counter", "permanent") and card_type != "Mission":  # a Mission's keywords
        return None
    if card_type == "Mission" and reading.target in USER_TARGETS:  # a Mission has no user to aim from
        return None
    if card_type in _PLAYED_KINDS and reading.kind == "none":
        reading.kind = _PLAYED_KINDS[card_type]
    return reading


def read(text: str) -> dict[str, list[dict]] | None:
    """The effect definition of a text (as effects.toml writes one card's), or None (stays manual)."""
    reading = read_card(text)
    return None if reading is None else reading.effect


def _name(quoted) -> str:
    """The quoted word, without the comma or full stop texts put inside the quotes ("Doki,")."""
    return str(quoted)[1:-1].strip().rstrip(",.").strip()


@dataclass(frozen=True)
class Lexicon:
    """The Ninjas' names and characteristics a quoted requirement may be (a Jutsu's or Mission's name
    never is one), each by its lowercase form, to the spelling the cards print: texts write
    "Clone status" for the characteristic "Clone Status". The bundled card list (Set 1) knows few of
    the game's characters, so an import gives the reader the names of every Ninja in its file."""

    names: dict[str, str]
    characteristics: dict[str, str]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Lexicon:
        ninjas = [c for c in cards if c.type == "Ninja"]
        return cls({n.lower(): n for c in ninjas for n in sorted(c.names)},
                   {ch.lower(): ch for c in ninjas for ch in c.characteristics})

    def word(self, quoted) -> str:
        """A quoted word as a requirement: ``name:`` or ``char:`` as the cards print it; a word the
        list does not know, or knows as both, could be either, and the card stays manual."""
        word = _name(quoted).lower()
        name, characteristic = self.names.get(word), self.characteristics.get(word)
        if (name is None) == (characteristic is None):
            raise Unread(f"{word!r}: a name or a characteristic?")
        return f"name:{name}" if name is not None else f"char:{characteristic}"


@cache
def bundled_lexicon() -> Lexicon:
    """The words of the bundled card list, for texts read without a catalogue."""
    return Lexicon.of(bundled())


def _with_additional(ops: list[dict]) -> list[dict]:
    """An "additional" boost under a fact, right after a boost of the same card, makes that boost
    two: the first unless the fact holds, the second, the sum, if it does (J-019). Anywhere else it
    is not read."""
    out: list[dict] = []
    for op in ops:
        if op["op"] != "additional":
            out.append(op)
            continue
        before = out[-1] if out else {}
        if before.get("op") != "boost" or before["to"] != op["to"] or len(op.get("if", ())) != 1 or set(before) - {
                "op", "to", "combat", "support"}:
            raise Unread("an additional boost without the boost it adds to")
        total = {k: before.get(k, 0) + op.get(k, 0) for k in ("combat", "support")}
        out[-1] = {**before, "unless": op["if"]}
        out.append({"op": "boost", "to": op["to"], **{k: v for k, v in total.items() if v}, "if": op["if"]})
    return out


def _symbol(token) -> str:
    """A symbol word, quoted or not, as the cards print it (``Water``); a quoted word that is no
    symbol is not read."""
    word = (_name(token) if token.type == "QUOTED" else str(token)).capitalize()
    if word not in SYMBOLS:
        raise Unread(f"{word!r} is no symbol")
    return word


def _all_of(*words: str) -> str:
    """Requirements all to be met, as `targets.meets` reads them: a clause of the same kind as the one
    before drops its kind (``char:Leaf+Genin``)."""
    out, kind = [], None
    for word in words:
        k, _, value = word.partition(":")
        out.append(value if k == kind else word)
        kind = k
    return "+".join(out)


def _ninja_kind(key: str, ops) -> str:
    """The effect kind of a Ninja's line that is not Valid, as set01.csv classifies Set 1's: a boost
    when sent out to Attack is ``on_attack`` (N-006), one when sent to Battle or while in a sent
    Team or against a kind of Ninja ``on_battle`` (N-041, N-021, N-004), an offer at the start of the
    turn ``start_of_turn`` (N-013), one when sent out ``on_battle`` (N-027);
    any other (a standing boost or cost, an effect when put in play or on a Victory) holds with no
    prompt to give, ``continuous``."""
    if key == "sent":
        return "on_attack" if all("attacking" in op.get("if", []) for op in ops) else "on_battle"
    if key == "while" and any(w == "sent" or w.startswith("fighting:") for op in ops for w in op.get("if", [])):
        return "on_battle"
    if key == "offer":
        return {"start": "start_of_turn", "sent": "on_battle"}[ops["when"]]
    return "continuous"


def _operations(effect: dict) -> list[dict]:
    """Every operation of a definition, those a coin's sides hold included, but not an optional
    ability's (its operations are about its own target), the rule words nor the target filter (no
    operations)."""
    out: list[dict] = []
    todo = [op for key, ops in effect.items() if key not in ("offer", "rules", "filter") for op in ops]
    while todo:
        op = todo.pop()
        out.append(op)
        todo += op.get("heads", []) + op.get("tails", [])
    return out


@v_args(inline=True)
class _Build(Transformer):
    """Each sentence to ``(key, value)``; `start` gathers them into a `Reading`."""

    def __init__(self, lexicon: Lexicon) -> None:
        super().__init__()
        self.lexicon = lexicon

    # --- the whole text ----------------------------------------------------------------------------
    @v_args(inline=False)
    def start(self, items) -> Reading:
        out = Reading()
        kinds = [item[2] for item in items if len(item) == 3]
        if "valid" in kinds and set(kinds) != {"valid"}:
            raise Unread("a Valid line beside one that is not: Valid is the whole effect's (N-KEY-VALID-1)")
        out.kind = kinds[0] if kinds else "none"
        selector = None
        for key, value, *_ in items:
            if key == "keyword":
                if out.kind != "none":
                    raise Unread("two keyword lines, or a keyword beside a Ninja's line")
                out.kind = value
            elif key == "standing":
                out.effect.setdefault("rules", []).extend(value)
            elif key == "select":
                selector = value
            elif key == "requirement":
                out.requirement = value
            elif key == "target":
                out.target = value
            elif key == "target_filter":  # "1 of your "Genin" Ninjas": a kind and the card's target filter
                out.target, out.effect["filter"] = value
            elif key == "offer":
                if key in out.effect:
                    raise Unread("two optional abilities")
                out.effect[key] = value
            else:
                out.effect.setdefault(key, []).extend(value)
        if "do" in out.effect and set(out.effect) - {"do", "filter"}:
            raise Unread("a played card's effect mixed with a Ninja's abilities")
        standing = out.kind == "permanent"
        if standing != ("rules" in out.effect and not kinds):
            raise Unread("a Permanent Mission is read only as standing rules, and standing rules only on one")
        on_targets = [op for op in _operations(out.effect) if op.get("to") == "targets"]
        if selector is not None:  # "Every Ninja": the operations act on those Ninjas, no target is chosen
            if not on_targets or out.target != "none" or "do" not in out.effect:
                raise Unread("a target line of Ninjas acted on directly, with nothing done to the target")
            for op in on_targets:
                op["to"] = selector
            return out
        if on_targets and out.target == "none":
            raise Unread("an operation on a target the text does not name")
        if out.target == "user":  # "the target" of a card that targets its user is the user
            for op in _operations(out.effect):
                if op.get("to") == "targets":
                    op["to"] = "user"
                for key in ("if", "unless"):
                    if key in op:
                        op[key] = [w.replace("target:", "user:", 1) for w in op[key]]
        return out

    # --- Jutsu and Mission lines ---------------------------------------------------------------
    @v_args(inline=False)
    def requirement(self, clauses):
        """Clauses joined by ``+``, all to be met (`targets.meets`)."""
        return "requirement", "+".join(clauses)

    def requirement_attribute(self, quoted):
        return f"attr:{_name(quoted)}"

    def requirement_word(self, quoted):
        """A rank ("Chunin": that rank or higher), else a card name or a characteristic."""
        if _name(quoted) in RANKS:
            return f"rank:{_name(quoted)}"
        return self.lexicon.word(quoted)

    def requirement_rank(self, quoted):
        """"Jonin" or higher Rank: the rank requirement (a quoted rank alone says the same)."""
        if _name(quoted) not in RANKS:
            raise Unread(f"{_name(quoted)!r} is no rank")
        return f"rank:{_name(quoted)}"

    def requirement_cost(self, clause):
        """"An Entrance cost of 3 or more": the user's printed Entrance cost."""
        return f"cost_min:{int(str(clause).split()[4])}"

    def target(self, kind):
        return kind if isinstance(kind, tuple) else ("target", kind)  # a filtered target says itself

    def tf_own_ninja(self, quoted):
        return "target_filter", ("own_ninja", self.lexicon.word(quoted))

    def tf_fighting(self, quoted):
        return "target_filter", ("fighting", self.lexicon.word(quoted))

    def tf_every_fighting(self, quoted):
        return "target_filter", ("every_fighting", self.lexicon.word(quoted))

    def tf_ninja(self, quoted):
        return "target_filter", ("ninja", self.lexicon.word(quoted))

    def every_ninja(self):
        return "select", "all"

    def all_own_injured(self):
        return "select", "own_injured"

    @v_args(inline=False)
    def effect(self, sentences):
        """The operations in order; a sentence may be two (a boost and a characteristic)."""
        return "do", _with_additional([op for ops in sentences for op in (ops if isinstance(ops, list) else [ops])])

    @v_args(inline=False)
    def standing_effect(self, rules):
        return "standing", rules

    def counter(self):
        return "keyword", "counter"

    def permanent(self):
        return "keyword", "permanent"

    def requirement_leader(self):
        return "leader"

    # --- Ninja lines -----------------------------------------------------------------------------
    def ninja_line(self, *items):
        """``(key, value, kind)``: the line's kind is ``valid`` after "Valid:", else its timing's."""
        key, value = items[-1]
        return key, value, "valid" if len(items) == 2 else _ninja_kind(key, value)

    def valid(self):
        return "valid"

    def static(self, power):
        return "while", [{"op": "boost", "to": "self", **power}]

    def with_name(self, quoted, power):
        return "while", [{"op": "boost", "to": "self", **power, "if": ["sent", f"team_has:name:{_name(quoted)}"]}]

    def deployed(self, op):
        return "deployed", [op]

    def sent_attack(self, power):
        return "sent", [{"op": "boost", "to": "self", **power, "if": ["attacking"]}]

    def sent_battle(self, power):
        return "sent", [{"op": "boost", "to": "self", **power}]

    def won(self, op):
        return "won", [op]

    def deployed_boost(self, power):
        return "deployed", [{"op": "boost", "to": "self", **power}]

    def start_offer(self, n, *quoted):
        offer = {"when": "start", "chakra": n, "target": "own_injured"}
        if quoted:
            offer["filter"] = self.lexicon.word(quoted[0])
        return "offer", {**offer, "do": [{"op": "heal", "to": "targets"}]}

    def while_fact(self, word, power):
        return "while", [{"op": "boost", "to": "self", **power, "if": [word]}]

    def fighting_boost(self, quoted, power):
        return "while", [{"op": "boost", "to": "self", **power, "if": [f"fighting:{self.lexicon.word(quoted)}"]}]

    def leader_sent(self, quoted, power):
        return "while", [{"op": "boost", "to": "self", **power, "if": ["sent", f"leader_is:{self.lexicon.word(quoted)}"]}]

    def leader_attribute(self, quoted, attribute, power):
        return "while", [{"op": "boost", "to": "self", **power,
                          "if": ["sent", f"leader_is:{self.lexicon.word(quoted)}", f"leader_is:attr:{_name(attribute)}"]}]

    def with_traits(self, first, second, power):
        both = _all_of(self.lexicon.word(first), self.lexicon.word(second))
        return "while", [{"op": "boost", "to": "self", **power, "if": ["sent", f"team_has:{both}"]}]

    def team_boost(self, first, second, power):
        both = _all_of(self.lexicon.word(first), self.lexicon.word(second))
        return "while", [{"op": "boost", "to": "team", "filter": both, **power, "if": ["sent"]}]

    def battle_start(self, phase, op):
        if phase.type == "YOUR_BATTLE":
            op = {**op, "if": [*op.get("if", []), "my_turn"]}
        return "battle_start", [op]

    def used(self, op):
        return "used", [op]

    def boost_self(self, power):
        return {"op": "boost", "to": "self", **power}

    def damaged(self, flip):
        return "damaged", [flip]

    def sent_offer(self, most, op):
        return "offer", {"when": "sent", "if": [f"chakra_max:{int(most)}"], "do": [op]}

    def hand_cost_rank(self, quoted, delta):
        if _name(quoted) not in RANKS:
            raise Unread(f"{_name(quoted)!r} is no rank")
        return self._hand_cost(f"rank:{_name(quoted)}", delta)

    def hand_cost(self, quoted, delta):
        return self._hand_cost(self.lexicon.word(quoted), delta)

    def _hand_cost(self, word: str, delta):
        if not int(delta):
            raise Unread("an Entrance cost changed by 0")
        return "while", [{"op": "cost", "owner": "self", "filter": word, "delta": int(delta)}]

    # --- facts: each a condition word (conditions.py) ------------------------------------------------
    def if_fact(self, word, op):
        return {**op, "if": [*op.get("if", []), word]}

    def chakra_min(self, n):
        return f"chakra_min:{int(n)}"

    def hand_min(self, n):
        return f"hand_min:{int(n)}"

    def hand_max(self, n):
        return f"hand_max:{int(n)}"

    def opponent_chakra_min(self, n):
        return f"opponent_chakra_min:{int(n)}"

    def opponent_hand_min(self, n):
        return f"opponent_hand_min:{int(n)}"

    def own_in_play(self, *ninja):
        return f"own_in_play:{self._ninja(*ninja)}"

    def opponent_in_play(self, *ninja):
        return f"opponent_in_play:{self._ninja(*ninja)}"

    def symbol(self, token):
        return f"symbol:{_symbol(token)}"

    def user_symbol(self, symbol):
        return f"user:{symbol}"

    def user_attribute(self, quoted):
        return f"user:attr:{_name(quoted)}"

    def user_is(self, quoted):
        return f"user:{self._ninja(quoted)}"

    def target_symbol(self, symbol):
        return f"target:{symbol}"

    def target_attribute(self, quoted):
        return f"target:attr:{_name(quoted)}"

    def _ninja(self, *tokens) -> str:
        """A kind of Ninja as a requirement: a symbol, a rank ("Jonin" Ninjas: that rank or higher, as
        a requirement says), or a name or characteristic; "1 or more" of them (a count of more is
        not a word of the vocabulary)."""
        *count, token = tokens
        if count and int(count[0]) != 1:
            raise Unread("more than one Ninja counted")
        if not isinstance(token, Token):  # a symbol (`symbol`)
            return token
        return f"rank:{_name(token)}" if _name(token) in RANKS else self.lexicon.word(token)

    # --- operations ------------------------------------------------------------------------------
    def draw(self, n):
        return {"op": "draw", "who": "self", "n": n}

    def both_draw(self, n):
        return {"op": "draw", "who": "each", "n": n}

    def look_hand(self):
        return {"op": "look", "who": "opponent", "zone": "hand"}

    def with_ninja_in_hand(self, op):
        return {**op, "if": ["opponent_hand_has:Ninja"]}

    def lower_damage(self, n):
        return {"op": "lower_damage", "n": n}

    def cheaper(self, most, delta):
        if not int(delta):
            raise Unread("an Entrance cost changed by 0")
        return {"op": "restrict", "rule": f"cost:{int(delta)}:{int(most)}"}

    def additional(self, subject, power):
        return {"op": "additional", "to": subject, **power}

    def boost_gain(self, subject, power, quoted):
        return [self.boost(subject, power), self.gain(subject, quoted)]

    def boost_immune(self, subject, power):
        return [self.boost(subject, power), self.untargetable(subject)]

    def boost_hands(self, subject, xpower):
        """-X/-X, X the cards in both hands when it applies (`power.value`'s ``hands``)."""
        signs = {"+X": "hands", "-X": "-hands"}
        combat, support = str(xpower).split("/")
        return {"op": "boost", "to": subject, "combat": signs[combat], "support": signs[support]}

    def damage_except(self, n, attribute):
        return {"op": "damage", "to": "targets", "n": n, "unless": [f"target:attr:{_name(attribute)}"]}

    def mill(self, n):
        return {"op": "mill", "who": "opponent", "n": n}

    def deck_to_chakra(self, n):
        return {"op": "deck_to_chakra", "n": n}

    def boost(self, subject, power):
        return {"op": "boost", "to": subject, **power}

    def damage(self, n):
        return {"op": "damage", "to": "targets", "n": n}

    def flip(self, heads, tails=None):
        return {"op": "flip", "heads": [heads], **({"tails": [tails]} if tails else {})}

    def gain(self, subject, quoted):
        """A characteristic for the turn (a quoted name or attribute is not one: the card stays manual)."""
        word = self.lexicon.word(quoted)
        if not word.startswith("char:"):
            raise Unread("a quoted name gained")
        return {"op": "gain", "to": subject, "char": word[5:]}

    def with_teammate(self, *items):
        """The action done only if the user's Team holds each quoted Ninja (a name: a characteristic
        there would be "a ... Ninja")."""
        *quoted, op = items
        words = [self.lexicon.word(q) for q in quoted]
        if not all(w.startswith("name:") for w in words):
            raise Unread("a teammate by characteristic")
        return {**op, "if": [*op.get("if", []), *(f"user_team_has:{w}" for w in words)]}

    def untargetable(self, subject):
        return {"op": "restrict", "rule": "immune", "to": subject}

    # --- words -----------------------------------------------------------------------------------
    def the_target(self):
        return "targets"

    def the_user(self):
        return "user"

    def power(self, combat, support):
        """Only the non-zero parts, as effects.toml writes them (``combat = 1`` for +1/+0)."""
        out = {k: int(v) for k, v in (("combat", combat), ("support", support)) if int(v)}
        if not out:
            raise Unread("+0/+0")
        return out

    def count(self, token):
        return 1 if str(token).lower() in ("a", "one") else int(token)

    def __default__(self, data, children, meta):
        """A target kind (``t_fighting``: the word of `TARGETS`), an operation on the targets
        without parameters (`_ON_TARGETS`), a rule word of a Ninja (`_RULE_WORDS`) or a standing rule
        (`_STANDING`)."""
        if data.startswith("t_") and data[2:] in TARGETS:
            return data[2:]
        if data in _RULE_WORDS:
            return "rules", [data]
        if data in _STANDING:
            return data
        if data in _ON_TARGETS:
            return {"op": _ON_TARGETS[data][0], "to": "targets", **_ON_TARGETS[data][1]}
        raise Unread(f"no reading for {data}")
