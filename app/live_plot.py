"""Two small live plots: writing speed and memory over the last minute (pyqtgraph)."""

from __future__ import annotations

from collections import deque

import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

WINDOW_S = 60.0


class LivePlotView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("livePlot")
        # Antialiasing and grids cost 15-45 ms a redraw here (bench/ui_stall.py); the plots do without.
        pg.setConfigOptions(antialias=False, background="w", foreground="#444")
        self._points: deque[tuple[float, float, float, float]] = deque()
        self.speed_plot = self._make_plot(self.tr("Writing speed (tok/s)"))
        self.memory_plot = self._make_plot(self.tr("Memory (MB)"))
        # The legend must exist before the curves, or it does not list them.
        legend = self.memory_plot.addLegend(offset=(4, 4), labelTextSize="8pt")
        legend.setBrush(pg.mkBrush(255, 255, 255, 200))
        self.speed_curve = self.speed_plot.plot(pen=pg.mkPen("#22a06b", width=2))
        self.engine_curve = self.memory_plot.plot(pen=pg.mkPen("#3b82f6", width=2), name=self.tr("engine"))
        self.app_curve = self.memory_plot.plot(pen=pg.mkPen("#f0b429", width=2), name=self.tr("app"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.speed_plot)
        layout.addWidget(self.memory_plot)

    def _make_plot(self, title: str) -> pg.PlotWidget:
        plot = pg.PlotWidget()
        plot.setMinimumHeight(90)
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        plot.setTitle(title, size="9pt")
        plot.setXRange(-WINDOW_S, 0, padding=0)
        plot.getPlotItem().getAxis("bottom").setStyle(tickTextOffset=2)
        return plot

    def add_point(self, now: float, tok_s: float, engine_mb: float, app_mb: float) -> None:
        self._points.append((now, tok_s, engine_mb, app_mb))
        while self._points and self._points[0][0] < now - WINDOW_S:
            self._points.popleft()
        xs = [p[0] - now for p in self._points]
        self.speed_curve.setData(xs, [p[1] for p in self._points])
        self.engine_curve.setData(xs, [p[2] for p in self._points])
        self.app_curve.setData(xs, [p[3] for p in self._points])
        self.speed_plot.setYRange(0, max(10.0, *(p[1] for p in self._points)) * 1.15, padding=0)
        self.memory_plot.setYRange(0, max(10.0, *(max(p[2], p[3]) for p in self._points)) * 1.15, padding=0)

    @property
    def point_count(self) -> int:
        return len(self._points)
