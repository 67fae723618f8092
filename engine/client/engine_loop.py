"""One engine for several clients at once: a thread drives an EngineSession and hands every event
to each listener, while any thread may send commands.

The window (app/controllers/engine_client.py) and the local API (engine/server/) share one such
loop, so they share one loaded model, its slots and its prefix cache. The loop thread waits on
the engine's pipe, the child's exit sentinel and a wake-up pipe at once, so a command sent from
another thread (an HTTP handler, the GUI) reaches the engine at once and never waits on it.

Listeners run on the loop thread and must not block: they hand events on (a Qt signal, an
asyncio queue through `call_soon_threadsafe`).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from multiprocessing import Pipe
from multiprocessing.connection import wait
from typing import Any, Protocol

from engine.client.session import EngineSession
from engine.protocol import ClientEvent, Command, Shutdown

logger = logging.getLogger(__name__)

Listener = Callable[[ClientEvent], None]


class Session(Protocol):
    """What the loop drives: EngineSession (the engine child here) or a RemoteSession (engine/remote/)."""

    pid: int | None

    def new_id(self) -> int: ...
    def send(self, command: Command) -> None: ...
    def waitables(self) -> list[Any]: ...
    def next_event(self, timeout: float | None = None) -> ClientEvent | None: ...
    def close(self) -> None: ...


class EngineLoop:
    def __init__(self, session: Session | None = None, name: str = "hearth-engine-loop") -> None:
        self.session = session or EngineSession()  # driven by the loop thread alone (new_id from any thread)
        self._commands: queue.Queue[Command] = queue.Queue()
        self._wake_reader, self._wake_writer = Pipe(duplex=False)
        self._listeners: list[Listener] = []
        self._listeners_lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._started = False

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._thread.start()

    def new_id(self) -> int:
        return self.session.new_id()

    def add_listener(self, listener: Listener) -> None:
        with self._listeners_lock:
            self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        with self._listeners_lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def send(self, command: Command) -> None:
        """Queue `command` for the engine; never blocks (from any thread)."""
        self._commands.put(command)
        try:
            self._wake_writer.send_bytes(b"!")
        except OSError:  # the loop has stopped: nothing will carry the command out
            logger.warning("engine loop stopped; %s dropped", type(command).__name__)

    def stop(self, timeout_s: float = 5.0) -> bool:
        """Stop the engine child and the loop thread; False if the thread did not stop in time."""
        if not self._started or not self._thread.is_alive():
            return True
        self.send(Shutdown())
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    @property
    def stopped(self) -> bool:
        """Whether the loop thread has ended (or never began)."""
        return not self._thread.is_alive()

    @property
    def pid(self) -> int | None:
        return self.session.pid

    # --- the loop thread -------------------------------------------------------------

    def _run(self) -> None:
        session = self.session
        try:
            while True:
                ready = wait([self._wake_reader, *session.waitables()])
                if self._wake_reader in ready:
                    self._wake_reader.recv_bytes()
                    while True:
                        try:
                            command = self._commands.get_nowait()
                        except queue.Empty:
                            break
                        if isinstance(command, Shutdown):
                            return
                        session.send(command)
                        self._hand_on_ready()
                self._hand_on_ready()
        finally:
            session.close()
            self._wake_reader.close()

    def _hand_on_ready(self) -> None:
        """Every event the session has now, to every listener."""
        while (event := self.session.next_event(0)) is not None:
            with self._listeners_lock:
                listeners = list(self._listeners)
            for listener in listeners:
                try:
                    listener(event)
                except Exception:  # one client's bug must not stop the engine for the others
                    logger.exception("an engine listener failed on %s", type(event).__name__)
