"""One download of a file at a time, across every Hearth process (windows and commands alike).

A download claims each destination file with an inter-process lock (filelock: flock on Unix, LockFileEx on
Windows; the system lets go of it when a process dies, even by SIGKILL) before it touches the `.part`, and
holds it until the file is published or the part is left for a resume. The locks live in
engine.paths.download_locks_dir(), keyed by the destination's real path, so the models folder holds only models.

A second download of a claimed file waits for it. While it waits it also holds a lock on a "waiter" file of
its own next to the claim's, so the download that holds the claim can tell that someone will take its part
over: a cancel then leaves the part (and its sidecar) in place for the waiter instead of deleting it.

Claims are taken in one global order (by lock file name), so two downloads that share some of their files
(the parts of a split model) never wait for each other in a circle.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import secrets
import threading
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock, Timeout

from engine.paths import download_locks_dir

logger = logging.getLogger(__name__)

WAIT_POLL_S = 0.25  # how often a waiting download looks at the stop event and reports the other's progress


def _key(dest: Path) -> str:
    return hashlib.sha256(os.path.realpath(dest).encode("utf-8", "surrogateescape")).hexdigest()[:40]


class Claim:
    """The lock on one destination file. Not shared between threads: each download makes its own."""

    def __init__(self, dest: Path) -> None:
        self.dest = dest
        self._folder = download_locks_dir()
        self._key = _key(dest)
        self.lock_path = self._folder / f"{self._key}.lock"
        self._lock = FileLock(str(self.lock_path))
        self.held = False

    def try_take(self) -> bool:
        """Take the claim if no one holds it; never waits."""
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            return False
        self.held = True
        return True

    def wait(self, stop: threading.Event | None, tick: Callable[[], None]) -> bool:
        """Wait for the claim, as a visible waiter; True once taken, False when `stop` was set first.
        `tick` runs at once and then every WAIT_POLL_S while another process holds it."""
        waiter = FileLock(str(self._folder / f"{self._key}.waiter-{os.getpid()}-{secrets.token_hex(4)}.lock"))
        waiter.acquire()
        try:
            while True:
                if stop is not None and stop.is_set():
                    return False
                tick()
                try:
                    self._lock.acquire(timeout=WAIT_POLL_S)
                except Timeout:
                    continue
                self.held = True
                return True
        finally:
            waiter.release()
            Path(waiter.lock_file).unlink(missing_ok=True)

    def others_waiting(self) -> bool:
        """Whether another download is waiting for this file (a waiter whose process died does not count)."""
        for marker in sorted(self._folder.glob(f"{self._key}.waiter-*.lock")):
            probe = FileLock(str(marker))
            try:
                probe.acquire(timeout=0)
            except Timeout:
                return True
            probe.release()  # its waiter was killed while it waited: tidy up
            marker.unlink(missing_ok=True)
        return False

    def release(self) -> None:
        if self.held:
            self.held = False
            self._lock.release()


class WaitStoppedError(Exception):
    """The stop event was set while another process held `dest`'s claim."""

    def __init__(self, dest: Path) -> None:
        super().__init__(f"stopped waiting for {dest}")
        self.dest = dest


class Claims:
    """The claims on every file of one download, taken in the global order."""

    def __init__(self, dests: list[Path]) -> None:
        self.all = sorted((Claim(d) for d in dests), key=lambda c: c.lock_path.name)

    @property
    def held(self) -> list[Claim]:
        return [c for c in self.all if c.held]

    def take(self, stop: threading.Event | None, on_wait: Callable[[Path], None]) -> bool:
        """Take every claim, waiting for the ones another process holds (`on_wait(dest)` while it waits).
        Returns whether it had to wait; raises WaitStoppedError when `stop` is set while waiting."""
        waited = False
        for claim in self.all:
            if claim.try_take():
                continue
            waited = True
            logger.info("%s is being downloaded by another Hearth process; waiting for it", claim.dest)
            if not claim.wait(stop, functools.partial(on_wait, claim.dest)):
                raise WaitStoppedError(claim.dest)
        return waited

    def release(self) -> None:
        for claim in reversed(self.all):
            claim.release()


def discard_if_unclaimed(dest: Path, discard: Callable[[Path], None]) -> bool:
    """Run `discard(dest)` unless another process is downloading `dest` or waiting to; True when it ran."""
    claim = Claim(dest)
    if not claim.try_take():
        return False
    try:
        if claim.others_waiting():
            return False
        discard(dest)
        return True
    finally:
        claim.release()
