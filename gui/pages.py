"""The pages the main window shows one at a time (start screen, match, card browser...).

A page is a QWidget with a ``title()`` in the active language and a ``retranslate()`` that `watch`
calls after every language switch. `PAGES` names the pages the start screen opens, so the start
screen, the main window and the tests read one table.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from .i18n import watch


class Page(QWidget):
    """Base of every page: subclasses build their widgets, then call ``watch(self)``."""

    def title(self) -> str:
        raise NotImplementedError

    def retranslate(self) -> None:
        raise NotImplementedError

    def leave(self) -> bool:
        """Called before the window leaves this page; False keeps the page (unsaved work)."""
        return True


__all__ = ["Page", "watch"]
