"""Settling (engine/runtime/scheduler.py) yields to a request that arrives, and stays exact.

After an answer the engine reads it again as one read when idle, so that what it keeps is what a
full read computes. A question that arrives meanwhile must not wait for that read: llama.cpp asks
the abort callback after every graph node, the read stops part-way, the slot goes back to where
its last whole read ended, and the settle goes on at the next idle moment.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import llama_cpp
import pytest

from engine.kernels.kernel_sets import KernelSet
from engine.protocol import ChatMessage, Event, Generate, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.scheduler import Scheduler

QUESTION = "Describe how to plant tomatoes on a balcony, step by step."


@pytest.fixture
def model(starter_model: Path, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    m = LlamaModel(LoadOptions(str(starter_model), n_ctx=2048, n_threads=2), kernels=machine_kernels)
    yield m
    m.close()


def _answered(model: LlamaModel) -> tuple[Scheduler, list[int]]:
    """A scheduler that has just written a 64-token answer, its settle pending."""
    events: list[Event] = []
    settled: list[int] = []
    scheduler = Scheduler.in_process(model, events.append, reuse_enabled=True, on_housekeeping_done=settled.append)
    sampling = SamplingParams(temperature=0, max_tokens=64)
    scheduler.submit(Generate(1, (ChatMessage("user", QUESTION),), sampling, time.monotonic()))
    while scheduler.busy:
        scheduler.step()
    assert scheduler.slots[0].settle is not None
    return scheduler, settled


def _memory_ends_at(model: LlamaModel) -> int:
    """Where llama.cpp's own memory of sequence 0 ends (not our record of it)."""
    return int(llama_cpp.llama_memory_seq_pos_max(model.memory, 0)) + 1


def test_a_request_already_waiting_keeps_the_answer_as_written(model: LlamaModel) -> None:
    scheduler, settled = _answered(model)
    slot = scheduler.slots[0]
    written = tuple(slot.seq.kv_tokens)
    scheduler.settle_one(lambda: True)
    assert tuple(slot.seq.kv_tokens) == written, "the written answer was thrown away for nothing"
    assert slot.settle is not None
    assert not settled


def test_settling_stops_part_way_for_a_request_and_resumes_exactly(
    model: LlamaModel, starter_model: Path, machine_kernels: KernelSet
) -> None:
    scheduler, settled = _answered(model)
    slot = scheduler.slots[0]
    settle = slot.settle
    assert settle is not None
    asked = itertools.count()
    scheduler.settle_one(lambda: next(asked) >= 20)  # "a request arrived" after 20 questions
    assert next(asked) == 21, "the read was not asked between graph nodes, or went on after the answer"
    assert slot.settle is settle, "a stopped settle must wait to be resumed"
    assert not settled
    kept = len(slot.seq.kv_tokens)
    assert kept < len(settle.tokens)
    assert kept in (0, *slot.seq.kv_bounds), "the slot must end where a whole read ended"
    assert _memory_ends_at(model) == kept, "llama.cpp kept cells of the stopped read"

    scheduler.settle_one(lambda: False)
    assert settled == [1]
    assert slot.settle is None
    assert tuple(slot.seq.kv_tokens) == settle.tokens

    # What is kept is what a full read of the same reads computes, to the last bit.
    full = LlamaModel(LoadOptions(str(starter_model), n_ctx=2048, n_threads=2), kernels=machine_kernels)
    try:
        for start, end in itertools.pairwise(sorted({0, *settle.bounds})):
            full.sequences[0].decode(list(settle.tokens[start:end]))
        assert full.sequences[0].save_state() == slot.seq.save_state()
    finally:
        full.close()
