"""The Engines dialog, driven as a user does (clicks, typing): remote engines added, edited and
removed through the real registry, with the key kept in a file only the user can read; Test
connection against a real `hearth serve` on loopback; the machines the model is split across
(llama.cpp RPC), checked against a real rpc-server; and the window's ways in (the Privacy tab, the
model picker), which refresh after a change."""

from __future__ import annotations

import json
import shutil
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QTreeWidgetItem, QWidget
from pytestqt.qtbot import QtBot

from app.engines.engine_form import EngineFormDialog
from app.engines.engines_dialog import EnginesDialog
from app.main_window import MainWindow
from app.models.model_picker import ADD_ENGINE_DATA, PickerEntry
from engine.errors import message
from engine.hub.offline_mode import set_offline_mode
from engine.paths import data_dir
from engine.remote.engines import KEYS_FOLDER, add_engine, find_engine, list_engines, registry_path
from engine.remote.model_ref import remote_ref
from engine.remote.rpc_machines import BACKEND_ENV, DEFAULT_PORT, OPEN_NETWORK_WARNING, add_machine, list_machines
from engine.remote.rpc_use import machines_to_use
from tests.conftest import cannot_run_here
from tests.engine.server.served import ServedApi, free_port, serving
from tests.fixtures.rpc_tools import RpcTools, rpc_tools

KEY = "sk-engines-dialog"
STARTER_ID = "SmolLM2-135M-Instruct.Q4_1"  # the id hearth serve gives the starter model
TEST_TIMEOUT_MS = 30_000


def _click(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _click_choice(qtbot: QtBot, button: QAbstractButton) -> None:
    """Click a radio button or check box on its mark (its widget may be wider than its text)."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def _type(qtbot: QtBot, field: QWidget, text: str) -> None:
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, text)


@pytest.fixture
def dialog(qtbot: QtBot) -> EnginesDialog:
    engines = EnginesDialog()
    qtbot.addWidget(engines)
    engines.show()
    return engines


def _open_add_form(qtbot: QtBot, dialog: EnginesDialog) -> EngineFormDialog:
    _click(qtbot, dialog.remote_view.add_button)
    form = dialog.remote_view.form
    assert form is not None
    assert form.isVisible()
    return form


def _fill(qtbot: QtBot, form: EngineFormDialog, name: str, url: str, key: str = "") -> None:
    _type(qtbot, form.name, name)
    _type(qtbot, form.url, url)
    if key:
        _type(qtbot, form.api_key, key)


def _rows(dialog: EnginesDialog) -> list[QTreeWidgetItem]:
    table = dialog.remote_view.table
    items = [table.topLevelItem(i) for i in range(table.topLevelItemCount())]
    return [item for item in items if item is not None]


def _row_texts(dialog: EnginesDialog) -> list[list[str]]:
    return [[item.text(column) for column in range(4)] for item in _rows(dialog)]


def _select_engine(qtbot: QtBot, dialog: EnginesDialog, name: str) -> None:
    table = dialog.remote_view.table
    (item,) = [item for item in _rows(dialog) if item.text(0) == name]
    rect = table.visualItemRect(item)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.remote_view.selected_engine() is not None


# --- remote engines: add, edit, remove -----------------------------------------------------


def test_an_engine_added_in_the_form_is_saved_with_its_key_readable_only_by_the_user(
    qtbot: QtBot, dialog: EnginesDialog
) -> None:
    assert dialog.remote_view.empty.isVisible()
    form = _open_add_form(qtbot, dialog)
    assert form.url.placeholderText() == "http://192.168.1.20:8080"
    assert form.api_key.echoMode() == form.api_key.EchoMode.Password
    assert form.trust_note.text() == "A computer of yours: it reads the conversations you send it"
    _fill(qtbot, form, "gpu-box", "192.168.1.20:8080", KEY)
    _click_choice(qtbot, form.service)
    assert form.trust_note.text() == "Someone else's server: they can read and keep the conversations you send it"
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, form.save_button)
    assert dialog.remote_view.form is None or not dialog.remote_view.form.isVisible()

    engine = find_engine("gpu-box")
    assert engine.base_url == "http://192.168.1.20:8080/v1"
    assert engine.trust == "service"
    assert engine.has_key
    assert engine.api_key() == KEY
    saved = json.loads(registry_path().read_text(encoding="utf-8"))
    assert saved == {"engines": [{"name": "gpu-box", "base_url": "http://192.168.1.20:8080/v1", "trust": "service"}]}
    assert KEY not in registry_path().read_text(encoding="utf-8")
    key_file = data_dir() / KEYS_FOLDER / "gpu-box"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert _row_texts(dialog) == [["gpu-box", "http://192.168.1.20:8080/v1", "Someone else's service", "Saved"]]
    assert not dialog.remote_view.empty.isVisible()


def test_a_bad_address_or_name_is_said_in_one_sentence_and_the_form_keeps_what_was_typed(
    qtbot: QtBot, dialog: EnginesDialog
) -> None:
    form = _open_add_form(qtbot, dialog)
    _fill(qtbot, form, "gpu-box", "ftp://192.168.1.20", KEY)
    _click(qtbot, form.save_button)
    assert form.isVisible()
    assert form.error.isVisible()
    assert form.error.text() == message("engines.bad_url", url="ftp://192.168.1.20")
    assert (form.name.text(), form.url.text(), form.api_key.text()) == ("gpu-box", "ftp://192.168.1.20", KEY)
    assert not registry_path().exists()
    assert not (data_dir() / KEYS_FOLDER / "gpu-box").exists()

    form.name.clear()
    _type(qtbot, form.name, "gpu box")
    form.url.clear()
    _type(qtbot, form.url, "http://192.168.1.20:8080")
    _click(qtbot, form.save_button)
    assert form.isVisible()
    assert form.error.text() == message("engines.bad_name", name="gpu box")
    assert list_engines() == []

    form.name.clear()
    _type(qtbot, form.name, "gpu-box")
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, form.save_button)
    assert [e.name for e in list_engines()] == ["gpu-box"]


def test_a_second_engine_of_the_same_name_is_refused_instead_of_replacing_the_first(
    qtbot: QtBot, dialog: EnginesDialog
) -> None:
    add_engine("gpu-box", "http://192.168.1.20:8080", KEY)
    dialog.remote_view.show_engines()
    form = _open_add_form(qtbot, dialog)
    _fill(qtbot, form, "GPU-box", "http://10.0.0.5:8000")
    _click(qtbot, form.save_button)
    assert form.isVisible()
    assert form.error.text() == "An engine called GPU-box is already added: pick another name, or edit that one."
    engine = find_engine("gpu-box")
    assert (engine.base_url, engine.api_key()) == ("http://192.168.1.20:8080/v1", KEY)


def test_edit_keeps_the_name_and_the_saved_key_unless_told_to_forget_it(qtbot: QtBot, dialog: EnginesDialog) -> None:
    add_engine("gpu-box", "http://192.168.1.20:8080", KEY)
    dialog.remote_view.show_engines()
    _select_engine(qtbot, dialog, "gpu-box")
    _click(qtbot, dialog.remote_view.edit_button)
    form = dialog.remote_view.form
    assert form is not None
    assert form.name.isReadOnly()
    assert form.url.text() == "http://192.168.1.20:8080/v1"
    assert form.api_key.text() == ""  # a saved key is never shown
    assert form.forget_key.isVisible()
    form.url.clear()
    _type(qtbot, form.url, "http://192.168.1.21:8080/v1")
    _click_choice(qtbot, form.service)
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, form.save_button)
    engine = find_engine("gpu-box")
    assert (engine.base_url, engine.trust, engine.api_key()) == ("http://192.168.1.21:8080/v1", "service", KEY)

    _select_engine(qtbot, dialog, "gpu-box")
    _click(qtbot, dialog.remote_view.edit_button)
    form = dialog.remote_view.form
    assert form is not None
    _click_choice(qtbot, form.forget_key)
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, form.save_button)
    assert not find_engine("gpu-box").has_key
    assert not (data_dir() / KEYS_FOLDER / "gpu-box").exists()
    assert _row_texts(dialog)[0][3] == "None"


def test_remove_asks_first_and_then_removes_the_engine_and_its_key(
    qtbot: QtBot, dialog: EnginesDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_engine("gpu-box", "http://192.168.1.20:8080", KEY)
    add_engine("office", "http://10.0.0.5:8000/v1")
    dialog.remote_view.show_engines()
    assert not dialog.remote_view.remove_button.isEnabled()  # nothing chosen yet
    _select_engine(qtbot, dialog, "gpu-box")
    questions: list[str] = []

    def answer(reply: QMessageBox.StandardButton) -> object:
        def ask(_parent: QWidget, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
            questions.append(text)
            return reply

        return ask

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    _click(qtbot, dialog.remote_view.remove_button)
    assert questions[-1].startswith("Remove the engine gpu-box at 192.168.1.20:8080?")
    assert [e.name for e in list_engines()] == ["gpu-box", "office"]

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, dialog.remote_view.remove_button)
    assert [e.name for e in list_engines()] == ["office"]
    assert not (data_dir() / KEYS_FOLDER / "gpu-box").exists()
    assert [row[0] for row in _row_texts(dialog)] == ["office"]


def test_test_connection_to_a_closed_port_says_so_in_one_sentence_off_the_windows_thread(
    qtbot: QtBot, dialog: EnginesDialog
) -> None:
    form = _open_add_form(qtbot, dialog)
    port = free_port()  # nothing listens there
    _fill(qtbot, form, "nobody", f"127.0.0.1:{port}")
    _click(qtbot, form.test_button)
    assert not form.test_button.isEnabled()  # asking: the window itself goes on
    qtbot.waitUntil(form.test_button.isEnabled, timeout=TEST_TIMEOUT_MS)
    assert form.test_result.text().startswith(f"The engine nobody at 127.0.0.1:{port} did not answer (")
    assert list_engines() == [], "a test saves nothing"


def test_test_connection_in_offline_mode_asks_nothing(qtbot: QtBot, dialog: EnginesDialog) -> None:
    set_offline_mode(True)
    form = _open_add_form(qtbot, dialog)
    _fill(qtbot, form, "gpu-box", "http://192.168.1.20:8080")
    _click(qtbot, form.test_button)
    qtbot.waitUntil(form.test_button.isEnabled, timeout=TEST_TIMEOUT_MS)
    assert form.test_result.text() == message("remote.offline", name="gpu-box", host="192.168.1.20:8080")


# --- Test connection against a real server -------------------------------------------------


@pytest.fixture(scope="module")
def peer(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[ServedApi]:
    """Another Hearth serving the starter model behind an API key."""
    with serving(tmp_path_factory.mktemp("engines-dialog-peer"), probed_kernels, "--api-key", KEY) as served:
        served.wait_ready({"Authorization": f"Bearer {KEY}"})
        yield served


@pytest.mark.e2e
def test_test_connection_lists_a_real_servers_models_with_the_key_typed(
    qtbot: QtBot, dialog: EnginesDialog, peer: ServedApi
) -> None:
    form = _open_add_form(qtbot, dialog)
    _fill(qtbot, form, "peer", peer.base_url)  # as hearth serve documents it: no /v1
    _click(qtbot, form.test_button)
    qtbot.waitUntil(form.test_button.isEnabled, timeout=TEST_TIMEOUT_MS)
    assert form.test_result.text() == message("remote.bad_key", name="peer", host=f"127.0.0.1:{peer.port}")

    _type(qtbot, form.api_key, KEY)
    _click(qtbot, form.test_button)
    qtbot.waitUntil(form.test_button.isEnabled, timeout=TEST_TIMEOUT_MS)
    assert form.test_result.text() == f"Connected. Its models: {STARTER_ID}"
    assert list_engines() == [], "a test saves nothing"


@pytest.mark.e2e
def test_test_connection_of_an_engine_being_edited_uses_its_saved_key(
    qtbot: QtBot, dialog: EnginesDialog, peer: ServedApi
) -> None:
    add_engine("peer", peer.base_url, KEY)
    dialog.remote_view.show_engines()
    _select_engine(qtbot, dialog, "peer")
    _click(qtbot, dialog.remote_view.edit_button)
    form = dialog.remote_view.form
    assert form is not None
    _click(qtbot, form.test_button)
    qtbot.waitUntil(form.test_button.isEnabled, timeout=TEST_TIMEOUT_MS)
    assert form.test_result.text() == f"Connected. Its models: {STARTER_ID}"


# --- the window's ways in ------------------------------------------------------------------


def _wait_for_model_lists(qtbot: QtBot) -> None:
    """The picker asks each engine for its models on a thread of its own; let them end."""
    qtbot.waitUntil(
        lambda: not any(t.name.startswith("hearth-models-") for t in threading.enumerate()), timeout=TEST_TIMEOUT_MS
    )


@pytest.mark.e2e
def test_an_engine_added_from_the_privacy_tab_shows_its_models_in_the_picker_and_in_privacy(
    qtbot: QtBot, fake_window: MainWindow, peer: ServedApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = fake_window
    _click(qtbot, window.privacy_view.manage_engines_button)
    dialog = window.engines_dialog
    assert dialog is not None
    assert dialog.isVisible()
    form = _open_add_form(qtbot, dialog)
    _fill(qtbot, form, "peer", f"{peer.base_url}/v1", KEY)
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, form.save_button)
    ref = remote_ref("peer", STARTER_ID)
    qtbot.waitUntil(lambda: ref in window.model_picker.model_paths(), timeout=TEST_TIMEOUT_MS)
    _wait_for_model_lists(qtbot)
    host = f"127.0.0.1:{peer.port}"
    assert f"peer · {host}: a computer of yours: it reads the conversations you send it" in (
        window.privacy_view.engines.text()
    )

    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    _select_engine(qtbot, dialog, "peer")
    with qtbot.waitSignal(dialog.engines_changed):
        _click(qtbot, dialog.remote_view.remove_button)
    assert ref not in window.model_picker.model_paths()
    assert window.privacy_view.engines.text().startswith("None: every answer is written on this computer.")
    _wait_for_model_lists(qtbot)
    dialog.close()
    assert window.engines_dialog is None or not window.engines_dialog.isVisible()


def test_the_pickers_add_entry_opens_the_add_form_and_keeps_the_model_chosen(
    qtbot: QtBot, fake_window: MainWindow, starter_model: Path
) -> None:
    picker = fake_window.model_picker
    picker.set_entries([PickerEntry(starter_model.stem, str(starter_model))])
    index = picker.combo.findData(ADD_ENGINE_DATA)
    assert index == picker.combo.count() - 1
    assert picker.combo.itemText(index) == "Add a remote engine…"
    assert picker.model_paths() == [str(starter_model)]
    chosen: list[str] = []
    picker.model_chosen.connect(chosen.append)
    picker.combo.setCurrentIndex(index)
    with qtbot.waitSignal(picker.add_engine_requested):
        picker.combo.activated.emit(index)  # what choosing it in the open list does
    assert chosen == []
    assert picker.combo.currentData() == str(starter_model)
    dialog = fake_window.engines_dialog
    assert dialog is not None
    assert dialog.isVisible()
    assert dialog.tabs.currentWidget() is dialog.remote_view
    form = dialog.remote_view.form
    assert form is not None
    assert form.isVisible()
    form.reject()
    dialog.close()


def test_a_model_not_in_the_list_goes_before_the_add_entry(qtbot: QtBot) -> None:
    from app.models.model_picker import ModelPickerView

    picker = ModelPickerView()
    qtbot.addWidget(picker)
    picker.set_entries([PickerEntry("a", "/models/a.gguf")])
    picker.set_current("/models/b.gguf", "b")
    assert picker.model_paths() == ["/models/a.gguf", "/models/b.gguf"]
    assert picker.combo.findData(ADD_ENGINE_DATA) == picker.combo.count() - 1


# --- splitting the model across machines (llama.cpp RPC) -----------------------------------


def test_machines_are_added_and_removed_and_a_bad_address_is_said_in_one_sentence(
    qtbot: QtBot, dialog: EnginesDialog
) -> None:
    view = dialog.rpc_view
    dialog.show_machines_page()
    assert view.warning.isVisible()
    assert view.warning.text() == OPEN_NETWORK_WARNING  # the engine's sentence, as the translators see it
    assert view.empty.isVisible()
    _type(qtbot, view.address, "192.168.1.21")
    with qtbot.waitSignal(dialog.machines_changed):
        _click(qtbot, view.add_button)
    assert list_machines() == [f"192.168.1.21:{DEFAULT_PORT}"]
    assert view.address.text() == ""

    _type(qtbot, view.address, "192.168.1.22:99999")
    _click(qtbot, view.add_button)
    assert view.error.isVisible()
    assert view.error.text() == message("rpc.bad_address", address="192.168.1.22:99999")
    assert view.address.text() == "192.168.1.22:99999", "the address stays to be mended"
    assert list_machines() == [f"192.168.1.21:{DEFAULT_PORT}"]

    view.address.clear()
    _type(qtbot, view.address, "192.168.1.22:50053")
    with qtbot.waitSignal(dialog.machines_changed):
        qtbot.keyClick(view.address, Qt.Key.Key_Return)
    assert not view.error.isVisible()
    assert view.endpoints() == [f"192.168.1.21:{DEFAULT_PORT}", "192.168.1.22:50053"]

    view.machines.setCurrentRow(0)
    with qtbot.waitSignal(dialog.machines_changed):
        _click(qtbot, view.remove_button)
    assert list_machines() == ["192.168.1.22:50053"]
    assert view.endpoints() == ["192.168.1.22:50053"]


@pytest.fixture(scope="module")
def rpc_server_program() -> Path:
    """llama.cpp's ggml-rpc-server from the wheel's own sources, as the split-model tests build it
    (once per version, outside the checkout: tests/fixtures/rpc_tools.py)."""
    return rpc_tools().server


@pytest.fixture
def rpc_server(rpc_server_program: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A real rpc-server on a loopback port: its address and its log (line-buffered, so each
    "Accepted client connection" shows as it happens; tests/fixtures/rpc_tools.py's RpcServer
    connects once to see it listen, which would count)."""
    stdbuf = shutil.which("stdbuf")
    if stdbuf is None:
        cannot_run_here("stdbuf (coreutils) is needed to read rpc-server's log as it is written")
    port = free_port()
    log_path = tmp_path / "rpc-server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [stdbuf, "-oL", "-eL", str(rpc_server_program), "-H", "127.0.0.1", "-p", str(port), "-t", "1"],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        try:
            # Listening, seen from outside: a test connection would count as a client in its log.
            deadline = time.monotonic() + 30
            while not _listens(process.pid, port):
                assert process.poll() is None, log_path.read_text(errors="replace")
                assert time.monotonic() < deadline, "rpc-server did not start"
                time.sleep(0.1)
            yield f"127.0.0.1:{port}", log_path
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def _listens(pid: int, port: int) -> bool:
    try:
        connections = psutil.Process(pid).net_connections(kind="tcp")
    except psutil.Error:
        return False
    return any(c.status == psutil.CONN_LISTEN and c.laddr.port == port for c in connections)


@pytest.mark.e2e
def test_check_says_which_machines_are_ready_and_which_did_not_answer(
    qtbot: QtBot, dialog: EnginesDialog, rpc_server: tuple[str, Path]
) -> None:
    ready, log_path = rpc_server
    closed = f"127.0.0.1:{free_port()}"  # nothing listens there
    view = dialog.rpc_view
    dialog.show_machines_page()
    for address in (ready, closed):
        _type(qtbot, view.address, address)
        _click(qtbot, view.add_button)
    assert view.endpoints() == [ready, closed]
    with qtbot.waitSignal(view.checked, timeout=TEST_TIMEOUT_MS):
        _click(qtbot, view.check_button)
    assert view.status_of(ready) == "Ready (rpc-server protocol 7.0.0)."
    assert view.status_of(closed).startswith(f"The machine at {closed} did not answer (")
    assert view.machines.item(0).text() == f"{ready}\nReady (rpc-server protocol 7.0.0)."
    assert view.check_button.isEnabled()
    # One probe, one connection: the machine was asked once, by the Check, and by nothing before it.
    qtbot.waitUntil(lambda: "Accepted client connection" in log_path.read_text(errors="replace"), timeout=5_000)
    assert log_path.read_text(errors="replace").count("Accepted client connection") == 1


def test_the_machines_page_says_what_keeps_them_unused_here(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, rpc_build: RpcTools
) -> None:
    """The wheel has no RPC backend: the page says so until one is found; offline mode says it keeps
    the model here, and the loads then ask for no machine."""
    monkeypatch.setenv(BACKEND_ENV, str(tmp_path / "no-libggml-rpc.so"))
    add_machine("192.168.1.21")
    without = EnginesDialog()
    qtbot.addWidget(without)
    without.show_machines_page()
    without.show()
    assert without.rpc_view.blocked.isVisible()
    assert without.rpc_view.blocked.text() == message("rpc.unsupported")

    monkeypatch.setenv(BACKEND_ENV, str(rpc_build.module))
    found = EnginesDialog()
    qtbot.addWidget(found)
    found.show_machines_page()
    found.show()
    assert not found.rpc_view.blocked.isVisible()
    assert machines_to_use() == ("192.168.1.21:50052",)

    set_offline_mode(True)
    offline = EnginesDialog()
    qtbot.addWidget(offline)
    offline.show_machines_page()
    offline.show()
    assert offline.rpc_view.blocked.text().startswith("Offline mode is on, so the model stays on this computer")
    assert machines_to_use() == ()
