"""The client's session with the engine (engine/client/session.py): events routed back by the ids of
the commands they answer, a fresh engine on demand after a death, the crash-loop limit, and the
command lines that get the same recovery. Real engine children on the starter model throughout."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest

from engine.client.crash_report import describe_exit
from engine.client.session import CRASH_LOOP_LIMIT, EngineSession
from engine.errors import message
from engine.kernels import remembered
from engine.kernels.machine import this_machine
from engine.kernels.simulated_trap import ENV as SIMULATE
from engine.paths import log_dir
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    ChatMessage,
    ClientEvent,
    EngineDied,
    EngineStarted,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    QueryCache,
    SamplingParams,
    Started,
    Token,
)
from engine.store.conversations import ConversationStore

TIMEOUT_S = 120


def _options(model: Path) -> LoadOptions:
    return LoadOptions(str(model), n_ctx=1024, n_threads=2)


def _ask(request_id: int, text: str = "Say hello.") -> Generate:
    return Generate(
        request_id, (ChatMessage("user", text),), SamplingParams(temperature=0, max_tokens=4), time.monotonic()
    )


def _until(
    session: EngineSession, done: Callable[[ClientEvent], bool], on_event: Callable[[ClientEvent], None] | None = None
) -> list[ClientEvent]:
    """The session's events up to and including the first that is `done` (each given to `on_event` first)."""
    events: list[ClientEvent] = []
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        event = session.next_event(1.0)
        if event is not None:
            if on_event is not None:
                on_event(event)
            events.append(event)
            if done(event):
                return events
    raise AssertionError(f"nothing ended the wait within {TIMEOUT_S} s; got {events[-5:]}")


def _kill_at_start(event: ClientEvent) -> None:
    """A model whose load kills the engine: each engine the session starts gets SIGSEGV at once."""
    if isinstance(event, EngineStarted):
        os.kill(event.pid, signal.SIGSEGV)


def _failure(session: EngineSession) -> Failed:
    """The next failure, each new engine killed as it starts."""
    event = _until(session, lambda e: isinstance(e, Failed), _kill_at_start)[-1]
    assert isinstance(event, Failed)
    return event


@pytest.mark.e2e
def test_events_come_back_with_the_ids_of_the_commands_they_answer(starter_model: Path) -> None:
    with EngineSession() as session:
        load_id = session.new_id()
        session.send(Load(load_id, _options(starter_model)))
        first, second = session.new_id(), session.new_id()
        session.send(_ask(first, "Say hello."))
        session.send(_ask(second, "Name a colour."))  # queued behind the first
        query = session.new_id()
        session.send(QueryCache(query))
        events = _until(session, lambda e: isinstance(e, CacheReport) and e.command_id == query)
    assert len({load_id, first, second, query}) == 4
    progress = [e for e in events if isinstance(e, LoadProgress)]
    assert progress
    assert {e.load_id for e in progress} == {load_id}
    assert [e.load_id for e in events if isinstance(e, Loaded)] == [load_id]
    assert [e.request_id for e in events if isinstance(e, Started)] == [first, second]
    # Both are written side by side (two slots): either may end first.
    assert sorted(e.request_id for e in events if isinstance(e, Finished)) == [first, second]
    tokens = [e for e in events if isinstance(e, Token)]
    assert {e.request_id for e in tokens} == {first, second}
    # Each answer's tokens come before its Finished, and none of them after the other's began.
    started_second = next(i for i, e in enumerate(events) if isinstance(e, Started) and e.request_id == second)
    assert all(e.request_id == first for e in events[:started_second] if isinstance(e, Token))
    # A report after each answer names that answer (the last used settles first, so in either order);
    # the one asked for names the query and comes last.
    reports = [e.command_id for e in events if isinstance(e, CacheReport)]
    assert sorted(reports[:2]) == [first, second]
    assert reports[2:] == [query]
    for request_id in (first, second):
        ended = next(i for i, e in enumerate(events) if isinstance(e, Finished) and e.request_id == request_id)
        reported = next(i for i, e in enumerate(events) if isinstance(e, CacheReport) and e.command_id == request_id)
        assert ended < reported
    assert not [e for e in events if isinstance(e, Failed)]


@pytest.mark.e2e
def test_a_killed_engine_is_said_at_once_and_the_next_message_starts_a_fresh_one(starter_model: Path) -> None:
    with EngineSession() as session:
        session.send(Load(session.new_id(), _options(starter_model)))
        _until(session, lambda e: isinstance(e, Loaded))
        killed = session.pid
        assert killed is not None
        os.kill(killed, signal.SIGKILL)
        died = _until(session, lambda e: isinstance(e, Failed))[-1]
        assert isinstance(died, EngineDied)  # nothing waited on it
        assert died.reason in (describe_exit(-signal.SIGKILL), message("engine.crashed.out_of_memory"))
        assert died.kind == "crash"
        assert "llama" in died.details.lower(), "the engine's last log lines are missing"
        assert session.pid is None

        request_id = session.new_id()
        session.send(_ask(request_id))
        events = _until(session, lambda e: isinstance(e, Finished | Failed))
    assert isinstance(events[-1], Finished)
    assert events[-1].request_id == request_id
    fresh = [e for e in events if isinstance(e, EngineStarted)]
    assert len(fresh) == 1
    assert fresh[0].pid != killed
    loaded = [e for e in events if isinstance(e, Loaded)]
    assert [e.info.path for e in loaded] == [str(starter_model)]  # the model the user had, loaded again


@pytest.mark.e2e
def test_a_model_whose_load_keeps_killing_the_engine_is_given_up_until_asked_for_again(starter_model: Path) -> None:
    with EngineSession() as session:
        load_id = session.new_id()
        session.send(Load(load_id, _options(starter_model)))
        first = _failure(session)
        assert isinstance(first, LoadFailed)
        assert (first.load_id, first.kind) == (load_id, "crash")
        assert first.reason == describe_exit(-signal.SIGSEGV)
        # Each message starts an engine with the model, which dies again.
        for _ in range(CRASH_LOOP_LIMIT - 2):
            request_id = session.new_id()
            session.send(_ask(request_id))
            crash = _failure(session)
            assert isinstance(crash, AnswerFailed)
            assert (crash.request_id, crash.kind) == (request_id, "crash")
        request_id = session.new_id()
        session.send(_ask(request_id))
        gave_up = _failure(session)
        expected = message("engine.crash_loop", name=starter_model.stem, count=CRASH_LOOP_LIMIT)
        assert isinstance(gave_up, AnswerFailed)
        assert (gave_up.request_id, gave_up.kind, gave_up.reason) == (request_id, "crash_loop", expected)
        assert gave_up.reason_code == "engine.crash_loop"  # the window says it in its own language
        assert describe_exit(-signal.SIGSEGV) in gave_up.details

        # From now on a message gets the same sentence, and no engine is started for it.
        request_id = session.new_id()
        session.send(_ask(request_id))
        said = list(session.events(0))
        assert len(said) == 1
        assert isinstance(said[0], AnswerFailed)
        assert (said[0].request_id, said[0].kind, said[0].reason) == (request_id, "crash_loop", expected)
        assert session.pid is None

        # Asked for by name, the model gets a fresh set of tries (and nothing kills it now).
        load_id = session.new_id()
        session.send(Load(load_id, _options(starter_model)))
        loaded = _until(session, lambda e: isinstance(e, Loaded | Failed))[-1]
        assert isinstance(loaded, Loaded)
        assert loaded.load_id == load_id


def _remember_fast_kernels() -> None:
    """A machine whose probe passed, yet whose fast kernels trap on a real prompt."""
    choice = remembered.KernelChoice("full", "probe", "The fast kernels ran in a test on this computer.")
    remembered.remember(this_machine(), choice)


@pytest.mark.e2e
def test_hearth_run_gets_the_sessions_restart_on_the_safe_kernels(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.cli.run import RunRequest, run

    _remember_fast_kernels()
    monkeypatch.setenv(SIMULATE, "decode")  # the engine child dies of SIGILL at its first decode on the fast kernels
    out = StringIO()
    code = run(RunRequest("What is the capital of France?", temperature=0.0, max_tokens=12), out=out)
    assert code == 0
    assert "Paris" in out.getvalue()
    notices = [line for line in capsys.readouterr().err.splitlines() if "safe kernels" in line]
    assert [line.removeprefix("hearth: ") for line in notices] in (
        [message("kernels.recovered.amx")],
        [message("kernels.recovered.repack")],
    )
    log = (log_dir() / "engine.log").read_text()
    assert log.count("engine started, pid") == 2


class _KillTheEngineAfterTheFirstTurn(StringIO):
    """replay's output: once the first turn is written, the engine child is killed (SIGKILL) and
    known to be dead before the second turn is sent."""

    killed: int | None = None

    def flush(self) -> None:
        super().flush()
        if self.killed is None and self.getvalue():
            text = (log_dir() / "engine.log").read_text()
            self.killed = int(text.rsplit("engine started, pid ", 1)[1].split(",", 1)[0])
            os.kill(self.killed, signal.SIGKILL)
            os.waitid(os.P_PID, self.killed, os.WEXITED | os.WNOWAIT)  # dead, and still the session's to reap


@pytest.mark.e2e
def test_hearth_replay_goes_on_in_a_fresh_engine_after_the_engine_dies_between_turns(
    starter_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.cli.replay import ReplayRequest, replay

    script = tmp_path / "script.jsonl"
    turns = [{"conversation": "Garden", "user": "Hello!"}, {"conversation": "Garden", "user": "Which herbs grow fast?"}]
    script.write_text("\n".join(json.dumps(t) for t in turns) + "\n", encoding="utf-8")
    out = _KillTheEngineAfterTheFirstTurn()
    request = ReplayRequest(str(script), str(starter_model), temperature=0.0, max_tokens=8, threads=2, ctx=1024)
    assert replay(request, out=out) == 0
    assert out.killed is not None
    lines = out.getvalue().splitlines()
    assert [line.split("]", 1)[0] for line in lines] == ["[Garden #1", "[Garden #2"]
    said = capsys.readouterr().err.splitlines()
    assert said in (
        [f"hearth: {describe_exit(-signal.SIGKILL)}"],
        ["hearth: " + message("engine.crashed.out_of_memory")],
    )
    log = (log_dir() / "engine.log").read_text()
    assert log.count("engine started, pid") == 2
    with ConversationStore() as store:
        garden = store.find("Garden")
        assert garden is not None
        assert [m.state for m in store.branch(garden.id)] == ["complete"] * 4
