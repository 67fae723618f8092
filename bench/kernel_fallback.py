"""Time from start to the first answer on a processor that refuses llama.cpp's fast kernels.

`hearth run` as a user runs it (a fresh process, a fresh data folder each time, so no prompt cache
helps), on four machines, interleaved round by round so host drift hits all alike:

- peer:        the fast kernels work and that is remembered (an ordinary start, the reference);
- remembered:  the fast kernels trap, and the safe choice is remembered: starts safe at once;
- first start: the fast kernels trap and nothing is remembered: the probe finds out (two throwaway
               processes) before the engine starts;
- crash:       the fast kernels trap, but the probe passed (another model reached the kernels that
               trap): the engine dies of SIGILL at its first decode and is started again, safe.

A refusing processor is made with HEARTH_SIMULATE_REFUSED_KERNELS=decode (the engine kills itself
with SIGILL at its first decode on the fast kernels, as the kernel's trap does). Each figure is the
median wall time from the command's start to its first answer byte on stdout, and to its exit; the
ratio is against the peer in the same rounds.

    python bench/kernel_fallback.py [--rounds 7] [--model PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import load_note, median, median_interval

PROMPT = "What is the capital of France?"
CASES = ("peer", "remembered", "first start", "crash")


def _seed(home: Path, kernels: str | None) -> None:
    """A data folder whose kernel choice for this machine is `kernels` (None: nothing remembered)."""
    if kernels is None:
        return
    code = (
        "from engine.kernels import remembered; from engine.kernels.machine import this_machine; "
        f"remembered.remember(this_machine(), remembered.KernelChoice({kernels!r}, 'probe', 'bench'))"
    )
    subprocess.run([sys.executable, "-c", code], env={**os.environ, "HEARTH_HOME": str(home)}, check=True)


def _one(case: str, model: str | None) -> tuple[float, float, str]:
    """(seconds to the first answer byte, seconds to exit, stderr) of one `hearth run`."""
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as folder:
        home = Path(folder)
        _seed(home, {"peer": "full", "remembered": "safe", "first start": None, "crash": "full"}[case])
        env = {**os.environ, "HEARTH_HOME": str(home)}
        if case != "peer":
            env["HEARTH_SIMULATE_REFUSED_KERNELS"] = "decode"
        args = [sys.executable, "-m", "app", "run", "--temperature", "0", "--max-tokens", "16", "--threads", "2"]
        if model:
            args += ["--model", model]
        started = time.monotonic()
        process = subprocess.Popen([*args, PROMPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)
        assert process.stdout is not None
        assert process.stderr is not None
        first = process.stdout.read(1)
        first_at = time.monotonic() - started
        process.stdout.read()
        stderr = process.stderr.read().decode(errors="replace")
        process.wait()
        ended = time.monotonic() - started
        if process.returncode != 0 or not first:
            raise SystemExit(f"{case}: hearth run failed ({process.returncode}): {stderr}")
        return first_at, ended, stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--model", help="GGUF to answer with (default: the starter model)")
    args = parser.parse_args()
    print(f"bench/kernel_fallback.py: {load_note()}; {args.rounds} rounds, each case in a fresh data folder")
    first: dict[str, list[float]] = {case: [] for case in CASES}
    total: dict[str, list[float]] = {case: [] for case in CASES}
    notices: dict[str, str] = {}
    for round_index in range(args.rounds):
        order = CASES[round_index % len(CASES) :] + CASES[: round_index % len(CASES)]
        for case in order:
            to_first, to_end, stderr = _one(case, args.model)
            first[case].append(to_first)
            total[case].append(to_end)
            notices[case] = next((line for line in stderr.splitlines() if "kernels" in line), "")
    peer_first, peer_total = median(first["peer"]), median(total["peer"])
    print(f"{'case':<12} {'first answer byte (95% CI)':<29} {'ratio':>6}   {'whole command':>13} {'ratio':>6}")
    figures = {}
    for case in CASES:
        low, high = median_interval(first[case])
        f, t = median(first[case]), median(total[case])
        interval = f"[{low:.2f}..{high:.2f}]"
        print(f"{case:<12} {f:>8.2f} s {interval:<13} {f / peer_first:>6.2f}x   {t:>10.2f} s {t / peer_total:>6.2f}x")
        figures[case] = {"first_byte_s": f, "total_s": t, "first_byte_ratio": f / peer_first}
    for case in CASES:
        if notices[case]:
            print(f"  {case}: said once: {notices[case]}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
