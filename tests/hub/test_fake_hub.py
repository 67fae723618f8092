"""The fake Hub speaks the protocol the real huggingface_hub client expects."""

from __future__ import annotations

import hashlib
from pathlib import Path

import httpx2
import pytest
from huggingface_hub import HfApi, get_hf_file_metadata, hf_hub_download, hf_hub_url
from huggingface_hub.errors import GatedRepoError, HfHubHTTPError, RemoteEntryNotFoundError, RepositoryNotFoundError
from huggingface_hub.utils import build_hf_headers, get_session

from tests.hub.fake_hub import FakeHub, file_sha256


@pytest.fixture
def tiny_repo(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> str:
    fake_hub.add_repo("acme/Tiny-7B-Instruct-GGUF", tiny_ggufs, downloads=50, likes=3)
    return "acme/Tiny-7B-Instruct-GGUF"


def test_list_models_searches_filters_and_sorts(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> None:
    gguf = {"m-Q4_K_M.gguf": tiny_ggufs["Tiny-7B-Instruct-Q4_K_M.gguf"]}
    fake_hub.add_repo("a/tiny-less", gguf, downloads=5)
    fake_hub.add_repo("b/TINY-more", gguf, downloads=500)
    fake_hub.add_repo("c/tiny-safetensors", {"README.md": tiny_ggufs["README.md"]}, downloads=9000)
    fake_hub.add_repo("d/other", gguf, downloads=10_000)
    models = list(HfApi().list_models(search="tiny", filter="gguf", sort="downloads", limit=10))
    assert [m.id for m in models] == ["b/TINY-more", "a/tiny-less"]
    assert models[0].downloads == 500
    assert all("gguf" in (m.tags or []) for m in models)


def test_model_info_and_tree(fake_hub: FakeHub, tiny_repo: str, tiny_ggufs: dict[str, Path]) -> None:
    api = HfApi()
    info = api.model_info(tiny_repo, files_metadata=True)
    assert info.sha is not None
    assert len(info.sha) == 40
    assert {s.rfilename for s in info.siblings or []} == set(tiny_ggufs)
    assert info.gguf is not None
    assert info.gguf["architecture"] == "llama"
    assert api.model_info(tiny_repo, revision=info.sha).sha == info.sha
    entries = {e.path: e for e in api.list_repo_tree(tiny_repo, recursive=True, expand=True)}
    q4 = entries["Tiny-7B-Instruct-Q4_K_M.gguf"]
    source = tiny_ggufs["Tiny-7B-Instruct-Q4_K_M.gguf"]
    assert q4.size == source.stat().st_size
    assert q4.lfs is not None
    assert q4.lfs.sha256 == hashlib.sha256(source.read_bytes()).hexdigest()
    assert entries["README.md"].lfs is None


def test_hf_hub_download_gets_the_same_bytes(fake_hub: FakeHub, tiny_repo: str, tmp_path: Path) -> None:
    path = hf_hub_download(tiny_repo, "Tiny-7B-Instruct-Q8_0.gguf", cache_dir=tmp_path / "cache")
    assert file_sha256(Path(path)) == file_sha256(fake_hub.repo(tiny_repo).files["Tiny-7B-Instruct-Q8_0.gguf"].source)
    assert [r.method for r in fake_hub.requests if "resolve" in r.path] == ["HEAD", "GET"]


def test_head_and_range(fake_hub: FakeHub, tiny_repo: str) -> None:
    f = fake_hub.repo(tiny_repo).files["Tiny-7B-Instruct-Q4_K_M.gguf"]
    url = hf_hub_url(tiny_repo, f.path)
    meta = get_hf_file_metadata(url)
    assert (meta.etag, meta.size, meta.commit_hash) == (f.sha256, f.size, fake_hub.repo(tiny_repo).sha)
    response = get_session().get(url, headers={**build_hf_headers(), "Range": "bytes=100-"})
    assert response.status_code == 206
    assert response.headers["Content-Range"] == f"bytes 100-{f.size - 1}/{f.size}"
    assert response.content == f.source.read_bytes()[100:]
    response = get_session().get(url, headers={"Range": "bytes=0-3"})
    assert (response.status_code, response.content) == (206, b"GGUF")
    assert get_session().get(url, headers={"Range": f"bytes={f.size}-"}).status_code == 416
    assert fake_hub.requests[-1].range == f"bytes={f.size}-"


def test_errors_carry_the_hubs_codes(fake_hub: FakeHub, tiny_repo: str, tiny_ggufs: dict[str, Path]) -> None:
    with pytest.raises(RepositoryNotFoundError):
        HfApi().model_info("acme/nope")
    with pytest.raises(RemoteEntryNotFoundError):
        get_hf_file_metadata(hf_hub_url(tiny_repo, "nope.gguf"))
    fake_hub.add_repo("acme/gated", {"m.gguf": tiny_ggufs["Tiny-7B-Instruct-Q8_0.gguf"]}, gated=True)
    url = hf_hub_url("acme/gated", "m.gguf")
    with pytest.raises(GatedRepoError) as anonymous:
        get_hf_file_metadata(url)
    assert anonymous.value.response.status_code == 401
    fake_hub.valid_tokens.add("hf_no_access")
    with pytest.raises(GatedRepoError) as no_access:
        get_hf_file_metadata(url, token="hf_no_access")
    assert no_access.value.response.status_code == 403
    with pytest.raises(HfHubHTTPError, match="Invalid credentials"):
        HfApi().model_info(tiny_repo, token="hf_wrong")
    fake_hub.grant("acme/gated", "hf_ok")
    assert get_hf_file_metadata(url, token="hf_ok").size == tiny_ggufs["Tiny-7B-Instruct-Q8_0.gguf"].stat().st_size
    assert fake_hub.requests[-1].authorized


def test_wrong_advertised_hash(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> None:
    fake_hub.add_repo(
        "acme/liar", {"m.gguf": tiny_ggufs["Tiny-7B-Instruct-Q8_0.gguf"]}, advertised_sha256={"m.gguf": "0" * 64}
    )
    [entry] = HfApi().list_repo_tree("acme/liar")
    assert entry.lfs.sha256 == "0" * 64
    assert get_hf_file_metadata(hf_hub_url("acme/liar", "m.gguf")).etag == "0" * 64


def test_drop_after_bytes_and_restart_on_the_same_port(fake_hub: FakeHub, tiny_repo: str) -> None:
    url = hf_hub_url(tiny_repo, "Tiny-7B-Instruct-F16.gguf")
    fake_hub.drop_after_bytes = 1000
    with pytest.raises(httpx2.RemoteProtocolError), get_session().stream("GET", url) as response:
        received = b"".join(response.iter_bytes())
    fake_hub.drop_after_bytes = None
    port = fake_hub.port
    fake_hub.stop()
    with pytest.raises(httpx2.ConnectError):
        get_session().get(url)
    fake_hub.start()
    assert fake_hub.port == port
    received = get_session().get(url).content
    assert received == fake_hub.repo(tiny_repo).files["Tiny-7B-Instruct-F16.gguf"].source.read_bytes()


def test_stop_ends_a_throttled_download_in_flight(fake_hub: FakeHub, tiny_repo: str) -> None:
    import threading

    fake_hub.throttle_bytes_per_s = 2000  # the 9.5 kB file would take seconds
    url = hf_hub_url(tiny_repo, "Tiny-7B-Instruct-F16.gguf")
    errors: list[BaseException] = []
    started = threading.Event()

    def fetch() -> None:
        try:
            with get_session().stream("GET", url) as response:
                for _ in response.iter_bytes():
                    started.set()
        except httpx2.HTTPError as exc:
            errors.append(exc)

    reader = threading.Thread(target=fetch)
    reader.start()
    assert started.wait(10)
    fake_hub.stop()
    reader.join(10)
    assert not reader.is_alive()
    assert isinstance(errors[0], httpx2.RemoteProtocolError)
