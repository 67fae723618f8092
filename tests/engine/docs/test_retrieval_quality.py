"""Retrieval quality on a real corpus (tests/fixtures/licence_corpus.py): hybrid search must beat
keywords alone (BM25) and meaning alone (vectors), with the real embedding model."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.docs.indexer import Indexer
from engine.docs.search import search
from engine.docs.store import DocumentStore
from engine.kernels.kernel_sets import KernelSet
from engine.runtime.text_embedder import TextEmbedder
from tests.conftest import write_figures
from tests.fixtures.licence_corpus import QUESTIONS, Quality, make_corpus, quality

pytestmark = pytest.mark.e2e  # a real embedding model reads the whole corpus

MODEL = "multilingual-e5-small"


def test_hybrid_search_beats_keywords_alone_and_meaning_alone(
    tmp_path: Path, embedding_model: Path, machine_kernels: KernelSet, request: pytest.FixtureRequest
) -> None:
    corpus = make_corpus(tmp_path / "licences")
    embedder = TextEmbedder(str(embedding_model), machine_kernels, n_threads=2)
    store = DocumentStore(tmp_path / "documents.sqlite3")
    try:

        def embed(texts: list[str]) -> list[list[float]]:
            return embedder.embed(texts, truncate=True)[0]

        def embed_one(text: str) -> list[float]:
            return embed([text])[0]

        report = Indexer(store, "licences", embed=embed, model=MODEL).add([corpus.folder])
        assert not report.failed
        measured: dict[str, Quality] = {}
        for mode in ("keywords", "meaning", "hybrid"):
            ranked = [
                [
                    (Path(hit.path).name, hit.page or 0)
                    for hit in search(store, ["licences"], question, limit=10, embed=embed_one, model=MODEL, mode=mode)
                ]
                for question, _answers in QUESTIONS
            ]
            measured[mode] = quality(ranked, corpus.relevant)
    finally:
        store.close()
        embedder.close()
    write_figures(request, [f"  {mode:8} {figures}" for mode, figures in measured.items()])
    hybrid, keywords, meaning = measured["hybrid"], measured["keywords"], measured["meaning"]
    assert hybrid.ndcg_at_10 > max(keywords.ndcg_at_10, meaning.ndcg_at_10)
    assert hybrid.mrr > max(keywords.mrr, meaning.mrr)
    assert hybrid.recall_at_5 >= max(keywords.recall_at_5, meaning.recall_at_5)
