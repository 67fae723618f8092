"""Quantizations of one model compared: size, memory, measured speed, and KL divergence.

A model often comes in several quantizations (Q8_0, Q4_K_M, …): smaller files load faster, need
less memory and write faster, but their answers drift from the original. This module
- groups the library's files that are one base model (same architecture, parameter count and
  name; requantizing keeps all three),
- measures each file's prefill and decode speed, and its KL divergence from the group's
  highest-precision file (the most bits per weight) over a fixed text (engine/models/quant_text.py),
  in a throwaway child process (engine/runtime/quant_measure.py), with progress and stop,
- keeps the figures in the data folder (quant-compare.json), keyed by each file's path, size and
  modification time and by the settings measured with, so a measurement is made once per file
  version and settings (a one-thread speed run is not this computer's speed with all its cores).
Nothing here loads llama.cpp; the child does.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from engine.models.fit import estimate_fit
from engine.models.gguf_info import ModelMetadata, human_size, model_stem, read_model_metadata
from engine.models.quant_text import TEXT, TEXT_ID

if TYPE_CHECKING:
    from engine.models.library import LibraryEntry

logger = logging.getLogger(__name__)

STORE_FILE = "quant-compare.json"
DAMAGED_SUFFIX = ".damaged"
STORE_VERSION = 1
DEFAULT_MEMORY_CONTEXT = 4096

FigureKind = Literal["bench", "kl"]


@dataclass(frozen=True)
class MeasureSettings:
    """How much to measure. The defaults take a few seconds per file for a small model;
    tests use less. llama-bench's own defaults are 512 and 128 tokens."""

    prefill_tokens: int = 256
    decode_tokens: int = 64
    n_ctx: int = 256  # tokens per KL chunk (llama-perplexity's -c); half of each chunk is scored
    chunks: int = 4
    threads: int | None = None  # None: the engine's default (physical cores)

    def kl_key(self) -> str:
        return f"{TEXT_ID}|ctx{self.n_ctx}|x{self.chunks}"

    def bench_key(self) -> str:
        threads = "auto" if self.threads is None else self.threads
        return f"pp{self.prefill_tokens}|tg{self.decode_tokens}|t{threads}"


# ---- files and groups -------------------------------------------------------------------------------


@dataclass(frozen=True)
class QuantFile:
    path: Path
    name: str
    meta: ModelMetadata = field(compare=False, repr=False)

    @property
    def quantization(self) -> str:
        return self.meta.quantization or "?"

    @property
    def size_bytes(self) -> int:
        return self.meta.size_bytes

    @property
    def bits_per_weight(self) -> float | None:
        n = self.meta.parameter_count
        return 8 * self.size_bytes / n if n else None

    def memory_bytes(self, n_ctx: int) -> int | None:
        """What the model needs loaded at `n_ctx` tokens, at its peak (engine/models/fit.py)."""
        shape = self.meta.shape
        if shape is None:
            return None
        return estimate_fit(self.size_bytes, shape, n_ctx).ram_needed


@dataclass(frozen=True)
class QuantGroup:
    title: str  # the base model's name
    files: tuple[QuantFile, ...]  # the highest precision (most bits per weight) first

    @property
    def reference(self) -> QuantFile:
        return self.files[0]


_QUANT_IN_NAME = re.compile(r"[-_. ](?:[IiQqFfBb][A-Za-z0-9_]*\d[A-Za-z0-9_]*)$")


def base_name(meta: ModelMetadata) -> str:
    """The model's name without its quantization: general.name, else the file name's stem."""
    if meta.display_name:
        return meta.display_name.strip()
    stem = model_stem(meta.path)
    while (match := _QUANT_IN_NAME.search(stem)) is not None and match.start() > 0:
        stem = stem[: match.start()]
    return stem


def group_key(meta: ModelMetadata) -> tuple[str, int, str] | None:
    if not meta.usable or not meta.architecture or not meta.parameter_count:
        return None
    return (meta.architecture, meta.parameter_count, base_name(meta).lower())


def _sorted_files(files: Iterable[QuantFile]) -> tuple[QuantFile, ...]:
    return tuple(sorted(files, key=lambda f: (-(f.bits_per_weight or 0.0), f.name)))


def quant_groups(entries: Iterable[LibraryEntry], min_files: int = 2) -> list[QuantGroup]:
    """The library's models that come in at least `min_files` quantizations, largest group first."""
    grouped: dict[tuple[str, int, str], list[QuantFile]] = {}
    for entry in entries:
        key = group_key(entry.metadata)
        if key is not None:
            grouped.setdefault(key, []).append(QuantFile(entry.path, entry.name, entry.metadata))
    groups = [QuantGroup(base_name(files[0].meta), _sorted_files(files)) for files in grouped.values()]
    return sorted((g for g in groups if len(g.files) >= min_files), key=lambda g: (-len(g.files), g.title.lower()))


def group_of_paths(paths: Iterable[str | os.PathLike[str]]) -> QuantGroup:
    """Files the user named (the command line), compared as one group whatever their names."""
    files = []
    for path in paths:
        meta = read_model_metadata(path)
        if meta.error:
            raise ValueError(meta.error)
        files.append(QuantFile(meta.path, model_stem(meta.path), meta))
    if not files:
        raise ValueError("no files to compare")
    return QuantGroup(base_name(files[0].meta), _sorted_files(files))


# ---- stored figures -----------------------------------------------------------------------------


def file_key(path: Path) -> str:
    """One file version: its real path, size and modification time."""
    stat = path.stat()
    return f"{os.path.realpath(path)}|{stat.st_size}|{stat.st_mtime_ns}"


class FigureStore:
    """quant-compare.json in the data folder.

    {"bench": {"file key | settings": {...}}, "kl": {"ref key > file key | settings": {...}}}

    A file that cannot be read as JSON is set aside (quant-compare.json.damaged) rather than
    overwritten by the next figure, as engine/settings.py does with settings.json."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path

    @property
    def path(self) -> Path:
        if self._path is None:
            from engine.paths import data_dir

            return data_dir() / STORE_FILE
        return self._path

    def _load(self) -> dict[str, Any]:
        import json

        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            data = {}
        except (OSError, ValueError) as exc:
            self._set_aside(str(exc))
            data = {}
        if not isinstance(data, dict):
            self._set_aside("not a JSON object")
            data = {}
        if data.get("version") != STORE_VERSION:
            return {"version": STORE_VERSION, "bench": {}, "kl": {}}
        data.setdefault("bench", {})
        data.setdefault("kl", {})
        return data

    def _set_aside(self, reason: str) -> None:
        backup = self.path.with_name(self.path.name + DAMAGED_SUFFIX)
        logger.warning("%s is damaged (%s); saved as %s, figures start anew", self.path.name, reason, backup.name)
        try:
            os.replace(self.path, backup)
        except OSError as exc:
            logger.warning("could not set the damaged %s aside: %s", self.path.name, exc)

    def _save(self, data: dict[str, Any]) -> None:
        import json

        self.path.parent.mkdir(parents=True, exist_ok=True)
        # One temporary name per process and thread: the window and the command line may save at once.
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, self.path)

    @staticmethod
    def _bench_key(path: Path, settings: MeasureSettings) -> str:
        return f"{file_key(path)} | {settings.bench_key()}"

    @staticmethod
    def _kl_key(reference: Path, path: Path, settings: MeasureSettings) -> str:
        return f"{file_key(reference)} > {file_key(path)} | {settings.kl_key()}"

    def bench(self, path: Path, settings: MeasureSettings) -> dict[str, Any] | None:
        found = self._load()["bench"].get(self._bench_key(path, settings))
        return found if isinstance(found, dict) else None

    def kl(self, reference: Path, path: Path, settings: MeasureSettings) -> dict[str, Any] | None:
        found = self._load()["kl"].get(self._kl_key(reference, path, settings))
        return found if isinstance(found, dict) else None

    def put(
        self,
        kind: FigureKind,
        path: Path,
        figures: dict[str, Any],
        reference: Path | None = None,
        settings: MeasureSettings | None = None,
    ) -> None:
        if settings is None:
            raise ValueError("a figure needs the settings it was measured with")
        data = self._load()
        if kind == "bench":
            data["bench"][self._bench_key(path, settings)] = figures
        else:
            if reference is None:
                raise ValueError("a KL figure needs its reference file and settings")
            data["kl"][self._kl_key(reference, path, settings)] = {**figures, "reference": str(reference)}
        self._save(data)


# ---- one row per file ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CompareRow:
    file: QuantFile
    is_reference: bool
    memory_bytes: int | None
    bench: dict[str, Any] | None
    kl: dict[str, Any] | None

    @property
    def prefill_tok_s(self) -> float | None:
        return float(self.bench["prefill_tok_s"]) if self.bench else None

    @property
    def decode_tok_s(self) -> float | None:
        return float(self.bench["decode_tok_s"]) if self.bench else None

    @property
    def kl_mean(self) -> float | None:
        if self.is_reference:
            return 0.0
        return float(self.kl["kl_mean"]) if self.kl else None

    @property
    def kl_p99(self) -> float | None:
        if self.is_reference:
            return 0.0
        return float(self.kl["kl_p99"]) if self.kl else None

    @property
    def same_top(self) -> float | None:
        if self.is_reference:
            return 1.0
        return float(self.kl["same_top"]) if self.kl else None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.file.name,
            "path": str(self.file.path),
            "quantization": self.file.quantization,
            "size_bytes": self.file.size_bytes,
            "bits_per_weight": self.file.bits_per_weight,
            "memory_bytes": self.memory_bytes,
            "reference": self.is_reference,
            "prefill_tok_s": self.prefill_tok_s,
            "decode_tok_s": self.decode_tok_s,
            "kl_mean": self.kl_mean,
            "kl_p99": self.kl_p99,
            "same_top": self.same_top,
            "bench": self.bench,
            "kl": self.kl,
        }


def compare_rows(
    group: QuantGroup,
    memory_context: int = DEFAULT_MEMORY_CONTEXT,
    settings: MeasureSettings | None = None,
    store: FigureStore | None = None,
) -> list[CompareRow]:
    """Each file of `group` with what is known of it (figures measured earlier, or None)."""
    settings = settings or MeasureSettings()
    store = store or FigureStore()
    reference = group.reference.path
    rows = []
    for file in group.files:
        is_reference = file.path == reference
        rows.append(
            CompareRow(
                file,
                is_reference,
                file.memory_bytes(memory_context),
                store.bench(file.path, settings),
                None if is_reference else store.kl(reference, file.path, settings),
            )
        )
    return rows


def missing_figures(
    group: QuantGroup, settings: MeasureSettings, store: FigureStore | None = None
) -> tuple[list[Path], list[Path]]:
    """(files without speed figures, files without a KL figure against the reference)."""
    store = store or FigureStore()
    bench = [f.path for f in group.files if store.bench(f.path, settings) is None]
    kl = [f.path for f in group.files[1:] if store.kl(group.reference.path, f.path, settings) is None]
    return bench, kl


# ---- measuring in a child process ---------------------------------------------------------------


@dataclass(frozen=True)
class MeasureOutcome:
    stopped: bool
    errors: tuple[tuple[str, str], ...]  # (path, one sentence)
    measured: int  # figures stored


def _child_entry(conn: Connection, jobs: dict[str, Any], log_path: str) -> None:
    """The child's first function: only the child imports the runtime (and llama.cpp)."""
    from engine.runtime.quant_measure import child_main

    child_main(conn, jobs, log_path)


class Measurement:
    """One measuring run: `run()` blocks (call it off the GUI thread) until done or `stop()`."""

    def __init__(
        self,
        reference: Path | None,
        bench: list[Path],
        kl: list[Path],
        settings: MeasureSettings | None = None,
        store: FigureStore | None = None,
    ) -> None:
        self.reference = reference
        self.bench_files = list(bench)
        self.kl_files = list(kl) if reference is not None else []
        self.settings = settings or MeasureSettings()
        self.store = store or FigureStore()
        self._stop = threading.Event()
        self.scratch: Path | None = None  # the KL run's temporary folder, while it runs

    @classmethod
    def for_group(
        cls,
        group: QuantGroup,
        settings: MeasureSettings | None = None,
        store: FigureStore | None = None,
        *,
        again: bool = False,
    ) -> Measurement:
        """What `group` lacks (everything, with `again`)."""
        settings = settings or MeasureSettings()
        store = store or FigureStore()
        if again:
            bench, kl = [f.path for f in group.files], [f.path for f in group.files[1:]]
        else:
            bench, kl = missing_figures(group, settings, store)
        return cls(group.reference.path, bench, kl, settings, store)

    @property
    def empty(self) -> bool:
        return not self.bench_files and not self.kl_files

    def stop(self) -> None:
        """Ask the run to end: the child is killed within a tenth of a second (from any thread)."""
        self._stop.set()

    def _remove_scratch(self) -> None:
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def run(
        self,
        on_progress: Callable[[int, int], None] | None = None,
        on_figures: Callable[[FigureKind, Path, dict[str, Any]], None] | None = None,
    ) -> MeasureOutcome:
        if self.empty:
            return MeasureOutcome(False, (), 0)
        from engine.paths import log_dir

        s = self.settings
        log_path = log_dir() / "quant-compare.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        # Made and removed here, not in the child: a stopped child is killed and cleans up nothing.
        self.scratch = Path(tempfile.mkdtemp(prefix="hearth-kl-")) if self.kl_files else None
        jobs = {
            "text": TEXT,
            "threads": s.threads,
            "bench": [str(p) for p in self.bench_files],
            "kl": [str(p) for p in self.kl_files],
            "reference": str(self.reference) if self.reference else None,
            "prefill_tokens": s.prefill_tokens,
            "decode_tokens": s.decode_tokens,
            "n_ctx": s.n_ctx,
            "chunks": s.chunks,
            "scratch": str(self.scratch) if self.scratch else None,
        }
        ctx = multiprocessing.get_context("spawn")
        parent_conn, child_conn = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child_entry, args=(child_conn, jobs, str(log_path)), name="hearth-quant-compare")
        try:
            process.start()
        except BaseException:
            self._remove_scratch()
            raise
        child_conn.close()
        errors: list[tuple[str, str]] = []
        measured, finished = 0, False
        by_name = {str(p): p for p in [*self.bench_files, *self.kl_files]}
        try:
            while not finished and not self._stop.is_set():
                if not wait([parent_conn, process.sentinel], 0.1):
                    continue
                if not parent_conn.poll():
                    break  # the child is gone
                try:
                    message = parent_conn.recv()
                except (EOFError, OSError):
                    break
                match message:
                    case ("progress", done, total):
                        if on_progress is not None:
                            on_progress(int(done), int(total))
                    case ("bench" | "kl" as kind, path, figures):
                        file = by_name.get(path, Path(path))
                        self.store.put(kind, file, figures, self.reference, self.settings)
                        measured += 1
                        if on_figures is not None:
                            on_figures(kind, file, figures)
                    case ("error", path, sentence):
                        errors.append((str(path), str(sentence)))
                    case ("done",):
                        finished = True
                    case _:
                        logger.warning("unexpected message from the measuring child: %r", message)
        finally:
            with contextlib.suppress(OSError):
                parent_conn.close()
            process.join(5.0 if finished else 0.0)
            if process.is_alive():
                process.kill()
                process.join(5.0)
            self._remove_scratch()
        stopped = self._stop.is_set() and not finished
        if not finished and not stopped:
            errors.append(("", f"the measuring process ended early (exit code {process.exitcode}); see {log_path}"))
        return MeasureOutcome(stopped, tuple(errors), measured)


# ---- words ---------------------------------------------------------------------------------------


def kl_words(kl_mean: float | None) -> str:
    """How far a file's answers drift from the reference's, in plain words (llama.cpp's community
    rule of thumb for mean KL divergence)."""
    if kl_mean is None:
        return "not measured"
    if kl_mean < 0.01:
        return "hard to notice"
    if kl_mean < 0.05:
        return "slight"
    if kl_mean < 0.1:
        return "noticeable"
    return "large"


def table_lines(rows: list[CompareRow], memory_context: int) -> list[str]:
    """The comparison as text columns (the command line)."""
    header = (
        "FILE",
        "QUANT",
        "SIZE",
        f"MEMORY@{memory_context}",
        "PREFILL t/s",
        "DECODE t/s",
        "KL MEAN",
        "KL 99%",
        "SAME TOP",
        "DRIFT",
    )

    def number(value: float | None, fmt: str) -> str:
        return "-" if value is None else format(value, fmt)

    table = [header]
    for row in rows:
        table.append(
            (
                row.file.name + (" (reference)" if row.is_reference else ""),
                row.file.quantization,
                human_size(row.file.size_bytes),
                human_size(row.memory_bytes) if row.memory_bytes else "-",
                number(row.prefill_tok_s, ",.0f"),
                number(row.decode_tok_s, ",.1f"),
                number(row.kl_mean, ".4f"),
                number(row.kl_p99, ".4f"),
                "-" if row.same_top is None else f"{100 * row.same_top:.1f} %",
                "reference" if row.is_reference else kl_words(row.kl_mean),
            )
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in table]
