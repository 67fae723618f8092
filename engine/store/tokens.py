"""The exact token sequence a branch stands for, rebuilt from its stored messages.

A question stores the prompt tokens after the first `token_start` tokens of the branch
before it (the chat template may rewrite the end of the previous answer, so the split
point is where the two first differ); an answer stores the tokens the model wrote.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.store.records import StoredMessage


def branch_tokens(messages: Sequence[StoredMessage], model: str) -> list[int]:
    """The tokens of `messages` in order, as `model` read and wrote them; [] if any are from another model."""
    sequence: list[int] = []
    for message in messages:
        if message.token_model not in (None, model) or (message.role == "user" and message.token_start is None):
            return []
        if message.role == "user":
            del sequence[message.token_start or 0 :]
        sequence.extend(message.token_ids)
    return sequence


def split_prompt(before: Sequence[int], prompt: Sequence[int]) -> tuple[int, list[int]]:
    """(how many leading prompt tokens equal `before`'s, the prompt tokens after them)."""
    common = 0
    for have, want in zip(before, prompt, strict=False):
        if have != want:
            break
        common += 1
    return common, list(prompt[common:])
