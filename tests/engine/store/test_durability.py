"""A streaming answer survives its process being killed: kill -9 mid-answer, then open the store.

`hearth run --chat` runs in its own process group (start_new_session), so one killpg takes the
CLI, its engine child and multiprocessing's resource tracker down at once, as a crash or an
out-of-memory kill would.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from engine.store.conversations import ConversationStore, default_db_path

CHAT = "Lighthouse"
LONG_QUESTION = "Write a very long story about a lighthouse keeper."
POLL_S = 0.05
MAX_ATTEMPTS = 5


def _start_long_answer() -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "app", "run", "--chat", CHAT, "--max-tokens", "2000", "--temperature", "0.7",
         "--threads", "2", LONG_QUESTION],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )  # fmt: skip


def _streaming_answer(db: Path) -> tuple[int, str] | None:
    """(id, text) of the answer being written, once it has some text; read with a fresh connection."""
    if not db.exists():
        return None
    conn = sqlite3.connect(db, timeout=10.0)
    try:
        row = conn.execute(
            "SELECT id, text FROM messages WHERE state = 'partial' AND text != '' ORDER BY id DESC LIMIT 1"
        ).fetchone()
    except sqlite3.OperationalError:  # the CLI is still creating the tables
        return None
    finally:
        conn.close()
    return (int(row[0]), str(row[1])) if row else None


def _wait_for_partial_answer(proc: subprocess.Popen[str], db: Path) -> tuple[int, str] | None:
    """The answer as first seen on disk mid-stream; None if the model finished it before that."""
    while (seen := _streaming_answer(db)) is None:
        if proc.poll() is not None:
            _, err = proc.communicate()
            # Sampling is random: now and then the model ends its story within the first save.
            assert proc.returncode == 0, f"hearth run failed (exit {proc.returncode}) before it saved an answer: {err}"
            return None
        time.sleep(POLL_S)
    return seen


def _catch_an_answer_mid_stream(db: Path, expected_roles: list[str]) -> tuple[subprocess.Popen[str], int, str]:
    for _attempt in range(MAX_ATTEMPTS):
        proc = _start_long_answer()
        try:
            seen = _wait_for_partial_answer(proc, db)
        except BaseException:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
        if seen is not None:
            return proc, *seen
        expected_roles += ["user", "assistant"]  # a whole (short) answer joined the conversation
    raise AssertionError(f"every one of {MAX_ATTEMPTS} answers ended before it was first saved")


def _group(proc: subprocess.Popen[str]) -> list[psutil.Process]:
    """The CLI and everything it started (engine child, resource tracker)."""
    parent = psutil.Process(proc.pid)
    return [parent, *parent.children(recursive=True)]


def _wait_until_gone(processes: list[psutil.Process]) -> None:
    """Each process has exited (a zombie left for init to reap counts as gone)."""
    for process in processes:
        while True:
            try:
                if process.status() == psutil.STATUS_ZOMBIE:
                    break
            except psutil.NoSuchProcess:
                break
            time.sleep(POLL_S)


def _follow_up(question: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "run", "--chat", CHAT, "--max-tokens", "16", "--temperature", "0",
         "--threads", "2", "--json", question],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )  # fmt: skip


@pytest.mark.e2e
def test_kill_9_mid_answer_keeps_the_partial_text_and_the_conversation_goes_on() -> None:
    db = default_db_path()
    expected_roles: list[str] = []
    for cycle in range(3):
        proc, answer_id, seen_text = _catch_an_answer_mid_stream(db, expected_roles)
        try:
            group = _group(proc)
            assert len(group) >= 2, "the engine child is not running"
        finally:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
        assert proc.returncode == -signal.SIGKILL
        _wait_until_gone(group)
        expected_roles += ["user", "assistant"]

        with ConversationStore() as store:  # opening it finds the dead writer
            assert store.integrity_ok()
            assert store.connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            answer = store.message(answer_id)
            assert answer.state == "interrupted"
            assert answer.text.startswith(seen_text)
            assert answer.token_ids, "the answer's token ids were not saved with its text"
            conversation = store.find(CHAT)
            assert conversation is not None
            branch = store.branch(conversation.id)
            assert branch[-1].id == answer_id
            assert branch[-2].text == LONG_QUESTION
            assert [m.role for m in branch] == expected_roles

        result = _follow_up(f"Thank you. Give the story a title (take {cycle + 1}).")
        assert result.returncode == 0, result.stderr
        expected_roles += ["user", "assistant"]
        with ConversationStore() as store:
            branch = store.branch(conversation.id)
            assert [m.role for m in branch] == expected_roles
            assert [m.id for m in branch] == [m.id for m in store.all_messages(conversation.id)]
            assert branch[-3].id == answer_id  # the new question answers the interrupted answer
            assert branch[-1].state == "complete"
            assert [s.title for s in store.summaries()] == [CHAT]


@pytest.mark.e2e
def test_ctrl_c_saves_the_answer_so_far_as_interrupted() -> None:
    db = default_db_path()
    proc, answer_id, seen_text = _catch_an_answer_mid_stream(db, [])
    try:
        group = _group(proc)
        os.kill(proc.pid, signal.SIGINT)  # the CLI alone; it must stop its engine itself
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    _wait_until_gone(group)
    conn = sqlite3.connect(db)
    try:
        state, text, writer_pid = conn.execute(
            "SELECT state, text, writer_pid FROM messages WHERE id = ?", (answer_id,)
        ).fetchone()
    finally:
        conn.close()
    # Saved by the CLI on its way out (writer_pid cleared), not found later by recovery.
    assert (state, writer_pid) == ("interrupted", None)
    assert text.startswith(seen_text)
    assert text.startswith(out)
