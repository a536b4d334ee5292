"""The rules reference as documents: ``python -m localization.rules_doc`` writes
``docs/rules.<lang>.md`` for every language.

The code, the tests and the README cite rule ids (N-DEPLOY-4, L-CHAIN-2...); these documents are
where a reader looks them up. They say exactly what the program says, ``referee rules show`` and the
application's rules page alike, because they are made from the same texts (`localization.reference`:
`localization/sources/rules.toml` in English, the catalogues in the other languages, English where a
translation is missing). They are committed, so they can be read without running anything, and a
test regenerates them, so they cannot fall behind rules.toml or the catalogues; nothing in them
depends on the day or the machine, so regenerating them changes nothing unless a text changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from . import LANGUAGES, Messages, Translator, translator
from .cli import MESSAGES as CLI_MESSAGES, SECTION_TERMS
from .reference import RuleText, all_rules

MESSAGES = Messages("localization.rules_doc", {
    "title": "Rules reference",
    "intro": "This document is generated from localization/sources/rules.toml (python -m "
             "localization.rules_doc); the program shows the same texts. Where the program follows an "
             "original rules text over a restatement, the rule says so.",
    "kernel": "The referee's own rules",
    "kernel_intro": "The referee also cites these ids, for what the numbered rules of the games leave "
                    "to it: the order of the turn, deck lists, the files it plays from and the notation "
                    "of actions.",
})

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: the id of a numbered rule of a game (N-SETUP-3, N-KEY-PERM-2, L-WIN-4); any other id (N-TURN,
#: L-TURN, DECKLIST, POSITION, NOTATION) is one the referee itself cites
_NUMBERED = re.compile(r"[NL]-[A-Z]+(?:-[A-Z]+)*-\d+")
#: characters that would turn plain text into Markdown markup
_MARKUP = re.compile(r"([\\`*_<])")


def doc_path(lang: str) -> Path:
    return DOCS / f"rules.{lang}.md"


def is_numbered(rule: str) -> bool:
    """Whether ``rule`` is a numbered rule of a game, listed under its game; the others come last."""
    return _NUMBERED.fullmatch(rule) is not None


def _plain(text: str) -> str:
    """Text shown as written: the rules' texts are plain text, not Markdown."""
    return _MARKUP.sub(r"\\\1", text)


def _section(tr: Translator, r: RuleText) -> str:
    """The name of a rule's section, as ``referee rules list`` and the application name it."""
    return tr.term(SECTION_TERMS, f"{r.game}.{r.section}")


def _rule(r: RuleText) -> list[str]:
    """One rule: a heading that begins with its id (so its anchor does too), the summary, the text."""
    return [f"#### {r.rule} — {_plain(r.title)}", "", f"*{_plain(r.summary)}*", "", _plain(r.reference), ""]


def render(lang: str) -> str:
    """The rules reference of one language as Markdown: per game, per section, each rule in the order
    of the rules text; then the ids the referee itself cites, each under its game and section."""
    tr = translator(lang)
    rules = all_rules(tr)
    lines = [f"# {MESSAGES.render('title', tr)}", "", MESSAGES.render("intro", tr), ""]
    game = section = None
    for r in rules:
        if not is_numbered(r.rule):
            continue
        if r.game != game:
            game, section = r.game, None
            lines += [f"## {tr.term('game', r.game)}", ""]
        if r.section != section:
            section = r.section
            lines += [f"### {_section(tr, r)}", ""]
        lines += _rule(r)
    lines += [f"## {MESSAGES.render('kernel', tr)}", "", MESSAGES.render("kernel_intro", tr), ""]
    heading = None
    for r in rules:
        if is_numbered(r.rule):
            continue
        if (r.game, r.section) != heading:
            heading = (r.game, r.section)
            name = CLI_MESSAGES.render("section", tr, game=tr.term("game", r.game), section=_section(tr, r))
            lines += [f"### {name}", ""]
        lines += _rule(r)
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    for lang in LANGUAGES:
        doc_path(lang).write_text(render(lang), encoding="utf-8", newline="\n")
        print(doc_path(lang).relative_to(DOCS.parent))


if __name__ == "__main__":
    main()
