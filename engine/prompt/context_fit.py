"""Make a conversation fit the model's context, by the conversation's overflow policy.

"drop_oldest" (the default) keeps the system prompt and the newest messages, leaving out
whole turns from the start until the prompt leaves room for an answer; the caller tells
the user how many messages were left out. "stop" refuses with a sentence instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.prompt.chat_template import ChatTemplate, with_override
from engine.protocol import ChatMessage, Generate
from engine.runtime.llama_runtime import PromptTooLongError


class PromptModel(Protocol):
    """What prompt assembly needs of the loaded model (engine.runtime.llama_runtime.LlamaModel)."""

    template: ChatTemplate
    n_ctx: int

    def tokenize(self, text: str, add_special: bool = True) -> list[int]: ...
    def detokenize(self, tokens: Sequence[int]) -> str: ...
    def piece(self, token: int, special: bool = False) -> bytes: ...
    def bos_text(self) -> str: ...


def answer_room(n_ctx: int, max_tokens: int) -> int:
    """Tokens kept free for the answer: max_tokens, but never more than a quarter of the context."""
    return max(1, min(max_tokens, n_ctx // 4))


def fit_prompt(model: PromptModel, cmd: Generate) -> tuple[list[int], int]:
    """The prompt's tokens and how many of the oldest messages were left out to fit."""
    template = with_override(model.template, cmd.template_override)

    def tokens_for(messages: tuple[ChatMessage, ...]) -> list[int]:
        return model.tokenize(template.render(messages, cmd.continue_last, tools=cmd.tools), add_special=True)

    budget = model.n_ctx - answer_room(model.n_ctx, cmd.sampling.max_tokens)
    appended = _append_to_history(model, template, cmd)
    if appended is not None and len(appended) <= budget:
        return appended, 0
    prompt = tokens_for(cmd.messages)
    if len(prompt) <= budget:
        return prompt, 0
    if cmd.overflow_policy == "stop":
        raise PromptTooLongError("context.history_too_long", tokens=f"{len(prompt):,}", n_ctx=f"{model.n_ctx:,}")
    system = tuple(m for m in cmd.messages[:1] if m.role == "system")
    rest = cmd.messages[len(system) :]
    # Candidate starts: each question (a kept history begins with one), and the last message alone.
    starts = [i for i, m in enumerate(rest) if i > 0 and m.role == "user"]
    if not starts or starts[-1] != len(rest) - 1:
        starts.append(len(rest) - 1)
    # Leaving out more never makes the prompt longer, so search for the fewest messages to leave out.
    low, high = 0, len(starts) - 1
    best: list[int] | None = None
    best_start = 0
    while low <= high:
        middle = (low + high) // 2
        candidate = tokens_for(system + rest[starts[middle] :])
        if len(candidate) <= budget:
            best, best_start = candidate, starts[middle]
            high = middle - 1
        else:
            low = middle + 1
    if best is None:
        alone = len(tokens_for(system + rest[-1:]))
        raise PromptTooLongError("context.message_too_long", tokens=f"{alone:,}", n_ctx=f"{model.n_ctx:,}")
    return best, best_start


def _append_to_history(model: PromptModel, template: ChatTemplate, cmd: Generate) -> list[int] | None:
    """The stored history tokens plus only the new turn's tokens, or None where that is not exact.

    Tokenising the whole history again can split the earlier answers differently from how the
    model wrote them (llama-cpp-python #1369), so the model would read them again. Appending
    needs the rendered history to be a prefix of the new rendering and the stored tokens to
    spell exactly that text; otherwise the whole prompt is tokenised as before."""
    messages = cmd.messages
    if not cmd.history_tokens or cmd.continue_last or len(messages) < 2:
        return None
    if messages[-1].role != "user" or messages[-2].role != "assistant":
        return None
    history_text = template.render(messages[:-2], tools=cmd.tools) + messages[-2].content
    full_text = template.render(messages, tools=cmd.tools)
    if not full_text.startswith(history_text):
        return None
    spelled = model.detokenize(cmd.history_tokens)
    bos = model.bos_text()
    if bos and spelled.startswith(bos) and not history_text.startswith(bos):
        spelled = spelled[len(bos) :]  # the tokenizer adds BOS itself when the template does not write it
    if spelled != history_text:
        return None
    return list(cmd.history_tokens) + model.tokenize(full_text[len(history_text) :], add_special=False)
