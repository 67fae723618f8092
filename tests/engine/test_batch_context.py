"""A batch job asks for no more context than its longest line needs (engine/client/batch_context.py),
and never less: the bound, worked out without the tokenizer, is checked here against the real
prompt the engine reads (the model's own template and tokenizer) for English, Chinese, emoji and
multi-turn lines, on the starter and on Gemma (a SentencePiece vocabulary)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.client.batch_context import CONTEXT_STEP, answer_context
from engine.client.batch_file import Job, JobDefaults, parse_line
from engine.kernels.kernel_sets import KernelSet
from engine.prompt.assembly import plan_prompt
from engine.protocol import Generate, LoadOptions
from engine.runtime.llama_runtime import LlamaModel

LINES = [
    {"id": 1, "prompt": "Give one short tip about rivers."},
    {"id": 2, "prompt": "請用一句話介紹台北的捷運系統，並說明它為什麼方便。" * 3, "max_tokens": 40},
    {"id": 3, "prompt": "🙂🚲🌧️ " * 30 + "What do these say?", "system": "Answer in emoji only."},
    {
        "id": 4,
        "messages": [
            {"role": "system", "content": "You are a patient tutor."},
            {"role": "user", "content": "What is a prime number?"},
            {"role": "assistant", "content": "A whole number above 1 whose only divisors are 1 and itself."},
            {"role": "user", "content": "And 91: is it one? " + "Explain each step. " * 20},
        ],
        "max_tokens": 300,
    },
]


def _jobs(lines: list[dict[str, object]], max_tokens: int = 64) -> list[Job]:
    defaults = JobDefaults(max_tokens=max_tokens)
    return [parse_line(number, json.dumps(line), defaults) for number, line in enumerate(lines, 1)]


@pytest.fixture(params=["starter", "gemma"])
def model(request: pytest.FixtureRequest, machine_kernels: KernelSet) -> Iterator[LlamaModel]:
    path = request.getfixturevalue("starter_model" if request.param == "starter" else "gemma_model")
    m = LlamaModel(LoadOptions(str(path), n_ctx=4096, n_threads=2, parallel=1), kernels=machine_kernels)
    yield m
    m.close()


def test_each_line_fits_the_context_worked_out_for_it(model: LlamaModel) -> None:
    for job in _jobs(LINES):
        ctx = answer_context([job], Path(model.info.path), 4096)
        prompt = plan_prompt(model, Generate(1, job.messages, job.sampling, time.monotonic())).tokens
        assert len(prompt) + job.sampling.max_tokens <= ctx, f"line {job.line}"
        assert ctx % CONTEXT_STEP == 0
        assert ctx < 4096  # well short of the old fixed size: these lines are short


def test_the_longest_line_decides_and_the_ceiling_holds(starter_model: Path) -> None:
    short = _jobs(LINES[:1], max_tokens=32)
    both = _jobs([LINES[0], LINES[3]], max_tokens=32)
    assert answer_context(short, starter_model, 4096) == CONTEXT_STEP
    assert answer_context(both, starter_model, 4096) > answer_context(short, starter_model, 4096)
    # A line that needs more than the ceiling gets the ceiling (the engine refuses it by line number).
    huge = _jobs([{"id": 9, "prompt": "word " * 5000}])
    assert answer_context([*short, *huge], starter_model, 4096) == 4096
    assert answer_context(_jobs(LINES[:1], max_tokens=8000), starter_model, 4096) == 4096


def test_a_file_that_is_not_a_model_gets_the_ceiling(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * 20)
    assert answer_context(_jobs(LINES[:1]), broken, 4096) == 4096
    assert answer_context(_jobs(LINES[:1]), tmp_path / "missing.gguf", 4096) == 4096
