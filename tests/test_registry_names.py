"""One kernel, many games: no module outside the game registry and the games' own places names a
game. Everything else asks the registry (`referee.games`: ``GAMES``, ``DEFAULT``, each entry's
``play``, ``catalogue``, ``page``, ``app`` and ``decks`` parts) which games there are and what each
one has.

A game's own places, for a game ``<id>`` of the registry:

- ``referee/games/<id>/``: its engine package;
- ``cards/games/<id>.py`` or ``cards/games/<id>/``: its part of the catalogue (`cards.games.Catalogue`,
  and its importers);
- ``gui/<id>/``: its part of the application (its match page, its board, its new-match panel,
  its `gui.games.GameApp`);

and ``referee/games/__init__.py`` (the registry, where `DEFAULT` names the default game) and the
data migrations (``cards/migrations/``: history, as it was written) may name any game.

Anywhere else in the packages (`referee`, `cards`, `gui`, `localization`), a string equal to a
game's id (``"llamas"``: a literal, a dict key, a default, one side of ``game == "naruto"``) or a
name that is one (``self.llamas``, ``def naruto(...)``) fails this test, and so does an import of
a game's own module (``from referee.games.naruto.decks import ...``, ``import gui.llamas.page``):
what a caller needs of a game it gets from the registry's parts. Docstrings may speak of
the games; message texts and keys that merely contain an id (``"mode_guided_llamas_tip"``) are not
ids.
"""

from __future__ import annotations

import ast
from fnmatch import fnmatch
from pathlib import Path

from referee.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
#: the packages looked at
PACKAGES = ("referee", "cards", "gui", "localization")
#: where any game may be named, as paths from the root ("/" separated, fnmatch patterns)
ANYWHERE = ("referee/games/__init__.py", "cards/migrations/*")
#: a game's own places, ``{id}`` standing for its id
OWN = ("referee/games/{id}/*", "cards/games/{id}.py", "cards/games/{id}/*", "gui/{id}/*")


def own_places(game_id: str) -> tuple[str, ...]:
    return tuple(pattern.format(id=game_id) for pattern in OWN)


def exempt(relative: str) -> bool:
    patterns = ANYWHERE + tuple(p for g in GAMES for p in own_places(g))
    return any(fnmatch(relative, pattern) for pattern in patterns)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and its functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.add(id(body[0].value))
    return found


def _names(node: ast.AST) -> list[str]:
    """The identifiers ``node`` binds or uses."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.asname or node.name.rpartition(".")[2]]
    return []


def namings(source: str, ids) -> list[tuple[int, str]]:
    """(line, what) of each place in ``source`` that names one of ``ids``: a string constant equal
    to one (docstrings aside), or an identifier that is one."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if node.value in ids:
                found.append((node.lineno, repr(node.value)))
        found += [(node.lineno, name) for name in _names(node) if name in ids]
    return sorted(found)


def imported(source: str, ids) -> list[tuple[int, str]]:
    """(line, module) of each import in ``source`` of a module a part of whose dotted path is one
    of ``ids`` (``referee.games.naruto.decks``, ``gui.llamas``), relative imports included."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            paths = [f"{node.module or ''}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            paths = [alias.name for alias in node.names]
        else:
            continue
        named = [p for p in paths if set(p.split(".")) & ids]
        found += [(node.lineno, p.strip(".")) for p in named[:1]]
    return found


def modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path


def test_no_module_outside_the_registry_and_the_games_own_places_names_a_game():
    offenders = [f"{relative}:{line}: {what}" for relative, path in modules() if not exempt(relative)
                 for line, what in namings(path.read_text(encoding="utf-8"), set(GAMES))]
    assert not offenders, "ask the registry (referee.games) instead:\n" + "\n".join(offenders)


def test_no_module_outside_the_games_own_places_imports_a_games_module():
    offenders = [f"{relative}:{line}: {module}" for relative, path in modules() if not exempt(relative)
                 for line, module in imported(path.read_text(encoding="utf-8"), set(GAMES))]
    assert not offenders, "ask the registry's parts (referee.games) instead:\n" + "\n".join(offenders)


def test_the_import_check_finds_absolute_relative_and_dotted_imports_of_a_games_modules():
    source = '''import gui.llamas.page
from referee.games.naruto.decks import FORMATS
from ..naruto import view
from referee.games import naruto
from referee.engine.numbers import number_key
from .games import GameApp
'''
    assert imported(source, {"naruto", "llamas"}) == [
        (1, "gui.llamas.page"), (2, "referee.games.naruto.decks.FORMATS"), (3, "naruto.view"), (4, "referee.games.naruto")]


def test_the_check_finds_literals_branches_defaults_keys_and_names_but_not_docstrings():
    source = '''"""The naruto game."""
def f(game="naruto"):
    """Only llamas here."""
    if game == "llamas":
        return {"naruto": 1}
    return page.llamas, "mode_guided_llamas_tip"
'''
    assert namings(source, {"naruto", "llamas"}) == [(2, "'naruto'"), (4, "'llamas'"), (5, "'naruto'"), (6, "llamas")]


def test_the_registry_names_parts_in_the_games_own_places():
    """Every part the registry names is in its game's own places, and each place that may name any
    game exists (a moved registry or migrations folder must not leave a hole behind)."""
    for game_id, entry in GAMES.items():
        for part in ("play", "catalogue", "page", "app", "decks"):
            if not getattr(entry, part):
                continue
            path = getattr(entry, part).partition(":")[0].replace(".", "/")
            path = path + "/__init__.py" if (ROOT / path).is_dir() else path + ".py"
            assert (ROOT / path).is_file() and any(fnmatch(path, p) for p in own_places(game_id)), (game_id, part)
    for pattern in ANYWHERE:
        assert any(fnmatch(relative, pattern) for relative, _ in modules()), pattern
