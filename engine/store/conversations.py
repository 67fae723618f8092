"""The conversation store: SQLite in WAL mode, one file in the data dir.

Messages form a tree: an edited question or a regenerated answer is a sibling of the
one it replaces, under the same parent. A conversation remembers which leaf is on
screen; the branch shown is the path from the root to that leaf.

One ConversationStore (one connection) per thread. Answers being streamed are written
by engine.store.answer_writer.AnswerWriter, on its own thread and connection; WAL lets
readers go on while it writes.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from engine.errors import UserError
from engine.protocol import OverflowPolicy, Role, SamplingParams
from engine.store.records import (
    OVERFLOW_POLICIES,
    Conversation,
    ConversationSummary,
    MessageState,
    StoredMessage,
    decode_tokens,
    encode_tokens,
    sampling_from_json,
    sampling_to_json,
)
from engine.store.schema import migrate

logger = logging.getLogger(__name__)

DB_FILE_NAME = "conversations.sqlite3"
TITLE_MAX_CHARS = 60
DEFAULT_TITLE = "New chat"

_CONVERSATION_COLUMNS = (
    "id, title, title_is_auto, model, system_prompt, sampling, overflow_policy, template_override, "
    "current_leaf_id, created_at, updated_at, model_path, document_sets, fallback_local"
)
_MESSAGE_COLUMNS = (
    "id, conversation_id, parent_id, role, text, state, token_ids, token_start, token_model, metrics, error, "
    "created_at, updated_at, sources"
)


class ConversationNotFoundError(LookupError):
    pass


class DiskFullError(UserError, sqlite3.OperationalError):
    """A save refused for lack of disk space; still an sqlite3.Error for callers that catch those."""

    def __init__(self) -> None:
        super().__init__("store.disk_full")


def _is_disk_full(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL"


def default_db_path() -> Path:
    from engine.paths import data_dir

    return data_dir() / DB_FILE_NAME


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (we open transactions ourselves), WAL, foreign keys on."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=10.0, check_same_thread=True)
    _use_wal(conn)
    # NORMAL in WAL mode: a power cut may lose the last commits but never corrupts the file.
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def _use_wal(conn: sqlite3.Connection, attempts: int = 100) -> None:
    """Switch the file to WAL (it stays so). Changing the journal mode does not wait for a lock
    held by another process opening the same new file, so try again for a few seconds."""
    for attempt in range(attempts):
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
                return
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(0.05)


def process_start_time(pid: int) -> float | None:
    """When process `pid` started (None if it is gone): with the pid, it names one process for good."""
    import psutil

    try:
        return float(psutil.Process(pid).create_time())
    except (psutil.Error, OSError):
        return None


def auto_title(text: str) -> str:
    """The start of the first question, its whitespace made single spaces, cut at a word near
    TITLE_MAX_CHARS."""
    stripped = text.strip()
    head = stripped[: TITLE_MAX_CHARS * 8]  # all a title needs: a 200,000-character paste is not split whole
    line = " ".join(head.split())
    if len(line) <= TITLE_MAX_CHARS and len(head) == len(stripped):
        return line or DEFAULT_TITLE
    cut = line[:TITLE_MAX_CHARS]
    space = cut.rfind(" ")
    return (cut[:space] if space > TITLE_MAX_CHARS // 2 else cut).rstrip(" ,.;:") + "…"


def _row_to_conversation(row: tuple[Any, ...]) -> Conversation:
    return Conversation(
        id=row[0],
        title=row[1],
        title_is_auto=bool(row[2]),
        model=row[3],
        system_prompt=row[4],
        sampling=sampling_from_json(row[5]),
        overflow_policy=row[6] if row[6] in OVERFLOW_POLICIES else "drop_oldest",
        template_override=row[7],
        current_leaf_id=row[8],
        created_at=row[9],
        updated_at=row[10],
        model_path=row[11],
        document_sets=tuple(json.loads(row[12] or "[]")),
        fallback_local=bool(row[13]),
    )


def _row_to_message(row: tuple[Any, ...]) -> StoredMessage:
    return StoredMessage(
        id=row[0],
        conversation_id=row[1],
        parent_id=row[2],
        role=row[3],
        text=row[4],
        state=row[5],
        token_ids=decode_tokens(row[6]),
        token_start=row[7],
        token_model=row[8],
        metrics=json.loads(row[9]) if row[9] else None,
        error=row[10],
        created_at=row[11],
        updated_at=row[12],
        sources=tuple(json.loads(row[13] or "[]")),
    )


def _writer_alive(pid: int, started: float | None) -> bool:
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return False  # killed, and its parent has not yet noticed: it writes nothing more
        now_started = float(process.create_time())
    except (psutil.Error, OSError):
        return False
    # A different process that got the same id started later than the writer did.
    return started is None or abs(now_started - started) < 1.0


class ConversationStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = connect(self.path)
        self._tx = _Transaction(self._conn)
        migrate(self._conn)
        self.recover_interrupted()

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> ConversationStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- housekeeping -----------------------------------------------------------------

    def recover_interrupted(self) -> int:
        """Mark answers whose writer died mid-stream as interrupted; return how many."""
        # A finished answer that was cut off (Stop, length limit) is "partial" with no writer.
        rows = self._conn.execute(
            "SELECT id, writer_pid, writer_started FROM messages WHERE state = 'partial' AND writer_pid IS NOT NULL"
        ).fetchall()
        dead = [(mid,) for mid, pid, started in rows if not _writer_alive(pid, started)]
        if dead:
            self._conn.executemany("UPDATE messages SET state = 'interrupted', writer_pid = NULL WHERE id = ?", dead)
            logger.info("marked %d unfinished answers as interrupted", len(dead))
        return len(dead)

    def integrity_ok(self) -> bool:
        return bool(self._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    # --- conversations ----------------------------------------------------------------

    def create(
        self,
        title: str | None = None,
        model: str = "",
        system_prompt: str = "",
        sampling: SamplingParams | None = None,
        overflow_policy: OverflowPolicy = "drop_oldest",
        *,
        model_path: str = "",
    ) -> Conversation:
        now = time.time()
        with self._transaction():
            cur = self._conn.execute(
                "INSERT INTO conversations (title, title_is_auto, model, model_path, system_prompt, sampling,"
                " overflow_policy, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    title or DEFAULT_TITLE,
                    0 if title else 1,
                    model,
                    model_path,
                    system_prompt,
                    sampling_to_json(sampling or SamplingParams()),
                    overflow_policy,
                    now,
                    now,
                ),
            )
        return self.get(int(cur.lastrowid or 0))

    def get(self, conversation_id: int) -> Conversation:
        row = self._conn.execute(
            f"SELECT {_CONVERSATION_COLUMNS} FROM conversations WHERE id = ? AND deleted_at IS NULL",
            (conversation_id,),
        ).fetchone()
        if row is None:
            raise ConversationNotFoundError(f"There is no conversation {conversation_id}.")
        return _row_to_conversation(row)

    def find(self, name_or_id: str) -> Conversation | None:
        """By exact title (the most recently used one), else by number."""
        row = self._conn.execute(
            f"SELECT {_CONVERSATION_COLUMNS} FROM conversations WHERE title = ? AND deleted_at IS NULL"
            " ORDER BY updated_at DESC LIMIT 1",
            (name_or_id,),
        ).fetchone()
        if row is not None:
            return _row_to_conversation(row)
        if name_or_id.isdigit():
            try:
                return self.get(int(name_or_id))
            except ConversationNotFoundError:
                return None
        return None

    def summaries(self, query: str = "") -> list[ConversationSummary]:
        """Conversations by last use; with a query, those whose title or any message contains it."""
        count_sql = "(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id)"
        if not query.strip():
            rows = self._conn.execute(
                f"SELECT c.id, c.title, c.updated_at, {count_sql}, '', c.title_is_auto FROM conversations c"
                " WHERE c.deleted_at IS NULL ORDER BY c.updated_at DESC, c.id DESC"
            ).fetchall()
            return [ConversationSummary(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]
        pattern = "%" + query.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._conn.execute(
            f"SELECT c.id, c.title, c.updated_at, {count_sql},"
            " (SELECT m.text FROM messages m WHERE m.conversation_id = c.id AND m.text LIKE ? ESCAPE '\\'"
            "  ORDER BY m.id LIMIT 1), c.title_is_auto"
            " FROM conversations c WHERE c.deleted_at IS NULL AND (c.title LIKE ? ESCAPE '\\' OR EXISTS"
            " (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.text LIKE ? ESCAPE '\\'))"
            " ORDER BY c.updated_at DESC, c.id DESC",
            (pattern, pattern, pattern),
        ).fetchall()
        return [
            ConversationSummary(r[0], r[1], r[2], r[3], _snippet(r[4] or "", query.strip()), bool(r[5])) for r in rows
        ]

    def rename(self, conversation_id: int, title: str) -> None:
        title = " ".join(title.split())
        if not title:
            return
        self._conn.execute(
            "UPDATE conversations SET title = ?, title_is_auto = 0 WHERE id = ?", (title, conversation_id)
        )

    def update_settings(
        self,
        conversation_id: int,
        *,
        model: str | None = None,
        model_path: str | None = None,
        system_prompt: str | None = None,
        sampling: SamplingParams | None = None,
        overflow_policy: OverflowPolicy | None = None,
        template_override: str | None = None,
        clear_template_override: bool = False,
        document_sets: Sequence[str] | None = None,
        fallback_local: bool | None = None,
    ) -> Conversation:
        changes: dict[str, Any] = {}
        if fallback_local is not None:
            changes["fallback_local"] = int(fallback_local)
        if document_sets is not None:
            changes["document_sets"] = json.dumps(list(document_sets), ensure_ascii=False)
        if model is not None:
            changes["model"] = model
        if model_path is not None:
            changes["model_path"] = model_path
        if system_prompt is not None:
            changes["system_prompt"] = system_prompt
        if sampling is not None:
            changes["sampling"] = sampling_to_json(sampling)
        if overflow_policy is not None:
            if overflow_policy not in OVERFLOW_POLICIES:
                raise ValueError(f"unknown overflow policy {overflow_policy!r}")
            changes["overflow_policy"] = overflow_policy
        if template_override is not None or clear_template_override:
            changes["template_override"] = template_override
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            self._conn.execute(
                f"UPDATE conversations SET {assignments} WHERE id = ?", (*changes.values(), conversation_id)
            )
        return self.get(conversation_id)

    def delete(self, conversation_id: int) -> None:
        """Hide the conversation; `undelete` brings it back until `purge_deleted` runs."""
        self._conn.execute("UPDATE conversations SET deleted_at = ? WHERE id = ?", (time.time(), conversation_id))

    def undelete(self, conversation_id: int) -> None:
        self._conn.execute("UPDATE conversations SET deleted_at = NULL WHERE id = ?", (conversation_id,))

    def purge(self, conversation_id: int) -> None:
        """Delete the conversation and all its messages for good."""
        with self._transaction():
            # Cut the parent links first: a cascade down a long chain would hit SQLite's depth limit (1000).
            self._conn.execute("UPDATE conversations SET current_leaf_id = NULL WHERE id = ?", (conversation_id,))
            self._conn.execute("UPDATE messages SET parent_id = NULL WHERE conversation_id = ?", (conversation_id,))
            self._conn.execute("DELETE FROM messages WHERE conversation_id = ?", (conversation_id,))
            self._conn.execute("DELETE FROM conversations WHERE id = ?", (conversation_id,))

    def purge_deleted(self) -> int:
        ids = [r[0] for r in self._conn.execute("SELECT id FROM conversations WHERE deleted_at IS NOT NULL")]
        for conversation_id in ids:
            self.purge(conversation_id)
        return len(ids)

    # --- messages ---------------------------------------------------------------------

    def add_message(
        self,
        conversation_id: int,
        parent_id: int | None,
        role: Role,
        text: str,
        *,
        state: MessageState = "complete",
        token_ids: Iterable[int] = (),
        token_start: int | None = None,
        token_model: str | None = None,
        metrics: dict[str, Any] | None = None,
        writer_pid: int | None = None,
    ) -> StoredMessage:
        """Append a message under `parent_id` (None: a first message) and show its branch."""
        now = time.time()
        with self._transaction():
            cur = self._conn.execute(
                "INSERT INTO messages (conversation_id, parent_id, role, text, state, token_ids, token_start,"
                " token_model, metrics, writer_pid, writer_started, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    conversation_id,
                    parent_id,
                    role,
                    text,
                    state,
                    encode_tokens(list(token_ids)),
                    token_start,
                    token_model,
                    json.dumps(metrics) if metrics else None,
                    writer_pid,
                    process_start_time(writer_pid) if writer_pid else None,
                    now,
                    now,
                ),
            )
            message_id = int(cur.lastrowid or 0)
            self._conn.execute(
                "UPDATE conversations SET current_leaf_id = ?, updated_at = ? WHERE id = ?",
                (message_id, now, conversation_id),
            )
            if role == "user":
                self._conn.execute(
                    "UPDATE conversations SET title = ? WHERE id = ? AND title_is_auto = 1 AND title = ?",
                    (auto_title(text), conversation_id, DEFAULT_TITLE),
                )
        return self.message(message_id)

    def message(self, message_id: int) -> StoredMessage:
        row = self._conn.execute(f"SELECT {_MESSAGE_COLUMNS} FROM messages WHERE id = ?", (message_id,)).fetchone()
        if row is None:
            raise ConversationNotFoundError(f"There is no message {message_id}.")
        return _row_to_message(row)

    def update_message(
        self,
        message_id: int,
        *,
        text: str | None = None,
        state: MessageState | None = None,
        token_ids: Iterable[int] | None = None,
        token_start: int | None = None,
        token_model: str | None = None,
        metrics: dict[str, Any] | None = None,
        error: str | None = None,
        sources: Sequence[dict[str, Any]] | None = None,
    ) -> None:
        changes: dict[str, Any] = {"updated_at": time.time()}
        if sources is not None:
            changes["sources"] = json.dumps(list(sources), ensure_ascii=False)
        if text is not None:
            changes["text"] = text
        if state is not None:
            changes["state"] = state
        if token_ids is not None:
            changes["token_ids"] = encode_tokens(list(token_ids))
        if token_start is not None:
            changes["token_start"] = token_start
        if token_model is not None:
            changes["token_model"] = token_model
        if metrics is not None:
            changes["metrics"] = json.dumps(metrics)
        if error is not None:
            changes["error"] = error
        assignments = ", ".join(f"{column} = ?" for column in changes)
        self._conn.execute(f"UPDATE messages SET {assignments} WHERE id = ?", (*changes.values(), message_id))

    def branch(self, conversation_id: int, leaf_id: int | None = None, with_tokens: bool = True) -> list[StoredMessage]:
        """The messages from the root to `leaf_id` (default: the leaf on screen), oldest first.

        `with_tokens=False` leaves token_ids empty: showing a long branch does not need them."""
        if leaf_id is None:
            leaf_id = self.get(conversation_id).current_leaf_id
        if leaf_id is None:
            return []
        columns = [f"m.{c.strip()}" for c in _MESSAGE_COLUMNS.split(",")]
        if not with_tokens:
            columns[columns.index("m.token_ids")] = "NULL"
            columns[columns.index("m.metrics")] = "NULL"
        rows = self._conn.execute(
            f"WITH RECURSIVE up(id, depth) AS (SELECT ?, 0 UNION ALL"
            f" SELECT m.parent_id, up.depth + 1 FROM messages m JOIN up ON m.id = up.id WHERE m.parent_id IS NOT NULL)"
            f" SELECT {', '.join(columns)}"
            f" FROM up JOIN messages m ON m.id = up.id WHERE m.conversation_id = ? ORDER BY up.depth DESC",
            (leaf_id, conversation_id),
        ).fetchall()
        return [_row_to_message(row) for row in rows]

    def metrics_of(self, message_id: int) -> dict[str, Any] | None:
        row = self._conn.execute("SELECT metrics FROM messages WHERE id = ?", (message_id,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    def siblings(self, message_id: int) -> list[int]:
        """The versions of a message (itself included): same parent, same role, oldest first."""
        row = self._conn.execute(
            "SELECT conversation_id, parent_id, role FROM messages WHERE id = ?", (message_id,)
        ).fetchone()
        if row is None:
            return []
        conversation_id, parent_id, role = row
        rows = self._conn.execute(
            "SELECT id FROM messages WHERE conversation_id = ? AND parent_id IS ? AND role = ? ORDER BY id",
            (conversation_id, parent_id, role),
        ).fetchall()
        return [r[0] for r in rows]

    def version_positions(self, conversation_id: int) -> dict[int, tuple[int, int]]:
        """For every message: (its 1-based number among its versions, how many versions), in one query."""
        groups: dict[tuple[int | None, str], list[int]] = {}
        for message_id, parent_id, role in self._conn.execute(
            "SELECT id, parent_id, role FROM messages WHERE conversation_id = ? ORDER BY id", (conversation_id,)
        ):
            groups.setdefault((parent_id, role), []).append(message_id)
        return {mid: (i + 1, len(ids)) for ids in groups.values() for i, mid in enumerate(ids)}

    def show_version(self, message_id: int) -> list[StoredMessage]:
        """Put `message_id`'s branch on screen, down to its latest leaf; return that branch."""
        leaf = message_id
        while True:
            row = self._conn.execute(
                "SELECT id FROM messages WHERE parent_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1", (leaf,)
            ).fetchone()
            if row is None:
                break
            leaf = row[0]
        conversation_id = self.message(message_id).conversation_id
        self._conn.execute("UPDATE conversations SET current_leaf_id = ? WHERE id = ?", (leaf, conversation_id))
        return self.branch(conversation_id, leaf)

    def delete_message(self, message_id: int) -> list[StoredMessage]:
        """Delete a message and everything after it on every branch; show a neighbouring branch."""
        message = self.message(message_id)
        versions = [v for v in self.siblings(message_id) if v != message_id]
        with self._transaction():
            self._conn.execute(
                "UPDATE conversations SET current_leaf_id = NULL WHERE id = ?", (message.conversation_id,)
            )
            subtree = [
                (row[0],)
                for row in self._conn.execute(
                    "WITH RECURSIVE down(id) AS (SELECT ? UNION ALL"
                    " SELECT m.id FROM messages m JOIN down ON m.parent_id = down.id) SELECT id FROM down",
                    (message_id,),
                )
            ]
            # Cut the links first: a cascade down a long chain would hit SQLite's depth limit (1000).
            self._conn.executemany("UPDATE messages SET parent_id = NULL WHERE id = ?", subtree)
            self._conn.executemany("DELETE FROM messages WHERE id = ?", subtree)
        if versions:
            return self.show_version(versions[-1])
        self._conn.execute(
            "UPDATE conversations SET current_leaf_id = ? WHERE id = ?", (message.parent_id, message.conversation_id)
        )
        return self.branch(message.conversation_id)

    def all_messages(self, conversation_id: int) -> list[StoredMessage]:
        rows = self._conn.execute(
            f"SELECT {_MESSAGE_COLUMNS} FROM messages WHERE conversation_id = ? ORDER BY id", (conversation_id,)
        ).fetchall()
        return [_row_to_message(row) for row in rows]

    # --- presets ----------------------------------------------------------------------

    def save_preset(self, name: str, sampling: SamplingParams) -> None:
        self._conn.execute(
            "INSERT INTO presets (name, sampling, created_at) VALUES (?, ?, ?)"
            " ON CONFLICT(name) DO UPDATE SET sampling = excluded.sampling",
            (name, sampling_to_json(sampling), time.time()),
        )

    def presets(self) -> dict[str, SamplingParams]:
        rows = self._conn.execute("SELECT name, sampling FROM presets ORDER BY created_at").fetchall()
        return {name: sampling_from_json(text) for name, text in rows}

    def set_model_default(self, model: str, sampling: SamplingParams) -> None:
        self._conn.execute(
            "INSERT INTO model_defaults (model, sampling) VALUES (?, ?)"
            " ON CONFLICT(model) DO UPDATE SET sampling = excluded.sampling",
            (model, sampling_to_json(sampling)),
        )

    def model_default(self, model: str) -> SamplingParams | None:
        row = self._conn.execute("SELECT sampling FROM model_defaults WHERE model = ?", (model,)).fetchone()
        return sampling_from_json(row[0]) if row else None

    # --- plumbing ---------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return self._tx

    def transaction(self) -> _Transaction:
        """Group several changes into one: all of them are saved, or none (e.g. an import)."""
        return self._tx

    @property
    def connection(self) -> sqlite3.Connection:
        return self._conn


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on an exception); nested uses join the outer one."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._depth = 0

    def __enter__(self) -> None:
        if self._depth == 0:
            self._conn.execute("BEGIN IMMEDIATE")
        self._depth += 1

    def __exit__(self, exc_type: object, exc: BaseException | None, *rest: object) -> None:
        self._depth -= 1
        if self._depth > 0:
            return
        if exc_type is not None:
            self._rollback()
            if exc is not None and _is_disk_full(exc) and not isinstance(exc, DiskFullError):
                raise DiskFullError() from exc
            return
        try:
            self._conn.execute("COMMIT")
        except sqlite3.Error as commit_failed:
            # A COMMIT refused (a full disk) can leave the transaction open: every later
            # BEGIN would then fail. Roll it back so the store goes on working once space is freed.
            self._rollback()
            if _is_disk_full(commit_failed):
                raise DiskFullError() from commit_failed
            raise

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")


def _snippet(text: str, query: str, width: int = 40) -> str:
    at = text.lower().find(query.lower())
    if at < 0:
        return ""
    start = max(0, at - width)
    end = min(len(text), at + len(query) + width)
    core = " ".join(text[start:end].split())
    return ("…" if start else "") + core + ("…" if end < len(text) else "")
