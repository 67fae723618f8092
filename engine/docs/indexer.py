"""Indexing a document set: files found, read, cut into chunks and embedded, resumably.

Two passes, each saved as it goes, so a killed or paused run picks up where it stopped:
1. Each file whose size or time changed (and, then, whose bytes changed) is read and chunked, and
   recorded in one transaction. A file that cannot be read is recorded as failed, with its sentence;
   the others go on.
2. Chunks without a vector from the embedding model are embedded in groups, each group saved. A
   chunk whose text did not change keeps its vector (they are keyed by its hash), so editing one
   page of a file embeds that page's chunks again and nothing else.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.docs.chunking import chunk_passages
from engine.docs.embedding_text import passage_text
from engine.docs.extract import DocumentError, extract, kind_of
from engine.docs.store import DocumentStore

EMBED_GROUP = 32  # chunks embedded (and saved) together

Embed = Callable[[list[str]], list[list[float]]]


@dataclass
class Progress:
    phase: str  # "reading" or "embedding"
    done: int
    total: int
    began_at: float
    current: str = ""  # the file being read

    @property
    def eta_s(self) -> float | None:
        """Seconds left at the pace so far; None before there is a pace."""
        if self.done <= 0 or self.total <= self.done:
            return None if self.done <= 0 else 0.0
        elapsed = time.monotonic() - self.began_at
        return elapsed / self.done * (self.total - self.done)


@dataclass
class IndexReport:
    read: list[str] = field(default_factory=list)  # files read (new or changed)
    unchanged: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)  # (path, one sentence)
    chunks_embedded: int = 0
    paused: bool = False


def document_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The documents at `paths`: files as given, folders walked (hidden ones left out), in order."""
    for given in paths:
        path = given.expanduser().absolute()
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    candidate = Path(root) / name
                    if not name.startswith(".") and kind_of(candidate) is not None:
                        yield candidate
        else:
            yield path


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Indexer:
    def __init__(
        self,
        store: DocumentStore,
        set_name: str,
        *,
        embed: Embed | None = None,
        model: str = "",
        on_progress: Callable[[Progress], None] = lambda _progress: None,
        pause: threading.Event | None = None,
    ) -> None:
        """`embed`: texts to unit vectors with the embedding model named `model` (None: keywords only)."""
        self.store = store
        self.set_name = set_name
        self.embed = embed
        self.model = model
        self.on_progress = on_progress
        self.pause = pause or threading.Event()

    def add(self, paths: Sequence[Path]) -> IndexReport:
        set_id = self.store.set_id(self.set_name, create=True)
        report = IndexReport()
        files = list(dict.fromkeys(document_files(paths)))
        progress = Progress("reading", 0, len(files), time.monotonic())
        for path in files:
            if self.pause.is_set():
                report.paused = True
                return report
            progress.current = str(path)
            self.on_progress(progress)
            self._read(set_id, path, report)
            progress.done += 1
        self.on_progress(progress)
        if self.embed is not None:
            self.embed_missing(report)
        return report

    def _read(self, set_id: int, path: Path, report: IndexReport) -> None:
        try:
            stat = path.stat()
        except OSError:
            report.failed.append((str(path), str(DocumentError("docs.unreadable", name=path.name))))
            return
        known = self.store.file(set_id, str(path))
        if known and known.size == stat.st_size and known.mtime_ns == stat.st_mtime_ns and known.status == "indexed":
            report.unchanged += 1
            return
        sha = _sha256(path)
        if known and known.sha256 == sha and known.status == "indexed":
            self.store.touch(known.id, stat.st_size, stat.st_mtime_ns)
            report.unchanged += 1
            return
        try:
            passages = extract(path)
        except DocumentError as exc:
            self.store.put_file(
                set_id,
                str(path),
                size=stat.st_size,
                mtime_ns=stat.st_mtime_ns,
                sha256=sha,
                chunks=(),
                pages=0,
                error=str(exc),
            )
            report.failed.append((str(path), str(exc)))
            return
        chunks = chunk_passages(passages)
        pages = max((p.page or 0 for p in passages), default=0)
        self.store.put_file(
            set_id, str(path), size=stat.st_size, mtime_ns=stat.st_mtime_ns, sha256=sha, chunks=chunks, pages=pages
        )
        report.read.append(str(path))

    def embed_missing(self, report: IndexReport | None = None) -> IndexReport:
        """Embed the set's chunks that have no vector from the model yet."""
        report = report or IndexReport()
        assert self.embed is not None
        total = self.store.summary(self.set_name, self.model)
        progress = Progress("embedding", 0, total.chunks - total.embedded, time.monotonic())
        while True:
            if self.pause.is_set():
                report.paused = True
                return report
            group = self.store.chunks_without_vectors(self.set_name, self.model, EMBED_GROUP)
            if not group:
                break
            vectors = self.embed([passage_text(self.model, chunk.section, chunk.text) for chunk in group])
            self.store.put_vectors(self.model, [chunk.hash for chunk in group], vectors)
            report.chunks_embedded += len(group)
            progress.done += len(group)
            self.on_progress(progress)
        return report
