"""`hearth docs add|list|rm|search` (registered by engine/cli/main.py): document sets from the
command line. Top-level imports stay light."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.client.embedding_client import EngineEmbedder
    from engine.docs.store import DocumentStore


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    docs = sub.add_parser("docs", help="add, list, remove or search your document sets")
    actions = docs.add_subparsers(dest="docs_command", required=True)

    def common(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument(
            "--embedding-model",
            metavar="MODEL",
            help="embedding model: a library name or a GGUF path (default: the library's first)",
        )

    add = actions.add_parser("add", help="add files or folders to a set and index them (waits until done)")
    add.add_argument("paths", nargs="+", metavar="PATH")
    add.add_argument("--set", required=True, dest="set_name", metavar="NAME")
    common(add)
    listing = actions.add_parser("list", help="the document sets, or the files of one")
    listing.add_argument("--set", dest="set_name", metavar="NAME")
    common(listing)
    remove = actions.add_parser("rm", help="remove files from a set, or the whole set")
    remove.add_argument("paths", nargs="*", metavar="PATH")
    remove.add_argument("--set", required=True, dest="set_name", metavar="NAME")
    common(remove)
    search = actions.add_parser("search", help="the passages of a set that best match a question")
    search.add_argument("query", metavar="QUERY")
    search.add_argument("--set", required=True, dest="set_name", action="append", metavar="NAME")
    search.add_argument("-k", type=int, default=5, help="how many passages (default: 5)")
    search.add_argument("--mode", choices=("hybrid", "keywords", "meaning"), default="hybrid")
    common(search)


def open_store() -> DocumentStore:
    from engine.docs.store import DocumentStore, documents_path

    return DocumentStore(documents_path())


def embedder_for(choice: str | None, quiet: bool) -> tuple[EngineEmbedder | None, str]:
    from engine.client.embedding_client import EngineEmbedder
    from engine.models.embedding_models import embedding_model

    path = embedding_model(choice)
    if path is None:
        if not quiet:
            from engine.models.embedding_models import SUGGESTED_FILE, SUGGESTED_REPO

            print(
                "No embedding model is in the library yet, so documents are found by their words only; "
                f"`hearth models download {SUGGESTED_REPO} {SUGGESTED_FILE}` gets one to find them by meaning too.",
                file=sys.stderr,
            )
        return None, ""
    return EngineEmbedder(str(path)), path.name


def run_docs(args: argparse.Namespace) -> int:
    command = args.docs_command
    store = open_store()
    embedder: EngineEmbedder | None = None
    try:
        if command == "list":
            return _list(store, args)
        if command == "rm":
            return _remove(store, args)
        embedder, model = embedder_for(args.embedding_model, args.json)
        if command == "add":
            return _add(store, args, embedder, model)
        return _search(store, args, embedder, model)
    finally:
        if embedder is not None:
            embedder.close()
        store.close()


def _add(store: DocumentStore, args: argparse.Namespace, embedder: EngineEmbedder | None, model: str) -> int:
    from tqdm import tqdm

    from engine.docs.indexer import Indexer, Progress

    tqdm.monitor_interval = 0  # no monitor thread: the bars are refreshed at each step anyway

    bars: dict[str, Any] = {}

    def on_progress(progress: Progress) -> None:
        if args.json:
            return
        bar = bars.get(progress.phase)
        if bar is None:
            unit = "file" if progress.phase == "reading" else "chunk"
            bar = bars[progress.phase] = tqdm(total=progress.total, desc=progress.phase, unit=unit, file=sys.stderr)
        bar.n = progress.done
        bar.refresh()

    indexer = Indexer(store, args.set_name, embed=embedder, model=model, on_progress=on_progress)
    report = indexer.add([Path(p) for p in args.paths])
    for bar in bars.values():
        bar.close()
    summary = store.summary(args.set_name, model)
    if args.json:
        print(
            json.dumps(
                {
                    "set": args.set_name,
                    "read": report.read,
                    "unchanged": report.unchanged,
                    "failed": [{"path": p, "error": e} for p, e in report.failed],
                    "chunks_embedded": report.chunks_embedded,
                    "files": summary.files,
                    "chunks": summary.chunks,
                    "embedded": summary.embedded,
                    "embedding_model": model,
                },
                ensure_ascii=False,
            )
        )
    else:
        for path, error in report.failed:
            print(f"skipped {path}: {error}", file=sys.stderr)
        print(
            f"{args.set_name}: {len(report.read)} read, {report.unchanged} unchanged, {len(report.failed)} skipped; "
            f"{summary.files} files, {summary.chunks} passages, {summary.embedded} with embeddings"
        )
    return 0


def _list(store: DocumentStore, args: argparse.Namespace) -> int:
    if args.set_name:
        files = store.files(args.set_name)
        if args.json:
            print(json.dumps([f.__dict__ for f in files], ensure_ascii=False))
        else:
            for f in files:
                state = f"failed: {f.error}" if f.status == "failed" else f"{f.chars:,} characters"
                print(f"{f.path}\t{state}")
        return 0
    summaries = [store.summary(name) for name in store.set_names()]
    if args.json:
        print(json.dumps([{k: v for k, v in s.__dict__.items() if k != "embedded"} for s in summaries]))
    else:
        for s in summaries:
            print(f"{s.name}\t{s.files} files\t{s.chunks} passages\t{s.failed} skipped")
    return 0


def _remove(store: DocumentStore, args: argparse.Namespace) -> int:
    if args.paths:
        removed = store.remove_files(args.set_name, [str(Path(p).expanduser().absolute()) for p in args.paths])
        result = {"set": args.set_name, "files_removed": removed}
    else:
        store.remove_set(args.set_name)
        result = {"set": args.set_name, "removed": True}
    print(json.dumps(result) if args.json else f"removed {result}")
    return 0


def _search(store: DocumentStore, args: argparse.Namespace, embedder: EngineEmbedder | None, model: str) -> int:
    from engine.docs.search import search

    hits = search(
        store,
        args.set_name,
        args.query,
        limit=args.k,
        embed=embedder.one if embedder is not None else None,
        model=model,
        mode=args.mode,
    )
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "path": h.path,
                        "page": h.page,
                        "section": h.section,
                        "score": round(h.score, 6),
                        "found_by": h.found_by,
                        "excerpt": h.text,
                    }
                    for h in hits
                ],
                ensure_ascii=False,
            )
        )
        return 0
    for rank, h in enumerate(hits, 1):
        place = f", {h.place}" if h.place else ""
        excerpt = " ".join(h.text.split())[:240]
        print(f"[{rank}] {h.path}{place}  (score {h.score:.4f}, {h.found_by})\n    {excerpt}")
    return 0
