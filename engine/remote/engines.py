"""The remote engines the user added: OpenAI-compatible servers (vLLM, SGLang, llama-server,
Ollama, another Hearth) that answer instead of the engine on this computer.

A remote engine is used only once the user has added it. Each has a name, the base URL its server
documents (stored with its /v1), and a trust choice that the Privacy tab explains. They live in
the data folder's engines.json; an API key lives beside it in engine-keys/<name>, readable by this
user only, as the Hub login does, and never in engines.json or a log.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from engine.errors import UserError
from engine.json_file import read_json_object
from engine.paths import data_dir

FILE_NAME = "engines.json"
KEYS_FOLDER = "engine-keys"
LOCAL = "local"  # the engine on this computer: a name no remote engine may take

# "mine": a machine of the user's own (a GPU box at home or in the office); "service": a server run
# by someone else, who can read and keep what is sent to it.
Trust = Literal["mine", "service"]
TRUST_CHOICES: tuple[Trust, ...] = ("mine", "service")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")


class EngineRegistryError(UserError):
    """An engine that cannot be added, found or removed, in one sentence."""


@dataclass(frozen=True)
class RemoteEngine:
    name: str
    base_url: str  # "http://192.168.1.20:8080/v1": what the OpenAI paths go after
    trust: Trust = "mine"
    has_key: bool = False

    @property
    def host(self) -> str:
        """Where the answers come from, as the user reads it: "192.168.1.20:8080"."""
        return urlsplit(self.base_url).netloc

    @property
    def host_and_port(self) -> tuple[str, int]:
        parts = urlsplit(self.base_url)
        return parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)

    def api_key(self) -> str | None:
        if not self.has_key:
            return None
        try:
            return _key_path(self.name).read_text(encoding="utf-8").strip() or None
        except OSError:
            return None


def normalize_base_url(url: str) -> str:
    """The URL as its server documents it, with or without /v1, as the base the OpenAI paths follow."""
    text = url.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise EngineRegistryError("engines.bad_url", url=url)
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError as exc:
        raise EngineRegistryError("engines.bad_url", url=url) from exc
    path = parts.path.rstrip("/")
    if not path.endswith("/v1"):
        path += "/v1"
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def registry_path() -> Path:
    return data_dir() / FILE_NAME


def _key_path(name: str) -> Path:
    return data_dir() / KEYS_FOLDER / name


def list_engines() -> list[RemoteEngine]:
    entries = read_json_object(registry_path()).get("engines")
    found = []
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        name, url, trust = entry.get("name"), entry.get("base_url"), entry.get("trust", "mine")
        if isinstance(name, str) and _NAME.match(name) and isinstance(url, str) and trust in TRUST_CHOICES:
            found.append(RemoteEngine(name, url, trust, _key_path(name).is_file()))
    return found


def find_engine(name: str) -> RemoteEngine:
    for engine in list_engines():
        if engine.name.lower() == name.lower():
            return engine
    known = ", ".join(engine.name for engine in list_engines()) or "none yet"
    raise EngineRegistryError("engines.not_found", name=name, known=known)


def add_engine(name: str, url: str, api_key: str | None = None, trust: Trust = "mine") -> RemoteEngine:
    """Add (or replace) a remote engine; the key, if any, goes to a file only this user can read."""
    if not _NAME.match(name) or name.lower() == LOCAL:
        raise EngineRegistryError("engines.bad_name", name=name)
    if trust not in TRUST_CHOICES:
        raise EngineRegistryError("engines.bad_trust", trust=trust)
    base_url = normalize_base_url(url)
    others = [e for e in list_engines() if e.name.lower() != name.lower()]
    key_file = _key_path(name)
    if api_key:
        key_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as key:
            key.write(api_key.strip())
    else:
        key_file.unlink(missing_ok=True)
    engine = RemoteEngine(name, base_url, trust, bool(api_key))
    _write([*others, engine])
    return engine


def remove_engine(name: str) -> RemoteEngine:
    engine = find_engine(name)
    _write([e for e in list_engines() if e.name != engine.name])
    _key_path(engine.name).unlink(missing_ok=True)
    return engine


def _write(engines: list[RemoteEngine]) -> None:
    target = registry_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    entries = [{"name": e.name, "base_url": e.base_url, "trust": e.trust} for e in engines]
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(json.dumps({"engines": entries}, indent=2), encoding="utf-8")
    os.replace(temporary, target)
