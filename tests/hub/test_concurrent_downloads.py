"""Two downloads of the same file at once: real `hearth models download` processes and the window's queue,
against the fake Hub. One downloads; the other says so, waits, and ends with the file in the library, or
takes the part over (and resumes it) when the first one is paused, cancelled or killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.errors import message
from engine.hub.download import ALREADY_DOWNLOADING, part_path, part_record_path
from engine.hub.download_queue import DownloadQueue
from engine.models.library import Library
from tests.hub.fake_hub import FakeHub, file_sha256, wait_until

MiB = 1024 * 1024
ROOT = Path(__file__).resolve().parents[2]
WAITING = ALREADY_DOWNLOADING.format(name="model.gguf")


class Download:
    """`python -m app models download ...` in a child process, its stderr read line by line as it comes."""

    def __init__(self, *args: str) -> None:
        # HEARTH_HOME and HF_ENDPOINT come from the fixtures' environment.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", "models", "download", *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.err_lines: list[str] = []
        self._result: tuple[int, str] | None = None
        self._reader = threading.Thread(target=self._read_stderr)
        self._reader.start()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.err_lines.append(line.rstrip("\n"))

    @property
    def err(self) -> str:
        return "\n".join(self.err_lines)

    def says(self, text: str) -> bool:
        return any(text in line for line in self.err_lines)

    def finish(self, timeout: float = 120) -> tuple[int, str]:
        """Wait for it to end; (exit code, stdout)."""
        if self._result is not None:
            return self._result
        assert self.process.stdout is not None
        try:
            self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            out = self.process.stdout.read()
            self.process.stdout.close()
            self._reader.join(30)
            assert self.process.stderr is not None
            self.process.stderr.close()
        self._result = (self.process.returncode, out)
        return self._result


@pytest.fixture
def downloads() -> Iterator[list[Download]]:
    """Children to start; any still running at the end is killed."""
    started: list[Download] = []
    yield started
    for child in started:
        if child.process.poll() is None:
            child.process.kill()
        child.finish()


def random_file(path: Path, size: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(os.urandom(size))
    return path


@pytest.fixture
def model(fake_hub: FakeHub, tmp_path: Path) -> Path:
    """org/model's model.gguf (16 MiB of random bytes, so nothing in the library already has it)."""
    source = random_file(tmp_path / "src" / "model.gguf", 16 * MiB)
    fake_hub.add_repo("org/model", {"model.gguf": source})
    return source


@pytest.fixture
def dest() -> Path:
    return Library().download_destination("org/model", "model.gguf")


def part_has(dest: Path, at_least: int) -> bool:
    part = part_path(dest)
    return part.exists() and part.stat().st_size >= at_least


def file_gets(hub: FakeHub) -> list[str | None]:
    """The Range header of each GET of model.gguf's bytes (None: from the start)."""
    return [r.range for r in hub.requests if r.method == "GET" and r.path.endswith("/model.gguf")]


def assert_one_good_file(dest: Path, source: Path) -> None:
    """The library holds exactly the file, verified, and nothing half-done is left next to it."""
    assert sorted(p.name for p in dest.parent.iterdir()) == ["model.gguf", "model.gguf.source.json"]
    assert file_sha256(dest) == file_sha256(source)
    assert not part_path(dest).exists()
    assert not part_record_path(dest).exists()


def no_traceback(*children: Download) -> None:
    for child in children:
        assert "Traceback" not in child.err, child.err


@pytest.mark.e2e
def test_the_second_command_waits_and_finds_the_file_in_the_library(
    fake_hub: FakeHub, model: Path, dest: Path, downloads: list[Download]
) -> None:
    fake_hub.throttle_bytes_per_s = 4 * MiB  # about 4 s: the second one starts while the first is at it
    first = Download("org/model", "model.gguf")
    downloads.append(first)
    assert wait_until(lambda: part_has(dest, MiB), timeout=60)
    second = Download("org/model", "model.gguf")
    downloads.append(second)

    first_code, first_out = first.finish()
    second_code, second_out = second.finish()

    assert (first_code, first_out) == (0, f"Downloaded and verified: {dest}\n")
    assert second_code == 0
    # One plain sentence, once; the progress line shows the other download's progress while it waits.
    assert [line for line in second.err_lines if "already being downloaded" in line] == [f"hearth: {WAITING}"]
    assert any("(waiting for the other download)" in line for line in second.err_lines)
    no_traceback(first, second)
    assert_one_good_file(dest, model)
    assert file_gets(fake_hub) == [None]  # the bytes came once

    # The same output as when the file was already there.
    third = Download("org/model", "model.gguf")
    downloads.append(third)
    assert third.finish() == (0, second_out)
    assert second_out == f"Already in the library: {dest}\n"


@pytest.mark.e2e
def test_the_waiting_command_takes_over_and_resumes_when_the_first_is_killed(
    fake_hub: FakeHub, model: Path, dest: Path, downloads: list[Download]
) -> None:
    fake_hub.throttle_bytes_per_s = 2 * MiB
    first = Download("org/model", "model.gguf")
    downloads.append(first)
    assert wait_until(lambda: part_has(dest, MiB), timeout=60)
    second = Download("org/model", "model.gguf", "--json")
    downloads.append(second)
    assert wait_until(lambda: second.says(WAITING), timeout=60)
    assert wait_until(lambda: part_has(dest, 2 * MiB), timeout=60)
    fake_hub.throttle_bytes_per_s = None  # the first keeps its own slow stream; the second's is fast

    first.process.send_signal(signal.SIGKILL)
    assert first.finish()[0] == -signal.SIGKILL
    code, out = second.finish()

    assert code == 0, second.err
    report = json.loads(out)
    gets = file_gets(fake_hub)
    assert gets[0] is None
    assert len(gets) == 2
    resumed_at = int((gets[1] or "").removeprefix("bytes=").rstrip("-"))
    assert resumed_at >= 2 * MiB  # it went on from the first one's part instead of starting over
    assert report["resumed_from"] == resumed_at
    assert report["already_there"] is False
    assert report["sha256"] == file_sha256(model)
    no_traceback(second)
    assert_one_good_file(dest, model)


@pytest.mark.e2e
def test_ctrl_c_while_waiting_exits_130_and_leaves_the_other_download_alone(
    fake_hub: FakeHub, model: Path, dest: Path, downloads: list[Download]
) -> None:
    fake_hub.throttle_bytes_per_s = 4 * MiB
    first = Download("org/model", "model.gguf")
    downloads.append(first)
    assert wait_until(lambda: part_has(dest, MiB), timeout=60)
    second = Download("org/model", "model.gguf")
    downloads.append(second)
    assert wait_until(lambda: second.says(WAITING), timeout=60)

    second.process.send_signal(signal.SIGINT)
    code, out = second.finish(timeout=30)

    assert (code, out) == (130, "")
    assert second.err_lines[-1] == "hearth: " + message("download.stopped_waiting", name="model.gguf")
    assert part_path(dest).exists()  # the first one's part, still there
    assert first.finish() == (0, f"Downloaded and verified: {dest}\n")
    no_traceback(first, second)
    assert_one_good_file(dest, model)
    assert file_gets(fake_hub) == [None]


# ---- the window's queue and a command at the same time ----


@pytest.mark.e2e
def test_the_window_waits_for_a_command_and_pauses_and_cancels_while_waiting(
    fake_hub: FakeHub, model: Path, dest: Path, downloads: list[Download]
) -> None:
    fake_hub.throttle_bytes_per_s = 3 * MiB
    command = Download("org/model", "model.gguf")
    downloads.append(command)
    assert wait_until(lambda: part_has(dest, MiB), timeout=60)

    with DownloadQueue(backoff_s=0.02) as queue:
        job = queue.add("org/model", ["model.gguf"])
        # Waiting, with the command's progress.
        assert wait_until(lambda: queue.jobs()[0].state == "waiting" and queue.jobs()[0].bytes_done >= MiB)
        assert queue.jobs()[0].bytes_total == model.stat().st_size

        queue.pause(job)
        assert wait_until(lambda: queue.jobs()[0].state == "paused")
        queue.resume(job)
        assert wait_until(lambda: queue.jobs()[0].state == "waiting")
        queue.cancel(job)
        assert wait_until(lambda: queue.jobs()[0].state == "cancelled")
        assert queue.jobs()[0].left_to_other  # the command's part is its own: not deleted
        assert part_path(dest).exists()

        # A paused job's leftovers are not deleted either while the command has the file.
        other = queue.add("org/model", ["model.gguf"])
        assert wait_until(lambda: queue.jobs()[1].state == "waiting")
        queue.pause(other)
        assert wait_until(lambda: queue.jobs()[1].state == "paused")
        queue.cancel(other)
        assert queue.jobs()[1].state == "cancelled"
        assert queue.jobs()[1].left_to_other
        assert part_path(dest).exists()

        assert command.finish() == (0, f"Downloaded and verified: {dest}\n")
        no_traceback(command)

        again = queue.add("org/model", ["model.gguf"])
        assert wait_until(lambda: queue.jobs()[2].state == "done")
        assert queue.jobs()[2].result == (dest,)
        assert again == 3
    assert_one_good_file(dest, model)
    assert file_gets(fake_hub) == [None]


@pytest.mark.e2e
@pytest.mark.parametrize("stop", ["pause", "cancel"])
def test_a_command_takes_over_when_the_window_pauses_or_cancels(
    fake_hub: FakeHub, model: Path, dest: Path, downloads: list[Download], stop: str
) -> None:
    fake_hub.throttle_bytes_per_s = 3 * MiB
    with DownloadQueue(backoff_s=0.02) as queue:
        job = queue.add("org/model", ["model.gguf"])
        assert wait_until(lambda: part_has(dest, MiB), timeout=60)
        command = Download("org/model", "model.gguf", "--json")
        downloads.append(command)
        assert wait_until(lambda: command.says(WAITING), timeout=60)
        fake_hub.throttle_bytes_per_s = None

        getattr(queue, stop)(job)
        final = "paused" if stop == "pause" else "cancelled"
        assert wait_until(lambda: queue.jobs()[0].state == final)
        code, out = command.finish()

        assert code == 0, command.err
        report = json.loads(out)
        gets = file_gets(fake_hub)
        assert len(gets) == 2
        resumed_at = int((gets[1] or "").removeprefix("bytes=").rstrip("-"))
        assert resumed_at >= MiB  # the window's part was kept for it, even on a cancel
        assert report["resumed_from"] == resumed_at
        no_traceback(command)
        assert_one_good_file(dest, model)
        if stop == "cancel":
            assert queue.jobs()[0].left_to_other
        else:
            queue.resume(job)  # the file is in the library now: nothing more to fetch
            assert wait_until(lambda: queue.jobs()[0].state == "done")
            assert queue.jobs()[0].result == (dest,)
            assert len(file_gets(fake_hub)) == 2


@pytest.mark.e2e
def test_a_cancel_with_nobody_waiting_still_deletes_the_part(fake_hub: FakeHub, model: Path, dest: Path) -> None:
    fake_hub.throttle_bytes_per_s = 4 * MiB
    with DownloadQueue(backoff_s=0.02) as queue:
        job = queue.add("org/model", ["model.gguf"])
        assert wait_until(lambda: part_has(dest, MiB), timeout=60)
        queue.cancel(job)
        assert wait_until(lambda: queue.jobs()[0].state == "cancelled")
        assert not queue.jobs()[0].left_to_other
    assert not part_path(dest).exists()
    assert not part_record_path(dest).exists()
    assert not dest.exists()
