"""Finding the chunks that answer a question: keywords (BM25), meaning (vectors), or both fused.

Hybrid search ranks by reciprocal rank fusion (Cormack et al. 2009; GPT4All's LocalDocs too): a
chunk scores 1 / (60 + rank) in each list it is in, so one found by both beats one found by
either, and neither score's scale matters. Vectors are scanned exactly with numpy (one matrix
product; bench/documents.py times it at 10k and 100k chunks).

Measured on tests/fixtures/licence_corpus.py (25 fixed questions, multilingual-e5-small):
keywords Recall@5 0.56 / MRR 0.48 / nDCG@10 0.54, meaning 0.68 / 0.48 / 0.56, hybrid 0.70 /
0.52 / 0.61. Fusing min-max normalised scores instead (alpha 0.4 to 0.7) did no better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from engine.docs.embedding_text import question_text
from engine.docs.store import DocumentStore

RRF_K = 60
CANDIDATES = 50  # of each list, before fusing

EmbedOne = Callable[[str], list[float]]


@dataclass(frozen=True)
class Hit:
    chunk_id: int
    path: str
    page: int | None
    section: str
    text: str
    score: float
    found_by: str  # "keywords", "meaning" or "both"

    @property
    def place(self) -> str:
        return place_of(self.page, self.section)


def place_of(page: int | None, section: str) -> str:
    """Where a passage is, as a citation says it: its page (PDF) or its heading."""
    return f"p. {page}" if page is not None else section


def vector_search(
    store: DocumentStore, names: Sequence[str], model: str, query: Sequence[float], limit: int
) -> list[tuple[int, float]]:
    ids, matrix = store.vectors(names, model)
    if not len(ids):
        return []
    scores = matrix @ np.asarray(query, dtype=np.float32)
    top = np.argsort(-scores)[:limit]
    return [(int(ids[i]), float(scores[i])) for i in top]


def search(
    store: DocumentStore,
    names: Sequence[str],
    question: str,
    *,
    limit: int = 5,
    embed: EmbedOne | None = None,
    model: str = "",
    mode: str = "hybrid",
) -> list[Hit]:
    """The best `limit` chunks of the sets for `question`, best first. `mode`: hybrid, keywords or
    meaning; without `embed` (no embedding model yet) keywords only."""
    keyword_hits = store.keyword_search(names, question, CANDIDATES) if mode != "meaning" else []
    vector_hits = []
    if embed is not None and mode != "keywords":
        vector_hits = vector_search(store, names, model, embed(question_text(model, question)), CANDIDATES)
    if mode == "keywords" or not vector_hits:
        ranked = [(chunk_id, score, "keywords") for chunk_id, score in keyword_hits]
    elif mode == "meaning" or not keyword_hits:
        ranked = [(chunk_id, score, "meaning") for chunk_id, score in vector_hits]
    else:
        fused: dict[int, float] = {}
        by: dict[int, set[str]] = {}
        for source, found in (("keywords", keyword_hits), ("meaning", vector_hits)):
            for rank, (chunk_id, _score) in enumerate(found):
                fused[chunk_id] = fused.get(chunk_id, 0.0) + 1.0 / (RRF_K + rank + 1)
                by.setdefault(chunk_id, set()).add(source)
        order = sorted(fused, key=lambda chunk_id: -fused[chunk_id])
        ranked = [(c, fused[c], "both" if len(by[c]) == 2 else next(iter(by[c]))) for c in order]
    hits: list[Hit] = []
    for chunk_id, score, found_by in ranked[:limit]:
        chunk = store.chunk(chunk_id)
        hits.append(Hit(chunk_id, chunk.path, chunk.page, chunk.section, chunk.text, score, found_by))
    return hits
