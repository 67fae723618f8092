"""Keyword search on real Chinese text (tests/fixtures/manpages_zh_corpus.py, issue 17): the
shipped character pairs (engine/docs/keywords.py, through the real DocumentStore) must find the
answers better than FTS5's unicode61 fed the text as it is, on the same chunks and questions.
bench/cjk_keywords.py measures the other ways (trigram, a segmenter, fused)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from engine.docs.indexer import Indexer
from engine.docs.keywords import STOP_WORDS
from engine.docs.store import DocumentStore
from tests.conftest import cannot_run_here, write_figures
from tests.fixtures.licence_corpus import quality
from tests.fixtures.manpages_zh_corpus import QUESTIONS, Corpus, Place, make_corpus, missing


def _unicode61(corpus: Corpus, path: Path) -> list[list[Place]]:
    """Each question's top 10 from a plain FTS5 table, the shipped tokenizer fed the text as it is."""
    db = sqlite3.connect(path)
    db.execute("CREATE VIRTUAL TABLE words USING fts5 (body, content='', tokenize='porter unicode61')")
    places = []
    for name, chunks in corpus.chunks.items():
        for chunk in chunks:
            places.append((name, chunk.ordinal))
            db.execute("INSERT INTO words (rowid, body) VALUES (?, ?)", (len(places), f"{chunk.section}\n{chunk.text}"))
    ranked = []
    for question, _answers in QUESTIONS:
        words = dict.fromkeys(w.lower() for w in re.findall(r"\w+", question) if w.lower() not in STOP_WORDS)
        query = " OR ".join(f'"{word}"' for word in words)
        rows = db.execute("SELECT rowid FROM words WHERE words MATCH ? ORDER BY bm25(words) LIMIT 10", (query,))
        ranked.append([places[rowid - 1] for (rowid,) in rows])
    db.close()
    return ranked


def test_character_pairs_find_chinese_answers_that_whole_runs_miss(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    why = missing()
    if why:
        cannot_run_here(why)
    corpus = make_corpus(tmp_path / "pages")
    store = DocumentStore(tmp_path / "documents.sqlite3")
    try:
        Indexer(store, "manpages").add([corpus.folder])
        shipped = []
        for question, _answers in QUESTIONS:
            hits = [store.chunk(chunk_id) for chunk_id, _score in store.keyword_search(["manpages"], question, 10)]
            shipped.append([corpus.place_of(Path(hit.path).name, hit.hash) for hit in hits])
    finally:
        store.close()
    pairs = quality(shipped, corpus.relevant)
    runs = quality(_unicode61(corpus, tmp_path / "unicode61.sqlite3"), corpus.relevant)
    write_figures(request, [f"  character pairs {pairs}", f"  whole runs      {runs}"])
    assert all(shipped), "every question, even two-character keywords, finds something"
    assert pairs.ndcg_at_10 > runs.ndcg_at_10
    assert pairs.mrr > runs.mrr
    assert pairs.recall_at_5 > runs.recall_at_5
