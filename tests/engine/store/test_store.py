"""The conversation store: migrations, branches and versions, search, presets, readers during writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.protocol import SamplingParams
from engine.store.answer_writer import AnswerWriter
from engine.store.conversations import DEFAULT_TITLE, ConversationStore, auto_title, connect
from engine.store.schema import MIGRATIONS, SCHEMA_VERSION, SchemaTooNewError, migrate, schema_version


@pytest.fixture
def store(tmp_path: Path) -> ConversationStore:
    with ConversationStore(tmp_path / "c.sqlite3") as s:
        yield s


def _chat(store: ConversationStore, turns: int) -> tuple[int, list[int]]:
    conv = store.create(model="m")
    parent = None
    ids = []
    for i in range(turns):
        q = store.add_message(conv.id, parent, "user", f"question {i}")
        a = store.add_message(conv.id, q.id, "assistant", f"answer {i}")
        ids += [q.id, a.id]
        parent = a.id
    return conv.id, ids


# --- schema -------------------------------------------------------------------------------


def test_a_new_database_gets_the_latest_schema_in_wal_mode(tmp_path: Path) -> None:
    with ConversationStore(tmp_path / "new.sqlite3") as s:
        assert schema_version(s.connection) == SCHEMA_VERSION
        assert s.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s.integrity_ok()


@pytest.mark.parametrize("start_version", range(1, SCHEMA_VERSION))
def test_each_earlier_schema_migrates_forward_keeping_its_data(tmp_path: Path, start_version: int) -> None:
    path = tmp_path / "old.sqlite3"
    conn = connect(path)
    migrate(conn, target=start_version)
    now = 1_700_000_000.0
    conn.execute(
        "INSERT INTO conversations (id, title, model, created_at, updated_at) VALUES (1, 'old chat', 'm', ?, ?)",
        (now, now),
    )
    conn.execute(
        "INSERT INTO messages (conversation_id, role, text, created_at, updated_at) VALUES (1, 'user', 'hi', ?, ?)",
        (now, now),
    )
    conn.close()
    with ConversationStore(path) as s:
        assert schema_version(s.connection) == SCHEMA_VERSION
        conv = s.get(1)
        assert conv.title == "old chat"
        assert conv.overflow_policy == "drop_oldest"  # added by version 2 with its default
        assert [m.text for m in s.all_messages(1)] == ["hi"]


def test_a_database_from_a_newer_hearth_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    with pytest.raises(SchemaTooNewError, match="newer version of Hearth"):
        ConversationStore(path)


# --- conversations -----------------------------------------------------------------------


def test_the_first_question_titles_the_conversation_and_use_orders_the_list(store: ConversationStore) -> None:
    first = store.create()
    second = store.create()
    store.add_message(first.id, None, "user", "How do   volcanoes\nform?")
    assert store.get(first.id).title == "How do volcanoes form?"
    assert [c.id for c in store.summaries()] == [first.id, second.id]
    store.rename(second.id, "Trip plans")
    store.add_message(second.id, None, "user", "Where to go?")
    assert store.get(second.id).title == "Trip plans"  # a title the user chose stays
    assert [c.id for c in store.summaries()] == [second.id, first.id]


def test_the_list_says_which_titles_are_hearths_own(store: ConversationStore) -> None:
    """The window shows the default title in its own language, a title the user typed as typed."""
    untitled = store.create()
    named = store.create(title=DEFAULT_TITLE)
    assert store.get(untitled.id).title == DEFAULT_TITLE
    for summaries in (store.summaries(), store.summaries(DEFAULT_TITLE)):
        assert {s.id: (s.title, s.title_is_auto) for s in summaries} == {
            untitled.id: (DEFAULT_TITLE, True),
            named.id: (DEFAULT_TITLE, False),
        }


def test_auto_title_cuts_long_questions_at_a_word() -> None:
    title = auto_title("Please explain " + "the history of the printing press " * 5)
    assert len(title) <= 61
    assert title.endswith("…")
    assert not title.endswith(" …")


def test_search_finds_titles_and_message_text_including_chinese(store: ConversationStore) -> None:
    a = store.create(title="Recipes")
    b = store.create()
    store.add_message(b.id, None, "user", "請問台北有什麼好吃的小吃？")
    c = store.create(title="100% sure")
    assert [s.id for s in store.summaries("recip")] == [a.id]
    hits = store.summaries("好吃")
    assert [s.id for s in hits] == [b.id]
    assert "好吃" in hits[0].snippet
    assert [s.id for s in store.summaries("100%")] == [c.id]  # LIKE wildcards are taken literally
    assert store.summaries("no such words") == []


def test_delete_hides_until_undo_and_purge_removes_messages(store: ConversationStore) -> None:
    conv_id, _ = _chat(store, 2)
    store.delete(conv_id)
    assert store.summaries() == []
    store.undelete(conv_id)
    assert [s.id for s in store.summaries()] == [conv_id]
    store.delete(conv_id)
    assert store.purge_deleted() == 1
    assert store.connection.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 0


def test_a_thousand_message_chain_can_be_read_and_deleted(store: ConversationStore) -> None:
    conv_id, ids = _chat(store, 500)
    assert len(store.branch(conv_id)) == 1000
    store.delete_message(ids[0])  # deeper than SQLite's cascade limit
    assert store.branch(conv_id) == []
    store.purge(conv_id)


def test_find_by_name_or_number(store: ConversationStore) -> None:
    conv = store.create(title="notes")
    assert store.find("notes") == conv
    assert store.find(str(conv.id)) == conv
    assert store.find("missing") is None


# --- branches and versions ----------------------------------------------------------------


def test_regenerate_adds_versions_and_switching_shows_each_branch(store: ConversationStore) -> None:
    conv_id, (q1, a1, q2, a2) = _chat(store, 2)
    a2b = store.add_message(conv_id, q2, "assistant", "answer 1, take two")
    assert store.siblings(a2) == [a2, a2b.id]
    assert [m.text for m in store.branch(conv_id)][-1] == "answer 1, take two"
    shown = store.show_version(a2)
    assert [m.id for m in shown] == [q1, a1, q2, a2]
    assert store.get(conv_id).current_leaf_id == a2


def test_editing_a_question_branches_and_each_version_keeps_its_own_follow_ups(store: ConversationStore) -> None:
    conv_id, (q1, a1, q2, a2) = _chat(store, 2)
    edited = store.add_message(conv_id, a1, "user", "question 1, edited")
    edited_answer = store.add_message(conv_id, edited.id, "assistant", "answer to the edit")
    assert store.siblings(q2) == [q2, edited.id]
    # Going back to the first version of the question brings back its own answer.
    assert [m.id for m in store.show_version(q2)] == [q1, a1, q2, a2]
    assert [m.id for m in store.show_version(edited.id)] == [q1, a1, edited.id, edited_answer.id]


def test_deleting_a_version_shows_the_one_before(store: ConversationStore) -> None:
    conv_id, (q1, a1) = _chat(store, 1)
    a1b = store.add_message(conv_id, q1, "assistant", "second try")
    shown = store.delete_message(a1b.id)
    assert [m.id for m in shown] == [q1, a1]
    shown = store.delete_message(a1)
    assert [m.id for m in shown] == [q1]


def test_messages_keep_exact_token_ids_model_and_metrics(store: ConversationStore) -> None:
    conv = store.create()
    q = store.add_message(conv.id, None, "user", "hi", token_ids=[1, 2, 70000], token_start=0, token_model="smol")
    a = store.add_message(conv.id, q.id, "assistant", "hello", token_ids=[5, 6], metrics={"decode_tokens": 2})
    assert store.message(q.id).token_ids == (1, 2, 70000)
    assert store.message(q.id).token_model == "smol"
    assert store.message(a.id).metrics == {"decode_tokens": 2}


def test_presets_and_per_model_defaults_persist(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with ConversationStore(path) as s:
        s.save_preset("Mine", SamplingParams(temperature=0.3, top_k=10))
        s.set_model_default("smol", SamplingParams(temperature=0.1))
    with ConversationStore(path) as s:
        assert s.presets() == {"Mine": SamplingParams(temperature=0.3, top_k=10)}
        assert s.model_default("smol") == SamplingParams(temperature=0.1)
        assert s.model_default("other") is None


# --- streaming writes ---------------------------------------------------------------------


def test_a_reader_sees_a_streaming_answer_grow_while_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    with ConversationStore(path) as writer_side, ConversationStore(path) as reader:
        conv = writer_side.create()
        q = writer_side.add_message(conv.id, None, "user", "count")
        a = writer_side.add_message(conv.id, q.id, "assistant", "", state="partial", writer_pid=12345678)
        writer = AnswerWriter(path, a.id, interval_s=0.02)
        seen = []
        for i in range(20):
            writer.append(f"{i} ", [i])
            seen.append(reader.message(a.id).text)  # never blocks on the writer
            import time

            time.sleep(0.01)
        writer.finish("complete", metrics={"decode_tokens": 20})
        final = reader.message(a.id)
        assert final.text == "".join(f"{i} " for i in range(20))
        assert final.token_ids == tuple(range(20))
        assert final.state == "complete"
        assert final.metrics == {"decode_tokens": 20}
        assert any(0 < len(t) < len(final.text) for t in seen), "the reader never saw a partial answer"
        assert writer.writes >= 2
        assert writer.error is None


def test_an_answer_whose_writer_died_is_marked_interrupted_on_open(tmp_path: Path) -> None:
    path = tmp_path / "i.sqlite3"
    with ConversationStore(path) as s:
        conv = s.create()
        q = s.add_message(conv.id, None, "user", "q")
        dead = s.add_message(conv.id, q.id, "assistant", "half", state="partial", writer_pid=2**22 + 12345)
        import os

        alive = s.add_message(conv.id, q.id, "assistant", "still going", state="partial", writer_pid=os.getpid())
    with ConversationStore(path) as s:
        assert s.message(dead.id).state == "interrupted"
        assert s.message(alive.id).state == "partial"  # its writer (this process) is alive


def test_an_answer_whose_writer_was_killed_but_not_yet_reaped_is_interrupted(tmp_path: Path) -> None:
    """A kill -9'd app stays a zombie until its parent (a shell, a launcher) reaps it: it is dead."""
    import os
    import signal
    import subprocess
    import sys

    import psutil

    writer = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        path = tmp_path / "z.sqlite3"
        with ConversationStore(path) as s:
            conv = s.create()
            q = s.add_message(conv.id, None, "user", "q")
            cut = s.add_message(conv.id, q.id, "assistant", "half", state="partial", writer_pid=writer.pid)
        os.kill(writer.pid, signal.SIGKILL)
        while psutil.Process(writer.pid).status() != psutil.STATUS_ZOMBIE:
            pass
        with ConversationStore(path) as s:
            assert s.message(cut.id).state == "interrupted"
    finally:
        writer.kill()
        writer.wait()


@pytest.mark.e2e
def test_several_processes_can_open_a_new_database_at_once(tmp_path: Path) -> None:
    """The window and `hearth run --chat` on first use: both create the file and migrate it."""
    import subprocess
    import sys

    path = tmp_path / "shared.sqlite3"
    go = tmp_path / "go"
    script = (
        "import pathlib, sys, time\n"
        "from engine.store.conversations import ConversationStore\n"
        "go = pathlib.Path(sys.argv[2])\n"
        "while not go.exists(): time.sleep(0.001)\n"
        "with ConversationStore(pathlib.Path(sys.argv[1])) as s: s.create(title=sys.argv[3])\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(path), str(go), f"chat {i}"], stderr=subprocess.PIPE)
        for i in range(6)
    ]
    go.touch()
    errors = [p.communicate(timeout=60)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, errors
    with ConversationStore(path) as s:
        assert sorted(c.title for c in s.summaries()) == [f"chat {i}" for i in range(6)]
        assert schema_version(s.connection) == SCHEMA_VERSION


def test_a_conversation_remembers_its_model_file(tmp_path: Path) -> None:
    with ConversationStore(tmp_path / "c.sqlite3") as s:
        c = s.create(model="SmolLM2", model_path="/models/smol.gguf")
        assert s.get(c.id).model_path == "/models/smol.gguf"
        s.update_settings(c.id, model="gemma", model_path="/models/gemma.gguf")
        again = s.get(c.id)
        assert (again.model, again.model_path) == ("gemma", "/models/gemma.gguf")


def test_a_conversation_remembers_whether_it_falls_back_to_this_computer(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    with ConversationStore(path) as s:
        c = s.create(model="gpu-model", model_path="remote:gpu-box/gpu-model")
        assert not c.fallback_local  # off until the user chooses it
        assert s.update_settings(c.id, fallback_local=True).fallback_local
        s.update_settings(c.id, model="other")  # other settings leave it as it is
    with ConversationStore(path) as s:
        assert s.get(c.id).fallback_local
        assert not s.update_settings(c.id, fallback_local=False).fallback_local
