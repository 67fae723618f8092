"""huggingface_hub, set up to send only what a Hub action needs and to write only under Hearth's folders.

Every Hub entry point (search, file lists, remote headers, downloads, and the error wording that reads
huggingface_hub's constants) calls `prepare_huggingface_hub()` before it imports or uses huggingface_hub;
tests/privacy/test_hub_stays_quiet.py checks that each function in engine/ that imports huggingface_hub does.
The call is cheap and safe to repeat, and it runs on every entry, so the folders follow HEARTH_HOME.

What huggingface_hub 2.4 does on its own, and what we do about it:

- Telemetry. constants.py reads its switches once, at import: HF_HUB_DISABLE_TELEMETRY (also DISABLE_TELEMETRY or
  DO_NOT_TRACK) keeps the torch version and the AI-agent detection out of the user-agent (utils/_headers.py) and
  makes send_telemetry() a no-op; hf_xet reads the same variable from the environment for its own telemetry.
  HF_HUB_DISABLE_UPDATE_CHECK stops the `hf` CLI's PyPI and skill checks. HF_HUB_DISABLE_XET keeps hf_xet (a
  native transfer client with its own caches, logs and telemetry) from loading at all: our downloads are plain
  HTTP Range requests (engine/hub/download.py). We set them in the environment before huggingface_hub is imported,
  and on its constants too, in case something imported it first.
- The agent-harness registry (utils/_detect_agent.py). detect_agent() fetches {ENDPOINT}/api/agent-harnesses on
  the first request of a day ("best-effort telemetry") and caches the answer in HF_HOME. build_hf_headers() calls
  it unless telemetry is off, but is_agent() is also called for ANSI colours (login, cache listing, the hf CLI)
  whatever the switch says. There is no switch for the fetch itself, so, besides the telemetry switch:
  (1) the module's in-process registry is set to its own empty registry (the value it falls back to when the Hub
      cannot be reached), so detect_agent() never loads one and never fetches;
  (2) huggingface_hub's shared session refuses any request to /api/agent-harnesses before it leaves the process,
      in case a later version reaches the registry another way (the fetch swallows the error, as when offline).
- Files. Everything huggingface_hub would write under HF_HOME (~/.cache/huggingface) goes under
  engine.paths.hub_client_dir(): the agent and update-check caches, xet's cache, token files and their locks.
  HF_HUB_CACHE is the one path left as it is: it is the user's shared model cache, which Hearth reads as another
  app's folder (engine/models/external.py reads constants.HF_HUB_CACHE), and only hf_hub_download and
  snapshot_download write there, which Hearth never calls.
- Tokens. huggingface_hub's own token file lookup may write: an OAuth login close to expiry is refreshed and saved
  back, under a lock file. Its token paths point into Hearth's folder, where nothing is saved, and `login_token()`
  reads the user's saved login itself, read-only, so `hearth models …` still uses it.
- Left as the user set them: HF_ENDPOINT, HF_HUB_OFFLINE, HF_TOKEN / HUGGING_FACE_HUB_TOKEN, HF_OIDC_RESOURCE and
  HF_HUB_DISABLE_IMPLICIT_TOKEN.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.paths import hub_client_dir

if TYPE_CHECKING:
    import httpx2

logger = logging.getLogger(__name__)

# The environment variables huggingface_hub (constants.py) and hf_xet read at import, and the constant each sets.
SWITCHES = {
    "HF_HUB_DISABLE_TELEMETRY": "HF_HUB_DISABLE_TELEMETRY",
    "HF_HUB_DISABLE_UPDATE_CHECK": "HF_HUB_DISABLE_UPDATE_CHECK",
    "HF_HUB_DISABLE_XET": "HF_HUB_DISABLE_XET",
}
AGENT_REGISTRY_PATH = "/api/agent-harnesses"
# The user's own credentials, which huggingface_hub reads without writing anything: left to it.
_CREDENTIAL_VARIABLES = ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_OIDC_RESOURCE")
# engine/models/external.py: look for other apps' files as if this folder were the home directory (tests).
_EXTERNAL_HOME = "HEARTH_EXTERNAL_HOME"

_session_lock = threading.Lock()
_session_guarded = False


class TelemetryRefusedError(ConnectionRefusedError):
    """A request huggingface_hub makes on its own was stopped before it left the process."""


def prepare_huggingface_hub() -> None:
    """Switch huggingface_hub's telemetry off and point its writes at Hearth's folders (call before each use)."""
    for variable in SWITCHES:
        os.environ[variable] = "1"
    os.environ["HF_XET_CACHE"] = str(hub_client_dir() / "xet")  # hf_xet reads it itself
    from huggingface_hub import constants

    for constant in SWITCHES.values():
        setattr(constants, constant, True)
    for name, path in _redirected_paths().items():
        if hasattr(constants, name):
            setattr(constants, name, str(path))
    _empty_agent_registry()
    _guard_session()


def _redirected_paths() -> dict[str, Path]:
    home = hub_client_dir()
    return {
        "HF_HOME": home,  # the sandbox cache and anything else that joins onto it at call time
        "AGENT_HARNESSES_PATH": home / ".agent_harnesses.json",
        "CHECK_FOR_UPDATE_DONE_PATH": home / ".check_for_update_done",
        "CHECK_FOR_SKILL_UPDATE_DONE_PATH": home / ".check_for_skill_update_done",
        "HF_ASSETS_CACHE": home / "assets",
        "HUGGINGFACE_ASSETS_CACHE": home / "assets",
        "HF_XET_CACHE": home / "xet",
        "HF_TOKEN_PATH": home / "token",
        "HF_STORED_TOKENS_PATH": home / "stored_tokens",  # and its .lock, taken while refreshing a login
    }


def _empty_agent_registry() -> None:
    from huggingface_hub.utils import _detect_agent

    if getattr(_detect_agent, "_registry", None) is None and hasattr(_detect_agent, "_EMPTY_REGISTRY"):
        _detect_agent._registry = _detect_agent._EMPTY_REGISTRY


def _refuse_agent_registry(request: httpx2.Request) -> None:
    if request.url.path.rstrip("/").endswith(AGENT_REGISTRY_PATH):
        logger.debug("refused huggingface_hub's request to %s", request.url)
        raise TelemetryRefusedError(f"Hearth does not send {AGENT_REGISTRY_PATH} requests")


def _guard_session() -> None:
    """Add `_refuse_agent_registry` to every session huggingface_hub builds (once per process)."""
    global _session_guarded
    with _session_lock:
        if _session_guarded:
            return
        from huggingface_hub import set_client_factory
        from huggingface_hub.utils import _http

        previous: Callable[[], httpx2.Client] = getattr(_http, "_GLOBAL_CLIENT_FACTORY", _http.default_client_factory)

        def guarded_client() -> httpx2.Client:
            client = previous()
            hooks = client.event_hooks
            client.event_hooks = {**hooks, "request": [_refuse_agent_registry, *hooks.get("request", [])]}
            return client

        set_client_factory(guarded_client)  # also closes a session built before, so the next one is guarded
        _session_guarded = True


def login_token(token: str | None) -> str | None:
    """The token to send: `token`, else the user's saved Hugging Face login, read (never written) from its file.

    None leaves it to huggingface_hub: when HF_TOKEN, HUGGING_FACE_HUB_TOKEN or HF_OIDC_RESOURCE is set (which it
    reads, writing nothing), when HF_HUB_DISABLE_IMPLICIT_TOKEN is set, or when there is no saved login."""
    if token:
        return token
    if _true(os.environ.get("HF_HUB_DISABLE_IMPLICIT_TOKEN")) or any(os.environ.get(v) for v in _CREDENTIAL_VARIABLES):
        return None
    try:
        saved = user_token_file().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return saved or None


def user_hf_home() -> Path:
    """Where huggingface_hub keeps its files for this user, as it works it out (constants.py), before we move them."""
    if os.environ.get("HF_HOME"):
        return _expand(os.environ["HF_HOME"])
    if os.environ.get(_EXTERNAL_HOME):
        return Path(os.environ[_EXTERNAL_HOME]) / ".cache" / "huggingface"
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return _expand(cache) / "huggingface"


def user_token_file() -> Path:
    """The user's saved Hugging Face login (`hf auth login` writes it)."""
    if os.environ.get("HF_TOKEN_PATH"):
        return _expand(os.environ["HF_TOKEN_PATH"])
    return user_hf_home() / "token"


def _expand(path: str) -> Path:
    return Path(os.path.expandvars(os.path.expanduser(path)))


def _true(value: str | None) -> bool:
    return (value or "").upper() in {"1", "ON", "YES", "TRUE"}


def shared_hub_cache() -> Path:
    """huggingface_hub's shared model cache, where other apps' downloads are (set up first: it stays put)."""
    prepare_huggingface_hub()
    from huggingface_hub import constants

    return Path(constants.HF_HUB_CACHE)
