"""The minimal main window builds, shows its title and label, and renders."""

from PySide6.QtWidgets import QLabel

from gui.app import MESSAGES, build_window


def test_window_title_and_label(qtbot, tmp_path):
    window = build_window()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)

    assert window.windowTitle() == MESSAGES["window_title"] == "Referee"
    label = window.centralWidget()
    assert isinstance(label, QLabel)
    assert label.text() == MESSAGES["welcome"] == "Naruto CCG referee"

    shot = tmp_path / "main_window.png"
    assert window.grab().save(str(shot), "PNG")
    assert shot.stat().st_size > 0
