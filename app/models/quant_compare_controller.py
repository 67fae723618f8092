"""Runs a quantization comparison's measurement off the window's thread (engine/models/quant_compare.py).

The measuring itself happens in a throwaway child process that the engine module starts; this
controller only waits for it on Qt's thread pool and relays its progress as signals.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.background import run_in_background
from engine.models.quant_compare import (
    FigureKind,
    Measurement,
    MeasureOutcome,
    MeasureSettings,
    QuantGroup,
)

logger = logging.getLogger(__name__)


class QuantCompareController(QObject):
    progressed = Signal(int, int)  # done, total (tokens read or written in all)
    figures_measured = Signal(str, str)  # kind ("bench" | "kl"), path
    finished = Signal(object)  # MeasureOutcome
    failed = Signal(object)  # the exception

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = MeasureSettings()
        self._measurement: Measurement | None = None

    @property
    def running(self) -> bool:
        return self._measurement is not None

    def start(self, group: QuantGroup, *, again: bool = False) -> bool:
        """Measure what `group` lacks (everything, with `again`); False when nothing is missing."""
        if self._measurement is not None:
            return False
        measurement = Measurement.for_group(group, self.settings, again=again)
        if measurement.empty:
            return False
        self._measurement = measurement
        run_in_background(
            self,
            lambda: measurement.run(self._relay_progress, self._relay_figures),
            self._on_done,
            self._on_failed,
        )
        return True

    def stop(self) -> None:
        if self._measurement is not None:
            self._measurement.stop()

    def _relay_progress(self, done: int, total: int) -> None:  # on the pool's thread: queued to ours
        try:
            self.progressed.emit(done, total)
        except RuntimeError:
            logger.debug("progress dropped: the view is gone")

    def _relay_figures(self, kind: FigureKind, path: Path, _figures: dict[str, Any]) -> None:
        try:
            self.figures_measured.emit(kind, str(path))
        except RuntimeError:
            logger.debug("figures dropped: the view is gone")

    def _on_done(self, outcome: MeasureOutcome) -> None:
        self._measurement = None
        self.finished.emit(outcome)

    def _on_failed(self, exc: Exception) -> None:
        self._measurement = None
        self.failed.emit(exc)
