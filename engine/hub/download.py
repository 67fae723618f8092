"""Our own resumable, verified downloads from the Hugging Face Hub.

huggingface_hub 2.x neither resumes after a restart nor checks sha256, so huggingface_hub only
resolves the file (URL, size, commit, lfs sha256; it honours HF_ENDPOINT, HF_HUB_OFFLINE and the
token) and we stream the bytes over its shared httpx2 session with HTTP Range:

- bytes go to `<dest>.part`, with `<dest>.part.json` saying what they are (url, commit, sha256,
  etag, bytes confirmed); a later run resumes with `Range: bytes=N-`;
- the network read runs on the caller's thread while a writer thread writes and hashes, so
  neither waits on the other; on resume the existing part is hashed once first;
- the sha256 is checked against the Hub's lfs hash before an atomic `os.replace` into place,
  next to a `<file>.source.json` record that the library reads;
- one download of a file at a time across Hearth's processes (engine/hub/claims.py): a second one
  waits ("waiting", with the other's progress), then finds the file in the library, or takes the
  part over and resumes it when the other was paused, cancelled or killed.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import logging
import os
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from engine.errors import UserError
from engine.hub.claims import Claims, WaitStoppedError, discard_if_unclaimed
from engine.hub.errors import HubError, hub_errors
from engine.hub.hf_setup import login_token, prepare_huggingface_hub
from engine.hub.offline_mode import require_online
from engine.hub.transfer import direct_transfer_possible, open_body
from engine.json_file import read_json_object

logger = logging.getLogger(__name__)

READ_CHUNK = 4 * 1024 * 1024  # bytes handed to the writer thread at a time
QUEUE_CHUNKS = 8  # at most this many chunks wait for the disk (32 MiB)
CHECKPOINT_BYTES = 256 * 1024 * 1024  # fsync the part and rewrite the sidecar this often...
CHECKPOINT_S = 5.0  # ...or this often, whichever comes first
PROGRESS_INTERVAL_S = 0.1  # on_progress at most ~10 times a second
SPEED_WINDOW_S = 3.0
DEFAULT_KEEP_FREE = 256 * 1024 * 1024  # a download never leaves the disk fuller than this
MAX_BACKOFF_S = 30.0
CONNECT_TIMEOUT_S = 10.0
READ_TIMEOUT_S = 30.0
PART_SUFFIX = ".part"
PART_RECORD_SUFFIX = ".part.json"
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_GIT_SHA1 = re.compile(r"^[0-9a-f]{40}$")

# "waiting": another Hearth process is downloading the file; bytes_done is how far it has got.
State = Literal["resolving", "waiting", "downloading", "retrying", "verifying", "done", "paused"]


@dataclass(frozen=True)
class DownloadProgress:
    """One progress snapshot for a file (speed over the last few seconds; eta None while unknown)."""

    path: str  # in the repo
    bytes_done: int
    bytes_total: int
    speed_bps: float
    eta_s: float | None
    state: State


ProgressCallback = Callable[[DownloadProgress], None]


@dataclass(frozen=True)
class RemoteFile:
    """What the Hub says about one file at one commit."""

    repo_id: str
    path: str
    commit: str
    url: str  # pinned to the commit, so a later push to the branch cannot mix two files' bytes
    size: int
    sha256: str | None  # the lfs hash; None for a small file kept in git
    etag: str  # the lfs sha256, or the git blob id for a file kept in git


@dataclass(frozen=True)
class DownloadResult:
    path: Path
    sha256: str
    size: int
    resumed_from: int  # bytes already on disk when this run started (0: a fresh start)
    already_there: bool  # the library had it: nothing was downloaded


# Said once when a download has to wait (the command line prints it; the window has its own words).
ALREADY_DOWNLOADING = (
    "{name} is already being downloaded by another Hearth window or command; waiting for it to finish."
)


class DownloadPaused(UserError):  # noqa: N818 - a state the caller asked for, not a failure
    """The stop event was set: the part and its sidecar are kept for a resume (or, on a cancel, deleted).

    `left_to_other`: a part was left in place because another Hearth process is downloading the file or
    waiting to take it over."""

    def __init__(self, name: str, done: int, total: int) -> None:
        super().__init__("download.paused", name=name, done=_mb(done), total=_mb(total))
        self.done, self.total = done, total
        self.left_to_other = False


class WaitStopped(DownloadPaused):
    """The stop event was set while another Hearth process was downloading the file: nothing of it was touched."""

    def __init__(self, name: str, done: int, total: int) -> None:
        UserError.__init__(self, "download.stopped_waiting", name=name)
        self.done, self.total = done, total
        self.left_to_other = True


class DiskSpaceError(UserError):
    """Not enough room for the download, before or while writing."""


# ---- the part file and its sidecar ---------------------------------------------------------------


def part_path(dest: Path) -> Path:
    return dest.with_name(dest.name + PART_SUFFIX)


def part_record_path(dest: Path) -> Path:
    return dest.with_name(dest.name + PART_RECORD_SUFFIX)


def discard_partial(dest: Path) -> None:
    """Delete the part and its sidecar (only while holding the file's claim: see cancel_partial)."""
    for path in (part_path(dest), part_record_path(dest)):
        path.unlink(missing_ok=True)


def cancel_partial(dest: Path) -> bool:
    """Cancel's clean-up for a download that is not running here: delete its part and sidecar, unless another
    Hearth process is downloading that file or waiting to (then they are its own). True when they were deleted."""
    return discard_if_unclaimed(dest, discard_partial)


def _part_size(dest: Path) -> int:
    try:
        return part_path(dest).stat().st_size
    except OSError:
        return 0


def _boot_time() -> float:
    import psutil

    return float(psutil.boot_time())


def _read_part_record(dest: Path) -> dict[str, Any]:
    return read_json_object(part_record_path(dest))


def _write_part_record(dest: Path, remote: RemoteFile, confirmed: int) -> None:
    record = {
        "url": remote.url,
        "repo_id": remote.repo_id,
        "commit": remote.commit,
        "path": remote.path,
        "size": remote.size,
        "sha256": remote.sha256,
        "etag": remote.etag,
        "bytes_confirmed": confirmed,  # flushed to disk (fsync) when written
        "boot_time": _boot_time(),
        "updated_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    target = part_record_path(dest)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=2), encoding="utf-8")
    os.replace(tmp, target)


def _resume_offset(dest: Path, remote: RemoteFile) -> int:
    """Bytes of the part that can be kept; 0 (and a clean slate) when they belong to another file."""
    part = part_path(dest)
    record = _read_part_record(dest)
    on_disk = part.stat().st_size if part.is_file() else 0
    if not record or on_disk == 0:
        discard_partial(dest)
        return 0
    same_file = record.get("size") == remote.size and (
        record.get("sha256") == remote.sha256 if remote.sha256 else record.get("etag") == remote.etag
    )
    if not same_file:
        logger.warning(
            "%s changed on the Hub since the part was written (commit %s -> %s): starting over",
            remote.path,
            record.get("commit"),
            remote.commit,
        )
        discard_partial(dest)
        return 0
    if record.get("commit") != remote.commit:
        logger.info("%s: new commit %s, same file: resuming", remote.path, remote.commit)
    # After a process kill the page cache still holds every byte written; after a reboot only
    # what was fsynced (bytes_confirmed) is sure to be there.
    confirmed = record.get("bytes_confirmed")
    keep = on_disk
    if record.get("boot_time") != _boot_time() and isinstance(confirmed, int):
        keep = min(on_disk, max(confirmed, 0))
    keep = min(keep, remote.size)
    if keep != on_disk:
        with part.open("r+b") as f:
            f.truncate(keep)
    return keep


# ---- resolving -----------------------------------------------------------------------------------


def resolve(repo_id: str, path: str, revision: str = "main", token: str | None = None) -> RemoteFile:
    """The file's commit, size and lfs sha256, through huggingface_hub (HEAD, then the tree listing)."""
    prepare_huggingface_hub()
    from huggingface_hub import HfApi, constants, get_hf_file_metadata, hf_hub_url
    from huggingface_hub.hf_api import RepoFile

    if constants.is_offline_mode():
        raise HubError("hub.offline", kind="offline")
    require_online()
    token = login_token(token)
    with hub_errors(repo_id=repo_id, filename=path, revision=revision):
        meta = get_hf_file_metadata(hf_hub_url(repo_id, path, revision=revision), token=token)
        commit = meta.commit_hash or revision
        folder = str(PurePosixPath(path).parent)
        entries = HfApi().list_repo_tree(
            repo_id, path_in_repo=None if folder == "." else folder, revision=commit, token=token
        )
        entry = next((e for e in entries if isinstance(e, RepoFile) and e.path == path), None)
    if entry is None:
        raise HubError("hub.no_such_file", kind="not_found", repo=repo_id, file=path)
    sha256 = entry.lfs.sha256.lower() if entry.lfs is not None else None
    etag = (meta.etag or "").strip('"').lower()
    return RemoteFile(
        repo_id=repo_id,
        path=path,
        commit=commit,
        url=hf_hub_url(repo_id, path, revision=commit),
        size=int(entry.size),
        sha256=sha256,
        etag=sha256 or etag,
    )


# ---- progress ------------------------------------------------------------------------------------


class _ProgressMeter:
    """Turns byte counts into snapshots: speed over the last few seconds, at most ~10 calls a second."""

    def __init__(self, path: str, total: int, callback: ProgressCallback | None) -> None:
        self.path, self.total, self.callback = path, total, callback
        self._samples: deque[tuple[float, int]] = deque()
        self._last_sent = 0.0
        self.done = 0

    def update(self, done: int, state: State = "downloading", *, force: bool = False) -> None:
        self.done = done
        now = time.monotonic()
        self._samples.append((now, done))
        while len(self._samples) > 2 and now - self._samples[0][0] > SPEED_WINDOW_S:
            self._samples.popleft()
        if self.callback is None or (not force and now - self._last_sent < PROGRESS_INTERVAL_S):
            return
        self._last_sent = now
        self.callback(self.snapshot(state))

    def restart_speed(self) -> None:
        self._samples.clear()

    def snapshot(self, state: State) -> DownloadProgress:
        speed = 0.0
        if len(self._samples) >= 2:
            (t0, b0), (t1, b1) = self._samples[0], self._samples[-1]
            speed = (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0
        eta = (self.total - self.done) / speed if speed > 0 else None
        return DownloadProgress(self.path, self.done, self.total, speed, eta, state)


# ---- writing and hashing on a second thread ------------------------------------------------------


class _Writer:
    """Appends to the part and hashes on its own thread, so the network read never waits on the disk.

    Checkpoints run on a third thread: every CHECKPOINT_BYTES or CHECKPOINT_S it fdatasyncs the part
    and calls `synced(bytes)`, which rewrites the sidecar with the bytes now sure to be on disk. The
    writer never waits for the disk to catch up, only the final sync before the move does."""

    def __init__(self, part: Path, digests: list[Any], offset: int, synced: Callable[[int], None]) -> None:
        self._file = part.open("r+b" if part.exists() else "wb", buffering=0)
        self._file.seek(offset)
        self._digests = digests
        self._synced = synced
        self.written = offset  # bytes in the part that are ours, in order
        self.error: OSError | None = None
        self._queue: queue.Queue[list[bytes] | None] = queue.Queue(QUEUE_CHUNKS)
        self._sync_wanted = threading.Event()
        self._done = False
        self._thread = threading.Thread(target=self._run, name="hub-download-writer", daemon=True)
        self._syncer = threading.Thread(target=self._sync_loop, name="hub-download-sync", daemon=True)
        self._thread.start()
        self._syncer.start()

    def put(self, pieces: list[bytes]) -> None:
        self._queue.put(pieces)

    def _run(self) -> None:
        last_sync, last_sync_at = self.written, time.monotonic()
        while (pieces := self._queue.get()) is not None:
            if self.error is not None:
                continue  # drain what the reader had queued before it saw the error
            try:
                for piece in pieces:
                    view = memoryview(piece)
                    while view:  # an unbuffered write may be short
                        view = view[self._file.write(view) or 0 :]
                    for digest in self._digests:
                        digest.update(piece)
                    self.written += len(piece)
            except OSError as exc:
                self.error = exc
                continue
            now = time.monotonic()
            if self.written - last_sync >= CHECKPOINT_BYTES or now - last_sync_at >= CHECKPOINT_S:
                last_sync, last_sync_at = self.written, now
                self._sync_wanted.set()

    def _sync_loop(self) -> None:
        while True:
            self._sync_wanted.wait()
            self._sync_wanted.clear()
            if self._done:
                return
            reached = self.written  # everything before this was written before the sync began
            try:
                os.fdatasync(self._file.fileno()) if hasattr(os, "fdatasync") else os.fsync(self._file.fileno())
                self._synced(reached)
            except OSError:
                logger.debug("checkpoint sync failed", exc_info=True)

    def finish(self) -> None:
        """Wait for the queue to drain; the part is then synced and closed (even after an error)."""
        self._queue.put(None)
        self._thread.join()
        self._done = True
        self._sync_wanted.set()
        self._syncer.join()
        try:
            os.fsync(self._file.fileno())
        except OSError as exc:
            self.error = self.error or exc
        finally:
            with contextlib.suppress(OSError):
                self._file.truncate(self.written)  # a failed write may have left a partial piece
            with contextlib.suppress(OSError):
                self._file.close()


# ---- the download --------------------------------------------------------------------------------


def download_file(
    repo_id: str,
    path: str,
    *,
    revision: str = "main",
    token: str | None = None,
    dest: Path | None = None,
    on_progress: ProgressCallback | None = None,
    stop: threading.Event | None = None,
    retries: int = 5,
    backoff_s: float = 1.0,
    keep_free_bytes: int = DEFAULT_KEEP_FREE,
) -> Path:
    """Download one file into the library (or `dest`), resuming a part left by an earlier run.

    Raises DownloadPaused when `stop` is set, HubError for the Hub's and the network's failures
    (checksum included), DiskSpaceError when the disk is or becomes too full."""
    return download(
        repo_id,
        path,
        revision=revision,
        token=token,
        dest=dest,
        on_progress=on_progress,
        stop=stop,
        retries=retries,
        backoff_s=backoff_s,
        keep_free_bytes=keep_free_bytes,
    ).path


def download(
    repo_id: str,
    path: str,
    *,
    revision: str = "main",
    token: str | None = None,
    dest: Path | None = None,
    on_progress: ProgressCallback | None = None,
    stop: threading.Event | None = None,
    retries: int = 5,
    backoff_s: float = 1.0,
    keep_free_bytes: int = DEFAULT_KEEP_FREE,
) -> DownloadResult:
    """download_file, returning what happened (sha256, size, where it resumed from)."""
    results = download_model(
        repo_id,
        [path],
        revision=revision,
        token=token,
        dests=[dest] if dest is not None else None,
        on_progress=on_progress,
        stop=stop,
        retries=retries,
        backoff_s=backoff_s,
        keep_free_bytes=keep_free_bytes,
    )
    return results[0]


def destinations(repo_id: str, paths: list[str], dest_dir: Path | None = None) -> list[Path]:
    """Where each file goes: the library's place for it, or `dest_dir`/<file name>."""
    if dest_dir is not None:
        return [dest_dir / PurePosixPath(p).name for p in paths]
    from engine.models.library import Library

    library = Library()
    return [library.download_destination(repo_id, p) for p in paths]


def download_model(
    repo_id: str,
    paths: list[str],
    *,
    revision: str = "main",
    token: str | None = None,
    dests: list[Path] | None = None,
    on_progress: ProgressCallback | None = None,
    stop: threading.Event | None = None,
    cancel: threading.Event | None = None,
    retries: int = 5,
    backoff_s: float = 1.0,
    keep_free_bytes: int = DEFAULT_KEEP_FREE,
) -> list[DownloadResult]:
    """Download a model's files in order (a split GGUF's parts); it appears only when every part is verified.

    While another Hearth process downloads one of the files, this waits for it (progress "waiting", with how
    far the other has got), then returns the file from the library, or takes its part over and resumes it.
    Set `cancel` together with `stop` to cancel: the parts are then deleted, except one another process
    is waiting to take over (DownloadPaused.left_to_other says so)."""
    if not paths:
        raise HubError("download.nothing_given", kind="not_found")
    prepare_huggingface_hub()
    from huggingface_hub import constants

    if constants.is_offline_mode():
        raise HubError("hub.offline", kind="offline")
    require_online()
    token = login_token(token)
    targets = dests if dests is not None else destinations(repo_id, paths)
    remotes = [resolve(repo_id, p, revision, token) for p in paths]
    claims = Claims(targets)
    try:
        _take_claims(claims, remotes, targets, on_progress=on_progress, stop=stop, cancel=cancel)
        # Checked once the files are ours: a download this one waited for has put them in the library.
        existing = _already_in_library(remotes, targets)
        if existing is not None:
            return existing
        _check_free_space(targets[0].parent, remotes, targets, keep_free_bytes)
        verified: list[tuple[RemoteFile, Path, str, int]] = []
        try:
            for remote, target in zip(remotes, targets, strict=True):
                meter = _ProgressMeter(remote.path, remote.size, on_progress)
                sha, resumed_from = _fetch_verified(
                    remote, dest=target, token=token, meter=meter, stop=stop, retries=retries, backoff_s=backoff_s
                )
                verified.append((remote, target, sha, resumed_from))
        except DownloadPaused as paused:
            if cancel is not None and cancel.is_set():
                paused.left_to_other = _discard_claimed(claims)
            raise
        results = []
        for remote, target, sha, resumed_from in verified:
            _publish(remote, target, sha)
            results.append(DownloadResult(target, sha, remote.size, resumed_from, already_there=False))
        return results
    finally:
        claims.release()


def _take_claims(
    claims: Claims,
    remotes: list[RemoteFile],
    targets: list[Path],
    *,
    on_progress: ProgressCallback | None,
    stop: threading.Event | None,
    cancel: threading.Event | None,
) -> None:
    """Claim every file, waiting (and saying so through on_progress) while another Hearth process has one."""
    meters = {
        target: _ProgressMeter(remote.path, remote.size, on_progress)
        for remote, target in zip(remotes, targets, strict=True)
    }

    def waiting(dest: Path) -> None:
        meters[dest].update(_part_size(dest), "waiting", force=True)

    try:
        claims.take(stop, waiting)
    except WaitStoppedError as stopped:
        remote = remotes[targets.index(stopped.dest)]
        if cancel is not None and cancel.is_set():
            _discard_claimed(claims)  # our own earlier parts of a split model, if nobody waits for them
        raise WaitStopped(PurePosixPath(remote.path).name, _part_size(stopped.dest), remote.size) from None


def _discard_claimed(claims: Claims) -> bool:
    """A cancel's clean-up, holding the claims: delete each part, unless another Hearth process is waiting to
    take it over. True when a part was left to one."""
    left = False
    for claim in claims.held:
        if claim.others_waiting():
            logger.info("cancelled, but another Hearth process waits for %s: its part is left to it", claim.dest)
            left = True
        else:
            discard_partial(claim.dest)
    return left


def _already_in_library(remotes: list[RemoteFile], targets: list[Path]) -> list[DownloadResult] | None:
    """Nothing is downloaded twice: when the library holds every file (by sha256), their paths."""
    from engine.models.library import Library

    library = Library()
    found = []
    for remote, target in zip(remotes, targets, strict=True):
        if remote.sha256 is None:
            if target.is_file() and target.stat().st_size == remote.size:
                record = _read_source_json(target)
                if record.get("repo_id") == remote.repo_id and record.get("path") == remote.path:
                    found.append(DownloadResult(target, str(record.get("sha256")), remote.size, 0, True))
                    continue
            return None
        entry = library.find_download(remote.repo_id, remote.path, remote.sha256)
        if entry is None:
            return None
        index = entry.part_sha256s.index(remote.sha256) if remote.sha256 in entry.part_sha256s else 0
        where = entry.parts[index] if entry.parts else entry.path
        found.append(DownloadResult(where, remote.sha256, remote.size, 0, True))
    return found


def _read_source_json(model_file: Path) -> dict[str, Any]:
    from engine.models.copying import read_source_record

    return read_source_record(model_file)


def _check_free_space(folder: Path, remotes: list[RemoteFile], targets: list[Path], keep_free: int) -> None:
    import shutil

    from engine.models.gguf_info import human_size

    folder.mkdir(parents=True, exist_ok=True)
    have = sum(part_path(t).stat().st_size for t in targets if part_path(t).is_file())
    needed = max(sum(r.size for r in remotes) - have, 0)
    free = shutil.disk_usage(folder).free
    if free - needed < keep_free:
        name = PurePosixPath(remotes[0].path).name
        usable = max(free - keep_free, 0)
        raise DiskSpaceError(
            "download.not_enough_space", name=name, needed=human_size(needed), usable=human_size(usable), folder=folder
        )


def _hash_existing(part: Path, length: int, digest: Any, git_digest: Any | None) -> None:
    if length == 0:
        return
    with part.open("rb") as f:
        left = length
        while left > 0 and (block := f.read(min(READ_CHUNK, left))):
            digest.update(block)
            if git_digest is not None:
                git_digest.update(block)
            left -= len(block)


def _fetch_verified(
    remote: RemoteFile,
    *,
    dest: Path,
    token: str | None,
    meter: _ProgressMeter,
    stop: threading.Event | None,
    retries: int,
    backoff_s: float,
) -> tuple[str, int]:
    """Bring `<dest>.part` to the whole file and check its hash; returns (sha256, bytes resumed from)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = part_path(dest)
    offset = _resume_offset(dest, remote)
    resumed_from = offset
    if offset:
        logger.info("resuming %s at %d of %d bytes", remote.path, offset, remote.size)
    digest, git_digest = _new_digests(remote)
    _hash_existing(part, offset, digest, git_digest)
    _write_part_record(dest, remote, offset)
    meter.update(offset, force=True)

    failures = 0
    while True:
        if offset >= remote.size:
            break
        if stop is not None and stop.is_set():
            meter.update(offset, "paused", force=True)
            raise DownloadPaused(PurePosixPath(remote.path).name, offset, remote.size)
        before = offset
        try:
            offset = _stream_into(
                remote,
                dest=dest,
                token=token,
                offset=offset,
                digest=digest,
                git_digest=git_digest,
                meter=meter,
                stop=stop,
            )
        except _StartOver as exc:
            logger.warning("%s: %s; starting over", remote.path, exc)
            discard_partial(dest)
            offset = resumed_from = 0
            digest, git_digest = _new_digests(remote)
            _write_part_record(dest, remote, 0)
        except _Retryable as exc:
            offset = exc.offset
            failures = 0 if offset > before else failures + 1
            if failures > retries:
                raise HubError(
                    "download.connection_dropped", kind="unreachable", done=_mb(offset), total=_mb(remote.size)
                ) from exc.cause
            wait = min(backoff_s * 2 ** max(failures - 1, 0), MAX_BACKOFF_S)
            logger.warning("download of %s interrupted at %d (%s); retrying in %.1fs", remote.path, offset, exc, wait)
            meter.update(offset, "retrying", force=True)
            meter.restart_speed()
            if stop is not None:
                stop.wait(wait)
            else:
                time.sleep(wait)

    meter.update(offset, "verifying", force=True)
    sha256 = digest.hexdigest()
    # A file kept in git has no lfs hash: its etag is the git blob id, checked the same way.
    expected, got = (remote.sha256, sha256) if git_digest is None else (remote.etag, git_digest.hexdigest())
    if expected is not None and got != expected:
        discard_partial(dest)
        name = PurePosixPath(remote.path).name
        raise HubError("download.checksum_failed", name=name, expected=expected[:12], got=got[:12])
    meter.update(offset, "done", force=True)
    return sha256, resumed_from


def _new_digests(remote: RemoteFile) -> tuple[Any, Any | None]:
    git_digest = None
    if remote.sha256 is None and _GIT_SHA1.match(remote.etag):
        git_digest = hashlib.sha1(b"blob %d\0" % remote.size, usedforsecurity=False)
    return hashlib.sha256(), git_digest


class _Retryable(Exception):  # noqa: N818 - internal signal, never leaves this module
    def __init__(self, offset: int, cause: BaseException) -> None:
        super().__init__(str(cause) or type(cause).__name__)
        self.offset, self.cause = offset, cause


class _StartOver(Exception):  # noqa: N818 - internal signal: the part cannot be continued
    pass


def _stream_into(
    remote: RemoteFile,
    *,
    dest: Path,
    token: str | None,
    offset: int,
    digest: Any,
    git_digest: Any | None,
    meter: _ProgressMeter,
    stop: threading.Event | None,
) -> int:
    """One GET from `offset` on; returns the new offset. Network failures come out as _Retryable."""
    prepare_huggingface_hub()
    from huggingface_hub.utils._headers import build_hf_headers

    headers = build_hf_headers(token=token)
    headers["Accept-Encoding"] = "identity"
    if offset:
        headers["Range"] = f"bytes={offset}-"
    digests = [d for d in (digest, git_digest) if d is not None]
    writer = _Writer(part_path(dest), digests, offset, lambda n: _write_part_record(dest, remote, n))
    failure: BaseException | None = None
    try:
        if direct_transfer_possible():
            _read_directly(remote, headers, offset, writer=writer, meter=meter, stop=stop)
        else:
            _read_through_session(remote, headers, offset, writer=writer, meter=meter, stop=stop)
    except _NetworkError as exc:
        failure = exc.__cause__ or exc
    finally:
        writer.finish()
        with contextlib.suppress(OSError):  # a full disk may refuse even the small sidecar
            _write_part_record(dest, remote, writer.written)
    if writer.error is not None:
        _raise_disk_error(writer.error, remote, writer.written)
    if failure is not None:
        raise _Retryable(writer.written, failure) from failure
    if writer.written < remote.size and not (stop is not None and stop.is_set()):
        raise _Retryable(writer.written, ConnectionError("the body ended early"))
    return writer.written


class _NetworkError(Exception):
    """The connection failed part way (its cause says how); what arrived is kept."""


def _read_directly(
    remote: RemoteFile,
    headers: dict[str, str],
    offset: int,
    *,
    writer: _Writer,
    meter: _ProgressMeter,
    stop: threading.Event | None,
) -> None:
    """The body in READ_CHUNK reads with http.client (engine/hub/transfer.py says why)."""
    import http.client

    try:
        with open_body(remote.url, headers, timeout=READ_TIMEOUT_S) as (answer, response):
            if answer.status_code >= 400:
                _raise_hub_error(remote, headers)
            _check_answer(answer, remote, offset)
            # read1: what has arrived, up to READ_CHUNK, so a slow link still shows progress and
            # pauses at once, while a fast one moves megabytes per call.
            pieces = iter(lambda: response.read1(READ_CHUNK), b"")
            _hand_to_writer(pieces, offset, writer=writer, meter=meter, stop=stop)
    except (OSError, http.client.HTTPException) as exc:  # the disk is the writer's: these are the network's
        raise _NetworkError(str(exc)) from exc


def _raise_hub_error(remote: RemoteFile, headers: dict[str, str]) -> None:
    """Ask again through huggingface_hub's session so its error handling words the sentence."""
    prepare_huggingface_hub()
    from huggingface_hub import get_session
    from huggingface_hub.utils._http import hf_raise_for_status

    response = get_session().get(remote.url, headers={**headers, "Range": "bytes=0-0"})
    with hub_errors(repo_id=remote.repo_id, filename=remote.path, revision=remote.commit):
        hf_raise_for_status(response)
    raise HubError("download.refused", path=remote.path, status=response.status_code)


def _read_through_session(
    remote: RemoteFile,
    headers: dict[str, str],
    offset: int,
    *,
    writer: _Writer,
    meter: _ProgressMeter,
    stop: threading.Event | None,
) -> None:
    """The body through huggingface_hub's session (httpx2), which knows about proxies."""
    import httpx2

    prepare_huggingface_hub()
    from huggingface_hub import get_session
    from huggingface_hub.utils._http import hf_raise_for_status

    timeout = httpx2.Timeout(READ_TIMEOUT_S, connect=CONNECT_TIMEOUT_S)
    try:
        with get_session().stream("GET", remote.url, headers=headers, timeout=timeout) as response:
            if response.status_code >= 400:
                response.read()
                with hub_errors(repo_id=remote.repo_id, filename=remote.path, revision=remote.commit):
                    hf_raise_for_status(response)
            _check_answer(response, remote, offset)
            _hand_to_writer(response.iter_raw(), offset, writer=writer, meter=meter, stop=stop)
    except (httpx2.TransportError, httpx2.StreamError) as exc:
        raise _NetworkError(str(exc)) from exc


def _hand_to_writer(
    pieces: Iterator[bytes],
    offset: int,
    *,
    writer: _Writer,
    meter: _ProgressMeter,
    stop: threading.Event | None,
) -> None:
    """Pass the body's pieces to the writer thread in hand-overs of about READ_CHUNK (or every
    PROGRESS_INTERVAL_S on a slow link), until the body ends, the disk fails or the user pauses."""
    pending: list[bytes] = []
    pending_bytes, handed_at = 0, time.monotonic()
    try:
        for piece in pieces:
            pending.append(piece)
            pending_bytes += len(piece)
            offset += len(piece)
            now = time.monotonic()
            if pending_bytes >= READ_CHUNK or now - handed_at >= PROGRESS_INTERVAL_S:
                writer.put(pending)
                pending, pending_bytes, handed_at = [], 0, now
                meter.update(offset)
            if writer.error is not None or (stop is not None and stop.is_set()):
                break
    finally:
        if pending:  # what arrived before a hang-up is kept
            writer.put(pending)


def _raise_disk_error(error: OSError, remote: RemoteFile, written: int) -> None:
    name = PurePosixPath(remote.path).name
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        raise DiskSpaceError("download.disk_filled", name=name, done=_mb(written), total=_mb(remote.size)) from error
    raise DiskSpaceError("download.write_failed", name=name, problem=error.strerror or error) from error


def _check_answer(response: Any, remote: RemoteFile, offset: int) -> None:
    """The bytes must be this commit's file, and a resume must get 206 from our offset; else start over."""
    if _changed_remotely(response, remote):
        raise _StartOver(f"the Hub now serves another version of {remote.path}")
    if offset == 0:
        return
    content_range = response.headers.get("Content-Range", "")
    match = re.match(r"bytes (\d+)-\d+/(\d+|\*)", content_range)
    if response.status_code != 206 or match is None or int(match[1]) != offset:
        raise _StartOver(f"the server did not resume at byte {offset} ({response.status_code} {content_range!r})")


def _changed_remotely(response: Any, remote: RemoteFile) -> bool:
    prepare_huggingface_hub()
    from huggingface_hub import constants

    commit = response.headers.get(constants.HUGGINGFACE_HEADER_X_REPO_COMMIT)
    etag = (
        (response.headers.get(constants.HUGGINGFACE_HEADER_X_LINKED_ETAG) or response.headers.get("ETag") or "")
        .strip('"')
        .removeprefix("W/")
        .strip('"')
        .lower()
    )
    return bool((commit and commit != remote.commit) or (etag and remote.sha256 and etag != remote.sha256))


def _publish(remote: RemoteFile, dest: Path, sha256: str) -> None:
    """Record where the file came from, then move it into place atomically (the library sees both at once)."""
    from engine.models.copying import write_source_record

    write_source_record(
        dest,
        {
            "repo_id": remote.repo_id,
            "revision": remote.commit,
            "path": remote.path,
            "sha256": sha256,
            "size": remote.size,
            "downloaded_at": datetime.now(UTC).isoformat(timespec="seconds"),
        },
    )
    os.replace(part_path(dest), dest)
    part_record_path(dest).unlink(missing_ok=True)


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.0f} MB"
