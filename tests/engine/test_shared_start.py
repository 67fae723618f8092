"""Prompts that begin alike are read once (engine/prompt/assembly.py, engine/runtime/scheduler.py).

A batch job's lines and an API caller's first questions often have no system message: the chat
template then writes its own start (SmolLM's "You are a helpful AI assistant named SmolLM…",
Qwen's "You are Qwen, created by Alibaba Cloud…") and the user turn's header. That start is pinned
like a system prompt, so every request after the first copies it from a slot instead of reading it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine.kernels.kernel_sets import KernelSet
from engine.prompt.assembly import plan_prompt, system_prompt_length
from engine.protocol import ChatMessage, Event, Finished, Generate, LoadOptions, SamplingParams, Token
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.scheduler import Scheduler

TIPS = [f"Give one short tip about {topic}." for topic in ("rivers", "bridges", "clocks", "gardens", "trains")]
GREEDY = SamplingParams(temperature=0, max_tokens=6, repeat_penalty=1.0)


@pytest.fixture(scope="module")
def model(starter_model: Path, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    m = LlamaModel(LoadOptions(str(starter_model), n_ctx=512, n_threads=2, parallel=4), kernels=machine_kernels)
    yield m
    m.close()


def _line(request_id: int, question: str) -> Generate:
    """A batch line as `hearth batch` sends it: no system message, the start pinned, no turn after it."""
    question_only = (ChatMessage("user", question),)
    return Generate(request_id, question_only, GREEDY, time.monotonic(), pin_system_prompt=True, follow_up=False)


def _run(model: LlamaModel, *, reuse: bool) -> tuple[dict[int, str], dict[int, Finished]]:
    events: list[Event] = []
    scheduler = Scheduler.in_process(model, events.append, reuse_enabled=reuse)
    for request_id, tip in enumerate(TIPS):
        scheduler.submit(_line(request_id, tip))
    while scheduler.busy:
        scheduler.step()
    # No turn follows a batch line: nothing is left to read again (settle) or keep.
    assert not scheduler.has_housekeeping
    scheduler.clear()
    texts = dict.fromkeys(range(len(TIPS)), "")
    for event in events:
        if isinstance(event, Token):
            texts[event.request_id] += event.text
    return texts, {e.request_id: e for e in events if isinstance(e, Finished)}


def test_the_template_start_of_a_prompt_without_a_system_message_is_pinned(model: LlamaModel) -> None:
    line = _line(1, TIPS[0])
    prompt = plan_prompt(model, line).tokens
    start = system_prompt_length(model, line, prompt)
    assert start > 0
    # It is the template's own words, up to where the question begins, and the same for another question.
    assert "SmolLM" in model.detokenize(prompt[:start])
    assert TIPS[0] not in model.detokenize(prompt[:start])
    other = _line(2, TIPS[1])
    assert plan_prompt(model, other).tokens[:start] == prompt[:start]
    assert system_prompt_length(model, other, plan_prompt(model, other).tokens) == start
    # A system message of the caller's own is pinned as before, not the template's start.
    with_system = Generate(3, (ChatMessage("system", "Answer like a ship's captain. " * 4), line.messages[0]), GREEDY)
    with_system_prompt = plan_prompt(model, with_system).tokens
    assert system_prompt_length(model, with_system, with_system_prompt) > start


def test_lines_sent_together_read_the_shared_start_once_and_answer_as_alone(model: LlamaModel) -> None:
    alone_texts, alone = _run(model, reuse=False)
    texts, finished = _run(model, reuse=True)
    start = system_prompt_length(model, _line(0, TIPS[0]), plan_prompt(model, _line(0, TIPS[0])).tokens)
    assert sorted(finished) == list(range(len(TIPS)))
    assert all(m.metrics.cached_tokens == 0 for m in alone.values())
    first, *others = (finished[i].metrics for i in range(len(TIPS)))
    assert first.cached_tokens == 0
    for metrics in others:  # copied from a slot that read it, not read again
        assert metrics.cached_tokens == start
        assert metrics.cache_source == "live"
        assert metrics.prompt_read_tokens == metrics.prompt_tokens - start
    # The starter's Q4_1 products are the same in any batch: copying changes no answer.
    assert texts == alone_texts
    assert all(texts.values())


def test_a_conversation_is_settled_and_a_batch_line_is_not(model: LlamaModel) -> None:
    events: list[Event] = []
    scheduler = Scheduler.in_process(model, events.append, reuse_enabled=True)
    scheduler.submit(replace(_line(1, TIPS[0]), follow_up=True))  # a turn of a chat: another may follow
    while scheduler.busy:
        scheduler.step()
    assert scheduler.has_housekeeping  # its answer is read again when the engine is idle
    scheduler.clear()
