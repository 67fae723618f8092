"""Where other apps keep GGUF files, and what a scan of such a folder finds (without reading models).

Set HEARTH_EXTERNAL_HOME (or pass `home`) to look as if that folder were the home directory:
tests use it so they never read the real one. Without it, the Hugging Face cache is where
huggingface_hub puts it (HF_HOME / HF_HUB_CACHE honoured) and GPT4All's folder comes from
platformdirs.
"""

from __future__ import annotations

import logging
import os
import platform
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.hub.hf_setup import shared_hub_cache
from engine.models.gguf_info import split_parts

logger = logging.getLogger(__name__)

HOME_OVERRIDE = "HEARTH_EXTERNAL_HOME"
SHA256_HEX = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class ExternalSource:
    name: str  # "huggingface" | "lmstudio" | "gpt4all"
    root: Path


# The per-user data folder under the home directory, per platform (what platformdirs answers).
_DATA_UNDER_HOME = {
    "Linux": Path(".local", "share"),
    "Darwin": Path("Library", "Application Support"),
    "Windows": Path("AppData", "Local"),
}


def external_sources(home: Path | None = None, system: str | None = None) -> list[ExternalSource]:
    """Folders where other apps keep models, whether or not they exist on this machine."""
    if home is None and os.environ.get(HOME_OVERRIDE):
        home = Path(os.environ[HOME_OVERRIDE])
    system = system or platform.system()
    if home is not None:
        hf_cache = home / ".cache" / "huggingface" / "hub"
        data_root = home / _DATA_UNDER_HOME.get(system, _DATA_UNDER_HOME["Linux"])
    else:
        import platformdirs

        home = Path.home()
        hf_cache = shared_hub_cache()
        data_root = platformdirs.user_data_path()  # Windows: %LOCALAPPDATA%, not the roaming folder
    return [
        ExternalSource("huggingface", hf_cache),
        # LM Studio 0.3+ keeps models in ~/.lmstudio/models on every platform; older versions used ~/.cache.
        ExternalSource("lmstudio", home / ".lmstudio" / "models"),
        ExternalSource("lmstudio", home / ".cache" / "lm-studio" / "models"),
        ExternalSource("gpt4all", data_root / "nomic.ai" / "GPT4All"),
    ]


@dataclass
class FoundModel:
    """A model file as a scan finds it, before the library merges duplicates and gives names."""

    path: Path  # a split model's first part
    source: str
    size: int  # all parts found
    inode: tuple[int, int]
    parts: list[Path]
    part_sha256s: list[str | None]  # known without reading the files, else None
    repo_id: str | None = None
    revision: str | None = None
    path_in_repo: str | None = None
    also_at: list[Path] = field(default_factory=list)

    @property
    def sha256(self) -> str | None:
        return self.part_sha256s[0] if self.part_sha256s else None


def walk_gguf(root: Path) -> list[Path]:
    """GGUF files under `root` (a split model once, by its first part), in a stable order."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(root, onerror=lambda exc: logger.debug("skipping: %s", exc)):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))  # .locks, .git, half-done imports
        for name in sorted(filenames):
            if not name.lower().endswith(".gguf") or name.startswith("."):
                continue
            path = Path(dirpath, name)
            named = split_parts(path)
            if named is None or named[0] == 1:
                found.append(path)
    return found


def found_model(path: Path, source: str, sha_of: Callable[[Path], str | None]) -> FoundModel | None:
    """`path` with its split parts; None when it vanished or is a dangling link."""
    named = split_parts(path)
    parts = [p for p in named[2] if p.exists()] if named else [path]
    try:
        stats = [p.stat() for p in parts]
    except OSError:
        return None
    first = stats[0]
    return FoundModel(
        path=path,
        source=source,
        size=sum(s.st_size for s in stats),
        inode=(first.st_dev, first.st_ino),
        parts=parts,
        part_sha256s=[sha_of(p) for p in parts],
    )


def blob_sha256(path: Path) -> str | None:
    """An HF cache snapshot file links to blobs/<sha256> for LFS files (to a git sha1 otherwise)."""
    name = Path(os.path.realpath(path)).name
    return name if SHA256_HEX.match(name) else None


def scan_hf_cache(root: Path) -> list[FoundModel]:
    """models--{org}--{name}/snapshots/{revision}/<path in repo>, each a link into blobs/<sha256>."""
    found = []
    try:
        repos = sorted(p for p in root.iterdir() if p.name.startswith("models--"))
    except OSError:
        return []
    for repo in repos:
        repo_id = "/".join(repo.name.split("--")[1:])
        snapshots = repo / "snapshots"
        for snapshot in sorted(snapshots.iterdir()) if snapshots.is_dir() else []:
            for path in walk_gguf(snapshot):
                item = found_model(path, "huggingface", blob_sha256)
                if item is not None:
                    item.repo_id = repo_id
                    item.revision = snapshot.name
                    item.path_in_repo = path.relative_to(snapshot).as_posix()
                    found.append(item)
    return found


def scan_folder(source: ExternalSource) -> list[FoundModel]:
    """GGUF files in an app's folder or the user's; LM Studio's layout names the repo."""
    found = []
    for path in walk_gguf(source.root):
        item = found_model(path, source.name, lambda _p: None)
        if item is None:
            continue
        relative = path.relative_to(source.root).parts
        if source.name == "lmstudio" and len(relative) >= 3:  # {publisher}/{repo}/file.gguf
            item.repo_id = f"{relative[0]}/{relative[1]}"
            item.path_in_repo = "/".join(relative[2:])
        found.append(item)
    return found
