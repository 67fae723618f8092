#!/usr/bin/env python
"""Decode speed: Hearth's engine path against llama-cpp-python's high-level API and a bare low-level loop.

All three run the starter model (SmolLM2-135M Q4_1) with the same rendered chat prompt,
thread count, context size, batch size and sampling (temperature 0.7, top-k 40, top-p 0.95,
min-p 0.05, repeat penalty 1.1 over 64 tokens, fixed seed):

  hearth      engine.process.EngineProcess: Load, then Generate; Token events are timed as
              they arrive in this (parent) process, as the GUI's EngineClient receives them.
  high-level  llama_cpp.Llama(...).create_completion(stream=True); chunks timed as they arrive.
  bare        llama_model_load_from_file + llama_init_from_model, prefill with llama_decode,
              then per token: llama_sampler_sample (llama.cpp's own chain: penalties, top-k, top-p,
              min-p, temperature, draw; Hearth puts an exact first cut in front of it, see
              engine/sampler.py, and both must write the same text),
              llama_token_to_piece, llama_decode of that token. No IPC, no text decoding.

Decode rate = (tokens - 1) / (t_last_token - t_first_token): the first token comes out of
prefill, so it starts the clock. Prefill rate = prompt tokens / time to the first token.
Each rep runs the three paths back to back, each in a fresh process (Hearth's engine child is
one; the two peers get one each, so none inherits another's thread pool or heap). The order
rotates from rep to rep so that no path always goes first. This machine's speed drifts by
10-30 % over a minute (shared host), far more than the gaps we look for, so each rep's three
runs are compared with each other and the verdict is the median of those per-rep ratios
(paired), not a ratio of medians taken minutes apart:

  hearth / high-level  target >= 1.05
  hearth / bare loop   target >= 0.97

Run:  python bench/decode.py [--tokens 256] [--reps 9] [--threads 2] [--run-limit 10] [--json]
"""

from __future__ import annotations

import argparse
import ctypes
import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from _common import (
    LONG_PROMPT,
    SEED,
    TEMPERATURE,
    CpuPressure,
    decode_rate,
    load_note,
    median,
    percentile,
    quiet_llama_logs,
    verdict,
)

from engine.protocol import (
    Cancel,
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadOptions,
    SamplingParams,
    Token,
)
from engine.starter_model import starter_model_path

N_BATCH = 512  # Hearth's LoadOptions default; the other two paths use the same
TARGET_VS_HIGH_LEVEL = 1.05
TARGET_VS_BARE = 0.97
PATHS = ("hearth", "high-level", "bare")


@dataclass
class RunResult:
    path: str
    rep: int
    prompt_tokens: int
    tokens: int
    stop: str
    decode_tok_s: float
    prefill_tok_s: float
    cpu_wait: float | None  # share of the run in which some task waited for a CPU (Linux PSI)
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


# --- a. Hearth: the engine child process, timed in the parent --------------------------


def run_hearth(setup: Setup, rep: int) -> RunResult:
    import psutil

    from engine.process import EngineProcess

    engine = EngineProcess(setup.log_dir / "engine.log")
    engine.start()
    try:
        engine.send(Load(LoadOptions(setup.model_path, n_ctx=setup.n_ctx, n_threads=setup.threads, n_batch=N_BATCH)))
        while True:
            event = engine.receive(timeout=120)
            if event is None or isinstance(event, Failed):
                raise BenchError(f"hearth: the model did not load: {event}\n{engine.stderr_tail()}")
            if isinstance(event, Loaded):
                break
        child = psutil.Process(engine.pid)
        cpu0 = _cpu_s(child) + time.process_time()
        pressure = CpuPressure()
        pressure.start()
        engine.send(Generate(1, setup.messages, setup.sampling, time.monotonic()))
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
                    engine.send(Cancel(1))
                    cancelled = True
            elif isinstance(event, Finished):
                metrics = event.metrics
                cpu_wait = pressure.stop()
                cpu_s = _cpu_s(child) + time.process_time() - cpu0
                break
            elif event is None or isinstance(event, Failed):
                raise BenchError(f"hearth: the answer failed: {event}\n{engine.stderr_tail()}")
    finally:
        engine.stop()
    return RunResult(
        path="hearth",
        rep=rep,
        prompt_tokens=metrics.prompt_tokens,
        tokens=count,
        stop=metrics.stop_reason,
        decode_tok_s=decode_rate(count, first, last),
        prefill_tok_s=metrics.prefill_tok_s,  # measured in the engine: prompt tokens / prefill to first token
        cpu_wait=cpu_wait,
        cpu_ms_per_token=1000 * cpu_s / count if count else 0.0,
        text="".join(pieces),
    )


def _cpu_s(proc: Any) -> float:
    times = proc.cpu_times()
    return float(times.user + times.system)


# --- b. llama-cpp-python's high-level API -------------------------------------------------


def run_high_level(setup: Setup, rep: int) -> RunResult:
    from llama_cpp import Llama

    llm = Llama(
        model_path=setup.model_path,
        n_ctx=setup.n_ctx,
        n_batch=N_BATCH,
        n_ubatch=N_BATCH,
        n_threads=setup.threads,
        n_threads_batch=setup.threads,
        last_n_tokens_size=setup.sampling.repeat_last_n,
        seed=SEED,
        verbose=False,
    )
    try:
        prompt_tokens = len(llm.tokenize(setup.prompt_text.encode("utf-8"), add_bos=True, special=True))
        s = setup.sampling
        pressure = CpuPressure()
        pressure.start()
        cpu0 = time.process_time()
        started = time.perf_counter()
        stream = llm.create_completion(
            setup.prompt_text,
            max_tokens=s.max_tokens,
            temperature=s.temperature,
            top_k=s.top_k,
            top_p=s.top_p,
            min_p=s.min_p,
            repeat_penalty=s.repeat_penalty,
            seed=s.seed,
            stream=True,
        )
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
    finally:
        llm.close()
        del llm
    return RunResult(
        path="high-level",
        rep=rep,
        prompt_tokens=prompt_tokens,
        tokens=tokens,
        stop={"length": "max_tokens", "stop": "eog"}.get(finish, finish),
        decode_tok_s=decode_rate(tokens, first, last),
        prefill_tok_s=prompt_tokens / (first - started) if first > started else 0.0,
        cpu_wait=cpu_wait,
        cpu_ms_per_token=1000 * cpu_s / tokens if tokens else 0.0,
        text="".join(pieces),
    )


# --- c. a bare low-level loop ---------------------------------------------------------------


def run_bare(setup: Setup, rep: int) -> RunResult:
    import llama_cpp as lc

    from engine.sampler import sampler_chain

    lc.llama_backend_init()
    model = lc.llama_model_load_from_file(setup.model_path.encode(), lc.llama_model_default_params())
    if not model:
        raise BenchError("bare: llama_model_load_from_file failed")
    params = lc.llama_context_default_params()
    params.n_ctx = setup.n_ctx
    params.n_batch = params.n_ubatch = N_BATCH
    params.n_threads = params.n_threads_batch = setup.threads
    params.flash_attn_type = 0  # off, as in Hearth (LoadOptions.flash_attn) and llama_cpp.Llama's default
    ctx = lc.llama_init_from_model(model, params)
    if not ctx:
        lc.llama_model_free(model)
        raise BenchError("bare: llama_init_from_model failed")
    try:
        vocab = lc.llama_model_get_vocab(model)
        n_vocab = lc.llama_vocab_n_tokens(vocab)
        data = setup.prompt_text.encode("utf-8")
        buf = (lc.llama_token * (len(data) + 16))()
        n = lc.llama_tokenize(vocab, data, len(data), buf, len(buf), True, True)
        prompt = list(buf[:n])
        bos = lc.llama_vocab_bos(vocab)
        if len(prompt) >= 2 and prompt[0] == bos and prompt[1] == bos:  # as Hearth does
            prompt = prompt[1:]
        if not 0 < len(prompt) <= N_BATCH:
            raise BenchError(f"bare: the prompt is {len(prompt)} tokens; this loop prefills one batch of {N_BATCH}")
        prompt_arr = (lc.llama_token * len(prompt))(*prompt)
        one = (lc.llama_token * 1)()
        piece_buf = ctypes.create_string_buffer(256)
        stamps: list[float] = []
        pieces: list[bytes] = []
        stop = "max_tokens"
        pressure = CpuPressure()
        pressure.start()
        cpu0 = time.process_time()
        started = time.perf_counter()
        if lc.llama_decode(ctx, lc.llama_batch_get_one(prompt_arr, len(prompt))) != 0:
            raise BenchError("bare: prefill failed")
        # llama.cpp's plain chain, without Hearth's first cut (engine/sampler.py); same tokens, checked below.
        with sampler_chain(setup.sampling, n_vocab, prompt, preselect=False) as chain:
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
    finally:
        lc.llama_free(ctx)
        lc.llama_model_free(model)
    count = len(stamps)
    return RunResult(
        path="bare",
        rep=rep,
        prompt_tokens=len(prompt),
        tokens=count,
        stop=stop,
        decode_tok_s=decode_rate(count, stamps[0], stamps[-1]) if stamps else 0.0,
        prefill_tok_s=len(prompt) / (stamps[0] - started) if stamps else 0.0,
        cpu_wait=cpu_wait,
        cpu_ms_per_token=1000 * cpu_s / count if count else 0.0,
        text=b"".join(pieces).decode("utf-8", errors="replace"),
    )


def in_fresh_process(runner: Any, setup: Setup, rep: int) -> RunResult:
    """Run a peer in a new process, as Hearth's engine always is: no path inherits another's
    thread pool, heap or page-cache warmth from earlier runs in this process."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn, initializer=quiet_llama_logs) as pool:
        result: RunResult = pool.submit(runner, setup, rep).result()
    return result


RUNNERS = {"hearth": run_hearth, "high-level": run_high_level, "bare": run_bare}
CONTENDED = 0.10  # cpu wait above this marks a run as disturbed


def _paired_ratios(ours: list[RunResult], peers: list[RunResult]) -> list[float]:
    """Hearth's decode rate over the peer's, rep by rep."""
    return [a.decode_tok_s / b.decode_tok_s for a, b in zip(ours, peers, strict=True) if b.decode_tok_s > 0]


def _ratio_list(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def _iqr(values: list[float]) -> str:
    return f"{percentile(values, 25):.3f}..{percentile(values, 75):.3f}" if values else "n/a"


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


# --- driver ---------------------------------------------------------------------------------


def prepare(args: argparse.Namespace, log_dir: Path) -> Setup:
    """Render the prompt with the model's own chat template, as the engine will."""
    from engine.llama_runtime import LlamaModel

    path = str(starter_model_path())
    messages = (ChatMessage("user", LONG_PROMPT),)
    model = LlamaModel(LoadOptions(path, n_ctx=args.ctx, n_threads=args.threads, n_batch=N_BATCH))
    try:
        prompt_text = model.template.render(messages)
        prompt_tokens = len(model.tokenize(prompt_text, add_special=True))
    finally:
        model.close()
    sampling = SamplingParams(temperature=TEMPERATURE, seed=SEED, max_tokens=args.tokens)
    return Setup(path, args.threads, args.ctx, sampling, messages, prompt_text, prompt_tokens, log_dir, args.run_limit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tokens", type=int, default=256, help="max tokens per answer (default 256)")
    parser.add_argument("--reps", type=int, default=9, help="repetitions of the three paths (default 9)")
    parser.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    parser.add_argument("--ctx", type=int, default=4096, help="context size (default 4096)")
    parser.add_argument(
        "--run-limit",
        type=float,
        default=10.0,
        help="stop an answer this many seconds after its first token (default 10; keeps a starved run short)",
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    args = parser.parse_args(argv)
    quiet_llama_logs()

    began = time.monotonic()
    log_dir = Path(tempfile.mkdtemp(prefix="hearth-bench-"))
    try:
        setup = prepare(args, log_dir)
        print(
            f"decode benchmark: {Path(setup.model_path).name}, {setup.threads} threads, n_ctx {setup.n_ctx}, "
            f"max {args.tokens} tokens, temperature {TEMPERATURE}, seed {SEED}, {args.reps} reps; {load_note()}"
        )
        print(f"prompt: {setup.prompt_tokens} tokens  ({LONG_PROMPT!r})")
        print()
        print(
            f"{'rep':>3}  {'path':<10}  {'tokens':>6}  {'stop':<10}  {'decode tok/s':>12}  {'prefill tok/s':>13}"
            f"  {'cpu ms/tok':>10}  {'cpu wait':>8}"
        )
        results: list[RunResult] = []
        for rep in range(1, args.reps + 1):
            shift = (rep - 1) % len(PATHS)
            for name in PATHS[shift:] + PATHS[:shift]:
                runner = RUNNERS[name]
                r = runner(setup, rep) if name == "hearth" else in_fresh_process(runner, setup, rep)
                results.append(r)
                print(
                    f"{r.rep:>3}  {r.path:<10}  {r.tokens:>6}  {r.stop:<10}  "
                    f"{r.decode_tok_s:>12.1f}  {r.prefill_tok_s:>13.1f}  "
                    f"{r.cpu_ms_per_token:>10.2f}  {_percent(r.cpu_wait):>8}",
                    flush=True,
                )
    finally:
        shutil.rmtree(log_dir, ignore_errors=True)

    by_path = {name: [r for r in results if r.path == name] for name in PATHS}
    decode = {name: median([r.decode_tok_s for r in runs]) for name, runs in by_path.items()}
    prefill = {name: median([r.prefill_tok_s for r in runs]) for name, runs in by_path.items()}
    cpu_ms = {name: median([r.cpu_ms_per_token for r in runs]) for name, runs in by_path.items()}
    vs_high_each = _paired_ratios(by_path["hearth"], by_path["high-level"])
    vs_bare_each = _paired_ratios(by_path["hearth"], by_path["bare"])
    vs_high, vs_bare = median(vs_high_each), median(vs_bare_each)
    short = [f"{r.path} rep {r.rep}: {r.tokens}" for r in results if r.tokens < args.tokens]
    # Same sampler chain, seed and context settings: the two must write the same tokens
    # (a run cut short by --run-limit is compared over the part both wrote).
    same_text = all(
        h.text.startswith(b.text) or b.text.startswith(h.text)
        for h, b in zip(by_path["hearth"], by_path["bare"], strict=True)
    )
    waits = [r.cpu_wait for r in results if r.cpu_wait is not None]

    print()
    print(f"{'median':<10}  {'decode tok/s':>12}  {'prefill tok/s':>13}  {'cpu ms/tok':>10}  {'decode min..max':>16}")
    for name in PATHS:
        rates = [r.decode_tok_s for r in by_path[name]]
        print(
            f"{name:<10}  {decode[name]:>12.1f}  {prefill[name]:>13.1f}  {cpu_ms[name]:>10.2f}  "
            f"{min(rates):>7.1f}..{max(rates):.1f}"
        )
    print()
    ok_high, ok_bare = vs_high >= TARGET_VS_HIGH_LEVEL, vs_bare >= TARGET_VS_BARE
    print("per-rep ratios (each rep's runs were back to back):")
    print(f"  hearth / high-level  {_ratio_list(vs_high_each)}")
    print(f"  hearth / bare loop   {_ratio_list(vs_bare_each)}")
    print(
        f"hearth / high-level = {vs_high:.3f}   median of paired ratios, IQR {_iqr(vs_high_each)}"
        f"   (target >= {TARGET_VS_HIGH_LEVEL})  {verdict(ok_high)}"
    )
    print(
        f"hearth / bare loop  = {vs_bare:.3f}   median of paired ratios, IQR {_iqr(vs_bare_each)}"
        f"   (target >= {TARGET_VS_BARE})  {verdict(ok_bare)}"
    )
    print(
        f"(ratio of medians: {decode['hearth'] / decode['high-level']:.3f} and {decode['hearth'] / decode['bare']:.3f})"
        if decode["high-level"] and decode["bare"]
        else ""
    )
    print(f"hearth and bare loop wrote the same text every rep: {'yes' if same_text else 'no'}")
    if waits and max(waits) > CONTENDED:
        print(
            f"note: in some runs a task waited for a CPU up to {max(waits):.0%} of the time (cpu wait, Linux PSI); "
            "llama.cpp's threads wait for each other many times per token, so when other work takes a CPU, "
            "decode slows far more than that work's share and figures swing from run to run."
        )
    if short:
        print(f"runs that stopped before {args.tokens} tokens (rates are over what they produced): {', '.join(short)}")
    print(f"total {time.monotonic() - began:.0f} s")

    if args.json:
        runs = [{k: v for k, v in asdict(r).items() if k != "text"} for r in results]
        print(
            json.dumps(
                {
                    "bench": "decode",
                    "model": Path(setup.model_path).name,
                    "threads": setup.threads,
                    "n_ctx": setup.n_ctx,
                    "max_tokens": args.tokens,
                    "reps": args.reps,
                    "prompt_tokens": setup.prompt_tokens,
                    "median_decode_tok_s": decode,
                    "median_prefill_tok_s": prefill,
                    "median_cpu_ms_per_token": cpu_ms,
                    "hearth_vs_high_level": vs_high,
                    "hearth_vs_high_level_per_rep": vs_high_each,
                    "hearth_vs_bare_per_rep": vs_bare_each,
                    "hearth_vs_high_level_pass": ok_high,
                    "hearth_vs_bare": vs_bare,
                    "hearth_vs_bare_pass": ok_bare,
                    "hearth_bare_same_text": same_text,
                    "runs": runs,
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
