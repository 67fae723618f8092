"""Make a conversation fit the model's context, by the conversation's overflow policy.

"drop_oldest" (the default) keeps the system prompt and the newest messages, leaving out
whole turns from the start until the prompt leaves room for an answer; the caller tells
the user how many messages were left out. "stop" refuses with a sentence instead.
"""

from __future__ import annotations

from typing import Protocol

from engine.chat_template import ChatTemplate, with_override
from engine.llama_runtime import PromptTooLongError
from engine.protocol import ChatMessage, Generate


class _Model(Protocol):
    template: ChatTemplate
    n_ctx: int

    def tokenize(self, text: str, add_special: bool = True) -> list[int]: ...


def answer_room(n_ctx: int, max_tokens: int) -> int:
    """Tokens kept free for the answer: max_tokens, but never more than a quarter of the context."""
    return max(1, min(max_tokens, n_ctx // 4))


def fit_prompt(model: _Model, cmd: Generate) -> tuple[list[int], int]:
    """The prompt's tokens and how many of the oldest messages were left out to fit."""
    template = with_override(model.template, cmd.template_override)

    def tokens_for(messages: tuple[ChatMessage, ...]) -> list[int]:
        return model.tokenize(template.render(messages, cmd.continue_last), add_special=True)

    budget = model.n_ctx - answer_room(model.n_ctx, cmd.sampling.max_tokens)
    prompt = tokens_for(cmd.messages)
    if len(prompt) <= budget:
        return prompt, 0
    if cmd.overflow_policy == "stop":
        raise PromptTooLongError(
            f"This conversation is {len(prompt):,} tokens long and no longer fits this model's context of "
            f"{model.n_ctx:,} tokens with room for an answer; start a new conversation, or choose "
            "“leave out the oldest messages” in the conversation settings."
        )
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
        raise PromptTooLongError(
            f"Your message alone is {len(tokens_for(system + rest[-1:])):,} tokens, too long for this model's "
            f"context of {model.n_ctx:,} tokens with room for an answer; shorten it or use a larger context."
        )
    return best, best_start
