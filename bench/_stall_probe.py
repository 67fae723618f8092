"""The event-loop stall probe the GUI benchmarks share.

A 1 ms PreciseTimer ticks on the GUI thread and each tick's time is kept. While the event loop
is free the ticks come every millisecond; work on the GUI thread (a layout, a paint, a slot)
holds them back, so the longest gap between two ticks, less the 1 ms interval, is the longest
stall in that stretch. Create it on the GUI thread, with a QApplication running.
"""

from __future__ import annotations

import bisect
import itertools
import time

from PySide6.QtCore import Qt, QTimer

TICK_MS = 1


class StallProbe:
    def __init__(self, tick_ms: int = TICK_MS) -> None:
        self.tick_ms = tick_ms
        self.ticks: list[float] = []  # time.perf_counter() of each tick
        self._timer = QTimer()
        self._timer.setObjectName("stallProbe")  # named where an event filter lists the timers that fired
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(tick_ms)
        self._timer.timeout.connect(self.tick)

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def tick(self) -> float:
        """Called by the timer; call it by hand to mark a moment (e.g. Send) that the gaps start from."""
        now = time.perf_counter()
        self.ticks.append(now)
        return now

    def last_tick_before(self, moment: float) -> int:
        """Index of the last tick at or before `moment` (0 when there is none)."""
        return max(0, bisect.bisect_right(self.ticks, moment) - 1)

    def first_tick_after(self, moment: float) -> int:
        """Index of the first tick at or after `moment` (the last tick when there is none)."""
        return min(len(self.ticks) - 1, bisect.bisect_left(self.ticks, moment))

    def gaps_ms(self, start: int = 0, end: int | None = None) -> list[float]:
        """Gaps between consecutive ticks from tick `start` to tick `end` (inclusive; default the last)."""
        ticks = self.ticks[start : None if end is None else end + 1]
        return [(b - a) * 1000 for a, b in itertools.pairwise(ticks)]

    def gaps_between_ms(self, begin: float, end: float) -> list[float]:
        """The gaps covering [begin, end]: from the last tick before `begin` to the first after `end`,
        so a stall that crosses either moment counts whole."""
        return self.gaps_ms(self.last_tick_before(begin), self.first_tick_after(end))

    def stall_ms(self, gaps_ms: list[float]) -> float:
        """The longest stall among these gaps: the longest gap less the tick interval."""
        return max(0.0, max(gaps_ms, default=0.0) - self.tick_ms)
