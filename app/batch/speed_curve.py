"""How a batch job climbs to its most answers at once, and what the engine wrote at each step.

A job begins with one answer at a time and doubles the number in flight each time twice that many
have finished, up to the model's slots. So every job draws its own throughput-versus-latency curve
on the user's computer: more answers at once raise the tokens written per second in all, while each
answer's own speed falls.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from engine.protocol import EngineStats


@dataclass
class Ramp:
    top: int  # the most answers at once (the model's slots)
    level: int = 1
    finished_at_level: int = 0

    def answer_finished(self) -> None:
        self.finished_at_level += 1
        if self.level < self.top and self.finished_at_level >= 2 * self.level:
            self.level = min(self.top, self.level * 2)
            self.finished_at_level = 0


@dataclass(frozen=True)
class CurvePoint:
    at_once: int
    total_tok_s: float  # all answers together
    each_tok_s: float  # one answer's share


@dataclass
class SpeedCurve:
    """The engine's writing speed sampled at each number of answers at once (EngineStats)."""

    samples: dict[int, list[float]] = field(default_factory=dict)

    def add(self, stats: EngineStats) -> None:
        if stats.engine_tok_s > 0 and stats.active_answers >= 1:
            self.samples.setdefault(stats.active_answers, []).append(stats.engine_tok_s)

    def points(self) -> list[CurvePoint]:
        points = []
        for at_once in sorted(self.samples):
            total = statistics.median(self.samples[at_once])
            points.append(CurvePoint(at_once, total, total / at_once))
        return points
