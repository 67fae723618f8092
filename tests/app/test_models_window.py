"""The Models window on real files: the library's list and details, and the Hub search with fit
labels, against the test Hub server (the real huggingface_hub client)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.models.models_window import ModelsWindow
from tests.hub.conftest import fake_hub, tiny_ggufs  # noqa: F401 (fixtures)
from tests.hub.fake_hub import FakeHub

TIMEOUT_MS = 60_000


def test_my_models_lists_the_starter_model_with_its_details(qtbot: QtBot, starter_model: Path) -> None:
    window = ModelsWindow()
    qtbot.addWidget(window)
    window.show()
    library = window.library_view
    names = [library.list.item(i).text() for i in range(library.list.count())]
    assert names[0].startswith(starter_model.stem)
    library.list.setCurrentRow(0)
    details = library.details.text()
    assert "llama" in details
    assert "Q4_1" in details
    assert not library.remove_button.isEnabled(), "the starter model cannot be removed"
    with qtbot.waitSignal(window.model_chosen) as chosen:
        qtbot.mouseClick(library.use_button, Qt.MouseButton.LeftButton)
    assert chosen.args == [str(starter_model)]


@pytest.mark.e2e
def test_discover_searches_the_hub_and_labels_how_each_file_fits(
    qtbot: QtBot,
    fake_hub: FakeHub,  # noqa: F811
    starter_model: Path,
    tiny_ggufs: dict[str, Path],  # noqa: F811
) -> None:
    fake_hub.add_repo("hearth-test/SmolLM2-135M-Instruct-GGUF", {starter_model.name: starter_model}, downloads=50)
    fake_hub.add_repo("hearth-test/Tiny-7B-Instruct-GGUF", tiny_ggufs, downloads=10)
    window = ModelsWindow()
    qtbot.addWidget(window)
    window.show()
    hub = window.hub_view
    assert hub.results.count() > 0, "beginners see suggested models before searching"
    hub.search_box.setText("instruct")
    hub.search()
    qtbot.waitUntil(hub.search_button.isEnabled, timeout=TIMEOUT_MS)
    repos = [hub.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(hub.results.count())]
    assert repos == ["hearth-test/SmolLM2-135M-Instruct-GGUF", "hearth-test/Tiny-7B-Instruct-GGUF"]
    hub.results.setCurrentRow(0)
    qtbot.waitUntil(lambda: bool(hub._file_items()) and hub._file_items()[0].text(2) != "…", timeout=TIMEOUT_MS)
    row = hub._file_items()[0]
    assert row.text(0) == starter_model.name
    assert row.text(2).split(" · ")[0] in ("fits", "tight", "too big")
    assert "weights" in row.toolTip(2)
    hub.files.setCurrentItem(row)
    try:
        with qtbot.waitSignal(hub.download_requested) as requested:
            qtbot.mouseClick(hub.download_button, Qt.MouseButton.LeftButton)
        assert requested.args[0] == "hearth-test/SmolLM2-135M-Instruct-GGUF"
        assert requested.args[1] == (starter_model.name,)
        assert window.tabs.currentWidget() is window.downloads_view
        # The same bytes as the starter model: nothing is downloaded, the library already has it.
        qtbot.waitUntil(
            lambda: "Done" in next(iter(window.downloads_view.rows.values())).detail.text(), timeout=TIMEOUT_MS
        )
    finally:
        window.downloads_view.close_queue()

    hub.results.setCurrentRow(1)  # a split model is one row; the vision projector is not offered
    qtbot.waitUntil(lambda: len(hub._file_items()) > 1, timeout=TIMEOUT_MS)
    names = [item.text(0) for item in hub._file_items()]
    assert any("(2 parts)" in name for name in names)
    assert not any("mmproj" in name for name in names)


@pytest.mark.e2e
def test_a_download_shows_progress_pauses_resumes_and_lands_in_the_library(
    qtbot: QtBot,
    fake_hub: FakeHub,  # noqa: F811
    tmp_path: Path,
) -> None:
    from tests.hub.fake_hub import write_tiny_gguf

    model = write_tiny_gguf(tmp_path / "Big-Tiny-Q8_0.gguf", tensors={"token_embd.weight": (2048, 2048)})  # 16 MiB
    fake_hub.add_repo("hearth-test/Big-Tiny-GGUF", {model.name: model})
    fake_hub.throttle_bytes_per_s = 2 * 1024**2  # slow enough to pause part way
    window = ModelsWindow()
    qtbot.addWidget(window)
    window.show()
    downloads = window.downloads_view
    window.tabs.setCurrentWidget(downloads)
    try:
        job = downloads.add("hearth-test/Big-Tiny-GGUF", (model.name,), "main")
        qtbot.waitUntil(lambda: job in downloads.rows and downloads.rows[job].progress.used > 0, timeout=TIMEOUT_MS)
        row = downloads.rows[job]
        qtbot.mouseClick(row.pause_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(row.resume_button.isVisible, timeout=TIMEOUT_MS)
        assert row.detail.text().startswith("Paused at")
        assert 0 < row.progress.used < row.progress.total
        fake_hub.throttle_bytes_per_s = None
        qtbot.mouseClick(row.resume_button, Qt.MouseButton.LeftButton)
        with qtbot.waitSignal(window.library_changed, timeout=TIMEOUT_MS):
            pass
        assert row.detail.text().startswith("Done")
        names = [window.library_view.list.item(i).text() for i in range(window.library_view.list.count())]
        assert any(name.startswith("Big-Tiny-Q8_0") for name in names)
        ranges = [r.range for r in fake_hub.requests if r.method == "GET" and r.path.endswith(model.name)]
        assert ranges[-1] is not None, "the resume asked for the rest of the file only"
    finally:
        downloads.close_queue()
