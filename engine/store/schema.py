"""The conversation database's schema, as a list of migrations.

`PRAGMA user_version` holds the number of migrations applied. A new schema is a new
entry at the end of MIGRATIONS; an old database is brought forward step by step, each
step in its own transaction, so a crash mid-migration leaves the last good version.
"""

from __future__ import annotations

import sqlite3

from engine.errors import UserError

V1_CONVERSATIONS_AND_MESSAGES = """
CREATE TABLE conversations (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    title_is_auto INTEGER NOT NULL DEFAULT 1,
    model TEXT NOT NULL DEFAULT '',
    system_prompt TEXT NOT NULL DEFAULT '',
    sampling TEXT NOT NULL DEFAULT '{}',
    current_leaf_id INTEGER,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    deleted_at REAL
);
CREATE INDEX conversations_by_use ON conversations(deleted_at, updated_at DESC);

CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    text TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'complete'
        CHECK (state IN ('complete', 'partial', 'interrupted', 'error')),
    token_ids BLOB,
    token_start INTEGER,
    token_model TEXT,
    metrics TEXT,
    error TEXT,
    writer_pid INTEGER,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX messages_by_conversation ON messages(conversation_id, id);
CREATE INDEX messages_by_parent ON messages(parent_id);
"""

V2_CONVERSATION_SETTINGS_AND_PRESETS = """
ALTER TABLE conversations ADD COLUMN overflow_policy TEXT NOT NULL DEFAULT 'drop_oldest';
ALTER TABLE conversations ADD COLUMN template_override TEXT;
CREATE TABLE presets (
    name TEXT PRIMARY KEY,
    sampling TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE model_defaults (
    model TEXT PRIMARY KEY,
    sampling TEXT NOT NULL
);
"""

# A writer's process id alone can be reused by another process after it dies (or after a
# reboot); its start time tells the two apart.
V3_WRITER_START_TIME = """
ALTER TABLE messages ADD COLUMN writer_started REAL;
"""

# Each conversation remembers the file of its model (not only its name), so opening it loads that model.
V4_CONVERSATION_MODEL_PATH = """
ALTER TABLE conversations ADD COLUMN model_path TEXT NOT NULL DEFAULT '';
"""

# A conversation answers from the document sets it names (a JSON list); an answer keeps the
# sources it was given (a JSON list of engine/docs/grounding.Source.as_json()), to show under it.
V5_DOCUMENT_SETS_AND_SOURCES = """
ALTER TABLE conversations ADD COLUMN document_sets TEXT NOT NULL DEFAULT '[]';
ALTER TABLE messages ADD COLUMN sources TEXT NOT NULL DEFAULT '[]';
"""

# A conversation on a remote engine may answer from the model on this computer when the engine
# does not answer (1), instead of only offering to (0).
V6_FALLBACK_LOCAL = """
ALTER TABLE conversations ADD COLUMN fallback_local INTEGER NOT NULL DEFAULT 0;
"""

MIGRATIONS: tuple[str, ...] = (
    V1_CONVERSATIONS_AND_MESSAGES,
    V2_CONVERSATION_SETTINGS_AND_PRESETS,
    V3_WRITER_START_TIME,
    V4_CONVERSATION_MODEL_PATH,
    V5_DOCUMENT_SETS_AND_SOURCES,
    V6_FALLBACK_LOCAL,
)
SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNewError(UserError, RuntimeError):
    """The database was written by a newer Hearth."""


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the missing migrations up to `target`; return the version reached.

    Safe when two processes (the window and `hearth run`) open a new database at once:
    the version is read again inside the write transaction, so only one of them migrates."""
    while True:
        version = schema_version(conn)
        if version > SCHEMA_VERSION:
            raise SchemaTooNewError("store.too_new", version=version)
        if version >= target:
            return version
        # executescript would commit on its own; run the statements inside one explicit transaction.
        conn.execute("BEGIN IMMEDIATE")
        try:
            if schema_version(conn) != version:  # another process migrated meanwhile
                conn.execute("ROLLBACK")
                continue
            for statement in _statements(MIGRATIONS[version]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
