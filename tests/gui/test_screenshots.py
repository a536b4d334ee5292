"""The README's screenshots script still works: one picture per language of the Naruto match page
and of the Llamas Unleashed one."""

from PySide6.QtGui import QImage

from gui.screenshots import main


def test_the_screenshot_script_saves_the_match_page_in_every_language(qapp, tmp_path):
    assert main([str(tmp_path)]) == 0
    for name in ("match", "showdown", "teacher", "review", "llamas"):
        for lang in ("en", "es", "ru", "fr"):
            image = QImage(str(tmp_path / f"{name}-{lang}.png"))
            assert (image.width(), image.height()) == (1280, 720), (name, lang)
