"""Prefill and decode speed on the CPU and on the GPU, for Hearth's engine and for llama-bench, in one table.

    python bench/gpu_speed.py --model MODEL.gguf --llama-bench BUILD/bin/llama-bench [--json OUT.json]

bench/gpu_check.sh runs it on a GPU machine, with libllama and llama-bench from one build of the llama.cpp
that llama-cpp-python 0.3.36 vendors (LLAMA_CPP_LIB_PATH points the engine at it), on the random-weight
1.2 B model of tests/gpu/random_model.py. Both sides do the same work: a 512-token prompt read in batches
of 512, then 128 tokens written one llama_decode at a time, flash attention off, the same threads.

- Rows: "CPU" puts no layer on the GPU and hides the GPU (CUDA_VISIBLE_DEVICES=""), so nothing runs there
  (llama.cpp would otherwise still send a long prompt's matrix products to a visible GPU); "GPU" puts every
  layer there. Where llama.cpp has no GPU (a CPU-only build), only the CPU row is measured.
- Columns: tok/s for Hearth (the engine child, timed by its own Metrics: prefill_tokens / prefill_s, and
  (decode_tokens - 1) / decode_s) and for llama-bench (pp512, tg128), then Hearth/llama-bench.
- The last row is GPU/CPU. Figures are medians of --reps runs after a warm-up.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from _common import decode_rate, load_note, median  # noqa: E402

from engine.client.process import EngineProcess  # noqa: E402
from engine.protocol import (  # noqa: E402
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadOptions,
    SamplingParams,
    Started,
)

N_PROMPT = 512
N_GEN = 128
N_BATCH = 512  # Hearth's n_batch = n_ubatch (LoadOptions.n_batch); llama-bench gets -b 512 -ub 512
ALL_LAYERS = 99  # llama-bench's -ngl 99; both clamp it to the model's layers + 1
WORDS = [
    "river", "stone", "light", "window", "garden", "quiet", "morning", "bread", "music", "letter", "travel", "paper",
    "mountain", "silver", "orange", "winter", "summer", "forest", "number", "market", "simple", "table", "yellow",
]  # fmt: skip


@dataclass(frozen=True)
class Row:
    name: str  # "CPU" or "GPU"
    gpu_layers: int
    hide_gpu: bool


@dataclass
class Figures:
    prefill_tok_s: float
    decode_tok_s: float
    prefill_runs: list[float]
    decode_runs: list[float]
    detail: dict[str, Any]


def machine_info() -> dict[str, Any]:
    """The processor, memory and GPUs this ran on (nvidia-smi where there is one)."""
    info: dict[str, Any] = {"platform": platform.platform(), "python": platform.python_version()}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        info["cpu"] = platform.processor()
    import psutil

    info["logical_cpus"] = psutil.cpu_count()
    info["physical_cores"] = psutil.cpu_count(logical=False)
    memory = psutil.virtual_memory()
    info["ram_total_gb"] = round(memory.total / 1e9, 1)
    info["ram_available_gb"] = round(memory.available / 1e9, 1)
    if shutil.which("nvidia-smi"):
        query = "name,compute_cap,memory.total,memory.free,driver_version,clocks.max.sm"
        out = subprocess.run(
            ["nvidia-smi", f"--query-gpu={query}", "--format=csv,noheader"],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
        )
        info["gpus"] = [line.strip() for line in out.stdout.splitlines() if line.strip()]
    return info


@contextlib.contextmanager
def gpu_hidden(hide: bool) -> Iterator[dict[str, str]]:
    """The environment a run gets: with `hide`, CUDA sees no device (engine children inherit it)."""
    saved = os.environ.get("CUDA_VISIBLE_DEVICES")
    if hide:
        os.environ["CUDA_VISIBLE_DEVICES"] = ""
    try:
        yield dict(os.environ)
    finally:
        if saved is None:
            os.environ.pop("CUDA_VISIBLE_DEVICES", None)
        else:
            os.environ["CUDA_VISIBLE_DEVICES"] = saved


_SEQUENCE = [random.Random(0).choice(WORDS) for _ in range(4000)]


def _prompt(n_words: int) -> str:
    """The first `n_words` of one fixed word sequence: its token count only grows with `n_words`."""
    return " ".join(_SEQUENCE[:n_words])


class HearthRun:
    """One engine child with the model loaded as `row` says; answers timed by the engine's Metrics."""

    def __init__(self, model: Path, row: Row, threads: int, kernels: str) -> None:
        self.engine = EngineProcess(kernels="safe" if kernels == "safe" else "full")
        self.engine.start()
        self.request = 0
        options = LoadOptions(
            str(model),
            n_ctx=2048,
            n_threads=threads,
            n_gpu_layers=row.gpu_layers,
            n_batch=N_BATCH,
            prefix_cache=False,  # every answer reads its whole prompt, as llama-bench does
        )
        try:
            self.engine.send(Load(0, options))
            loaded = self._until(Loaded)
        except BaseException:
            self.close()
            raise
        self.info = loaded.info
        self.load_s = loaded.load_s

    def _until(self, kind: type) -> Any:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            event = self.engine.receive(1.0)
            if isinstance(event, Failed):
                raise RuntimeError(f"the engine failed: {event.reason}")
            if isinstance(event, kind):
                return event
        raise TimeoutError(f"no {kind.__name__} from the engine in 600 s")

    def answer(self, text: str, max_tokens: int) -> tuple[int, Any]:
        self.request += 1
        sampling = SamplingParams(temperature=0, max_tokens=max_tokens)
        self.engine.send(Generate(self.request, (ChatMessage("user", text),), sampling, time.monotonic()))
        started = self._until(Started)
        finished = self._until(Finished)
        return started.prompt_tokens, finished.metrics

    def prompt_of(self, tokens: int) -> str:
        """A user message whose whole prompt (chat template included) is `tokens` long, or within a
        token of it; found in a few one-token answers (these words are about a token each), which also
        warm the engine up."""
        words = max(1, tokens - 40)  # the chat template adds a few dozen
        best, best_miss = "", tokens
        for _ in range(6):
            count, _metrics = self.answer(_prompt(words), 1)
            if abs(count - tokens) < best_miss:
                best, best_miss = _prompt(words), abs(count - tokens)
            if best_miss <= 1:
                break
            words = max(1, words + tokens - count)
        self.answer(best, 16)  # and a short answer, to warm up writing too
        return best

    def close(self) -> None:
        self.engine.stop(timeout=10)


def measure_hearth(model: Path, row: Row, threads: int, reps: int, kernels: str = "full") -> Figures:
    with gpu_hidden(row.hide_gpu):
        run = HearthRun(model, row, threads, kernels)
        try:
            text = run.prompt_of(N_PROMPT)
            prefill, decode = [], []
            prompt_tokens = 0
            for _ in range(reps):
                prompt_tokens, m = run.answer(text, N_GEN)
                assert m.decode_tokens == N_GEN, f"the answer stopped at {m.decode_tokens} tokens ({m.stop_reason})"
                prefill.append(m.prefill_tokens / m.prefill_s)
                decode.append(decode_rate(m.decode_tokens, 0.0, m.decode_s))
        finally:
            run.close()
    info = run.info
    detail = {
        "prompt_tokens": prompt_tokens,
        "gen_tokens": N_GEN,
        "threads": info.n_threads,
        "gpu_layers": getattr(info, "gpu_layers", None),
        "n_layers": getattr(info, "n_layers", None),
        "offload_devices": list(getattr(info, "offload_devices", ())),
        "kernels": getattr(info, "kernels", None),
        "load_s": run.load_s,
    }
    return Figures(median(prefill), median(decode), prefill, decode, detail)


def measure_llama_bench(binary: Path, model: Path, row: Row, runs: tuple[int, int], kernels: str) -> Figures:
    """llama-bench's pp512 and tg128 for `row`, `runs` = (threads, repetitions)."""
    threads, reps = runs
    command = [
        str(binary),
        "-m",
        str(model),
        "-ngl",
        str(row.gpu_layers),
        "-p",
        str(N_PROMPT),
        "-n",
        str(N_GEN),
        "-r",
        str(reps),
        "-t",
        str(threads),
        "-b",
        str(N_BATCH),
        "-ub",
        str(N_BATCH),
        "-fa",
        "0",
        "--repack",
        "1" if kernels == "full" else "0",  # llama.cpp's extra buffer types, as Hearth's kernel sets
        "-o",
        "json",
    ]
    with gpu_hidden(row.hide_gpu) as env:
        done = subprocess.run(command, check=False, capture_output=True, text=True, env=env, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"llama-bench failed ({done.returncode}):\n{done.stderr[-3000:]}")
    results = json.loads(done.stdout)
    by_test = {(r["n_prompt"], r["n_gen"]): r for r in results}
    pp, tg = by_test[(N_PROMPT, 0)], by_test[(0, N_GEN)]
    detail = {
        "command": " ".join(command),
        "threads": pp.get("n_threads"),
        "gpu_layers": pp.get("n_gpu_layers"),
        "backends": pp.get("backends"),
        "gpu_info": pp.get("gpu_info"),
        "cpu_info": pp.get("cpu_info"),
        "build_commit": pp.get("build_commit"),
        "prefill_stddev": pp.get("stddev_ts"),
        "decode_stddev": tg.get("stddev_ts"),
    }
    return Figures(
        float(pp["avg_ts"]),
        float(tg["avg_ts"]),
        [float(x) for x in pp.get("samples_ts", [])],
        [float(x) for x in tg.get("samples_ts", [])],
        detail,
    )


def has_gpu() -> bool:
    """Whether the llama.cpp the engine loads lists a GPU (asked in a throwaway process, so this one
    never loads the library: its children must see the GPU hidden or not as each row says)."""
    probe = "from tests.gpu.gpus import read_gpus; print(len(read_gpus()[0]))"
    done = subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, text=True, cwd=REPO, timeout=300
    )
    return done.returncode == 0 and done.stdout.strip().isdigit() and int(done.stdout.strip()) > 0


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a and b else None


def _cell(value: float | None, ratio: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}x" if ratio else f"{value:,.1f}"


def table(rows: dict[str, dict[str, Figures]]) -> str:
    """One table: per row Hearth, llama-bench and their ratio, for prefill and for decode; then GPU/CPU."""
    head = (
        f"{'':<18}{'prefill tok/s (' + str(N_PROMPT) + ' tokens)':^42}{'decode tok/s (' + str(N_GEN) + ' tokens)':^42}"
    )
    sub = f"{'':<18}" + f"{'Hearth':>12}{'llama-bench':>14}{'Hearth/lb':>12}    " * 2
    lines = [head, sub.rstrip()]
    for name, fig in rows.items():
        h, lb = fig.get("hearth"), fig.get("llama_bench")
        cells = []
        for attr in ("prefill_tok_s", "decode_tok_s"):
            hv = getattr(h, attr) if h else None
            lv = getattr(lb, attr) if lb else None
            cells.append(f"{_cell(hv):>12}{_cell(lv):>14}{_cell(_ratio(hv, lv), True):>12}    ")
        lines.append((f"{name:<18}" + "".join(cells)).rstrip())
    if "CPU" in rows and "GPU" in rows:
        cells = []
        for attr in ("prefill_tok_s", "decode_tok_s"):
            ratios = []
            for side in ("hearth", "llama_bench"):
                gpu, cpu = rows["GPU"].get(side), rows["CPU"].get(side)
                ratios.append(_ratio(getattr(gpu, attr) if gpu else None, getattr(cpu, attr) if cpu else None))
            cells.append(f"{_cell(ratios[0], True):>12}{_cell(ratios[1], True):>14}{'':>12}    ")
        lines.append((f"{'GPU/CPU':<18}" + "".join(cells)).rstrip())
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--llama-bench", type=Path, help="llama-bench from the build the engine loads")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--threads", type=int, help="default: physical cores, as the engine picks")
    parser.add_argument("--rows", default="auto", help="cpu, gpu or cpu,gpu (default: both where a GPU is)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)

    import psutil

    info = machine_info()
    print("machine:", json.dumps(info, indent=1))
    print(load_note())
    threads = args.threads or psutil.cpu_count(logical=False) or os.cpu_count() or 1
    gpu = has_gpu()
    wanted = ["cpu", "gpu"] if args.rows == "auto" else args.rows.split(",")
    rows = [Row("CPU", 0, hide_gpu=gpu)]
    if "gpu" in wanted and gpu:
        rows.append(Row("GPU", ALL_LAYERS, hide_gpu=False))
    elif "gpu" in wanted:
        print("no GPU for llama.cpp here: the CPU row only")
    rows = [r for r in rows if r.name.lower() in wanted]
    print(f"model {args.model} ({args.model.stat().st_size / 1e9:.2f} GB), {threads} threads, {args.reps} runs each")

    figures: dict[str, dict[str, Figures]] = {}
    failures = 0
    for row in rows:
        figures[row.name] = {}
        for side in ("hearth", "llama_bench") if args.llama_bench else ("hearth",):
            started = time.monotonic()
            for kernels in ("full", "safe"):  # the safe kernels only where the fast ones failed
                try:
                    if side == "hearth":
                        result = measure_hearth(args.model, row, threads, args.reps, kernels)
                    else:
                        result = measure_llama_bench(args.llama_bench, args.model, row, (threads, args.reps), kernels)
                except Exception as exc:  # an engine that died (SIGILL on refused kernels, say), a failed run
                    failures += 1
                    print(f"  {row.name}: {side} with the {kernels} kernels failed: {exc}", flush=True)
                    continue
                result.detail["kernel_set"] = kernels
                figures[row.name][side] = result
                break
            print(f"  {row.name}: {side} {time.monotonic() - started:.0f} s", flush=True)
    print()
    print(table(figures))
    for name, sides in figures.items():
        if "hearth" not in sides:
            continue
        hearth = sides["hearth"].detail
        print(
            f"{name}: Hearth put {hearth['gpu_layers']}/{hearth['n_layers']} layers on "
            f"{', '.join(hearth['offload_devices']) or 'no GPU'} ({hearth['prompt_tokens']}-token prompt)"
        )
        if "llama_bench" in sides:
            lb = sides["llama_bench"].detail
            print(f"{name}: llama-bench backends {lb['backends']}, -ngl {lb['gpu_layers']}, {lb['gpu_info'] or ''}")
    if args.json:
        payload = {
            "machine": info,
            "model": {"path": str(args.model), "size_bytes": args.model.stat().st_size},
            "threads": threads,
            "reps": args.reps,
            "rows": {name: {side: asdict(fig) for side, fig in sides.items()} for name, sides in figures.items()},
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=2))
        print(f"figures: {args.json}")
    complete = all(len(sides) == (2 if args.llama_bench else 1) for sides in figures.values())
    if failures:
        print(f"{failures} measurement(s) failed; see above")
    return 0 if complete else 1


if __name__ == "__main__":
    sys.exit(main())
