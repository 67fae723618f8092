"""`hearth run --chat` and `hearth chats …` as a user runs them: real subprocesses, the real
starter model, the real conversation database under the test's HEARTH_HOME."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.store.conversations import DB_FILE_NAME, ConversationStore, default_db_path
from engine.store.tokens import branch_tokens

CHAT = "Trip to Europe"
SYSTEM = "You are a terse travel guide."


def _hearth(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HEARTH_HOME=str(home)) if home else None
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=300, check=False, env=env
    )


def _turn(question: str, *extra: str, home: Path | None = None) -> tuple[str, dict[str, Any]]:
    """One `hearth run --chat CHAT` turn: (the answer printed, its JSON metrics)."""
    result = _hearth(
        "run", "--chat", CHAT, "--temperature", "0", "--max-tokens", "24", "--threads", "2", "--json", *extra, question,
        home=home,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    answer, _, metrics = result.stdout.rstrip("\n").rpartition("\n")
    return answer, json.loads(metrics)


@dataclass(frozen=True)
class TwoTurns:
    home: Path
    answers: tuple[str, str]
    metrics: tuple[dict[str, Any], dict[str, Any]]


@pytest.fixture(scope="module")
def two_turns(tmp_path_factory: pytest.TempPathFactory) -> TwoTurns:
    """Two `hearth run --chat` turns of one conversation, run once for the whole module."""
    home = tmp_path_factory.mktemp("two-turns-home")
    first = _turn("Name one city in France.", "--system", SYSTEM, home=home)
    second = _turn("And one in Italy?", home=home)
    return TwoTurns(home, (first[0], second[0]), (first[1], second[1]))


@pytest.fixture
def db_with_two_turns(two_turns: TwoTurns, hearth_home: Path) -> Path:
    """This test's own copy of the two-turn database, where the CLI will find it."""
    target = default_db_path()
    for source in (two_turns.home / "data").glob(DB_FILE_NAME + "*"):
        shutil.copy(source, target.with_name(source.name))
    return target


def _assert_one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("hearth: ")
    assert result.stderr.strip().count("\n") == 0, result.stderr
    for word in words:
        assert word in result.stderr


# --- hearth run --chat --------------------------------------------------------------------


@pytest.mark.e2e
def test_second_turn_continues_the_conversation_with_its_history(two_turns: TwoTurns) -> None:
    first, second = two_turns.metrics
    # The second prompt is the whole conversation: the first question, its answer, the new question.
    assert second["prompt_tokens"] > first["prompt_tokens"] + first["decode_tokens"]
    assert second["prompt_tokens"] == second["prefill_tokens"] + second["cached_tokens"]

    with ConversationStore(two_turns.home / "data" / DB_FILE_NAME) as store:
        [summary] = store.summaries()
        assert (summary.title, summary.message_count) == (CHAT, 4)
        conversation = store.get(summary.id)
        assert conversation.system_prompt == SYSTEM  # kept by the second turn, which gave none
        assert conversation.model == first["model"]
        assert conversation.sampling.max_tokens == 24
        assert conversation.sampling.temperature == 0
        branch = store.branch(conversation.id)
        assert [m.id for m in branch] == [m.id for m in store.all_messages(conversation.id)]
        assert [m.role for m in branch] == ["user", "assistant", "user", "assistant"]
        assert [m.text for m in branch[::2]] == ["Name one city in France.", "And one in Italy?"]
        assert [m.text.strip() for m in branch[1::2]] == [a.strip() for a in two_turns.answers]
        assert all(m.state == "complete" for m in branch)
        assert all(m.token_ids and m.token_model == first["model"] for m in branch)
        assert [m.metrics for m in branch[1::2]] == [first, second]
        assert [len(m.token_ids) for m in branch[1::2]] == [first["decode_tokens"], second["decode_tokens"]]
        # The questions' tokens rebuild each prompt exactly; the second stores only what is new.
        assert branch[0].token_start == 0
        assert len(branch_tokens(branch[:1], first["model"])) == first["prompt_tokens"]
        assert len(branch_tokens(branch[:3], first["model"])) == second["prompt_tokens"]
        assert branch[2].token_start is not None
        assert branch[2].token_start >= first["prompt_tokens"]
        assert len(branch[2].token_ids) < second["prompt_tokens"] - first["prompt_tokens"]


@pytest.mark.e2e
def test_run_without_chat_stores_nothing() -> None:
    result = _hearth("run", "--temperature", "0", "--max-tokens", "8", "--threads", "2", "Say hi.")
    assert result.returncode == 0, result.stderr
    with ConversationStore() as store:
        assert store.summaries() == []


@pytest.mark.e2e
def test_a_model_that_fails_to_load_leaves_the_conversation_unchanged(tmp_path: Path) -> None:
    result = _hearth("run", "--chat", CHAT, "--model", str(tmp_path / "absent.gguf"), "hi")
    _assert_one_line_error(result, "Model file not found")
    with ConversationStore() as store:
        assert store.summaries() == []


# --- hearth chats ---------------------------------------------------------------------------


@pytest.mark.e2e
@pytest.mark.usefixtures("db_with_two_turns")
def test_list_shows_conversations_by_last_use() -> None:
    with ConversationStore() as store:
        older = store.create(title="Older")
        store.add_message(older.id, None, "user", "hello")
        store.connection.execute("UPDATE conversations SET updated_at = 0 WHERE id = ?", (older.id,))
    listed = _hearth("chats", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    assert [(r["title"], r["message_count"]) for r in rows] == [(CHAT, 4), ("Older", 1)]
    assert rows[0]["updated_at"] > rows[1]["updated_at"]
    text = _hearth("chats", "list")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].split() == ["ID", "UPDATED", "MSGS", "TITLE"]
    assert lines[1].endswith(CHAT)
    assert lines[2].endswith("Older")


@pytest.mark.e2e
def test_list_with_no_conversations() -> None:
    assert _hearth("chats", "list").stdout == "No conversations yet.\n"
    assert json.loads(_hearth("chats", "list", "--json").stdout) == []


@pytest.mark.e2e
def test_export_markdown_and_json_then_import_round_trip(db_with_two_turns: Path, tmp_path: Path) -> None:
    markdown = _hearth("chats", "export", CHAT, "--format", "md")
    assert markdown.returncode == 0, markdown.stderr
    assert markdown.stdout.startswith(f"# {CHAT}\n")
    assert SYSTEM in markdown.stdout
    assert markdown.stdout.count("## You") == 2
    assert markdown.stdout.count("## Assistant") == 2

    to_file = tmp_path / "trip.md"
    assert _hearth("chats", "export", "1", "-o", str(to_file)).returncode == 0  # md is the default, by number
    assert to_file.read_text(encoding="utf-8") == markdown.stdout

    exported = tmp_path / "trip.json"
    result = _hearth("chats", "export", CHAT, "--format", "json", "-o", str(exported))
    assert (result.returncode, result.stdout) == (0, "")
    assert json.loads(exported.read_text(encoding="utf-8")) == json.loads(
        _hearth("chats", "export", CHAT, "--format", "json").stdout
    )

    imported = _hearth("chats", "import", str(exported))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == f"Imported conversation 2: {CHAT}\n"
    with ConversationStore(db_with_two_turns) as store:
        original, copy = store.branch(1), store.branch(2)
        assert store.get(2).system_prompt == SYSTEM
        assert [(m.role, m.text, m.state, m.token_ids, m.token_start, m.token_model, m.metrics) for m in copy] == [
            (m.role, m.text, m.state, m.token_ids, m.token_start, m.token_model, m.metrics) for m in original
        ]
    # The copy exports as the same Markdown (title, system prompt, branch on screen).
    assert _hearth("chats", "export", "2").stdout.split("\n", 3)[3] == markdown.stdout.split("\n", 3)[3]


@pytest.mark.e2e
def test_rm_deletes_for_good(db_with_two_turns: Path, two_turns: TwoTurns, hearth_home: Path) -> None:
    shutil.copytree(two_turns.home / "cache", hearth_home / "cache")  # with its prefix-cache snapshots
    snapshots = list((hearth_home / "cache" / "prefix").glob("*/*.kv"))
    assert snapshots, "the two turns left no snapshot"
    result = _hearth("chats", "rm", CHAT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"Removed conversation 1: {CHAT}\n"
    assert json.loads(_hearth("chats", "list", "--json").stdout) == []
    with ConversationStore(db_with_two_turns) as store:
        assert store.connection.execute("SELECT COUNT(*) FROM conversations").fetchone()[0] == 0
        assert store.connection.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 0
    assert not any(path.exists() for path in snapshots)  # its snapshots went with it
    _assert_one_line_error(_hearth("chats", "rm", CHAT), CHAT)


@pytest.mark.e2e
def test_rm_refuses_a_title_two_conversations_share() -> None:
    with ConversationStore() as store:
        first, second = store.create(title="Same"), store.create(title="Same")
    _assert_one_line_error(_hearth("chats", "rm", "Same"), f"({second.id}, {first.id})")
    assert _hearth("chats", "rm", str(first.id)).returncode == 0
    assert _hearth("chats", "rm", "Same").returncode == 0
    with ConversationStore() as store:
        assert store.summaries() == []


# --- errors: one line on stderr, exit code 1 ----------------------------------------------


@pytest.mark.e2e
def test_unknown_conversation() -> None:
    _assert_one_line_error(_hearth("chats", "export", "No such chat"), "No such chat")
    _assert_one_line_error(_hearth("chats", "rm", "42"), "42")


@pytest.mark.e2e
@pytest.mark.usefixtures("db_with_two_turns")
def test_unwritable_output_path(tmp_path: Path) -> None:
    _assert_one_line_error(_hearth("chats", "export", CHAT, "-o", str(tmp_path / "missing" / "out.md")), "missing")
    _assert_one_line_error(_hearth("chats", "export", CHAT, "-o", str(tmp_path)), str(tmp_path))


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, ["Could not read"]),
        (b"\xff\xfe not text", ["not a conversation"]),
        (b"# Trip\n\nMarkdown, not JSON", ["not a conversation"]),
        (b'{"format": "something else"}', ["not a conversation"]),
        (b'{"format": "hearth.conversation", "version": 99}', ["newer version"]),
        (b'{"format": "hearth.conversation", "version": 1, "conversation": {"title": "T"}}', ["damaged"]),
    ],
)
def test_bad_import_files(tmp_path: Path, content: bytes | None, words: list[str]) -> None:
    path = tmp_path / "chat.json"
    if content is not None:
        path.write_bytes(content)
    _assert_one_line_error(_hearth("chats", "import", str(path)), *words)
    with ConversationStore() as store:
        assert store.summaries() == []


@pytest.mark.e2e
def test_a_damaged_import_leaves_no_half_conversation(db_with_two_turns: Path, tmp_path: Path) -> None:
    exported = json.loads(_hearth("chats", "export", CHAT, "--format", "json").stdout)
    exported["messages"][2]["role"] = "robot"  # the first two messages would be saved before this one fails
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    _assert_one_line_error(_hearth("chats", "import", str(path)), "unknown role")
    with ConversationStore(db_with_two_turns) as store:
        assert [s.title for s in store.summaries()] == [CHAT]
        assert store.connection.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 4
