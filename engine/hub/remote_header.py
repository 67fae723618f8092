"""Read a GGUF file's header on the Hub with HTTP Range requests, without downloading the model.

A header is a few MB at most (the vocabulary is most of it: 262k tokens for Gemma 3 make 6.5 MB), so we
ask for the first 2 MiB, then twice as much, until it parses. The requests go through huggingface_hub's
URL, header and session helpers, so HF_ENDPOINT, the user's token and HF_HUB_OFFLINE apply.
"""

from __future__ import annotations

import logging
import re
import threading

from engine.hub.errors import HubError, hub_errors
from engine.hub.hf_setup import login_token, prepare_huggingface_hub
from engine.models.gguf_header import GGUFHeader, GGUFHeaderError, GGUFHeaderTruncatedError, parse_header
from engine.models.shape import ModelShape

logger = logging.getLogger(__name__)

FIRST_READ = 2 * 1024 * 1024
MAX_HEADER = 64 * 1024 * 1024  # no real model's header comes near this; stop before reading a whole file

_cache: dict[tuple[str, str, str], GGUFHeader] = {}
_cache_lock = threading.Lock()


def fetch_remote_header(repo_id: str, path: str, *, revision: str, token: str | None = None) -> GGUFHeader:
    """The GGUF header of `path` in `repo_id` at `revision`, read with Range requests; remembered per
    (repo, path, revision) for this process. Raises HubError (one sentence)."""
    from engine.hub.offline_mode import require_online

    require_online()
    key = (repo_id, path, revision)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    header = _read(repo_id, path, revision, token)
    with _cache_lock:
        _cache[key] = header
    return header


def fetch_remote_shape(repo_id: str, path: str, *, revision: str, token: str | None = None) -> ModelShape:
    """The model's shape from the header of `path` (for a split model: its first part)."""
    header = fetch_remote_header(repo_id, path, revision=revision, token=token)
    split = int(header.metadata.get("split.count", 1) or 1)
    # A split's first part counts only its own tensors: no parameter count then.
    return ModelShape.from_metadata(header.metadata, n_params=header.parameter_count if split == 1 else None)


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()


def _read(repo_id: str, path: str, revision: str, token: str | None) -> GGUFHeader:
    prepare_huggingface_hub()
    from huggingface_hub import get_session, hf_hub_url, hf_raise_for_status
    from huggingface_hub.utils import build_hf_headers  # type: ignore[attr-defined]  # public, not re-exported

    url = hf_hub_url(repo_id, path, revision=revision)
    headers = build_hf_headers(token=login_token(token))
    headers["Accept-Encoding"] = "identity"  # byte offsets must be the file's
    data = bytearray()
    want = FIRST_READ
    file_size: int | None = None
    with hub_errors(repo_id=repo_id, filename=path, revision=revision):
        while True:
            # A server that ignores Range sends the whole file: read only what was asked for, then hang up.
            with get_session().stream(
                "GET", url, headers={**headers, "Range": f"bytes={len(data)}-{want - 1}"}
            ) as response:
                hf_raise_for_status(response)
                if response.status_code == 200 and data:
                    data.clear()  # the server started over from byte 0
                file_size = _total_size(response.headers.get("Content-Range")) or file_size
                for chunk in response.iter_bytes():
                    data += chunk
                    if len(data) >= want:
                        break
            try:
                return parse_header(bytes(data[:want]))
            except GGUFHeaderTruncatedError:
                if file_size is not None and len(data) >= file_size:
                    raise HubError("hub.remote_header_cut", path=path) from None
                if want >= MAX_HEADER:
                    raise HubError("hub.remote_header_too_big", path=path, limit=MAX_HEADER // 2**20) from None
                want = min(want * 2, MAX_HEADER)
                logger.debug("GGUF header of %s needs more than %d bytes; reading up to %d", path, len(data), want)
            except GGUFHeaderError as exc:
                raise HubError("hub.remote_not_gguf", path=path, problem=exc) from exc


def _total_size(content_range: str | None) -> int | None:
    match = re.match(r"bytes \d+-\d+/(\d+)", content_range or "")
    return int(match.group(1)) if match else None
