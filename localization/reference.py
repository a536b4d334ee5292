"""The rules reference: every rule id explained in the reader's language, grouped by game and
section, searchable, each entry linking to the rules it mentions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import Translator, _sources, current
from .text import fold

_RULE_ID = re.compile(r"\b(?:[NL]-[A-Z0-9]+(?:-[A-Z0-9]+)*|N-TURN|NOTATION)\b")


@dataclass(frozen=True)
class RuleText:
    rule: str
    game: str
    section: str
    title: str
    summary: str
    reference: str
    links: tuple[str, ...]  # other rule ids its text mentions, in order


def links(text: str, own: str = "") -> tuple[str, ...]:
    known = _sources().rules
    found: list[str] = []
    for rule in _RULE_ID.findall(text):
        if rule in known and rule != own and rule not in found:
            found.append(rule)
    return tuple(found)


def rule_text(rule: str, tr: Translator | None = None) -> RuleText:
    tr = tr or current()
    entry = _sources().rules[rule]
    game, _, section = entry["group"].partition(".")
    reference = tr.rule_field(rule, "reference")
    return RuleText(rule, game, section, tr.rule_field(rule, "title"), tr.rule_field(rule, "summary"),
                    reference, links(reference + " " + entry["reference"], rule))


def all_rules(tr: Translator | None = None, game: str | None = None) -> list[RuleText]:
    """Every rule in the order of the rules text, grouped by game then section as they come."""
    out = [rule_text(r, tr) for r in _sources().rules]
    return [r for r in out if game is None or r.game == game]


def search(text: str, tr: Translator | None = None, limit: int = 20) -> list[RuleText]:
    """Rules whose id, title, summary or explanation contain every word typed (folded, so case,
    accents and ё/е do not matter), best first: the id itself, then words in the title, then in the
    summary, then in the explanation."""
    words = fold(text).split()
    if not words:
        return []
    ranked = []
    for order, r in enumerate(all_rules(tr)):
        rule, title, summary, body = (fold(x) for x in (r.rule, r.title, r.summary, r.reference))
        whole = " ".join((rule, title, summary, body))
        if not all(w in whole for w in words):
            continue
        query = " ".join(words)
        score = (0 if rule == query else 1 if rule.startswith(query) else
                 2 if all(w in title for w in words) else 3 if all(w in summary for w in words) else 4)
        ranked.append((score, order, r))
    return [r for _, _, r in sorted(ranked, key=lambda x: x[:2])][:limit]
