"""Painting a card tile: a card's face (`gui.faces.Face`) or its back, at one of a few sizes, with the
marks of its state in play (injured, coins, leading its team, taken by the other player, greyed, a
pile's count), into a pixmap kept for the next time.

Every card widget of the program paints through `pixmap`: the board's tiles, the search results,
the previews. A board repaints dozens of tiles after a click, and a tile's text layout costs far
more than copying a pixmap, so each distinct (face, marks, size) is painted once; a language switch
makes new faces, hence new pixmaps. An injured card is the same picture turned a quarter to the
right, as a player turns the card on the table (N-DMG); its preview stays upright. A card with a scan in the user's folder
shows the scan instead of the painted text.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QApplication

from .faces import Face, Pip


@dataclass(frozen=True)
class Size:
    """A tile's size upright, and how much of the card it has room to print (``level``: 0 a strip,
    the card's title line only; 1 small: number, name, symbols, Combat/Support; 2 the whole card; 3
    large, the preview's)."""

    width: int
    height: int
    level: int


LARGE = Size(226, 316, 3)
NORMAL = Size(74, 104, 2)
SMALL = Size(56, 78, 1)
STRIP = Size(0, 22, 0)  # as wide as its place: a line of a column of cards


@dataclass(frozen=True)
class Marks:
    """A card's state where it lies, drawn over its face."""

    injured: bool = False  # turned, with a damage marker
    coins: int = 0
    lead: bool = False  # leads its team
    taken: bool = False  # under the control of a player who does not own it
    greyed: bool = False  # cannot be chosen now
    count: int = 0  # the cards of the pile it tops (0: not a pile)


PLAIN = Marks()
#: painted tiles kept, the least recently used dropped first
KEPT = 1500
_cache: OrderedDict[tuple, QPixmap] = OrderedDict()
INK, FAINT, BORDER = QColor("#1e1e1e"), QColor("#5a5a5a"), QColor("#3c3c3c")
DAMAGE, COIN, LEAD, TAKEN = QColor("#c62828"), QColor("#e2b01c"), QColor("#f2c230"), QColor("#7b3fa0")
BACK, BACK_LINE = QColor("#23395d"), QColor("#8fa6cc")


def turned(size: Size, marks: Marks) -> bool:
    """Whether a tile is drawn turned: an injured card on a table (a strip is a line, and a preview
    reads upright)."""
    return marks.injured and size.level in (1, 2)


def pixmap(face: Face | None, size: Size, marks: Marks = PLAIN, width: int = 0, ratio: float = 1.0) -> QPixmap:
    """The tile of ``face`` (None: a card's back) at ``size`` (a strip ``width`` wide), marked,
    for a screen of device pixel ratio ``ratio``; turned when injured."""
    w = width or size.width
    key = (face, size, marks, w, ratio)
    known = _cache.get(key)
    if known is not None:
        _cache.move_to_end(key)
        return known
    image = QPixmap(round(w * ratio), round(size.height * ratio))
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    rect = QRectF(0.5, 0.5, w - 1, size.height - 1)
    if face is None:
        _back(p, rect)
    elif size.level == 0:
        _strip(p, rect, face, marks)
    else:
        _front(p, rect, face, size.level, marks)
    _marks(p, rect, marks, size.level)
    p.end()
    if turned(size, marks):
        image = image.transformed(QTransform().rotate(90), Qt.TransformationMode.SmoothTransformation)
        image.setDevicePixelRatio(ratio)
    _cache[key] = image
    if len(_cache) > KEPT:
        _cache.popitem(last=False)
    return image


# --- text ----------------------------------------------------------------------------------------
def font(pixels: float, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont(QApplication.font())
    f.setPixelSize(max(7, round(pixels)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def lines(metrics: QFontMetricsF, text: str, width: float, most: int) -> list[str]:
    """``text`` broken into at most ``most`` lines of ``width``, the last one elided if it is cut (a
    word longer than the line is elided too)."""
    out: list[str] = []
    words = text.split()
    line = ""
    for k, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if metrics.horizontalAdvance(trial) <= width or not line:
            line = trial
            continue
        out.append(line)
        line = word
        if len(out) == most - 1:
            line = " ".join(words[k:])
            break
    if line:
        out.append(line)
    return [metrics.elidedText(t, Qt.TextElideMode.ElideRight, width) for t in out[:most]]


def _text(p: QPainter, rect: QRectF, text: str, f: QFont, colour: QColor, align=Qt.AlignmentFlag.AlignLeft) -> None:
    p.setFont(f)
    p.setPen(colour)
    p.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)


def ink_on(fill: str) -> QColor:
    """Dark text on a light fill, white on a dark one."""
    c = QColor(fill)
    return INK if 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue() > 150 else QColor("white")


def _pips(p: QPainter, pips: tuple[Pip, ...], right: float, middle: float, d: float) -> float:
    """Discs from right to left ending at ``right``, centred on ``middle``; where they begin."""
    x = right
    f = font(d * 0.72, bold=True)
    for pip in reversed(pips):
        if not pip.colour:  # a separator: "/" between a cost's alternatives
            x -= d * 0.5
            _text(p, QRectF(x, middle - d / 2, d * 0.5, d), pip.text, f, INK, Qt.AlignmentFlag.AlignCenter)
            continue
        x -= d
        disc = QRectF(x, middle - d / 2, d, d)
        p.setPen(QPen(QColor(0, 0, 0, 110), 0.8))
        p.setBrush(QColor(pip.colour))
        p.drawEllipse(disc)
        if pip.text:
            _text(p, disc, pip.text, f, ink_on(pip.colour), Qt.AlignmentFlag.AlignCenter)
        x -= d * 0.12
    return x


# --- the parts of a tile -------------------------------------------------------------------------
def _outline(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def _back(p: QPainter, rect: QRectF) -> None:
    radius = rect.width() * 0.06
    p.setPen(QPen(BORDER, 1))
    p.setBrush(BACK)
    p.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(rect.width() * 0.1, rect.width() * 0.1, -rect.width() * 0.1, -rect.width() * 0.1)
    p.setPen(QPen(BACK_LINE, 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner, radius, radius)
    d = min(inner.width(), inner.height()) * 0.45
    p.drawEllipse(inner.center(), d / 2, d / 2)
    p.drawEllipse(inner.center(), d / 5, d / 5)


def _scan(p: QPainter, rect: QRectF, path: str) -> bool:
    """The card's scan over the whole tile; False when it cannot be read."""
    image = QImage(path)
    if image.isNull():
        return False
    target = rect.size().toSize() * p.device().devicePixelRatio()
    scaled = image.scaled(target, Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                          Qt.TransformationMode.SmoothTransformation)
    p.save()
    p.setClipPath(_outline(rect, rect.width() * 0.05))
    p.drawImage(rect, scaled, QRectF(0, 0, target.width(), target.height()))
    p.restore()
    p.setPen(QPen(BORDER, 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rect, rect.width() * 0.05, rect.width() * 0.05)
    return True


def _front(p: QPainter, rect: QRectF, face: Face, level: int, marks: Marks) -> None:
    if face.image and _scan(p, rect, face.image):
        return
    look = face.look
    k = rect.width() / NORMAL.width  # everything scales with the tile
    radius = 4 * k
    p.setPen(QPen(BORDER, 1))
    p.setBrush(QColor(look.body))
    p.drawRoundedRect(rect, radius, radius)
    pad = 3 * k
    # the band: number, then costs at the right
    band = QRectF(rect.x(), rect.y(), rect.width(), max(13.0, 14 * k))
    p.save()
    p.setClipPath(_outline(rect, radius))
    p.fillRect(band, QColor(look.band))
    p.restore()
    cost_left = _pips(p, look.cost, band.right() - pad, band.center().y(), band.height() * 0.78) \
        if look.cost and level > 1 else band.right() - pad
    if marks.count:  # the pile's count goes in the band's top right corner
        cost_left -= _badge(marks.count, k)[2] + 2 * k
    number_font = font(band.height() * 0.62, bold=True)
    number = QFontMetricsF(number_font).elidedText(face.number, Qt.TextElideMode.ElideRight,
                                                   max(0.0, cost_left - band.x() - 2 * pad))
    _text(p, QRectF(band.x() + pad, band.y(), cost_left - band.x() - pad, band.height()), number, number_font,
          ink_on(look.band))
    # the name, smaller when one of its words is wider than the card (Альпакалипсис)
    inner = rect.width() - 2 * pad
    pixels = 9.2 * k if level < 3 else 8.4 * k
    name_font = font(pixels, bold=True)
    while pixels > 7 * k and max(map(QFontMetricsF(name_font).horizontalAdvance, face.name.split() or [""])) > inner:
        pixels -= 0.4 * k
        name_font = font(pixels, bold=True)
    metrics = QFontMetricsF(name_font)
    name_lines = lines(metrics, face.name, inner, 3 if level > 1 else 2)
    y = band.bottom() + 2 * k
    for line in name_lines:
        _text(p, QRectF(rect.x() + pad, y, inner, metrics.height()), line, name_font, INK, Qt.AlignmentFlag.AlignCenter)
        y += metrics.height()
    # the symbols
    if look.symbols:
        d = 10 * k
        y += 2 * k
        _pips(p, look.symbols, rect.center().x() + len(look.symbols) * d * 0.56, y + d / 2, d)
        y += d
    # Combat/Support at the bottom: healthy, injured, the one in force stressed
    bottom = rect.bottom() - pad
    if look.power:
        bottom = _power(p, QRectF(rect.x() + pad, rect.bottom() - pad - 13 * k, inner, 13 * k), look.power,
                        marks.injured, k)
    # the type, then the details, as many lines as there is room for (a small tile: its first detail)
    small = font(7.2 * k, italic=True)
    height = QFontMetricsF(small).height()
    texts = [look.kind, *look.details] if level > 1 else list(look.details[:1])
    room = max(0, int((bottom - y - 2 * k) // height))
    texts = texts[:room]
    if texts:
        top = bottom - len(texts) * height - k
        for text in texts:
            elided = QFontMetricsF(small).elidedText(text, Qt.TextElideMode.ElideRight, inner)
            _text(p, QRectF(rect.x() + pad, top, inner, height), elided, small, FAINT, Qt.AlignmentFlag.AlignCenter)
            top += height


def _power(p: QPainter, rect: QRectF, power: tuple[str, str], injured: bool, k: float) -> float:
    """Healthy and injured Combat/Support side by side, the one in force bold on a light pill and the
    other faint; the top of the row."""
    half = rect.width() / 2
    for k_, text in enumerate(power):
        part = QRectF(rect.x() + k_ * half, rect.y(), half, rect.height())
        in_force = k_ == int(injured)
        if in_force:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#fff2b8") if k_ == 0 else QColor("#f8cfcf"))
            p.drawRoundedRect(part.adjusted(1, 0, -1, 0), 3 * k, 3 * k)
        colour = (INK if k_ == 0 else DAMAGE) if in_force else QColor("#9a9a9a")
        _text(p, part, text, font(10 * k if in_force else 8.5 * k, bold=in_force), colour, Qt.AlignmentFlag.AlignCenter)
    return rect.y()


def _strip(p: QPainter, rect: QRectF, face: Face, marks: Marks) -> None:
    """A card's title line: its type's colour at the left, the name, its costs or Combat/Support or
    details at the right."""
    look = face.look
    p.setPen(QPen(BORDER, 1))
    p.setBrush(QColor(look.body))
    p.drawRoundedRect(rect, 3, 3)
    p.fillRect(QRectF(rect.x() + 1, rect.y() + 1, 5, rect.height() - 2), QColor(look.band))
    right = rect.right() - 4
    if look.cost:
        right = _pips(p, look.cost, right, rect.center().y(), rect.height() * 0.62) - 2
    small = font(rect.height() * 0.46)
    side = look.power[int(marks.injured)] if look.power else (look.details[0] if look.details else "")
    if side:
        width = min(QFontMetricsF(small).horizontalAdvance(side) + 2, rect.width() * 0.4)
        right -= width
        elided = QFontMetricsF(small).elidedText(side, Qt.TextElideMode.ElideRight, width)
        _text(p, QRectF(right, rect.y(), width, rect.height()), elided, small, FAINT, Qt.AlignmentFlag.AlignRight)
        right -= 4
    name_font = font(rect.height() * 0.55, bold=True)
    left = rect.x() + 10
    name = QFontMetricsF(name_font).elidedText(face.name, Qt.TextElideMode.ElideRight, max(0.0, right - left))
    _text(p, QRectF(left, rect.y(), right - left, rect.height()), name, name_font, INK)


def _badge(count: int, k: float) -> tuple[str, QFont, float]:
    """A pile's count as its badge says it: text, font and width."""
    text, f = f"×{count}", font(13 * k * 0.75, bold=True)
    return text, f, QFontMetricsF(f).horizontalAdvance(text) + 13 * k * 0.6


def _marks(p: QPainter, rect: QRectF, marks: Marks, level: int) -> None:
    if marks == PLAIN:
        return
    k = rect.width() / NORMAL.width if level else 1.0
    d = 13 * k if level else rect.height() * 0.7
    radius = 4 * k if level else 3
    if marks.lead:
        p.setPen(QPen(LEAD, 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    if marks.injured:  # a damage marker: a red disc with a white cross, on the card's left
        p.setPen(QPen(DAMAGE, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        centre = QPointF(rect.x() + d * 0.75, rect.y() + rect.height() * 0.62) if level else \
            QPointF(rect.x() + d, rect.center().y())
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(DAMAGE)
        p.drawEllipse(centre, d / 2, d / 2)
        p.setPen(QPen(QColor("white"), max(1.5, d / 6)))
        p.drawLine(QPointF(centre.x() - d / 4, centre.y()), QPointF(centre.x() + d / 4, centre.y()))
        p.drawLine(QPointF(centre.x(), centre.y() - d / 4), QPointF(centre.x(), centre.y() + d / 4))
    if marks.coins:
        centre = QPointF(rect.right() - d * 0.75, rect.y() + rect.height() * 0.62) if level else \
            QPointF(rect.right() - d * 2.2, rect.center().y())
        disc = QRectF(centre.x() - d / 2, centre.y() - d / 2, d, d)
        p.setPen(QPen(QColor("#8a6a00"), 1))
        p.setBrush(COIN)
        p.drawEllipse(disc)
        _text(p, disc, str(marks.coins), font(d * 0.7, bold=True), INK, Qt.AlignmentFlag.AlignCenter)
    if marks.taken:  # a corner in the colour of the other player's control
        corner = QPainterPath()
        corner.moveTo(rect.right() - d, rect.bottom())
        corner.lineTo(rect.right(), rect.bottom() - d)
        corner.lineTo(rect.right(), rect.bottom() - radius)
        corner.lineTo(rect.right() - radius, rect.bottom())
        corner.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(TAKEN)
        p.drawPath(corner)
    if marks.count:
        text, f, width = _badge(marks.count, k)
        badge = QRectF(rect.right() - width - 2 * k, rect.y() + 2 * k, width, d)  # the top right corner
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 170))
        p.drawRoundedRect(badge, d / 2, d / 2)
        _text(p, badge, text, f, QColor("white"), Qt.AlignmentFlag.AlignCenter)
    if marks.greyed:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 150))
        p.drawRoundedRect(rect, radius, radius)
