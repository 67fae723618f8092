#!/usr/bin/env python
"""Decode speed: Hearth's engine path against llama-cpp-python's high-level API and a bare low-level loop.

All three run the starter model (SmolLM2-135M Q4_1; another with --model) with the same rendered chat prompt,
thread count, context size, batch size and sampling (temperature 0.7, top-k 40, top-p 0.95,
min-p 0.05, repeat penalty 1.1 over 64 tokens, fixed seed):

  hearth      engine.client.process.EngineProcess: Load, then Generate; Token events are timed as
              they arrive in this (parent) process, as the GUI's EngineClient receives them.
  high-level  llama_cpp.Llama(...).create_completion(stream=True); chunks timed as they arrive.
  bare        llama_model_load_from_file + llama_init_from_model, prefill with llama_decode,
              then per token: llama_sampler_sample (llama.cpp's own chain: penalties, top-k, top-p,
              min-p, temperature, draw; Hearth puts an exact first cut in front of it, see
              engine/runtime/sampler.py, and both must write the same text),
              llama_token_to_piece, llama_decode of that token. No IPC, no text decoding.

Decode rate = (tokens - 1) / (t_last_token - t_first_token): the first token comes out of
prefill, so it starts the clock. Only decode rates are compared; the time to the first token
(prefill) is reported, not judged. Hearth's last tokens reach the parent in the engine's last
50 ms batch, sent after the engine has also read the last token into its context (for the next
turn), so its span holds about one decode more than the peers': a bias against Hearth of about
1 / tokens (0.8 % at 128 tokens), as the GUI sees it too.

How. This machine's speed drifts by 10-30 % within a minute (a shared host), more than the
gaps we look for. So each path is loaded once, in its own long-lived process (Hearth's engine
child; one worker process each for the two peers, so none shares another's thread pool or
heap), and the bench runs many short rounds: each round writes one answer of --tokens tokens
on every path, back to back, in an order that rotates from round to round. Each round's three
rates are compared with each other (paired: seconds apart, not minutes), and the verdict is the
median of those per-round ratios, printed with its 95 % confidence interval (distribution-free:
order statistics, _common.median_interval) and the IQR of the ratios:

  hearth / high-level  target >= 1.05
  hearth / bare loop   target >= 0.97

Every answer starts from the same prompt and seed, so it is the same answer every round. All
three paths keep the prompt from the round before (Hearth: its live context; high-level:
Llama's prefix match; bare: llama_memory_seq_rm back to the prompt) and read its last token
again for fresh logits; only the first round reads the whole prompt. Every token of every
answer is decoded. Checks: Hearth and the bare loop write the same text in every round, and
each writes the same text in every round. A round in which some task waited for a CPU more
than 10 % of the time (Linux PSI, _common.CpuPressure) is flagged as disturbed. The first
--warmup rounds are shown but not counted. Hearth's engine runs with HEARTH_HOME in a
temporary folder: its prefix cache starts empty and the bench leaves nothing behind.

Spread (this 2-core shared host, 128 tokens): per-round ratios of two identical bare-loop
workers (an A/A test) scatter with an IQR of about +-5 %; speed swings between answers seconds
apart, so longer answers hardly narrow it, more rounds do. 30 rounds (about 3 minutes at 80 tok/s) put
the median within about +-2-3 %; four times the rounds halve that.

--fresh-processes runs the old way instead: every answer in a new process that loads the model
first (--tokens 256 --rounds 9 --warmup 0 is the old bench; it cannot resolve 5 %).

Run:  python bench/decode.py [--tokens 128] [--rounds 30] [--warmup 1] [--threads 2] [--model FILE.gguf] [--json]
      python bench/decode.py --rounds 3 --tokens 32   (a quick check that it runs)
"""

from __future__ import annotations

import argparse
import ctypes
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from _common import (
    LONG_PROMPT,
    SEED,
    TEMPERATURE,
    CpuPressure,
    decode_rate,
    high_level_stream,
    load_note,
    median,
    median_interval,
    open_high_level,
    percentile,
    quiet_llama_logs,
    verdict,
)

from engine.models.starter_model import starter_model_path
from engine.protocol import (
    CacheReport,
    Cancel,
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadOptions,
    QueryCache,
    SamplingParams,
    Token,
)

N_BATCH = 512  # Hearth's LoadOptions default; the other two paths use the same
TARGET_VS_HIGH_LEVEL = 1.05
TARGET_VS_BARE = 0.97
PATHS = ("hearth", "high-level", "bare")
INITIALS = {"hearth": "H", "high-level": "L", "bare": "B"}
CONTENDED = 0.10  # cpu wait above this marks a round as disturbed
# Between two answers: lets the last path's threads go idle (llama.cpp's OpenMP threads spin a
# little after their work) before the next path starts its clock.
GAP_S = 0.1


@dataclass
class RunResult:
    path: str
    round: int  # warm-up rounds are 0, -1, ...
    prompt_tokens: int
    read_tokens: int  # prompt tokens read in this answer; the rest were kept from the last one
    tokens: int
    stop: str
    decode_tok_s: float
    first_token_ms: float  # from the request to the first token: reading `read_tokens`, then one sample
    cpu_wait: float | None  # share of the answer in which some task waited for a CPU (Linux PSI)
    cpu_ms_per_token: float  # CPU time of every process involved, prefill included, per token
    text: str


@dataclass(frozen=True)
class Setup:
    model_path: str
    threads: int
    n_ctx: int
    sampling: SamplingParams
    messages: tuple[ChatMessage, ...]
    prompt_text: str  # the messages rendered with the GGUF chat template
    prompt_tokens: int
    log_dir: Path
    run_limit_s: float  # stop an answer this long after its first token; rates cover what it produced


class BenchError(RuntimeError):
    pass


class DecodePath(Protocol):
    """One way of writing answers, loaded once; `answer` may be called many times."""

    load_s: float

    def answer(self, round_no: int) -> RunResult: ...
    def close(self) -> None: ...


# --- a. Hearth: the engine child process, timed in the parent --------------------------


class HearthPath:
    def __init__(self, setup: Setup) -> None:
        from engine.client.process import EngineProcess

        self.setup = setup
        self.engine = EngineProcess(setup.log_dir / "engine.log")
        started = time.perf_counter()
        self.engine.start()
        try:
            options = LoadOptions(setup.model_path, n_ctx=setup.n_ctx, n_threads=setup.threads, n_batch=N_BATCH)
            self.engine.send(Load(0, options))
            while True:
                event = self.engine.receive(timeout=120)
                if event is None or isinstance(event, Failed):
                    raise BenchError(f"hearth: the model did not load: {event}\n{self.engine.stderr_tail()}")
                if isinstance(event, Loaded):
                    break
        except BaseException:
            self.engine.stop()
            raise
        self.load_s = time.perf_counter() - started
        self.request_id = 0

    def answer(self, round_no: int) -> RunResult:
        import psutil

        setup, engine = self.setup, self.engine
        self.request_id += 1
        rid = self.request_id
        child = psutil.Process(engine.pid)
        cpu0 = _cpu_s(child) + time.process_time()
        pressure = CpuPressure()
        pressure.start()
        engine.send(Generate(rid, setup.messages, setup.sampling, time.monotonic()))
        first = last = 0.0
        count = 0
        cancelled = False
        pieces: list[str] = []
        while True:
            event = engine.receive(timeout=120)
            now = time.perf_counter()
            if isinstance(event, Token):
                pieces.append(event.text)
                if event.index > count:  # the UTF-8 tail after the last token repeats its index
                    count = event.index
                    last = now
                    if count == 1:
                        first = now
                if not cancelled and now - first > setup.run_limit_s:
                    engine.send(Cancel(rid))
                    cancelled = True
            elif isinstance(event, Finished):
                metrics = event.metrics
                cpu_wait = pressure.stop()
                cpu_s = _cpu_s(child) + time.process_time() - cpu0
                break
            elif event is None or isinstance(event, Failed):
                raise BenchError(f"hearth: the answer failed: {event}\n{engine.stderr_tail()}")
        self._wait_for_housekeeping()
        return RunResult(
            path="hearth",
            round=round_no,
            prompt_tokens=metrics.prompt_tokens,
            read_tokens=metrics.prefill_tokens,
            tokens=count,
            stop=metrics.stop_reason,
            decode_tok_s=decode_rate(count, first, last),
            first_token_ms=1000 * metrics.prefill_s,  # measured in the engine, from the request to the first token
            cpu_wait=cpu_wait,
            cpu_ms_per_token=1000 * cpu_s / count if count else 0.0,
            text="".join(pieces),
        )

    def _wait_for_housekeeping(self) -> None:
        """After an answer the engine re-reads it and keeps a snapshot (both cores, a few ms);
        the next path must not start its clock meanwhile. The engine answers a QueryCache only
        after that work; with the cache on, that work also ends with a report of its own."""
        self.engine.send(QueryCache(0))
        while True:
            event = self.engine.receive(timeout=60)
            if event is None or isinstance(event, Failed):
                raise BenchError(f"hearth: no cache report after an answer: {event}\n{self.engine.stderr_tail()}")
            if isinstance(event, CacheReport):
                if not event.enabled:  # no cache: this is the reply, there was no report before it
                    return
                break
        while not isinstance(event := self.engine.receive(timeout=60), CacheReport):
            if event is None or isinstance(event, Failed):
                raise BenchError(f"hearth: no cache report after an answer: {event}\n{self.engine.stderr_tail()}")

    def close(self) -> None:
        self.engine.stop()


def _cpu_s(proc: Any) -> float:
    times = proc.cpu_times()
    return float(times.user + times.system)


# --- b. llama-cpp-python's high-level API -------------------------------------------------


class HighLevelPath:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        started = time.perf_counter()
        self.llm = open_high_level(setup.model_path, setup.n_ctx, setup.threads, N_BATCH, setup.sampling.repeat_last_n)
        self.load_s = time.perf_counter() - started
        self.prompt = self.llm.tokenize(setup.prompt_text.encode("utf-8"), add_bos=True, special=True)

    def answer(self, round_no: int) -> RunResult:
        setup, llm, prompt_tokens = self.setup, self.llm, len(self.prompt)
        # What Llama.generate will keep: the shared prefix, less one token when it covers the whole
        # prompt (it must read one again for logits).
        held = 0
        for a, b in zip(llm.input_ids[: llm.n_tokens], self.prompt, strict=False):
            if a != b:
                break
            held += 1
        read = prompt_tokens - min(held, prompt_tokens - 1)
        s = setup.sampling
        pressure = CpuPressure()
        pressure.start()
        cpu0 = time.process_time()
        started = time.perf_counter()
        stream = high_level_stream(llm, setup.prompt_text, s)
        first = last = 0.0
        finish = ""
        pieces: list[str] = []
        for chunk in stream:
            now = time.perf_counter()
            choice = chunk["choices"][0]
            if choice["finish_reason"] is not None:  # the closing chunk carries no new token
                finish = choice["finish_reason"]
                pieces.append(choice["text"])
                continue
            if not first:
                first = now
            last = now
            pieces.append(choice["text"])
            if now - first > setup.run_limit_s:
                finish = "cancelled"
                stream.close()
                break
        cpu_wait = pressure.stop()
        cpu_s = time.process_time() - cpu0
        # Every sampled token but the last is fed back; an end-of-generation token is never fed.
        evaluated = llm.n_tokens - prompt_tokens
        tokens = evaluated if finish == "stop" else evaluated + 1
        return RunResult(
            path="high-level",
            round=round_no,
            prompt_tokens=prompt_tokens,
            read_tokens=read,
            tokens=tokens,
            stop={"length": "max_tokens", "stop": "eog"}.get(finish, finish),
            decode_tok_s=decode_rate(tokens, first, last),
            first_token_ms=1000 * (first - started) if first else 0.0,
            cpu_wait=cpu_wait,
            cpu_ms_per_token=1000 * cpu_s / tokens if tokens else 0.0,
            text="".join(pieces),
        )

    def close(self) -> None:
        self.llm.close()


# --- c. a bare low-level loop ---------------------------------------------------------------


class BarePath:
    def __init__(self, setup: Setup) -> None:
        import llama_cpp as lc

        self.setup = setup
        started = time.perf_counter()
        lc.llama_backend_init()
        self.model = lc.llama_model_load_from_file(setup.model_path.encode(), lc.llama_model_default_params())
        if not self.model:
            raise BenchError("bare: llama_model_load_from_file failed")
        params = lc.llama_context_default_params()
        params.n_ctx = setup.n_ctx
        params.n_batch = params.n_ubatch = N_BATCH
        params.n_threads = params.n_threads_batch = setup.threads
        params.flash_attn_type = 0  # off, as in Hearth (LoadOptions.flash_attn) and llama_cpp.Llama's default
        self.ctx = lc.llama_init_from_model(self.model, params)
        if not self.ctx:
            lc.llama_model_free(self.model)
            raise BenchError("bare: llama_init_from_model failed")
        self.load_s = time.perf_counter() - started
        self.memory = lc.llama_get_memory(self.ctx)
        self.vocab = lc.llama_model_get_vocab(self.model)
        self.n_vocab = lc.llama_vocab_n_tokens(self.vocab)
        data = setup.prompt_text.encode("utf-8")
        buf = (lc.llama_token * (len(data) + 16))()
        n = lc.llama_tokenize(self.vocab, data, len(data), buf, len(buf), True, True)
        prompt = list(buf[:n])
        bos = lc.llama_vocab_bos(self.vocab)
        if len(prompt) >= 2 and prompt[0] == bos and prompt[1] == bos:  # as Hearth does
            prompt = prompt[1:]
        if not 0 < len(prompt) <= N_BATCH:
            self.close()
            raise BenchError(f"bare: the prompt is {len(prompt)} tokens; this loop prefills one batch of {N_BATCH}")
        self.prompt = prompt
        self.holds_prompt = False  # whether the context holds the prompt (and an answer after it)

    def answer(self, round_no: int) -> RunResult:
        import llama_cpp as lc

        from engine.runtime.sampler import sampler_chain

        setup, ctx, vocab, prompt = self.setup, self.ctx, self.vocab, self.prompt
        one = (lc.llama_token * 1)()
        piece_buf = ctypes.create_string_buffer(256)
        stamps: list[float] = []
        pieces: list[bytes] = []
        stop = "max_tokens"
        pressure = CpuPressure()
        pressure.start()
        cpu0 = time.process_time()
        started = time.perf_counter()
        # Keep the prompt but its last token, which is read again for logits (as Hearth does).
        keep = len(prompt) - 1 if self.holds_prompt else 0
        if keep:
            lc.llama_memory_seq_rm(self.memory, 0, keep, -1)
        else:
            lc.llama_memory_clear(self.memory, True)
        self.holds_prompt = False
        read = prompt[keep:]
        read_arr = (lc.llama_token * len(read))(*read)
        if lc.llama_decode(ctx, lc.llama_batch_get_one(read_arr, len(read))) != 0:
            raise BenchError("bare: prefill failed")
        self.holds_prompt = True
        # llama.cpp's plain chain, without Hearth's first cut (engine/runtime/sampler.py); same tokens, checked below.
        with sampler_chain(setup.sampling, self.n_vocab, prompt, preselect=False) as chain:
            for _ in range(setup.sampling.max_tokens):
                token = lc.llama_sampler_sample(chain, ctx, -1)
                if lc.llama_vocab_is_eog(vocab, token):
                    stop = "eog"
                    break
                size = lc.llama_token_to_piece(vocab, token, piece_buf, len(piece_buf), 0, False)
                pieces.append(piece_buf.raw[:size])
                now = time.perf_counter()
                stamps.append(now)
                if now - stamps[0] > setup.run_limit_s:
                    stop = "cancelled"
                    break
                one[0] = token
                if lc.llama_decode(ctx, lc.llama_batch_get_one(one, 1)) != 0:
                    stop = "context_full"
                    break
        cpu_wait = pressure.stop()
        cpu_s = time.process_time() - cpu0
        count = len(stamps)
        return RunResult(
            path="bare",
            round=round_no,
            prompt_tokens=len(prompt),
            read_tokens=len(read),
            tokens=count,
            stop=stop,
            decode_tok_s=decode_rate(count, stamps[0], stamps[-1]) if stamps else 0.0,
            first_token_ms=1000 * (stamps[0] - started) if stamps else 0.0,
            cpu_wait=cpu_wait,
            cpu_ms_per_token=1000 * cpu_s / count if count else 0.0,
            text=b"".join(pieces).decode("utf-8", errors="replace"),
        )

    def close(self) -> None:
        import llama_cpp as lc

        if self.ctx:
            lc.llama_free(self.ctx)
            self.ctx = None
        if self.model:
            lc.llama_model_free(self.model)
            self.model = None


# --- the peers' worker processes --------------------------------------------------------------

PEERS: dict[str, Any] = {"high-level": HighLevelPath, "bare": BarePath}
_loaded: dict[str, Any] = {}  # in a peer's worker process: its loaded path


def _worker_load(name: str, setup: Setup) -> float:
    quiet_llama_logs()
    path = PEERS[name](setup)
    _loaded[name] = path
    return float(path.load_s)


def _worker_answer(name: str, round_no: int) -> RunResult:
    result: RunResult = _loaded[name].answer(round_no)
    return result


def _worker_close(name: str) -> None:
    _loaded.pop(name).close()


class PeerWorker:
    """A peer path loaded once in its own process (as Hearth's engine is): none shares another's
    thread pool, heap or allocator state. One worker, kept for the whole bench."""

    def __init__(self, name: str, setup: Setup) -> None:
        self.name = name
        self.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        try:
            self.load_s: float = self.pool.submit(_worker_load, name, setup).result()
        except BaseException:
            self.pool.shutdown(cancel_futures=True)
            raise

    def answer(self, round_no: int) -> RunResult:
        result: RunResult = self.pool.submit(_worker_answer, self.name, round_no).result()
        return result

    def close(self) -> None:
        try:
            self.pool.submit(_worker_close, self.name).result(timeout=30)
        finally:
            self.pool.shutdown()


def open_path(name: str, setup: Setup) -> DecodePath:
    return HearthPath(setup) if name == "hearth" else PeerWorker(name, setup)


class FreshProcessPath:
    """--fresh-processes: each answer in a new process that loads the model first (the old bench)."""

    def __init__(self, name: str, setup: Setup) -> None:
        self.name, self.setup = name, setup
        self.load_s = 0.0  # the median over answers, kept up to date
        self._loads: list[float] = []

    def answer(self, round_no: int) -> RunResult:
        path = open_path(self.name, self.setup)
        try:
            self._loads.append(path.load_s)
            self.load_s = median(self._loads)
            return path.answer(round_no)
        finally:
            path.close()

    def close(self) -> None:
        pass


# --- figures ------------------------------------------------------------------------------------


def _ratios(ours: list[RunResult], peers: list[RunResult]) -> list[float]:
    """Hearth's decode rate over the peer's, round by round."""
    return [a.decode_tok_s / b.decode_tok_s for a, b in zip(ours, peers, strict=True) if b.decode_tok_s > 0]


def _iqr(values: list[float]) -> str:
    return f"{percentile(values, 25):.3f}..{percentile(values, 75):.3f}" if values else "n/a"


def _spread(values: list[float]) -> str:
    return f"{min(values):.2f}..{max(values):.2f}" if values else "n/a"


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _same_text(a: str, b: str) -> bool:
    """Equal, or one a prefix of the other (an answer cut short by --run-limit)."""
    return a.startswith(b) or b.startswith(a)


def _ratio_line(name: str, ratios: list[float], target: float) -> tuple[float, tuple[float, float], bool, str]:
    mid = median(ratios)
    low, high = median_interval(ratios)
    ok = mid >= target
    unresolved = "  (the interval holds the target: not resolved)" if low < target <= high else ""
    kind = "95% interval" if len(ratios) >= 6 else "range"  # too few rounds for a 95 % interval
    line = (
        f"{name} = {mid:.3f}   {kind} {low:.3f}..{high:.3f}, IQR {_iqr(ratios)}, {len(ratios)} rounds"
        f"   (target >= {target})  {verdict(ok)}{unresolved}"
    )
    return mid, (low, high), ok, line


# --- driver ---------------------------------------------------------------------------------


def prepare(args: argparse.Namespace, log_dir: Path) -> Setup:
    """Render the prompt with the model's own chat template, as the engine will."""
    from engine.runtime.llama_runtime import LlamaModel

    path = str(args.model or starter_model_path())
    messages = (ChatMessage("user", LONG_PROMPT),)
    model = LlamaModel(LoadOptions(path, n_ctx=args.ctx, n_threads=args.threads, n_batch=N_BATCH))
    try:
        prompt_text = model.template.render(messages)
        prompt_tokens = len(model.tokenize(prompt_text, add_special=True))
    finally:
        model.close()
    sampling = SamplingParams(temperature=TEMPERATURE, seed=SEED, max_tokens=args.tokens)
    return Setup(path, args.threads, args.ctx, sampling, messages, prompt_text, prompt_tokens, log_dir, args.run_limit)


def run_rounds(args: argparse.Namespace, setup: Setup) -> tuple[list[RunResult], dict[str, float]]:
    paths: dict[str, DecodePath] = {}
    try:
        for name in PATHS:  # one at a time, so no load disturbs another
            paths[name] = FreshProcessPath(name, setup) if args.fresh_processes else open_path(name, setup)
        print(
            f"{'round':>5}  {'order':<5}  {'hearth':>7}  {'high-level':>10}  {'bare':>7}   "
            f"{'H/L':>5}  {'H/B':>5}  cpu wait"
        )
        results: list[RunResult] = []
        for index in range(args.warmup + args.rounds):
            round_no = index - args.warmup + 1  # warm-up rounds are 0, -1, ...
            shift = index % len(PATHS)
            order = PATHS[shift:] + PATHS[:shift]
            this: dict[str, RunResult] = {}
            for name in order:
                time.sleep(GAP_S)
                this[name] = paths[name].answer(round_no)
            results.extend(this[name] for name in PATHS)
            h, hl, b = (this[name].decode_tok_s for name in PATHS)
            waits = [r.cpu_wait for r in this.values() if r.cpu_wait is not None]
            print(
                f"{round_no if round_no > 0 else 'w':>5}  {''.join(INITIALS[n] for n in order):<5}  "
                f"{h:>7.1f}  {hl:>10.1f}  {b:>7.1f}   {h / hl if hl else 0:>5.2f}  {h / b if b else 0:>5.2f}"
                f"  {_percent(max(waits) if waits else None):>8}",
                flush=True,
            )
        return results, {name: path.load_s for name, path in paths.items()}
    finally:
        for path in paths.values():
            path.close()


def report(
    args: argparse.Namespace, setup: Setup, results: list[RunResult], load_s: dict[str, float]
) -> dict[str, Any]:
    """Print the summary; return the figures for --json."""
    counted = [r for r in results if r.round > 0]
    by_path = {name: [r for r in counted if r.path == name] for name in PATHS}
    everything = {name: [r for r in results if r.path == name] for name in PATHS}
    decode = {name: median([r.decode_tok_s for r in runs]) for name, runs in by_path.items()}
    cpu_ms = {name: median([r.cpu_ms_per_token for r in runs]) for name, runs in by_path.items()}
    vs_high_each = _ratios(by_path["hearth"], by_path["high-level"])
    vs_bare_each = _ratios(by_path["hearth"], by_path["bare"])
    rounds = sorted({r.round for r in counted})
    disturbed = [
        n for n in rounds if any(r.cpu_wait is not None and r.cpu_wait > CONTENDED for r in counted if r.round == n)
    ]
    short = [f"{r.path} round {r.round}: {r.tokens}" for r in results if r.tokens < args.tokens]
    # Same sampler chain, seed and context settings: the two must write the same tokens, and with
    # the same prompt and seed every round, the same answer every round.
    same_text = all(_same_text(h.text, b.text) for h, b in zip(everything["hearth"], everything["bare"], strict=True))
    repeats = {name: all(_same_text(r.text, runs[0].text) for r in runs) for name, runs in everything.items()}

    print()
    print(
        f"{'median':<10}  {'decode tok/s':>12}  {'decode min..max':>16}  {'cpu ms/tok':>10}  "
        f"{'first token ms':>14}  {'load s':>6}"
    )
    for name in PATHS:
        rates = [r.decode_tok_s for r in by_path[name]]
        full = [r for r in everything[name] if r.read_tokens == r.prompt_tokens]
        kept = [r for r in by_path[name] if r.read_tokens < r.prompt_tokens]
        first = f"{median([r.first_token_ms for r in full]):.0f}" if full else "-"
        first += f" / {median([r.first_token_ms for r in kept]):.0f}" if kept else ""
        print(
            f"{name:<10}  {decode[name]:>12.1f}  {min(rates):>7.1f}..{max(rates):<7.1f}  {cpu_ms[name]:>10.2f}  "
            f"{first:>14}  {load_s[name]:>6.2f}"
        )
    print(
        f"(first token ms: reading all {setup.prompt_tokens} prompt tokens / reading its last one again after "
        "a kept prompt; reported, not judged)"
    )
    print()
    high = _ratio_line("hearth / high-level", vs_high_each, TARGET_VS_HIGH_LEVEL)
    bare = _ratio_line("hearth / bare loop ", vs_bare_each, TARGET_VS_BARE)
    print(
        f"per-round ratios, min..max: hearth / high-level {_spread(vs_high_each)}, "
        f"hearth / bare {_spread(vs_bare_each)}"
    )
    print(high[3])
    print(bare[3])
    quiet = {n for n in rounds if n not in disturbed}
    if disturbed and len(quiet) >= 5:
        calm = {name: [r for r in runs if r.round in quiet] for name, runs in by_path.items()}
        q_high = median(_ratios(calm["hearth"], calm["high-level"]))
        q_bare = median(_ratios(calm["hearth"], calm["bare"]))
        print(f"over the {len(quiet)} undisturbed rounds only: {q_high:.3f} and {q_bare:.3f}")
    print(f"hearth and bare loop wrote the same text every round: {'yes' if same_text else 'no'}")
    print(
        "each path wrote the same text every round: "
        + ", ".join(f"{name} {'yes' if repeats[name] else 'no'}" for name in PATHS)
    )
    if disturbed:
        worst = max(r.cpu_wait or 0.0 for r in counted)
        print(
            f"note: {len(disturbed)} of {len(rounds)} rounds disturbed (some task waited for a CPU over "
            f"{CONTENDED:.0%} of an answer, up to {worst:.0%}; Linux PSI): rounds {' '.join(map(str, disturbed))}. "
            "llama.cpp's threads wait for each other many times per token, so other work on the cores slows "
            "decode far more than its share."
        )
    if short:
        print(f"answers that stopped before {args.tokens} tokens (rates are over what they wrote): {', '.join(short)}")

    runs = [{k: v for k, v in asdict(r).items() if k != "text"} for r in results]
    return {
        "bench": "decode",
        "model": Path(setup.model_path).name,
        "threads": setup.threads,
        "n_ctx": setup.n_ctx,
        "max_tokens": args.tokens,
        "rounds": args.rounds,
        "warmup": args.warmup,
        "fresh_processes": args.fresh_processes,
        "prompt_tokens": setup.prompt_tokens,
        "median_decode_tok_s": decode,
        "median_cpu_ms_per_token": cpu_ms,
        "load_s": load_s,
        "hearth_vs_high_level": high[0],
        "hearth_vs_high_level_interval": high[1],
        "hearth_vs_high_level_per_round": vs_high_each,
        "hearth_vs_high_level_pass": high[2],
        "hearth_vs_bare": bare[0],
        "hearth_vs_bare_interval": bare[1],
        "hearth_vs_bare_per_round": vs_bare_each,
        "hearth_vs_bare_pass": bare[2],
        "disturbed_rounds": disturbed,
        "hearth_bare_same_text": same_text,
        "same_text_every_round": repeats,
        "runs": runs,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tokens", type=int, default=128, help="max tokens per answer (default 128)")
    parser.add_argument("--rounds", type=int, default=30, help="counted rounds of one answer per path (default 30)")
    parser.add_argument("--warmup", type=int, default=1, help="rounds run first and not counted (default 1)")
    parser.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    parser.add_argument("--ctx", type=int, default=4096, help="context size (default 4096)")
    parser.add_argument(
        "--run-limit",
        type=float,
        default=10.0,
        help="stop an answer this many seconds after its first token (default 10; keeps a starved run short)",
    )
    parser.add_argument(
        "--fresh-processes",
        action="store_true",
        help="the old way: every answer in a new process that loads the model first",
    )
    parser.add_argument(
        "--model", type=Path, default=None, help="a GGUF file to run instead of the starter model (a real-size one)"
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.warmup < 0 or args.tokens < 2:
        parser.error("--rounds must be at least 1, --warmup at least 0 and --tokens at least 2")
    quiet_llama_logs()

    began = time.monotonic()
    log_dir = Path(tempfile.mkdtemp(prefix="hearth-bench-"))
    os.environ["HEARTH_HOME"] = str(log_dir / "home")  # the engine child's prefix cache starts empty
    try:
        setup = prepare(args, log_dir)
        how = "each answer in a fresh process" if args.fresh_processes else "each path loaded once"
        print(
            f"decode benchmark: {Path(setup.model_path).name}, {setup.threads} threads, n_ctx {setup.n_ctx}, "
            f"{args.tokens} tokens an answer, temperature {TEMPERATURE}, seed {SEED}, "
            f"{args.rounds} rounds + {args.warmup} warm-up, {how}; {load_note()}"
        )
        print(f"prompt: {setup.prompt_tokens} tokens  ({LONG_PROMPT!r})")
        print("decode tok/s per round (order: H hearth, L high-level, B bare; w: warm-up, not counted)")
        results, load_s = run_rounds(args, setup)
    finally:
        shutil.rmtree(log_dir, ignore_errors=True)

    figures = report(args, setup, results, load_s)
    print(f"total {time.monotonic() - began:.0f} s")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
