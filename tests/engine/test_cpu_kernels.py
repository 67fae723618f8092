"""Kernels the processor refuses: found out by the probe, recovered from at run time, remembered.

No machine here refuses the fast kernels, so the refusal is made two ways, each ending the engine
exactly as the kernel's trap does (SIGILL): HEARTH_SIMULATE_REFUSED_KERNELS makes the engine child
and the probe kill themselves when the fast kernels are on, and the tests kill a live engine with
SIGILL from outside while it loads. Real llama.cpp, real model, real child processes throughout.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from io import StringIO
from pathlib import Path

import pytest

from engine.errors import message
from engine.kernels import remembered
from engine.kernels.machine import this_machine
from engine.kernels.policy import (
    KernelPolicy,
)
from engine.kernels.probe import probe
from engine.kernels.refusal import missing_features
from engine.kernels.remembered import OVERRIDE_ENV
from engine.kernels.simulated_trap import ENV as SIMULATE

CRASHED = {message("kernels.recovered.amx"), message("kernels.recovered.repack")}  # what `hearth run` prints
SWITCHED = {"kernels.switched.amx", "kernels.switched.repack"}
NOTHING_WORKS = {"kernels.nothing_works.missing", "kernels.nothing_works.refused"}


@pytest.fixture
def unknown_machine() -> None:
    """This machine as on its first start: no kernel choice remembered yet."""
    remembered.store_path().unlink(missing_ok=True)


def _remember_fast_kernels() -> None:
    """A machine whose probe passed (the starter model ran) yet whose other kernels may trap."""
    choice = remembered.KernelChoice("full", "probe", "The fast kernels ran in a test on this computer.")
    remembered.remember(this_machine(), choice)


def _hearth(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.e2e
@pytest.mark.usefixtures("unknown_machine")
def test_the_first_start_probes_once_and_later_starts_reuse_the_verdict() -> None:
    first = KernelPolicy().for_next_start()
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert choice.decided_by == "probe"
    assert first.kernels == (choice.kernels or "safe")
    assert "CPU :" in choice.system_info  # llama.cpp's own list of the features this build uses
    later = KernelPolicy()
    assert later.for_next_start().kernels == first.kernels
    assert later.current_choice() == choice  # read back, not probed again


@pytest.mark.e2e
@pytest.mark.usefixtures("unknown_machine")
@pytest.mark.parametrize("stage", ["load", "decode"])
def test_a_processor_that_refuses_the_fast_kernels_is_found_out_before_the_first_answer(
    stage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SIMULATE, stage)
    start = KernelPolicy().for_next_start()
    assert start.kernels == "safe"
    assert start.notice is not None
    assert start.notice.code in SWITCHED
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.decided_by) == ("safe", "probe")
    assert choice.instruction_class in ("AMX", "extra buffer types")
    # Said once: the next start knows, and says nothing.
    again = KernelPolicy().for_next_start()
    assert (again.kernels, again.notice) == ("safe", None)


@pytest.mark.e2e
@pytest.mark.usefixtures("unknown_machine")
def test_where_nothing_runs_one_sentence_says_so_and_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SIMULATE, "decode:all")
    start = KernelPolicy().for_next_start()
    assert start.notice is not None
    assert start.notice.code in NOTHING_WORKS
    sentence = str(start.notice)
    assert sentence.count(". ") == 0
    assert sentence.endswith(".")
    assert "reinstall llama-cpp-python" in sentence
    assert "newer processor" not in sentence
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert choice.kernels is None


def test_the_missing_instruction_class_is_named_from_the_build_and_the_processor() -> None:
    info = "CPU : SSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | AVX512 = 1 | AVX512_VNNI = 1 | REPACK = 1 |"
    assert missing_features(info, ("avx", "avx2", "f16c", "fma", "pni")) == ["AVX-512"]
    assert missing_features(info, ("avx", "pni")) == ["AVX-512", "AVX2", "FMA", "F16C"]
    assert missing_features(info, ("avx", "avx2", "avx512f", "avx512_vnni", "f16c", "fma", "pni")) == []
    assert missing_features(info, ()) == []  # nothing to compare with: not named


@pytest.mark.e2e
def test_hearth_run_recovers_when_the_engine_dies_of_sigill_at_its_first_decode() -> None:
    _remember_fast_kernels()
    args = ("run", "--temperature", "0", "--max-tokens", "12", "--json", "What is the capital of France?")
    result = _hearth(*args, env={SIMULATE: "decode"})
    assert result.returncode == 0, result.stderr
    assert "Paris" in result.stdout
    notices = [line for line in result.stderr.splitlines() if "safe kernels" in line]
    assert len(notices) == 1, result.stderr
    assert notices[0].removeprefix("hearth: ") in CRASHED
    assert "Traceback" not in result.stderr
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.decided_by) == ("safe", "crash")
    # Remembered: the next run starts on the safe kernels and never crashes first.
    again = _hearth(*args, env={SIMULATE: "decode"})
    assert again.returncode == 0
    assert "Paris" in again.stdout
    assert "safe kernels" not in again.stderr
    assert "crash" not in again.stderr


@pytest.mark.e2e
def test_fast_kernels_that_fault_with_sigsegv_are_refused_too() -> None:
    """On an Intel Xeon VM that advertises AMX, a short read faults (SIGSEGV) where a long one traps
    (SIGILL): the probe and the recovery take both for a refusal of the fast kernels."""
    _remember_fast_kernels()
    args = ("run", "--temperature", "0", "--max-tokens", "12", "--json", "What is the capital of France?")
    result = _hearth(*args, env={SIMULATE: "decode:segv"})
    assert result.returncode == 0, result.stderr
    assert "Paris" in result.stdout
    notices = [line for line in result.stderr.splitlines() if "safe kernels" in line]
    assert len(notices) == 1, result.stderr
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.decided_by) == ("safe", "crash")


@pytest.mark.e2e
def test_the_probe_takes_a_fault_on_the_fast_kernels_for_a_refusal(
    monkeypatch: pytest.MonkeyPatch, starter_model: Path, tmp_path: Path
) -> None:
    monkeypatch.setenv(SIMULATE, "decode:segv")
    fast = probe("full", starter_model, tmp_path / "probe.log")
    assert (fast.outcome, fast.detail) == ("refused", "the fast kernels faulted (signal 11)")
    assert probe("safe", starter_model, tmp_path / "probe.log").outcome == "ok"


@pytest.mark.e2e
def test_hearth_run_on_a_processor_where_nothing_runs_ends_with_one_sentence() -> None:
    _remember_fast_kernels()
    result = _hearth("run", "--max-tokens", "4", "Hello", env={SIMULATE: "decode:all"})
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert lines[-1].removeprefix("hearth: ") in {
        message("kernels.nothing_works.refused"),
        *(message("kernels.nothing_works.missing", names=n) for n in ("AVX-512", "AVX2")),
    }, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.e2e
def test_kernels_set_by_hand_are_kept_and_the_crash_says_what_refused_them() -> None:
    _remember_fast_kernels()
    result = _hearth("run", "--max-tokens", "4", "Hello", env={SIMULATE: "decode", OVERRIDE_ENV: "full"})
    assert result.returncode == 1
    said = result.stderr.strip().splitlines()[-1].removeprefix("hearth: ")
    forced = {"kernels": "full", "variable": OVERRIDE_ENV}
    assert said in {
        message("kernels.forced_refused", **forced),
        message("kernels.forced_refused.named", what="AMX", **forced),
    }, result.stderr
    assert "Traceback" not in result.stderr
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.decided_by) == ("full", "probe")  # the user's setting changed nothing


def _kill_with_sigill_while_loading(log: Path, stop: threading.Event) -> None:
    """The kernel's trap, from outside: SIGILL to the engine child once llama.cpp is reading the model."""
    while not stop.is_set():
        text = log.read_text(errors="replace") if log.exists() else ""
        if "llama_model_loader: loaded meta data" in text:
            pid = int(text.rsplit("engine started, pid ", 1)[1].split(",", 1)[0])
            os.kill(pid, signal.SIGILL)
            return
        time.sleep(0.001)


@pytest.mark.e2e
def test_an_engine_killed_with_sigill_while_loading_is_restarted_on_safe_kernels_and_answers() -> None:
    from engine.cli.run import RunRequest, run
    from engine.paths import log_dir

    _remember_fast_kernels()
    stop = threading.Event()
    killer = threading.Thread(target=_kill_with_sigill_while_loading, args=(log_dir() / "engine.log", stop))
    killer.start()
    out = StringIO()
    try:
        code = run(RunRequest("What is the capital of France?", temperature=0.0, max_tokens=12), out=out)
    finally:
        stop.set()
        killer.join()
    assert code == 0
    assert "Paris" in out.getvalue()
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.decided_by) == ("safe", "crash")
    log = (log_dir() / "engine.log").read_text()
    assert log.count("engine started, pid") == 2
    assert "safe kernels" in log.rsplit("engine started, pid", 1)[1]


def test_the_kernel_choice_is_kept_per_processor_and_engine_build(hearth_home: Path) -> None:
    machine = this_machine()
    other_build = type(machine)(machine.cpu_model, machine.cpu_flags, machine.engine_build + " rebuilt")
    remembered.remember(machine, remembered.KernelChoice("safe", "crash", "crashed"))
    assert remembered.recall(other_build) is None  # another build is probed again
    stored = json.loads(remembered.store_path().read_text())
    assert stored[machine.key]["cpu_model"] == machine.cpu_model
    assert stored[machine.key]["engine_build"] == machine.engine_build
