"""`hearth replay`: turns played into stored conversations through one engine, with and without the cache."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.store.conversations import ConversationStore

TURNS = [
    {
        "conversation": "Garden",
        "system": "You are brief.",
        "user": "I am planning a small vegetable garden on a sunny balcony in a city apartment. I have four big "
        "pots, a small budget and about an hour a week. Where do I start?",
    },
    {"conversation": "Bikes", "user": "I want to start cycling to work, about eight kilometres each way. Tips?"},
    {"conversation": "Garden", "user": "Which vegetables grow best in pots?"},
    {"conversation": "Bikes", "user": "What should I wear?"},
]


def _replay(script: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "replay", "--temperature", "0", "--max-tokens", "12", "--threads", "2",
         "--json", *extra, str(script)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def _lines(result: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.e2e
def test_replay_reuses_switched_back_conversations_and_matches_the_baseline(
    tmp_path: Path, hearth_home: Path, monkeypatch: object
) -> None:
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n", encoding="utf-8")
    baseline = _lines(_replay(script, "--no-prefix-cache"))
    assert [r["cache_source"] for r in baseline] == ["none"] * 4
    assert all(r["cached_tokens"] == 0 for r in baseline)
    with ConversationStore() as store:  # the baseline's turns were stored too: start over for the cached run
        for summary in store.summaries():
            store.purge(summary.id)
    cached = _lines(_replay(script))
    assert [r["text"] for r in cached] == [r["text"] for r in baseline]
    assert [r["prompt_tokens"] for r in cached] == [r["prompt_tokens"] for r in baseline]
    # Switching back to each conversation: it was kept live in its own slot (two by default).
    assert [r["cache_source"] for r in cached[2:]] == ["live", "live"]
    assert all(int(r["prefill_tokens"]) < int(r["cached_tokens"]) for r in cached[2:])  # type: ignore[call-overload]
    assert [(r["conversation"], r["turn"]) for r in cached] == [
        ("Garden", 1),
        ("Bikes", 1),
        ("Garden", 2),
        ("Bikes", 2),
    ]
    with ConversationStore() as store:
        garden = store.find("Garden")
        assert garden is not None
        assert garden.system_prompt == "You are brief."
        assert len(store.branch(garden.id)) == 4
    # A later replay continues the stored conversations.
    again = tmp_path / "again.jsonl"
    again.write_text(json.dumps({"conversation": "Garden", "user": "Thanks!"}) + "\n", encoding="utf-8")
    (more,) = _lines(_replay(again))
    assert more["turn"] == 3
    assert int(more["prompt_tokens"]) > int(cached[2]["prompt_tokens"])  # type: ignore[call-overload]
    assert more["cache_source"] == "disk"  # a new engine: the snapshot from the last run


@pytest.mark.e2e
def test_a_bad_script_is_one_line_and_exit_1(tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text('{"conversation": "x", "user": "hi"}\nnot json\n', encoding="utf-8")
    result = _replay(script)
    assert result.returncode == 1
    assert result.stderr.strip() == "hearth: Line 2 of " + str(script) + " is not JSON (Expecting value)."
    assert _replay(tmp_path / "missing.jsonl").stderr.startswith("hearth: Could not read")
