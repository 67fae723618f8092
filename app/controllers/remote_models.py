"""The models each remote engine offers, for the model picker: asked in the background (GET
/v1/models), once at start and whenever the picker opens, never in offline mode, and only of the
engines the user added (engine/remote/engines.py)."""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, Signal

from app.models.model_picker import PickerEntry
from engine.errors import UserError
from engine.remote.engines import RemoteEngine, list_engines
from engine.remote.model_ref import remote_ref

logger = logging.getLogger(__name__)


class RemoteModels(QObject):
    changed = Signal()  # a list came back (on the GUI thread: the signal is queued across threads)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._found: dict[str, tuple[str, ...]] = {}  # engine name -> its model ids, as last asked
        self._asking: set[str] = set()
        self._lock = threading.Lock()

    def refresh(self) -> None:
        """Ask every engine the user added for its models, each on a thread of its own."""
        from engine.remote.remote_session import remote_blocked_by_offline_mode

        if remote_blocked_by_offline_mode():
            return
        for engine in list_engines():
            with self._lock:
                if engine.name in self._asking:
                    continue
                self._asking.add(engine.name)
            threading.Thread(target=self._ask, args=(engine,), name=f"hearth-models-{engine.name}", daemon=True).start()

    def entries(self) -> list[PickerEntry]:
        """A picker entry per remote model, under its engine's name, saying where it runs."""
        entries = []
        for engine in list_engines():
            with self._lock:
                models = self._found.get(engine.name, ())
            detail = self.tr("on {host}, not on this computer").format(host=engine.host)
            entries += [
                PickerEntry(f"{model} · {engine.name}", remote_ref(engine.name, model), detail) for model in models
            ]
        return entries

    def _ask(self, engine: RemoteEngine) -> None:
        from engine.remote.chat_stream import list_models

        try:
            models = tuple(list_models(engine))
        except UserError as exc:
            logger.info("remote engine %s lists no models now: %s", engine.name, exc)
            models = ()
        with self._lock:
            self._found[engine.name] = models
            self._asking.discard(engine.name)
        self.changed.emit()
