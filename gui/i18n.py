"""The language of the running application, and how open windows follow it.

`localization` holds the active language for every string the program shows; this module adds what
Qt needs on top: Qt's own dialog strings (PySide6 ships ``qtbase_<lang>.qm``) and a signal, so that a
language switch retranslates every open window at once. A widget that shows text calls `watch(self)`
once and puts all its texts in a ``retranslate()`` method, which runs now and after every switch.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

import localization


class Language(QObject):
    """The application's language: ``changed`` is emitted after every switch."""

    changed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self._qt = QTranslator()
        self._installed = False

    @property
    def code(self) -> str:
        return localization.current().lang

    def set(self, lang: str) -> None:
        localization.set_language(lang)
        app = QCoreApplication.instance()
        if app is not None:
            if self._installed:
                app.removeTranslator(self._qt)
                self._installed = False
            folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if lang != "en" and self._qt.load(f"qtbase_{lang}", folder):
                self._installed = app.installTranslator(self._qt)
        QLocale.setDefault(QLocale(lang))
        self.changed.emit(lang)


_language: Language | None = None


def language() -> Language:
    global _language
    if _language is None:
        _language = Language()
    return _language


def watch(widget) -> None:
    """Call ``widget.retranslate()`` now and after every language switch."""
    language().changed.connect(widget.retranslate)
    widget.retranslate()
