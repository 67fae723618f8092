#!/usr/bin/env python
"""Prefix cache: time to first token with and without it, in one run, on the starter model.

Two conversations each open with about 1,000 tokens, then alternate short follow-ups.
The same script runs on an engine with the cache and on one without (every turn reads its
whole prompt). Then the cached engine is restarted and an old conversation continues.

  switch back    TTFT of a turn in the conversation the engine did NOT just serve   target >= 25x
  next turn      TTFT of a turn right after one in the same conversation            target >= 20x
  after restart  TTFT of an old conversation in a freshly started engine            target >= 10x

Between turns the script waits THINK_S (a person reading and typing), as a real chat does.

Also: snapshot save and restore time per MB (RAM and disk), bytes per token, the engine's
peak RSS against the RAM budget, and TTFT against history length for both engines, drawn
as an SVG (resources/screenshots/ttft_vs_history.svg) for the README.

Run:  python bench/prefix_cache.py [--json] [--plot PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from _common import quiet_llama_logs

from engine.process import EngineProcess
from engine.protocol import (
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadOptions,
    Metrics,
    SamplingParams,
    Started,
    Token,
)
from engine.starter_model import starter_model_path

TARGETS = {"switch back": 25.0, "next turn": 20.0, "after restart": 10.0}
SAMPLING = SamplingParams(temperature=0, max_tokens=16)
OPENERS = {
    "A": "Here are my notes on planning a community garden. " * 1,
    "B": "Here is the story of how our town library was built. " * 1,
}
FILLER = {
    "A": "We discussed soil, water, tools, volunteers, budgets and the schedule for every season. ",
    "B": "It took years of fundraising, volunteers, debates at council meetings and a lot of patience. ",
}
FOLLOW_UPS = ["Summarise that in one line.", "What comes next?", "Any risks?", "Thanks, and one more idea?"]
N_CTX = 4096
# A person reads the answer and types the next message before sending it; the engine uses that
# time to settle the answer (read it again as one batch) and snapshot it. Sending the next turn
# the instant an answer ends would charge that background work to the next TTFT.
THINK_S = 1.5


@dataclass
class Chat:
    messages: list[ChatMessage] = field(default_factory=list)
    history: tuple[int, ...] = ()


@dataclass
class Turn:
    label: str
    conversation: str
    metrics: Metrics
    ttft_s: float


class Engine:
    def __init__(self, reuse: bool, threads: int) -> None:
        self.proc = EngineProcess()
        self.proc.start()
        self.proc.send(Load(LoadOptions(str(starter_model_path()), n_ctx=N_CTX, n_threads=threads, prefix_cache=reuse)))
        self.requests = 0
        while True:
            event = self.proc.receive(timeout=300)
            if isinstance(event, Failed):
                raise SystemExit(f"the engine failed: {event.reason}")
            if isinstance(event, Loaded):
                break

    def ask(self, chat: Chat, question: str, owner: str) -> tuple[Metrics, float]:
        if self.requests:
            time.sleep(THINK_S)
        self.requests += 1
        messages = [*chat.messages, ChatMessage("user", question)]
        sent = time.monotonic()
        self.proc.send(
            Generate(self.requests, tuple(messages), SAMPLING, sent, history_tokens=chat.history, cache_owner=owner)
        )
        prompt: tuple[int, ...] = ()
        pieces: list[str] = []
        tokens: list[int] = []
        first = 0.0
        while True:
            event = self.proc.receive(timeout=600)
            if isinstance(event, Failed):
                raise SystemExit(f"the answer failed: {event.reason}")
            if isinstance(event, Started):
                prompt = event.prompt_token_ids
            elif isinstance(event, Token):
                if not first:
                    first = time.monotonic()
                pieces.append(event.text)
                tokens.extend(event.token_ids)
            elif isinstance(event, Finished):
                chat.messages = [*messages, ChatMessage("assistant", "".join(pieces))]
                chat.history = prompt + tuple(tokens)
                return event.metrics, first - sent

    def stop(self) -> None:
        self.proc.stop()


def opener(name: str, target_tokens: int = 1000) -> str:
    # About 18 tokens a sentence.
    return OPENERS[name] + FILLER[name] * (target_tokens // 18)


def script() -> list[tuple[str, str, str]]:
    """(label, conversation, question): the openers, then alternating follow-ups."""
    steps = [("open", "A", opener("A")), ("open", "B", opener("B"))]
    order = ["A", "A", "B", "B", "A", "B", "A", "A"]
    previous = "B"
    for i, name in enumerate(order):
        label = "next turn" if name == previous else "switch back"
        steps.append((label, name, FOLLOW_UPS[i % len(FOLLOW_UPS)]))
        previous = name
    return steps


def run_script(reuse: bool, threads: int) -> tuple[list[Turn], dict[str, Chat], int]:
    engine = Engine(reuse, threads)
    chats: dict[str, Chat] = {}
    turns = []
    peak_rss = 0
    try:
        for label, name, question in script():
            chat = chats.setdefault(name, Chat([ChatMessage("system", "You are a concise assistant.")]))
            metrics, ttft = engine.ask(chat, question, f"conversation:{name}")
            peak_rss = max(peak_rss, metrics.engine_rss_bytes)
            turns.append(Turn(label, name, metrics, ttft))
    finally:
        engine.stop()
    return turns, chats, peak_rss


def after_restart(reuse: bool, threads: int, chats: dict[str, Chat]) -> Turn:
    engine = Engine(reuse, threads)
    try:
        metrics, ttft = engine.ask(chats["A"], "Back again: what did we decide?", "conversation:A")
    finally:
        engine.stop()
    return Turn("after restart", "A", metrics, ttft)


def growth_series(reuse: bool, threads: int, steps: int) -> list[tuple[int, float]]:
    """(prompt tokens, TTFT) as one conversation grows by about 250 tokens a turn."""
    engine = Engine(reuse, threads)
    chat = Chat([ChatMessage("system", "You are a concise assistant.")])
    points = []
    try:
        for i in range(steps):
            question = f"Part {i + 1}. " + FILLER["A"] * 14
            metrics, ttft = engine.ask(chat, question, "conversation:growth")
            points.append((metrics.prompt_tokens, ttft))
    finally:
        engine.stop()
    return points


def state_timings(threads: int) -> dict[str, float]:
    """Save and restore speed of a 1,000-token state, in RAM and through a snapshot file."""
    from engine.llama_runtime import LlamaModel
    from engine.prefix_cache import CacheKey, read_snapshot_file, write_snapshot_file

    model = LlamaModel(LoadOptions(str(starter_model_path()), n_ctx=N_CTX, n_threads=threads))
    try:
        tokens = model.tokenize(opener("A"))[:1000]
        model.decode(tokens)
        t = time.perf_counter()
        data = model.save_state()
        save_s = time.perf_counter() - t
        t = time.perf_counter()
        model.restore_state(tuple(tokens), data)
        restore_s = time.perf_counter() - t
        key = CacheKey("0" * 64, N_CTX, 1, 1, 0, True)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "s.kv"
            t = time.perf_counter()
            write_snapshot_file(path, key, tokens, data)
            write_s = time.perf_counter() - t
            t = time.perf_counter()
            read_snapshot_file(path, key)
            read_s = time.perf_counter() - t
    finally:
        model.close()
    mb = len(data) / 1024 / 1024
    return {
        "state_mb": mb,
        "bytes_per_token": len(data) / len(tokens),
        "ram_save_ms_per_mb": 1000 * save_s / mb,
        "ram_restore_ms_per_mb": 1000 * restore_s / mb,
        "disk_write_ms_per_mb": 1000 * write_s / mb,
        "disk_read_ms_per_mb": 1000 * read_s / mb,
    }


def svg_plot(with_cache: list[tuple[int, float]], without: list[tuple[int, float]], path: Path) -> None:
    width, height, margin = 640, 360, 56
    max_x = max(x for x, _ in with_cache + without) * 1.05
    max_y = max(y for _, y in with_cache + without) * 1.1

    def px(x: float) -> float:
        return margin + x / max_x * (width - 2 * margin)

    def py(y: float) -> float:
        return height - margin - y / max_y * (height - 2 * margin)

    def line(points: list[tuple[int, float]], colour: str) -> str:
        pts = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        dots = "".join(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}"/>' for x, y in points)
        return f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>{dots}'

    step = max(1, int(max_y) // 5)
    yticks = "".join(
        f'<text x="{margin - 8}" y="{py(v) + 4:.0f}" text-anchor="end" font-size="11">{v} s</text>'
        for v in range(0, int(max_y) + 1, step)
    )
    xticks = "".join(
        f'<text x="{px(v):.0f}" y="{height - margin + 16}" text-anchor="middle" font-size="11">{v:,}</text>'
        for v in range(0, int(max_x) + 1, 500)
    )
    title = "Time to first token as a conversation grows (SmolLM2-135M, 2 threads)"
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">\n'
        f'<rect width="100%" height="100%" fill="white"/>\n'
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>\n'
        f'<line x1="{margin}" y1="{height - margin}" x2="{width - margin}" y2="{height - margin}" stroke="#888"/>\n'
        f'<line x1="{margin}" y1="{margin}" x2="{margin}" y2="{height - margin}" stroke="#888"/>\n'
        f"{yticks}{xticks}\n"
        f'<text x="{width / 2}" y="{height - 14}" text-anchor="middle" font-size="12">'
        "prompt tokens (history included)</text>\n"
        f"{line(without, '#d9534f')}{line(with_cache, '#1a7f37')}\n"
        f'<text x="{width - margin - 210}" y="{margin + 4}" font-size="12" fill="#d9534f">'
        "without the cache: reads it all</text>\n"
        f'<text x="{width - margin - 210}" y="{margin + 22}" font-size="12" fill="#1a7f37">'
        "with Hearth's prefix cache</text>\n"
        "</svg>\n"
    )
    path.write_text(svg, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--plot", default="resources/screenshots/ttft_vs_history.svg", help="where to write the SVG")
    parser.add_argument("--growth-steps", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-prefix-bench-")
    quiet_llama_logs()
    began = time.monotonic()

    cached_turns, cached_chats, peak_rss = run_script(True, args.threads)
    plain_turns, plain_chats, _ = run_script(False, args.threads)
    cached_turns.append(after_restart(True, args.threads, cached_chats))
    plain_turns.append(after_restart(False, args.threads, plain_chats))

    print("turn  label          conv  prompt  cached  source  |  TTFT cached   TTFT without   ratio")
    ratios: dict[str, list[float]] = {}
    for i, (c, p) in enumerate(zip(cached_turns, plain_turns, strict=True)):
        ratio = p.ttft_s / c.ttft_s if c.ttft_s > 0 else 0.0
        if c.label in TARGETS:
            ratios.setdefault(c.label, []).append(ratio)
        m = c.metrics
        print(
            f"{i + 1:>4}  {c.label:<13}  {c.conversation:>4}  {m.prompt_tokens:>6}  {m.cached_tokens:>6}"
            f"  {m.cache_source:<6}  |  {c.ttft_s:>9.3f} s  {p.ttft_s:>11.3f} s  {ratio:>6.1f}x"
        )
    print()
    verdicts = {}
    for label, target in TARGETS.items():
        value = statistics.median(ratios.get(label, [0.0]))
        verdicts[label] = value
        verdict = "PASS" if value >= target else "MISS"
        print(f"{label:<14} median {value:6.1f}x faster   (target >= {target:.0f}x)  {verdict}")

    timings = state_timings(args.threads)
    print()
    print(
        f"state: {timings['bytes_per_token'] / 1024:.1f} KB per token; "
        f"RAM save {timings['ram_save_ms_per_mb']:.2f} ms/MB, restore {timings['ram_restore_ms_per_mb']:.2f} ms/MB; "
        f"disk write {timings['disk_write_ms_per_mb']:.2f} ms/MB, read+check {timings['disk_read_ms_per_mb']:.2f} ms/MB"
    )
    from engine.prefix_cache import default_ram_budget

    budget = default_ram_budget()
    print(f"engine peak RSS {peak_rss / 1024**2:.0f} MB; RAM budget for snapshots {budget / 1024**2:.0f} MB")

    with_cache = growth_series(True, args.threads, args.growth_steps)
    without = growth_series(False, args.threads, args.growth_steps)
    print()
    print("prompt tokens  TTFT with cache  TTFT without")
    for (n, a), (_, b) in zip(with_cache, without, strict=True):
        print(f"{n:>13}  {a:>13.3f} s  {b:>10.3f} s")
    plot = Path(args.plot)
    plot.parent.mkdir(parents=True, exist_ok=True)
    svg_plot(with_cache, without, plot)
    print(f"plot written to {plot}")
    print(f"total {time.monotonic() - began:.0f} s")
    if args.json:
        print(
            json.dumps(
                {
                    "bench": "prefix_cache",
                    "ratios": verdicts,
                    "timings": timings,
                    "peak_rss": peak_rss,
                    "ram_budget": budget,
                    "growth": {"with": with_cache, "without": without},
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
