"""Driving a real engine child from tests: wait for events, ask a short question, a started engine."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

from engine.client.process import EngineProcess
from engine.kernels.kernel_sets import KernelSet
from engine.kernels.machine import this_machine
from engine.kernels.remembered import recall
from engine.protocol import AnswerFailed, ChatMessage, Event, Finished, Generate, Load, LoadOptions, SamplingParams

TIMEOUT_S = 120


def events_until(proc: EngineProcess, kinds: type | tuple[type, ...], timeout: float = TIMEOUT_S) -> list[Event]:
    """The events received up to and including the first of `kinds`."""
    events: list[Event] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = proc.receive(1.0)
        if event is not None:
            events.append(event)
            if isinstance(event, kinds):
                return events
    raise AssertionError(f"no {kinds} within {timeout} s; got {events[-5:]}")


def answer(proc: EngineProcess, request_id: int, *, max_tokens: int = 8) -> Finished | AnswerFailed:
    """Ask "Say hello." (greedy) and return how request `request_id` ended."""
    params = SamplingParams(temperature=0.0, max_tokens=max_tokens)
    proc.send(Generate(request_id, (ChatMessage("user", "Say hello."),), params, time.monotonic()))
    while True:
        event = events_until(proc, (Finished, AnswerFailed))[-1]
        if isinstance(event, Finished | AnswerFailed) and event.request_id == request_id:
            return event


STARTED_LOAD_ID = 1000  # the load_id of started_engine's Load


def started_engine(model: Path, n_ctx: int = 1024) -> Iterator[EngineProcess]:
    """For fixtures: an engine child asked to load `model` (load STARTED_LOAD_ID); stopped afterwards."""
    proc = EngineProcess()
    proc.start()
    proc.send(Load(STARTED_LOAD_ID, LoadOptions(str(model), n_ctx=n_ctx, n_threads=2)))
    yield proc
    proc.stop()


def kernels_this_processor_runs(kernels: KernelSet) -> KernelSet:
    """`kernels`, or the safe set where this processor refuses the full one (the session's probe
    remembered so): the test then checks the same property on the kernels this machine runs,
    instead of skipping and proving nothing there."""
    choice = recall(this_machine())
    if kernels == "full" and choice is not None and choice.kernels != "full":
        return "safe"
    return kernels
