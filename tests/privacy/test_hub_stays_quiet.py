"""huggingface_hub sends and writes nothing Hearth did not ask for (engine/hub/hf_setup.py).

Left to itself, huggingface_hub 2.x asks {HF_ENDPOINT}/api/agent-harnesses on the first request of a day, caches
the answer under ~/.cache/huggingface and adds "agent/<name>" to its user-agent. The fake Hub serves that registry
as the Hub does, and the children run with an agent variable set, so a client left to itself would do all three.

The command-line tests run fresh processes (nothing set huggingface_hub up before Hearth did) with HOME pointed at
an empty folder and the socket guard in its strict mode: a connect to anything but the fake Hub's address fails
the test. The in-process tests drive the window's entry points (search, file list, remote header, the download
queue) after undoing the set-up, so each entry point must do it again itself.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.errors import message
from tests.hub.fake_hub import AGENT_REGISTRY_PATH, FakeHub, RequestRecord, file_sha256, wait_until, write_tiny_gguf
from tests.privacy.conftest import CHILD_HOOK, describe
from tests.privacy.socket_guard import ONLY_VARIABLE, SocketGuard, read_child_attempts

ROOT = Path(__file__).resolve().parents[2]
REPO = "acme/Tiny-GGUF"
FILE = "Tiny-Q4_K_M.gguf"
AGENT = {"AI_AGENT": "test-harness", "HEARTH_TEST_AGENT": "1"}  # what the fake registry recognises
# What a user or an earlier test may have set that would silence huggingface_hub without Hearth's help.
_QUIETING = ("DO_NOT_TRACK", "DISABLE_TELEMETRY", "TRANSFORMERS_OFFLINE", "HUGGING_FACE_HUB_TOKEN")


def assert_quiet(requests: list[RequestRecord]) -> None:
    """No agent-registry request, and no request whose user-agent says more than library and Python versions."""
    assert requests, "the test sent nothing: it proves nothing"
    assert AGENT_REGISTRY_PATH not in [r.path for r in requests]
    for request in requests:
        assert request.user_agent is not None
        assert "agent/" not in request.user_agent, request
        # "unknown/None; hf_hub/2.4.0; python/3.11.7": the library and Python versions, nothing about this machine
        assert all(part.startswith(("hf_hub/", "python/")) for part in request.user_agent.split("; ")[1:]), request


def files_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.fixture
def tiny_repo(fake_hub: FakeHub, tmp_path: Path) -> str:
    fake_hub.add_repo(REPO, {FILE: write_tiny_gguf(tmp_path / "src" / FILE)}, downloads=3)
    return REPO


class Hearth:
    """`python -m app ...` in a fresh, guarded process whose home folder is empty."""

    def __init__(self, hub: FakeHub, tmp_path: Path) -> None:
        self.hub = hub
        self.home = tmp_path / "home"  # HOME: huggingface_hub's default ~/.cache/huggingface is under it
        self.home.mkdir()
        self.attempts_log = tmp_path / "child-network-attempts.jsonl"
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("HF_", "XDG_", "HEARTH_SOCKET_GUARD")) and k not in _QUIETING
        }
        env |= {
            "HOME": str(self.home),
            "HEARTH_EXTERNAL_HOME": str(self.home),  # other apps' folders (and the HF login) are looked up there
            "HF_ENDPOINT": hub.url,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(CHILD_HOOK), os.environ.get("PYTHONPATH")])),
            "HEARTH_SOCKET_GUARD_LOG": str(self.attempts_log),
            ONLY_VARIABLE: f"127.0.0.1:{hub.port}",
            **AGENT,
        }
        self.env = env

    def run(self, *args: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "app", *args],
            cwd=ROOT,
            env={**self.env, **extra_env},
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )

    def attempts(self) -> str:
        return describe(read_child_attempts(str(self.attempts_log)))


@pytest.fixture
def hearth(fake_hub: FakeHub, tmp_path: Path) -> Hearth:
    return Hearth(fake_hub, tmp_path)


# ---- fresh processes: the command line ---------------------------------------------------------------


@pytest.mark.e2e
def test_a_search_and_a_file_list_send_only_what_they_need(hearth: Hearth, tiny_repo: str) -> None:
    search = hearth.run("models", "search", "tiny", "--json")
    assert search.returncode == 0, search.stderr
    assert [r["repo_id"] for r in json.loads(search.stdout)] == [tiny_repo]
    files = hearth.run("models", "files", tiny_repo, "--json")  # also reads the file's header on the Hub
    assert files.returncode == 0, files.stderr

    assert_quiet(hearth.hub.requests)
    assert "/api/models" in hearth.hub.paths_asked
    assert any(r.method == "GET" and r.path.endswith(f"/{FILE}") for r in hearth.hub.requests)  # the header
    assert hearth.attempts() == ""
    assert files_under(hearth.home) == []  # ~/.cache/huggingface included: nothing at all was written there


@pytest.mark.e2e
def test_a_download_sends_only_what_it_needs(hearth: Hearth, tiny_repo: str, hearth_home: Path) -> None:
    done = hearth.run("models", "download", tiny_repo, FILE, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["sha256"] == file_sha256(hearth.hub.repo(tiny_repo).files[FILE].source)  # type: ignore[union-attr]
    assert Path(report["path"]).is_relative_to(hearth_home)

    assert_quiet(hearth.hub.requests)
    assert hearth.attempts() == ""
    assert files_under(hearth.home) == []


@pytest.mark.e2e
def test_the_users_saved_login_is_read_but_nothing_is_written_next_to_it(
    hearth: Hearth, fake_hub: FakeHub, tmp_path: Path
) -> None:
    fake_hub.add_repo("acme/gated", {FILE: write_tiny_gguf(tmp_path / "gated" / FILE)}, gated=True)
    fake_hub.grant("acme/gated", "hf_saved_login")
    login = hearth.home / ".cache" / "huggingface" / "token"  # where `hf auth login` saves it
    login.parent.mkdir(parents=True)
    login.write_text("hf_saved_login")

    done = hearth.run("models", "download", "acme/gated", FILE)

    assert done.returncode == 0, done.stderr
    file_gets = [r for r in fake_hub.requests if r.method == "GET" and r.path.endswith(FILE)]
    assert file_gets
    assert all(r.authorized for r in file_gets)
    assert_quiet(fake_hub.requests)
    assert files_under(hearth.home) == [".cache", ".cache/huggingface", ".cache/huggingface/token"]
    assert login.read_text() == "hf_saved_login"
    assert hearth.attempts() == ""


@pytest.mark.e2e
def test_hf_endpoint_hf_hub_offline_and_hf_token_stay_the_users(
    hearth: Hearth, fake_hub: FakeHub, tiny_repo: str, tmp_path: Path
) -> None:
    offline = hearth.run("models", "search", "tiny", HF_HUB_OFFLINE="1")
    assert offline.returncode == 1
    assert offline.stderr.strip().splitlines()[-1] == "hearth: " + message("hub.offline")
    assert fake_hub.requests == []

    fake_hub.add_repo("acme/gated", {FILE: write_tiny_gguf(tmp_path / "gated" / FILE)}, gated=True)
    fake_hub.grant("acme/gated", "hf_from_the_environment")
    done = hearth.run("models", "download", "acme/gated", FILE, HF_TOKEN="hf_from_the_environment")
    assert done.returncode == 0, done.stderr
    assert all(r.authorized for r in fake_hub.requests if r.method == "GET" and r.path.endswith(FILE))
    assert_quiet(fake_hub.requests)  # every request went to HF_ENDPOINT, the fake Hub
    assert files_under(hearth.home) == []
    assert hearth.attempts() == ""


# ---- in this process: the window's entry points, each on its own -------------------------------------


@pytest.fixture
def unprepared(fake_hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """huggingface_hub as it is before Hearth sets it up: telemetry on, the agent registry not loaded, its agent
    cache in a fake home, its session unguarded. Returns that cache file, which must not appear."""
    from huggingface_hub import constants, set_client_factory
    from huggingface_hub.utils import _detect_agent, _http

    from engine.hub import hf_setup

    cache = tmp_path / "home" / ".cache" / "huggingface" / ".agent_harnesses.json"
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_TELEMETRY", False)
    monkeypatch.setattr(constants, "AGENT_HARNESSES_PATH", str(cache))
    monkeypatch.setattr(_detect_agent, "_registry", None)
    monkeypatch.setattr(_http, "_GLOBAL_CLIENT_FACTORY", _http._GLOBAL_CLIENT_FACTORY)  # restored afterwards
    monkeypatch.setattr(hf_setup, "_session_guarded", False)
    set_client_factory(_http.default_client_factory)  # and a fresh, unguarded session
    for name, value in AGENT.items():
        monkeypatch.setenv(name, value)
    return cache


@pytest.fixture
def strict_guard(fake_hub: FakeHub) -> Iterator[None]:
    guard = SocketGuard.installed()
    guard.start(only=frozenset({("127.0.0.1", fake_hub.port)}))
    try:
        yield
    finally:
        attempts = guard.stop()
    assert attempts == [], describe(attempts)


@pytest.mark.usefixtures("strict_guard")
@pytest.mark.parametrize("entry", ["search", "files", "header", "queue"])
def test_each_entry_point_sets_huggingface_hub_up_itself(
    fake_hub: FakeHub, tiny_repo: str, unprepared: Path, entry: str, tmp_path: Path
) -> None:
    from engine.hub.download_queue import DownloadQueue
    from engine.hub.remote_header import clear_cache, fetch_remote_header
    from engine.hub.search import list_model_files, search_models

    if entry == "search":
        assert [r.repo_id for r in search_models("tiny")] == [tiny_repo]
    elif entry == "files":
        assert list_model_files(tiny_repo).find(FILE) is not None
    elif entry == "header":
        clear_cache()
        assert fetch_remote_header(tiny_repo, FILE, revision="main").metadata
    else:
        with DownloadQueue() as queue:
            queue.add(tiny_repo, [FILE])
            assert wait_until(lambda: queue.jobs()[0].state in ("done", "failed"), timeout=60)
            assert queue.jobs()[0].state == "done", queue.jobs()[0].error
    assert_quiet(fake_hub.requests)
    assert not unprepared.exists()
    assert not list(tmp_path.rglob(".agent_harnesses.json"))


@pytest.mark.usefixtures("strict_guard")
def test_huggingface_hubs_own_agent_check_cannot_reach_the_hub(fake_hub: FakeHub, unprepared: Path) -> None:
    """Even a call Hearth never makes (the hf CLI's and login's ANSI colours call is_agent()) stays home."""
    from huggingface_hub.utils import _detect_agent, detect_agent

    from engine.hub.hf_setup import prepare_huggingface_hub

    prepare_huggingface_hub()
    _detect_agent._registry = None  # as if the empty registry had not been put in place
    assert detect_agent() is None
    assert AGENT_REGISTRY_PATH not in fake_hub.paths_asked
    assert not unprepared.exists()


# ---- every function that imports huggingface_hub sets it up first ---------------------------------------

# engine/hub/hf_setup.py is the set-up itself. engine/models/external.py only reads constants.HF_HUB_CACHE to
# find the user's Hugging Face cache (another app's models, read-only); it sends and writes nothing.
_NOT_ENTRY_POINTS = {"engine/hub/hf_setup.py"}


def _imports_huggingface_hub(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == "huggingface_hub" for alias in node.names)
    return isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "huggingface_hub"


def _calls_prepare(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "prepare_huggingface_hub"
    )


@pytest.mark.e2e
def test_every_function_that_imports_huggingface_hub_sets_it_up_first() -> None:
    unprepared: list[str] = []
    checked = 0
    for path in sorted((ROOT / "engine").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        if name in _NOT_ENTRY_POINTS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for statement in tree.body:  # a module-level import would run before any set-up could
            if _imports_huggingface_hub(statement):
                unprepared.append(f"{name}:{statement.lineno} (module level)")
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            prepared = False
            for statement in function.body:
                prepared = prepared or _calls_prepare(statement)
                if any(_imports_huggingface_hub(n) for n in ast.walk(statement)):
                    checked += 1
                    if not prepared:
                        unprepared.append(f"{name}:{statement.lineno} in {function.name}()")
    assert checked >= 10  # search, file lists, headers, downloads, error wording
    assert unprepared == []
