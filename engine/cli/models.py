"""`hearth models list|import|rm` (registered by engine/cli/main.py). Top-level imports stay light."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.models.library import LibraryEntry
COLUMNS = ("NAME", "SIZE", "QUANT", "PARAMS", "CONTEXT", "SOURCE", "PATH")


def add_parsers(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register this module's subcommands; each sets `func` to a callable(args) -> exit code."""
    listing = actions.add_parser("list", help="models on this computer: Hearth's, other apps' and your folders'")
    listing.add_argument("--json", action="store_true", help="print one JSON list")
    listing.set_defaults(func=list_models)
    importing = actions.add_parser("import", help="copy a GGUF file into Hearth's models folder")
    importing.add_argument("path", metavar="PATH")
    importing.add_argument("--json", action="store_true", help="print the imported model as JSON")
    importing.set_defaults(func=import_model)
    remove = actions.add_parser("rm", help="delete Hearth's copy of a model, or hide another app's from the list")
    remove.add_argument("name", metavar="NAME")
    remove.add_argument("--json", action="store_true", help="print what happened as JSON")
    remove.set_defaults(func=remove_model)


def _row(entry: LibraryEntry) -> tuple[str, ...]:
    from engine.models.gguf_info import human_parameters, human_size

    meta = entry.metadata
    return (
        entry.name,
        human_size(meta.size_bytes or entry.size_bytes),
        meta.quantization or "-",
        human_parameters(meta.parameter_count),
        f"{meta.context_length:,}" if meta.context_length else "-",
        entry.source,
        str(entry.path),
    )


def list_models(args: argparse.Namespace) -> int:
    import json

    from engine.models.library import Library

    entries = Library().entries()
    if args.json:
        print(json.dumps([e.to_json() for e in entries], indent=2))
        return 0
    rows = [COLUMNS, *(_row(e) for e in entries)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS) - 1)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[-1])
    for entry in entries:
        if entry.metadata.error:
            print(f"! {entry.name}: {entry.metadata.error}")
    return 0


class _Progress:
    """Import progress on stderr: one updating line on a terminal, a line every 10 % otherwise."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.tty = sys.stderr.isatty()
        self.shown = -1
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        import time

        from engine.models.gguf_info import human_size

        percent = 100 * done // total if total else 100
        now = time.monotonic()
        if self.tty and (now - self.last >= 0.1 or done == total):
            self.last = now
            print(f"\r{self.label}: {percent}% ({human_size(done)} of {human_size(total)})", end="", file=sys.stderr)
            if done == total:
                print(file=sys.stderr)
        elif not self.tty and percent // 10 > self.shown // 10:
            self.shown = percent
            print(f"{self.label}: {percent}% ({human_size(done)} of {human_size(total)})", file=sys.stderr)


def import_model(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from engine.models.library import Library

    library = Library()
    before = {e.path for e in library.entries(include_hidden=True)}
    entry = library.import_file(args.path, progress=_Progress(f"Importing {Path(args.path).name}"))
    copied = entry.path not in before
    if args.json:
        print(json.dumps({"copied": copied, "model": entry.to_json()}, indent=2))
    elif copied:
        print(f"Imported {entry.name} into {entry.path}.")
    else:
        print(f"Already in the library as {entry.name} ({entry.path}); nothing was copied.")
    return 0


def remove_model(args: argparse.Namespace) -> int:
    import json

    from engine.models.library import Library

    library = Library()
    entry = library.find(args.name)
    message = library.remove(entry)
    if args.json:
        result: dict[str, Any] = {"name": entry.name, "path": str(entry.path), "deleted": entry.owned}
        print(json.dumps({**result, "message": message}))
    else:
        print(message)
    return 0
