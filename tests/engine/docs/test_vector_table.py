"""Where the vectors sit: a rowid table keeps each in place, and a store from before is moved
into it with its vectors kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np

from engine.docs.chunking import Chunk
from engine.docs.search import vector_search
from engine.docs.store import DocumentStore

DIM = 384  # multilingual-e5-small's width: 1.5 kB a vector

OLD_VECTORS = """
CREATE TABLE vectors (
    model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, hash)
) WITHOUT ROWID;
"""


def _fill(store: DocumentStore, vectors: np.ndarray) -> None:
    set_id = store.set_id("s", create=True)
    chunks = [Chunk(f"passage {i}", i, "", 0, f"h{i}") for i in range(len(vectors))]
    store.put_file(set_id, "/a.txt", size=1, mtime_ns=1, sha256="-", chunks=chunks, pages=0)
    store.put_vectors("m", [c.hash for c in chunks], vectors.tolist())


def _overflow_pages(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(
            db.execute("SELECT count(*) FROM dbstat WHERE name = 'vectors' AND pagetype = 'overflow'").fetchone()[0]
        )
    finally:
        db.close()


def test_a_vector_is_kept_in_its_row_not_on_an_overflow_page(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    store = DocumentStore(tmp_path / "d.sqlite3")
    _fill(store, rng.standard_normal((200, DIM)).astype(np.float32))
    store.close()
    assert _overflow_pages(tmp_path / "d.sqlite3") == 0


def test_a_store_from_before_keeps_its_vectors_in_the_new_table(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite3"
    rng = np.random.default_rng(2)
    vectors = rng.standard_normal((200, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    store = DocumentStore(path)
    _fill(store, vectors)
    store.close()
    db = sqlite3.connect(path)  # the vectors as a store from before holds them
    db.executescript(
        "ALTER TABLE vectors RENAME TO new_vectors; DROP INDEX vectors_by_key;"
        + OLD_VECTORS
        + "INSERT INTO vectors SELECT model, hash, vector FROM new_vectors; DROP TABLE new_vectors; VACUUM;"
    )
    db.close()
    assert _overflow_pages(path) >= 200, "the old table put each vector on a page of its own"
    size_before = path.stat().st_size

    store = DocumentStore(path)
    try:
        found = vector_search(store, ["s"], "m", vectors[17].tolist(), 3)
        assert found[0][0] == 18, "chunk ids start at 1"
        assert abs(found[0][1] - 1.0) < 1e-5
        assert store.summary("s", "m").embedded == 200
    finally:
        store.close()
    assert _overflow_pages(path) == 0
    assert path.stat().st_size < size_before / 2
