"""The Batch page's chart: tokens a second against answers at once, in all (bars) and each (line).

Drawn with QPainter, as the live plots are (app/panels/live_plot.py): a handful of bars and points.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.batch.speed_curve import CurvePoint
from app.theme import color


class ThroughputPlotView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("throughputPlot")
        self.points: list[CurvePoint] = []
        self.setMinimumHeight(170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(460, 220)

    def set_points(self, points: list[CurvePoint]) -> None:
        self.points = points
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = painter.fontMetrics()
        line_h = metrics.height()
        top = max([10.0, *(p.total_tok_s for p in self.points)]) * 1.15
        label_w = metrics.horizontalAdvance(f"{top:,.0f}") + 8
        legend_h = line_h + 6
        area = QRectF(label_w, legend_h + 4, self.width() - label_w - 6, self.height() - legend_h - 2 * line_h - 12)
        total_colour, each_colour = color("series_engine"), color("series_each")
        painter.setPen(color("plot_frame"))
        painter.drawRect(area)
        painter.setPen(color("faint_text"))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(QRectF(0, area.top() - line_h / 2, label_w - 4, line_h), right, f"{top:,.0f}")
        painter.drawText(QRectF(0, area.bottom() - line_h / 2, label_w - 4, line_h), right, "0")
        axis = self.tr("answers at once")
        painter.drawText(
            QRectF(area.left(), area.bottom() + line_h + 4, area.width(), line_h), Qt.AlignmentFlag.AlignHCenter, axis
        )
        self._legend(painter, area.left(), line_h, total_colour, each_colour)
        if not self.points:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("The figures come as the job runs."))
            return
        slot_w = area.width() / len(self.points)
        bar_w = min(48.0, slot_w * 0.55)
        line: list[QPointF] = []
        for index, point in enumerate(self.points):
            centre = area.left() + slot_w * (index + 0.5)
            height = area.height() * point.total_tok_s / top
            painter.fillRect(QRectF(centre - bar_w / 2, area.bottom() - height, bar_w, height), total_colour)
            dot = QPointF(centre, area.bottom() - area.height() * point.each_tok_s / top)
            painter.setPen(color("text"))
            above = min(area.bottom() - height, dot.y() - 4)  # over the bar and its dot (equal at one at once)
            value = QRectF(centre - slot_w / 2, above - line_h - 2, slot_w, line_h)
            painter.drawText(value, Qt.AlignmentFlag.AlignHCenter, f"{point.total_tok_s:.1f}")
            tick = QRectF(centre - slot_w / 2, area.bottom() + 2, slot_w, line_h)
            painter.drawText(tick, Qt.AlignmentFlag.AlignHCenter, str(point.at_once))
            line.append(dot)
        painter.setPen(QPen(each_colour, 2))
        painter.drawPolyline(line)
        painter.setBrush(each_colour)
        for dot in line:
            painter.drawEllipse(dot, 3.5, 3.5)

    def _legend(self, painter: QPainter, x: float, line_h: int, total_colour: QColor, each_colour: QColor) -> None:
        metrics = painter.fontMetrics()
        for colour, name, bar in (
            (total_colour, self.tr("tokens/s, all answers together"), True),
            (each_colour, self.tr("tokens/s, each answer"), False),
        ):
            middle = 2 + line_h / 2
            if bar:
                painter.fillRect(QRectF(x, middle - 5, 14, 10), colour)
            else:
                painter.setPen(QPen(colour, 2))
                painter.drawLine(QPointF(x, middle), QPointF(x + 14, middle))
            painter.setPen(color("muted_text"))
            painter.drawText(QPointF(x + 19, middle + metrics.ascent() / 2 - 1), name)
            x += 34 + metrics.horizontalAdvance(name)
