"""The model library over real files laid out as Hearth, the Hugging Face cache, LM Studio and GPT4All
lay them out (under a tmp home: the real home directory is never read)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from engine.models.external import external_sources
from engine.models.gguf_info import MetadataCache
from engine.models.library import Library, LibraryEntry, LibraryError
from engine.paths import models_dir
from tests.engine.test_gguf_info import write_tiny_gguf


@pytest.fixture(autouse=True)
def other_apps_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HEARTH_EXTERNAL_HOME", str(home))
    return home


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _source_root(home: Path, name: str, index: int = 0) -> Path:
    return [s.root for s in external_sources(home) if s.name == name][index]


def add_to_hf_cache(home: Path, repo_id: str, revision: str, model: Path, path_in_repo: str | None = None) -> Path:
    """Lay `model` out as huggingface_hub does: the snapshot file links to blobs/<sha256>."""
    repo = _source_root(home, "huggingface") / f"models--{repo_id.replace('/', '--')}"
    blob = repo / "blobs" / _sha256(model)
    blob.parent.mkdir(parents=True, exist_ok=True)
    if not blob.exists():
        shutil.copyfile(model, blob)
    link = repo / "snapshots" / revision / (path_in_repo or model.name)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(Path("../" * (len(link.relative_to(repo).parts) - 1)) / "blobs" / blob.name)
    (repo / "refs").mkdir(exist_ok=True)
    (repo / "refs" / "main").write_text(revision)
    return link


def add_download(model: Path, repo_id: str, path_in_repo: str) -> Path:
    """A finished download as the downloader leaves it: the file plus its .source.json."""
    target = Library().download_destination(repo_id, path_in_repo)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(model, target)
    record = {
        "repo_id": repo_id,
        "revision": "abc123",
        "path": path_in_repo,
        "sha256": _sha256(target),
        "size": target.stat().st_size,
        "downloaded_at": "2025-01-01T00:00:00+00:00",
    }
    target.with_name(target.name + ".source.json").write_text(json.dumps(record))
    return target


def _by_name(entries: list[LibraryEntry]) -> dict[str, LibraryEntry]:
    return {e.name: e for e in entries}


def test_external_locations_per_platform(tmp_path: Path) -> None:
    home = tmp_path / "h"
    linux = {(s.name, s.root) for s in external_sources(home, "Linux")}
    assert linux == {
        ("huggingface", home / ".cache/huggingface/hub"),
        ("lmstudio", home / ".lmstudio/models"),
        ("lmstudio", home / ".cache/lm-studio/models"),
        ("gpt4all", home / ".local/share/nomic.ai/GPT4All"),
    }
    mac = {s.root for s in external_sources(home, "Darwin") if s.name == "gpt4all"}
    assert mac == {home / "Library/Application Support/nomic.ai/GPT4All"}
    windows = {s.root for s in external_sources(home, "Windows") if s.name == "gpt4all"}
    assert windows == {home / "AppData/Local/nomic.ai/GPT4All"}


def test_the_env_override_moves_every_location(other_apps_home: Path) -> None:
    assert all(s.root.is_relative_to(other_apps_home) for s in external_sources())


def test_starter_model_alone_is_listed_first(starter_model: Path) -> None:
    entries = Library().entries()
    assert len(entries) == 1
    (starter,) = entries
    assert starter.source == "starter"
    assert starter.path == starter_model
    assert starter.name == "SmolLM2-135M-Instruct.Q4_1"
    assert not starter.owned
    assert starter.sha256 == _sha256(starter_model)
    assert starter.metadata.quantization == "Q4_1"


def test_every_source_is_found(tmp_path: Path, other_apps_home: Path) -> None:
    files = {n: write_tiny_gguf(tmp_path / f"{n}.gguf", seed=i)[0] for i, n in enumerate("abcdefg")}
    ours = add_download(files["a"], "org/model-GGUF", "a.gguf")
    hf = add_to_hf_cache(other_apps_home, "TheOrg/Repo-GGUF", "0123abcd", files["b"], "sub/b.gguf")
    lms_root = _source_root(other_apps_home, "lmstudio")
    (lms_root / "pub" / "repo").mkdir(parents=True)
    shutil.copy(files["c"], lms_root / "pub" / "repo" / "c.gguf")
    old_lms = _source_root(other_apps_home, "lmstudio", 1)
    old_lms.mkdir(parents=True)
    shutil.copy(files["d"], old_lms / "d.gguf")
    gpt4all = _source_root(other_apps_home, "gpt4all")
    gpt4all.mkdir(parents=True)
    shutil.copy(files["e"], gpt4all / "e.gguf")
    mine = tmp_path / "my models"
    (mine / "deeper").mkdir(parents=True)
    shutil.copy(files["f"], mine / "deeper" / "f.gguf")
    (mine / "readme.txt").write_text("not a model")
    library = Library()
    library.add_folder(mine)

    entries = library.entries()
    assert [e.source for e in entries] == [
        "starter",
        "hearth",
        "huggingface",
        "lmstudio",
        "lmstudio",
        "gpt4all",
        "folder",
    ]
    named = _by_name(entries)
    assert named["a"].path == ours
    assert named["a"].owned
    assert (named["a"].repo_id, named["a"].revision, named["a"].sha256) == ("org/model-GGUF", "abc123", _sha256(ours))
    assert named["b"].path == hf
    assert (named["b"].repo_id, named["b"].revision, named["b"].path_in_repo) == (
        "TheOrg/Repo-GGUF",
        "0123abcd",
        "sub/b.gguf",
    )
    assert named["b"].sha256 == _sha256(files["b"])  # from the blob's name, not by reading
    assert named["c"].repo_id == "pub/repo"
    assert named["d"].source == "lmstudio"
    assert named["e"].source == "gpt4all"
    assert named["f"].source == "folder"
    assert [e.name for e in entries if e.owned] == ["a"]
    assert all(e.metadata.architecture == "llama" for e in entries)


def test_the_same_file_twice_is_listed_once(tmp_path: Path, other_apps_home: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "one.gguf")
    add_to_hf_cache(other_apps_home, "org/one", "rev1", model)
    add_to_hf_cache(other_apps_home, "org/one", "rev2", model)  # two revisions, one blob
    folder = tmp_path / "links"
    folder.mkdir()
    (folder / "alias.gguf").symlink_to(model)
    (folder / "again.gguf").symlink_to(model)
    library = Library()
    library.add_folder(folder)
    library.add_folder(folder)  # adding twice keeps one
    names = [e.name for e in library.entries()]
    assert names == ["SmolLM2-135M-Instruct.Q4_1", "one", "again"]


def test_identical_copies_are_listed_once_with_their_other_places(tmp_path: Path, other_apps_home: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "twin.gguf")
    ours = add_download(model, "org/twin-GGUF", "twin.gguf")
    hf = add_to_hf_cache(other_apps_home, "org/twin-GGUF", "rev", model)  # same sha256
    lms = _source_root(other_apps_home, "lmstudio") / "org" / "twin-GGUF" / "twin.gguf"
    lms.parent.mkdir(parents=True)
    shutil.copy(model, lms)  # same repo, name and size
    entries = Library().entries()
    assert [e.name for e in entries] == ["SmolLM2-135M-Instruct.Q4_1", "twin"]
    assert entries[1].path == ours
    assert set(entries[1].also_at) == {hf, lms}


def test_different_files_with_one_name_get_distinct_names(tmp_path: Path, other_apps_home: Path) -> None:
    (first,) = write_tiny_gguf(tmp_path / "x" / "model.gguf", seed=1)
    (second,) = write_tiny_gguf(tmp_path / "y" / "model.gguf", seed=2)
    add_to_hf_cache(other_apps_home, "org/model-GGUF", "rev", first)
    gpt4all = _source_root(other_apps_home, "gpt4all")
    gpt4all.mkdir(parents=True)
    shutil.copy(second, gpt4all / "model.gguf")
    names = [e.name for e in Library().entries()][1:]
    assert names == ["model", "model (gpt4all)"]


def test_a_broken_file_is_listed_with_its_sentence(tmp_path: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "notes.gguf").write_text("hello")
    library = Library()
    library.add_folder(folder)
    broken = library.find("notes")
    assert broken.metadata.error == "notes.gguf is not a GGUF model file (it looks like a text file)."
    assert broken.to_json()["error"] == "notes.gguf is not a GGUF model file (it looks like a text file)."


def test_a_second_listing_reads_no_file(tmp_path: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    for i in range(5):
        write_tiny_gguf(folder / f"m{i}.gguf", seed=i)
    Library().add_folder(folder)
    first = MetadataCache()
    assert all(e.metadata.error is None for e in Library(metadata_cache=first).entries())
    assert first.reads == 6  # the starter model and five
    second = MetadataCache()
    assert all(e.metadata.error is None for e in Library(metadata_cache=second).entries())
    assert second.reads == 0


def test_a_split_model_is_one_entry(tmp_path: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    parts = write_tiny_gguf(folder / "big.gguf", tensors=3, split_max_tensors=1)
    library = Library()
    library.add_folder(folder)
    entry = library.find("big")
    assert entry.path == parts[0]
    assert entry.parts == tuple(parts)
    assert entry.size_bytes == sum(p.stat().st_size for p in parts)
    assert entry.metadata.split_count == 3
    assert [e.name for e in library.entries()] == ["SmolLM2-135M-Instruct.Q4_1", "big"]


def test_import_copies_atomically_and_records_the_hash(tmp_path: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "mine.gguf", tensors=20)
    library = Library()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        # While it copies, the library shows nothing half-written.
        assert [e.name for e in library.entries()] == ["SmolLM2-135M-Instruct.Q4_1"]

    entry = library.import_file(model, progress)
    assert entry.owned
    assert entry.source == "hearth"
    assert entry.path.is_relative_to(models_dir())
    assert entry.path.read_bytes() == model.read_bytes()
    assert entry.sha256 == _sha256(model)
    record = json.loads(entry.path.with_name("mine.gguf.source.json").read_text())
    assert record["sha256"] == _sha256(model)
    assert record["imported_from"] == str(model)
    assert seen[-1] == (model.stat().st_size, model.stat().st_size)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert sorted(p.name for p in entry.path.parent.iterdir()) == ["mine.gguf", "mine.gguf.source.json"]
    assert model.exists()  # the original stays


def test_a_failed_copy_leaves_nothing(tmp_path: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "mine.gguf", tensors=20)
    library = Library()

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        library.import_file(model, interrupt)
    assert [p for p in models_dir().rglob("*") if p.is_file()] == []
    assert [e.name for e in library.entries()] == ["SmolLM2-135M-Instruct.Q4_1"]


def test_import_dedups_by_sha256(tmp_path: Path, other_apps_home: Path, starter_model: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "mine.gguf")
    library = Library()
    first = library.import_file(model)
    copy = tmp_path / "elsewhere" / "renamed.gguf"
    copy.parent.mkdir()
    shutil.copy(model, copy)
    assert library.import_file(copy) == first
    assert library.import_file(first.path) == first
    files = sorted(p.name for p in models_dir().rglob("*") if p.is_file())
    assert files == ["mine.gguf", "mine.gguf.source.json"]
    # A file in the Hugging Face cache is already on this machine: nothing is copied.
    (other,) = write_tiny_gguf(tmp_path / "other.gguf", seed=9)
    hf = add_to_hf_cache(other_apps_home, "org/other", "rev", other)
    assert library.import_file(other).path == hf
    # So is the starter model (its hash is known).
    assert library.import_file(starter_model).source == "starter"


def test_import_of_another_model_with_a_taken_name(tmp_path: Path) -> None:
    (a,) = write_tiny_gguf(tmp_path / "a" / "model.gguf", seed=1)
    (b,) = write_tiny_gguf(tmp_path / "b" / "model.gguf", seed=2)
    library = Library()
    first = library.import_file(a)
    second = library.import_file(b)
    assert first.path != second.path
    assert second.path.parent.name == _sha256(b)[:12]
    assert {first.name, second.name} == {"model", "model (hearth)"}


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"just some text", "notes.gguf is not a GGUF model file (it looks like a text file)."),
        (b"GGUF\x03\x00\x00\x00\x01", "This file is incomplete: it ends inside its header, at 9 bytes."),
    ],
)
def test_import_refuses_a_bad_file(tmp_path: Path, content: bytes, sentence: str) -> None:
    bad = tmp_path / "notes.gguf"
    bad.write_bytes(content)
    with pytest.raises(LibraryError) as info:
        Library().import_file(bad)
    assert str(info.value) == sentence
    assert list(models_dir().rglob("*")) == []


def test_import_refuses_a_truncated_file(tmp_path: Path) -> None:
    (whole,) = write_tiny_gguf(tmp_path / "whole.gguf", tensors=40)
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(whole.read_bytes()[:-5000])
    with pytest.raises(LibraryError, match=r"^This file is incomplete: it ends at"):
        Library().import_file(cut)


def test_import_checks_free_space_first(tmp_path: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "mine.gguf")
    free = shutil.disk_usage(models_dir()).free
    with pytest.raises(LibraryError, match=r"^Not enough free disk space for importing mine\.gguf: it needs"):
        Library(keep_free_bytes=free).import_file(model)
    assert list(models_dir().rglob("*")) == []


def test_remove_deletes_only_our_own_files(tmp_path: Path, other_apps_home: Path) -> None:
    (a,) = write_tiny_gguf(tmp_path / "a.gguf", seed=1)
    (b,) = write_tiny_gguf(tmp_path / "b.gguf", seed=2)
    ours = add_download(a, "org/a-GGUF", "a.gguf")
    hf = add_to_hf_cache(other_apps_home, "org/b-GGUF", "rev", b)
    library = Library()

    message = library.remove("a")
    assert message == f"Deleted a ({library_size(a)}) from Hearth's models folder."
    assert not ours.exists()
    assert not ours.with_name("a.gguf.source.json").exists()
    assert not ours.parent.exists()  # the emptied org__a-GGUF folder is tidied
    assert models_dir().is_dir()

    message = library.remove("b")
    assert message == f"Removed b from the list; the file stays in the Hugging Face cache: {hf}."
    assert hf.exists()
    assert hf.resolve().exists()
    assert [e.name for e in Library().entries()] == ["SmolLM2-135M-Instruct.Q4_1"]
    hidden = [e for e in Library().entries(include_hidden=True) if e.hidden]
    assert [e.path for e in hidden] == [hf]


def library_size(path: Path) -> str:
    from engine.models.gguf_info import human_size

    return human_size(path.stat().st_size)


def test_remove_hides_a_user_folder_file(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (model,) = write_tiny_gguf(folder / "keepme.gguf")
    library = Library()
    library.add_folder(folder)
    assert library.remove("keepme") == f"Removed keepme from the list; the file stays in your folder: {model}."
    assert model.exists()
    assert "keepme" not in [e.name for e in library.entries()]


def test_remove_a_split_model_deletes_every_part(tmp_path: Path) -> None:
    parts = write_tiny_gguf(tmp_path / "big.gguf", tensors=3, split_max_tensors=1)
    library = Library()
    entry = library.import_file(parts[0])
    assert len(entry.parts) == 3
    assert all(p.is_relative_to(models_dir()) for p in entry.parts)
    library.remove(entry)
    assert [p for p in models_dir().rglob("*") if p.is_file()] == []


def test_the_starter_model_cannot_be_removed(starter_model: Path) -> None:
    with pytest.raises(LibraryError, match="is the starter model that comes with Hearth; it cannot be removed"):
        Library().remove("SmolLM2-135M-Instruct.Q4_1")
    assert starter_model.exists()


def test_find_by_name_prefix_and_path(tmp_path: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    (alpha,) = write_tiny_gguf(folder / "Alpha-7B.Q4_K_M.gguf", seed=1)
    write_tiny_gguf(folder / "Alpha-7B.Q8_0.gguf", seed=2)
    write_tiny_gguf(folder / "beta.gguf", seed=3)
    library = Library()
    library.add_folder(folder)
    assert library.find("Alpha-7B.Q4_K_M").path == alpha
    assert library.find("alpha-7b.q4_k_m").path == alpha  # case does not matter
    assert library.find("be").name == "beta"  # a unique prefix
    assert library.find(str(alpha)).name == "Alpha-7B.Q4_K_M"
    assert library.find("smol").source == "starter"
    with pytest.raises(LibraryError) as info:
        library.find("alpha")
    assert str(info.value) == (
        "'alpha' could be any of 2 models ('Alpha-7B.Q4_K_M', 'Alpha-7B.Q8_0'); type more of the name."
    )
    with pytest.raises(LibraryError) as info:
        library.find("x")
    assert str(info.value) == "No model named 'x' in the library; `hearth models list` shows them."
    outside = tmp_path / "outside.gguf"
    outside.write_bytes(alpha.read_bytes())
    with pytest.raises(LibraryError, match=r"is not in the library; `hearth models import` adds a copy of it\.$"):
        library.find(str(outside))


def test_folders_can_be_removed(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    write_tiny_gguf(folder / "m.gguf")
    library = Library()
    library.add_folder(folder)
    assert "m" in [e.name for e in library.entries()]
    library.remove_folder(folder)
    assert "m" not in [e.name for e in library.entries()]
    with pytest.raises(LibraryError, match="is not one of the library's folders"):
        library.remove_folder(folder)
    with pytest.raises(LibraryError, match="is not a folder"):
        library.add_folder(tmp_path / "nope")


def test_download_destination() -> None:
    library = Library()
    assert (
        library.download_destination("org/Name-GGUF", "q4/model.gguf") == models_dir() / "org__Name-GGUF/q4/model.gguf"
    )
    for repo, path in [("org/name", "../evil.gguf"), ("org/name", "/etc/x.gguf"), ("a/b/c", "x.gguf"), ("", "x")]:
        with pytest.raises(LibraryError, match="is not a valid file name on the Hugging Face Hub"):
            library.download_destination(repo, path)


def test_find_download_skips_what_is_already_here(tmp_path: Path, other_apps_home: Path, starter_model: Path) -> None:
    (a,) = write_tiny_gguf(tmp_path / "a.gguf", seed=1)
    (b,) = write_tiny_gguf(tmp_path / "b.gguf", seed=2)
    ours = add_download(a, "org/a-GGUF", "a.gguf")
    hf = add_to_hf_cache(other_apps_home, "org/b-GGUF", "rev", b, "quants/b.gguf")
    library = Library()

    def found(repo_id: str, path: str, sha256: str | None) -> Path | None:
        entry = library.find_download(repo_id, path, sha256)
        return entry.path if entry else None

    assert found("org/a-GGUF", "a.gguf", _sha256(a)) == ours
    assert found("org/a-GGUF", "a.gguf", None) == ours
    # The same bytes under another repo's name, found by hash in the Hugging Face cache.
    assert found("mirror/b", "b.gguf", _sha256(b)) == hf
    assert found("org/b-GGUF", "quants/b.gguf", None) == hf
    assert library.find_download("org/b-GGUF", "quants/other.gguf", None) is None
    assert library.find_download("org/a-GGUF", "a.gguf", "0" * 64) is None
    # The starter model is on every machine.
    assert found("x/SmolLM2", "s.gguf", _sha256(starter_model)) == starter_model


def test_find_download_of_a_hidden_model_shows_it_again(tmp_path: Path, other_apps_home: Path) -> None:
    (b,) = write_tiny_gguf(tmp_path / "b.gguf")
    add_to_hf_cache(other_apps_home, "org/b-GGUF", "rev", b)
    library = Library()
    library.remove("b")
    assert "b" not in [e.name for e in library.entries()]
    found = library.find_download("org/b-GGUF", "b.gguf", _sha256(b))
    assert found is not None
    assert not found.hidden
    assert "b" in [e.name for e in library.entries()]


def test_find_download_knows_each_part_of_a_split_model(tmp_path: Path) -> None:
    parts = write_tiny_gguf(tmp_path / "big.gguf", tensors=2, split_max_tensors=1)
    for part in parts:
        add_download(part, "org/big-GGUF", part.name)
    library = Library()
    entry = library.find_download("org/big-GGUF", parts[1].name, _sha256(parts[1]))
    assert entry is not None
    assert entry.name == "big"
    assert library.find_download("org/big-GGUF", parts[1].name, None) == entry
