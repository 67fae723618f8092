"""Two painted bars: one split into load / queue / prefill / decode (where the time went), and one
filled to a fraction (how much of the context is used)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

SEGMENT_COLORS = {
    "load": QColor("#9e9e9e"),
    "queue": QColor("#f0b429"),
    "prefill": QColor("#3b82f6"),
    "decode": QColor("#22a06b"),
    "network": QColor("#a855f7"),  # a remote engine: the wire and the server's queue
    "first": QColor("#6b7280"),  # a remote engine that gave no timings: the wait for the first token, unsplit
}


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
        painter.setPen(QColor("#c8c8c8"))
        painter.setBrush(QColor("#f2f2f2"))
        painter.drawRoundedRect(rect, 3, 3)
        total = sum(self._segments.values())
        if total <= 0:
            return
        x = rect.left()
        painter.setPen(QColor(0, 0, 0, 0))
        for name, value in self._segments.items():
            width = rect.width() * value / total
            painter.setBrush(SEGMENT_COLORS.get(name, QColor("#888888")))
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
        painter.setBrush(QColor("#e8e8e8"))
        painter.drawRoundedRect(rect, 3, 3)
        if self.used:
            painter.setBrush(QColor("#3b82f6"))
            filled = QRectF(rect.left(), rect.top(), rect.width() * self.used / self.total, rect.height())
            painter.drawRoundedRect(filled, 3, 3)
