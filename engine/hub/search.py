"""Find GGUF models on the Hugging Face Hub, and list a repo's model files grouped by quantization.

Both go through huggingface_hub's HfApi, which honours HF_ENDPOINT, HF_HUB_OFFLINE and the user's token.
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine.hub.errors import HubError, hub_errors
from engine.hub.hf_setup import login_token, prepare_huggingface_hub
from engine.hub.quant import bits_per_weight, quant_hint, quant_label

logger = logging.getLogger(__name__)

_SPLIT = re.compile(r"^(?P<stem>.+)-(?P<index>\d{5})-of-(?P<count>\d{5})\.gguf$", re.IGNORECASE)
# The fields a search shows; asking for them keeps the Hub's answer small.
_SEARCH_FIELDS = ["downloads", "likes", "lastModified", "gated", "tags"]


@dataclass(frozen=True)
class RepoSummary:
    """One search result."""

    repo_id: str
    downloads: int
    likes: int
    last_modified: datetime | None
    gated: bool
    tags: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "repo_id": self.repo_id,
            "downloads": self.downloads,
            "likes": self.likes,
            "last_modified": self.last_modified.isoformat() if self.last_modified else None,
            "gated": self.gated,
            "tags": list(self.tags),
        }


@dataclass(frozen=True)
class FilePart:
    path: str  # inside the repo
    size: int
    sha256: str | None  # the Hub's lfs hash; None for a file not stored in LFS


@dataclass(frozen=True)
class ModelFile:
    """One model a user can download: a single .gguf, or every part of a split GGUF in order."""

    name: str  # the first part's path, or the split's stem path without the -0000N-of-0000M suffix
    parts: tuple[FilePart, ...]
    quant: str | None  # Q4_K_M, IQ4_XS, BF16, ... from the file name
    is_mmproj: bool  # a vision projector: goes with a model, is not a chat model itself

    @property
    def is_split(self) -> bool:
        return len(self.parts) > 1

    @property
    def size(self) -> int:
        return sum(p.size for p in self.parts)

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(p.path for p in self.parts)

    @property
    def first_path(self) -> str:
        """The part whose header carries the model's metadata."""
        return self.parts[0].path

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "quant": self.quant,
            "size": self.size,
            "is_split": self.is_split,
            "is_mmproj": self.is_mmproj,
            "parts": [{"path": p.path, "size": p.size, "sha256": p.sha256} for p in self.parts],
        }


@dataclass(frozen=True)
class QuantGroup:
    quant: str | None
    hint: str  # a few plain words: "a good balance of size and quality"
    files: tuple[ModelFile, ...]


@dataclass(frozen=True)
class RepoFiles:
    """A repo's GGUF files at one commit (download by `commit` so every part comes from the same one)."""

    repo_id: str
    revision: str  # as asked: "main", a tag or a commit
    commit: str  # the commit sha it resolved to
    gated: bool
    models: tuple[ModelFile, ...]  # chat models, smallest first
    projectors: tuple[ModelFile, ...]  # mmproj files

    @property
    def groups(self) -> tuple[QuantGroup, ...]:
        """Chat models grouped by quantization, the largest (highest quality) level first."""
        by_quant: dict[str | None, list[ModelFile]] = defaultdict(list)
        for model in self.models:
            by_quant[model.quant].append(model)

        def order(quant: str | None) -> tuple[float, int]:
            return (-(bits_per_weight(quant) or 0.0), -max(m.size for m in by_quant[quant]))

        return tuple(QuantGroup(q, quant_hint(q), tuple(by_quant[q])) for q in sorted(by_quant, key=order))

    def find(self, name: str) -> ModelFile | None:
        """The model whose name or any part's path is `name`."""
        for model in (*self.models, *self.projectors):
            if name == model.name or name in model.paths:
                return model
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "repo_id": self.repo_id,
            "revision": self.revision,
            "commit": self.commit,
            "gated": self.gated,
            "groups": [
                {"quant": g.quant, "hint": g.hint, "files": [m.to_json() for m in g.files]} for g in self.groups
            ],
            "projectors": [m.to_json() for m in self.projectors],
        }


def search_models(query: str, *, limit: int = 30, token: str | None = None) -> list[RepoSummary]:
    """GGUF repos matching `query`, the most downloaded first."""
    from engine.hub.offline_mode import require_online

    require_online()
    prepare_huggingface_hub()
    from huggingface_hub import HfApi

    token = login_token(token)
    if limit < 1:
        raise HubError("hub.search_limit")
    with hub_errors():
        _fail_fast_if_unreachable()
        found = HfApi().list_models(
            search=query.strip() or None,
            filter="gguf",
            sort="downloads",
            limit=limit,
            expand=_SEARCH_FIELDS,  # type: ignore[arg-type]  # a list of the Literal's values
            token=token,
        )
        return [
            RepoSummary(
                repo_id=m.id,
                downloads=m.downloads or 0,
                likes=m.likes or 0,
                last_modified=m.last_modified,
                gated=bool(m.gated),
                tags=tuple(m.tags or ()),
            )
            for m in found
        ]


def _fail_fast_if_unreachable() -> None:
    """One quick request before list_models, which retries a refused connection 5 times with back-off
    (about 23 s of waiting) before it gives up: too long for a search box. Any HTTP answer will do."""
    prepare_huggingface_hub()
    from huggingface_hub import constants, get_session
    from huggingface_hub.utils import build_hf_headers  # type: ignore[attr-defined]  # public, not re-exported

    get_session().head(f"{constants.ENDPOINT}/api/models", headers=build_hf_headers(token=False), timeout=10)


def list_model_files(repo_id: str, *, revision: str = "main", token: str | None = None) -> RepoFiles:
    """The GGUF models in `repo_id` at `revision`, with sizes and sha256, split files joined."""
    from engine.hub.offline_mode import require_online

    require_online()
    prepare_huggingface_hub()
    from huggingface_hub import HfApi
    from huggingface_hub.hf_api import RepoFile

    token = login_token(token)
    api = HfApi()
    with hub_errors(repo_id=repo_id, revision=revision):
        info = api.model_info(repo_id, revision=revision, token=token)
        commit = info.sha or revision
        # Listed at the commit, so the files and the commit agree even if someone pushes meanwhile.
        # Sizes and lfs hashes come without expand=True, which only adds last commits (and makes
        # the Hub page its answer by 50 entries instead of 1,000).
        entries = [
            e
            for e in api.list_repo_tree(repo_id, recursive=True, revision=commit, token=token)
            if isinstance(e, RepoFile) and e.path.lower().endswith(".gguf")
        ]
    parts = [FilePart(e.path, e.size, e.lfs.sha256 if e.lfs else None) for e in entries]
    models = group_parts(parts)
    return RepoFiles(
        repo_id=repo_id,
        revision=revision,
        commit=commit,
        gated=bool(info.gated),
        models=tuple(sorted((m for m in models if not m.is_mmproj), key=lambda m: (m.size, m.name))),
        projectors=tuple(m for m in models if m.is_mmproj),
    )


def group_parts(parts: list[FilePart]) -> list[ModelFile]:
    """Join split GGUFs (`name-00001-of-00003.gguf` ...) into one model each; single files stay as they are.

    A split with parts missing is left out (it cannot be loaded) and logged."""
    singles: list[ModelFile] = []
    splits: dict[tuple[str, int], dict[int, FilePart]] = defaultdict(dict)
    for part in parts:
        match = _SPLIT.match(part.path)
        if match:
            splits[(match["stem"], int(match["count"]))][int(match["index"])] = part
        else:
            singles.append(_model(part.path, (part,)))
    for (stem, count), found in splits.items():
        if sorted(found) != list(range(1, count + 1)):
            logger.warning("split GGUF %s has parts %s of %d; left out", stem, sorted(found), count)
            continue
        singles.append(_model(stem, tuple(found[i] for i in range(1, count + 1))))
    return singles


def _model(name: str, parts: tuple[FilePart, ...]) -> ModelFile:
    file_name = name.rsplit("/", 1)[-1].lower()
    return ModelFile(name=name, parts=parts, quant=quant_label(name), is_mmproj="mmproj" in file_name)
