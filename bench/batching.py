#!/usr/bin/env python
"""Continuous batching: Hearth's engine against llama-batched-bench from the same sources, in one run.

  decode   aggregate decode tok/s at 1, 2, 4 and 8 answers at once, against llama-batched-bench's
           S_TG (-npp 128 -ntg 32): target >= 0.95x at every B; on a real-size model 8 >= 1.8x one
  ttft     time to first token of a new request while 3 others stream, against the same request on
           an idle engine: target <= 1.5x idle + one decode step
  shared   16 prompts behind one 1,000-token system prompt: the shared part is read once, so
           requests 2-16 reach their first token in <= 10 % of the first one's time; sent all at
           once (their TTFT then holds the wait for the shared read and for a slot, so each one's
           own reading is given too) and one after another
  batch    `hearth batch` on 64 prompts, --parallel 8 against --parallel 1: >= 1.8x prompts a minute;
           with llama-batched-bench's own gain at 8 on the same shape (the processor's ceiling)

Run:  python bench/batching.py [--model starter|qwen1.5b|qwen0.5b|PATH] [--parts decode ttft shared batch]
      [--kernels safe|full] [--rounds 3] [--batch-parallel 8] [--json]
llama-batched-bench: `python bench/llama_tools.py build` makes it. Real-size models: bench/real_models.py.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _common import median, verdict

from engine.client.session import EngineSession
from engine.kernels.remembered import OVERRIDE_ENV
from engine.protocol import (
    DEFAULT_PARALLEL,
    AnswerFailed,
    ChatMessage,
    EngineDied,
    Finished,
    Generate,
    KernelSet,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    Metrics,
    SamplingParams,
    Token,
)

REPO = Path(__file__).resolve().parent.parent
BATCHED_BENCH = REPO / ".llama-tools" / "build-cpu" / "bin" / "llama-batched-bench"
PARALLEL = (1, 2, 4, 8)
NPP, NTG = 128, 32
GREEDY = SamplingParams(temperature=0, max_tokens=NTG + 16, repeat_penalty=1.0)
TOPICS = ["rivers", "bridges", "clocks", "gardens", "trains", "lighthouses", "bakeries", "libraries"]
FILLER = "Please think carefully, be specific, and write in plain words for a curious reader. "


def model_path(name: str) -> Path:
    if name == "starter":
        from engine.models.starter_model import starter_model_path

        return starter_model_path()
    if name.startswith("qwen"):
        sys.path.insert(0, str(Path(__file__).parent))
        from real_models import assemble

        return assemble(name)
    return Path(name)


def long_prompt(index: int, tokens_goal: int = NPP) -> str:
    """About `tokens_goal` tokens asking for a long answer, different for each index."""
    words = tokens_goal * 3 // 4 - 20
    filler = (FILLER * (words // 14 + 1)).split()[: max(0, words)]
    topic = TOPICS[index % len(TOPICS)]
    return f"Request {index}. {' '.join(filler)} Now describe {topic} in detail, in at least twenty sentences."


# --- one engine --------------------------------------------------------------------------


@dataclass
class Flight:
    sent_at: float
    tokens: list[tuple[int, float]] = field(default_factory=list)  # (index, produced_at) per Token event
    metrics: Metrics | None = None


class Engine:
    def __init__(
        self, model: Path, parallel: int, kernels: KernelSet, *, threads: int, n_ctx: int, cache: bool
    ) -> None:
        os.environ[OVERRIDE_ENV] = kernels  # the same kernel set as the peer's --repack choice
        self.flights: dict[int, Flight] = {}
        self.session = EngineSession()
        options = LoadOptions(
            str(model), n_ctx=n_ctx, n_threads=threads, parallel=parallel, prefix_cache=cache, cache_ram_budget=2**30
        )
        self.session.send(Load(self.session.new_id(), options))
        while True:
            event = self.session.next_event(300)
            if isinstance(event, Loaded):
                return
            if isinstance(event, LoadFailed | EngineDied):
                raise SystemExit(f"batching: load failed: {event.reason}")

    def send(self, messages: tuple[ChatMessage, ...], sampling: SamplingParams = GREEDY, **kw: Any) -> int:
        request_id = self.session.new_id()
        self.flights[request_id] = Flight(time.monotonic())
        self.session.send(Generate(request_id, messages, sampling, time.monotonic(), **kw))
        return request_id

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()

    def pump(self, until: Any, timeout: float = 900.0) -> None:
        """Take events until `until()` holds."""
        deadline = time.monotonic() + timeout
        while not until():
            if time.monotonic() > deadline:
                raise SystemExit("batching: the engine took too long")
            event = self.session.next_event(1.0)
            match event:
                case Token():
                    flight = self.flights.get(event.request_id)
                    if flight is not None:
                        flight.tokens.append((event.index, event.produced_at))
                case Finished():
                    if event.request_id in self.flights:
                        self.flights[event.request_id].metrics = event.metrics
                case AnswerFailed() | EngineDied() | LoadFailed():
                    raise SystemExit(f"batching: {event.reason}")
                case _:
                    pass

    def done(self, ids: list[int]) -> bool:
        return all(self.flights[i].metrics is not None for i in ids)


def together_rate(flights: list[Flight]) -> float:
    """Tokens a second while every answer in `flights` was writing (from the last first token to the
    first last token)."""
    start = max(f.tokens[0][1] for f in flights)
    end = min(f.tokens[-1][1] for f in flights)
    if end <= start:
        return 0.0

    def written_by(flight: Flight, t: float) -> int:
        return max((index for index, at in flight.tokens if at <= t), default=0)

    count = sum(written_by(f, end) - written_by(f, start) for f in flights)
    return count / (end - start)


# --- the parts ---------------------------------------------------------------------------


def peer_decode(model: Path, threads: int, kernels: KernelSet, *, b: int, npp: int, ntg: int) -> float:
    """llama-batched-bench's S_TG at one B, for prompts of `npp` tokens and answers of `ntg`."""
    if not BATCHED_BENCH.exists():
        raise SystemExit(f"batching: no {BATCHED_BENCH}; `python bench/llama_tools.py build` makes it")
    # b KV streams of 512 cells each, as each of Hearth's slots has (its unused slots cost nothing).
    command = [str(BATCHED_BENCH), "-m", str(model), "-c", str(b * 512), "-b", "2048", "-ub", "512"]
    command += ["-t", str(threads), "-npp", str(npp), "-ntg", str(ntg), "-npl", str(b), "--no-kv-unified"]
    # Hearth's engine loads without flash attention (LoadOptions.flash_attn: exact reuse); the
    # peer's default, auto, turns it on, so it would measure other kernels.
    command += ["-fa", "on" if LoadOptions.flash_attn else "off"]
    if kernels == "safe":
        command.append("--no-repack")
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=1800)
    for line in (out.stdout + out.stderr).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and re.fullmatch(r"\d+", cells[2] or "") and int(cells[2]) == b:
            return float(cells[7])
    raise SystemExit(f"batching: no S_TG for B={b} in llama-batched-bench's output")


def hearth_decode(engine: Engine, b: int, round_no: int) -> tuple[float, int, int]:
    """Hearth's aggregate decode tok/s with `b` answers at once, and the shape it measured: the
    prompt's tokens and the tokens written while all `b` were writing, per answer."""
    ids = [engine.send((ChatMessage("user", long_prompt(round_no * 10 + i)),)) for i in range(b)]
    engine.pump(lambda: engine.done(ids))
    flights = [engine.flights[i] for i in ids]
    prompt = max(f.metrics.prompt_tokens for f in flights if f.metrics is not None)
    written = min(f.tokens[-1][0] for f in flights) - 1  # the first token comes from the prompt's read
    return together_rate(flights), prompt, written


def part_decode(args: argparse.Namespace, model: Path, report: dict[str, Any]) -> None:
    """Paired rounds: at each B, Hearth then the peer, on the same shape (the peer's prompts as long as
    Hearth's with its chat template, its answers as long as Hearth's stretch of all writing at once),
    one right after the other, so that a noisy host moves both; the ratio is the median of the pairs."""
    hearth: dict[int, list[float]] = {b: [] for b in PARALLEL}
    peer: dict[int, list[float]] = {b: [] for b in PARALLEL}
    with Engine(model, max(PARALLEL), args.kernels, threads=args.threads, n_ctx=512, cache=False) as engine:
        for round_no in range(args.rounds):
            for b in PARALLEL:
                rate, prompt, written = hearth_decode(engine, b, round_no)
                hearth[b].append(rate)
                peer[b].append(peer_decode(model, args.threads, args.kernels, b=b, npp=prompt, ntg=max(written, 8)))
    rows: dict[int, dict[str, Any]] = {}
    print("\naggregate decode tok/s (medians of paired rounds)")
    print("   B   hearth   llama-batched-bench   ratio   target >= 0.95")
    for b in PARALLEL:
        h, p = median(hearth[b]), median(peer[b])
        pairs = [x / y for x, y in zip(hearth[b], peer[b], strict=True) if y]
        ratio = median(pairs)
        rows[b] = {"hearth": h, "peer": p, "ratio": ratio, "hearth_rounds": hearth[b], "peer_rounds": peer[b]}
        spread = f"pairs {min(pairs):.2f}-{max(pairs):.2f}" if pairs else ""
        print(f"{b:4d}   {h:6.1f}   {p:19.1f}   {ratio:5.2f}   {verdict(ratio >= 0.95)}   {spread}")
    scale = rows[8]["hearth"] / rows[1]["hearth"] if rows[1]["hearth"] else 0.0
    print(f"hearth 8 answers / 1 answer = {scale:.2f}x (target on a real-size model >= 1.8x): {verdict(scale >= 1.8)}")
    report["decode"] = {"by_b": rows, "hearth_8_vs_1": scale}


def part_ttft(args: argparse.Namespace, model: Path, report: dict[str, Any]) -> None:
    idle: list[float] = []
    busy: list[float] = []
    steps: list[float] = []
    question = (ChatMessage("user", "In one sentence, what is a lighthouse for?"),)
    short = SamplingParams(temperature=0, max_tokens=8)
    for _ in range(args.rounds):
        with Engine(model, 4, args.kernels, threads=args.threads, n_ctx=1024, cache=False) as engine:
            # A first answer warms the engine (buffers, pages of the model), so the idle figure is a warm one.
            warm = engine.send((ChatMessage("user", "Say hello."),), short)
            engine.pump(lambda warm=warm: engine.done([warm]))
            one = engine.send(question, short)
            engine.pump(lambda one=one: engine.done([one]))
            idle.append(_ttft(engine.flights[one]))
            streams = [
                engine.send((ChatMessage("user", long_prompt(i, 64)),), SamplingParams(temperature=0, max_tokens=400))
                for i in range(3)
            ]
            engine.pump(lambda streams=streams: all(len(engine.flights[i].tokens) >= 8 for i in streams))
            probe = engine.send(question, short)
            engine.pump(lambda probe=probe: engine.done([probe]))
            busy.append(_ttft(engine.flights[probe]))
            # One decode step of the three: the time between two of a stream's tokens.
            flight = engine.flights[streams[0]]
            (i0, t0), (i1, t1) = flight.tokens[2], flight.tokens[-1]
            steps.append((t1 - t0) / max(1, i1 - i0))
            for i in streams:
                from engine.protocol import Cancel

                engine.session.send(Cancel(i, time.monotonic()))
            engine.pump(lambda streams=streams: engine.done(streams))
    t_idle, t_busy, step = median(idle), median(busy), median(steps)
    limit = 1.5 * t_idle + step
    print(f"\nTTFT idle {t_idle * 1000:.0f} ms, while 3 stream {t_busy * 1000:.0f} ms, one step {step * 1000:.0f} ms")
    print(f"target <= 1.5 x idle + one step = {limit * 1000:.0f} ms: {verdict(t_busy <= limit)}")
    report["ttft"] = {"idle_s": t_idle, "busy_s": t_busy, "step_s": step, "limit_s": limit, "pass": t_busy <= limit}


def _ttft(flight: Flight) -> float:
    assert flight.metrics is not None
    return flight.metrics.ttft_s


def part_shared(args: argparse.Namespace, model: Path, report: dict[str, Any]) -> None:
    system = ("You are the help desk of a city library. " + FILLER * 60)[:5200]
    sampling = SamplingParams(temperature=0, max_tokens=8)
    results: dict[str, Any] = {}
    for parallel in (1, 8):
        with tempfile.TemporaryDirectory() as home:
            os.environ["HEARTH_HOME"] = home  # a fresh prefix cache: nothing on disk from before
            with Engine(model, parallel, args.kernels, threads=args.threads, n_ctx=2048, cache=True) as engine:
                ids = [
                    engine.send(
                        (ChatMessage("system", system), ChatMessage("user", f"Question {i}: are you open on day {i}?")),
                        sampling,
                        pin_system_prompt=True,
                    )
                    for i in range(16)
                ]
                engine.pump(lambda ids=ids: engine.done(ids))
                metrics = [engine.flights[i].metrics for i in ids]
        assert all(m is not None for m in metrics)
        ms = [m for m in metrics if m is not None]
        first = ms[0]
        rest_prefill = median([m.prefill_s for m in ms[1:]])
        rest_ttft = median([m.ttft_s for m in ms[1:]])
        read = [m.prefill_tokens for m in ms]
        results[f"parallel_{parallel}"] = {
            "prompt_tokens": first.prompt_tokens,
            "tokens_read": read,
            "first_ttft_s": first.ttft_s,
            "first_prefill_s": first.prefill_s,
            "rest_median_ttft_s": rest_ttft,
            "rest_median_prefill_s": rest_prefill,
        }
        print(
            f"\nshared system prompt, --parallel {parallel}: {first.prompt_tokens} prompt tokens; tokens read "
            f"{read[0]} then {sorted(set(read[1:]))}"
        )
        print(
            f"  first: ttft {first.ttft_s:.2f} s (its own reading {first.prefill_s:.2f} s); requests 2-16: median "
            f"ttft {rest_ttft:.2f} s, own reading {rest_prefill:.2f} s"
        )
        ratio = rest_ttft / first.ttft_s
        own = rest_prefill / first.prefill_s
        # TTFT counts the wait for a slot and for the first request's read of the shared part;
        # "own reading" is each request's time from its start to its first token.
        print(f"  ttft ratio {ratio:.3f} (target <= 0.10): {verdict(ratio <= 0.1)}")
        print(f"  own-reading ratio {own:.3f} (the shared part read once: <= 0.10): {verdict(own <= 0.1)}")
        results[f"parallel_{parallel}"] |= {"ttft_ratio": ratio, "own_reading_ratio": own}
    results["one_after_another"] = _shared_one_after_another(args, model, system, sampling)
    report["shared"] = results


def _shared_one_after_another(
    args: argparse.Namespace, model: Path, system: str, sampling: SamplingParams
) -> dict[str, float]:
    """The same 16 requests, each sent when the one before has finished (as people and most API
    clients send them): no queue, so TTFT counts everything and requests 2-16 find the shared part read."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["HEARTH_HOME"] = home
        with Engine(model, DEFAULT_PARALLEL, args.kernels, threads=args.threads, n_ctx=2048, cache=True) as engine:
            ttfts = []
            for i in range(16):
                messages = (
                    ChatMessage("system", system),
                    ChatMessage("user", f"Question {i}: are you open on day {i}?"),
                )
                one = engine.send(messages, sampling, pin_system_prompt=True)
                engine.pump(lambda one=one: engine.done([one]))
                metrics = engine.flights[one].metrics
                assert metrics is not None
                ttfts.append(metrics.ttft_s)
    ratio = median(ttfts[1:]) / ttfts[0]
    print(
        f"\nshared system prompt, one after another (--parallel {DEFAULT_PARALLEL}): first ttft {ttfts[0]:.2f} s, "
        f"requests 2-16 median ttft {median(ttfts[1:]):.2f} s"
    )
    print(f"  ttft ratio {ratio:.3f} (target <= 0.10): {verdict(ratio <= 0.1)}")
    return {"first_ttft_s": ttfts[0], "rest_median_ttft_s": median(ttfts[1:]), "ttft_ratio": ratio}


def part_batch(args: argparse.Namespace, model: Path, report: dict[str, Any]) -> None:
    """`hearth batch` on 64 prompts, --parallel N against --parallel 1, with the kernels the peer uses.

    How much more a CPU writes with N answers at once is the processor's own curve, not Hearth's
    (measured here: 1.8-2.2x at 8 on an Intel Xeon, 1.1x at 8 and 2.2x at 16 on an AMD EPYC, for
    llama-batched-bench itself). So the same run also measures llama-batched-bench at 1 and N on
    the job's shape, and gives Hearth's gain as a share of that ceiling."""
    rates = {}
    wide = args.batch_parallel
    with tempfile.TemporaryDirectory() as work:
        prompts = Path(work) / "prompts.jsonl"
        tips = [f"Give one short tip about {TOPICS[i % 8]}, number {i}." for i in range(64)]
        lines = [json.dumps({"id": i, "prompt": tip}) for i, tip in enumerate(tips)]
        prompts.write_text("\n".join(lines) + "\n")
        for parallel in (1, wide):
            out = Path(work) / f"results-{parallel}.jsonl"
            env = os.environ | {"HEARTH_HOME": str(Path(work) / f"home-{parallel}"), OVERRIDE_ENV: args.kernels}
            command = ["hearth", "batch", str(prompts), "-o", str(out), "--parallel", str(parallel)]
            command += ["--model", str(model), "--max-tokens", "32", "--temperature", "0", "--json", "--no-progress"]
            command += ["--threads", str(args.threads)]
            done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=3600, check=False)
            if done.returncode != 0:
                raise SystemExit(f"batching: hearth batch failed: {done.stderr[-500:]}")
            summary = json.loads(done.stdout.strip().splitlines()[-1])
            results = [json.loads(line)["metrics"] for line in out.read_text().splitlines()]
            summary["load_s"] = max(m["load_s"] for m in results)
            summary["mean_prompt_tokens"] = sum(m["prompt_tokens"] for m in results) / len(results)
            summary["mean_tokens_read"] = sum(m["prefill_tokens"] for m in results) / len(results)
            rates[parallel] = summary
            print(
                f"\nhearth batch --parallel {parallel}: {summary['prompts_per_minute']} prompts a minute, "
                f"{summary['tokens_per_second']} tokens/s, {summary['seconds']} s "
                f"(model load {summary['load_s']:.1f} s); {summary['mean_tokens_read']:.1f} of "
                f"{summary['mean_prompt_tokens']:.1f} prompt tokens read a prompt"
            )
    ratio = rates[wide]["prompts_per_minute"] / rates[1]["prompts_per_minute"]
    print(f"--parallel {wide} / --parallel 1 = {ratio:.2f}x (target >= 1.8x): {verdict(ratio >= 1.8)}")
    # The processor's own gain from batching, on the job's shape: its prompts, answers of 32 tokens.
    npp = round(rates[1]["mean_prompt_tokens"])
    peer = {b: peer_decode(model, args.threads, args.kernels, b=b, npp=npp, ntg=32) for b in (1, wide)}
    ceiling = peer[wide] / peer[1]
    print(
        f"this processor: llama-batched-bench writes {peer[1]:.1f} tokens/s alone and {peer[wide]:.1f} with {wide} "
        f"at once = {ceiling:.2f}x; hearth batch reached {ratio / ceiling:.2f} of that gain"
    )
    report["batch"] = {
        "parallel_1": rates[1],
        f"parallel_{wide}": rates[wide],
        "ratio": ratio,
        "peer_s_tg": {str(b): v for b, v in peer.items()},
        "peer_ratio": ceiling,
        "share_of_peer_gain": ratio / ceiling,
    }


PARTS = {"decode": part_decode, "ttft": part_ttft, "shared": part_shared, "batch": part_batch}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="starter")
    parser.add_argument("--parts", nargs="+", choices=sorted(PARTS), default=list(PARTS))
    parser.add_argument("--kernels", choices=("safe", "full"), default="safe", help="weight repack off (safe) or on")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batch-parallel", type=int, default=8, help="the batch part's answers at once (default 8)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    model = model_path(args.model)
    print(f"model {model.name}, {args.threads} threads, kernels {args.kernels}")
    report: dict[str, Any] = {"bench": "batching", "model": model.name, "threads": args.threads}
    report["kernels"] = args.kernels
    for name in args.parts:
        PARTS[name](args, model, report)
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
