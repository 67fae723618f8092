"""What the reading schedule costs a full read: a conversation read message by message (as the
engine reads every prompt, so that reuse stays exact: engine/cache/prompt_reuse.py) against the same
tokens read in one go (batches of n_batch), in one process, interleaved round by round.

The cost shows only where nothing is reused: a conversation opened after its snapshot left the
cache, or read by another model. Short messages cost the most: a read of a few tokens uses the
matrix kernels little better than writing does.

    python bench/segmented_reads.py [--rounds 3] [--tokens 640] [MODEL.gguf ...]

Without models: the starter model.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import load_note, median, quiet_llama_logs

THREADS = 2
MESSAGE_SIZES = (16, 48, 160)  # tokens per message: "thanks!", a question, a paragraph


def _read_seconds(llm: Any, tokens: list[int], message_tokens: int | None) -> float:
    """Seconds to read `tokens` from an empty context, in one go or one read per message."""
    llm.clear()
    starts = [0] if message_tokens is None else list(range(0, len(tokens), message_tokens))
    ends = [*starts[1:], len(tokens)]
    started = time.perf_counter()
    for start, end in zip(starts, ends, strict=True):
        llm.decode(tokens[start:end])
    return time.perf_counter() - started


def measure(model: str, total_tokens: int, rounds: int) -> dict[str, float]:
    from engine.kernels.remembered import known_kernels
    from engine.protocol import LoadOptions
    from engine.runtime.llama_runtime import LlamaModel

    # The kernels the engine would use here (HEARTH_CPU_KERNELS sets them).
    options = LoadOptions(model, n_ctx=total_tokens + 64, n_threads=THREADS, prefix_cache=False)
    llm = LlamaModel(options, kernels=known_kernels())
    text = "The history of the printing press begins with movable type in China and Korea. " * 80
    tokens = llm.tokenize(text)[:total_tokens]
    _read_seconds(llm, tokens[:64], None)  # warm up
    times: dict[str, list[float]] = {"one read": [], **{f"{n}-token messages": [] for n in MESSAGE_SIZES}}
    for round_index in range(rounds):
        ways: list[int | None] = [None, *MESSAGE_SIZES]
        for size in ways if round_index % 2 == 0 else reversed(ways):
            key = "one read" if size is None else f"{size}-token messages"
            times[key].append(_read_seconds(llm, tokens, size))
    llm.close()
    return {key: len(tokens) / median(values) for key, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tokens", type=int, default=640)
    args = parser.parse_args()
    quiet_llama_logs()
    if not args.models:
        from engine.models.starter_model import starter_model_path

        args.models = [str(starter_model_path())]
    print(f"bench/segmented_reads.py: {load_note()}; {args.rounds} rounds; {args.tokens} tokens read from empty")
    print(f"{'model':<34} {'how':<20} {'tok/s':>8} {'vs one read':>11}")
    report = {}
    for model in args.models:
        rates = measure(model, args.tokens, args.rounds)
        for how, rate in rates.items():
            print(f"{Path(model).stem[:34]:<34} {how:<20} {rate:>8.1f} {rate / rates['one read']:>11.2f}")
        report[Path(model).stem] = rates
    print(json.dumps(report))


if __name__ == "__main__":
    main()
