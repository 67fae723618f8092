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
    return branch_layout(messages, model)[0]


def branch_segments(messages: Sequence[StoredMessage], model: str) -> list[int]:
    """Where each message's own tokens begin in `branch_tokens(messages, model)`, in order."""
    return branch_layout(messages, model)[1]


def branch_layout(messages: Sequence[StoredMessage], model: str) -> tuple[list[int], list[int]]:
    """(the branch's tokens, where each message's tokens begin among them); ([], []) as for branch_tokens.

    The engine reads a prompt message by message from these starts (engine/cache/prompt_reuse.py), so
    that a history it kept and one it reads in full hold the very same numbers. A question that
    rewrites the end of the branch before it (its `token_start`) ends the messages it cuts into there.
    """
    sequence: list[int] = []
    starts: list[int] = []
    for message in messages:
        if message.token_model not in (None, model) or (message.role == "user" and message.token_start is None):
            return [], []
        start = min(message.token_start or 0, len(sequence)) if message.role == "user" else len(sequence)
        del sequence[start:]
        starts = [s for s in starts if s < start]
        starts.append(start)
        sequence.extend(message.token_ids)
    return sequence, starts


def split_prompt(before: Sequence[int], prompt: Sequence[int]) -> tuple[int, list[int]]:
    """(how many leading prompt tokens equal `before`'s, the prompt tokens after them)."""
    common = 0
    for have, want in zip(before, prompt, strict=False):
        if have != want:
            break
        common += 1
    return common, list(prompt[common:])
