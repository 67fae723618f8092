"""Guard against a Qt binding that corrupts reference counts on signal emission.

PySide6 6.12.0 drops one reference to True per Signal.emit(); after a few thousand
streamed tokens the interpreter aborts ("bool_dealloc"). pyproject.toml excludes it.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    fired = Signal(object)


def test_emitting_signals_keeps_reference_counts_intact() -> None:
    emitter = _Emitter()
    received: list[object] = []
    emitter.fired.connect(received.append)
    before_true, before_false = sys.getrefcount(True), sys.getrefcount(False)
    for i in range(200):
        emitter.fired.emit(i)
    assert len(received) == 200
    # A handful of references may come and go; a leak per emit shows as ~-200.
    assert sys.getrefcount(True) - before_true > -20
    assert sys.getrefcount(False) - before_false > -20
