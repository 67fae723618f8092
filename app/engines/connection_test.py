"""Test connection: ask a server the form describes (not saved yet) for its models, with the
remote client the model picker uses (engine/remote/chat_stream.py). Runs off the window's thread."""

from __future__ import annotations

import logging

from engine.remote.chat_stream import RemoteError, list_models
from engine.remote.engines import RemoteEngine, normalize_base_url
from engine.remote.remote_session import remote_blocked_by_offline_mode

logger = logging.getLogger(__name__)


def server_models(name: str, url: str, api_key: str | None) -> list[str]:
    """The model ids the server at `url` offers; a UserError (one sentence) where it cannot say,
    where it offers none, or where offline mode forbids asking."""
    base_url = normalize_base_url(url)
    key = api_key or None
    # The sentences name the engine; before the form has a name, its address stands in.
    engine = RemoteEngine(name or RemoteEngine(name, base_url).host, base_url, has_key=bool(key))
    if remote_blocked_by_offline_mode():
        raise RemoteError("remote.offline", kind="refused", name=engine.name, host=engine.host)
    models = list_models(engine, api_key=key)
    if not models:
        raise RemoteError("remote.no_models", kind="refused", name=engine.name, host=engine.host)
    return models
