"""Which model embeds documents: the one asked for, else the library's first embedding model."""

from __future__ import annotations

from pathlib import Path

# The embedding model Hearth suggests (the window's Documents section and Models, `hearth docs`):
# IBM's Granite embedding is multilingual (Chinese in both scripts, Japanese, English and nine
# more), Apache-2.0, small enough to index on a laptop's CPU, and takes passages and questions as
# they are (no markers). Q8_0: an embedding model this small loses more from 4 bits than a chat
# model does.
SUGGESTED_REPO = "bartowski/granite-embedding-107m-multilingual-GGUF"
SUGGESTED_FILE = "granite-embedding-107m-multilingual-Q8_0.gguf"
SUGGESTED_MB = 117

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
