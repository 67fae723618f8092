"""Two painted bars: one split into load / queue / prefill / decode (where the time went), and one
filled to a fraction (how much of the context is used)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.theme import color

# "network": a remote engine: the wire and the server's queue; "first": a remote engine that gave no
# timings: the wait for the first token, unsplit.
SEGMENTS = ("load", "queue", "prefill", "decode", "network", "first")


class _SegmentColors(Mapping[str, QColor]):
    """Each segment's colour in the theme on screen (read when asked: the theme may change)."""

    def __getitem__(self, name: str) -> QColor:
        if name not in SEGMENTS:
            raise KeyError(name)
        return color(f"segment_{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(SEGMENTS)

    def __len__(self) -> int:
        return len(SEGMENTS)


SEGMENT_COLORS: Mapping[str, QColor] = _SegmentColors()


class SegmentBarView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("segmentBar")
        self._segments: dict[str, float] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(200, 14)

    def set_segments(self, segments: dict[str, float]) -> None:
        self._segments = {k: max(0.0, v) for k, v in segments.items()}
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(color("plot_frame"))
        painter.setBrush(color("bar_background"))
        painter.drawRoundedRect(rect, 3, 3)
        total = sum(self._segments.values())
        if total <= 0:
            return
        x = rect.left()
        painter.setPen(QColor(0, 0, 0, 0))
        for name, value in self._segments.items():
            width = rect.width() * value / total
            painter.setBrush(SEGMENT_COLORS.get(name) or color("segment_other"))
            painter.drawRect(QRectF(x, rect.top(), width, rect.height()))
            x += width


class FillBarView(QWidget):
    """A thin bar filled to `used / total`.

    Not a QProgressBar: its setValue() repaints at once, synchronously, whenever the fill moves a
    pixel (3-5 ms on the GUI thread, four times a second while an answer streams); this one
    waits for the next frame like any other widget."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.used = 0
        self.total = 1
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(8)

    def sizeHint(self) -> QSize:
        return QSize(200, 8)

    def set_fill(self, used: int, total: int) -> None:
        used, total = max(0, min(used, total)), max(1, total)
        if (used, total) != (self.used, self.total):
            self.used, self.total = used, total
            self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(0, 0, 0, 0))
        rect = QRectF(self.rect())
        painter.setBrush(color("track"))
        painter.drawRoundedRect(rect, 3, 3)
        if self.used:
            painter.setBrush(color("accent"))
            filled = QRectF(rect.left(), rect.top(), rect.width() * self.used / self.total, rect.height())
            painter.drawRoundedRect(filled, 3, 3)
