"""Our prompt-prefix cache: snapshots of the model's memory of a token prefix, in RAM and on disk.

A snapshot is the sequence state llama.cpp hands out for the tokens it has read
(`llama_state_seq_get_data`): restoring it skips reading those tokens again. Snapshots
are found by token prefix through a chain of hashed token blocks (as vLLM and SGLang
do): block k's hash covers every token up to the end of block k, so one dictionary
lookup per block finds the snapshots that share the prompt's first k blocks.

Two tiers, each under its own byte budget, least recently used first out:
  RAM   the bytes themselves;
  disk  one file per snapshot in the cache dir, written atomically (temporary file,
        then rename) with a header that names the settings it is valid for and a
        SHA-256 of the payload; a file that fails any check is deleted, never used.

Every snapshot belongs to one CacheKey (model file hash, n_ctx, KV types, flash
attention, swa_full) and is never restored into anything else.

A snapshot also keeps where the reads that made it began (its `bounds`, see
engine/cache/prompt_reuse.py): llama.cpp's CPU kernels give a token slightly different keys and
values depending on the batch it was read in, so a snapshot serves a prompt only up to a
point where both were read from the same starts.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import struct
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Literal

from engine.protocol import CacheReport

logger = logging.getLogger(__name__)

BLOCK_TOKENS = 64
FILE_MAGIC = b"HEARTHKV"
FILE_VERSION = 2  # 2: the header holds the reads' bounds; older files are deleted, not used
FILE_SUFFIX = ".kv"
DEFAULT_DISK_BUDGET = 5 * 1024**3
MAX_RAM_BUDGET = 2 * 1024**3


def cache_root() -> Path:
    """Where snapshots live: one folder per CacheKey under the user's cache dir."""
    from engine.paths import cache_dir

    return cache_dir() / "prefix"


def default_ram_budget() -> int:
    """The smaller of 2 GB and a quarter of this machine's memory."""
    import psutil

    return int(min(MAX_RAM_BUDGET, psutil.virtual_memory().total // 4))


@dataclass(frozen=True)
class CacheKey:
    """Everything a snapshot's bytes depend on besides the tokens."""

    model_sha256: str
    n_ctx: int
    type_k: int
    type_v: int
    flash_attn: int
    swa_full: bool
    # KV streams in the context (the slots, or 1 when they share one): llama.cpp refuses a sequence's
    # state saved with another layout (seen: every 2-slot snapshot refused by a 1-slot context).
    kv_streams: int = 1

    @property
    def tag(self) -> str:
        text = json.dumps(asdict(self), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Snapshot:
    tokens: tuple[int, ...]
    size: int
    data: bytes | None = None  # in RAM; None when only on disk
    path: Path | None = None  # on disk
    pinned: bool = False
    # Where the reads that made it began, and where the last one ended (engine/cache/prompt_reuse.py).
    bounds: tuple[int, ...] = ()
    owners: set[str] = field(default_factory=set)  # e.g. conversation ids, so deleting one deletes these
    last_used: float = field(default_factory=time.monotonic)

    @property
    def in_ram(self) -> bool:
        return self.data is not None


@dataclass(frozen=True)
class CacheHit:
    snapshot: Snapshot
    usable: int  # how many leading prompt tokens it covers
    tier: Literal["ram", "disk"]


class SnapshotFileError(ValueError):
    """A disk snapshot is damaged or was made under other settings."""


def block_hashes(tokens: Sequence[int], block: int = BLOCK_TOKENS) -> list[bytes]:
    """Chain hash at the end of each whole block: hashes[k] covers tokens[: (k + 1) * block]."""
    hashes = []
    previous = b""
    for start in range(0, len(tokens) - block + 1, block):
        chunk = struct.pack(f"<{block}i", *tokens[start : start + block])
        previous = hashlib.blake2b(previous + chunk, digest_size=16).digest()
        hashes.append(previous)
    return hashes


def common_prefix(a: Sequence[int], b: Sequence[int], start: int = 0) -> int:
    n = min(len(a), len(b))
    i = start
    while i < n and a[i] == b[i]:
        i += 1
    return i


def reusable_length(bounds: Sequence[int], segments: Sequence[int], shared: int) -> int:
    """How much of a memory read from `bounds` a prompt read from `segments` can keep: the last
    point, at most `shared` (the tokens they have in common), up to which both began their
    reads at the same places. Each read goes on in batches of n_batch from where it began, so
    up to there every token was computed in the same batch at the same place in both."""
    reusable = 0
    for have, want in zip(bounds, segments, strict=False):
        if have != want or have > shared:
            break
        reusable = have
    return reusable


class PrefixCache:
    def __init__(
        self,
        key: CacheKey,
        disk_dir: Path | None,
        ram_budget: int | None = None,
        disk_budget: int = DEFAULT_DISK_BUDGET,
    ) -> None:
        self.key = key
        self.ram_budget = default_ram_budget() if ram_budget is None else ram_budget
        self.disk_budget = disk_budget
        self.disk_dir = disk_dir / key.tag if disk_dir is not None else None
        self._snapshots: dict[tuple[int, ...], Snapshot] = {}
        self._by_block: dict[bytes, set[tuple[int, ...]]] = {}
        self._short: set[tuple[int, ...]] = set()  # snapshots shorter than one block
        self._lock = threading.RLock()  # the disk writer thread shares the index
        self.hits = 0
        self.misses = 0
        if self.disk_dir is not None:
            self.disk_dir.mkdir(parents=True, exist_ok=True)
            self._load_disk_index()

    # --- finding ------------------------------------------------------------------------

    def lookup(
        self,
        prompt: Sequence[int],
        partial_ok: bool = True,
        minimum: int = 1,
        segments: Sequence[int] | None = None,
        window: int = 0,
    ) -> CacheHit | None:
        """The snapshot covering the most leading tokens of `prompt` (at least `minimum`).

        With `partial_ok=False` (recurrent models, whose memory cannot be cut back) only
        snapshots the prompt fully extends count; with a `window` (a sliding-window model's
        size), so do those longer than it. With `segments` (where the prompt's reads begin) a
        snapshot covers the prompt only up to a bound both share (reusable_length)."""
        with self._lock:
            hashes = block_hashes(prompt)
            best: CacheHit | None = None
            seen: set[tuple[int, ...]] = set()

            def consider(tokens: tuple[int, ...], start: int) -> None:
                nonlocal best
                seen.add(tokens)
                shared = common_prefix(tokens, prompt, start)
                # At least one prompt token must be read after a restore: a state holds no logits.
                usable = min(shared, len(prompt) - 1)
                if segments is not None:
                    usable = reusable_length(self._snapshots[tokens].bounds, segments, usable)
                if usable < len(tokens) and (not partial_ok or 0 < window < len(tokens)):
                    return  # it would have to be cut back, which this model's memory cannot do
                if usable >= minimum and (best is None or usable > best.usable):
                    snap = self._snapshots[tokens]
                    best = CacheHit(snap, usable, "ram" if snap.in_ram else "disk")

            # Deepest shared block first. A snapshot first found at depth k shares fewer than
            # k + 1 blocks, so shallower ones can only win while the best covers less than that;
            # they still can, where a deeper one may not be cut back to the bound they end at.
            for k in range(len(hashes), 0, -1):
                if best is not None and best.usable >= (k + 1) * BLOCK_TOKENS:
                    break
                for tokens in self._by_block.get(hashes[k - 1], set()) - seen:
                    consider(tokens, k * BLOCK_TOKENS)
            for tokens in self._short - seen:
                consider(tokens, 0)
            if best is None:
                self.misses += 1
            else:
                self.hits += 1
                best.snapshot.last_used = time.monotonic()
            return best

    def contains(self, tokens: Sequence[int], bounds: Sequence[int] | None = None) -> bool:
        """Whether a snapshot of `tokens` is kept (read from `bounds`, where given)."""
        with self._lock:
            snap = self._snapshots.get(tuple(tokens))
            return snap is not None and (bounds is None or snap.bounds == tuple(bounds))

    # --- adding -------------------------------------------------------------------------

    def put(
        self,
        tokens: Sequence[int],
        data: bytes,
        pinned: bool = False,
        owner: str | None = None,
        bounds: Sequence[int] = (),
    ) -> Snapshot:
        """Keep a snapshot of `tokens`, read from `bounds`, in RAM (and later on disk); return it."""
        key = tuple(tokens)
        with self._lock:
            snap = self._snapshots.get(key)
            if snap is None:
                snap = Snapshot(key, len(data))
                self._snapshots[key] = snap
                self._index(key)
            elif snap.bounds != tuple(bounds) and snap.path is not None:
                # The same tokens read from other starts: the file on disk is the old reading.
                snap.path.unlink(missing_ok=True)
                snap.path = None
            snap.data = data
            snap.size = len(data)
            snap.bounds = tuple(bounds)
            snap.pinned = snap.pinned or pinned
            snap.last_used = time.monotonic()
            if owner:
                snap.owners.add(owner)
            self._evict_ram()
            return snap

    def read(self, hit: CacheHit) -> bytes:
        """The snapshot's bytes, from RAM or from its checked file (raises SnapshotFileError)."""
        snap = hit.snapshot
        with self._lock:
            if snap.data is not None:
                return snap.data
            path = snap.path
        if path is None:
            raise SnapshotFileError("the snapshot is gone")
        try:
            tokens, data = read_snapshot_file(path, self.key)
            if tokens != snap.tokens:
                raise SnapshotFileError("the file holds other tokens than its index entry")
        except (OSError, SnapshotFileError) as exc:
            logger.warning("ignoring damaged snapshot %s: %s", path.name, exc)
            self._drop(snap)
            raise SnapshotFileError(str(exc)) from exc
        return data

    # --- disk ---------------------------------------------------------------------------

    def persist(self, snap: Snapshot) -> None:
        """Write a RAM snapshot to disk (atomically) if it is not there yet."""
        if self.disk_dir is None:
            return
        with self._lock:
            data = snap.data
            if data is None or snap.path is not None:
                return
        path = self.disk_dir / (
            hashlib.sha256(struct.pack(f"<{len(snap.tokens)}i", *snap.tokens)).hexdigest()[:32] + FILE_SUFFIX
        )
        try:
            write_snapshot_file(
                path, self.key, snap.tokens, data, owners=snap.owners, pinned=snap.pinned, bounds=snap.bounds
            )
        except OSError as exc:  # a full disk: the RAM copy still works
            logger.warning("could not write snapshot %s: %s", path.name, exc)
            return
        with self._lock:
            if self._snapshots.get(snap.tokens) is not snap:  # dropped while it was being written
                path.unlink(missing_ok=True)
                return
            snap.path = path
            self._evict_disk()

    def persist_soon(self, snap: Snapshot) -> None:
        """Write a snapshot to disk on a background thread, behind the answer."""
        threading.Thread(target=self.persist, args=(snap,), name="snapshot-writer", daemon=True).start()

    def persist_all(self) -> None:
        with self._lock:
            pending = [s for s in self._snapshots.values() if s.data is not None and s.path is None]
        for snap in pending:
            self.persist(snap)

    def _load_disk_index(self) -> None:
        assert self.disk_dir is not None
        for path in sorted(self.disk_dir.glob(f"*{FILE_SUFFIX}")):
            try:
                snap = read_snapshot_entry(path, self.key)
            except (OSError, SnapshotFileError) as exc:
                logger.warning("deleting damaged snapshot %s: %s", path.name, exc)
                path.unlink(missing_ok=True)
                continue
            snap.last_used = path.stat().st_mtime - time.time() + time.monotonic()
            self._snapshots[snap.tokens] = snap
            self._index(snap.tokens)
        for leftover in self.disk_dir.glob("*.tmp"):
            leftover.unlink(missing_ok=True)
        self._evict_disk()

    # --- forgetting ---------------------------------------------------------------------

    def forget_owner(self, owner: str) -> int:
        """Delete every snapshot made for `owner` (a deleted conversation); return how many."""
        with self._lock:
            doomed = [s for s in self._snapshots.values() if owner in s.owners]
        for snap in doomed:
            self._drop(snap)
        return len(doomed)

    def drop(self, snap: Snapshot) -> None:
        """Forget one snapshot, in RAM and on disk."""
        self._drop(snap)

    def clear(self) -> None:
        with self._lock:
            for snap in list(self._snapshots.values()):
                self._drop(snap)

    def stats(self, command_id: int = 0) -> CacheReport:
        """The cache's state, as the report that answers command `command_id` (engine/protocol.py)."""
        with self._lock:
            snaps = list(self._snapshots.values())
            return CacheReport(
                command_id=command_id,
                enabled=True,
                entries_ram=sum(s.in_ram for s in snaps),
                entries_disk=sum(s.path is not None for s in snaps),
                bytes_ram=sum(s.size for s in snaps if s.in_ram),
                bytes_disk=sum(s.size for s in snaps if s.path is not None),
                ram_budget=self.ram_budget,
                disk_budget=self.disk_budget,
                hits=self.hits,
                misses=self.misses,
            )

    def snapshots(self) -> list[Snapshot]:
        with self._lock:
            return list(self._snapshots.values())

    # --- internals ----------------------------------------------------------------------

    def _index(self, tokens: tuple[int, ...]) -> None:
        hashes = block_hashes(tokens)
        if not hashes:
            self._short.add(tokens)
        for h in hashes:
            self._by_block.setdefault(h, set()).add(tokens)

    def _unindex(self, tokens: tuple[int, ...]) -> None:
        self._short.discard(tokens)
        for h in block_hashes(tokens):
            group = self._by_block.get(h)
            if group is not None:
                group.discard(tokens)
                if not group:
                    del self._by_block[h]

    def _drop(self, snap: Snapshot) -> None:
        with self._lock:
            if self._snapshots.get(snap.tokens) is snap:
                del self._snapshots[snap.tokens]
                self._unindex(snap.tokens)
            snap.data = None
            if snap.path is not None:
                snap.path.unlink(missing_ok=True)
                snap.path = None

    def _evict_ram(self) -> None:
        """Least recently used out of RAM first; to disk if it is not there yet. Pinned stay."""
        in_ram = sorted((s for s in self._snapshots.values() if s.in_ram), key=lambda s: s.last_used)
        used = sum(s.size for s in in_ram)
        for snap in in_ram:
            if used <= self.ram_budget:
                break
            if snap.pinned:
                continue
            if self.disk_dir is not None and snap.path is None:
                self.persist(snap)
            used -= snap.size
            if snap.path is None:
                self._drop(snap)  # nowhere to keep it
            else:
                snap.data = None

    def _evict_disk(self) -> None:
        on_disk = sorted((s for s in self._snapshots.values() if s.path is not None), key=lambda s: s.last_used)
        used = sum(s.size for s in on_disk)
        for snap in on_disk:
            if used <= self.disk_budget:
                break
            if snap.pinned:
                continue
            used -= snap.size
            assert snap.path is not None
            snap.path.unlink(missing_ok=True)
            snap.path = None
            if not snap.in_ram:
                self._drop(snap)


# --- the file format --------------------------------------------------------------------
#   FILE_MAGIC, u32 version, u32 header length, header JSON, payload
#   header: {"key": CacheKey fields, "tokens": [...], "size": payload bytes, "sha256": payload hash,
#            "owners": [...], "pinned": bool, "bounds": [...] where the reads began and the last ended}


def write_snapshot_file(
    path: Path,
    key: CacheKey,
    tokens: Iterable[int],
    data: bytes,
    *,
    owners: Iterable[str] = (),
    pinned: bool = False,
    bounds: Iterable[int] = (),
) -> None:
    header = json.dumps(
        {
            "key": asdict(key),
            "tokens": list(tokens),
            "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "owners": sorted(owners),
            "pinned": pinned,
            "bounds": list(bounds),
        }
    ).encode()
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(FILE_MAGIC + struct.pack("<II", FILE_VERSION, len(header)))
        f.write(header)
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _read_header(f: object, key: CacheKey | None) -> dict[str, object]:
    read = f.read  # type: ignore[attr-defined]
    start = read(len(FILE_MAGIC) + 8)
    if len(start) != len(FILE_MAGIC) + 8 or not start.startswith(FILE_MAGIC):
        raise SnapshotFileError("not a Hearth snapshot")
    version, header_len = struct.unpack("<II", start[len(FILE_MAGIC) :])
    if version != FILE_VERSION or header_len > 64 * 1024 * 1024:
        raise SnapshotFileError(f"unknown snapshot version {version}")
    try:
        header = json.loads(read(header_len))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SnapshotFileError("damaged header") from exc
    if not isinstance(header, dict) or (key is not None and header.get("key") != asdict(key)):
        raise SnapshotFileError("made for another model or other settings")
    return header


def read_snapshot_header(path: Path, key: CacheKey | None) -> tuple[tuple[int, ...], int, set[str], bool]:
    """(tokens, payload size, owners, pinned); `key=None` accepts any settings (for deleting by owner)."""
    entry = read_snapshot_entry(path, key)
    return entry.tokens, entry.size, entry.owners, entry.pinned


def read_snapshot_entry(path: Path, key: CacheKey | None) -> Snapshot:
    """A file's index entry (its payload left on disk), from its header alone."""
    with open(path, "rb") as f:
        header = _read_header(f, key)
        data_start = f.tell()
    tokens = header.get("tokens")
    size = header.get("size")
    owners = header.get("owners", [])
    bounds = header.get("bounds", [])
    if not isinstance(tokens, list) or not isinstance(size, int) or not isinstance(owners, list):
        raise SnapshotFileError("damaged header")
    if (
        not isinstance(bounds, list)
        or not all(isinstance(b, int) for b in bounds)
        or bounds != sorted(set(bounds))
        or (bounds and (bounds[0] != 0 or bounds[-1] > len(tokens)))
    ):
        raise SnapshotFileError("damaged header")
    if path.stat().st_size != data_start + size:
        raise SnapshotFileError("the file is cut short or too long")
    return Snapshot(
        tuple(int(t) for t in tokens),
        size,
        None,
        path,
        pinned=header.get("pinned") is True,
        owners={str(o) for o in owners},
        bounds=tuple(bounds),
    )


def read_snapshot_file(path: Path, key: CacheKey) -> tuple[tuple[int, ...], bytes]:
    with open(path, "rb") as f:
        header = _read_header(f, key)
        data = f.read()
    if len(data) != header.get("size") or hashlib.sha256(data).hexdigest() != header.get("sha256"):
        raise SnapshotFileError("the contents do not match their checksum")
    tokens = header.get("tokens")
    assert isinstance(tokens, list)
    return tuple(int(t) for t in tokens), data


def forget_owner_on_disk(cache_root: Path, owner: str) -> int:
    """Delete `owner`'s snapshot files under every model's folder, with no engine running
    (a conversation deleted from the command line); return how many."""
    removed = 0
    for path in cache_root.glob(f"*/*{FILE_SUFFIX}"):
        try:
            _, _, owners, _ = read_snapshot_header(path, None)
        except (OSError, SnapshotFileError):
            continue
        if owner in owners:
            path.unlink(missing_ok=True)
            removed += 1
    return removed
