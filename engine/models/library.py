"""The model library: every GGUF model on this machine that Hearth can use.

It lists the starter model, our own models folder (downloads and imports: the only files
Hearth ever deletes), other apps' folders (Hugging Face cache, LM Studio, GPT4All) and
folders the user added. A file found twice is listed once; an identical copy elsewhere is
noted on the entry instead of listed again, and nothing is downloaded twice.

Listing reads no model file: names come from file names, hashes and origins from
`<file>.source.json` sidecars and the Hugging Face cache's blob names, and each entry's
metadata is read on first use (and cached; see gguf_info).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any

from engine.errors import UserError
from engine.models.copying import (
    Progress,
    copy_hashing,
    read_source_record,
    recorded_sha256,
    sidecar_path,
    temp_name_for,
    usable_space_if_short,
    write_source_record,
)
from engine.models.external import (
    ExternalSource,
    FoundModel,
    external_sources,
    found_model,
    scan_folder,
    scan_hf_cache,
    walk_gguf,
)
from engine.models.gguf_info import (
    MetadataCache,
    ModelMetadata,
    human_size,
    model_stem,
    read_model_metadata,
    split_parts,
)
from engine.settings import load_string_list, save_string_list

logger = logging.getLogger(__name__)

SOURCES = ("starter", "hearth", "huggingface", "lmstudio", "gpt4all", "folder")
WHERE = {
    "huggingface": "the Hugging Face cache",
    "lmstudio": "LM Studio's models folder",
    "gpt4all": "GPT4All's models folder",
    "folder": "your folder",
}
FOLDERS_KEY = "library_folders"
HIDDEN_KEY = "library_hidden"
IMPORTED_DIR = "imported"
DEFAULT_KEEP_FREE = 256 * 1024 * 1024  # an import never leaves the disk fuller than this


class LibraryError(UserError):
    """A library action the user asked for cannot be done; str() is one sentence."""


@dataclass(frozen=True)
class LibraryEntry:
    name: str  # unique in one listing; what `hearth models …` and `hearth run --model` accept
    path: Path  # the file (a split model's first part)
    source: str  # one of SOURCES
    owned: bool  # in Hearth's models folder: the only files Hearth deletes
    size_bytes: int  # all parts on disk
    sha256: str | None = None  # known without reading the file, or None
    repo_id: str | None = None
    revision: str | None = None
    path_in_repo: str | None = None
    parts: tuple[Path, ...] = ()  # every part found on disk, the first being `path`
    part_sha256s: tuple[str | None, ...] = ()  # lines up with `parts`
    also_at: tuple[Path, ...] = ()  # identical copies elsewhere, not listed again
    hidden: bool = False
    metadata_cache: MetadataCache = field(default_factory=MetadataCache, compare=False, repr=False)

    @cached_property
    def metadata(self) -> ModelMetadata:
        """Read on first use (from the cache when the file has not changed)."""
        return read_model_metadata(self.path, self.metadata_cache)

    def holds(self, path: Path) -> bool:
        """Whether `path` is this model's file, one of its parts or one of its copies."""
        return any(_same_file(path, p) for p in (*self.parts, *self.also_at, self.path))

    def to_json(self) -> dict[str, Any]:
        meta = self.metadata
        return {
            "name": self.name,
            "path": str(self.path),
            "source": self.source,
            "owned": self.owned,
            "size_bytes": meta.size_bytes or self.size_bytes,
            "sha256": self.sha256,
            "repo_id": self.repo_id,
            "revision": self.revision,
            "path_in_repo": self.path_in_repo,
            "also_at": [str(p) for p in self.also_at],
            "architecture": meta.architecture,
            "parameter_count": meta.parameter_count,
            "quantization": meta.quantization,
            "context_length": meta.context_length,
            "has_chat_template": meta.chat_template is not None,
            "license": meta.license,
            "display_name": meta.display_name,
            "split_count": meta.split_count,
            "parts": [str(p) for p in self.parts],
            "error": meta.error,
        }


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


class Library:
    """Models on this machine. Each call looks again, so a file added meanwhile shows up."""

    def __init__(
        self,
        models_dir: Path | None = None,
        external: list[ExternalSource] | None = None,
        keep_free_bytes: int = DEFAULT_KEEP_FREE,
        metadata_cache: MetadataCache | None = None,
    ) -> None:
        self._models_dir = models_dir
        self._external = external
        self.keep_free_bytes = keep_free_bytes
        self.metadata_cache = metadata_cache or MetadataCache()

    @property
    def models_dir(self) -> Path:
        if self._models_dir is None:
            from engine.paths import models_dir

            return models_dir()
        self._models_dir.mkdir(parents=True, exist_ok=True)
        return self._models_dir

    # ---- listing -------------------------------------------------------------------------------

    def entries(self, include_hidden: bool = False) -> list[LibraryEntry]:
        """The starter model first, then ours, other apps', and the user's folders; each model once."""
        hidden = set(_hidden_paths())
        found = [f for f in self._scan() if include_hidden or os.path.abspath(f.path) not in hidden]
        merged = _merge_duplicates(found)
        return self._named(merged, hidden)

    def _scan(self) -> list[FoundModel]:
        found: list[FoundModel] = []
        starter = self._starter()
        if starter is not None:
            found.append(starter)
        for path in walk_gguf(self.models_dir):
            item = found_model(path, "hearth", recorded_sha256)
            if item is not None:
                origin = read_source_record(path)
                item.repo_id = _str_or_none(origin.get("repo_id"))
                item.revision = _str_or_none(origin.get("revision"))
                item.path_in_repo = _str_or_none(origin.get("path"))
                found.append(item)
        for source in self._external if self._external is not None else external_sources():
            if source.name == "huggingface":
                found.extend(scan_hf_cache(source.root))
            elif source.root.is_dir():
                found.extend(scan_folder(source))
        for folder in folders():
            found.extend(scan_folder(ExternalSource("folder", folder)))
        return found

    def _starter(self) -> FoundModel | None:
        from engine.models.model_hash import model_sha256
        from engine.models.starter_model import StarterModelMissingError, starter_model_path
        from engine.paths import cache_dir

        try:
            path = starter_model_path()
        except StarterModelMissingError as exc:
            logger.warning("%s", exc)
            return None
        # Hashed once (92 MB, remembered where the engine remembers it) so an imported copy is recognised.
        return found_model(path, "starter", lambda p: model_sha256(p, cache_dir()))

    def _named(self, merged: list[FoundModel], hidden: set[str]) -> list[LibraryEntry]:
        models_dir = os.path.realpath(self.models_dir)
        taken: set[str] = set()
        entries = []
        for item in merged:
            name = _unique_name(item, taken)
            taken.add(name)
            owned = item.source == "hearth" and _inside(os.path.realpath(item.path), models_dir)
            entries.append(
                LibraryEntry(
                    name=name,
                    path=item.path,
                    source=item.source,
                    owned=owned,
                    size_bytes=item.size,
                    sha256=item.sha256,
                    repo_id=item.repo_id,
                    revision=item.revision,
                    path_in_repo=item.path_in_repo,
                    parts=tuple(item.parts),
                    part_sha256s=tuple(item.part_sha256s),
                    also_at=tuple(item.also_at),
                    hidden=os.path.abspath(item.path) in hidden,
                    metadata_cache=self.metadata_cache,
                )
            )
        return entries

    # ---- finding -------------------------------------------------------------------------------

    def find(self, name_or_path: str | os.PathLike[str]) -> LibraryEntry:
        """By name (exact, then case-insensitive, then a unique prefix) or by the file's path."""
        query = str(name_or_path)
        entries = self.entries()
        for matches in (
            [e for e in entries if e.name == query],
            [e for e in entries if e.name.lower() == query.lower()],
        ):
            if len(matches) == 1:
                return matches[0]
        path = Path(query).expanduser()
        if query and path.exists():
            for entry in self.entries(include_hidden=True):
                if entry.holds(path):
                    return entry
            raise LibraryError("library.not_in_library", path=path)
        prefixed = [e for e in entries if e.name.lower().startswith(query.lower())] if query else []
        if len(prefixed) == 1:
            return prefixed[0]
        if prefixed:
            names = ", ".join(f"'{e.name}'" for e in prefixed[:5])
            raise LibraryError("library.ambiguous", query=query, count=len(prefixed), names=names)
        raise LibraryError("library.no_such_model", query=query)

    def download_destination(self, repo_id: str, path: str) -> Path:
        """Where a download of `path` from `repo_id` goes: models_dir/org__name/<path in repo>."""
        repo_parts = repo_id.split("/")
        file_parts = PurePosixPath(path).parts
        if (
            not repo_id
            or len(repo_parts) > 2
            or any(p in ("", ".", "..") for p in repo_parts)
            or not file_parts
            or PurePosixPath(path).is_absolute()
            or any(p in (".", "..") or "\\" in p for p in file_parts)
        ):
            raise LibraryError("library.bad_hub_name", name=f"{repo_id}/{path}")
        return self.models_dir / repo_id.replace("/", "__") / Path(*file_parts)

    def find_download(self, repo_id: str, path: str, sha256: str | None) -> LibraryEntry | None:
        """The model already on this machine that a download of `path` from `repo_id` would fetch.

        Matches by sha256 anywhere in the library (our models, the Hugging Face cache's blobs,
        any listed file whose hash is known), or without a hash by repo and path. A model the
        user had hidden from the list is shown again: they asked for it."""
        sha = sha256.lower() if sha256 else None
        entries = self.entries(include_hidden=True)
        match = None
        for entry in entries:
            if sha and sha in entry.part_sha256s:
                match = entry
                break
            if sha is None and entry.repo_id == repo_id and path in _paths_in_repo(entry):
                match = entry
                break
        if match is None:
            destination = self.download_destination(repo_id, path)
            origin = read_source_record(destination) if destination.is_file() else {}
            if origin and (origin.get("sha256") == sha if sha else origin.get("repo_id") == repo_id):
                match = next((e for e in entries if e.holds(destination)), None)
        if match is not None and match.hidden:
            _unhide([match.path, *match.also_at])
            match = replace(match, hidden=False)
        return match

    # ---- changing ------------------------------------------------------------------------------

    def import_file(self, path: str | os.PathLike[str], progress: Progress | None = None) -> LibraryEntry:
        """Copy a model into Hearth's models folder (atomically, hashing as it copies).

        A file already in the library (the same file, or the same sha256) is not copied again:
        that entry is returned. `progress` gets (bytes copied, bytes in all)."""
        source = Path(path).expanduser()
        meta = read_model_metadata(source, self.metadata_cache)
        if meta.error:
            raise _import_refusal(source, meta)
        for entry in self.entries(include_hidden=True):
            if entry.holds(source):
                return self._shown(entry)
        usable = usable_space_if_short(self.models_dir, meta.size_bytes, self.keep_free_bytes)
        if usable is not None:
            raise LibraryError(
                "library.not_enough_space",
                name=source.name,
                needed=human_size(meta.size_bytes),
                usable=human_size(usable),
            )
        target_dir = self.models_dir / IMPORTED_DIR
        target_dir.mkdir(parents=True, exist_ok=True)
        temps: list[Path] = []
        try:
            hashes = []
            done = 0
            for part in meta.parts:
                temps.append(temp_name_for(target_dir / part.name))
                report = (lambda n, before=done: progress(before + n, meta.size_bytes)) if progress else None
                hashes.append(copy_hashing(part, temps[-1], report))
                done += temps[-1].stat().st_size
            for entry in self.entries(include_hidden=True):
                if entry.sha256 == hashes[0]:
                    return self._shown(entry)
            if any((target_dir / p.name).exists() for p in meta.parts):
                target_dir = target_dir / hashes[0][:12]  # another model by the same file name
                target_dir.mkdir(exist_ok=True)
            for part, temp, sha in zip(meta.parts, temps, hashes, strict=True):
                final = target_dir / part.name
                os.replace(temp, final)
                write_source_record(final, _import_record(part, final, sha))
        except OSError as exc:
            raise LibraryError("library.copy_failed", name=source.name, problem=exc.strerror or exc) from exc
        finally:
            for temp in temps:
                temp.unlink(missing_ok=True)
        final_path = target_dir / meta.parts[0].name
        return next(e for e in self.entries(include_hidden=True) if e.holds(final_path))

    def _shown(self, entry: LibraryEntry) -> LibraryEntry:
        if entry.hidden:
            _unhide([entry.path, *entry.also_at])
            return replace(entry, hidden=False)
        return entry

    def remove(self, entry_or_name: LibraryEntry | str) -> str:
        """Delete our own copy, or only hide another app's file from the list. Says what happened."""
        entry = entry_or_name if isinstance(entry_or_name, LibraryEntry) else self.find(entry_or_name)
        if entry.source == "starter":
            raise LibraryError("library.starter_model", name=entry.name)
        if not entry.owned:
            _hide([entry.path, *entry.also_at])
            where = WHERE.get(entry.source, "its folder")
            return f"Removed {entry.name} from the list; the file stays in {where}: {entry.path}."
        models_dir = os.path.realpath(self.models_dir)
        ours = [entry.path, *(p for p in entry.also_at if _inside(os.path.realpath(p), models_dir))]
        others = [p for p in entry.also_at if p not in ours]
        for model_path in ours:
            named = split_parts(model_path)
            files = [p for p in named[2] if p.exists()] if named else [model_path]
            try:
                for file in files:
                    file.unlink(missing_ok=True)
                    sidecar_path(file).unlink(missing_ok=True)
            except OSError as exc:
                raise LibraryError("library.delete_failed", name=entry.name, problem=exc.strerror or exc) from exc
            _remove_empty_folders(model_path.parent, Path(models_dir))
        message = f"Deleted {entry.name} ({human_size(entry.size_bytes)}) from Hearth's models folder."
        if others:
            message = message[:-1] + f"; another copy stays at {others[0]}."
        return message

    def add_folder(self, path: str | os.PathLike[str]) -> Path:
        """List the GGUF files in this folder (and below) too; nothing is copied."""
        folder = Path(path).expanduser()
        if not folder.is_dir():
            raise LibraryError("library.not_a_folder", folder=folder)
        folder = folder.resolve()
        current = folders()
        if folder not in current:
            save_string_list(FOLDERS_KEY, [str(f) for f in [*current, folder]])
        return folder

    def remove_folder(self, path: str | os.PathLike[str]) -> None:
        """Stop listing this folder's files (they stay where they are)."""
        folder = Path(path).expanduser()
        current = folders()
        keep = [f for f in current if f not in (folder, folder.resolve())]
        if len(keep) == len(current):
            raise LibraryError("library.not_a_library_folder", folder=folder)
        save_string_list(FOLDERS_KEY, [str(f) for f in keep])


def _import_refusal(source: Path, meta: ModelMetadata) -> LibraryError:
    """Why `source` cannot be imported: its metadata's sentence, with that sentence's code."""
    if meta.error_code:
        return LibraryError.from_code(meta.error_code, dict(meta.error_params))
    from engine.models.model_file import ModelFileError, check_model_file

    try:  # remembered before sentences had codes: the file check says it again
        check_model_file(source)
    except ModelFileError as exc:
        return LibraryError.from_code(exc.code, exc.params)
    return LibraryError("model_file.cannot_read", path=source)


# ---- duplicates and names --------------------------------------------------------------------------


def _merge_duplicates(found: list[FoundModel]) -> list[FoundModel]:
    """The same file (same inode) once; an identical copy (same sha256, or same repo, name and
    size) becomes a note on the first entry, which the source order makes ours when we have one."""
    kept: list[FoundModel] = []
    by_inode: set[tuple[int, int]] = set()
    by_sha: dict[str, FoundModel] = {}
    by_repo_file: dict[tuple[str, str, int], FoundModel] = {}
    for item in found:
        if item.inode in by_inode:
            continue
        by_inode.add(item.inode)
        repo_key = (item.repo_id, item.path.name, item.size) if item.repo_id else None
        twin = (by_sha.get(item.sha256) if item.sha256 else None) or (by_repo_file.get(repo_key) if repo_key else None)
        if twin is not None:
            twin.also_at.append(item.path)
            if twin.sha256 is None and item.sha256 is not None:
                twin.part_sha256s = item.part_sha256s if len(item.parts) == len(twin.parts) else [item.sha256]
                by_sha[item.sha256] = twin
            continue
        kept.append(item)
        if item.sha256:
            by_sha[item.sha256] = item
        if repo_key:
            by_repo_file[repo_key] = item
    return kept


def _unique_name(item: FoundModel, taken: set[str]) -> str:
    stem = model_stem(item.path)
    if stem not in taken:
        return stem
    qualifier = item.repo_id or (item.source if item.source != "folder" else item.path.parent.name)
    name = f"{stem} ({qualifier})"
    number = 2
    while name in taken:
        name = f"{stem} ({qualifier} {number})"
        number += 1
    return name


def _paths_in_repo(entry: LibraryEntry) -> list[str]:
    if entry.path_in_repo is None:
        return []
    first = PurePosixPath(entry.path_in_repo)
    return [str(first.with_name(part.name)) for part in entry.parts] or [entry.path_in_repo]


def _inside(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # Windows: another drive
        return False


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _import_record(source: Path, final: Path, sha256: str) -> dict[str, Any]:
    return {
        "repo_id": None,
        "revision": None,
        "path": final.name,
        "sha256": sha256,
        "size": final.stat().st_size,
        "imported_from": str(source),
        "imported_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _remove_empty_folders(folder: Path, stop: Path) -> None:
    """Tidy org__name/ folders a removal emptied, never the models folder itself."""
    folder = Path(os.path.realpath(folder))
    while folder != stop and _inside(str(folder), str(stop)):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


# ---- what the user chose (settings.json) ---------------------------------------------------------


def folders() -> list[Path]:
    """The folders the user added to the library."""
    return [Path(v) for v in load_string_list(FOLDERS_KEY)]


def _hidden_paths() -> list[str]:
    return load_string_list(HIDDEN_KEY)


def _hide(paths: list[Path]) -> None:
    current = _hidden_paths()
    save_string_list(HIDDEN_KEY, current + [p for p in map(os.path.abspath, paths) if p not in current])


def _unhide(paths: list[Path]) -> None:
    drop = {os.path.abspath(p) for p in paths}
    save_string_list(HIDDEN_KEY, [p for p in _hidden_paths() if p not in drop])
