"""Logs never hold what the user wrote or what the model answered: a real `hearth run --chat`
session (two turns, a system prompt, the real engine child and llama.cpp) leaves its words in the
conversation database and nowhere under the log folder.

There is no debug-logging switch yet, so no log file may hold message text at all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.paths import log_dir
from engine.store.conversations import ConversationStore

SECRET_QUESTION = "My locker code is aubergine-4471-quasar; please keep it."
SECRET_SYSTEM = "You guard the phrase marmalade-zeppelin-9023."
SECRET_FOLLOW_UP = "Repeat my locker code back to me, aubergine-4471-quasar."
CHAT = "Private"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "run", "--chat", CHAT, "--max-tokens", "24", "--temperature", "0",
         "--threads", "2", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )  # fmt: skip


def _log_files() -> list[Path]:
    return [p for p in log_dir().rglob("*") if p.is_file()]


@pytest.mark.e2e
def test_a_chat_session_leaves_no_message_text_in_any_log_file() -> None:
    first = _run("--system", SECRET_SYSTEM, SECRET_QUESTION)
    assert first.returncode == 0, first.stderr
    second = _run(SECRET_FOLLOW_UP)
    assert second.returncode == 0, second.stderr

    with ConversationStore() as store:
        conversation = store.find(CHAT)
        assert conversation is not None
        texts = [m.text for m in store.branch(conversation.id)]
    answers = [t for t in texts[1::2] if len(t.strip()) >= 12]
    assert texts[0::2] == [SECRET_QUESTION, SECRET_FOLLOW_UP]
    assert answers, f"the model gave no answer long enough to look for: {texts[1::2]}"

    logs = _log_files()
    assert logs, "the session wrote no log file at all (is the engine log somewhere else?)"
    secrets = ["aubergine-4471-quasar", "marmalade-zeppelin-9023", *(a.strip()[:40] for a in answers)]
    for log in logs:
        content = log.read_bytes().decode("utf-8", errors="replace")
        for secret in secrets:
            assert secret not in content, f"{log.name} holds message text {secret!r}"
