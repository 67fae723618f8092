"""The figures the glossary explains, read from the live objects without changing them.

The window already holds everything: the metrics panel keeps the last finished answer
(LiveAnswer, with the engine's Metrics) and the loaded model (ModelInfo), the Cache tab keeps
the cache's last report, the batch controller keeps its throughput curve. `gather` copies
references to them into one snapshot; nothing here writes to them.

Before the first answer there is nothing to show, so `illustrative()` gives a clearly marked
made-up example instead (the page says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.protocol import CacheReport, Metrics, ModelInfo

if TYPE_CHECKING:
    from app.batch.speed_curve import CurvePoint
    from app.main_window import MainWindow


@dataclass(frozen=True)
class CurveFigure:
    """One point of a throughput curve: answers written at once, tokens/s in all, tokens/s each."""

    at_once: int
    total_tok_s: float
    each_tok_s: float


@dataclass(frozen=True)
class LearnFigures:
    """What the page uses as its example. `own` is False for the made-up example."""

    own: bool
    metrics: Metrics | None = None  # the last finished answer, as the engine measured it
    ttft_s: float | None = None  # Send to the first text on screen (the panel's "First token")
    model: ModelInfo | None = None
    model_own: bool = False  # the model is the one loaded now (not the example's)
    cache: CacheReport | None = None
    curve: tuple[CurveFigure, ...] = field(default_factory=tuple)  # the batch page's, when it has two points
    curve_own: bool = False  # the curve comes from this computer's batch job


def gather(window: MainWindow) -> LearnFigures:
    """The user's own figures, where there are any; the illustrative example otherwise."""
    panel = window.metrics_panel
    answer = panel.last_finished
    model = panel.model
    cache = window.cache_view.report
    points: list[CurvePoint] = window.batch.curve.points()
    curve = tuple(CurveFigure(p.at_once, p.total_tok_s, p.each_tok_s) for p in points)
    curve_own = len(curve) >= 2
    if answer is None or answer.final is None:
        example = illustrative()
        return LearnFigures(
            own=False,
            metrics=example.metrics,
            ttft_s=example.ttft_s,
            model=model or example.model,
            model_own=model is not None,
            cache=example.cache,
            curve=curve if curve_own else example.curve,
            curve_own=curve_own,
        )
    return LearnFigures(
        own=True,
        metrics=answer.final,
        ttft_s=answer.ttft_s or answer.final.ttft_s,
        model=model,
        model_own=model is not None,
        cache=cache if cache is not None and cache.enabled else None,
        curve=curve if curve_own else illustrative().curve,
        curve_own=curve_own,
    )


def illustrative() -> LearnFigures:
    """Round, plausible numbers for a small model on a laptop: 812 tokens read in 0.9 s, 120 written
    at 14 per second. Shown only before the first answer, and marked as an example."""
    mb = 1024 * 1024
    metrics = Metrics(
        model="example",
        prompt_tokens=1_412,
        cached_tokens=600,
        cache_source="live",
        prefill_tokens=812,
        load_s=0.0,
        queue_s=0.02,
        prefill_s=0.9,
        ttft_s=0.95,
        decode_tokens=120,
        decode_s=119 / 14,
        total_s=0.95 + 119 / 14,
        engine_rss_bytes=1_400 * mb,
        kv_bytes=96 * mb,
        n_ctx_used=1_532,
        n_ctx=4_096,
        stop_reason="eog",
    )
    model = ModelInfo(
        path="example-1B-Instruct-Q4_K_M.gguf",
        name="example-1B-Instruct-Q4_K_M",
        architecture="llama",
        n_params=1_240_000_000,
        size_bytes=770 * mb,
        n_ctx=4_096,
        n_ctx_train=131_072,
        n_threads=4,
        chat_template_source="gguf",
        chat_template_name="",
        sliding_window=0,
    )
    cache = CacheReport(
        command_id=0,
        enabled=True,
        entries_ram=3,
        entries_disk=5,
        bytes_ram=180 * mb,
        bytes_disk=420 * mb,
        ram_budget=2_048 * mb,
        disk_budget=8_192 * mb,
        hits=7,
        misses=3,
    )
    curve = (CurveFigure(1, 14.0, 14.0), CurveFigure(2, 24.0, 12.0), CurveFigure(4, 38.0, 9.5))
    return LearnFigures(own=False, metrics=metrics, ttft_s=0.95, model=model, cache=cache, curve=curve)
