#!/usr/bin/env python
"""What each decode path costs per token over llama_decode alone, measured token by token in one process.

bench/decode.py times whole answers, path after path, and this shared host's speed drifts by
10-30 % between them, so its ratios carry +-3-5 %. Here every path is a generator that writes
one token per step, and the bench steps all four in turn, one token each, in an order that
rotates every step: each path's tokens are timed microseconds apart from the others', under
the same host speed. Per-round ratios then scatter by about +-1 %.

  ceiling     llama_decode alone, replaying the bare loop's answer: no sampling, no text, no
              Python beyond the call. No path that reads one token per llama_decode call can
              decode faster: this is the most any such path can reach.
  hearth      engine.runtime.llama_runtime.LlamaModel.generate, the engine's own decode loop (llama.cpp's
              sampler chain with Hearth's exact first cut, engine/runtime/sampler.py), without the hop
              to the window; bench/decode.py measures that hop.
  bare        the same loop with llama.cpp's plain chain (preselect=False).
  scheduler   engine.runtime.scheduler.Scheduler, the continuous-batching loop the engine runs now,
              with one answer in flight (issue 15: one answer's decode must not lose more than 2 %
              to batching against `hearth`, the one-answer loop it replaced): the same chain, plus
              its per-token work (text stream, token batching, stats) without the pipe.
  high-level  llama_cpp.Llama(...).create_completion(stream=True).

The three low-level paths each own a context of their own, and the contexts swap roles every
round: where a context's buffers happen to lie in memory alone moved a path by about 3 % in
trials with fixed roles. The high-level path keeps its own Llama, and so its own placement:
two identical contexts differed by up to 2.5 % (an A/A test), so judge by a few runs, each in a
fresh process, not one run's interval. One round = one answer of
--tokens tokens per path from the same prompt and seed (the first step, which reads the prompt,
is not timed). The verdict lines are the median of per-round speed ratios with their exact 95 %
interval (_common.median_interval).

Checks: hearth and bare write the same tokens, and the ceiling replays them.

Run:  python bench/decode_lockstep.py [--tokens 128] [--rounds 20] [--threads 2] [--model starter|qwen1.5b|PATH]
      [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import llama_cpp
from _common import (
    LONG_PROMPT,
    SEED,
    TEMPERATURE,
    high_level_stream,
    median,
    median_interval,
    open_high_level,
    quiet_llama_logs,
    verdict,
)
from batching import model_path

from engine.protocol import ChatMessage, Generate, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.scheduler import Scheduler

N_BATCH = 512  # as bench/decode.py
N_CTX = 4096
TARGET_VS_HIGH_LEVEL = 1.05  # issue 2's target for Hearth's decode over the high-level stream
PATHS = ("ceiling", "hearth", "bare", "scheduler", "high-level")
LOW_LEVEL = ("ceiling", "hearth", "bare", "scheduler")
TARGET_SCHEDULER = 0.98  # issue 15: one answer through the scheduler within 2 % of the one-answer loop


class Bench:
    def __init__(self, tokens: int, threads: int, model: Path) -> None:
        path = str(model)
        # One sequence per context, as `hearth run` loads (the window keeps two: one more KV stream).
        options = LoadOptions(path, n_ctx=N_CTX, n_threads=threads, n_batch=N_BATCH, parallel=1)
        self.contexts = [LlamaModel(options) for _ in LOW_LEVEL]
        first = self.contexts[0]
        self.prompt_text = first.template.render((ChatMessage("user", LONG_PROMPT),))
        self.prompt = first.tokenize(self.prompt_text, add_special=True)
        self.sampling = SamplingParams(temperature=TEMPERATURE, seed=SEED, max_tokens=tokens)
        self.llm = open_high_level(path, N_CTX, threads, N_BATCH, self.sampling.repeat_last_n)
        self.role: dict[str, LlamaModel] = dict(zip(LOW_LEVEL, self.contexts, strict=True))
        self.written: dict[str, list[int]] = {"hearth": [], "bare": [], "scheduler": []}
        self.answer = list(self._sampled("bare"))  # the ceiling replays it

    # --- the four paths, one token per step --------------------------------------------------

    def _sampled(self, name: str) -> Iterator[int]:
        """hearth (the engine's chain, with its first cut) or bare (llama.cpp's plain chain)."""
        model = self.role[name]
        self.written[name] = written = []
        model.prefill(self.prompt)
        for step in model.generate(self.prompt, self.sampling, preselect=name == "hearth"):
            written.append(step.token)
            yield step.token

    def scheduled(self) -> Iterator[int]:
        """The engine's scheduler with one answer: one step() per token once its prompt is read."""
        model = self.role["scheduler"]
        model.sequences[0].clear()
        sent: list[Any] = []
        scheduler = Scheduler.in_process(model, sent.append)
        scheduler.submit(Generate(1, (ChatMessage("user", LONG_PROMPT),), self.sampling, time.monotonic()))
        written: list[int] = []
        self.written["scheduler"] = written
        slot = scheduler.slots[0]
        answer = None
        while scheduler.busy:
            answer = slot.answer or answer  # the slot lets go of it once it is finished
            scheduler.step()
            tokens = answer.tokens if answer is not None else written
            while len(written) < len(tokens):
                written.append(tokens[len(written)])
                yield written[-1]
        scheduler.close()

    def ceiling(self) -> Iterator[int]:
        model = self.role["ceiling"]
        model.prefill(self.prompt)  # keeps the prompt but its last token, read again as the others do
        one, ctx = (llama_cpp.llama_token * 1)(), model.context
        for token in self.answer:
            yield token
            one[0] = token
            llama_cpp.llama_decode(ctx, llama_cpp.llama_batch_get_one(one, 1))
        # Leave the context holding exactly the prompt and the answer, as the others' do.
        model.sequences[0].kv_tokens = [*self.prompt, *self.answer]

    def high_level(self) -> Iterator[Any]:
        for chunk in high_level_stream(self.llm, self.prompt_text, self.sampling):
            if chunk["choices"][0]["finish_reason"] is None:  # the closing chunk carries no new token
                yield chunk

    # --- one round -------------------------------------------------------------------------

    def round(self, index: int) -> dict[str, tuple[float, int]]:
        """Seconds spent in each path's steps after its first, and how many such steps."""
        shift = index % len(LOW_LEVEL)  # the contexts swap roles every round
        self.role = {name: self.contexts[(i + shift) % len(LOW_LEVEL)] for i, name in enumerate(LOW_LEVEL)}
        makers: dict[str, Callable[[], Iterator[Any]]] = {
            "ceiling": self.ceiling,
            "hearth": lambda: self._sampled("hearth"),
            "bare": lambda: self._sampled("bare"),
            "scheduler": self.scheduled,
            "high-level": self.high_level,
        }
        steps = {name: makers[name]() for name in PATHS}
        for name in PATHS:
            next(steps[name])  # reads the prompt (or its last token) and writes the first token
        spent = dict.fromkeys(PATHS, 0.0)
        counted = dict.fromkeys(PATHS, 0)
        running = list(PATHS)
        turn = 0
        while running:
            order = running[turn % len(running) :] + running[: turn % len(running)]
            turn += 1
            for name in order:
                started = time.perf_counter()
                try:
                    next(steps[name])
                except StopIteration:
                    running.remove(name)
                    continue
                spent[name] += time.perf_counter() - started
                counted[name] += 1
        return {name: (spent[name], counted[name]) for name in PATHS}

    def close(self) -> None:
        self.llm.close()
        for model in self.contexts:
            model.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tokens", type=int, default=128, help="tokens per answer (default 128)")
    parser.add_argument("--rounds", type=int, default=20, help="counted rounds (default 20; one more is a warm-up)")
    parser.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    parser.add_argument("--model", default="starter", help="starter, qwen1.5b, qwen0.5b or a GGUF path")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.tokens < 3:
        parser.error("--rounds must be at least 1 and --tokens at least 3")
    quiet_llama_logs()
    began = time.monotonic()
    model = model_path(args.model)
    bench = Bench(args.tokens, args.threads, model)
    try:
        print(
            f"decode lockstep: {model.name}, {args.threads} threads, n_ctx {N_CTX}, "
            f"{args.tokens} tokens an answer, prompt {len(bench.prompt)} tokens, {args.rounds} rounds + 1 warm-up"
        )
        print("ms per token, each round (steps of all four paths interleaved one token at a time)")
        print(f"{'round':>5}  " + "  ".join(f"{name:>10}" for name in PATHS))
        per_token: dict[str, list[float]] = {name: [] for name in PATHS}
        same_tokens = scheduler_same = True
        for index in range(args.rounds + 1):
            result = bench.round(index)
            same_tokens &= bench.written["hearth"] == bench.written["bare"] == bench.answer
            scheduler_same &= bench.written["scheduler"] == bench.answer
            cells = [1000 * spent / count if count else 0.0 for spent, count in result.values()]
            print(f"{index if index else 'w':>5}  " + "  ".join(f"{ms:>10.3f}" for ms in cells), flush=True)
            if index:
                for name, ms in zip(PATHS, cells, strict=True):
                    per_token[name].append(ms)
    finally:
        bench.close()

    def speed_ratios(ours: str, peer: str) -> list[float]:
        return [p / o for o, p in zip(per_token[ours], per_token[peer], strict=True) if o > 0]

    print()
    for name in PATHS:
        ms = median(per_token[name])
        print(f"{name:<10}  {ms:.3f} ms per token  ({1000 / ms if ms else 0:.1f} tok/s, median of rounds)")
    print()
    figures: dict[str, Any] = {
        "bench": "decode_lockstep",
        "tokens": args.tokens,
        "rounds": args.rounds,
        "threads": args.threads,
        "ms_per_token": {name: median(v) for name, v in per_token.items()},
    }
    for ours, peer in (
        ("ceiling", "high-level"),
        ("hearth", "high-level"),
        ("bare", "high-level"),
        ("hearth", "bare"),
        ("ceiling", "hearth"),
        ("scheduler", "hearth"),
    ):
        ratios = speed_ratios(ours, peer)
        low, high = median_interval(ratios)
        mid = median(ratios)
        figures[f"{ours}_vs_{peer}"] = {"median": mid, "interval": [low, high]}
        kind = "95% interval" if len(ratios) >= 6 else "range"  # too few rounds for a 95 % interval
        print(f"{ours} / {peer} speed = {mid:.3f}   {kind} {low:.3f}..{high:.3f}")
    ceiling = figures["ceiling_vs_high-level"]
    hearth = figures["hearth_vs_high-level"]
    print()
    print(
        f"the most any one-token-per-llama_decode path can reach over the high-level stream here: "
        f"{ceiling['median']:.3f} (95% {ceiling['interval'][0]:.3f}..{ceiling['interval'][1]:.3f}); "
        f"issue 2's target for Hearth is >= {TARGET_VS_HIGH_LEVEL}"
    )
    print(
        f"hearth's loop (without the hop to the window) / high-level = {hearth['median']:.3f}   "
        f"{verdict(hearth['median'] >= TARGET_VS_HIGH_LEVEL)}"
    )
    print(
        "hearth and bare wrote the same tokens every round, and the ceiling replayed them: "
        + ("yes" if same_tokens else "no")
    )
    scheduler = figures["scheduler_vs_hearth"]
    print(
        f"one answer through the scheduler / the one-answer loop = {scheduler['median']:.3f}   "
        f"(issue 15: >= {TARGET_SCHEDULER}) {verdict(scheduler['median'] >= TARGET_SCHEDULER)}; same tokens: "
        + ("yes" if scheduler_same else "no")
    )
    print(f"total {time.monotonic() - began:.0f} s")
    figures["same_tokens"] = same_tokens
    figures["scheduler_same_tokens"] = scheduler_same
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
