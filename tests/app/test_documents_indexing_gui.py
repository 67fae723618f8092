"""Indexing in the window: progress with the time left, Pause and Resume, and the embedding model
offered, downloaded from the (test) Hub and then used for the sets' passages."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.controllers.documents_controller import DocumentsController
from app.conversations.document_sets_view import DocumentSetsView
from app.main_window import MainWindow
from app.models.curated_models import EMBEDDING_MODEL
from engine.docs.indexer import Progress
from engine.docs.store import DocumentStore, documents_path
from tests.hub.conftest import fake_hub  # noqa: F401 (fixture)
from tests.hub.fake_hub import FakeHub

TIMEOUT_MS = 120_000


def _notes(folder: Path, count: int) -> list[Path]:
    folder.mkdir()
    paths = []
    for i in range(count):
        path = folder / f"note{i:02}.md"
        path.write_text(f"# Note {i}\n\nThe kettle number {i} is kept on shelf {i * 7}.\n", encoding="utf-8")
        paths.append(path)
    return paths


def _indexing(window: MainWindow, tmp_path: Path, count: int) -> tuple[DocumentsController, DocumentSetsView]:
    """`count` notes being added to the set "notes" in `window`: its controller and its view."""
    folder = tmp_path / "notes"
    _notes(folder, count)
    documents, view = window.documents, window.settings_view.documents_view
    documents.add([str(folder)], "notes")
    return documents, view


def _summary(set_name: str, model: str = "") -> tuple[int, int, int]:
    store = DocumentStore(documents_path())
    try:
        s = store.summary(set_name, model)
        return s.files, s.chunks, s.embedded
    finally:
        store.close()


def test_indexing_shows_its_progress_pauses_and_resumes_to_the_whole_set(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow
) -> None:
    folder = tmp_path / "notes"
    _notes(folder, 12)
    documents, view = fake_window.documents, fake_window.settings_view.documents_view
    shown: list[str] = []
    documents.progressed.connect(lambda _p: shown.append(view.status.text()))

    # The user clicks Pause while the third file is read: the indexer stops before the next one.
    pressed = documents._on_progress

    def progress_then_pause(progress: Progress) -> None:
        pressed(progress)
        if progress.phase == "reading" and progress.done == 2:
            qtbot_pause.append(progress.done)
            documents._pause.set()

    qtbot_pause: list[int] = []
    documents._on_progress = progress_then_pause  # type: ignore[method-assign]
    documents.add([str(folder)], "notes")
    assert not view.progress_row.isHidden()
    assert view.pause_button.text() == "Pause"
    qtbot.waitUntil(lambda: view.pause_button.text() == "Resume", timeout=TIMEOUT_MS)
    assert qtbot_pause == [2]
    assert view.status.text().startswith("Paused")
    assert view.pause_button.isEnabled()
    files_when_paused = _summary("notes")[0]
    assert 2 <= files_when_paused < 12, "what was read before the pause is kept, and no more"
    assert any(line.startswith("Reading files: ") for line in shown)

    documents._on_progress = pressed  # type: ignore[method-assign]
    view.pause_button.click()  # Resume
    qtbot.waitUntil(view.progress_row.isHidden, timeout=TIMEOUT_MS)
    assert view.status.text().startswith("Added 12 files to notes."), "the files read before the pause are kept"
    assert _summary("notes")[0] == 12
    assert "notes" in fake_window.conversations.state.conversation.document_sets  # type: ignore[union-attr]
    assert not view.embedding_button.isHidden(), "no embedding model in the library: the window offers one"


def test_the_pause_button_stops_indexing_at_its_next_step(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow
) -> None:
    documents, view = _indexing(fake_window, tmp_path, 3)
    view.pause_button.click()
    assert documents._pause.is_set()
    assert not view.pause_button.isEnabled(), "until the indexer has stopped"
    qtbot.waitUntil(lambda: view.pause_button.text() == "Resume" or view.progress_row.isHidden(), timeout=TIMEOUT_MS)


def test_indexing_stopped_by_delete_all_my_data_is_not_offered_again(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow
) -> None:
    documents, view = _indexing(fake_window, tmp_path, 30)
    fake_window.conversations.delete_all_data()
    qtbot.waitUntil(view.progress_row.isHidden, timeout=TIMEOUT_MS)
    assert not view.status.text().startswith("Paused")
    documents.resume()
    assert view.progress_row.isHidden(), "nothing to resume: the documents were deleted"


@pytest.mark.e2e
def test_the_offered_embedding_model_downloads_and_then_embeds_the_sets(
    qtbot: QtBot,
    tmp_path: Path,
    fake_window: MainWindow,
    fake_hub: FakeHub,  # noqa: F811
    embedding_model: Path,
) -> None:
    # The Hub is a test double; the file it serves is a real multilingual embedding GGUF.
    fake_hub.add_repo(EMBEDDING_MODEL.repo_id, {EMBEDDING_MODEL.file: embedding_model})
    folder = tmp_path / "notes"
    _notes(folder, 3)
    documents, view = fake_window.documents, fake_window.settings_view.documents_view
    documents.add([str(folder)], "notes")
    qtbot.waitUntil(view.progress_row.isHidden, timeout=TIMEOUT_MS)
    files, chunks, _ = _summary("notes")
    assert (files, chunks) == (3, 3)
    assert not view.embedding_button.isHidden()
    assert "by their words only" in view.status.text()

    view.embedding_button.click()
    models = fake_window.models._models_window
    assert models is not None
    assert models.isVisible()
    hub = models.hub_view
    assert models.tabs.currentWidget() is hub
    qtbot.waitUntil(hub.download_button.isEnabled, timeout=TIMEOUT_MS)
    selected = hub.files.currentItem()
    assert selected is not None
    assert selected.text(0) == EMBEDDING_MODEL.file, "the suggested file is selected"
    try:
        hub.download_button.click()
        qtbot.waitUntil(
            lambda: view.status.text() == "Your documents can now be found by their meaning too.", timeout=TIMEOUT_MS
        )
    finally:
        models.downloads_view.close_queue()
    model = documents.embedding_model()
    assert model is not None
    assert model.name == EMBEDDING_MODEL.file
    assert _summary("notes", model.name)[2] == 3, "every passage has its vector"
    assert view.embedding_button.isHidden()
