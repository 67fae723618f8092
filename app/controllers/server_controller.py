"""The window's Server switch: the local API (engine/server/) on the window's own engine.

The server runs uvicorn on a thread of its own, with its own asyncio loop, listening on the
window's EngineLoop: API requests join the window's continuous batch and prefix cache, and a model
an API client asks for is loaded with the settings the window keeps for it. The port is bound here,
on the main thread, before the thread starts, so a port in use is said at once in one sentence.
The view is refreshed from the bridge's counters and request log (metadata only) twice a second.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from app.panels.server_view import ServerView
from engine.client.engine_loop import EngineLoop
from engine.protocol import LoadOptions
from engine.server.config import DEFAULT_PORT, ServerConfig, listening_socket

if TYPE_CHECKING:  # uvicorn and the server load when the switch is first turned on
    import uvicorn

    from engine.server.service import ApiService

logger = logging.getLogger(__name__)

REFRESH_MS = 500
STOP_WAIT_S = 5.0


@dataclass
class ServerState:
    running: bool = False
    port: int = DEFAULT_PORT
    error: str = ""


class ServerController(QObject):
    said = Signal(str, int)  # message, milliseconds
    running_changed = Signal(bool)

    def __init__(
        self,
        engine: EngineLoop | None,
        view: ServerView,
        options_for: Callable[[str], LoadOptions],
        default_model: Callable[[], str],
        parent: QObject | None = None,
    ) -> None:
        """`engine`: the window's engine loop (None: a client without one, as in the controller tests).
        `options_for(path)`: how the window loads that model; `default_model()`: the window's model."""
        super().__init__(parent)
        self.state = ServerState()
        self._engine = engine
        self._view = view
        self._options_for = options_for
        self._default_model = default_model
        self._server: uvicorn.Server | None = None
        self._service: ApiService | None = None
        self._thread: threading.Thread | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._refresh)
        view.switch.setEnabled(engine is not None)
        view.switch.toggled.connect(self._on_switch_toggled)
        view.show_stopped(self.state.port)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.state.port}"

    def start(self, port: int | None = None) -> bool:
        """Serve on 127.0.0.1:`port` (the view's port by default); False, with a sentence, if it cannot."""
        if self.state.running or self._engine is None:
            return self.state.running
        port = port or self._view.port.value()
        try:
            sock = listening_socket("127.0.0.1", port)
        except OSError:
            self._fail(self.tr("Port {port} is in use by another program; choose another port.").format(port=port))
            return False
        import uvicorn

        from engine.server.app import build_app
        from engine.server.bridge import EngineBridge
        from engine.server.catalog import ModelCatalog
        from engine.server.service import ApiService

        config = ServerConfig(port=port, preload=False)  # the window has its model loaded, or loads it
        service = ApiService(config, EngineBridge(self._engine, self._options_for), ModelCatalog(self._default_model()))
        server = uvicorn.Server(
            uvicorn.Config(build_app(service), log_level="warning", access_log=False, timeout_graceful_shutdown=2)
        )
        self._service, self._server = service, server
        self._thread = threading.Thread(target=self._serve, args=(server, sock), name="hearth-api-server", daemon=True)
        self._thread.start()
        self.state = ServerState(running=True, port=port)
        self._view.show_running(self.base_url)
        self._timer.start()
        self.running_changed.emit(True)
        return True

    def stop(self) -> None:
        """Stop serving; answers in flight are cancelled (their clients see the connection close)."""
        server, thread = self._server, self._thread
        if server is None or thread is None:
            return
        server.should_exit = True
        thread.join(STOP_WAIT_S)
        if thread.is_alive():
            logger.warning("the API server did not stop in %.0f s", STOP_WAIT_S)
        self._server = self._service = self._thread = None
        self._timer.stop()
        self.state = replace(self.state, running=False)
        self._view.switch.blockSignals(True)
        self._view.switch.setChecked(False)
        self._view.switch.blockSignals(False)
        self._view.show_stopped(self.state.port)
        self.running_changed.emit(False)

    def _serve(self, server: uvicorn.Server, sock: socket.socket) -> None:
        try:
            server.run(sockets=[sock])
        except Exception:  # the window must outlive its server
            logger.exception("the API server stopped")
        finally:
            sock.close()

    def _fail(self, sentence: str) -> None:
        self.state = replace(self.state, running=False, error=sentence)
        self._view.switch.blockSignals(True)
        self._view.switch.setChecked(False)
        self._view.switch.blockSignals(False)
        self._view.show_error(sentence)
        self.said.emit(sentence, 8000)

    def _on_switch_toggled(self, on: bool) -> None:
        if on:
            self.start()
        else:
            self.stop()

    def _refresh(self) -> None:
        service = self._service
        if service is None:
            return
        if self._thread is not None and not self._thread.is_alive():
            self._fail(self.tr("The local API server stopped; see the log for why."))
            self._server = self._service = self._thread = None
            self._timer.stop()
            return
        bridge = service.bridge
        # Copies: the server's loop thread changes these while the window reads them.
        in_flight = list(bridge.in_flight.values())
        recent = list(bridge.recent)
        self._view.show_activity(in_flight, recent, time.monotonic())
