"""Two small live plots: writing speed and memory over the last minute.

Drawn with QPainter: pyqtgraph's scene repaint took 16-31 ms here (bench/ui_stall.py),
longer than a frame, for what is two polylines; this widget paints in well under 1 ms.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from app.theme import color

WINDOW_S = 60.0


class SparklineView(QWidget):
    """A titled chart of one or more series against 'seconds ago', with a y-axis maximum label.

    Each series is a name and a colour role of app/theme.py, looked up at each paint (the theme may change)."""

    def __init__(self, title: str, series: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.series = series
        self.points: list[tuple[float, list[float]]] = []  # (seconds ago, values)
        self.setMinimumHeight(90)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(280, 110)

    def set_points(self, points: list[tuple[float, list[float]]]) -> None:
        self.points = points
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        metrics = painter.fontMetrics()
        line_h = metrics.height()
        painter.setPen(color("muted_text"))
        painter.drawText(QRectF(0, 0, self.width(), line_h), Qt.AlignmentFlag.AlignHCenter, self.title)
        top = 0.0
        for values in (v for _, v in self.points):
            top = max(top, *values)
        top = max(10.0, top * 1.15)
        label_w = metrics.horizontalAdvance(f"{top:,.0f}") + 6
        area = QRectF(label_w, line_h + 4, self.width() - label_w - 2, self.height() - 2 * line_h - 8)
        painter.setPen(color("plot_frame"))
        painter.drawRect(area)
        painter.setPen(color("faint_text"))
        painter.drawText(
            QRectF(0, area.top() - line_h / 2, label_w - 4, line_h), Qt.AlignmentFlag.AlignRight, f"{top:,.0f}"
        )
        painter.drawText(QRectF(0, area.bottom() - line_h / 2, label_w - 4, line_h), Qt.AlignmentFlag.AlignRight, "0")
        for seconds in (60, 30, 0):
            x = area.right() - area.width() * seconds / WINDOW_S
            text = self.tr("{s} s ago").format(s=seconds) if seconds else self.tr("now")
            align = Qt.AlignmentFlag.AlignHCenter
            rect = QRectF(x - 40, area.bottom() + 2, 80, line_h)
            if seconds == 60:
                rect, align = QRectF(area.left(), area.bottom() + 2, 80, line_h), Qt.AlignmentFlag.AlignLeft
            elif seconds == 0:
                rect, align = QRectF(area.right() - 80, area.bottom() + 2, 80, line_h), Qt.AlignmentFlag.AlignRight
            painter.drawText(rect, align, text)
        legend_x = area.left() + 6
        for index, (name, role) in enumerate(self.series):
            line = QPolygonF(
                [
                    QPointF(
                        area.right() - area.width() * ago / WINDOW_S, area.bottom() - area.height() * v[index] / top
                    )
                    for ago, v in self.points
                ]
            )
            painter.setPen(QPen(color(role), 2))
            painter.drawPolyline(line)
            if len(self.series) > 1:
                painter.drawLine(QPointF(legend_x, area.top() + 10), QPointF(legend_x + 14, area.top() + 10))
                painter.setPen(color("muted_text"))
                painter.drawText(QPointF(legend_x + 18, area.top() + 14), name)
                legend_x += 24 + metrics.horizontalAdvance(name)


class LivePlotView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("livePlot")
        self._points: deque[tuple[float, float, float, float]] = deque()
        self.speed_plot = SparklineView(self.tr("Writing speed (tok/s)"), [("", "series_speed")])
        self.memory_plot = SparklineView(
            self.tr("Memory (MB)"), [(self.tr("engine"), "series_engine"), (self.tr("app"), "series_app")]
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.speed_plot)
        layout.addWidget(self.memory_plot)

    def add_point(self, now: float, tok_s: float, engine_mb: float, app_mb: float) -> None:
        self._points.append((now, tok_s, engine_mb, app_mb))
        while self._points and self._points[0][0] < now - WINDOW_S:
            self._points.popleft()
        self.speed_plot.set_points([(now - t, [s]) for t, s, _, _ in self._points])
        self.memory_plot.set_points([(now - t, [e, a]) for t, _, e, a in self._points])

    @property
    def point_count(self) -> int:
        return len(self._points)
