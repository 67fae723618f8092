"""`hearth models download REPO FILE` (registered by engine/cli/main.py). Top-level imports stay light."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from engine.hub.download import DownloadProgress


def add_parsers(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register this module's subcommands; each sets `func` to a callable(args) -> exit code."""
    download = actions.add_parser(
        "download",
        help="download a model file from the Hugging Face Hub (resumes; verifies sha256)",
        description=(
            "Download FILE from REPO into the library. Ctrl+C pauses: run the same command to resume. "
            "If another Hearth window or command is downloading the same file, this one waits for it."
        ),
    )
    download.add_argument("repo", metavar="REPO", help="owner/name on the Hugging Face Hub")
    download.add_argument("file", metavar="FILE", help="the file in the repo (a split GGUF's first part: all parts)")
    download.add_argument("--revision", default="main", help="branch, tag or commit (default: main)")
    download.add_argument("--token", default=None, help="access token for gated repos (default: your saved token)")
    download.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    download.set_defaults(func=run_download)


def repo_paths(file: str) -> list[str]:
    """FILE, or every part of the split GGUF whose first part it names."""
    from pathlib import PurePosixPath

    from engine.models.gguf_info import split_parts

    split = split_parts(PurePosixPath(file))  # type: ignore[arg-type]  # only reads .name/.with_name
    if split is None:
        return [file]
    return [str(p) for p in split[2]]


def run_download(args: argparse.Namespace) -> int:
    import json
    import signal
    import sys
    import threading
    import time

    from engine.hub.download import DownloadPaused, WaitStopped, download_model

    paths = repo_paths(args.file)
    stop = threading.Event()
    line = ProgressLine(sys.stderr, total_parts=len(paths))
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())  # Ctrl+C pauses: the part is kept
    started = time.monotonic()
    try:
        results = download_model(
            args.repo, paths, revision=args.revision, token=args.token, on_progress=line.show, stop=stop
        )
    except WaitStopped as stopped:  # Ctrl+C while another Hearth downloads the file: nothing of it is touched
        line.end()
        print(f"hearth: {stopped}", file=sys.stderr)
        return 130
    except DownloadPaused as paused:
        line.end()
        done, total = paused.done / 1e6, paused.total / 1e6
        print(
            f"hearth: paused at {done:,.0f} of {total:,.0f} MB; run the same command again to resume.", file=sys.stderr
        )
        return 130
    finally:
        signal.signal(signal.SIGINT, previous)
        line.end()
    seconds = time.monotonic() - started
    first = results[0]
    if args.json:
        report = {
            "path": str(first.path),
            "sha256": first.sha256,
            "size": sum(r.size for r in results),
            "seconds": round(seconds, 3),
            "resumed_from": sum(r.resumed_from for r in results),
            "already_there": all(r.already_there for r in results),
            "parts": [{"path": str(r.path), "sha256": r.sha256, "size": r.size} for r in results],
        }
        print(json.dumps(report))
    elif all(r.already_there for r in results):
        print(f"Already in the library: {first.path}")
    else:
        print(f"Downloaded and verified: {first.path}")
    return 0


class ProgressLine:
    """One updating line on stderr: percent, MB, speed, ETA (a plain line per update when not a terminal).

    While another Hearth process downloads the file, it says so once, in a sentence of its own, and the
    line shows that download's progress, marked "(waiting for the other download)"."""

    def __init__(self, stream: TextIO, total_parts: int = 1) -> None:
        self.stream, self.total_parts = stream, total_parts
        self._tty = stream.isatty()
        self._open = False
        self._parts_seen: list[str] = []
        self._waited_for: set[str] = set()
        self._last_plain = -1
        self._last_state = ""

    def show(self, p: DownloadProgress) -> None:
        from pathlib import PurePosixPath

        from engine.hub.download import ALREADY_DOWNLOADING

        if p.path not in self._parts_seen:
            self._parts_seen.append(p.path)
        if p.state == "waiting" and p.path not in self._waited_for:
            self._waited_for.add(p.path)
            self.end()
            self.stream.write("hearth: " + ALREADY_DOWNLOADING.format(name=PurePosixPath(p.path).name) + "\n")
        percent = 100 * p.bytes_done / p.bytes_total if p.bytes_total else 100.0
        part = f" part {len(self._parts_seen)}/{self.total_parts}" if self.total_parts > 1 else ""
        eta = "" if p.eta_s is None else f", {_clock(p.eta_s)} left"
        text = (
            f"{PurePosixPath(p.path).name}{part}: {percent:5.1f} % {p.bytes_done / 1e6:,.0f} of "
            f"{p.bytes_total / 1e6:,.0f} MB, {p.speed_bps / 1e6:.1f} MB/s{eta} ({STATE_WORDS.get(p.state, p.state)})"
        )
        if self._tty:
            self.stream.write("\r\x1b[K" + text)
            self._open = True
        elif (
            int(percent) // 10 != self._last_plain
            or p.state not in ("downloading", "waiting")
            or p.state != self._last_state
        ):
            self._last_plain = int(percent) // 10  # a log file gets a line every 10 %, and one per state change
            self.stream.write(text + "\n")
        self._last_state = p.state
        self.stream.flush()

    def end(self) -> None:
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False


STATE_WORDS = {"waiting": "waiting for the other download"}


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
