"""What a portable llama.cpp build costs: CPU kernels chosen at run time against the native build.

The portable build (GGML_NATIVE=OFF, GGML_BACKEND_DL=ON, GGML_CPU_ALL_VARIANTS=ON: one
libggml-cpu-<variant>.so per processor level, the best one loaded at run time through
engine/runtime/cpu_variants.py) against the installed llama-cpp-python, built with -march=native
for this very processor. Both from the same sources (0.3.36). Target: the portable build within 2 %
of the native one, prefill and decode.

Each (build, weight repacking) pair runs in its own long-lived worker process, which loads the model
once; then every round asks each worker for one measurement, back to back, in an order that rotates
from round to round: read a --prompt-token prompt into an empty context (prefill tok/s), then write
--tokens tokens greedily after it (decode tok/s, sampling included). Each round's portable/native ratio
is paired (seconds apart), and the verdict is the median of those ratios with its 95 % confidence
interval (distribution-free, _common.median_interval). The first --warmup rounds are not counted.
Repacking off is Hearth's safe kernels (use_extra_bufts = False); on is its fast ones. The starter
model's Q4_1 weights are never repacked on x86, so there the two settings run the same kernels.

    python bench/cpu_variants.py [--site .variant-build/site] [--rounds 7] [--repack both|off|on] [MODEL ...]

--site: a folder where the portable build is installed (pip install --target --no-deps); without
models: the starter model and Qwen2.5-Coder-1.5B Q4_K_M from .bench-models/ (bench/real_models.py).
Make the portable build (about 13 minutes on 2 cores; 14 variants, 19 MB of them):

    CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON \
                -DCMAKE_INSTALL_BINDIR=llama_cpp/lib" \
        pip wheel --no-deps -w .variant-build/wheel .llama-tools/llama_cpp_python-0.3.36.tar.gz
    pip install --no-deps --target .variant-build/site .variant-build/wheel/llama_cpp_python-*.whl

CMAKE_INSTALL_BINDIR puts the variants beside libggml in llama_cpp/lib; ggml's install rule would
otherwise put them in a top-level bin/ of the wheel. pip caches a wheel built from a local archive
under the archive's hash, whatever CMAKE_ARGS were: remove it from pip's cache (pip cache list),
or a later native build of the same archive is this one.

Measured here (AMD EPYC with AVX-512 in a shared VM, 2 threads; the zen4 variant loaded), median
portable/native ratio over quiet pairs [95 % CI]:

    starter, 15 rounds   prefill: 1.05 [1.04, 1.08] repack off, 1.06 [1.04, 1.08] on
                         decode:  1.00 [0.98, 1.04] repack off, 1.02 [0.99, 1.05] on
    Qwen 1.5B, 9 rounds  prefill: 1.06 [1.02, 1.15] repack off, 1.04 [1.03, 1.08] on
                         decode:  1.02 [0.98, 1.07] repack off, 1.10 [1.07, 1.13] on
    A/A (--site at the native build itself), Qwen 1.5B, 5 rounds: 1.005, 1.025, 0.998, 1.029:
    the bench cannot resolve much under 3 %.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import CpuPressure, load_note, median, median_interval, verdict

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SITE = REPO / ".variant-build" / "site"
QWEN = REPO / ".bench-models" / "Qwen2.5-Coder-1.5B-Instruct-Q4_K_M.gguf"
TARGET = 0.98  # the portable build within 2 % of the native one
BUILDS = ("native", "portable")
CONTENDED = 0.10  # a pair in which some task waited for a CPU longer than this share is left out
MIN_QUIET = 3  # fewer quiet pairs than this: the verdict takes all of them
GAP_S = 0.2  # lets the last worker's OpenMP threads stop spinning before the next one starts
TEXT = "The history of the printing press begins with movable type in China and Korea. " * 80


# --- the worker: one build, one repack setting, one model, many measurements ----------------


def _worker(model_path: str, repack: str, threads: int, prompt_tokens: int, tokens: int) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(devnull, 1)  # llama.cpp's chatter, on either stream
    os.dup2(devnull, 2)
    from engine.runtime.cpu_variants import load_cpu_backend, variant_in_use

    started = time.perf_counter()
    loaded = load_cpu_backend()  # None on the native build: a no-op
    import llama_cpp

    from engine.protocol import LoadOptions, SamplingParams
    from engine.runtime.llama_runtime import LlamaModel

    options = LoadOptions(model_path, n_ctx=prompt_tokens + tokens + 64, n_threads=threads, prefix_cache=False)
    llm = LlamaModel(options, kernels="full" if repack == "on" else "safe")
    prompt = llm.tokenize(TEXT)[:prompt_tokens]
    ready = {
        "variant": loaded,
        "variant_in_use": variant_in_use(),
        "library": llama_cpp.__file__,
        "system_info": llama_cpp.llama_print_system_info().decode(errors="replace"),
        "load_s": time.perf_counter() - started,
        "prompt_tokens": len(prompt),
    }
    out.write(json.dumps(ready) + "\n")
    sampling = SamplingParams(temperature=0.0, max_tokens=tokens)
    for line in sys.stdin:
        if line.strip() != "run":
            break
        llm.clear()
        t0 = time.perf_counter()
        llm.decode(prompt)
        t1 = time.perf_counter()
        written = sum(1 for _ in llm.generate(prompt, sampling))
        t2 = time.perf_counter()
        # generate() samples, then reads each token it wrote: `written` decode steps.
        out.write(json.dumps({"prefill": len(prompt) / (t1 - t0), "decode": written / (t2 - t1)}) + "\n")
    llm.close()


@dataclass
class Worker:
    build: str
    repack: str
    process: subprocess.Popen[str]
    ready: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str]:
        return self.build, self.repack

    def measure(self) -> dict[str, float]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write("run\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.build} worker (repack {self.repack}) died: exit {self.process.wait()}")
        figures: dict[str, float] = json.loads(line)
        return figures

    def stop(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _start(build: str, repack: str, model: str, args: argparse.Namespace) -> Worker:
    env = {key: value for key, value in os.environ.items() if key not in ("LLAMA_CPP_LIB_PATH", "PYTHONPATH")}
    paths = [str(args.site)] if build == "portable" else []
    env["PYTHONPATH"] = os.pathsep.join([*paths, str(REPO)])
    command = [sys.executable, __file__, "--worker", model, repack, str(args.threads), str(args.prompt)]
    process = subprocess.Popen(
        [*command, str(args.tokens)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=REPO
    )
    worker = Worker(build, repack, process)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise RuntimeError(f"the {build} worker (repack {repack}) did not start: exit {process.wait()}")
    worker.ready = json.loads(line)
    return worker


# --- the parent ---------------------------------------------------------------------------------


def _features(system_info: str) -> str:
    """The CPU backend's instruction sets from llama.cpp's system info line."""
    cpu = system_info.split("CPU :", 1)[-1]
    names = [item.split("=")[0].strip() for item in cpu.split("|") if item.strip().endswith("= 1")]
    return " ".join(names)


def _bench_model(model: str, repacks: list[str], args: argparse.Namespace) -> dict[str, Any]:
    workers: list[Worker] = []
    try:
        for repack in repacks:
            for build in BUILDS:
                workers.append(_start(build, repack, model, args))
        print(f"\n{Path(model).name}")
        for worker in workers:
            ready = worker.ready
            library = Path(ready["library"]).parent
            variant = ready["variant_in_use"] or "(native build)"
            print(
                f"  {worker.build:<8} repack {worker.repack:<3}: CPU variant {variant}"
                f", load {ready['load_s']:.1f} s, {library}"
            )
            print(f"      {_features(ready['system_info'])}")
        # (build, repack, phase) -> tok/s, and (repack, phase) -> portable/native, over quiet pairs and all
        figures: dict[tuple[str, str, str], list[float]] = {}
        ratios: dict[tuple[str, str], list[float]] = {}
        quiet: dict[tuple[str, str], list[float]] = {}
        for round_index in range(-args.warmup + 1, args.rounds + 1):
            shift = round_index % len(workers)
            order = workers[shift:] + workers[:shift]
            results, waits = {}, {}
            for worker in order:
                pressure = CpuPressure()
                pressure.start()
                results[worker.key] = worker.measure()
                waits[worker.key] = pressure.stop() or 0.0
                time.sleep(GAP_S)
            line = []
            for repack in repacks:
                pair_wait = max(waits[("native", repack)], waits[("portable", repack)])
                for phase in ("prefill", "decode"):
                    native, portable = results[("native", repack)][phase], results[("portable", repack)][phase]
                    flag = "*" if pair_wait > CONTENDED else " "
                    line.append(f"{phase[:3]}/{repack} {native:6.1f} {portable:6.1f} {portable / native:5.3f}{flag}")
                    if round_index > 0:
                        figures.setdefault(("native", repack, phase), []).append(native)
                        figures.setdefault(("portable", repack, phase), []).append(portable)
                        ratios.setdefault((repack, phase), []).append(portable / native)
                        if pair_wait <= CONTENDED:
                            quiet.setdefault((repack, phase), []).append(portable / native)
            label = f"round {round_index}" if round_index > 0 else "warm-up"
            print(f"  {label:<9} " + " |".join(line), flush=True)
        summary: dict[str, Any] = {}
        print(
            f"  {'repack':<6} {'phase':<8} {'native':>8} {'portable':>9} {'ratio':>6}  95 % CI"
            "           pairs  verdict (ratio over quiet pairs: * = some task waited for a CPU > 10 %)"
        )
        for repack in repacks:
            for phase in ("prefill", "decode"):
                calm = quiet.get((repack, phase), [])
                values = calm if len(calm) >= MIN_QUIET else ratios[(repack, phase)]
                low, high = median_interval(values)
                native = median(figures[("native", repack, phase)])
                portable = median(figures[("portable", repack, phase)])
                ratio = median(values)
                used = f"{len(values)}{'' if values is calm else ' all'}"
                print(
                    f"  {repack:<6} {phase:<8} {native:8.1f} {portable:9.1f} {ratio:6.3f}  [{low:.3f}, {high:.3f}]"
                    f"  {used:>6}  {verdict(ratio >= TARGET)} (target >= {TARGET})"
                )
                summary[f"{repack} {phase}"] = {
                    "native": native,
                    "portable": portable,
                    "ratio": ratio,
                    "ci95": [low, high],
                    "pairs": len(values),
                }
        summary["variant"] = next(w.ready["variant_in_use"] for w in workers if w.build == "portable")
        return summary
    finally:
        for worker in workers:
            worker.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*")
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE, help="where the portable build is installed")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--prompt", type=int, default=512, help="prompt tokens read per measurement")
    parser.add_argument("--tokens", type=int, default=64, help="tokens written per measurement")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repack", choices=("off", "on", "both"), default="both")
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        model, repack, threads, prompt, tokens = args.worker
        _worker(model, repack, int(threads), int(prompt), int(tokens))
        return
    if not (args.site / "llama_cpp").is_dir():
        sys.exit(f"no llama_cpp under {args.site}: build the portable wheel first (see this script's doc)")
    models = args.models
    if not models:
        from engine.models.starter_model import starter_model_path

        models = [str(starter_model_path())] + ([str(QWEN)] if QWEN.exists() else [])
    repacks = ["off", "on"] if args.repack == "both" else [args.repack]
    print(
        f"bench/cpu_variants.py: {load_note()}; {args.threads} threads; {args.rounds} rounds (+{args.warmup} warm-up);"
        f" {args.prompt}-token prompt, {args.tokens} tokens written; columns: native, portable tok/s, ratio"
    )
    results = {Path(model).stem: _bench_model(model, repacks, args) for model in models}
    print(json.dumps(results))


if __name__ == "__main__":
    main()
