"""The low-level runtime on the real starter model (no mocks of llama.cpp)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.kernels.kernel_sets import KernelSet
from engine.protocol import ChatMessage, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel, PromptTooLongError
from engine.runtime.text_stream import Utf8Stream


@pytest.fixture(scope="module")
def model(starter_model: Path, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    m = LlamaModel(LoadOptions(str(starter_model), n_ctx=1024, n_threads=2), kernels=machine_kernels)
    yield m
    m.close()


def _answer(model: LlamaModel, text: str, sampling: SamplingParams) -> tuple[list[int], str]:
    prompt = model.tokenize(model.template.render((ChatMessage("user", text),)))
    model.prefill(prompt)
    stream = Utf8Stream()
    tokens, out = [], []
    for step in model.generate(prompt, sampling):
        tokens.append(step.token)
        out.append(stream.feed(step.piece))
    out.append(stream.flush())
    return tokens, "".join(out)


def test_load_reports_the_model(model: LlamaModel, starter_model: Path) -> None:
    assert model.info.architecture == "llama"
    assert 100e6 < model.info.n_params < 200e6
    assert model.n_ctx == 1024
    assert model.info.chat_template_source == "gguf"
    assert model.info.size_bytes == starter_model.stat().st_size


def test_load_progress_is_reported(starter_model: Path, machine_kernels: KernelSet) -> None:
    seen: list[float] = []
    m = LlamaModel(LoadOptions(str(starter_model), n_ctx=256, n_threads=1), seen.append, machine_kernels)
    m.close()
    assert seen, "no progress callbacks"
    assert seen == sorted(seen)
    assert seen[-1] == pytest.approx(1.0)


@pytest.mark.e2e
def test_streams_an_answer_and_stops_at_end_of_generation(model: LlamaModel) -> None:
    tokens, text = _answer(model, "What is the capital of France?", SamplingParams(temperature=0, max_tokens=200))
    assert tokens
    assert "Paris" in text
    assert model.stop_reason == "eog"


def test_max_tokens_stops_the_answer(model: LlamaModel) -> None:
    tokens, _ = _answer(
        model, "Write a long story about a dragon.", SamplingParams(temperature=0.8, seed=1, max_tokens=7)
    )
    assert len(tokens) == 7
    assert model.stop_reason == "max_tokens"


@pytest.mark.e2e
def test_seeded_sampling_is_reproducible(model: LlamaModel) -> None:
    params = SamplingParams(temperature=1.0, top_k=100, top_p=1.0, min_p=0.0, seed=1234, max_tokens=40)
    first, _ = _answer(model, "Tell me something surprising.", params)
    model.clear()  # start from an empty context both times
    second, _ = _answer(model, "Tell me something surprising.", params)
    other, _ = _answer(
        model,
        "Tell me something surprising.",
        SamplingParams(temperature=1.0, top_k=100, top_p=1.0, min_p=0.0, seed=99, max_tokens=40),
    )
    assert first == second
    assert first != other


def test_chinese_pieces_stream_as_whole_characters(model: LlamaModel) -> None:
    text = "你好，世界！今天天氣很好。简体中文也可以。"
    tokens = model.tokenize(text, add_special=False)
    stream = Utf8Stream()
    shown = [stream.feed(model.piece(t)) for t in tokens]
    shown.append(stream.flush())
    assert "".join(shown) == text
    assert all("\ufffd" not in s for s in shown)
    # The tokenizer really splits characters across tokens, so this test means something.
    assert any(not _is_whole_utf8(model.piece(t)) for t in tokens)


def _is_whole_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@pytest.mark.e2e
def test_live_context_is_reused_for_a_follow_up(model: LlamaModel) -> None:
    model.clear()
    history = (ChatMessage("user", "Name a colour."),)
    prompt = model.tokenize(model.template.render(history))
    assert model.prefill(prompt) == 0
    reply = [step.token for step in model.generate(prompt, SamplingParams(temperature=0, max_tokens=8))]
    answer = "".join(model.piece(t).decode("utf-8", "replace") for t in reply)
    follow = (*history, ChatMessage("assistant", answer), ChatMessage("user", "And another?"))
    second = model.tokenize(model.template.render(follow))
    reused = model.prefill(second)
    assert reused >= len(prompt) - 1
    assert model.kv_tokens == second


def test_prompt_longer_than_context_is_refused(model: LlamaModel) -> None:
    with pytest.raises(PromptTooLongError, match="context holds 1024"):
        model.prefill(list(range(100, 1200)))


@pytest.mark.e2e
def test_a_model_without_a_chat_template_still_answers(
    model_without_template: Path, machine_kernels: KernelSet
) -> None:
    m = LlamaModel(LoadOptions(str(model_without_template), n_ctx=512, n_threads=2), kernels=machine_kernels)
    try:
        assert m.info.chat_template_source == "default"
        assert m.info.chat_template_name == "ChatML (default)"
        _, text = _answer(m, "What is the capital of France?", SamplingParams(temperature=0, max_tokens=40))
        assert text.strip()
    finally:
        m.close()
