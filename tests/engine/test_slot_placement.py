"""Where the scheduler puts a new conversation (engine/runtime/scheduler.py): next to the answers
in flight, so that their slots stay one unbroken run of KV streams. llama.cpp batches only streams
of consecutive ids into one ubatch and attends over every stream between the lowest and the
highest, so scattered slots cost extra passes over the weights each step."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.kernels.kernel_sets import KernelSet
from engine.protocol import ChatMessage, Event, Finished, Generate, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.scheduler import Scheduler

TOPICS = ["tides", "bread", "bees", "violins", "paper", "bridges", "rain", "clocks", "maps", "salt"]


@pytest.fixture
def model(starter_model: Path, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    options = LoadOptions(str(starter_model), n_ctx=512, n_threads=2, parallel=8)
    m = LlamaModel(options, kernels=machine_kernels)
    yield m
    m.close()


def _scheduler(model: LlamaModel, events: list[Event]) -> Scheduler:
    return Scheduler.in_process(model, events.append, reuse_enabled=True)


def _ask(scheduler: Scheduler, request_id: int, max_tokens: int) -> None:
    """A question from one API caller (one cache owner, a new conversation each time)."""
    question = f"Request {request_id}: tell me about {TOPICS[request_id % len(TOPICS)]}."
    sampling = SamplingParams(temperature=0, max_tokens=max_tokens)
    command = Generate(request_id, (ChatMessage("user", question),), sampling, time.monotonic())
    scheduler.submit(_api(command))


def _api(command: Generate) -> Generate:
    from dataclasses import replace

    return replace(command, cache_owner="api:bench", longest_prefix=True)


def _span(slots: list[int]) -> int:
    return slots[-1] - slots[0] + 1 if slots else 0


def _in_flight(scheduler: Scheduler) -> list[int]:
    return sorted(slot.seq.seq_id for slot in scheduler.slots if slot.answer is not None)


def test_new_conversations_go_next_to_the_answers_in_flight(model: LlamaModel) -> None:
    events: list[Event] = []
    scheduler = _scheduler(model, events)
    _ask(scheduler, 0, 2)  # a first answer, alone: it takes slot 0 and leaves it held
    while scheduler.busy:
        scheduler.step()
    # Clients that come and go at different times, with answers of different lengths, as an
    # API's callers do: each new question arrives while others are still written.
    lengths = {1: 6, 2: 10, 3: 14, 4: 18, 5: 8, 6: 12, 7: 16, 8: 9, 9: 11}
    seen = []
    for request_id, max_tokens in lengths.items():
        _ask(scheduler, request_id, max_tokens)
        for _ in range(3):
            before = set(_in_flight(scheduler))
            scheduler.step()
            flight = _in_flight(scheduler)
            seen.append(flight)
            # An answer that ends leaves a gap; a new one fills it, or else goes at an end of the run.
            stayed = sorted(before & set(flight))
            needed = max(_span(stayed), len(flight))
            assert _span(flight) == needed, f"in flight in slots {stayed}, a new answer went to {flight}"
    while scheduler.busy:
        scheduler.step()
    finished = [e.request_id for e in events if isinstance(e, Finished)]
    assert sorted(finished) == list(range(10))
    assert max(len(flight) for flight in seen) >= 4, "the scenario never had many answers at once"
    # Every slot but one was used at some point: the run moved along the slots rather than
    # all answers crowding into the same few (which would throw away conversations held there).
    assert len({seq for flight in seen for seq in flight}) >= 5
