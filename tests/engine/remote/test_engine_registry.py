"""The remote engines the user adds: names, addresses, keys and trust, kept in the data folder."""

from __future__ import annotations

import json
import stat

import pytest

from engine.cli.main import main
from engine.remote.engines import (
    EngineRegistryError,
    add_engine,
    find_engine,
    list_engines,
    normalize_base_url,
    registry_path,
    remove_engine,
)


@pytest.mark.parametrize(
    ("given", "base"),
    [
        ("http://192.168.1.20:8080", "http://192.168.1.20:8080/v1"),
        ("http://192.168.1.20:8080/v1/", "http://192.168.1.20:8080/v1"),
        ("gpu-box:11434", "http://gpu-box:11434/v1"),
        ("https://example.org/openai/v1", "https://example.org/openai/v1"),
        ("https://example.org/openai", "https://example.org/openai/v1"),
    ],
)
def test_the_address_is_taken_as_its_server_documents_it_with_or_without_v1(given: str, base: str) -> None:
    assert normalize_base_url(given) == base


@pytest.mark.parametrize("bad", ["ftp://box/", "http://", "http://box:port/", ""])
def test_an_address_hearth_cannot_use_is_refused_in_one_sentence(bad: str) -> None:
    with pytest.raises(EngineRegistryError) as refused:
        normalize_base_url(bad)
    assert str(refused.value).endswith("http://192.168.1.20:8080.")


def test_an_engine_is_added_found_and_removed_with_its_key_readable_by_this_user_only() -> None:
    engine = add_engine("gpu-box", "http://10.0.0.5:8000", api_key="sk-secret", trust="service")
    assert (engine.host, engine.trust, engine.has_key) == ("10.0.0.5:8000", "service", True)
    assert find_engine("GPU-BOX") == engine
    assert engine.api_key() == "sk-secret"
    assert "sk-secret" not in registry_path().read_text()  # the key is never in engines.json
    key_file = registry_path().parent / "engine-keys" / "gpu-box"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    add_engine("gpu-box", "http://10.0.0.6:8000")  # added again without a key: the old key goes
    assert not key_file.exists()
    assert remove_engine("gpu-box").base_url == "http://10.0.0.6:8000/v1"
    assert list_engines() == []
    with pytest.raises(EngineRegistryError, match="No engine is called gpu-box; the engines added are: none yet"):
        find_engine("gpu-box")


@pytest.mark.parametrize("name", ["local", "two words", "x" * 41, "-dash-first"])
def test_names_that_would_be_ambiguous_are_refused(name: str) -> None:
    with pytest.raises(EngineRegistryError):
        add_engine(name, "http://box:8000")


def test_a_damaged_registry_lists_what_it_can_read() -> None:
    registry_path().parent.mkdir(parents=True, exist_ok=True)
    entries = [
        {"name": "ok", "base_url": "http://a:1/v1"},
        {"name": 5},
        "junk",
        {"name": "t", "base_url": "u", "trust": "x"},
    ]
    registry_path().write_text(json.dumps({"engines": entries}))
    assert [engine.name for engine in list_engines()] == ["ok"]
    registry_path().write_text("{not json")
    assert list_engines() == []


def test_hearth_engines_add_list_and_rm(capsys: pytest.CaptureFixture[str]) -> None:
    # An address where nothing listens: it is added, and the line says it could not be asked.
    assert main(["engines", "add", "box", "127.0.0.1:9", "--api-key", "k", "--trust", "mine"]) == 0
    added = capsys.readouterr().out
    assert "Added box: http://127.0.0.1:9/v1 (a computer of yours" in added
    assert "could not be asked for its models now" in added
    assert main(["engines", "list", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row == {
        "name": "box",
        "base_url": "http://127.0.0.1:9/v1",
        "host": "127.0.0.1:9",
        "trust": "mine",
        "api_key": True,
    }
    assert main(["engines", "list"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[0].startswith("local ")
    assert listing[1].startswith("box ")
    assert main(["engines", "rm", "box"]) == 0
    assert main(["engines", "rm", "box"]) == 1
    assert "No engine is called box" in capsys.readouterr().err
