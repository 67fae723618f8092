"""The quantization comparison's chart: size against KL divergence, and writing speed, per file.

Painted with QPainter in the palette's colours (a theme change repaints it)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

GOOD_KL = 0.01  # below: hard to notice


@dataclass(frozen=True)
class ChartPoint:
    label: str  # the quantization, e.g. Q4_K_M
    size_mb: float
    kl_mean: float | None
    decode_tok_s: float | None
    is_reference: bool


class QuantChartView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quantChart")
        self.points: list[ChartPoint] = []
        self.drawn_points = 0  # markers and bars painted last time (tests look at it)
        self.setMinimumHeight(190)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(self.tr("Quantization chart"))

    def sizeHint(self) -> QSize:
        return QSize(640, 220)

    def set_points(self, points: list[ChartPoint]) -> None:
        self.points = points
        self.setAccessibleDescription(
            "; ".join(
                self.tr("{quant}: {size} MB, KL {kl}, {speed} tok/s").format(
                    quant=p.label,
                    size=f"{p.size_mb:,.0f}",
                    kl="-" if p.kl_mean is None else f"{p.kl_mean:.4f}",
                    speed="-" if p.decode_tok_s is None else f"{p.decode_tok_s:,.1f}",
                )
                for p in points
            )
        )
        self.update()

    def _colors(self) -> tuple[QColor, QColor, QColor, QColor]:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        muted = palette.color(QPalette.ColorRole.PlaceholderText)
        grid = palette.color(QPalette.ColorRole.Mid)
        accent = palette.color(QPalette.ColorRole.Highlight)
        return text, muted, grid, accent

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.drawn_points = 0
        gap = 16
        half = (self.width() - gap) / 2
        self._paint_quality(painter, QRectF(0, 0, half, self.height()))
        self._paint_speed(painter, QRectF(half + gap, 0, half, self.height()))
        painter.end()

    def _frame(self, painter: QPainter, box: QRectF, title: str, left: float) -> QRectF:
        text, _muted, grid, _accent = self._colors()
        line_h = painter.fontMetrics().height()
        painter.setPen(text)
        title = painter.fontMetrics().elidedText(title, Qt.TextElideMode.ElideRight, int(box.width()))
        painter.drawText(QRectF(box.left(), box.top(), box.width(), line_h), Qt.AlignmentFlag.AlignHCenter, title)
        area = QRectF(box.left() + left, box.top() + line_h + 6, box.width() - left - 8, box.height() - 3 * line_h - 10)
        painter.setPen(grid)
        painter.drawRect(area)
        return area

    def _paint_quality(self, painter: QPainter, box: QRectF) -> None:
        text, muted, grid, accent = self._colors()
        metrics = painter.fontMetrics()
        line_h = metrics.height()
        measured = [p for p in self.points if p.kl_mean is not None]
        top = max([GOOD_KL * 2, *(p.kl_mean * 1.2 for p in measured if p.kl_mean is not None)])
        label_w = metrics.horizontalAdvance(f"{top:.3f}") + 8
        area = self._frame(
            painter, box, self.tr("KL divergence from the reference (most precise file) by file size"), label_w
        )
        sizes = [p.size_mb for p in self.points] or [1.0]
        low, high = min(sizes), max(sizes)
        pad = max((high - low) * 0.15, high * 0.05, 1.0)
        low, high = max(0.0, low - pad), high + pad
        painter.setPen(muted)
        for value in (0.0, top):
            y = area.bottom() - area.height() * value / top
            painter.drawText(
                QRectF(box.left(), y - line_h / 2, label_w - 4, line_h), Qt.AlignmentFlag.AlignRight, f"{value:.3f}"
            )
        for value in (low, high):
            x = area.left() + area.width() * (value - low) / (high - low)
            align = Qt.AlignmentFlag.AlignLeft if value == low else Qt.AlignmentFlag.AlignRight
            rect = QRectF(x if value == low else x - 120, area.bottom() + 2, 120, line_h)
            painter.drawText(rect, align, self.tr("{n} MB").format(n=f"{value:,.0f}"))
        painter.drawText(
            QRectF(area.left(), area.bottom() + 2, area.width(), line_h),
            Qt.AlignmentFlag.AlignHCenter,
            self.tr("file size"),
        )
        good_y = area.bottom() - area.height() * GOOD_KL / top
        dash = QPen(grid, 1, Qt.PenStyle.DashLine)
        painter.setPen(dash)
        painter.drawLine(QPointF(area.left(), good_y), QPointF(area.right(), good_y))
        legend_y = area.bottom() + line_h + 4
        painter.drawLine(QPointF(area.left(), legend_y + line_h / 2), QPointF(area.left() + 18, legend_y + line_h / 2))
        painter.setPen(muted)
        painter.drawText(
            QRectF(area.left() + 24, legend_y, area.width() - 24, line_h),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("below the dashed line (0.01): hard to notice"),
        )
        if not measured:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("Not measured yet"))
            return
        inner = area.adjusted(0, 0, 0, -7)
        for point in measured:
            kl = point.kl_mean or 0.0
            x = area.left() + area.width() * (point.size_mb - low) / (high - low)
            y = inner.bottom() - inner.height() * kl / top
            painter.setPen(QPen(text, 1))
            painter.setBrush(accent if not point.is_reference else text)
            painter.drawEllipse(QPointF(x, y), 5, 5)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(text)
            width = metrics.horizontalAdvance(point.label) + 4
            tx = min(max(area.left() + 2, x - width / 2), area.right() - width)
            ty = y - line_h - 6 if y - line_h - 6 > area.top() else y + 7
            painter.drawText(QRectF(tx, ty, width, line_h), Qt.AlignmentFlag.AlignHCenter, point.label)
            self.drawn_points += 1

    def _paint_speed(self, painter: QPainter, box: QRectF) -> None:
        text, muted, _grid, accent = self._colors()
        metrics = painter.fontMetrics()
        line_h = metrics.height()
        label_w = max([metrics.horizontalAdvance(p.label) for p in self.points] or [40]) + 10
        area = self._frame(painter, box, self.tr("Writing speed on this computer (tokens per second)"), label_w)
        measured = [p for p in self.points if p.decode_tok_s is not None]
        if not measured:
            painter.setPen(muted)
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("Not measured yet"))
            return
        top = max(p.decode_tok_s or 0.0 for p in measured) * 1.1 or 1.0
        row_h = area.height() / max(1, len(self.points))
        bar_h = min(row_h * 0.6, line_h * 1.4)
        for index, point in enumerate(self.points):
            mid = area.top() + row_h * (index + 0.5)
            painter.setPen(text)
            painter.drawText(
                QRectF(box.left(), mid - line_h / 2, label_w - 6, line_h), Qt.AlignmentFlag.AlignRight, point.label
            )
            if point.decode_tok_s is None:
                continue
            width = area.width() * point.decode_tok_s / top
            painter.fillRect(QRectF(area.left(), mid - bar_h / 2, width, bar_h), accent)
            value = f"{point.decode_tok_s:,.1f}"
            value_w = metrics.horizontalAdvance(value) + 8
            inside = width > value_w + 4
            painter.setPen(self.palette().color(QPalette.ColorRole.HighlightedText) if inside else text)
            rect = (
                QRectF(area.left() + width - value_w, mid - line_h / 2, value_w - 4, line_h)
                if inside
                else QRectF(area.left() + width + 4, mid - line_h / 2, value_w, line_h)
            )
            painter.drawText(rect, Qt.AlignmentFlag.AlignRight if inside else Qt.AlignmentFlag.AlignLeft, value)
            self.drawn_points += 1
        painter.setPen(muted)
        painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), line_h), Qt.AlignmentFlag.AlignLeft, "0")
        painter.drawText(
            QRectF(area.left(), area.bottom() + 2, area.width(), line_h), Qt.AlignmentFlag.AlignRight, f"{top:,.0f}"
        )
