"""A full disk while saving: one clear sentence, no corruption, and saving works again once space
is freed. The disk is a real 2 MB tmpfs holding HEARTH_HOME, filled to the last byte by a file.

Mounting needs root (CAP_SYS_ADMIN); elsewhere the test is skipped and says why (under CI it fails).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

from engine.errors import UserError
from engine.store.answer_writer import AnswerWriter
from engine.store.conversations import ConversationStore, default_db_path
from tests.fixtures.small_disk import small_tmpfs

DISK_FULL = "The disk is full, so this answer is not being saved; free some space and it will be saved again."
WAIT_S = 30.0


@pytest.fixture
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    with small_tmpfs(tmp_path / "small-disk", "2m") as mount_point:
        monkeypatch.setenv("HEARTH_HOME", str(mount_point))
        yield mount_point


def _fill(disk: Path) -> Path:
    """Write a file until the disk refuses another byte (smaller and smaller writes fill the last pages)."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:  # unbuffered: a refused write leaves nothing to flush
        for size in (65536, 4096, 512, 1):
            with pytest.raises(OSError, match="No space left on device"):
                _write_forever(out, b"\0" * size)
    return filler


def _write_forever(out: BinaryIO, chunk: bytes) -> None:
    while out.write(chunk):
        pass


def _wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting: {what}"
        time.sleep(0.02)


def test_a_full_disk_stops_saving_with_one_sentence_corrupts_nothing_and_saving_resumes(small_disk: Path) -> None:
    db = default_db_path()
    assert db.is_relative_to(small_disk)
    with ConversationStore() as store:
        conversation = store.create(title="Before the disk filled")
        question = store.add_message(conversation.id, None, "user", "Tell me about tides.")
        answer = store.add_message(conversation.id, question.id, "assistant", "", state="partial")
        writer = AnswerWriter(db, answer.id, interval_s=0.05)
        try:
            writer.append("The moon pulls the sea. ", [1])
            _wait_for(lambda: writer.writes >= 1, "the first save")
            saved_before = store.message(answer.id).text

            filler = _fill(small_disk)
            big = "High tide, low tide. " * 20_000  # 420 kB: more than any free page left
            writer.append(big, [2])
            _wait_for(lambda: writer.error is not None, "the writer to notice the full disk")
            assert str(writer.error) == DISK_FULL
            assert writer.error is not None
            assert writer.error.code == "store.answer_disk_full"

            with pytest.raises(UserError) as refused:
                store.add_message(conversation.id, answer.id, "user", "And the sun?")
            assert str(refused.value) == "The disk is full, so this could not be saved; free some space and try again."

            # Nothing corrupted, nothing earlier lost, while the disk is still full.
            assert store.integrity_ok()
            assert store.message(answer.id).text == saved_before
            assert [m.id for m in store.branch(conversation.id)] == [question.id, answer.id]

            filler.unlink()
            writes = writer.writes
            writer.append("The sun does too.", [3])
            _wait_for(lambda: writer.writes > writes, "a save once space is free")
            assert writer.error is None
            writer.finish("complete")
        finally:
            writer.finish("interrupted")
        stored = store.message(answer.id)
        assert stored.text == "The moon pulls the sea. " + big + "The sun does too."
        assert (stored.state, stored.token_ids) == ("complete", (1, 2, 3))
        follow_up = store.add_message(conversation.id, answer.id, "user", "And the sun?")
        assert [m.id for m in store.branch(conversation.id)] == [question.id, answer.id, follow_up.id]
        assert store.integrity_ok()
