"""`hearth run --docs NAME`: the question grounded in a document set before the model sees it
(engine/docs/grounding.py), and the sources said after the answer."""

from __future__ import annotations

import dataclasses
import sys
from typing import TYPE_CHECKING, TextIO

from engine.errors import UserError

if TYPE_CHECKING:
    from engine.cli.run import RunRequest
    from engine.docs.grounding import Grounding


def grounded(request: RunRequest) -> tuple[RunRequest, Grounding]:
    """`request` with the documents in its system prompt and message, and what was put there.

    The question's embedding comes from an engine process of its own (as `hearth docs search`'s
    does), closed before the chat model loads, so the two models are never in memory at once."""
    from engine.cli.docs import embedder_for, open_store
    from engine.cli.run import RunError
    from engine.docs.grounding import ground

    store = open_store()
    embedder = None
    try:
        embedder, model = embedder_for(request.embedding_model, request.as_json)
        grounding = ground(
            store,
            request.docs,
            request.prompt,
            context_tokens=request.ctx,
            embed=embedder.one if embedder is not None else None,
            model=model,
            system=request.system or "",
        )
    except UserError as exc:
        raise RunError(str(exc)) from exc
    finally:
        if embedder is not None:
            embedder.close()
        store.close()
    if grounding.mode == "nothing":
        print(
            f"hearth: nothing in {', '.join(request.docs)} matches the question; the model was told so.",
            file=sys.stderr,
        )
    return dataclasses.replace(request, system=grounding.system, prompt=grounding.user), grounding


def print_sources(grounding: Grounding, out: TextIO) -> None:
    if grounding.sources:
        out.write("\nSources:\n")
        for source in grounding.sources[:20] if grounding.mode == "whole" else grounding.sources:
            out.write(f"[{source.number}] {source.path}{', ' + source.place if source.place else ''}\n")
        if grounding.mode == "whole" and len(grounding.sources) > 20:
            out.write(f"… and {len(grounding.sources) - 20} more pages or sections, all of the set\n")
    out.flush()


def sources_json(grounding: Grounding, documents_at: tuple[int, int], cached_tokens: int) -> dict[str, object]:
    """The documents' part of `hearth run --json`: how they went in, how many prompt tokens they
    took and how many of those the cache reused (the engine found them in the prompt: Started)."""
    from engine.protocol import documents_reused

    start, end = documents_at
    return {
        "documents": {
            "mode": grounding.mode,
            "tokens": end - start,
            "reused_tokens": documents_reused(documents_at, cached_tokens),
        },
        "sources": [source.as_json() for source in grounding.sources],
    }
