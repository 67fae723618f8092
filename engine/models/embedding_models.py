"""Which model embeds documents: the one asked for, else the library's first embedding model."""

from __future__ import annotations

from pathlib import Path

# llama.cpp architectures of embedding models (encoders), as GGUF names them.
EMBEDDING_ARCHITECTURES = frozenset(
    {"bert", "nomic-bert", "nomic-bert-moe", "jina-bert-v2", "jina-bert-v3", "modern-bert", "neo-bert", "eurobert"}
)


def embedding_model(choice: str | None = None) -> Path | None:
    """The embedding model asked for (a GGUF path or a library name), else the first one in the
    library; None if there is none."""
    from engine.models.library import Library

    if choice and Path(choice).expanduser().is_file():
        return Path(choice).expanduser().absolute()
    library = Library()
    if choice:
        return library.find(choice).path
    for entry in library.entries():
        if entry.metadata.architecture in EMBEDDING_ARCHITECTURES:
            return entry.path
    return None
