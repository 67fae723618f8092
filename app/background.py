"""Run slow work (the network, the disk) off the window's thread and get the result back on it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

logger = logging.getLogger(__name__)


class _Relay(QObject):
    succeeded = Signal(object)
    failed = Signal(object)  # the exception


class _Job(QRunnable):
    def __init__(self, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._work = work
        self._relay = relay

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as exc:  # handed to the window, which shows its one sentence
            logger.info("background work failed: %s", exc)
            self._deliver(self._relay.failed, exc)
        else:
            self._deliver(self._relay.succeeded, result)

    @staticmethod
    def _deliver(signal: Any, value: object) -> None:
        try:
            signal.emit(value)
        except RuntimeError:  # the view that asked was closed meanwhile: nobody wants the answer
            logger.debug("background result dropped: its owner is gone")


def run_in_background(
    owner: QObject, work: Callable[[], Any], on_done: Callable[[Any], None], on_error: Callable[[Exception], None]
) -> None:
    """`work()` on Qt's thread pool; `on_done(result)` or `on_error(exc)` later on `owner`'s thread."""
    relay = _Relay(owner)  # lives on the owner's thread, so its signals arrive there, queued
    relay.succeeded.connect(on_done)
    relay.failed.connect(on_error)
    relay.succeeded.connect(relay.deleteLater)
    relay.failed.connect(relay.deleteLater)
    QThreadPool.globalInstance().start(_Job(work, relay))
