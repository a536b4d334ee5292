"""`referee rules list|show|search`: the rules reference on the command line."""

from __future__ import annotations

import argparse
import sys

from referee.games import GAMES

from . import Messages, current
from .reference import all_rules, rule_text, search

MESSAGES = Messages("localization.cli", {
    "rules_help": "the rules reference",
    "list_help": "every rule, grouped by game and section",
    "show_help": "one rule explained",
    "search_help": "rules that mention every word given",
    "game_help": "only this game's rules",
    "rule_help": "a rule id such as N-DEPLOY-4",
    "text_help": "words to look for",
    "unknown": "There is no rule {rule}. Try: referee rules search WORDS",
    "see_also": "See also: {rules}",
    "nothing": "No rule mentions: {text}",
    "section": "{game}: {section}",
})

SECTION_TERMS = "section"


def _show(args: argparse.Namespace) -> int:
    rule = args.rule.upper()
    try:
        r = rule_text(rule)
    except KeyError:
        print(MESSAGES("unknown", rule=args.rule), file=sys.stderr)
        return 2
    print(f"{r.rule} — {r.title}")
    print(r.summary)
    print()
    print(r.reference)
    if r.links:
        print()
        print(MESSAGES("see_also", rules=", ".join(f"{x} ({rule_text(x).title})" for x in r.links)))
    return 0


def _list(args: argparse.Namespace) -> int:
    tr = current()
    heading = None
    for r in all_rules(game=args.game):
        if (r.game, r.section) != heading:
            heading = (r.game, r.section)
            print(MESSAGES("section", game=tr.term("game", r.game), section=tr.term("section", f"{r.game}.{r.section}")))
        print(f"  {r.rule:<16} {r.title}")
    return 0


def _search(args: argparse.Namespace) -> int:
    text = " ".join(args.text)
    found = search(text)
    if not found:
        print(MESSAGES("nothing", text=text))
        return 1
    for r in found:
        print(f"{r.rule:<16} {r.title}: {r.summary}")
    return 0


def register(commands: dict) -> None:
    """Entry point ``referee.commands``."""
    m = MESSAGES
    rules = commands["top"].add_parser("rules", help=m("rules_help"), description=m("rules_help"))
    sub = rules.add_subparsers(dest="rules_command", required=True)
    ls = sub.add_parser("list", help=m("list_help"), description=m("list_help"))
    ls.add_argument("--game", choices=tuple(GAMES), default=None, help=m("game_help"))
    ls.set_defaults(run=_list)
    sh = sub.add_parser("show", help=m("show_help"), description=m("show_help"))
    sh.add_argument("rule", help=m("rule_help"))
    sh.set_defaults(run=_show)
    se = sub.add_parser("search", help=m("search_help"), description=m("search_help"))
    se.add_argument("text", nargs="+", help=m("text_help"))
    se.set_defaults(run=_search)
