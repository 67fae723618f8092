"""`hearth models list|import|rm|compare` (registered by engine/cli/main.py). Top-level imports stay light."""

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
    compare = actions.add_parser(
        "compare",
        help="compare quantizations of one model: size, memory, measured speed and KL divergence",
        description="Compare quantizations of one model side by side. Name two or more files (or library names), or "
        "one model to compare every quantization of it in the library. The reference is the most precise file "
        "(most bits per weight): KL divergence says how far each other file's next-token probabilities drift from "
        "it over a fixed text (as llama-perplexity --kl-divergence measures it). Figures are measured once per file "
        "and settings, and remembered; --measure measures what is missing.",
    )
    compare.add_argument("files", metavar="FILE", nargs="+", help="model files or library names")
    compare.add_argument("--measure", action="store_true", help="measure the figures that are missing")
    compare.add_argument("--again", action="store_true", help="measure every figure again")
    compare.add_argument("--context", type=int, default=4096, help="context (tokens) for the memory column")
    compare.add_argument("--prefill-tokens", type=int, default=256, help="tokens read for the prefill speed")
    compare.add_argument("--decode-tokens", type=int, default=64, help="tokens written for the decode speed")
    compare.add_argument("--kl-context", type=_kl_context, default=256, help="tokens per chunk of the KL text")
    compare.add_argument("--kl-chunks", type=int, default=4, help="chunks of the KL text at most")
    compare.add_argument("--threads", type=int, default=None, help="CPU threads (default: physical cores)")
    compare.add_argument("--json", action="store_true", help="print the rows as JSON")
    compare.set_defaults(func=compare_models)


def _kl_context(value: str) -> int:
    """--kl-context: half of each chunk is its context and the other half is scored, so at least 4 tokens."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a KL chunk is a whole number of tokens, not {value!r}.") from None
    if n < 4:
        raise argparse.ArgumentTypeError(f"a KL chunk needs at least 4 tokens, not {n}.")
    return n


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

    def __init__(self, label: str, *, in_bytes: bool = True) -> None:
        self.label = label
        self.in_bytes = in_bytes  # False: steps of work (a measurement), said as a percentage only
        self.tty = sys.stderr.isatty()
        self.shown = -1
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        import time

        from engine.models.gguf_info import human_size

        percent = 100 * done // total if total else 100
        amount = f" ({human_size(done)} of {human_size(total)})" if self.in_bytes else ""
        now = time.monotonic()
        if self.tty and (now - self.last >= 0.1 or done == total):
            self.last = now
            print(f"\r{self.label}: {percent}%{amount}", end="", file=sys.stderr)
            if done == total:
                print(file=sys.stderr)
        elif not self.tty and percent // 10 > self.shown // 10:
            self.shown = percent
            print(f"{self.label}: {percent}%{amount}", file=sys.stderr)


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


def compare_models(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from engine.models.library import Library
    from engine.models.quant_compare import (
        Measurement,
        MeasureSettings,
        compare_rows,
        group_of_paths,
        quant_groups,
        table_lines,
    )

    library = Library()
    paths = []
    for item in args.files:
        path = Path(item).expanduser()
        paths.append(path if path.is_file() else library.find(item).path)
    if len(paths) == 1:
        groups = [g for g in quant_groups(library.entries(), min_files=1) if any(f.path == paths[0] for f in g.files)]
        group = groups[0] if groups else group_of_paths(paths)
    else:
        group = group_of_paths(paths)
    settings = MeasureSettings(
        prefill_tokens=args.prefill_tokens,
        decode_tokens=args.decode_tokens,
        n_ctx=args.kl_context,
        chunks=args.kl_chunks,
        threads=args.threads,
    )
    if args.measure or args.again:
        measurement = Measurement.for_group(group, settings, again=args.again)
        progress = _Progress("Measuring", in_bytes=False)
        try:
            outcome = measurement.run(on_progress=progress)
        except KeyboardInterrupt:
            measurement.stop()
            return 130
        for failed, sentence in outcome.errors:
            print(f"! {Path(failed).name or 'measuring'}: {sentence}", file=sys.stderr)
    rows = compare_rows(group, args.context, settings)
    if args.json:
        print(
            json.dumps({"model": group.title, "context": args.context, "rows": [r.to_json() for r in rows]}, indent=2)
        )
        return 0
    print(f"{group.title}: {len(rows)} file(s); reference {group.reference.name}")
    for line in table_lines(rows, args.context):
        print(line)
    if not (args.measure or args.again) and any(r.bench is None or (r.kl is None and not r.is_reference) for r in rows):
        print("Some figures are not measured yet: add --measure.")
    return 0
