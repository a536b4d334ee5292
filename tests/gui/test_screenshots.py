"""The README's screenshots script still works: one picture per language, of the match page."""

from PySide6.QtGui import QImage

from gui.screenshots import main


def test_the_screenshot_script_saves_the_match_page_in_every_language(qapp, tmp_path):
    assert main([str(tmp_path)]) == 0
    for lang in ("en", "es", "ru", "fr"):
        image = QImage(str(tmp_path / f"match-{lang}.png"))
        assert (image.width(), image.height()) == (1280, 720), lang
