"""Every word the program shows, in English (the source), Spanish, Russian and French.

One catalogue system serves the engine's refusals, the command line and the GUI: GNU gettext
catalogues (``locale/<lang>/LC_MESSAGES/referee.po``, compiled to ``.mo`` and committed, a test
keeping the two in step), read with Python's own `gettext`, so nothing here needs Qt. Entries are
keyed by a context (``rule:N-DEPLOY-4:message``, ``term:zone:village``, ``ui:cards.db:locked``...)
and the English text; `sources/` holds the English texts of rules and terms, and each module that
prints something keeps its English templates in a `Messages` table next to its code.

The active language is process-wide (`set_language`); it is chosen from ``--lang``, then the
``REFEREE_LANG`` variable, then the system locale; anything else falls back to English with a notice.
"""

from __future__ import annotations

import errno

import gettext
import locale
import os
import re
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from referee.games import GAMES, of_rule

LANGUAGES = ("en", "es", "ru", "fr")
TRANSLATED = ("es", "ru", "fr")
DOMAIN = "referee"
LOCALE_DIR = Path(__file__).parent / "locale"
ENV_LANG = "REFEREE_LANG"

#: parameters whose values are names of things, shown in the reader's language
TERM_PARAMS = {
    "step": "step", "next": "step", "allowed": "step", "zone": "zone", "kind": "target",
    "symbols": "symbol", "symbol": "symbol", "expected": "card_type", "actual": "card_type",
    "result": "outcome", "format": "format", "mode": "mode", "phase": "phase", "verb": "verb",
    "source": "zone", "restriction": "restriction", "choice": "choice", "coin": "coin", "tool": "tool",
    "game": "game", "expansion": "expansion", "expansions": "expansion",
}
CARD_PARAMS = {"card", "number", "user", "lead", "on", "over", "against", "payer", "name_of", "by", "answered"}
#: in the match log, also these name cards (one card number or a list of them)
EVENT_CARD_PARAMS = CARD_PARAMS - {"by"} | {"rear", "cards", "paid", "answers"}
#: in the match log, these are seats (0 or 1, or any of a Llamas table's), shown as the players' names
SEAT_PARAMS = {"player", "first", "attacker", "winner", "owner", "to", "by"}
_FIELD = re.compile(r"\{(\w+)[^}]*\}")


def placeholders(text: str) -> set[str]:
    return set(_FIELD.findall(text))


class Translator:
    """Lookups in one language. English reads the source texts themselves."""

    def __init__(self, lang: str):
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.lang = lang
        self._t: gettext.NullTranslations = (
            gettext.NullTranslations() if lang == "en"
            else gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True))

    # --- plain lookups ----------------------------------------------------------------------
    def text(self, context: str, english: str) -> str:
        return self._t.pgettext(context, english)

    def format(self, context: str, english: str, params: Mapping[str, Any] | None = None,
               card_name: Callable[[str], str] | None = None) -> str:
        template = self.text(context, english)
        return template.format_map(_Params(self, params or {}, card_name))

    def plural(self, key: str, n: int, **params: Any) -> str:
        singular, plural = _sources().plurals[key]
        return self._t.npgettext(f"plural:{key}", singular, plural, n).format(n=n, **params)

    def cost(self, costs) -> str:
        """A Jutsu cost's ways to pay (``(("W", "1"), ("3",))``) as printed, the symbols' letters and
        the word "or" in this language: ``Вд 1 или 3``."""
        parts = [" ".join(self.term("symbol_letter", t) for t in tokens) for tokens in costs]
        out = parts[0] if parts else ""
        for other in parts[1:]:
            out = _LOCAL.render("cost_or", self, first=out, second=other)
        return out

    def deck_name(self, name: str) -> str:
        """A deck's name as shown: a ready deck the program ships in this language, any other as saved."""
        return self.term("deck_name", name)

    def joined(self, values: list[str]) -> str:
        """``a``, ``a and b``, ``a, b and c`` in this language."""
        if len(values) < 2:
            return "".join(values)
        return _LOCAL.render("and", self, most=", ".join(values[:-1]), last=values[-1])

    def term(self, kind: str, key: str) -> str:
        english = _sources().terms.get(kind, {}).get(key)
        return key if english is None else self.text(f"term:{kind}:{key}", english)

    # --- lessons ----------------------------------------------------------------------------
    def lesson(self, key: str, field: str) -> str:
        """A lesson's ``title`` or ``goal`` (``key``: "<game>:<lesson id>")."""
        return self.text(f"lesson:{key}:{field}", _sources().lessons[key][field])

    def lesson_text(self, key: str) -> list[str]:
        """A lesson's explanation, sentence by sentence."""
        return [self.text(f"lesson:{key}:text:{n}", line) for n, line in enumerate(_sources().lessons[key]["text"], 1)]

    # --- rules ------------------------------------------------------------------------------
    def rule_field(self, rule: str, field: str) -> str:
        english = _sources().rules.get(rule, {}).get(field, "")
        return self.text(f"rule:{rule}:{field}", english) if english else ""

    def refusal(self, rule: str, params: Mapping[str, Any], card_name: Callable[[str], str] | None = None) -> str:
        """The sentence for a refusal: the message for its reason, else the rule's message, else its
        summary, whichever has every parameter it names."""
        entry = _sources().rules.get(rule)
        if entry is None:
            return self.format("ui:localization:unknown_rule", _UNKNOWN_RULE, {"rule": rule})
        reason = params.get("reason")
        candidates = []
        if reason is not None and reason in entry.get("reasons", {}):
            candidates.append((f"rule:{rule}:reason:{reason}", entry["reasons"][reason]))
        if "message" in entry:
            candidates.append((f"rule:{rule}:message", entry["message"]))
        for context, english in candidates:
            if placeholders(english) <= set(params):
                template = self.text(context, english)
                return template.format_map(_Params(self, params, card_name, prefix=_prefix_of(rule)))
        return self.text(f"rule:{rule}:summary", entry["summary"])

    # --- the match log ----------------------------------------------------------------------
    def event(self, key: str, params: Mapping[str, Any], player_name: Callable[[int], str] | None = None,
              card_name: Callable[[str], str] | None = None, game: str | None = None) -> str:
        """One match-log event (an engine ``Entry``'s key and parameters) as a sentence: seats
        (`SEAT_PARAMS`) by ``player_name`` (default "Player 1"/"Player 2"), card numbers by
        ``card_name``, steps and results by their names. ``game`` (a registry id; None: the kernel's
        own) reads that game's sentences, ``<term_prefix>event`` (`referee.games.Game.term_prefix`:
        the games share keys with other meanings), and names its steps and zones with its own terms.
        Never raises: an unknown key or a template the parameters do not fill gives a neutral
        sentence naming the event."""
        prefix = GAMES[game].term_prefix if game else ""
        kind = f"{prefix}event"
        english = _sources().terms.get(kind, {}).get(key)
        if english is not None:
            shown = {k: (self.player(v, player_name) if k in SEAT_PARAMS and isinstance(v, int) else v)
                     for k, v in params.items()}
            try:
                return self.text(f"term:{kind}:{key}", english).format_map(
                    _Params(self, shown, card_name, EVENT_CARD_PARAMS, prefix))
            except (KeyError, ValueError, IndexError, TypeError, AttributeError):
                pass
        return _LOCAL.render("unknown_event", self, event=key)

    def player(self, seat: int, player_name: Callable[[int], str] | None = None) -> str:
        """A seat (0 or 1) as a player's name: ``player_name``'s, else "Player 1" or "Player 2"."""
        if player_name is not None:
            return player_name(seat)
        return _LOCAL.render("player", self, n=seat + 1)

    def error(self, err: Exception, card_name: Callable[[str], str] | None = None) -> str:
        """Any error the program explains to its user: a refusal (rule id and parameters) or a
        module's keyed error (``key`` and ``params`` looked up in that module's `Messages`)."""
        rule = getattr(err, "rule", None)
        if rule is not None:
            return self.refusal(rule, getattr(err, "params", {}), card_name)
        messages = getattr(err, "messages", None)
        if isinstance(messages, Messages):
            return messages.render(err.key, self, **err.params)
        if isinstance(err, UnicodeDecodeError):
            return _LOCAL.render("not_utf8", self, position=err.start)
        if isinstance(err, OSError):
            key = _OS_ERRORS.get(err.errno, "os_other")
            return _LOCAL.render(key, self, code=err.errno or "", file=err.filename or "")
        if isinstance(err, RecursionError):
            return _LOCAL.render("too_deep", self)
        return str(err)


def _prefix_of(rule: str) -> str:
    """What begins the term kinds of the game a rule id belongs to (``llamas_`` for ``llamas_step``,
    ``llamas_zone``...: `referee.games.Game.term_prefix`); "" for the kernel's rules."""
    game = of_rule(rule)
    return "" if game is None else game.term_prefix


class _Params(dict):
    """Parameters as a sentence shows them: names of steps, zones... in the reader's language (the
    game's own kind of each name when it has one, by its term ``prefix``), lists joined, card
    numbers with their names when a resolver is given."""

    def __init__(self, tr: Translator, params: Mapping[str, Any], card_name: Callable[[str], str] | None,
                 card_keys: set[str] = CARD_PARAMS, prefix: str = ""):
        super().__init__()
        for key, value in params.items():
            self[key] = _show(tr, key, value, card_name, card_keys, prefix)


def _show(tr: Translator, key: str, value: Any, card_name: Callable[[str], str] | None,
          card_keys: set[str] = CARD_PARAMS, prefix: str = "") -> Any:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_show(tr, key, v, card_name, card_keys, prefix)) for v in value)
    if value is None:
        return "—"
    if key == "cost" and isinstance(value, str) and " or " in value:
        # a Jutsu cost with alternatives ("W 1 or 3"): the word "or" in the reader's language
        return tr.cost([part.split() for part in value.split(" or ")])
    if key in TERM_PARAMS and isinstance(value, str):
        kind = TERM_PARAMS[key]
        if prefix and f"{prefix}{kind}" in _sources().terms:
            kind = f"{prefix}{kind}"
        return tr.term(kind, value)
    if key == "answer" and isinstance(value, str):  # a choice's answer: words, or the cards chosen
        return ", ".join(_answer_word(tr, word, card_name) for word in value.split())
    if key in card_keys and card_name is not None and isinstance(value, str):
        return card_name(value.partition("@")[0])  # a card of a seat (N-018@2) by its name
    return value  # numbers keep their format specs ({seconds:g})


#: the term kinds an answer's words come from ("yes", "none", an attribute, a symbol, a coin's side)
ANSWER_KINDS = ("answer", "attribute", "symbol", "outcome")


def _answer_word(tr: "Translator", word: str, card_name: Callable[[str], str] | None) -> str:
    kind = next((k for k in ANSWER_KINDS if has_term(k, word)), None)
    if kind is not None:
        return tr.term(kind, word)
    return card_name(word.partition("@")[0]) if card_name is not None else word


class Messages:
    """A module's English message templates by key; rendered in the active language.

    ``MESSAGES = Messages("cards.db", {"locked": "The database {path} is locked."})`` then
    ``MESSAGES("locked", path=p)``. Every table registers itself, so the catalogue build and the
    tests find every string the program can print."""

    registry: dict[str, "Messages"] = {}

    def __init__(self, domain: str, templates: Mapping[str, str]):
        self.domain = domain
        self.templates = dict(templates)
        Messages.registry[domain] = self

    def __getitem__(self, key: str) -> str:
        return self.templates[key]

    def __contains__(self, key: str) -> bool:
        return key in self.templates

    def render(self, key: str, tr: "Translator | None" = None, **params: Any) -> str:
        tr = tr or current()
        return tr.format(f"ui:{self.domain}:{key}", self.templates[key], params)

    def __call__(self, key: str, **params: Any) -> str:
        return self.render(key, None, **params)


class KeyedError(Exception):
    """An error a user can act on: its ``key`` in the raising module's `Messages` and the
    parameters, so that it can be shown in any language; `str()` is the active language."""

    messages: Messages

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params
        super().__init__(self.messages.render(key, None, **params))


_UNKNOWN_RULE = "Refused by rule {rule}."
_LOCAL = Messages("localization", {
    "unknown_rule": _UNKNOWN_RULE,
    "unknown_language": "Unknown language {lang!r}: showing English. Available: {available}.",
    "unknown_event": "Match event: {event}.",
    "player": "Player {n}",
    "cost_or": "{first} or {second}",
    "and": "{most} and {last}",
    "not_utf8": "it is not UTF-8 text (byte {position})",
    "too_deep": "it is nested too deeply to be read",
    "os_missing": "there is no such file",
    "os_denied": "permission denied",
    "os_directory": "it is a folder, not a file",
    "os_not_directory": "a folder of its path is a file",
    "os_space": "the disk is full",
    "os_read_only": "the disk is read-only",
    "os_too_long": "its name is too long",
    "os_other": "the system refused it (error {code})",
})
#: operating-system errors by errno, each said in the reader's language (never the system's English)
_OS_ERRORS = {errno.ENOENT: "os_missing", errno.EACCES: "os_denied", errno.EPERM: "os_denied",
              errno.EISDIR: "os_directory", errno.ENOTDIR: "os_not_directory", errno.ENOSPC: "os_space",
              errno.EROFS: "os_read_only", errno.ENAMETOOLONG: "os_too_long"}


# --- the active language ------------------------------------------------------------------------
_active: Translator | None = None


@cache
def translator(lang: str) -> Translator:
    return Translator(lang)


def set_language(lang: str) -> Translator:
    global _active
    _active = translator(lang)
    return _active


def current() -> Translator:
    global _active
    if _active is None:
        _active = translator(choose_language()[0])
    return _active


def _normalize(tag: str | None) -> str | None:
    if not tag:
        return None
    code = tag.replace("-", "_").split(".")[0].split("_")[0].lower()
    return code or None


def choose_language(arg: str | None = None, env: Mapping[str, str] | None = None,
                    system: str | None = None) -> tuple[str, str | None]:
    """(language, notice): ``--lang``, else ``REFEREE_LANG``, else the system locale; a language we
    do not have gives English and a notice to print (in English: the language the user understands
    best is not known to us then). The C/POSIX locale means English, silently."""
    env = os.environ if env is None else env
    for explicit in (arg, env.get(ENV_LANG)):
        code = _normalize(explicit)
        if code:
            if code in LANGUAGES:
                return code, None
            return "en", _LOCAL.render("unknown_language", translator("en"), lang=explicit,
                                       available=", ".join(LANGUAGES))
    if system is None:
        system = env.get("LC_ALL") or env.get("LC_MESSAGES") or env.get("LANG") or (locale.getlocale()[0] or "")
    code = _normalize(system)
    return (code if code in LANGUAGES else "en"), None


# --- English sources ----------------------------------------------------------------------------
class _Sources:
    def __init__(self) -> None:
        import tomllib

        folder = Path(__file__).parent / "sources"
        terms = tomllib.loads((folder / "terms.toml").read_text(encoding="utf-8"))
        self.plurals: dict[str, tuple[str, str]] = {k: tuple(v) for k, v in terms.pop("plural", {}).items()}
        self.terms: dict[str, dict[str, str]] = terms
        rules_file = folder / "rules.toml"
        self.rules: dict[str, dict] = (tomllib.loads(rules_file.read_text(encoding="utf-8"))
                                       if rules_file.exists() else {})
        #: each lesson's title, goal and sentences, by "<game>:<lesson id>" (referee.engine.lessons)
        self.lessons: dict[str, dict] = tomllib.loads((folder / "lessons.toml").read_text(encoding="utf-8"))


@cache
def _sources() -> _Sources:
    return _Sources()


def rule_ids() -> list[str]:
    return list(_sources().rules)


def rule_entry(rule: str) -> dict:
    return _sources().rules[rule]


def has_term(kind: str, key: str) -> bool:
    """Whether ``key`` is a term of ``kind`` (an attribute a choice offers, a symbol...)."""
    return key in _sources().terms.get(kind, {})


def term_kinds() -> Iterable[str]:
    return _sources().terms.keys()
