"""How much context each answer of a batch job needs, worked out from the job itself before the model loads.

Each slot of the engine gets its own n_ctx cells of KV memory (LoadOptions.parallel), and llama.cpp
allocates and clears them all at load: 16 answers at 4,096 tokens each on Qwen2.5-Coder-1.5B are
1.8 GB, which took 5.7 s to load against 2.2 s for 512 tokens each, and the whole 64-prompt job
took 15 % longer (70.1 s against 60.8 s; `hearth batch --parallel 16 --ctx 4096` and `--ctx 512`).
A job knows every prompt up front, so it asks for no more than its longest line can use: that
line's prompt, as the model's chat template writes it, plus the answer's max_tokens.

The prompt is bounded without the tokenizer (which lives in the engine child): a token of a
byte-level or byte-fallback vocabulary covers at least one byte of text, so a prompt has at most
as many tokens as its UTF-8 bytes, plus the start-of-text token. The bound is loose (English runs
about four bytes a token), never short.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from engine.client.batch_file import Job
from engine.prompt.chat_template import ChatTemplate, TemplateError, choose_template

logger = logging.getLogger(__name__)

CONTEXT_STEP = 256  # rounded up to a whole number of these
# Stand-ins for the model's start and end tokens while the template renders: no vocabulary's are
# longer, so the rendered text is never shorter than the real one.
TOKEN_STAND_IN = "x" * 32
EXTRA_TOKENS = 16  # the start-of-text token, a SentencePiece dummy prefix, and room to spare


def answer_context(jobs: Iterable[Job], model_path: Path, ceiling: int) -> int:
    """The context each answer gets: what the longest line needs, rounded up, at most `ceiling`
    (a line that needs more gets `ceiling`, and the engine says if its prompt does not fit)."""
    template = _template_of(model_path)
    if template is None:
        return ceiling  # the engine says what is wrong with the file
    overheads: dict[tuple[str, ...], int] = {}  # template text around the messages, by their roles
    need = 0
    for job in jobs:
        roles = tuple(message.role for message in job.messages)
        if roles not in overheads:
            overheads[roles] = _template_bytes(template, job)
        overhead = overheads[roles]
        if overhead < 0:
            return ceiling  # the template cannot render this shape: leave it to the engine to say why
        content = sum(len(message.content.encode("utf-8")) for message in job.messages)
        need = max(need, overhead + content + EXTRA_TOKENS + job.sampling.max_tokens)
        if need >= ceiling:
            return ceiling
    return min(ceiling, max(CONTEXT_STEP, -(-need // CONTEXT_STEP) * CONTEXT_STEP))


def _template_of(model_path: Path) -> ChatTemplate | None:
    from engine.models.gguf_info import read_model_metadata

    metadata = read_model_metadata(model_path)
    if not metadata.usable:
        return None
    return choose_template(metadata.chat_template, TOKEN_STAND_IN, TOKEN_STAND_IN)


def _template_bytes(template: ChatTemplate, job: Job) -> int:
    """UTF-8 bytes the template writes around the messages of `job`'s shape (-1: it cannot render it).
    Rendered with every message empty: the template's own text, which a message's words only add to."""
    empty = tuple(replace(message, content="") for message in job.messages)
    try:
        return len(template.render(empty).encode("utf-8"))
    except TemplateError:
        logger.info("batch: the chat template cannot render a line of roles %s", [m.role for m in empty])
        return -1
