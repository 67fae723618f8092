"""The sampler chain's first cut (engine/runtime/sampler.py) must never change which token is drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.kernels.kernel_sets import KernelSet
from engine.protocol import ChatMessage, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.sampler import preselect_size


@pytest.fixture(scope="module")
def model(starter_model: Path, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    m = LlamaModel(LoadOptions(str(starter_model), n_ctx=1024, n_threads=2), kernels=machine_kernels)
    yield m
    m.close()


def _tokens(model: LlamaModel, sampling: SamplingParams, preselect: bool) -> list[int]:
    prompt = model.tokenize(model.template.render((ChatMessage("user", "Write a long story about a dragon."),)))
    model.clear()
    model.prefill(prompt)
    return [step.token for step in model.generate(prompt, sampling, preselect=preselect)]


@pytest.mark.e2e
@pytest.mark.parametrize(
    "sampling",
    [
        SamplingParams(temperature=0.7, top_k=40, top_p=0.95, min_p=0.05, repeat_penalty=1.1, seed=1, max_tokens=120),
        SamplingParams(temperature=1.2, top_k=5, top_p=1.0, min_p=0.0, repeat_penalty=1.5, seed=7, max_tokens=120),
        SamplingParams(temperature=0.9, top_k=100, repeat_penalty=1.3, repeat_last_n=8, seed=3, max_tokens=120),
        SamplingParams(temperature=0.0, repeat_penalty=1.8, max_tokens=120),  # greedy: a heavy penalty
    ],
    ids=["default", "small-k-strong-penalty", "short-window", "greedy"],
)
def test_first_cut_draws_the_same_tokens_as_llama_cpps_chain(model: LlamaModel, sampling: SamplingParams) -> None:
    assert preselect_size(sampling) > 0, "this case must exercise the first cut"
    plain = _tokens(model, sampling, preselect=False)
    assert len(plain) > 20
    assert _tokens(model, sampling, preselect=True) == plain


@pytest.mark.parametrize(
    "sampling",
    [
        SamplingParams(top_k=0),  # no top-k at all
        SamplingParams(repeat_penalty=0.9),  # a boost can lift any token into the top k
        SamplingParams(repeat_last_n=-1),  # a penalty over the whole context has no small bound
        SamplingParams(repeat_last_n=0),
        SamplingParams(repeat_penalty=1.0),  # no penalty: top-k makes the same cut itself
    ],
)
def test_no_first_cut_where_it_could_change_the_draw(sampling: SamplingParams) -> None:
    assert preselect_size(sampling) == 0
