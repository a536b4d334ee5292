"""GUI tests: a main window over a fresh SQLite catalogue and a settings file of the test's own."""

from __future__ import annotations

import pytest

from gui.app import build_window
from tests.conftest import loaded_sqlite
from gui.context import AppContext
from gui.i18n import language


@pytest.fixture
def context(tmp_path, sqlite_template):
    ctx = AppContext(tmp_path / "gui.ini", loaded_sqlite(sqlite_template, tmp_path))
    yield ctx
    ctx.close()


@pytest.fixture
def window(qtbot, context):
    win = build_window(context, "en")
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    language().set("en")


@pytest.fixture
def screenshot(window, tmp_path):
    """Save the window as it looks now to a PNG in the test's folder (to look at the layout)."""
    def save(name: str):
        path = tmp_path / f"{name}.png"
        assert window.grab().save(str(path), "PNG")
        return path
    return save
