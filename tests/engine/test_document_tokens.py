"""Where a question's documents lie among the prompt's tokens (engine/prompt/assembly.py's text_span,
Started.documents_at), and so how many of them the cache reused: what the Performance panel says.

Real document sets grounded as the window grounds them (engine/docs/grounding.py), the real
tokenizers of the starter model (BPE) and Gemma 3 (SentencePiece), and the real scheduler."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.docs.grounding import Grounding, ground
from engine.docs.indexer import Indexer
from engine.docs.store import DocumentStore, documents_path
from engine.kernels.kernel_sets import KernelSet
from engine.prompt.assembly import plan_prompt, text_span
from engine.protocol import ChatMessage, Event, Generate, LoadOptions, SamplingParams, Started
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.scheduler import Scheduler

GREEDY = SamplingParams(temperature=0, max_tokens=4, repeat_penalty=1.0)
NOTES = (
    "The kettle's warranty covers the heating element for five years.\n\n"
    "Descale it every month with white vinegar; the café's machine takes 3 € tablets."
)
FILLER = "This page is about the village chess club, its tournaments and its rating list. " * 12


@pytest.fixture(scope="module", params=["starter", "gemma"])
def model(request: pytest.FixtureRequest, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    path = Path(request.getfixturevalue("starter_model" if request.param == "starter" else "gemma_model"))
    m = LlamaModel(LoadOptions(str(path), n_ctx=1024, n_threads=2, parallel=2), kernels=machine_kernels)
    yield m
    m.close()


def _grounding(tmp_path: Path, texts: list[str], question: str) -> Grounding:
    for i, text in enumerate(texts):
        (tmp_path / f"note{i}.md").write_text(text, encoding="utf-8")
    store = DocumentStore(documents_path())
    try:
        Indexer(store, "notes").add(sorted(tmp_path.glob("note*.md")))
        return ground(store, ["notes"], question, context_tokens=1024)
    finally:
        store.close()


def _generate(request_id: int, grounding: Grounding, owner: str) -> Generate:
    """The question as the window sends it (app/controllers/chat_controller.py's grounded_messages)."""
    messages = (ChatMessage("system", grounding.system), ChatMessage("user", grounding.user))
    return Generate(
        request_id,
        messages,
        GREEDY,
        time.monotonic(),
        cache_owner=owner,
        pin_system_prompt=True,
        documents=grounding.documents,
    )


def _spelled_exactly(model: LlamaModel, prompt: list[int], span: tuple[int, int], text: str) -> None:
    """The span's tokens spell `text` with at most the ends of its first and last token around it."""
    start, end = span
    assert 0 < start < end <= len(prompt)
    assert text in model.detokenize(prompt[start:end])
    assert model.detokenize(prompt[start + 1 : end - 1]) in text


def test_a_small_set_given_whole_is_found_in_the_system_message(model: LlamaModel, tmp_path: Path) -> None:
    grounding = _grounding(tmp_path, [NOTES], "How long is the warranty?")
    assert grounding.mode == "whole"
    assert grounding.documents in grounding.system
    cmd = _generate(1, grounding, "conversation:1")
    plan = plan_prompt(model, cmd)
    _spelled_exactly(model, plan.tokens, plan.documents_at, grounding.documents)
    start, end = plan.documents_at
    # Before the question, inside the pinned system prompt: what the cache keeps from one question to the next.
    assert end <= plan.pin_at
    # As many tokens as the documents alone make, give or take the two ends that join their neighbours.
    assert abs((end - start) - len(model.tokenize(grounding.documents, add_special=False))) <= 2


def test_excerpts_are_found_before_the_question(model: LlamaModel, tmp_path: Path) -> None:
    pages = [FILLER] * 4 + ["The kettle's warranty covers the heating element for five years."]
    grounding = _grounding(tmp_path, pages, "How long is the kettle's warranty?")
    assert grounding.mode == "excerpts"
    plan = plan_prompt(model, _generate(1, grounding, "conversation:1"))
    _spelled_exactly(model, plan.tokens, plan.documents_at, grounding.documents)
    start, _end = plan.documents_at
    assert start > plan.pin_at, "after the instructions, in the question's own message"
    assert "How long is the kettle's warranty?" in model.detokenize(plan.tokens[plan.documents_at[1] :])


def test_no_documents_or_text_the_prompt_lacks_is_no_span(model: LlamaModel) -> None:
    cmd = Generate(1, (ChatMessage("user", "Hello there."),), GREEDY)
    tokens = plan_prompt(model, cmd).tokens
    assert plan_prompt(model, cmd).documents_at == (0, 0)
    assert text_span(model, tokens, "a page that is not there") == (0, 0)


def test_started_says_where_the_documents_are_and_the_cache_reuses_them_for_the_next_question(
    model: LlamaModel, tmp_path: Path
) -> None:
    """Two conversations over the same set: the second copies the first's pinned system prompt, the
    documents in it included, so none of their tokens are read again."""
    first = _grounding(tmp_path, [NOTES], "How long is the warranty?")
    second = _grounding(tmp_path, [NOTES], "What descales it?")
    assert first.documents == second.documents
    events: list[Event] = []
    scheduler = Scheduler.in_process(model, events.append, reuse_enabled=True)
    for cmd in (_generate(1, first, "conversation:1"), _generate(2, second, "conversation:2")):
        scheduler.submit(cmd)
        while scheduler.busy:
            scheduler.step()
    scheduler.clear()
    started = {e.request_id: e for e in events if isinstance(e, Started)}
    for event, grounding in ((started[1], first), (started[2], second)):
        _spelled_exactly(model, list(event.prompt_token_ids), event.documents_at, grounding.documents)
    (start1, end1), (start2, end2) = started[1].documents_at, started[2].documents_at
    assert (start1, end1) == (start2, end2)
    assert started[1].cached_tokens == 0, "the first question reads its documents"
    assert started[2].cached_tokens >= end2, "the second reuses every token of them"
