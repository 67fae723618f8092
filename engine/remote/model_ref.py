"""A remote engine's model, named where the window names models by path: "remote:gpu-box/llama-3-70b".

The model picker, the model controller and a conversation's saved model all carry one string per
model; a remote one is this reference instead of a file path, so a conversation remembers its engine
and model the same way it remembers a local file.
"""

from __future__ import annotations

from typing import NamedTuple

PREFIX = "remote:"


class RemoteModelRef(NamedTuple):
    engine: str
    model: str


def remote_ref(engine: str, model: str) -> str:
    return f"{PREFIX}{engine}/{model}"


def parse_remote_ref(path: str) -> RemoteModelRef | None:
    """The engine and model a reference names; None for anything else (a file path)."""
    if not path.startswith(PREFIX):
        return None
    engine, _, model = path[len(PREFIX) :].partition("/")
    return RemoteModelRef(engine, model) if engine and model else None
