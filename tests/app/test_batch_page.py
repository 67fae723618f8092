"""The Batch page: a file of prompts answered on the window's own engine, beside the chats.

Fast tier: the real window and page on the scripted engine client. The e2e test runs a small job on
the real engine through the same page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow

from .conftest import ANSWER_TIMEOUT_MS
from .fake_engine import FakeEngineClient


def _prompts(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _results(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _answer(client: FakeEngineClient, request_id: int, text: str, *, active: int = 1) -> None:
    client.start(request_id=request_id)
    client.write(*text.split(" "), request_id=request_id, active=active)
    client.finish(request_id=request_id)


def test_a_job_climbs_from_one_answer_at_once_to_the_slots_and_writes_each_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, tmp_path: Path
) -> None:
    window = fake_window
    assert window.models.state.slots == 2  # the default load: two answers at once
    page = window.batch.open_window()
    qtbot.addWidget(page)
    lines = [json.dumps({"id": f"q{i}", "prompt": f"Question {i}?"}) for i in range(6)]
    lines.insert(2, "{not json")
    prompts = _prompts(tmp_path / "questions.jsonl", lines)
    page.set_prompts(prompts)
    assert page.results_edit.text() == str(tmp_path / "questions.results.jsonl")
    before = len(fake_client.requests)
    page.start_button.click()
    assert page.problems_label.text().startswith("Line 3: not JSON")
    assert not page.start_button.isEnabled()
    assert page.stop_button.isEnabled()
    assert window.models.state.answering, "the model stays while the job runs"
    sent = fake_client.requests[before:]
    assert len(sent) == 1, "the job begins with one answer at a time"
    _answer(fake_client, sent[0].request_id, "One")
    sent = fake_client.requests[before:]
    assert len(sent) == 2, "still one at a time until two have finished"
    _answer(fake_client, sent[1].request_id, "Two")
    in_flight = fake_client.requests[before + 2 :]
    assert len(in_flight) == 2, "then two at once: the model's slots"
    for request in in_flight:
        _answer(fake_client, request.request_id, "Both at once", active=2)
    for request in fake_client.requests[before + 4 :]:
        _answer(fake_client, request.request_id, "Last ones", active=2)
    assert page.status_label.text().startswith("Done: 6 of 6 answered")
    assert page.start_button.isEnabled()
    assert not window.models.state.answering
    records = _results(tmp_path / "questions.results.jsonl")
    assert [r["id"] for r in records] == [f"q{i}" for i in range(6)]
    assert records[0]["text"] == "One"
    assert records[0]["finish"] == "eog"
    assert records[0]["metrics"]["decode_tokens"] == 1  # type: ignore[index]
    # The page plots what the engine wrote at 1 and at 2 answers at once (the fake says 12 tok/s).
    assert [(p.at_once, p.total_tok_s, p.each_tok_s) for p in window.batch.curve.points()] == [
        (1, 12.0, 12.0),
        (2, 12.0, 6.0),
    ]
    assert "With 2 at once" in page.lesson_label.text()
    page.grab().save(str(tmp_path / "batch.png"))


def test_stop_writes_nothing_half_done_and_start_goes_on_where_it_stopped(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, tmp_path: Path
) -> None:
    page = fake_window.batch.open_window()
    qtbot.addWidget(page)
    prompts = _prompts(tmp_path / "p.jsonl", [json.dumps({"id": i, "prompt": f"Q{i}"}) for i in range(4)])
    page.set_prompts(prompts)
    before = len(fake_client.requests)
    page.start_button.click()
    first = fake_client.requests[before]
    _answer(fake_client, first.request_id, "Done one")
    second = fake_client.requests[before + 1]
    fake_client.start(request_id=second.request_id)
    fake_client.write("Half", request_id=second.request_id)
    page.stop_button.click()
    assert fake_client.cancelled == [second.request_id]
    fake_client.finish("cancelled", request_id=second.request_id)
    assert page.status_label.text().startswith("Stopped. 1 of 4 answered")
    results = tmp_path / "p.results.jsonl"
    assert [r["id"] for r in _results(results)] == [0], "the cancelled answer is not written"
    # Start again: the answered line is skipped, the other three run.
    page.start_button.click()
    rest = fake_client.requests[before + 2 :]
    assert [r.messages[-1].content for r in rest] == ["Q1"]
    fake_client.fail("The prompt is too long for this model.", request_id=rest[0].request_id)
    assert "Line 2: " in page.problems_label.text(), "a line that fails is named, and the rest run"
    for _ in range(2):
        request = fake_client.requests[-1]
        _answer(fake_client, request.request_id, "Fine")
    assert [r["id"] for r in _results(results)] == [0, 2, 3]
    assert page.status_label.text().startswith("Done: 2 of 3 answered")
    assert fake_window.load_error.isHidden(), "a batch line's failure is not the header's"


def test_a_file_that_cannot_be_read_is_said_in_one_sentence(
    qtbot: QtBot, fake_window: MainWindow, tmp_path: Path
) -> None:
    page = fake_window.batch.open_window()
    qtbot.addWidget(page)
    page.set_prompts(tmp_path / "missing.jsonl")
    page.start_button.click()
    assert page.status_label.text().startswith(f"Could not read {tmp_path / 'missing.jsonl'}")
    assert page.start_button.isEnabled()


@pytest.mark.e2e
def test_a_batch_runs_on_the_windows_own_engine(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = window.batch.open_window()
    qtbot.addWidget(page)
    lines = [json.dumps({"id": i, "prompt": f"Name a colour number {i}.", "max_tokens": 8}) for i in range(4)]
    page.set_prompts(_prompts(tmp_path / "colours.jsonl", lines))
    with qtbot.waitSignal(window.batch.job_ended, timeout=ANSWER_TIMEOUT_MS):
        page.start_button.click()
    records = _results(tmp_path / "colours.results.jsonl")
    assert sorted(r["id"] for r in records) == [0, 1, 2, 3]  # type: ignore[type-var]
    assert all(r["text"] for r in records)
    assert max(r["metrics"]["parallel"] for r in records) == 2  # type: ignore[index]
    assert page.status_label.text().startswith("Done: 4 of 4 answered")
    assert window.batch.curve.points(), "the page measured the engine's speed"
