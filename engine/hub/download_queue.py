"""Downloads one at a time on a worker thread, for the GUI (no Qt here: it polls jobs() a few times a second).

A job whose file another Hearth process (a second window, `hearth models download`) is downloading shows as
"waiting" with that download's progress; it then finds the file in the library, or takes the part over and
resumes it if the other one stops. Pause and Cancel work while it waits, and never touch the other's files."""

from __future__ import annotations

import itertools
import logging
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Literal

from engine.errors import UserError
from engine.hub.download import DownloadPaused, DownloadProgress, cancel_partial, download_model

logger = logging.getLogger(__name__)

# "waiting": running, but another Hearth process is downloading the file (bytes_done: how far it has got).
JobState = Literal["queued", "running", "waiting", "paused", "done", "failed", "cancelled"]
ACTIVE: tuple[JobState, ...] = ("running", "waiting")


@dataclass(frozen=True)
class JobSnapshot:
    """One job as the GUI shows it (a copy: safe to keep and read on any thread)."""

    id: int
    repo_id: str
    file: str  # the file in progress (a split model's current part), or the first
    paths: tuple[str, ...]
    state: JobState
    bytes_done: int  # over all of the job's files
    bytes_total: int  # 0 until known
    speed_bps: float
    eta_s: float | None
    error: str | None  # one sentence when failed
    result: tuple[Path, ...] = ()  # the files, when done
    # The error's code and values (engine.errors.UserError), for the window to say it in its language.
    error_code: str = ""
    error_params: tuple[tuple[str, str], ...] = ()
    # Cancelled, but the partial file was left to another Hearth process downloading it (or waiting to).
    left_to_other: bool = False


@dataclass
class _Job:
    snapshot: JobSnapshot
    revision: str
    token: str | None
    stop: threading.Event
    dests: list[Path] | None
    cancel: threading.Event = field(default_factory=threading.Event)


class DownloadQueue:
    """Runs queued downloads one at a time on one worker thread; every method is thread-safe."""

    def __init__(self, dest_dir: Path | None = None, retries: int = 5, backoff_s: float = 1.0) -> None:
        self._dest_dir = dest_dir
        self._retries, self._backoff_s = retries, backoff_s
        self._jobs: dict[int, _Job] = {}
        self._order: list[int] = []
        self._ids = itertools.count(1)
        self._lock = threading.Condition()
        self._closing = False
        self._thread = threading.Thread(target=self._work, name="hub-download-queue")
        self._thread.start()

    # ---- the GUI's side ----
    def add(self, repo_id: str, paths: list[str], revision: str = "main", token: str | None = None) -> int:
        from engine.hub.download import destinations

        dests = destinations(repo_id, paths, self._dest_dir) if self._dest_dir is not None else None
        with self._lock:
            job_id = next(self._ids)
            snapshot = JobSnapshot(job_id, repo_id, paths[0], tuple(paths), "queued", 0, 0, 0.0, None, None)
            self._jobs[job_id] = _Job(snapshot, revision, token, threading.Event(), dests)
            self._order.append(job_id)
            self._lock.notify_all()
        return job_id

    def pause(self, job_id: int) -> None:
        with self._lock:
            job = self._jobs[job_id]
            if job.snapshot.state in ACTIVE:
                job.stop.set()  # the worker marks it paused once the part is saved (or it stopped waiting)
            elif job.snapshot.state == "queued":
                self._set(job, state="paused")

    def resume(self, job_id: int) -> None:
        with self._lock:
            job = self._jobs[job_id]
            if job.snapshot.state in ("paused", "failed"):
                job.stop, job.cancel = threading.Event(), threading.Event()
                self._set(job, state="queued", error=None, error_code="", error_params=())
                self._lock.notify_all()

    def cancel(self, job_id: int) -> None:
        """Stop the job and delete its partial files (finished downloads stay; another Hearth's are not ours)."""
        with self._lock:
            job = self._jobs[job_id]
            if job.snapshot.state in ACTIVE:
                job.cancel.set()
                job.stop.set()
                return
            if job.snapshot.state in ("done", "cancelled"):
                return
            self._set(job, state="cancelled", speed_bps=0.0, eta_s=None)
        left = self._discard(job)
        with self._lock:
            self._set(job, left_to_other=left)

    def jobs(self) -> list[JobSnapshot]:
        with self._lock:
            return [self._jobs[i].snapshot for i in self._order]

    def close(self) -> None:
        """Pause the running download (its part is kept) and join the worker thread."""
        with self._lock:
            self._closing = True
            for job in self._jobs.values():
                job.stop.set()
            self._lock.notify_all()
        self._thread.join()

    def __enter__(self) -> DownloadQueue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- the worker's side ----
    def _set(self, job: _Job, **changes: object) -> None:
        job.snapshot = replace(job.snapshot, **changes)  # type: ignore[arg-type]

    def _fail(self, job: _Job, error: UserError) -> None:
        with self._lock:
            self._set(
                job,
                state="failed",
                error=str(error),
                error_code=error.code,
                error_params=tuple(error.params.items()),
                speed_bps=0.0,
                eta_s=None,
            )

    def _next(self) -> _Job | None:
        with self._lock:
            while not self._closing:
                for job_id in self._order:
                    job = self._jobs[job_id]
                    if job.snapshot.state == "queued":
                        self._set(job, state="running")
                        return job
                self._lock.wait()
            return None

    def _work(self) -> None:
        while (job := self._next()) is not None:
            self._run(job)

    def _run(self, job: _Job) -> None:
        done_sizes: dict[str, int] = {}

        def on_progress(p: DownloadProgress) -> None:
            with self._lock:
                if p.state == "done":
                    done_sizes[p.path] = p.bytes_total
                before = sum(size for path, size in done_sizes.items() if path != p.path)
                self._set(
                    job,
                    state="waiting" if p.state == "waiting" else "running",
                    file=p.path,
                    bytes_done=before + p.bytes_done,
                    bytes_total=max(job.snapshot.bytes_total, before + p.bytes_total),
                    speed_bps=p.speed_bps,
                    eta_s=p.eta_s,
                )

        snap = job.snapshot
        try:
            results = download_model(
                snap.repo_id,
                list(snap.paths),
                revision=job.revision,
                token=job.token,
                dests=job.dests,
                on_progress=on_progress,
                stop=job.stop,
                cancel=job.cancel,
                retries=self._retries,
                backoff_s=self._backoff_s,
            )
        except DownloadPaused as paused:
            # On a cancel, download_model deleted the parts it held (and left those another Hearth waits for).
            if job.cancel.is_set():
                with self._lock:
                    self._set(job, state="cancelled", speed_bps=0.0, eta_s=None, left_to_other=paused.left_to_other)
            else:
                with self._lock:
                    self._set(job, state="paused", speed_bps=0.0, eta_s=None)
            return
        except UserError as exc:
            self._fail(job, exc)
            return
        except Exception as exc:  # a bug must not kill the queue: the job says so, the log has the trace
            logger.exception("download of %s failed", snap.paths)
            self._fail(job, UserError("download.failed", problem=exc))
            return
        total = sum(r.size for r in results)
        with self._lock:
            self._set(
                job,
                state="done",
                bytes_done=total,
                bytes_total=total,
                speed_bps=0.0,
                eta_s=0.0,
                result=tuple(r.path for r in results),
            )

    def _discard(self, job: _Job) -> bool:
        """Delete a stopped job's parts; True when one was left to another Hearth process that has the file."""
        from engine.hub.download import destinations

        dests = job.dests or destinations(job.snapshot.repo_id, list(job.snapshot.paths))
        deleted = [cancel_partial(dest) for dest in dests]
        logger.info("cancelled %s: %s", job.snapshot.repo_id, [PurePosixPath(p).name for p in job.snapshot.paths])
        return not all(deleted)
