"""Document sets on disk: one SQLite file (WAL) with the files, their chunks, a keyword index and
the chunks' embeddings.

- Keywords: an FTS5 table without content of its own (the chunk text is stored once, in `chunks`),
  fed CJK runs as character pairs (engine/docs/keywords.py); BM25 ranks. English words are
  stemmed (porter): "patents" finds "patent" (on the licence corpus, MRR 0.42 -> 0.48).
- Embeddings: float32 blobs keyed by (embedding model, chunk hash), so a chunk that did not change
  keeps its vector when its file is indexed again, and a vector is never computed twice. They sit
  in a rowid table, where a row keeps a 1.5 kB vector in place (see _ROWID_VECTORS).
- Each file is written in one transaction: a kill leaves every file either as it was or indexed.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.docs.chunking import Chunk
from engine.docs.keywords import indexed_text, match_query
from engine.errors import UserError

SCHEMA = """
CREATE TABLE IF NOT EXISTS sets (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    set_id INTEGER NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
    path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, sha256 TEXT NOT NULL,
    status TEXT NOT NULL, error TEXT NOT NULL DEFAULT '', chars INTEGER NOT NULL DEFAULT 0,
    pages INTEGER NOT NULL DEFAULT 0, indexed_at REAL NOT NULL,
    UNIQUE (set_id, path)
);
CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL, page INTEGER, section TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_file ON chunks (file_id);
CREATE INDEX IF NOT EXISTS chunks_by_hash ON chunks (hash);
CREATE VIRTUAL TABLE IF NOT EXISTS chunk_words USING fts5 (body, content='', tokenize='porter unicode61');
CREATE TABLE IF NOT EXISTS vectors (
    id INTEGER PRIMARY KEY, model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS vectors_by_key ON vectors (model, hash);
"""

# Before: vectors in a WITHOUT ROWID table. Its rows live in an index b-tree, which keeps at most
# about a quarter of a page in place, so each 1.5 kB vector (384 floats) took an overflow page of
# its own: 4.8 kB on disk a vector, and 0.76 s to read 100k of them (bench/vector_store.py).
_ROWID_VECTORS = """
CREATE TABLE vectors_with_rowid (
    id INTEGER PRIMARY KEY, model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL
);
INSERT INTO vectors_with_rowid (model, hash, vector) SELECT model, hash, vector FROM vectors;
DROP TABLE vectors;
ALTER TABLE vectors_with_rowid RENAME TO vectors;
CREATE UNIQUE INDEX vectors_by_key ON vectors (model, hash);
"""


def documents_path() -> Path:
    """Where the document sets live: in Hearth's data folder (so Delete all my data takes them)."""
    from engine.paths import data_dir

    return data_dir() / "documents.sqlite3"


class DocsError(UserError):
    """A document set could not be used as asked; str() is one sentence."""


@dataclass(frozen=True)
class FileRecord:
    id: int
    path: str
    size: int
    mtime_ns: int
    sha256: str
    status: str  # indexed, failed
    error: str
    chars: int
    pages: int


@dataclass(frozen=True)
class SetSummary:
    name: str
    files: int
    failed: int
    chunks: int
    chars: int
    embedded: int  # chunks with a vector from the embedding model asked about


@dataclass(frozen=True)
class StoredChunk:
    id: int
    path: str
    page: int | None
    section: str
    text: str
    hash: str


class DocumentStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._writes = 0  # this connection's commits; PRAGMA data_version counts the others'
        self._move_vectors_to_rowid_table()
        self._db.executescript(SCHEMA)
        self._vectors_cache: tuple[tuple[object, ...], np.ndarray, np.ndarray] | None = None

    def close(self) -> None:
        self._db.close()

    def _move_vectors_to_rowid_table(self) -> None:
        """A store from before keeps its vectors, in the table that holds them in place (then
        VACUUM gives the overflow pages back to the disk)."""

        def old_table() -> bool:
            sql = "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'vectors'"
            row = self._db.execute(sql).fetchone()
            return row is not None and "WITHOUT ROWID" in row[0].upper()

        if not old_table():
            return
        with self._transaction() as db:
            if not old_table():
                return  # another connection (the window's indexing thread) moved them just now
            for statement in _ROWID_VECTORS.split(";"):
                if statement.strip():
                    db.execute(statement)
        # Another connection reading now makes VACUUM fail: then later writes reuse the freed pages.
        with contextlib.suppress(sqlite3.OperationalError):
            self._db.execute("VACUUM")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")
        self._writes += 1

    # --- sets ------------------------------------------------------------------------

    def set_id(self, name: str, *, create: bool = False) -> int:
        row = self._db.execute("SELECT id FROM sets WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            raise DocsError("docs.no_such_set", name=name)
        if not name.strip():
            raise DocsError("docs.set_name_empty")
        cursor = self._db.execute("INSERT INTO sets (name, created) VALUES (?, ?)", (name, time.time()))
        return int(cursor.lastrowid or 0)

    def set_names(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT name FROM sets ORDER BY name")]

    def summary(self, name: str, model: str = "") -> SetSummary:
        set_id = self.set_id(name)
        files, failed, chars = self._db.execute(
            "SELECT COUNT(*), SUM(status = 'failed'), COALESCE(SUM(chars), 0) FROM files WHERE set_id = ?", (set_id,)
        ).fetchone()
        chunks, embedded = self._db.execute(
            "SELECT COUNT(*), COUNT(v.hash) FROM chunks c JOIN files f ON f.id = c.file_id "
            "LEFT JOIN vectors v ON v.hash = c.hash AND v.model = ? WHERE f.set_id = ?",
            (model, set_id),
        ).fetchone()
        return SetSummary(name, files, int(failed or 0), chunks, chars, embedded)

    def remove_set(self, name: str) -> None:
        set_id = self.set_id(name)
        with self._transaction() as db:
            for (file_id,) in db.execute("SELECT id FROM files WHERE set_id = ?", (set_id,)).fetchall():
                self._drop_chunks(db, file_id)
            db.execute("DELETE FROM sets WHERE id = ?", (set_id,))
        self._forget_unused_vectors()

    # --- files -----------------------------------------------------------------------

    def files(self, name: str) -> list[FileRecord]:
        rows = self._db.execute(
            "SELECT id, path, size, mtime_ns, sha256, status, error, chars, pages FROM files "
            "WHERE set_id = ? ORDER BY path",
            (self.set_id(name),),
        )
        return [FileRecord(*row) for row in rows]

    def file(self, set_id: int, path: str) -> FileRecord | None:
        row = self._db.execute(
            "SELECT id, path, size, mtime_ns, sha256, status, error, chars, pages FROM files "
            "WHERE set_id = ? AND path = ?",
            (set_id, path),
        ).fetchone()
        return FileRecord(*row) if row else None

    def touch(self, file_id: int, size: int, mtime_ns: int) -> None:
        """The file changed its time but not its bytes."""
        self._db.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE id = ?", (size, mtime_ns, file_id))

    def put_file(
        self,
        set_id: int,
        path: str,
        *,
        size: int,
        mtime_ns: int,
        sha256: str,
        chunks: Sequence[Chunk],
        pages: int,
        error: str = "",
    ) -> int:
        """Record `path` with `chunks` (replacing what it had), or as failed with `error`."""
        chars = sum(len(chunk.text) for chunk in chunks)
        status = "failed" if error else "indexed"
        with self._transaction() as db:
            row = db.execute("SELECT id FROM files WHERE set_id = ? AND path = ?", (set_id, path)).fetchone()
            if row is None:
                file_id = int(
                    db.execute(
                        "INSERT INTO files (set_id, path, size, mtime_ns, sha256, status, error, chars, pages, "
                        "indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (set_id, path, size, mtime_ns, sha256, status, error, chars, pages, time.time()),
                    ).lastrowid
                    or 0
                )
            else:
                file_id = int(row[0])
                self._drop_chunks(db, file_id)
                db.execute(
                    "UPDATE files SET size = ?, mtime_ns = ?, sha256 = ?, status = ?, error = ?, chars = ?, "
                    "pages = ?, indexed_at = ? WHERE id = ?",
                    (size, mtime_ns, sha256, status, error, chars, pages, time.time(), file_id),
                )
            for chunk in chunks:
                chunk_id = db.execute(
                    "INSERT INTO chunks (file_id, ordinal, page, section, text, hash) VALUES (?, ?, ?, ?, ?, ?)",
                    (file_id, chunk.ordinal, chunk.page, chunk.section, chunk.text, chunk.hash),
                ).lastrowid
                db.execute("INSERT INTO chunk_words (rowid, body) VALUES (?, ?)", (chunk_id, _words(chunk)))
        return file_id

    def remove_files(self, name: str, paths: Iterable[str]) -> int:
        set_id = self.set_id(name)
        removed = 0
        with self._transaction() as db:
            for path in paths:
                row = db.execute("SELECT id FROM files WHERE set_id = ? AND path = ?", (set_id, path)).fetchone()
                if row is None:
                    continue
                self._drop_chunks(db, int(row[0]))
                db.execute("DELETE FROM files WHERE id = ?", (row[0],))
                removed += 1
        self._forget_unused_vectors()
        return removed

    @staticmethod
    def _drop_chunks(db: sqlite3.Connection, file_id: int) -> None:
        # A contentless FTS row is deleted by giving back the words it was made of.
        for chunk_id, section, text in db.execute(
            "SELECT id, section, text FROM chunks WHERE file_id = ?", (file_id,)
        ).fetchall():
            body = indexed_text(f"{section}\n{text}")
            db.execute("INSERT INTO chunk_words (chunk_words, rowid, body) VALUES ('delete', ?, ?)", (chunk_id, body))
        db.execute("DELETE FROM chunks WHERE file_id = ?", (file_id,))

    def _forget_unused_vectors(self) -> None:
        self._db.execute("DELETE FROM vectors WHERE hash NOT IN (SELECT hash FROM chunks)")

    # --- chunks and vectors ----------------------------------------------------------

    def chunks_without_vectors(self, name: str, model: str, limit: int) -> list[StoredChunk]:
        """Chunks of the set whose text has no vector from `model` yet (one per distinct text)."""
        rows = self._db.execute(
            "SELECT MIN(c.id), f.path, c.page, c.section, c.text, c.hash FROM chunks c "
            "JOIN files f ON f.id = c.file_id LEFT JOIN vectors v ON v.hash = c.hash AND v.model = ? "
            "WHERE f.set_id = ? AND v.hash IS NULL GROUP BY c.hash ORDER BY MIN(c.id) LIMIT ?",
            (model, self.set_id(name), limit),
        )
        return [StoredChunk(*row) for row in rows]

    def put_vectors(self, model: str, hashes: Sequence[str], vectors: Sequence[Sequence[float]]) -> None:
        with self._transaction() as db:
            db.executemany(
                "INSERT OR REPLACE INTO vectors (model, hash, vector) VALUES (?, ?, ?)",
                ((model, h, np.asarray(v, dtype=np.float32).tobytes()) for h, v in zip(hashes, vectors, strict=True)),
            )

    def chunk(self, chunk_id: int) -> StoredChunk:
        row = self._db.execute(
            "SELECT c.id, f.path, c.page, c.section, c.text, c.hash FROM chunks c JOIN files f ON f.id = c.file_id "
            "WHERE c.id = ?",
            (chunk_id,),
        ).fetchone()
        return StoredChunk(*row)

    def keyword_search(self, names: Sequence[str], question: str, limit: int) -> list[tuple[int, float]]:
        """(chunk id, BM25 score: higher is better) of the best keyword matches in the sets."""
        query = match_query(question)
        if not query:
            return []
        set_ids = [self.set_id(name) for name in names]
        marks = ",".join("?" * len(set_ids))
        rows = self._db.execute(
            f"SELECT c.id, -bm25(chunk_words) AS score FROM chunk_words JOIN chunks c ON c.id = chunk_words.rowid "
            f"JOIN files f ON f.id = c.file_id WHERE chunk_words MATCH ? AND f.set_id IN ({marks}) "
            "ORDER BY score DESC LIMIT ?",
            (query, *set_ids, limit),
        )
        return [(int(chunk_id), float(score)) for chunk_id, score in rows]

    def vectors(self, names: Sequence[str], model: str) -> tuple[np.ndarray, np.ndarray]:
        """(chunk ids, their vectors as rows of a float32 matrix) of the sets' chunks. Kept until
        the store changes (here or through another connection, such as the window's indexing
        thread): reading 100k vectors out of SQLite took 0.6 s a question, the scan 20 ms."""
        version = int(self._db.execute("PRAGMA data_version").fetchone()[0])
        key = (tuple(names), model, self._writes, version)
        if self._vectors_cache is not None and self._vectors_cache[0] == key:
            return self._vectors_cache[1], self._vectors_cache[2]
        ids, matrix = self._read_vectors(names, model)
        self._vectors_cache = (key, ids, matrix)
        return ids, matrix

    def _read_vectors(self, names: Sequence[str], model: str) -> tuple[np.ndarray, np.ndarray]:
        set_ids = [self.set_id(name) for name in names]
        marks = ",".join("?" * len(set_ids))
        rows = self._db.execute(
            f"SELECT c.id, v.vector FROM chunks c JOIN files f ON f.id = c.file_id "
            f"JOIN vectors v ON v.hash = c.hash AND v.model = ? WHERE f.set_id IN ({marks}) ORDER BY c.id",
            (model, *set_ids),
        ).fetchall()
        if not rows:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 0), dtype=np.float32)
        ids = np.fromiter((row[0] for row in rows), dtype=np.int64, count=len(rows))
        matrix = np.frombuffer(b"".join(row[1] for row in rows), dtype=np.float32).reshape(len(rows), -1)
        return ids, matrix


def _words(chunk: Chunk) -> str:
    return indexed_text(f"{chunk.section}\n{chunk.text}")
