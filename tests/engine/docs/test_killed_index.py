"""A `hearth docs add` killed (SIGKILL) while it indexes, then run again, leaves the same index as
a run that was never interrupted: each file is written in one transaction, and what was read but
not embedded yet is embedded by the next run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.docs.store import DocumentStore
from tests.engine.docs.documents import pdf

pytestmark = pytest.mark.e2e  # a real `hearth docs add` killed part way


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    for n in range(5):  # about 70 chunks: three groups of embeddings (EMBED_GROUP), so a kill lands between them
        pages = [
            f"Manual {n}, page {p}: " + f"the part number {n}-{p} fits the model {p * n} boiler. " * 50
            for p in range(4)
        ]
        pdf(
            folder / f"manual-{n}.pdf", ["\n".join(page[i : i + 90] for i in range(0, len(page), 90)) for page in pages]
        )
    return folder


def _add(home: Path, folder: Path, model: Path) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "app",
        "docs",
        "add",
        str(folder),
        "--set",
        "home",
        "--embedding-model",
        str(model),
        "--json",
    ]
    return subprocess.Popen(
        command, env={**os.environ, "HEARTH_HOME": str(home)}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def _counts(db: Path) -> tuple[int, int]:
    """(chunks, vectors) stored so far."""
    if not db.exists():
        return 0, 0
    try:
        with sqlite3.connect(db, timeout=0.1) as conn:
            chunks = int(conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0])
            return chunks, int(conn.execute("SELECT COUNT(*) FROM vectors").fetchone()[0])
    except sqlite3.Error:
        return 0, 0


def _contents(db: Path, model: str) -> tuple[list[tuple[str, int | None, str, str]], list[tuple[str, bytes]]]:
    store = DocumentStore(db)
    try:
        ids, matrix = store.vectors(["home"], model)
        chunks = sorted((Path(c.path).name, c.page, c.text, c.hash) for c in (store.chunk(int(i)) for i in ids))
        summary = store.summary("home", model)
        assert summary.embedded == summary.chunks
        vectors = sorted((store.chunk(int(i)).hash, row.tobytes()) for i, row in zip(ids, matrix, strict=True))
        return chunks, vectors
    finally:
        store.close()


def test_a_killed_index_resumes_to_the_same_index(tmp_path: Path, embedding_model: Path) -> None:
    folder = _folder(tmp_path)
    whole_home, killed_home = tmp_path / "whole-home", tmp_path / "killed-home"
    assert _add(whole_home, folder, embedding_model).wait(timeout=600) == 0

    killed_db = killed_home / "data" / "documents.sqlite3"
    run = _add(killed_home, folder, embedding_model)
    deadline = time.monotonic() + 300
    # Killed once the first embeddings are saved: the files are read, most chunks wait for theirs.
    while _counts(killed_db)[1] == 0 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.05)
    assert run.poll() is None, "the run ended before it could be killed"
    os.kill(run.pid, signal.SIGKILL)
    run.wait(timeout=30)
    chunks, vectors = _counts(killed_db)
    assert 0 < vectors < chunks
    assert _add(killed_home, folder, embedding_model).wait(timeout=600) == 0

    model = embedding_model.name
    assert _contents(killed_db, model) == _contents(whole_home / "data" / "documents.sqlite3", model)
