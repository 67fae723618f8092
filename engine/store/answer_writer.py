"""Writes one streaming answer into the store from a background thread.

The window (or `hearth run`) calls `append` for each batch of tokens; a thread with its
own SQLite connection saves the text so far at most every `interval_s`, so a crash or a
kill -9 loses at most that much, and the caller's thread never waits on the disk.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.errors import UserError
from engine.store.conversations import connect
from engine.store.records import MessageState, encode_tokens

logger = logging.getLogger(__name__)

FLUSH_INTERVAL_S = 0.5  # the issue asks for at least once a second


class AnswerWriter:
    def __init__(self, db_path: Path, message_id: int, interval_s: float = FLUSH_INTERVAL_S) -> None:
        self.db_path = db_path
        self.message_id = message_id
        self.interval_s = interval_s
        self._lock = threading.Lock()
        self._text: list[str] = []
        self._tokens: list[int] = []
        self._dirty = False
        self._final: dict[str, Any] | None = None
        self._wake = threading.Event()
        self.writes = 0  # how many times the answer was saved
        self.bytes_written = 0  # text and token bytes handed to SQLite, all saves together
        self.error: UserError | None = None  # when saving failed (a full disk, say); str() is one sentence
        self._thread = threading.Thread(target=self._run, name=f"answer-writer-{message_id}", daemon=True)
        self._thread.start()

    def append(self, text: str, token_ids: Sequence[int] = ()) -> None:
        with self._lock:
            self._text.append(text)
            self._tokens.extend(token_ids)
            self._dirty = True

    @property
    def text(self) -> str:
        with self._lock:
            return "".join(self._text)

    def finish(
        self,
        state: MessageState,
        metrics: dict[str, Any] | None = None,
        error: str | None = None,
        timeout_s: float = 30.0,
        wait: bool = True,
    ) -> None:
        """Save the last of the text with its final state, then stop the thread.

        `wait=False` returns at once (the window's thread must not wait on the disk); call
        `join` before the process ends."""
        with self._lock:
            self._final = {"state": state, "metrics": metrics, "error": error}
        self._wake.set()
        if wait:
            self.join(timeout_s)

    def join(self, timeout_s: float = 30.0) -> None:
        self._thread.join(timeout_s)

    def is_alive(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        try:
            conn = connect(self.db_path)
        except sqlite3.Error as exc:
            self.error = UserError("store.answer_db_unopened", problem=exc)
            logger.error("answer writer: %s", exc)
            return
        try:
            while True:
                self._wake.wait(self.interval_s)
                with self._lock:
                    final = self._final
                    dirty = self._dirty
                    text = "".join(self._text)
                    tokens = list(self._tokens)
                    self._dirty = False
                if dirty or final is not None:
                    self._save(conn, text, tokens, final)
                if final is not None:
                    return
        finally:
            conn.close()

    def _save(self, conn: sqlite3.Connection, text: str, tokens: list[int], final: dict[str, Any] | None) -> None:
        import json

        blob = encode_tokens(tokens)
        try:
            if final is None:
                conn.execute(
                    "UPDATE messages SET text = ?, token_ids = ?, updated_at = ? WHERE id = ?",
                    (text, blob, time.time(), self.message_id),
                )
            else:
                conn.execute(
                    "UPDATE messages SET text = ?, token_ids = ?, state = ?, metrics = ?, error = ?,"
                    " writer_pid = NULL, updated_at = ? WHERE id = ?",
                    (
                        text,
                        blob,
                        final["state"],
                        json.dumps(final["metrics"]) if final["metrics"] else None,
                        final["error"],
                        time.time(),
                        self.message_id,
                    ),
                )
        except sqlite3.Error as exc:
            # Keep streaming: the text is still on screen, and the next save may work (space freed).
            self.error = _saving_error(exc)
            logger.error("answer writer: could not save message %d: %s", self.message_id, exc)
            return
        self.writes += 1
        self.bytes_written += len(text.encode("utf-8")) + len(blob or b"")
        self.error = None


def _saving_error(exc: sqlite3.Error) -> UserError:
    if "full" in str(exc).lower():
        return UserError("store.answer_disk_full")
    return UserError("store.answer_not_saved", problem=exc)
