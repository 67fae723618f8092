"""uvicorn's server, stopping quietly on Ctrl+C or SIGTERM.

uvicorn's own raises the signal again once it has shut down, and under asyncio that prints a
traceback at the user of `hearth serve`; this one restores the handlers and returns.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

import uvicorn


class QuietServer(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # signals reach the main thread only (the window's server thread gets none)
            return
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
