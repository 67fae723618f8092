"""What a GGUF model file is, read from its header without loading the model.

We read headers with our own parser (engine.models.gguf_header) and take only the names of
quantization types from the `gguf` package. gguf.GGUFReader builds numpy views of every
metadata array and tensor, which is slow on large vocabularies. Measured here, 2 cores,
best of 3 runs of gguf.GGUFReader(path) against engine.models.gguf_header.read_header(path):
    SmolLM2-135M Q4_1 (49k vocab):  GGUFReader 4,620 ms   read_header  59 ms
    Gemma 3 270M Q4_K_M (262k):     GGUFReader 15,160 ms  read_header 135 ms
Results are also kept in a small JSON file in the cache dir, keyed by path, size and
mtime_ns, so listing 50 models reads no file a second time.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import UserError

if TYPE_CHECKING:
    from engine.models.shape import ModelShape
logger = logging.getLogger(__name__)

CACHE_FILE = "model-metadata.json"
CACHE_VERSION = 1  # raise it when engine.models.gguf_header changes what it returns
# llama.cpp's gguf-split naming: NAME-00001-of-00003.gguf (split.no counts from 0 inside).
SPLIT_NAME = re.compile(r"^(?P<base>.+)-(?P<no>\d{5})-of-(?P<count>\d{5})\.gguf$", re.IGNORECASE)


@dataclass(frozen=True)
class ModelMetadata:
    path: Path  # the file; for a split model, its first part
    size_bytes: int  # all parts together
    architecture: str | None = None
    parameter_count: int | None = None  # elements over all tensors of all parts
    quantization: str | None = None  # e.g. "Q4_K_M"
    context_length: int | None = None  # what the model was trained for
    chat_template: str | None = None
    license: str | None = None
    display_name: str | None = None  # general.name
    split_count: int = 1
    parts: tuple[Path, ...] = ()
    # The header's keys as engine.models.gguf_header returns them (long arrays as their length).
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    error: str | None = None  # one sentence when the file cannot be used
    error_code: str = ""  # its code and values (engine.errors.MESSAGES), for the window's translation
    error_params: tuple[tuple[str, str], ...] = ()

    @property
    def usable(self) -> bool:
        return self.error is None

    @property
    def shape(self) -> ModelShape | None:
        """Layers, heads and head sizes for memory estimates; None when the header lacks them."""
        from engine.models.shape import ModelShape, ModelShapeError

        if self.error:
            return None
        try:
            return ModelShape.from_metadata(self.raw, n_params=self.parameter_count)
        except ModelShapeError:
            return None


@dataclass(frozen=True)
class _FileInfo:
    """One file's header facts: what the cache stores."""

    size: int
    mtime_ns: int
    metadata: dict[str, Any]
    parameter_count: int
    error: str | None
    error_code: str = ""
    error_params: tuple[tuple[str, str], ...] = ()


def _problem(error: UserError) -> dict[str, Any]:
    """The error fields of ModelMetadata and _FileInfo for `error`."""
    return {"error": str(error), "error_code": error.code, "error_params": tuple(error.params.items())}


def _pairs(value: object) -> tuple[tuple[str, str], ...]:
    """Error values as the cache file keeps them (a list of [name, value]); () when damaged."""
    if not isinstance(value, list):
        return ()
    return tuple((str(pair[0]), str(pair[1])) for pair in value if isinstance(pair, list) and len(pair) == 2)


def human_size(n: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:,.1f} {unit}" if n < 10 * scale else f"{n / scale:,.0f} {unit}"
    return f"{n} B"


def human_parameters(n: int | None) -> str:
    if not n:
        return "-"
    for unit, scale in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f}{unit}" if n < 10 * scale else f"{n / scale:.0f}{unit}"
    return str(n)


def split_parts(path: Path) -> tuple[int, int, list[Path]] | None:
    """(part number from 1, part count, every part's path) when the name is a split part's."""
    match = SPLIT_NAME.match(path.name)
    if not match:
        return None
    count = int(match["count"])
    suffix = path.name[match.end("count") :]
    names = [f"{match['base']}-{i:05d}-of-{match['count']}{suffix}" for i in range(1, count + 1)]
    return int(match["no"]), count, [path.with_name(name) for name in names]


def model_stem(path: Path) -> str:
    """The model's name from its file name: no .gguf, no -00001-of-00003."""
    match = SPLIT_NAME.match(path.name)
    if match:
        return match["base"]
    return path.name[:-5] if path.name.lower().endswith(".gguf") else path.stem


@functools.cache
def _quant_names() -> tuple[dict[int, str], re.Pattern[str]]:
    from gguf.constants import GGMLQuantizationType, LlamaFileType

    by_file_type = {
        int(t): t.name.removeprefix("MOSTLY_").removeprefix("ALL_") for t in LlamaFileType if t.name != "GUESSED"
    }
    known = set(by_file_type.values()) | {t.name for t in GGMLQuantizationType}
    alternatives = "|".join(sorted((re.escape(n) for n in known), key=len, reverse=True))
    in_name = re.compile(rf"(?<![A-Za-z0-9])({alternatives})(?![A-Za-z0-9])", re.IGNORECASE)
    return by_file_type, in_name


def quantization_name(file_type: object, file_name: str) -> str | None:
    """general.file_type's name (Q4_K_M), else the quantization the file name states."""
    by_file_type, in_name = _quant_names()
    if isinstance(file_type, int) and file_type in by_file_type:
        return by_file_type[file_type]
    match = in_name.search(file_name)
    return match[1].upper() if match else None


def _read_file(path: Path) -> tuple[_FileInfo, bool]:
    """Read one file's header; the flag says whether the answer may be cached."""
    from engine.models.gguf_header import read_header
    from engine.models.model_file import ModelFileError, check_model_file

    stat = path.stat()
    problem = UserError("model_file.not_complete", name=path.name)
    try:
        header = read_header(path)
    except Exception as exc:  # any parse failure: check_model_file says it in a sentence
        logger.debug("header of %s unreadable: %s", path, exc)
        header = None
        problem = UserError("model_file.unparsable", name=path.name, problem=exc)
    if header is not None and stat.st_size >= header.data_end:
        return _FileInfo(stat.st_size, stat.st_mtime_ns, header.metadata, header.parameter_count, None), True
    try:
        check_model_file(path)
    except ModelFileError as exc:
        problem = exc
    # A permission problem may be fixed without touching the file: not remembered.
    transient = problem.code in ("model_file.not_regular", "model_file.unreadable")
    return _FileInfo(stat.st_size, stat.st_mtime_ns, {}, 0, **_problem(problem)), not transient


class MetadataCache:
    """Header facts per file, remembered in the cache dir while path, size and mtime_ns stay the same."""

    def __init__(self, cache_file: Path | None = None) -> None:
        self._file = cache_file
        self._files: dict[str, dict[str, Any]] | None = None
        self._lock = threading.Lock()
        self.reads = 0  # headers actually read by this object (the rest came from the cache)

    @property
    def file(self) -> Path:
        if self._file is None:
            from engine.paths import cache_dir

            self._file = cache_dir() / CACHE_FILE
        return self._file

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._files is None:
            try:
                data = json.loads(self.file.read_text(encoding="utf-8"))
                files = data.get("files") if isinstance(data, dict) and data.get("version") == CACHE_VERSION else None
                self._files = files if isinstance(files, dict) else {}
            except (OSError, ValueError):
                self._files = {}
        return self._files

    def _save(self) -> None:
        files = self._load()
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.file.with_name(f"{self.file.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_text(json.dumps({"version": CACHE_VERSION, "files": files}), encoding="utf-8")
            os.replace(tmp, self.file)
        except (OSError, ValueError) as exc:  # only costs a re-read next time
            logger.warning("could not remember model metadata: %s", exc)

    def file_info(self, path: Path) -> _FileInfo:
        key = os.path.abspath(path)
        stat = path.stat()
        with self._lock:
            known = self._load().get(key)
            if (
                isinstance(known, dict)
                and known.get("size") == stat.st_size
                and known.get("mtime_ns") == stat.st_mtime_ns
                and isinstance(known.get("metadata"), dict)
            ):
                return _FileInfo(
                    stat.st_size,
                    stat.st_mtime_ns,
                    known["metadata"],
                    int(known.get("parameter_count") or 0),
                    known.get("error"),
                    str(known.get("error_code") or ""),
                    _pairs(known.get("error_params")),
                )
            info, cacheable = _read_file(path)
            self.reads += 1
            if cacheable:
                self._load()[key] = {
                    "size": info.size,
                    "mtime_ns": info.mtime_ns,
                    "metadata": info.metadata,
                    "parameter_count": info.parameter_count,
                    "error": info.error,
                    "error_code": info.error_code,
                    "error_params": [list(pair) for pair in info.error_params],
                }
                self._save()
            return info


def read_model_metadata(path: str | os.PathLike[str], cache: MetadataCache | None = None) -> ModelMetadata:
    """What the model at `path` is; a file that cannot be used gets `error`, never an exception."""
    path = Path(path)
    cache = cache or MetadataCache()
    try:
        first = cache.file_info(path)
    except OSError:
        from engine.models.model_file import ModelFileError, check_model_file

        try:
            check_model_file(path)
            problem = UserError("model_file.cannot_read", path=path)
        except ModelFileError as exc:
            problem = exc
        return ModelMetadata(path, 0, **_problem(problem))
    if first.error:
        return ModelMetadata(
            path,
            first.size,
            raw=first.metadata,
            error=first.error,
            error_code=first.error_code,
            error_params=first.error_params,
        )
    raw = first.metadata
    parts, size, parameters, parts_problem = _gather_parts(path, raw, first, cache)
    architecture = _text(raw.get("general.architecture"))
    context = raw.get(f"{architecture}.context_length") if architecture else None
    return ModelMetadata(
        path=path,
        size_bytes=size,
        architecture=architecture,
        parameter_count=parameters or None,
        quantization=quantization_name(raw.get("general.file_type"), path.name),
        context_length=context if isinstance(context, int) else None,
        chat_template=_text(raw.get("tokenizer.chat_template")),
        license=_text(raw.get("general.license")),
        display_name=_text(raw.get("general.name")),
        split_count=len(parts),
        parts=tuple(parts),
        raw=raw,
        **(_problem(parts_problem) if parts_problem is not None else {}),
    )


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _gather_parts(
    path: Path, raw: dict[str, Any], first: _FileInfo, cache: MetadataCache
) -> tuple[list[Path], int, int, UserError | None]:
    """A split model's parts, total size and parameters, or why it is not usable."""
    count = raw.get("split.count")
    if not isinstance(count, int) or count <= 1:
        return [path], first.size, first.parameter_count, None
    number = raw.get("split.no")
    named = split_parts(path)
    if named is None or named[1] != count:
        return (
            [path],
            first.size,
            first.parameter_count,
            UserError("model_file.split_unnamed", name=path.name, count=count),
        )
    if isinstance(number, int) and number != 0:
        return (
            [path],
            first.size,
            first.parameter_count,
            UserError("model_file.split_not_first", name=path.name, number=number + 1, first=named[2][0].name),
        )
    parts = named[2]
    size, parameters = first.size, first.parameter_count
    for index, part in enumerate(parts[1:], start=2):
        try:
            info = cache.file_info(part)
        except OSError:
            return (
                parts,
                size,
                parameters,
                UserError("model_file.split_part_missing", count=count, index=index, name=part.name),
            )
        if info.error:
            bad_part = UserError(
                "model_file.split_part_bad", index=index, count=count, name=part.name, problem=info.error
            )
            return parts, size, parameters, bad_part
        size += info.size
        parameters += info.parameter_count
    return parts, size, parameters, None
