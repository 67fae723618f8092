"""A small Hugging Face Hub for tests: the real huggingface_hub client talks to it over HTTP.

It speaks the parts of the Hub protocol that huggingface_hub 2.x uses for models
(hf_api.py list_models/model_info/list_repo_tree, file_download.py get_hf_file_metadata/http_get),
over real files on disk:

- GET  /api/models?search=&filter=&sort=&limit=&expand=&full=    a JSON list, sorted descending
- GET  /api/models/{repo}[/revision/{rev}]?blobs=&expand=        model info (siblings, gated, gguf, sha, ...)
- GET  /api/models/{repo}/tree/{rev}[/{path}]?recursive=&expand=  entries: size, oid, lfs {oid, size, pointerSize}
- HEAD/GET /{repo}/resolve/{rev}/{path}                          X-Repo-Commit, ETag, X-Linked-Etag, X-Linked-Size,
                                                                  Accept-Ranges; Range -> 206 + Content-Range
- errors as the Hub sends them: X-Error-Code (RepoNotFound, RevisionNotFound, EntryNotFound, GatedRepo)
  and X-Error-Message, with the Hub's status codes (see _gate and hf_raise_for_status in utils/_http.py).
- GET  /api/agent-harnesses                                      the AI-agent registry huggingface_hub fetches on
                                                                  its own (utils/_detect_agent.py), as the Hub
                                                                  serves it, so a client that asks gets an answer
                                                                  to cache and tag its user-agent with (AGENT_REGISTRY)

Every request is logged (`requests`: method, path, Range, user-agent, status) for tests to assert on.

The real Hub answers HEAD/GET on an LFS file with a 302 to its CDN, carrying X-Linked-Etag/X-Linked-Size
on the redirect; huggingface_hub reads the same headers from a direct 200, so this server answers 200.
Gating applies to file contents only, as on the Hub: anyone may read a gated repo's info and file list.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar
from urllib.parse import parse_qs, unquote, urlsplit

CHUNK = 1 << 20  # 1 MiB writes, so a throughput benchmark measures the client, not this server
# Suffixes the Hub's default .gitattributes sends to LFS; anything this big goes there too.
LFS_SUFFIXES = (".gguf", ".bin", ".safetensors", ".pt", ".pth", ".onnx", ".ckpt", ".h5", ".msgpack", ".zip")
LFS_MIN_SIZE = 10 * 1024 * 1024
INVALID_CREDENTIALS = "Invalid credentials in Authorization header"
AGENT_REGISTRY_PATH = "/api/agent-harnesses"
# Shaped like the Hub's answer; HEARTH_TEST_AGENT (or AI_AGENT=test-harness) makes a client that reads it
# detect an agent and add "agent/test-harness" to its user-agent.
AGENT_REGISTRY = {
    "standardEnvVars": ["AI_AGENT", "AGENT"],
    "harnesses": {"test-harness": {"envVars": {"HEARTH_TEST_AGENT": "*"}}},
}

_sha256_cache: dict[tuple[str, int, int], str] = {}
_sha256_lock = threading.Lock()


def file_sha256(path: Path) -> str:
    """sha256 of a file, remembered per (path, size, mtime): fixtures serve the 92 MiB starter model often."""
    st = path.stat()
    key = (str(path.resolve()), st.st_size, st.st_mtime_ns)
    with _sha256_lock:
        if key in _sha256_cache:
            return _sha256_cache[key]
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
    with _sha256_lock:
        _sha256_cache[key] = digest.hexdigest()
    return _sha256_cache[key]


def _git_blob_oid(content: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(content) + content, usedforsecurity=False).hexdigest()


@dataclass(frozen=True)
class RequestRecord:
    """One request as the server saw it."""

    method: str
    path: str  # unquoted, without the query string
    query: Mapping[str, list[str]]
    range: str | None  # the Range header, as sent
    authorized: bool  # an Authorization header was present
    status: int  # the status line sent
    user_agent: str | None = None  # the User-Agent header, as sent


@dataclass
class RepoFile:
    path: str  # inside the repo
    source: Path  # on disk
    size: int
    sha256: str  # the real hash of the bytes served
    advertised_sha256: str  # what the Hub says (tree lfs.oid, X-Linked-Etag); differs to test refusal
    lfs: bool

    @property
    def pointer(self) -> bytes:
        lines = (
            "version https://git-lfs.github.com/spec/v1",
            f"oid sha256:{self.advertised_sha256}",
            f"size {self.size}",
        )
        return ("\n".join(lines) + "\n").encode()

    @property
    def git_oid(self) -> str:
        if self.lfs:
            return _git_blob_oid(self.pointer)
        return _git_blob_oid(self.source.read_bytes())

    @property
    def etag(self) -> str:
        return f'"{self.advertised_sha256 if self.lfs else self.git_oid}"'


@dataclass
class Repo:
    repo_id: str
    files: dict[str, RepoFile]
    gated: bool
    downloads: int
    likes: int
    tags: list[str]
    sha: str
    last_modified: str
    gguf: dict[str, Any] | None = None
    allowed_tokens: set[str] = field(default_factory=set)  # valid tokens that accepted the gate


class _Server(ThreadingHTTPServer):
    # Handler threads are joined on close (daemon threads would outlive a test); open keep-alive
    # connections are shut down first so those threads leave their blocking read.
    daemon_threads = False
    block_on_close = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], hub: FakeHub) -> None:
        self.hub = hub
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def drop_connections(self) -> None:
        with self._open_lock:
            sockets = list(self._open)
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hangs up mid-file is expected here, not a failure of the server


class FakeHub:
    """A Hub on 127.0.0.1 serving real files. Use as a context manager or start()/stop().

    Fault controls, read on every request: `throttle_bytes_per_s` slows file bodies down,
    `drop_after_bytes` closes the connection after that many body bytes of each GET on a file,
    `fail_status` (e.g. 503) answers every request with that server error.
    `stop()` then `start()` brings the server back on the same port.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.valid_tokens: set[str] = set()
        self.throttle_bytes_per_s: int | None = None
        self.drop_after_bytes: int | None = None
        self.fail_status: int | None = None
        self._repos: dict[str, Repo] = {}
        self._repos_lock = threading.Lock()
        self._log: list[RequestRecord] = []
        self._log_lock = threading.Lock()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._port = 0
        self.stopping = threading.Event()

    # ---- life cycle ----
    def start(self) -> FakeHub:
        if self._server is not None:
            return self
        self.stopping.clear()
        self._server = _Server(("127.0.0.1", self._port), self)
        self._port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="fake-hub", kwargs={"poll_interval": 0.05}
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close every connection (a download in flight sees the server go away)."""
        server, thread = self._server, self._thread
        if server is None or thread is None:
            return
        self.stopping.set()  # wakes throttled senders
        server.shutdown()
        thread.join()
        server.drop_connections()
        server.server_close()  # joins the handler threads
        self._server = self._thread = None

    def __enter__(self) -> FakeHub:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        return self._server is not None

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    # ---- content ----
    def add_repo(
        self,
        repo_id: str,
        files: Mapping[str, Path],
        *,
        gated: bool = False,
        downloads: int = 0,
        likes: int = 0,
        tags: Iterable[str] = (),
        advertised_sha256: Mapping[str, str] | None = None,
        last_modified: datetime | None = None,
    ) -> Repo:
        """Publish `files` (repo path -> file on disk) as `repo_id`; adding it again makes a new commit."""
        advertised = dict(advertised_sha256 or {})
        entries: dict[str, RepoFile] = {}
        for repo_path, source in files.items():
            size = source.stat().st_size
            is_lfs = repo_path.lower().endswith(LFS_SUFFIXES) or size >= LFS_MIN_SIZE
            real = file_sha256(source)
            entries[repo_path] = RepoFile(repo_path, source, size, real, advertised.get(repo_path, real), is_lfs)
        all_tags = list(tags)
        if any(p.lower().endswith(".gguf") for p in entries) and "gguf" not in all_tags:
            all_tags.append("gguf")  # the Hub tags every repo that holds GGUF files
        commit = hashlib.sha1(
            repr((repo_id, sorted((p, f.advertised_sha256, f.size) for p, f in entries.items()))).encode(),
            usedforsecurity=False,
        )
        when = (last_modified or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        repo = Repo(
            repo_id, entries, gated, downloads, likes, all_tags, commit.hexdigest(), when, _gguf_summary(entries)
        )
        with self._repos_lock:
            old = self._repos.get(repo_id)
            if old is not None:
                repo.allowed_tokens = old.allowed_tokens
            self._repos[repo_id] = repo
        return repo

    def grant(self, repo_id: str, token: str) -> None:
        """`token` becomes valid and has accepted `repo_id`'s gate."""
        self.valid_tokens.add(token)
        with self._repos_lock:
            self._repos[repo_id].allowed_tokens.add(token)

    def repo(self, repo_id: str) -> Repo | None:
        with self._repos_lock:
            return self._repos.get(repo_id)

    def repos(self) -> list[Repo]:
        with self._repos_lock:
            return list(self._repos.values())

    # ---- request log ----
    @property
    def requests(self) -> list[RequestRecord]:
        with self._log_lock:
            return list(self._log)

    @property
    def paths_asked(self) -> list[str]:
        """The path of every request so far, in order."""
        return [r.path for r in self.requests]

    def clear_requests(self) -> None:
        with self._log_lock:
            self._log.clear()

    def record(self, entry: RequestRecord) -> None:
        with self._log_lock:
            self._log.append(entry)


def _gguf_summary(files: Mapping[str, RepoFile]) -> dict[str, Any] | None:
    """The Hub's `gguf` model-info field, from the first GGUF's header (first part of a split)."""
    from engine.models.gguf_header import GGUFHeaderError, read_header

    ggufs = sorted(p for p in files if p.lower().endswith(".gguf") and "mmproj" not in p.lower())
    if not ggufs:
        return None
    try:
        header = read_header(files[ggufs[0]].source)
    except (GGUFHeaderError, OSError):
        return None
    arch = str(header.metadata.get("general.architecture", ""))
    summary: dict[str, Any] = {"total": header.parameter_count, "architecture": arch}
    if f"{arch}.context_length" in header.metadata:
        summary["context_length"] = header.metadata[f"{arch}.context_length"]
    if isinstance(header.metadata.get("tokenizer.chat_template"), str):
        summary["chat_template"] = header.metadata["tokenizer.chat_template"]
    return summary


class HubHTTPError(Exception):
    def __init__(self, status: int, code: str | None, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


_TREE = re.compile(r"^/api/models/(?P<repo>[^/]+/[^/]+)/tree/(?P<rev>[^/]+)(?:/(?P<path>.*))?$")
_INFO = re.compile(r"^/api/models/(?P<repo>[^/]+/[^/]+)(?:/revision/(?P<rev>[^/]+))?$")
_RESOLVE = re.compile(r"^/(?P<repo>[^/]+/[^/]+)/resolve/(?P<rev>[^/]+)/(?P<path>.+)$")
_SORT_KEYS = {"downloads": "downloads", "likes": "likes", "lastModified": "last_modified"}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the Hub and httpx use it
    server: _Server
    timeout = 60
    _path = ""
    _query: ClassVar[dict[str, list[str]]] = {}
    error_content_type = "application/json"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    @property
    def hub(self) -> FakeHub:
        return self.server.hub

    def do_GET(self) -> None:
        self._dispatch(head=False)

    def do_HEAD(self) -> None:
        self._dispatch(head=True)

    # ---- dispatch ----
    def _dispatch(self, *, head: bool) -> None:
        split = urlsplit(self.path)
        self._path = unquote(split.path)
        self._query = parse_qs(split.query, keep_blank_values=True)
        query = self._query
        try:
            if self.hub.fail_status is not None:
                raise HubHTTPError(self.hub.fail_status, None, "Internal Error - We're working hard to fix this.")
            self._check_token()
            if self._path == "/api/models":
                self._send_json(self._list_models(query), head=head)
            elif self._path == AGENT_REGISTRY_PATH:
                self._send_json(AGENT_REGISTRY, head=head)
            elif m := _TREE.match(split.path):
                repo = self._repo(unquote(m["repo"]), unquote(m["rev"]))
                self._send_json(self._tree(repo, unquote(m["path"] or ""), query), head=head)
            elif m := _INFO.match(split.path):
                repo = self._repo(unquote(m["repo"]), unquote(m["rev"] or "main"))
                self._send_json(self._info(repo, query), head=head)
            elif m := _RESOLVE.match(split.path):
                repo = self._repo(unquote(m["repo"]), unquote(m["rev"]))
                self._send_file(repo, unquote(m["path"]), head=head)
            else:
                raise HubHTTPError(404, None, "Sorry, we can't find the page you are looking for.")
        except HubHTTPError as err:
            self._send_error(err, head=head)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def send_response(self, code: int, message: str | None = None) -> None:
        # Logged before the first byte goes out, so a client that got its answer finds its request in the log.
        self.hub.record(
            RequestRecord(
                method=self.command,
                path=self._path,
                query=self._query,
                range=self.headers.get("Range"),
                authorized=self.headers.get("Authorization") is not None,
                status=code,
                user_agent=self.headers.get("User-Agent"),
            )
        )
        super().send_response(code, message)

    def _token(self) -> str | None:
        auth = self.headers.get("Authorization")
        if auth is None:
            return None
        return auth.removeprefix("Bearer ").strip()

    def _check_token(self) -> None:
        # The Hub refuses a bad token on every endpoint, public repos included.
        token = self._token()
        if token is not None and token not in self.hub.valid_tokens:
            raise HubHTTPError(401, None, INVALID_CREDENTIALS)

    def _repo(self, repo_id: str, revision: str) -> Repo:
        repo = self.hub.repo(repo_id)
        if repo is None:
            # The Hub answers 401 for a missing repo when the caller is anonymous (it might be private).
            status = 404 if self._token() else 401
            raise HubHTTPError(status, "RepoNotFound", "Repository not found")
        if revision not in ("main", repo.sha):
            raise HubHTTPError(404, "RevisionNotFound", f"Invalid rev id: {revision}")
        return repo

    def _gate(self, repo: Repo) -> None:
        if not repo.gated:
            return
        token = self._token()
        if token is None:
            raise HubHTTPError(
                401,
                "GatedRepo",
                f"Access to model {repo.repo_id} is restricted. You must have access to it and be authenticated "
                "to access it. Please log in.",
            )
        if token not in repo.allowed_tokens:
            raise HubHTTPError(
                403,
                "GatedRepo",
                f"Access to model {repo.repo_id} is restricted and you are not in the authorized list. "
                f"Visit {self.hub.url}/{repo.repo_id} to ask for access.",
            )

    # ---- JSON endpoints ----
    def _list_models(self, query: Mapping[str, list[str]]) -> list[dict[str, Any]]:
        search = (query.get("search") or [""])[0].lower()
        filters = [f for value in query.get("filter", []) for f in value.split(",") if f]
        repos = [r for r in self.hub.repos() if search in r.repo_id.lower() and all(f in r.tags for f in filters)]
        sort = (query.get("sort") or [""])[0]
        if sort in _SORT_KEYS:
            repos.sort(key=lambda r: getattr(r, _SORT_KEYS[sort]), reverse=True)
        limit = int((query.get("limit") or ["1000"])[0])
        expand = query.get("expand")
        full = (query.get("full") or ["false"])[0].lower() == "true"
        items = []
        for repo in repos[: min(limit, 1000)]:
            if expand:
                items.append({"_id": _object_id(repo), "id": repo.repo_id, **_expanded(repo, expand)})
                continue
            item = {
                "_id": _object_id(repo),
                "id": repo.repo_id,
                "modelId": repo.repo_id,
                "likes": repo.likes,
                "downloads": repo.downloads,
                "trendingScore": 0,
                "private": False,
                "tags": repo.tags,
                "library_name": "gguf" if "gguf" in repo.tags else None,
                "createdAt": repo.last_modified,
            }
            if full:
                item |= {"gated": _gated_value(repo), "lastModified": repo.last_modified, "sha": repo.sha}
                item["siblings"] = [{"rfilename": p} for p in sorted(repo.files)]
            items.append(item)
        return items

    def _info(self, repo: Repo, query: Mapping[str, list[str]]) -> dict[str, Any]:
        expand = query.get("expand")
        if expand:
            return {"_id": _object_id(repo), "id": repo.repo_id, **_expanded(repo, expand)}
        blobs = (query.get("blobs") or ["false"])[0].lower() == "true"
        siblings = []
        for p in sorted(repo.files):
            sibling: dict[str, Any] = {"rfilename": p}
            if blobs:
                f = repo.files[p]
                sibling |= {"size": f.size, "blobId": f.git_oid}
                if f.lfs:
                    sibling["lfs"] = {"sha256": f.advertised_sha256, "size": f.size, "pointerSize": len(f.pointer)}
            siblings.append(sibling)
        return {
            "_id": _object_id(repo),
            "id": repo.repo_id,
            "modelId": repo.repo_id,
            "author": repo.repo_id.split("/")[0],
            "sha": repo.sha,
            "lastModified": repo.last_modified,
            "createdAt": repo.last_modified,
            "private": False,
            "disabled": False,
            "gated": _gated_value(repo),
            "downloads": repo.downloads,
            "likes": repo.likes,
            "tags": repo.tags,
            "library_name": "gguf" if "gguf" in repo.tags else None,
            "siblings": siblings,
            "gguf": repo.gguf,
            "usedStorage": sum(f.size for f in repo.files.values()),
        }

    def _tree(self, repo: Repo, root: str, query: Mapping[str, list[str]]) -> list[dict[str, Any]]:
        recursive = (query.get("recursive") or ["false"])[0].lower() == "true"
        expand = (query.get("expand") or ["false"])[0].lower() == "true"
        root = root.strip("/")
        prefix = f"{root}/" if root else ""
        if root and root in repo.files:
            raise HubHTTPError(400, None, f"{root} is a file, not a folder")
        folders: set[str] = set()
        entries: list[dict[str, Any]] = []
        for p in sorted(repo.files):
            if not p.startswith(prefix):
                continue
            rest = p[len(prefix) :].split("/")
            for depth in range(1, len(rest)):  # the folders on the way down
                folder = prefix + "/".join(rest[:depth])
                if (recursive or depth == 1) and folder not in folders:
                    folders.add(folder)
                    entries.append(self._folder_entry(repo, folder, expand))
            if recursive or len(rest) == 1:
                entries.append(self._file_entry(repo, repo.files[p], expand))
        if root and not entries:
            raise HubHTTPError(404, "EntryNotFound", f'{root} does not exist on "{repo.sha}"')
        return entries

    @staticmethod
    def _last_commit(repo: Repo) -> dict[str, Any]:
        return {"id": repo.sha, "title": "Upload", "date": repo.last_modified}

    def _file_entry(self, repo: Repo, f: RepoFile, expand: bool) -> dict[str, Any]:
        entry: dict[str, Any] = {"type": "file", "oid": f.git_oid, "size": f.size, "path": f.path}
        if f.lfs:
            entry["lfs"] = {"oid": f.advertised_sha256, "size": f.size, "pointerSize": len(f.pointer)}
        if expand:
            entry["lastCommit"] = self._last_commit(repo)
        return entry

    def _folder_entry(self, repo: Repo, folder: str, expand: bool) -> dict[str, Any]:
        oid = hashlib.sha1(f"{repo.sha}:{folder}".encode(), usedforsecurity=False).hexdigest()
        entry: dict[str, Any] = {"type": "directory", "oid": oid, "size": 0, "path": folder}
        if expand:
            entry["lastCommit"] = self._last_commit(repo)
        return entry

    # ---- sending ----
    def _send_json(self, payload: Any, *, head: bool) -> None:
        body = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _send_error(self, err: HubHTTPError, *, head: bool) -> None:
        body = json.dumps({"error": err.message}).encode()
        self.send_response(err.status)
        if err.code:
            self.send_header("X-Error-Code", err.code)
        self.send_header("X-Error-Message", err.message)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _send_file(self, repo: Repo, path: str, *, head: bool) -> None:
        f = repo.files.get(path)
        if f is None:
            raise HubHTTPError(404, "EntryNotFound", "Entry not found")
        self._gate(repo)
        start, end = 0, f.size - 1
        status = 200
        wanted = _parse_range(self.headers.get("Range"), f.size)
        if wanted == "unsatisfiable":
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{f.size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if wanted is not None:
            start, end = wanted
            status = 206
        length = end - start + 1 if f.size else 0
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(length))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", f.etag)
        self.send_header("X-Repo-Commit", repo.sha)
        if f.lfs:
            self.send_header("X-Linked-Etag", f'"{f.advertised_sha256}"')
            self.send_header("X-Linked-Size", str(f.size))
        name = f.path.rsplit("/", 1)[-1]
        self.send_header("Content-Disposition", f"inline; filename*=UTF-8''{name}; filename=\"{name}\";")
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{end}/{f.size}")
        self.end_headers()
        if not head and length:
            self._stream(f.source, start, length)

    def _stream(self, source: Path, start: int, length: int) -> None:
        hub = self.hub
        throttle, drop = hub.throttle_bytes_per_s, hub.drop_after_bytes
        with source.open("rb") as fh:
            if throttle is None and drop is None:
                self.connection.sendfile(fh, start, length)  # zero-copy where the OS can
                return
            fh.seek(start)
            sent = 0
            chunk = CHUNK if throttle is None else max(1, min(CHUNK, throttle // 20))
            while sent < length:
                n = min(chunk, length - sent)
                if drop is not None:
                    n = min(n, drop - sent)
                    if n <= 0:
                        self._hang_up()
                        return
                block = fh.read(n)
                self.wfile.write(block)
                sent += len(block)
                if throttle is not None and hub.stopping.wait(len(block) / throttle):
                    self._hang_up()
                    return
            if drop is not None and sent >= drop:
                self._hang_up()

    def _hang_up(self) -> None:
        """Close the connection mid-body, as a server that goes down does."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)


def _parse_range(header: str | None, size: int) -> tuple[int, int] | str | None:
    """(start, end) inclusive for one `bytes=` range; None to send it all; "unsatisfiable" for 416."""
    if not header or not header.startswith("bytes=") or "," in header:
        return None
    first, _, last = header[len("bytes=") :].strip().partition("-")
    try:
        if first == "":  # bytes=-N: the last N bytes
            suffix = int(last)
            return (max(0, size - suffix), size - 1) if suffix > 0 and size else "unsatisfiable"
        start = int(first)
        end = int(last) if last else size - 1
    except ValueError:
        return None
    if start >= size or end < start:
        return "unsatisfiable"
    return start, min(end, size - 1)


def _gated_value(repo: Repo) -> str | bool:
    return "manual" if repo.gated else False


def _object_id(repo: Repo) -> str:
    return hashlib.md5(repo.repo_id.encode(), usedforsecurity=False).hexdigest()[:24]


def _expanded(repo: Repo, expand: list[str]) -> dict[str, Any]:
    values: dict[str, Any] = {
        "author": repo.repo_id.split("/")[0],
        "downloads": repo.downloads,
        "likes": repo.likes,
        "lastModified": repo.last_modified,
        "createdAt": repo.last_modified,
        "gated": _gated_value(repo),
        "tags": repo.tags,
        "sha": repo.sha,
        "private": False,
        "disabled": False,
        "library_name": "gguf" if "gguf" in repo.tags else None,
        "gguf": repo.gguf,
        "siblings": [{"rfilename": p} for p in sorted(repo.files)],
        "usedStorage": sum(f.size for f in repo.files.values()),
        "trendingScore": 0,
    }
    return {key: values[key] for key in expand if key in values}


# ---- tiny GGUF files for the tests ----
def write_tiny_gguf(
    path: Path,
    *,
    arch: str = "llama",
    n_layer: int = 2,
    n_embd: int = 64,
    n_head: int = 4,
    n_head_kv: int | list[int] = 2,
    context_length: int = 2048,
    sliding_window: int | None = None,
    sliding_window_pattern: list[bool] | None = None,
    n_vocab: int = 32,
    extra_tokens: int = 0,
    split: tuple[int, int] | None = None,
    split_tensors: int | None = None,
    tensors: Mapping[str, tuple[int, ...]] | None = None,
    file_type: int | None = None,
) -> Path:
    """A small GGUF with real metadata and random f32 tensors (not a working model: a header to read).

    `extra_tokens` pads the vocabulary with that many strings, for headers bigger than one Range read.
    `split=(index, count)` (0-based index) writes the split.* keys llama.cpp's gguf-split writes; only the
    first part carries the model metadata, as with gguf-split.
    """
    import gguf
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    writer = gguf.GGUFWriter(path, arch)
    first_part = split is None or split[0] == 0
    if first_part:
        writer.add_name(path.stem)
        writer.add_block_count(n_layer)
        writer.add_embedding_length(n_embd)
        writer.add_feed_forward_length(n_embd * 4)
        writer.add_head_count(n_head)
        writer.add_head_count_kv(n_head_kv)
        writer.add_context_length(context_length)
        writer.add_layer_norm_rms_eps(1e-5)
        writer.add_vocab_size(n_vocab + extra_tokens)
        if sliding_window is not None:
            writer.add_sliding_window(sliding_window)
        if sliding_window_pattern is not None:
            writer.add_sliding_window_pattern(sliding_window_pattern)
        if file_type is not None:
            writer.add_file_type(file_type)
        writer.add_tokenizer_model("gpt2")
        writer.add_token_list([f"tok{i}" for i in range(n_vocab + extra_tokens)])
    if split is not None:
        writer.add_uint16(gguf.Keys.Split.LLM_KV_SPLIT_NO, split[0])
        writer.add_uint16(gguf.Keys.Split.LLM_KV_SPLIT_COUNT, split[1])
        writer.add_int32(gguf.Keys.Split.LLM_KV_SPLIT_TENSORS_COUNT, split_tensors or 0)
    rng = np.random.default_rng(len(path.name))
    shapes = (
        tensors if tensors is not None else {"token_embd.weight": (n_vocab, n_embd), "output_norm.weight": (n_embd,)}
    )
    for name, shape in shapes.items():
        writer.add_tensor(name, rng.standard_normal(shape).astype(np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def write_split_gguf(directory: Path, stem: str, parts: int, **kwargs: Any) -> list[Path]:
    """`stem-00001-of-0000N.gguf` ... : one model in `parts` files, its tensors spread over them."""
    paths = []
    for index in range(parts):
        tensors = {f"blk.{index}.attn_norm.weight": (kwargs.get("n_embd", 64),)}
        path = directory / f"{stem}-{index + 1:05d}-of-{parts:05d}.gguf"
        paths.append(write_tiny_gguf(path, split=(index, parts), split_tensors=parts, tensors=tensors, **kwargs))
    return paths


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll `predicate` until it is true (for tests that wait on another thread's progress)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return bool(predicate())
