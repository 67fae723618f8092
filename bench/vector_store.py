#!/usr/bin/env python
"""Finding passages by meaning at 10k and 100k chunks: Hearth's store (vectors as BLOBs in SQLite,
scanned exactly with numpy from a matrix kept in memory) against sqlite-vec's vec0 table (its
exact KNN in C, inside SQLite), in one run, on the same unit vectors and questions.

For each size it prints the median time of one query's vector search (the question's embedding
is not included: it is the same for both), the first query after the store changed (Hearth reads
the matrix out of SQLite then), the disk each takes, and whether both return the same 10 passages.

Run:  python bench/vector_store.py [--sizes 10000 100000] [--dim 384] [--queries 50]
sqlite-vec is loaded through pysqlite3 (both in the bench extra): the Python a user runs Hearth
with may not load SQLite extensions at all (python.org's macOS builds and pyenv's do not), which
is one reason Hearth does not depend on it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from _common import median
from batching import REPO

sys.path.insert(0, str(REPO))
from engine.docs.chunking import Chunk
from engine.docs.search import vector_search
from engine.docs.store import DocumentStore

MODEL = "bench-vectors"
K = 10
PER_FILE = 500


def unit_rows(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    rows = rng.standard_normal((n, dim)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows


def hearth_store(path: Path, vectors: np.ndarray) -> DocumentStore:
    store = DocumentStore(path)
    set_id = store.set_id("big", create=True)
    for f in range(0, len(vectors), PER_FILE):
        made = [Chunk(f"passage {i}", i, "", 0, f"{f}-{i}") for i in range(f, min(f + PER_FILE, len(vectors)))]
        store.put_file(set_id, f"/bench/{f}.txt", size=1, mtime_ns=1, sha256="-", chunks=made, pages=0)
        store.put_vectors(MODEL, [c.hash for c in made], vectors[f : f + len(made)].tolist())
    return store


def sqlite_vec_store(path: Path, vectors: np.ndarray) -> Any:
    import pysqlite3.dbapi2 as sqlite
    import sqlite_vec

    db = sqlite.connect(str(path))
    db.enable_load_extension(True)
    sqlite_vec.load(db)
    db.enable_load_extension(False)
    db.execute(f"CREATE VIRTUAL TABLE vec USING vec0(embedding float[{vectors.shape[1]}] distance_metric=cosine)")
    with db:
        db.executemany(
            "INSERT INTO vec(rowid, embedding) VALUES (?, ?)",
            ((i + 1, row.tobytes()) for i, row in enumerate(vectors)),
        )
    return db


def timed(run: Callable[[np.ndarray], list[int]], queries: np.ndarray) -> tuple[list[float], list[list[int]]]:
    spent, found = [], []
    for q in queries:
        began = time.perf_counter()
        ids = run(q)
        spent.append(time.perf_counter() - began)
        found.append(ids)
    return spent, found


def measure(folder: Path, vectors: np.ndarray, queries: np.ndarray) -> None:
    size = len(vectors)
    hearth_path, vec_path = folder / f"hearth-{size}.sqlite3", folder / f"vec-{size}.sqlite3"
    store = hearth_store(hearth_path, vectors)
    began = time.perf_counter()
    vector_search(store, ["big"], MODEL, queries[0].tolist(), K)
    hearth_first = time.perf_counter() - began
    # chunk ids run 1..size in insertion order, as the vec0 rowids do
    hearth_times, hearth_found = timed(
        lambda q: [i for i, _ in vector_search(store, ["big"], MODEL, q.tolist(), K)], queries
    )
    store.close()
    db = sqlite_vec_store(vec_path, vectors)
    query_sql = "SELECT rowid FROM vec WHERE embedding MATCH ? AND k = ? ORDER BY distance"
    vec_times, vec_found = timed(lambda q: [r[0] for r in db.execute(query_sql, (q.tobytes(), K))], queries)
    db.close()
    same = sum(a == b for a, b in zip(hearth_found, vec_found, strict=True))
    hearth_ms, vec_ms = median(hearth_times) * 1000, median(vec_times) * 1000
    print(
        f"  {size:>7,} chunks: Hearth (numpy scan, matrix in memory) {hearth_ms:.1f} ms, first query after "
        f"a change {hearth_first * 1000:.0f} ms; sqlite-vec vec0 {vec_ms:.1f} ms; "
        f"sqlite-vec / Hearth {vec_ms / hearth_ms:.2f}x; same top {K}: {same}/{len(queries)}",
        flush=True,
    )
    hearth_mb, vec_mb = hearth_path.stat().st_size / 1e6, vec_path.stat().st_size / 1e6
    print(f"  {'':>7}  disk: Hearth's whole store {hearth_mb:.1f} MB (passages too), vec0 table {vec_mb:.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--dim", type=int, default=384, help="multilingual-e5-small's width")
    parser.add_argument("--queries", type=int, default=50)
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    print(f"vector search, {args.dim} dimensions, top {K}, median of {args.queries} queries")
    with tempfile.TemporaryDirectory(prefix="hearth-vectors-") as tmp:
        for size in args.sizes:
            measure(Path(tmp), unit_rows(rng, size, args.dim), unit_rows(rng, args.queries, args.dim))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
