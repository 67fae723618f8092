"""Outbound connection attempts during a scripted full GUI session (target 0).

The session (start, load the starter model, change a setting, chat two turns, the Cache tab, the Models
window's My models tab, close) runs in a child Python, offscreen, with a private HEARTH_HOME. Two counters:
- the socket guard (tests/privacy/socket_guard.py, loaded by tests/privacy/child_hook/sitecustomize.py in
  the session and in its engine child): every Python-level connect, sendto or DNS lookup past loopback;
- strace, where it runs: every connect/sendto/sendmsg system call to an AF_INET/AF_INET6 address that is not
  loopback, from any code in any process of the session (Qt, llama.cpp and Rust extensions included).
Attempts are blocked, not only counted: nothing leaves even if the count is not 0.

Usage: python bench/outbound_connections.py [--no-strace]
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHILD_HOOK = REPO / "tests" / "privacy" / "child_hook"
SYSCALLS = "connect,sendto,sendmsg,sendmmsg"
# strace writes IPv4 as inet_addr("a.b.c.d") and IPv6 as inet_pton(AF_INET6, "x:y::z", ...).
_ADDRESS = re.compile(
    r'sa_family=AF_INET6?, sin6?_port=htons\((\d+)\).*?(?:inet_addr|inet_pton)\((?:AF_INET6, )?"([^"]+)"'
)
_UNIX = re.compile(r'sa_family=AF_UNIX, sun_path=(?:@)?"([^"]*)"')


def session() -> None:
    """The scripted session; runs in the child (the guard is already on, from sitecustomize)."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from engine.models.starter_model import starter_model_path
    from engine.protocol import LoadOptions

    app = QApplication([])

    def wait_for(signal: object, action: object, timeout_ms: int = 300_000) -> None:
        loop = QEventLoop()
        signal.connect(loop.quit)  # type: ignore[attr-defined]
        QTimer.singleShot(timeout_ms, loop.quit)
        action()  # type: ignore[operator]
        loop.exec()

    def pump(ms: int) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    window = MainWindow()
    window.show()
    window.attach_plot()
    options = LoadOptions(str(starter_model_path()), n_threads=2)
    wait_for(window.models.model_loaded, lambda: window.models.load_model(options))
    window.side_tabs.setCurrentWidget(window.settings_view)
    window.settings_view.temperature.setValue(0.35)
    for text in ("Say hello.", "And now goodbye."):
        wait_for(window.chat.answer_finished, lambda text=text: window.chat.send_message(text))
    window.side_tabs.setCurrentWidget(window.cache_view)
    window.cache_view.ram_budget.setValue(512)
    window.cache_view.ram_budget.editingFinished.emit()
    pump(1500)
    models = window.models.open_models_window()
    print(f"session: {len(window.chat_view.bubbles)} bubbles, {models.library_view.list.count()} models listed")
    window.close()
    app.processEvents()


def outbound_in_trace(trace: Path) -> tuple[list[str], list[str]]:
    """(non-loopback IP attempts, Unix socket paths) from an strace log."""
    outbound, unix = [], []
    for line in trace.read_text(errors="replace").splitlines():
        for port, host in _ADDRESS.findall(line):
            if not ipaddress.ip_address(host.split("%")[0]).is_loopback and host not in ("0.0.0.0", "::"):
                outbound.append(f"{host}:{port}  {line.strip()[:160]}")
        unix.extend(_UNIX.findall(line))
    return outbound, unix


def strace_works(strace: str | None) -> bool:
    if strace is None:
        return False
    return subprocess.run([strace, "-qq", "-e", "trace=none", "true"], capture_output=True, check=False).returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-strace", action="store_true", help="count with the Python socket guard only")
    parser.add_argument("--session", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.session:
        session()
        return 0

    with tempfile.TemporaryDirectory(prefix="hearth-outbound-") as tmp:
        guard_log = Path(tmp) / "guard.jsonl"
        trace = Path(tmp) / "strace.log"
        env = {
            **os.environ,
            "HEARTH_HOME": str(Path(tmp) / "home"),
            "QT_QPA_PLATFORM": "offscreen",
            "HEARTH_SOCKET_GUARD_LOG": str(guard_log),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(CHILD_HOOK), str(REPO), os.environ.get("PYTHONPATH")])),
        }
        command = [sys.executable, str(Path(__file__).resolve()), "--session"]
        strace = shutil.which("strace")
        traced = not args.no_strace and strace_works(strace)
        if traced:
            command = [
                str(strace),
                "-f",
                "-qq",
                "-e",
                "signal=none",
                "-e",
                f"trace={SYSCALLS}",
                "-o",
                str(trace),
                *command,
            ]
        done = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True, check=False)
        print(done.stdout.strip())
        if done.returncode != 0:
            print(done.stderr[-3000:], file=sys.stderr)
            print(f"the session failed (exit {done.returncode})", file=sys.stderr)
            return 1
        guarded = [json.loads(line) for line in guard_log.read_text().splitlines()] if guard_log.exists() else []
        for attempt in guarded:
            print(f"guard: {attempt['kind']} to {attempt['destination']} (pid {attempt['pid']})\n{attempt['stack']}")
        print(f"outbound attempts seen by the socket guard (Python, window and engine): {len(guarded)}")
        if traced:
            outbound, unix = outbound_in_trace(trace)
            for line in outbound:
                print(f"strace: {line}")
            print(f"outbound attempts seen by strace (all code, all processes): {len(outbound)}")
            print(f"local Unix-socket connects (not network): {len(unix)} {sorted(set(unix))}")
        else:
            print("strace: not available here, system-call count skipped")
        total = len(guarded) + (len(outbound) if traced else 0)
        print(f"target 0: {'PASS' if total == 0 else 'MISS'}")
        return 0 if total == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
