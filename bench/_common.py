"""Helpers shared by the benchmark scripts in bench/."""

from __future__ import annotations

import logging
import math
import os
import statistics
import time
from collections.abc import Iterator, Sequence
from typing import Any

# SmolLM2-135M answers this with well over 512 tokens at temperature 0.7 (seed 1),
# so the runs end at max_tokens rather than at an end-of-generation token.
LONG_PROMPT = (
    "Explain in great detail how a computer works, from transistors to operating systems. Write at least 1000 words."
)
SEED = 1
TEMPERATURE = 0.7


def quiet_llama_logs() -> None:
    """Keep llama.cpp's load chatter (routed through llama-cpp-python's logger) off the terminal."""
    logging.getLogger("llama-cpp-python").setLevel(logging.ERROR)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile, q in 0..100."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def median_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """Distribution-free confidence interval of the median: the k-th smallest and k-th largest
    value, with k the largest rank for which the median lies between them with at least `level`
    probability (binomial, p = 1/2). Needs only independent values, no shape; with under 6
    values it is their whole range."""
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return 0.0, 0.0
    tail = (1 - level) / 2
    k, below = 0, 0.0  # below: P(fewer than k+1 values fall under the median)
    while k < n // 2:
        below += math.comb(n, k) / 2**n
        if below > tail:
            break
        k += 1
    k = max(k, 1)
    return ordered[k - 1], ordered[n - k]


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def decode_rate(tokens: int, t_first: float, t_last: float) -> float:
    """Tokens per second over the decode phase: the first token (out of prefill) starts the clock."""
    if tokens < 2 or t_last <= t_first:
        return 0.0
    return (tokens - 1) / (t_last - t_first)


def load_note() -> str:
    """One line on how busy the machine is: other work on shared cores skews every figure."""
    try:
        one_minute = os.getloadavg()[0]
    except OSError:
        return f"{os.cpu_count()} CPUs"
    return f"{os.cpu_count()} CPUs, load average {one_minute:.2f} at start"


def cpu_pressure_total_us() -> int | None:
    """Linux PSI: total microseconds in which some runnable task waited for a CPU (None where unsupported)."""
    try:
        with open("/proc/pressure/cpu", encoding="ascii") as f:
            first = f.readline().split()
    except OSError:
        return None
    fields = dict(item.split("=", 1) for item in first[1:])
    return int(fields["total"]) if "total" in fields else None


class CpuPressure:
    """Share of wall time, between start() and stop(), in which some task waited for a CPU."""

    def __init__(self) -> None:
        self._t0 = 0.0
        self._p0: int | None = None

    def start(self) -> None:
        self._t0 = time.monotonic()
        self._p0 = cpu_pressure_total_us()

    def stop(self) -> float | None:
        p1 = cpu_pressure_total_us()
        wall_us = (time.monotonic() - self._t0) * 1e6
        if self._p0 is None or p1 is None or wall_us <= 0:
            return None
        return min(1.0, (p1 - self._p0) / wall_us)


def open_high_level(model_path: str, n_ctx: int, threads: int, n_batch: int, repeat_last_n: int) -> Any:
    """llama-cpp-python's high-level Llama, set up as the decode benches compare it: Hearth's
    context size, batch and threads, flash attention off (its default, and Hearth's)."""
    from llama_cpp import Llama

    return Llama(
        model_path=model_path,
        n_ctx=n_ctx,
        n_batch=n_batch,
        n_ubatch=n_batch,
        n_threads=threads,
        n_threads_batch=threads,
        last_n_tokens_size=repeat_last_n,
        seed=SEED,
        verbose=False,
    )


def high_level_stream(llm: Any, prompt_text: str, sampling: Any) -> Iterator[dict[str, Any]]:
    """create_completion(stream=True) with the sampling of an engine.protocol.SamplingParams."""
    stream: Iterator[dict[str, Any]] = llm.create_completion(
        prompt_text,
        max_tokens=sampling.max_tokens,
        temperature=sampling.temperature,
        top_k=sampling.top_k,
        top_p=sampling.top_p,
        min_p=sampling.min_p,
        repeat_penalty=sampling.repeat_penalty,
        seed=sampling.seed,
        stream=True,
    )
    return stream
