"""Nothing leaves the machine: app start, chat, settings, the cache tab and My models, and the CLI with no network."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psutil
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from tests.conftest import cannot_run_here
from tests.privacy.conftest import guard_children
from tests.privacy.socket_guard import OutboundConnectionBlockedError, SocketGuard, read_child_attempts

ANSWER_TIMEOUT_MS = 180_000
UNROUTABLE = ("192.0.2.1", 9)  # TEST-NET-1: documentation only, never a real host
REPO_ROOT = Path(__file__).resolve().parents[2]


# --- the guard itself catches what it must (so a pass below means something) ----------------


class _Quiet(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.e2e
def test_the_guard_blocks_and_records_outbound_but_not_loopback() -> None:
    guard = SocketGuard.installed()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
    serving = threading.Thread(target=server.serve_forever)
    serving.start()
    guard.start()
    try:
        with pytest.raises(OutboundConnectionBlockedError):
            socket.create_connection(UNROUTABLE, timeout=1)
        with pytest.raises(OutboundConnectionBlockedError):
            socket.getaddrinfo("example.com", 443)
        raw = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        with raw, pytest.raises(OutboundConnectionBlockedError):
            raw.sendto(b"ping", UNROUTABLE)
        with pytest.raises(OutboundConnectionBlockedError):
            asyncio.run(asyncio.open_connection(*UNROUTABLE))
        with socket.create_connection(("localhost", server.server_address[1]), timeout=5) as local:
            local.sendall(b"GET / HTTP/1.0\r\n\r\n")
            assert local.recv(64).startswith(b"HTTP/1.0 204")
    finally:
        attempts = guard.stop()
        server.shutdown()
        server.server_close()
        serving.join()
    assert [(a.kind, a.destination) for a in attempts] == [
        ("connect", repr(UNROUTABLE)),
        ("dns", "'example.com'"),
        ("sendto", repr(UNROUTABLE)),
        ("connect", repr(UNROUTABLE)),
    ]
    assert "test_the_guard_blocks_and_records_outbound" in attempts[0].stack


def _connect_from_a_child() -> None:
    with contextlib.suppress(OSError):
        socket.create_connection(UNROUTABLE, timeout=1)


@pytest.mark.e2e
def test_the_guard_reaches_spawned_children(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine child is a multiprocessing spawn child: the guard loads there through sitecustomize."""
    log = tmp_path / "child.jsonl"
    guard_children(monkeypatch, log)
    child = multiprocessing.get_context("spawn").Process(target=_connect_from_a_child)
    child.start()
    child.join(60)
    attempts = read_child_attempts(str(log))
    assert [(a.kind, a.destination, a.pid) for a in attempts] == [("connect", repr(UNROUTABLE), child.pid)]
    assert "_connect_from_a_child" in attempts[0].stack


# --- the real app, guarded ----------------------------------------------------------------------


def send_and_wait(qtbot: QtBot, window: MainWindow, text: str) -> str:
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message(text)
    return window.chat_view.bubbles[-1].text


@pytest.mark.e2e
def test_start_chat_settings_cache_and_my_models_send_nothing(qtbot: QtBot, guarded_window: MainWindow) -> None:
    window = guarded_window
    engine_pid = window.client.engine_pid()
    assert engine_pid is not None
    # The engine child started with the guard's start-up hook (test_the_guard_reaches_spawned_children shows it works).
    assert "HEARTH_SOCKET_GUARD_LOG" in psutil.Process(engine_pid).environ()
    window.side_tabs.setCurrentWidget(window.settings_view)
    # One change only: a second change in a new chat hits a known bug (the settings view keeps the draft's id 0).
    with qtbot.waitSignal(window.settings_view.settings_changed, timeout=5000):
        window.settings_view.max_tokens.setValue(24)  # short answers keep the test quick
    assert window.conversations.state.conversation is not None  # the change saved the new chat
    assert window.conversations.store.get(window.conversations.state.conversation.id).sampling.max_tokens == 24
    assert send_and_wait(qtbot, window, "Say hello.")

    window.side_tabs.setCurrentWidget(window.cache_view)
    box = window.cache_view.ram_budget
    box.setFocus()
    box.lineEdit().selectAll()
    with qtbot.waitSignal(window.cache_view.budgets_changed, timeout=5000):
        qtbot.keyClicks(box, "512")
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.models.cache_budgets()[0] == 512 * 1024 * 1024

    models = window.models.open_models_window()
    qtbot.waitUntil(lambda: models.library_view.list.count() > 0, timeout=10_000)
    assert models.tabs.currentWidget() is models.library_view
    assert send_and_wait(qtbot, window, "And goodbye.")
    # The fixture fails the test on any outbound attempt, here or in the engine child.


@pytest.mark.e2e
def test_huggingface_hub_is_not_imported_when_the_window_starts(tmp_path: Path) -> None:
    """Its import only reads settings, but it is the Hub's code: it has no business running before a Hub action."""
    script = textwrap.dedent(
        """
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from app.main_window import MainWindow
        app = QApplication([])
        window = MainWindow()
        window.show()
        QTimer.singleShot(1500, app.quit)  # past the warm-up
        app.exec()
        window.close()
        print(sorted(m for m in sys.modules if m.split(".")[0] == "huggingface_hub"))
        """
    )
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("HEARTH_EXTERNAL_HOME", None)  # the real lookup of other apps' folders, under a private HOME
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


# --- the command line in a network namespace with no network at all ------------------------------


def _no_network_prefix() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare is None:
        cannot_run_here("unshare is not installed")
    probe = subprocess.run([unshare, "-n", "true"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        cannot_run_here(f"unshare -n is not allowed here: {probe.stderr.strip()}")
    return [unshare, "-n", "--"]


@pytest.mark.e2e
def test_hearth_run_and_models_list_work_with_no_network(starter_model: Path) -> None:
    prefix = _no_network_prefix()
    hearth = [sys.executable, "-m", "app"]
    # Inside, not even loopback is up: prove the namespace really has no network before trusting the result.
    probe = subprocess.run(
        [*prefix, sys.executable, "-c", f"import socket; socket.create_connection({UNROUTABLE!r}, timeout=2)"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert probe.returncode != 0
    assert "Network is unreachable" in probe.stderr

    run = subprocess.run(
        [*prefix, *hearth, "run", "hi", "--max-tokens", "4", "--threads", "2", "--ctx", "512"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO_ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip(), "no answer was printed"

    listing = subprocess.run(
        [*prefix, *hearth, "models", "list", "--json"], capture_output=True, text=True, timeout=120, check=False
    )
    assert listing.returncode == 0, listing.stderr
    assert starter_model.name in listing.stdout
