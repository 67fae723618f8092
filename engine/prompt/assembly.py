"""Prompt assembly, in one place and called once per answer: render the conversation with its chat
template, fit it into the context (dropping the oldest turns if the command allows), tokenise it,
find the pinned system prompt, and plan where its reads begin. What the prompt can reuse from the
cache is decided next, from this plan (engine/cache/prompt_reuse.py)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import accumulate

from engine.cache.prefix_cache import common_prefix
from engine.cache.prompt_reuse import MIN_GAIN_TOKENS, MIN_SNAPSHOT_TOKENS
from engine.prompt.chat_template import ChatTemplate, TemplateError, with_override
from engine.prompt.context_fit import PromptModel, fit_prompt
from engine.protocol import ChatMessage, Generate


@dataclass(frozen=True)
class PromptPlan:
    tokens: list[int]  # what the model reads
    dropped_messages: int  # oldest turns left out to fit the context
    pin_at: int  # where the pinned system prompt ends (0: none pinned)
    segments: list[int]  # where the reads begin (reading_plan)
    # Where a reused prefix may end. A command that brings its history's tokens (the window, `hearth run
    # --chat`) reuses only up to where its reads begin, so a reused history holds what a full read
    # computes. One that brings only messages (an API client, a batch line, `hearth replay`) cannot say
    # where its earlier turns were read, so it reuses the longest prefix it shares, as llama-server does.
    reuse_at: list[int] | None
    documents_at: tuple[int, int] = (0, 0)  # where the command's documents lie in `tokens` (text_span)


def plan_prompt(model: PromptModel, cmd: Generate) -> PromptPlan:
    """The prompt `cmd` asks for, fitted and planned; TemplateError or PromptTooLongError if it cannot be."""
    tokens, dropped = fit_prompt(model, cmd)
    # Read on the same schedule with the cache and without: reuse then changes no number.
    pin_at = system_prompt_length(model, cmd, tokens) if cmd.pin_system_prompt else 0
    segments = reading_plan(tokens, cmd.history_tokens, cmd.history_segments, pin_at)
    # A first question has no earlier turn to reuse: it keeps to its reads, as a window turn does.
    follow_up = any(m.role == "assistant" for m in cmd.messages)
    anywhere = cmd.longest_prefix or (follow_up and not cmd.history_tokens)
    documents_at = text_span(model, tokens, cmd.documents)
    return PromptPlan(tokens, dropped, pin_at, segments, None if anywhere else segments, documents_at)


def text_span(model: PromptModel, prompt: Sequence[int], text: str) -> tuple[int, int]:
    """Which of `prompt`'s tokens spell `text`: [start, end), the tokens its first and last bytes fall
    in included; (0, 0) if `text` is empty or the prompt does not hold it.

    Found in the prompt's own tokens, each spelled as the model reads it, not in a rendering of the
    messages: a history kept as tokens and the turns left out to fit are then as the model has them.
    Its last copy: an earlier turn may hold the same excerpts, read by then."""
    if not text:
        return 0, 0
    needle = text.encode("utf-8")
    pieces = [model.piece(token, special=True) for token in prompt]
    at = b"".join(pieces).rfind(needle)
    if at < 0:
        return 0, 0
    ends = list(accumulate(len(piece) for piece in pieces))  # where each token's bytes end
    return bisect_right(ends, at), bisect_left(ends, at + len(needle)) + 1


def reading_plan(
    prompt: Sequence[int], history_tokens: Sequence[int], history_segments: Sequence[int], pin_at: int = 0
) -> list[int]:
    """Where the reads of `prompt` begin: 0, the starts of the history's messages the prompt still
    holds, the end of the pinned system prompt (`pin_at`, 0 for none), and where the prompt
    leaves the history (the new turn). With the cache and without, the same for the same
    command, so a full read and a reused history compute every token in the same batch."""
    shared = common_prefix(history_tokens, prompt)
    starts = {0, shared, pin_at, *(b for b in history_segments if 0 < b <= shared)}
    return sorted(b for b in starts if 0 <= b < len(prompt))


def system_prompt_length(model: PromptModel, cmd: Generate, prompt: list[int]) -> int:
    """How many leading prompt tokens are the system prompt alone, or with none, the chat template's
    own start (0 if they cannot be told apart)."""
    messages = cmd.messages
    if not messages:
        return 0
    template = with_override(model.template, cmd.template_override)
    if messages[0].role == "system":
        text = template.render(messages[:1], add_generation_prompt=False, tools=cmd.tools)
        tokens, shortest = model.tokenize(text, add_special=True), MIN_SNAPSHOT_TOKENS
    else:
        tokens, shortest = template_preamble(model, template, messages[0], cmd.tools), MIN_GAIN_TOKENS
    # The pinned part's tokens must be exactly where the whole prompt has them.
    if len(tokens) < shortest or len(tokens) >= len(prompt) or prompt[: len(tokens)] != tokens:
        return 0
    return len(tokens)


def template_preamble(model: PromptModel, template: ChatTemplate, first: ChatMessage, tools: str) -> list[int]:
    """The tokens the template writes before the first message's words, the same for every prompt
    that begins with a message of that role: a default system prompt (Qwen's "You are Qwen, created
    by Alibaba Cloud…", SmolLM's) and the turn's header. Read once and copied, not read per request."""
    try:
        one, other = (
            model.tokenize(template.render((replace(first, content=c),), add_generation_prompt=False, tools=tools))
            for c in ("A", "B")
        )
    except TemplateError:
        return []
    return one[: common_prefix(one, other)]
