"""A reused history holds exactly the numbers a full read computes, on both CPU kernel sets.

llama.cpp's CPU kernels give a token slightly different keys, values and logits depending on
the batch it was read in (engine/cache/prompt_reuse.py). Here the real models run in this process:
one reads every prompt in full, the other keeps its context, or restores the last exchange's
snapshot, as the engine does; after each prompt the logits of its last token must be
bit-identical, not close, and so must the greedy answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import llama_cpp
import numpy as np
import pytest

from engine.cache.prompt_reuse import PromptState, read_prompt, settle_answer
from engine.kernels.kernel_sets import KernelSet
from engine.prompt.assembly import reading_plan, system_prompt_length
from engine.prompt.context_fit import fit_prompt
from engine.protocol import ChatMessage, Generate, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel
from engine.store.records import StoredMessage
from engine.store.tokens import branch_layout, split_prompt
from tests.engine.driving import kernels_this_processor_runs

GREEDY = SamplingParams(temperature=0, max_tokens=16)
SYSTEM = "You are a patient gardening tutor. Explain every idea with one everyday example, briefly. " * 2
QUESTION = "My balcony gets sun in the morning and wind in the afternoon, and the soil dries fast. "


# --- the schedule itself (no model) -----------------------------------------------------


def test_the_plan_starts_at_each_kept_message_the_pinned_system_prompt_and_the_new_turn() -> None:
    history = list(range(100))
    prompt = [*history, 7, 8, 9]
    assert reading_plan(prompt, history, (0, 30, 60), pin_at=12) == [0, 12, 30, 60, 100]
    # An edit that leaves the history at 45: the messages after it are not in this prompt.
    assert reading_plan([*history[:45], 5, 5], history, (0, 30, 60)) == [0, 30, 45]
    # No history: one read, or two around a pinned system prompt.
    assert reading_plan([1, 2, 3], (), ()) == [0]
    assert reading_plan(list(range(50)), (), (), pin_at=40) == [0, 40]


def _message(role: str, tokens: list[int], token_start: int | None = None) -> StoredMessage:
    return StoredMessage(0, 0, None, role, "text", "complete", tuple(tokens), token_start, "m", None, None, 0.0, 0.0)


def test_the_store_gives_where_each_message_begins_even_where_a_question_rewrote_the_answer_before() -> None:
    first = _message("user", list(range(10)), token_start=0)
    answer = _message("assistant", [20, 21, 22, 23])
    # The template rewrote the answer's last token: the next question starts at 13, not 14.
    second = _message("user", [30, 31], token_start=13)
    reply = _message("assistant", [40])
    tokens, starts = branch_layout([first, answer, second, reply], "m")
    assert tokens == [*range(10), 20, 21, 22, 30, 31, 40]
    assert starts == [0, 10, 13, 15]
    # A question that rewrote the whole answer ends it: its start is gone.
    third = _message("user", [50], token_start=10)
    assert branch_layout([first, answer, third], "m")[1] == [0, 10]
    assert branch_layout([first, _message("user", [1], token_start=None)], "m") == ([], [])


# --- the real models ----------------------------------------------------------------------


def _logits(model: LlamaModel) -> np.ndarray:
    return np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(model._ctx, -1), shape=(model.n_vocab,)).copy()


def _answer(model: LlamaModel, prompt: list[int]) -> tuple[list[int], PromptState | None]:
    tokens: list[int] = []
    state = None
    for step in model.generate(prompt, GREEDY):
        tokens.append(step.token)
        if len(tokens) == 1 and not model.can_cut_back:
            state = PromptState.of(model)  # as the worker does, before the first token is decoded
    return tokens, state


def _talk(full: LlamaModel, kept: LlamaModel, turns: int, question_repeats: int) -> list[tuple[int, int, str]]:
    """Ask `turns` questions of both models; return (prompt tokens, reused, how) for each turn."""
    messages = [ChatMessage("system", SYSTEM)]
    stored: list[StoredMessage] = []
    snapshot: tuple[tuple[int, ...], bytes, tuple[int, ...]] | None = None
    reused = []
    for turn in range(turns):
        messages.append(ChatMessage("user", QUESTION * question_repeats + f"What should I do in week {turn}?"))
        history, segments_before = branch_layout(stored, "m")
        cmd = Generate(
            turn, tuple(messages), GREEDY, history_tokens=tuple(history), history_segments=tuple(segments_before)
        )
        prompt, _ = fit_prompt(kept, cmd)
        segments = reading_plan(prompt, history, segments_before, system_prompt_length(kept, cmd, prompt))
        # Every other turn comes back to the conversation from its snapshot, as after a switch.
        how = "restored" if snapshot is not None and turn % 2 == 1 else "live"
        if how == "restored":
            assert snapshot is not None
            assert kept.restore_state(*snapshot)
        cached = kept.reuse_prefix(prompt, segments)
        read_prompt(kept, None, prompt, segments, cached=cached)
        kept_logits = _logits(kept)
        full.clear()
        read_prompt(full, None, prompt, segments, cached=0)
        full_logits = _logits(full)
        assert np.array_equal(kept_logits, full_logits), (
            f"turn {turn} ({how}, {cached} of {len(prompt)} tokens reused): logits differ by up to "
            f"{np.abs(kept_logits - full_logits).max():.3g}"
        )
        answer, state = _answer(kept, prompt)
        assert _answer(full, prompt)[0] == answer
        settle_answer(kept, prompt, answer, state)
        snapshot = (tuple(kept.kv_tokens), kept.save_state(), tuple(kept.kv_bounds))
        reused.append((len(prompt), cached, how))
        start, own = split_prompt(history, prompt)
        stored += [_message("user", own, token_start=start), _message("assistant", answer)]
        messages.append(ChatMessage("assistant", kept.detokenize(answer)))
    return reused


def _pair(path: Path, kernels: KernelSet) -> Iterator[tuple[LlamaModel, LlamaModel]]:
    options = LoadOptions(str(path), n_ctx=4096, n_threads=2)
    full = LlamaModel(options, kernels=kernels)
    try:
        kept = LlamaModel(options, kernels=kernels)
        try:
            yield full, kept
        finally:
            kept.close()
    finally:
        full.close()


@pytest.mark.e2e
@pytest.mark.timeout(600)
def test_a_kept_or_restored_history_gives_the_very_logits_of_a_full_read(
    model_and_kernels: tuple[Path, KernelSet],
) -> None:
    for full, kept in _pair(*model_and_kernels):
        # Gemma: long enough questions that the conversation leaves its 512-token window, and a
        # snapshot past the window is restored (turn 3).
        turns = _talk(full, kept, turns=4, question_repeats=12 if kept.n_swa else 3)
        assert all(cached > 0 for _, cached, _ in turns[1:])
        assert any(how == "restored" for _, _, how in turns)
        if kept.n_swa:
            restored_past_window = [cached for _, cached, how in turns if how == "restored" and cached > kept.n_swa]
            assert restored_past_window, f"no snapshot past the window was restored: {turns}"


@pytest.mark.e2e
@pytest.mark.timeout(600)
def test_a_window_sized_sliding_cache_is_exact_too(gemma_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without swa_full llama.cpp keeps only the window (and a batch) of a sliding-window model,
    so it cannot cut back: the answer is read again from the prompt's saved state instead (the
    path recurrent models take)."""
    default_params = llama_cpp.llama_context_default_params

    def window_sized() -> llama_cpp.llama_context_params:
        params = default_params()
        params.swa_full = False
        return params

    monkeypatch.setattr(llama_cpp, "llama_context_default_params", window_sized)
    for full, kept in _pair(gemma_model, kernels_this_processor_runs("full")):
        assert not kept.can_cut_back
        turns = _talk(full, kept, turns=5, question_repeats=12)
        assert all(cached > 0 for _, cached, _ in turns[1:])
        assert turns[-1][0] > kept.n_swa + kept.n_batch  # past the whole window-sized cache


@pytest.mark.e2e
def test_a_restored_sliding_window_is_read_on_but_never_cut_back(gemma_model: Path) -> None:
    for _, kept in _pair(gemma_model, kernels_this_processor_runs("safe")):
        tokens = kept.tokenize(QUESTION * 60)[:900]
        kept.decode(tokens)
        data, bounds = kept.save_state(), tuple(kept.kv_bounds)
        assert kept.restore_state(tuple(tokens), data, bounds)
        # The state held the window alone: a prompt that leaves it early reads from the start.
        assert kept.reusable_prefix([*tokens[:700], 1], [0]) == 0
        assert kept.reusable_prefix([*tokens, 1], [0, 900]) == 900
