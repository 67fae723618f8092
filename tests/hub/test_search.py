"""Hub search, file lists, remote header reads and `hearth models search|files`, with the real
huggingface_hub client against the fake Hub."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from huggingface_hub import constants

from engine.cli.main import main
from engine.errors import message
from engine.hub.errors import HubError
from engine.hub.quant import EXPLANATION, quant_hint, quant_label
from engine.hub.remote_header import FIRST_READ, clear_cache, fetch_remote_shape
from engine.hub.search import list_model_files, search_models
from engine.models.gguf_header import read_header
from engine.models.shape import ModelShape
from tests.hub.fake_hub import FakeHub, file_sha256, write_tiny_gguf

GATED = message("hub.gated")
OFFLINE = message("hub.offline")

REPO = "acme/Tiny-7B-Instruct-GGUF"


@pytest.fixture(autouse=True)
def fresh_header_cache() -> None:
    clear_cache()  # every test starts a new server: nothing read from an earlier one counts


@pytest.fixture
def tiny_repo(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> str:
    fake_hub.add_repo(REPO, tiny_ggufs, downloads=1200, likes=7)
    return REPO


def test_search_finds_gguf_repos_most_downloaded_first(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> None:
    gguf = {"m-Q4_K_M.gguf": tiny_ggufs["Tiny-7B-Instruct-Q4_K_M.gguf"]}
    fake_hub.add_repo("a/qwen-small-GGUF", gguf, downloads=10, likes=1)
    fake_hub.add_repo("b/Qwen-large-GGUF", gguf, downloads=900, likes=40, gated=True)
    fake_hub.add_repo("c/qwen-safetensors", {"README.md": tiny_ggufs["README.md"]}, downloads=5000)
    fake_hub.add_repo("d/llama-GGUF", gguf, downloads=10_000)
    found = search_models("qwen")
    assert [r.repo_id for r in found] == ["b/Qwen-large-GGUF", "a/qwen-small-GGUF"]
    assert (found[0].downloads, found[0].likes, found[0].gated) == (900, 40, True)
    assert found[1].gated is False
    assert found[0].last_modified is not None
    assert "gguf" in found[0].tags
    assert [r.repo_id for r in search_models("qwen", limit=1)] == ["b/Qwen-large-GGUF"]
    listing = next(r for r in fake_hub.requests if r.path == "/api/models" and r.method == "GET")
    assert listing.query["filter"] == ["gguf"]
    assert listing.query["sort"] == ["downloads"]
    with pytest.raises(HubError, match="at least 1"):
        search_models("qwen", limit=0)


def test_files_grouped_by_quantization_with_sizes_and_hashes(
    fake_hub: FakeHub, tiny_repo: str, tiny_ggufs: dict[str, Path]
) -> None:
    files = list_model_files(tiny_repo)
    assert files.commit == fake_hub.repo(tiny_repo).sha  # type: ignore[union-attr]
    assert [g.quant for g in files.groups] == ["F16", "BF16", "Q8_0", "Q5_K_M", "Q4_K_M", "IQ4_XS"]
    assert all(g.hint for g in files.groups)
    q4 = files.find("Tiny-7B-Instruct-Q4_K_M.gguf")
    assert q4 is not None
    source = tiny_ggufs["Tiny-7B-Instruct-Q4_K_M.gguf"]
    assert q4.size == source.stat().st_size
    assert q4.parts[0].sha256 == file_sha256(source)
    assert (q4.quant, q4.is_split, q4.is_mmproj) == ("Q4_K_M", False, False)
    # The split BF16 model is one model whose parts come in order and whose size is their sum.
    [bf16] = next(g for g in files.groups if g.quant == "BF16").files
    assert bf16.is_split
    assert bf16.name == "Tiny-7B-Instruct-BF16"
    assert bf16.paths == ("Tiny-7B-Instruct-BF16-00001-of-00002.gguf", "Tiny-7B-Instruct-BF16-00002-of-00002.gguf")
    assert bf16.size == sum(tiny_ggufs[p].stat().st_size for p in bf16.paths)
    assert [p.sha256 for p in bf16.parts] == [file_sha256(tiny_ggufs[p]) for p in bf16.paths]
    # The vision projector is listed apart, not as a chat model; the README is not a model at all.
    assert [m.name for m in files.projectors] == ["mmproj-Tiny-7B-f16.gguf"]
    assert files.projectors[0].is_mmproj
    assert all(not m.is_mmproj for m in files.models)
    assert len(files.models) == 6
    assert files.find("README.md") is None


def test_an_incomplete_split_is_left_out(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> None:
    first = "Tiny-7B-Instruct-BF16-00001-of-00002.gguf"
    fake_hub.add_repo("acme/broken", {first: tiny_ggufs[first], "ok-Q8_0.gguf": tiny_ggufs["README.md"]})
    assert [m.name for m in list_model_files("acme/broken").models] == ["ok-Q8_0.gguf"]


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("Llama-3.2-1B-Instruct-Q4_K_M.gguf", "Q4_K_M"),
        ("gemma-3-270m-it-qat-Q4_0.gguf", "Q4_0"),
        ("Qwen2.5-0.5B-Instruct-IQ4_XS.gguf", "IQ4_XS"),
        ("model.IQ2_XXS.gguf", "IQ2_XXS"),
        ("phi-4-q8_0.gguf", "Q8_0"),
        ("SmolLM2-135M-Instruct.Q4_1.gguf", "Q4_1"),
        ("Meta-Llama-3-8B-Instruct-fp16.gguf", "F16"),
        ("model-bf16-00001-of-00003.gguf", "BF16"),
        ("Q5_K_M/Big-Model-Q5_K_M-00001-of-00002.gguf", "Q5_K_M"),
        ("UD-Q4_K_XL/model-UD-Q4_K_XL.gguf", "Q4_K_XL"),
        ("gpt-oss-20b-MXFP4.gguf", "MXFP4"),
        ("Q8_0/model.gguf", "Q8_0"),
        ("model.gguf", None),
        ("Qwen3-4B-Q3_K_L.gguf", "Q3_K_L"),
    ],
)
def test_quant_label_from_file_names(name: str, label: str | None) -> None:
    assert quant_label(name) == label


def test_quantization_in_plain_words() -> None:
    assert "smaller files need less memory and run faster, at a small cost in quality" in EXPLANATION
    assert quant_hint("Q4_K_M") == "a good balance of size and quality"
    assert quant_hint("Q2_K") != quant_hint("Q8_0")
    assert quant_hint(None)


def test_gated_repo_lists_files_but_refuses_contents(fake_hub: FakeHub, tiny_ggufs: dict[str, Path]) -> None:
    name = "Tiny-7B-Instruct-Q8_0.gguf"
    fake_hub.add_repo("acme/gated-GGUF", {name: tiny_ggufs[name]}, gated=True)
    files = list_model_files("acme/gated-GGUF")  # like the Hub: the list is public
    assert files.gated
    with pytest.raises(HubError) as anonymous:
        fetch_remote_shape("acme/gated-GGUF", name, revision=files.commit)
    assert str(anonymous.value) == GATED
    assert anonymous.value.kind == "gated"
    assert anonymous.value.status == 401
    assert fake_hub.requests[-1].status == 401
    fake_hub.valid_tokens.add("hf_no_access")
    with pytest.raises(HubError) as no_access:
        fetch_remote_shape("acme/gated-GGUF", name, revision=files.commit, token="hf_no_access")
    assert (str(no_access.value), no_access.value.status) == (GATED, 403)
    fake_hub.grant("acme/gated-GGUF", "hf_yes")
    assert fetch_remote_shape("acme/gated-GGUF", name, revision=files.commit, token="hf_yes").n_layer == 2
    assert fake_hub.requests[-1].authorized


def test_a_wrong_token_and_a_missing_repo_or_file(fake_hub: FakeHub, tiny_repo: str) -> None:
    with pytest.raises(
        HubError,
        match=r"^The Hugging Face Hub refused your access token: check it under Models › Discover › Access token…\.$",
    ):
        search_models("tiny", token="hf_wrong")
    with pytest.raises(HubError, match=r"^No model named acme/nope on the Hugging Face Hub") as missing:
        list_model_files("acme/nope")
    assert missing.value.kind == "not_found"
    with pytest.raises(
        HubError, match=r"^acme/Tiny-7B-Instruct-GGUF has no file nope\.gguf on the Hugging Face Hub\.$"
    ):
        fetch_remote_shape(tiny_repo, "nope.gguf", revision="main")
    with pytest.raises(HubError, match="has no revision v9"):
        list_model_files(tiny_repo, revision="v9")
    with pytest.raises(HubError, match="is not a Hugging Face model name"):
        list_model_files("not a repo/with/slashes")


def test_server_errors(fake_hub: FakeHub, tiny_repo: str) -> None:
    fake_hub.fail_status = 500
    with pytest.raises(HubError, match=r"^The Hugging Face Hub had a server error \(500\): try again later\.$") as err:
        list_model_files(tiny_repo)
    assert err.value.kind == "server"


def test_unreachable_hub(fake_hub: FakeHub, tiny_repo: str) -> None:
    fake_hub.stop()
    sentence = rf"^Could not reach the Hugging Face Hub at 127\.0\.0\.1:{fake_hub.port}: check your connection\.$"
    with pytest.raises(HubError, match=sentence) as searching:
        search_models("tiny")
    assert searching.value.kind == "unreachable"
    with pytest.raises(HubError, match=sentence):
        list_model_files(tiny_repo)
    with pytest.raises(HubError, match=sentence):
        fetch_remote_shape(tiny_repo, "Tiny-7B-Instruct-Q8_0.gguf", revision="main")


def test_offline_mode_sends_nothing(fake_hub: FakeHub, tiny_repo: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)  # what huggingface_hub read from it at import
    for action in (
        lambda: search_models("tiny"),
        lambda: list_model_files(tiny_repo),
        lambda: fetch_remote_shape(tiny_repo, "Tiny-7B-Instruct-Q8_0.gguf", revision="main"),
    ):
        with pytest.raises(HubError, match=f"^{OFFLINE}$"):
            action()
    assert fake_hub.requests == []


def test_remote_header_reads_only_a_prefix(fake_hub: FakeHub, starter_model: Path) -> None:
    fake_hub.add_repo("HuggingFaceTB/SmolLM2-135M-Instruct-GGUF", {"smollm2-135m-q4_1.gguf": starter_model})
    fake_hub.clear_requests()
    shape = fetch_remote_shape("HuggingFaceTB/SmolLM2-135M-Instruct-GGUF", "smollm2-135m-q4_1.gguf", revision="main")
    header = read_header(starter_model)
    assert shape == ModelShape.from_metadata(header.metadata, n_params=header.parameter_count)
    assert [(r.method, r.range, r.status) for r in fake_hub.requests] == [("GET", f"bytes=0-{FIRST_READ - 1}", 206)]
    assert starter_model.stat().st_size / 40 > FIRST_READ
    # Remembered: a second look costs no request.
    fetch_remote_shape("HuggingFaceTB/SmolLM2-135M-Instruct-GGUF", "smollm2-135m-q4_1.gguf", revision="main")
    assert len(fake_hub.requests) == 1


@pytest.mark.e2e
def test_a_large_header_is_read_in_growing_ranges(fake_hub: FakeHub, tmp_path: Path) -> None:
    # 150k vocabulary entries make a header of about 2.6 MB; a 4 MiB tensor follows it.
    path = write_tiny_gguf(tmp_path / "big-vocab-Q8_0.gguf", extra_tokens=150_000, tensors={"w.weight": (1024, 1024)})
    assert FIRST_READ < read_header(path).header_end < 2 * FIRST_READ
    fake_hub.add_repo("acme/big-vocab", {"big-vocab-Q8_0.gguf": path})
    fake_hub.clear_requests()
    shape = fetch_remote_shape("acme/big-vocab", "big-vocab-Q8_0.gguf", revision="main")
    assert shape.n_vocab == 150_032
    assert [r.range for r in fake_hub.requests] == [
        f"bytes=0-{FIRST_READ - 1}",
        f"bytes={FIRST_READ}-{2 * FIRST_READ - 1}",
    ]
    assert path.stat().st_size > 2 * FIRST_READ


def test_a_file_that_is_not_gguf(fake_hub: FakeHub, tiny_repo: str) -> None:
    with pytest.raises(HubError, match=r"^README\.md on the Hub is not a GGUF model file"):
        fetch_remote_shape(tiny_repo, "README.md", revision="main")


# ---- the command line ----


def test_cli_search(fake_hub: FakeHub, tiny_repo: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "search", "tiny", "--json"]) == 0
    out = capsys.readouterr()
    [repo] = json.loads(out.out)
    assert (repo["repo_id"], repo["downloads"], repo["likes"], repo["gated"]) == (REPO, 1200, 7, False)
    assert "Searching" in out.err
    assert main(["models", "search", "tiny"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["MODEL", "DOWNLOADS", "LIKES", "UPDATED"]
    assert lines[1].split()[:3] == [REPO, "1,200", "7"]


@pytest.mark.e2e
def test_cli_files_with_fit(fake_hub: FakeHub, tiny_repo: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "files", tiny_repo, "--ctx", "2048", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["commit"] == fake_hub.repo(tiny_repo).sha  # type: ignore[union-attr]
    assert out["n_ctx"] == 2048
    assert out["explanation"] == EXPLANATION
    q4 = next(f for g in out["groups"] if g["quant"] == "Q4_K_M" for f in g["files"])
    assert q4["parts"][0]["sha256"] == fake_hub.repo(tiny_repo).files[q4["name"]].sha256  # type: ignore[union-attr]
    assert q4["fit"]["label"] == "fits"  # a tiny model on any machine that runs the tests
    assert q4["fit"]["n_ctx"] == 2048
    assert out["projectors"][0]["name"] == "mmproj-Tiny-7B-f16.gguf"
    # One header read per model, the split's first part only, none for the projector.
    reads = {r.path.rsplit("/", 1)[-1] for r in fake_hub.requests if "/resolve/" in r.path}
    assert len(reads) == 6
    assert "Tiny-7B-Instruct-BF16-00001-of-00002.gguf" in reads
    assert "Tiny-7B-Instruct-BF16-00002-of-00002.gguf" not in reads
    assert main(["models", "files", tiny_repo]) == 0
    text = capsys.readouterr().out
    assert EXPLANATION in text
    assert "Q4_K_M: a good balance of size and quality" in text
    assert "Tiny-7B-Instruct-BF16 (2 parts)" in text
    assert "Fits: needs about" in text


def test_cli_files_of_a_gated_repo_notes_the_token(
    fake_hub: FakeHub, tiny_ggufs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    name = "Tiny-7B-Instruct-Q8_0.gguf"
    fake_hub.add_repo("acme/gated-GGUF", {name: tiny_ggufs[name]}, gated=True)
    assert main(["models", "files", "acme/gated-GGUF"]) == 0
    out = capsys.readouterr()
    assert name in out.out
    assert f"Note: no fit estimate: {GATED}" in out.err


def test_cli_errors_are_one_line(fake_hub: FakeHub, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "files", "acme/nope"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("hearth: No model named acme/nope on the Hugging Face Hub")
    fake_hub.stop()
    assert main(["models", "search", "tiny", "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().splitlines()[-1] == (
        f"hearth: Could not reach the Hugging Face Hub at 127.0.0.1:{fake_hub.port}: check your connection."
    )
