"""The application on a real display: `referee-gui --help` prints its options in the user's language
without opening anything, a machine without the system libraries a window needs is told which
packages to install instead of Qt aborting, the first page does not freeze the window while the
catalogue is prepared, and the window opens under Xvfb with Qt's X11 platform (xcb), as on a
player's desktop. CI installs Xvfb and sets REFEREE_REQUIRE_XVFB=1, so the window test runs there
rather than being skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from gui import app as gui_app
from gui.context import AppContext
from gui.display import XCB_LIBRARIES, missing_packages, uses_xcb


def test_help_is_printed_in_the_users_language_without_a_display(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": ":987654"}
    done = subprocess.run([sys.executable, "-m", "gui.app", "--help", "--lang", "ru"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("использование: referee-gui") and "--database-url" in done.stdout


def test_missing_libraries_are_named_as_packages_to_install():
    absent = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    assert missing_packages(lambda lib: lib not in absent, {}, "linux") == ["libxcb-icccm4", "libxcb-keysyms1"]
    assert missing_packages(lambda lib: True, {}, "linux") == []
    assert missing_packages(lambda lib: False, {"QT_QPA_PLATFORM": "offscreen"}, "linux") == []
    assert not uses_xcb({}, "win32") and uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert len(set(XCB_LIBRARIES.values())) >= 20


def test_the_program_says_which_packages_are_missing_instead_of_aborting(monkeypatch, capsys):
    monkeypatch.setattr(gui_app, "missing_packages", lambda: ["libxcb-icccm4", "libxcb-keysyms1"])
    assert gui_app.main(["referee-gui", "--lang", "fr"]) == 1
    said = capsys.readouterr().err
    assert "sudo apt install libxcb-icccm4 libxcb-keysyms1" in said and "Debian" in said


def test_the_catalogue_is_prepared_in_the_background_and_the_first_page_waits_for_it(qtbot, tmp_path):
    context = AppContext(tmp_path / "gui.ini", f"sqlite:///{tmp_path}/fresh.sqlite")  # a first run
    window = gui_app.build_window(context, "en")
    qtbot.addWidget(window)
    window.show()
    window.start.warm_up()
    assert not context.ready and window.start.loading.isVisible()
    page = window.start.open("new_match")  # asked for at once: opens when the catalogue is ready
    assert context.ready and window.page is page
    qtbot.waitUntil(lambda: not window.start.loading_bar.isVisibleTo(window.start), timeout=5000)
    assert len(context.cards()) > 100
    context.close()


@pytest.fixture
def display():
    """A fresh Xvfb display (":N"), stopped afterwards."""
    if shutil.which("Xvfb") is None:
        if os.environ.get("REFEREE_REQUIRE_XVFB"):
            pytest.fail("Xvfb is required (REFEREE_REQUIRE_XVFB) but not installed")
        pytest.skip("Xvfb is not installed (CI installs it and requires this test)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    yield f":{number}"
    server.terminate()
    server.wait(10)


def test_the_window_opens_on_a_real_x_display_through_xcb(display, tmp_path):
    missing = missing_packages(env={"QT_QPA_PLATFORM": "xcb"})
    assert not missing, f"install: {' '.join(missing)}"
    script = textwrap.dedent(f"""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from gui.app import build_window, prepare_qt
        from gui.context import AppContext
        prepare_qt()
        app = QApplication([])
        window = build_window(AppContext({str(tmp_path / 'gui.ini')!r}, {f'sqlite:///{tmp_path}/db.sqlite'!r}), "ru")
        window.resize(1280, 720)
        window.show()
        window.start.warm_up()
        def done():
            print(app.platformName(), window.isVisible(), window.grab().save({str(tmp_path / 'shot.png')!r}))
            app.quit()
        QTimer.singleShot(1500, done)
        app.exec()
        window.context.close()
    """)
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": display}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-3:] == ["xcb", "True", "True"], done.stdout + done.stderr[-2000:]
    assert (tmp_path / "shot.png").stat().st_size > 10_000


def test_the_readme_lists_every_package_the_window_needs():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    listed = readme.split("sudo apt install", 1)[1].split("```", 1)[0].replace("\\", " ").split()
    assert sorted(listed) == sorted(set(XCB_LIBRARIES.values()))
