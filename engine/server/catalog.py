"""Which model an API request means: the `model` field as a library name (`hearth models list`),
or "<engine>/<model id>" for a model of a remote engine the user added (`hearth engines add`).

An empty field means the model loaded now, else the server's default. Ollama clients add
`:latest`; the loaded model also answers to its file name. A name the library does not hold is a
404 that lists the names it does.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from pathlib import Path

from engine.models.library import Library, LibraryEntry, LibraryError
from engine.protocol import ModelInfo
from engine.remote.engines import RemoteEngine, list_engines
from engine.remote.model_ref import parse_remote_ref, remote_ref
from engine.server.errors import ApiError

logger = logging.getLogger(__name__)

RESCAN_AFTER_S = 5.0  # the library is a folder scan: not once per request
REMOTE_RELIST_AFTER_S = 30.0  # each remote engine's model list: a request to another computer
REMOTE_LIST_TIMEOUT_S = 5.0  # a model list never waits long on a server that is down


@dataclass(frozen=True)
class RemoteModel:
    engine: RemoteEngine
    model: str

    @property
    def name(self) -> str:
        """What an API client asks for: "<engine>/<model id>"."""
        return f"{self.engine.name}/{self.model}"


class ModelCatalog:
    def __init__(self, default_path: str) -> None:
        self.default_path = default_path
        self._entries: list[LibraryEntry] = []
        self._scanned_at = -RESCAN_AFTER_S
        self._remote: list[RemoteModel] = []
        self._remote_listed_at = -REMOTE_RELIST_AFTER_S

    async def entries(self) -> list[LibraryEntry]:
        if time.monotonic() - self._scanned_at > RESCAN_AFTER_S:
            self._entries = await asyncio.to_thread(_scan)
            self._scanned_at = time.monotonic()
        return self._entries

    async def remote_models(self) -> list[RemoteModel]:
        """The models of the remote engines the user added, as each lists them; an engine that does not
        answer is left out, and offline mode asks none."""
        if time.monotonic() - self._remote_listed_at > REMOTE_RELIST_AFTER_S:
            self._remote = await asyncio.to_thread(_list_remote)
            self._remote_listed_at = time.monotonic()
        return self._remote

    async def path_for(self, name: str | None, loaded: ModelInfo | None) -> str:
        if not name:
            return loaded.path if loaded is not None else self.default_path
        name = name.removesuffix(":latest")
        if (remote := _remote_path(name)) is not None:
            return remote
        if loaded is not None and name in (loaded.name, Path(loaded.path).name):
            return loaded.path
        entries = await self.entries()
        for entry in entries:
            if name in (entry.name, entry.path.name, entry.path.stem):
                return str(entry.path)
        names = ", ".join(entry.name for entry in entries) or "none"
        raise ApiError(
            404, f"There is no model called '{name}'; the library has: {names}.", param="model", code="model_not_found"
        )

    def name_of(self, path: str) -> str:
        if (ref := parse_remote_ref(path)) is not None:
            return f"{ref.engine}/{ref.model}"
        for entry in self._entries:
            if entry.holds(Path(path)):
                return entry.name
        return Path(path).stem


def _remote_path(name: str) -> str | None:
    """A remote engine's model, asked for as "<engine>/<model id>" (the engine added with
    `hearth engines add`); None when the part before the slash names no engine."""
    if (ref := parse_remote_ref(name)) is not None:
        return remote_ref(ref.engine, ref.model)
    engine, slash, model = name.partition("/")
    if not slash or not model:
        return None
    for added in list_engines():
        if added.name.lower() == engine.lower():
            return remote_ref(added.name, model)
    return None


def _list_remote() -> list[RemoteModel]:
    from engine.errors import UserError
    from engine.remote.chat_stream import list_models, new_client
    from engine.remote.remote_session import remote_blocked_by_offline_mode

    if remote_blocked_by_offline_mode():
        return []
    found: list[RemoteModel] = []
    for engine in list_engines():
        try:
            with new_client(REMOTE_LIST_TIMEOUT_S) as client:
                found += [RemoteModel(engine, model) for model in list_models(engine, client)]
        except UserError as exc:
            logger.info("remote engine %s left out of the model list: %s", engine.name, exc)
    return found


def _scan() -> list[LibraryEntry]:
    try:
        return Library().entries()
    except LibraryError:
        return []
