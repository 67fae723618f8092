#!/usr/bin/env python
"""Prefix cache: time to first token with and without it, in one run, on one model (the starter by default).

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

Run:  python bench/prefix_cache.py [--model starter|qwen1.5b|qwen0.5b|PATH] [--json] [--plot PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from _common import quiet_llama_logs
from batching import model_path

from engine.client.process import EngineProcess
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

README_PLOT = "resources/screenshots/ttft_vs_history.svg"
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
    segments: tuple[int, ...] = ()  # where each message begins in `history`, as the store says

    def add(self, prompt: tuple[int, ...], answer: tuple[int, ...]) -> None:
        """After an answer: the question's tokens begin where the prompt leaves the history."""
        from engine.store.tokens import split_prompt

        start, _ = split_prompt(self.history, prompt)
        self.segments = (*(b for b in self.segments if b < start), start, len(prompt))
        self.history = prompt + answer


@dataclass
class Turn:
    label: str
    conversation: str
    metrics: Metrics
    ttft_s: float


class Engine:
    def __init__(self, model: Path, reuse: bool, threads: int) -> None:
        self.proc = EngineProcess()
        self.proc.start()
        self.proc.send(Load(0, LoadOptions(str(model), n_ctx=N_CTX, n_threads=threads, prefix_cache=reuse)))
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
            Generate(
                self.requests,
                tuple(messages),
                SAMPLING,
                sent,
                history_tokens=chat.history,
                history_segments=chat.segments,
                cache_owner=owner,
                pin_system_prompt=True,
            )
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
                chat.add(prompt, tuple(tokens))
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


def run_script(model: Path, reuse: bool, threads: int) -> tuple[list[Turn], dict[str, Chat], int]:
    engine = Engine(model, reuse, threads)
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


def after_restart(model: Path, reuse: bool, threads: int, chats: dict[str, Chat]) -> Turn:
    engine = Engine(model, reuse, threads)
    try:
        metrics, ttft = engine.ask(chats["A"], "Back again: what did we decide?", "conversation:A")
    finally:
        engine.stop()
    return Turn("after restart", "A", metrics, ttft)


def growth_series(model: Path, reuse: bool, threads: int, steps: int) -> list[tuple[int, float]]:
    """(prompt tokens, TTFT) as one conversation grows by about 250 tokens a turn."""
    engine = Engine(model, reuse, threads)
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


def state_timings(model_file: Path, threads: int) -> dict[str, float]:
    """Save and restore speed of a 1,000-token state, in RAM and through a snapshot file."""
    from engine.cache.prefix_cache import CacheKey, read_snapshot_file, write_snapshot_file
    from engine.runtime.llama_runtime import LlamaModel

    model = LlamaModel(LoadOptions(str(model_file), n_ctx=N_CTX, n_threads=threads))
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


# --- the reading schedule: before and after ---------------------------------------------
# In this process, three contexts of one model file: one keeps its conversation as the engine did
# before the reading schedule (a prompt's rest read as one batch, answers re-read only where the
# memory could be cut back, no window packing), one keeps it as the engine does now
# (engine/cache/prompt_reuse.py), and one reads every prompt in full, the old way and the new way in
# turn. Each turn measures how far the kept contexts' logits are from a full read's, and the
# time to the first token of all four: host drift hits them alike, so their ratios hold.

SCHEDULE_SYSTEM = "You are a patient gardening tutor. Explain every idea with one everyday example, briefly. " * 2
SCHEDULE_QUESTION = "My balcony gets sun in the morning and wind in the afternoon, and the soil dries fast. "


@dataclass
class ScheduleTurn:
    prompt_tokens: int
    old_cached: int  # tokens the old way reused
    new_cached: int
    old_diff: float  # largest |logit difference| from a full read, the old way
    new_diff: float
    old_same_answer: bool  # the greedy answer equals the full read's
    new_same_answer: bool
    old_ttft: float  # reuse + reading the rest + the first token, seconds
    new_ttft: float
    old_full: float  # a full read + the first token, seconds
    new_full: float


def _old_decode(model: Any, tokens: list[int]) -> None:
    """LlamaModel.decode as it was: batches of n_batch, nothing recorded, no window packing."""
    import llama_cpp

    for start in range(0, len(tokens), model.n_batch):
        chunk = tokens[start : start + model.n_batch]
        arr = (llama_cpp.llama_token * len(chunk))(*chunk)
        if llama_cpp.llama_decode(model._ctx, llama_cpp.llama_batch_get_one(arr, len(chunk))) != 0:
            raise SystemExit("llama_decode failed")
        model.kv_tokens.extend(chunk)


def _old_reuse(model: Any, prompt: list[int]) -> int:
    """LlamaModel.reuse_prefix as it was: any shared prefix; sliding-window memories never cut back."""
    import llama_cpp

    common = min(model.common_prefix(prompt), len(prompt) - 1)
    if common < len(model.kv_tokens) and (model.n_swa > 0 or model.is_recurrent):
        common = 0
    if common <= 0:
        model.clear()
        return 0
    llama_cpp.llama_memory_seq_rm(model._memory, 0, common, -1)
    del model.kv_tokens[common:]
    return int(common)


def _logits(model: Any) -> Any:
    import llama_cpp
    import numpy as np

    return np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(model._ctx, -1), shape=(model.n_vocab,)).copy()


def _first_then_rest(
    model: Any, prompt: list[int], t0: float, sampling: SamplingParams
) -> tuple[float, list[int], Any]:
    """(seconds from t0 to the first token, the greedy answer, the prompt's state where needed)."""
    from engine.cache.prompt_reuse import PromptState

    first = 0.0
    answer: list[int] = []
    state = None
    for step in model.generate(prompt, sampling):
        if not answer:
            first = time.perf_counter() - t0
            if not model.can_cut_back:
                state = PromptState.of(model)
        answer.append(step.token)
    return first, answer, state


def schedule_comparison(
    path: Path, kernels: str, threads: int, *, turns: int, repeats: int, answer_tokens: int
) -> list[ScheduleTurn]:
    from engine.cache.prompt_reuse import read_prompt, settle_answer
    from engine.prompt.assembly import reading_plan, system_prompt_length
    from engine.prompt.context_fit import fit_prompt
    from engine.runtime.llama_runtime import LlamaModel

    options = LoadOptions(str(path), n_ctx=N_CTX, n_threads=threads)
    sampling = SamplingParams(temperature=0, max_tokens=answer_tokens)
    old, new, full = (LlamaModel(options, kernels=kernels) for _ in range(3))  # type: ignore[arg-type]
    results = []
    try:
        messages = [ChatMessage("system", SCHEDULE_SYSTEM)]
        chat = Chat()
        for turn in range(turns):
            messages.append(ChatMessage("user", SCHEDULE_QUESTION * repeats + f"What should I do in week {turn}?"))
            cmd = Generate(
                turn,
                tuple(messages),
                sampling,
                history_tokens=chat.history,
                history_segments=chat.segments,
                pin_system_prompt=True,
            )
            prompt, _ = fit_prompt(new, cmd)
            segments = reading_plan(prompt, chat.history, chat.segments, system_prompt_length(new, cmd, prompt))

            t0 = time.perf_counter()
            old_cached = _old_reuse(old, prompt)
            _old_decode(old, prompt[old_cached:])
            old_logits = _logits(old)
            old_ttft, old_answer, _ = _first_then_rest(old, prompt, t0, sampling)
            if old.n_swa == 0 and not old.is_recurrent:  # the old settle_answer
                _old_reuse(old, [*prompt, 0])
                _old_decode(old, old_answer)

            t0 = time.perf_counter()
            new_cached = new.reuse_prefix(prompt, segments)
            read_prompt(new, None, prompt, segments, cached=new_cached)
            new_logits = _logits(new)
            new_ttft, new_answer, state = _first_then_rest(new, prompt, t0, sampling)
            settle_answer(new, prompt, new_answer, state)

            full.clear()
            t0 = time.perf_counter()
            _old_decode(full, prompt)
            old_full_logits = _logits(full)
            old_full, old_full_answer, _ = _first_then_rest(full, prompt, t0, sampling)
            full.clear()
            t0 = time.perf_counter()
            read_prompt(full, None, prompt, segments, cached=0)
            new_full_logits = _logits(full)
            new_full, new_full_answer, _ = _first_then_rest(full, prompt, t0, sampling)

            results.append(
                ScheduleTurn(
                    len(prompt),
                    old_cached,
                    new_cached,
                    float(abs(old_logits - old_full_logits).max()),
                    float(abs(new_logits - new_full_logits).max()),
                    old_answer == old_full_answer,
                    new_answer == new_full_answer,
                    old_ttft,
                    new_ttft,
                    old_full,
                    new_full,
                )
            )
            messages.append(ChatMessage("assistant", new.detokenize(new_answer)))
            chat.add(tuple(prompt), tuple(new_answer))
            if old_answer != new_answer:  # the old conversation went its own way: follow it no further
                old.clear()
    finally:
        for model in (old, new, full):
            model.close()
    return results


def print_schedule(path: Path, kernels: str, results: list[ScheduleTurn]) -> dict[str, Any]:
    print(f"{path.name}, {kernels} kernels: a kept conversation against a full read, before and after")
    print(
        "turn  prompt | reused old/new | max |dlogit| old / new | same answer old/new |"
        " TTFT follow-up old / new   | full read + 1st token old / new"
    )
    for i, r in enumerate(results, 1):
        print(
            f"{i:>4}  {r.prompt_tokens:>6} | {r.old_cached:>5} / {r.new_cached:<5}"
            f"  |  {r.old_diff:8.3g} / {r.new_diff:<8.3g}"
            f" | {'yes' if r.old_same_answer else 'NO':>4} / {'yes' if r.new_same_answer else 'NO':<4}"
            f"         | {r.old_ttft:7.3f} s / {r.new_ttft:7.3f} s | {r.old_full:7.3f} s / {r.new_full:7.3f} s"
        )
    follow = [r for r in results[1:] if r.old_cached and r.new_cached]
    ttft_ratio = statistics.median(r.new_ttft / r.old_ttft for r in follow) if follow else 0.0
    full_ratio = statistics.median(r.new_full / r.old_full for r in results)
    prefill_old = sum(r.prompt_tokens for r in results) / sum(r.old_full for r in results)
    prefill_new = sum(r.prompt_tokens for r in results) / sum(r.new_full for r in results)
    print(
        f"follow-up TTFT new/old: median {ttft_ratio:.3f}x;  full read new/old: median {full_ratio:.3f}x"
        f" ({prefill_old:.0f} -> {prefill_new:.0f} prompt tokens/s, first token included)"
    )
    exact_before = all(r.old_diff == 0 for r in results)
    exact_after = all(r.new_diff == 0 for r in results)
    print(
        f"kept == full read: before {'always' if exact_before else 'NOT always'},"
        f" after {'always' if exact_after else 'NOT always'}"
    )
    return {
        "model": path.name,
        "kernels": kernels,
        "follow_up_ttft_ratio": ttft_ratio,
        "full_read_ratio": full_ratio,
        "exact_before": exact_before,
        "exact_after": exact_after,
        "turns": [asdict(r) for r in results],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--model", default="starter", help="starter, qwen1.5b, qwen0.5b or a GGUF path")
    parser.add_argument("--plot", help=f"where to write the SVG (default for the starter: {README_PLOT})")
    parser.add_argument("--growth-steps", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--schedule",
        nargs="+",
        metavar="MODEL.gguf",
        help="instead: compare the reading schedule before and after, in this process, on these models",
    )
    parser.add_argument("--kernels", choices=["full", "safe"], default="full", help="for --schedule")
    parser.add_argument("--turns", type=int, default=5, help="for --schedule")
    parser.add_argument("--question-repeats", type=int, default=6, help="for --schedule: about 19 tokens each")
    parser.add_argument("--answer-tokens", type=int, default=32, help="for --schedule: greedy, at most")
    args = parser.parse_args(argv)
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-prefix-bench-")
    quiet_llama_logs()
    began = time.monotonic()
    if args.schedule:
        reports = []
        for model in args.schedule:
            results = schedule_comparison(
                Path(model),
                args.kernels,
                args.threads,
                turns=args.turns,
                repeats=args.question_repeats,
                answer_tokens=args.answer_tokens,
            )
            reports.append(print_schedule(Path(model), args.kernels, results))
            print()
        print(f"total {time.monotonic() - began:.0f} s")
        if args.json:
            print(json.dumps({"bench": "prefix_cache --schedule", "reports": reports}))
        return 0

    model = model_path(args.model)
    print(f"prefix cache: {model.name}, {args.threads} threads, n_ctx {N_CTX}")
    cached_turns, cached_chats, peak_rss = run_script(model, True, args.threads)
    plain_turns, plain_chats, _ = run_script(model, False, args.threads)
    cached_turns.append(after_restart(model, True, args.threads, cached_chats))
    plain_turns.append(after_restart(model, False, args.threads, plain_chats))

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

    timings = state_timings(model, args.threads)
    print()
    print(
        f"state: {timings['bytes_per_token'] / 1024:.1f} KB per token; "
        f"RAM save {timings['ram_save_ms_per_mb']:.2f} ms/MB, restore {timings['ram_restore_ms_per_mb']:.2f} ms/MB; "
        f"disk write {timings['disk_write_ms_per_mb']:.2f} ms/MB, read+check {timings['disk_read_ms_per_mb']:.2f} ms/MB"
    )
    from engine.cache.prefix_cache import default_ram_budget

    budget = default_ram_budget()
    print(f"engine peak RSS {peak_rss / 1024**2:.0f} MB; RAM budget for snapshots {budget / 1024**2:.0f} MB")

    with_cache = growth_series(model, True, args.threads, args.growth_steps)
    without = growth_series(model, False, args.threads, args.growth_steps)
    print()
    print("prompt tokens  TTFT with cache  TTFT without")
    for (n, a), (_, b) in zip(with_cache, without, strict=True):
        print(f"{n:>13}  {a:>13.3f} s  {b:>10.3f} s")
    if args.plot or args.model == "starter":  # the README's plot is the starter's
        plot = Path(args.plot or README_PLOT)
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
