"""An engine child that dies mid-answer is named plainly: by signal, with its last log lines."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from engine.client import crash_report
from engine.client.crash_report import describe_exit, oom_kill_count
from engine.client.process import EngineDiedError, EngineProcess
from engine.errors import message
from engine.protocol import (
    ChatMessage,
    Event,
    Failed,
    Finished,
    Generate,
    Loaded,
    SamplingParams,
    Token,
)
from tests.engine.driving import events_until, started_engine

TIMEOUT_S = 120

OOM_SENTENCE = message("engine.crashed.out_of_memory")


@pytest.fixture
def engine(starter_model: Path) -> Iterator[EngineProcess]:
    yield from started_engine(starter_model)


def _until(proc: EngineProcess, kind: type) -> list[Event]:
    return events_until(proc, (kind, Failed))


def _kill_mid_answer(engine: EngineProcess, signum: signal.Signals) -> Failed:
    assert isinstance(_until(engine, Loaded)[-1], Loaded)
    params = SamplingParams(temperature=0.8, seed=3, max_tokens=400)
    engine.send(Generate(1, (ChatMessage("user", "Write a long poem about the sea."),), params, time.monotonic()))
    assert isinstance(_until(engine, Token)[-1], Token)
    assert engine.pid is not None
    os.kill(engine.pid, signum)
    with pytest.raises(EngineDiedError) as info:
        _until(engine, Finished)
    return info.value.failure


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("signum", "words"),
    [
        (signal.SIGSEGV, "The engine crashed (segmentation fault, SIGSEGV)"),
        (signal.SIGKILL, "The engine was stopped by the system (killed, SIGKILL); this often means"),
    ],
)
def test_a_signal_mid_answer_is_named_in_one_sentence(
    engine: EngineProcess, signum: signal.Signals, words: str
) -> None:
    failure = _kill_mid_answer(engine, signum)
    assert failure.reason.startswith(words) or failure.reason == OOM_SENTENCE
    assert "\n" not in failure.reason
    assert failure.kind == "crash"
    assert "llama" in failure.details.lower(), "the engine's last log lines are missing"


def test_each_way_to_die_has_its_own_sentence() -> None:
    sentences = {
        describe_exit(-signal.SIGSEGV),
        describe_exit(-signal.SIGKILL),
        describe_exit(-signal.SIGABRT),
        describe_exit(-signal.SIGBUS),
        describe_exit(3),
        describe_exit(None),
    }
    assert len(sentences) == 6
    assert "abort" in describe_exit(-signal.SIGABRT).lower()
    assert "llama.cpp" in describe_exit(-signal.SIGABRT)
    assert describe_exit(3) == "The engine stopped unexpectedly (exit code 3)."
    assert "SIGUSR1" in describe_exit(-signal.SIGUSR1)
    assert "signal 99" in describe_exit(-99)


def test_a_sigkill_with_a_new_kernel_oom_kill_says_out_of_memory() -> None:
    assert describe_exit(-signal.SIGKILL, oom_kills_before=4, oom_kills_now=5) == OOM_SENTENCE
    assert describe_exit(-signal.SIGKILL, oom_kills_before=5, oom_kills_now=5) != OOM_SENTENCE
    assert describe_exit(-signal.SIGSEGV, oom_kills_before=4, oom_kills_now=5) != OOM_SENTENCE


def test_the_kernel_oom_count_is_read_from_vmstat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vmstat = tmp_path / "vmstat"
    vmstat.write_text("nr_free_pages 12\noom_kill 7\npgfault 1\n")
    monkeypatch.setattr(crash_report, "VMSTAT", vmstat)
    assert oom_kill_count() == 7
    monkeypatch.setattr(crash_report, "VMSTAT", tmp_path / "missing")
    assert oom_kill_count() is None


def _engine_child(parent: psutil.Process, timeout: float = TIMEOUT_S) -> psutil.Process:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for child in parent.children(recursive=True):
            if "multiprocessing" in " ".join(child.cmdline()) and "resource_tracker" not in " ".join(child.cmdline()):
                return child
        time.sleep(0.1)
    raise AssertionError("hearth run started no engine child")


@pytest.mark.e2e
@pytest.mark.parametrize(("signum", "name"), [(signal.SIGSEGV, "SIGSEGV"), (signal.SIGKILL, "SIGKILL")])
def test_hearth_run_reports_a_killed_engine_in_one_line(signum: signal.Signals, name: str) -> None:
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "app",
            "run",
            "--threads",
            "2",
            "--max-tokens",
            "400",
            "--seed",
            "3",
            "Write a long poem about the sea.",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        child = _engine_child(psutil.Process(run.pid))
        assert run.stdout is not None
        run.stdout.read(1)  # the first piece of the answer: the engine is mid-answer
        child.send_signal(signum)
        _out, err = run.communicate(timeout=TIMEOUT_S)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert name in lines[0]
    assert "Traceback" not in err
