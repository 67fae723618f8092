"""Export to Markdown and JSON, and JSON back in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.protocol import SamplingParams
from engine.store.conversations import ConversationStore
from engine.store.export import ImportFormatError, from_json, to_json, to_markdown


@pytest.fixture
def store(tmp_path: Path) -> ConversationStore:
    with ConversationStore(tmp_path / "c.sqlite3") as s:
        yield s


def _branchy_conversation(store: ConversationStore) -> int:
    conv = store.create(
        title="Tea",
        model="SmolLM2",
        system_prompt="Be brief.",
        sampling=SamplingParams(temperature=0.2, seed=7),
        overflow_policy="stop",
    )
    q = store.add_message(conv.id, None, "user", "How do I brew 烏龍茶?", token_ids=[1, 2, 3], token_start=0)
    a = store.add_message(conv.id, q.id, "assistant", "Steep it.", token_ids=[4, 5], metrics={"decode_tokens": 2})
    source = {"number": 1, "path": "/docs/茶經.pdf", "page": 3, "section": "", "excerpt": "水以山泉為上"}
    store.update_message(a.id, sources=[source])
    store.add_message(conv.id, q.id, "assistant", "Use water at **90 °C**.", token_ids=[6], state="interrupted")
    return conv.id


def test_json_round_trip_restores_every_branch_setting_and_token(store: ConversationStore) -> None:
    original = _branchy_conversation(store)
    exported = json.loads(json.dumps(to_json(store, original)))  # through text, as a file would be
    restored = from_json(store, exported)
    a, b = store.get(original), restored
    assert (b.title, b.model, b.system_prompt, b.sampling, b.overflow_policy) == (
        a.title,
        a.model,
        a.system_prompt,
        a.sampling,
        a.overflow_policy,
    )

    def shape(conv_id: int) -> list[tuple[object, ...]]:
        return [
            (m.role, m.text, m.state, m.token_ids, m.token_start, m.metrics, m.sources)
            for m in store.all_messages(conv_id)
        ]

    assert shape(restored.id) == shape(original)
    assert [m.text for m in store.branch(restored.id)] == [m.text for m in store.branch(original)]
    versions = store.siblings(store.branch(restored.id)[-1].id)
    assert len(versions) == 2


def test_markdown_has_the_system_prompt_and_the_branch_on_screen(store: ConversationStore) -> None:
    text = to_markdown(store, _branchy_conversation(store))
    assert text.startswith("# Tea\n")
    assert "## System prompt\n\nBe brief." in text
    assert "## You\n\nHow do I brew 烏龍茶?" in text
    assert "## Assistant (interrupted)\n\nUse water at **90 °C**." in text
    assert "Steep it." not in text  # the other version is not on screen


def test_an_import_with_a_bad_source_gets_one_sentence_and_leaves_nothing(store: ConversationStore) -> None:
    data = to_json(store, _branchy_conversation(store))
    data["messages"][1]["sources"] = [{"number": "1; rm", "path": "/bin/sh", "page": None}]
    before = len(store.summaries())
    with pytest.raises(ImportFormatError, match="damaged"):
        from_json(store, data)
    assert len(store.summaries()) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hello": 1}, "not a conversation exported from Hearth"),
        ({"format": "hearth.conversation", "version": 99}, "newer version"),
        ({"format": "hearth.conversation", "version": 1, "conversation": {}}, "damaged"),
        (
            {
                "format": "hearth.conversation",
                "version": 1,
                "conversation": {"title": "x"},
                "messages": [{"id": 5, "parent_id": 4, "role": "user", "text": "?", "state": "complete"}],
            },
            "not in the file",
        ),
    ],
)
def test_a_bad_import_file_gets_one_sentence(store: ConversationStore, data: object, message: str) -> None:
    with pytest.raises(ImportFormatError, match=message):
        from_json(store, data)
