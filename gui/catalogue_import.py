"""Importing a card catalogue file (the N-CCG-DB community file or our CSV) from the application.

The import runs in a worker thread on a database connection of its own, so the window keeps
painting; a progress dialog follows it (the importer the game's catalogue part names,
`cards.games.naruto.importers`, reports reading, then writing). The result says what was inserted, updated and
left alone, how many of the file's effect cards the referee applies by itself (by set and type,
the lines `referee cards import` prints), and lists each record left out with its place, card and reason, in the user's
language. Nothing is written when the file cannot be read at all; a record that cannot be read is
left out and said (the command line's ``--strict`` is the all-or-nothing import).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, QThread, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from cards.cli_catalogue import coverage_lines
from localization import Messages, current

MESSAGES = Messages("gui.catalogue_import", {
    "choose": "Import a card catalogue",
    "files": "Card catalogues (*.json *.csv);;All files (*)",
    "progress": "Importing {file}…",
    "title": "Card catalogue",
    "done": "{file}: {inserted} new, {updated} updated, {unchanged} unchanged.",
    "skipped": "{count} cards of the bundled sets were kept as shipped.",
    "merged": "{records} reprinting or repeating cards listed earlier were read into them.",
    "left_out": "Left out: {records} that cannot be read (details below).",
    "problem": "{place}: {reason}",
    "failed": "{file} could not be imported: {reason}",
    "cannot_read": "{file} cannot be read: {detail}",
})


class _Worker(QObject):
    """Runs one import on a database of its own (a SQLite connection belongs to its thread)."""

    progress = Signal(int, int)
    finished = Signal(object, object)  # (summary, error)

    def __init__(self, url: str | None, path: Path, home: QThread):
        super().__init__()
        self.url, self.path, self.home = url, path, home

    def run(self) -> None:
        from cards.db import Database
        from cards.games import importer

        summary = error = None
        try:
            with Database(self.url) as db:
                summary = importer()(db, self.path, progress=lambda done, total: self.progress.emit(done, total))
        except Exception as exc:  # noqa: BLE001 - handed to the window, which explains it
            error = exc
        self.moveToThread(self.home)  # back to the window's thread, which deletes it
        self.finished.emit(summary, error)


def import_catalogue(parent: QWidget, context, path: str | Path):
    """Import ``path`` into the context's database with a progress dialog; returns (summary,
    error): one of them is None. The context's cards are read again afterwards."""
    path = Path(path)
    dialog = QProgressDialog(MESSAGES("progress", file=path.name), "", 0, 1000, parent)
    dialog.setWindowTitle(MESSAGES("title"))
    dialog.setCancelButton(None)  # one transaction: it cannot stop half-way
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    thread = QThread()
    worker = _Worker(context.database_url, path, parent.thread())
    worker.moveToThread(thread)
    result: list = []
    loop = QEventLoop()

    def progress(done: int, total: int) -> None:
        dialog.setValue(int(1000 * done / max(1, total)))

    def finished(summary, error) -> None:
        result.extend((summary, error))
        loop.quit()

    worker.progress.connect(progress, Qt.ConnectionType.QueuedConnection)
    worker.finished.connect(finished, Qt.ConnectionType.QueuedConnection)
    thread.started.connect(worker.run)
    context.close()  # the import is the one writer; the catalogue is read again afterwards
    thread.start()
    loop.exec()
    thread.quit()
    thread.wait()
    dialog.close()
    dialog.deleteLater()
    context.close()  # whatever was read while the import ran is read again
    return result[0], result[1]


def report(summary, error, path: str | Path) -> tuple[str, str]:
    """(the result in a few sentences, each record left out on its line) in the active language."""
    name = Path(path).name
    if error is not None:
        if isinstance(error, OSError):
            return MESSAGES("cannot_read", file=name, detail=current().error(error)), ""
        where = error.where() if hasattr(error, "where") else ""
        reason = current().error(error)
        return MESSAGES("failed", file=name, reason=f"{where}: {reason}" if where else reason), ""
    lines = [MESSAGES("done", file=name, inserted=summary.inserted, updated=summary.updated,
                      unchanged=summary.unchanged)]
    if summary.skipped:
        lines.append(MESSAGES("skipped", count=summary.skipped))
    if summary.merged:
        lines.append(MESSAGES("merged", records=current().plural("records", summary.merged)))
    if summary.coverage.total:
        lines.extend(coverage_lines(summary.coverage))
    if summary.problems:
        lines.append(MESSAGES("left_out", records=current().plural("records", len(summary.problems))))
    details = "\n".join(MESSAGES("problem", place=p.where(), reason=current().error(p)) for p in summary.problems)
    return "\n".join(lines), details


def ask_and_import(parent: QWidget, context) -> bool:
    """Choose a file, import it and show the result; True when something was imported."""
    path, _ = QFileDialog.getOpenFileName(parent, MESSAGES("choose"), "", MESSAGES("files"))
    if not path:
        return False
    summary, error = import_catalogue(parent, context, path)
    text, details = report(summary, error, path)
    box = QMessageBox(QMessageBox.Icon.Warning if error or (summary and summary.problems)
                      else QMessageBox.Icon.Information, MESSAGES("title"), text, QMessageBox.StandardButton.Ok, parent)
    if details:
        box.setDetailedText(details)
    box.exec()
    return error is None
