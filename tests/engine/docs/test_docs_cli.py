"""`hearth docs add|list|search|rm` (engine/cli/docs.py) on real files, with and without an embedding model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from tests.engine.docs.documents import pdf


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_add_search_list_and_remove_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], embedding_model: Path
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    pdf(folder / "manual.pdf", ["Descale the kettle monthly.", "The warranty lasts five years."])
    pdf(folder / "locked.pdf", ["x"], password="pw")
    added = _json(capsys, "docs", "add", str(folder), "--set", "home", "--json")
    assert isinstance(added, dict)
    assert added["files"] == 2
    assert added["embedded"] == 0, "without an embedding model: keywords only"
    assert [f["error"] for f in added["failed"]] == ["locked.pdf is protected by a password, so it was skipped."]
    hits = _json(capsys, "docs", "search", "--set", "home", "warranty", "--json")
    assert isinstance(hits, list)
    assert hits[0]["page"] == 2
    assert hits[0]["found_by"] == "keywords"
    assert Path(hits[0]["path"]).name == "manual.pdf"

    model = str(embedding_model)
    added = _json(capsys, "docs", "add", str(folder), "--set", "home", "--embedding-model", model, "--json")
    assert isinstance(added, dict)
    assert added["embedded"] == added["chunks"] == 2, "the chunks read before get their embeddings now"
    hits = _json(capsys, "docs", "search", "--set", "home", "guarantee period", "--embedding-model", model, "--json")
    assert isinstance(hits, list)
    assert hits[0]["page"] == 2
    assert hits[0]["found_by"] in ("meaning", "both")

    sets = _json(capsys, "docs", "list", "--json")
    assert isinstance(sets, list)
    assert [(s["name"], s["files"], s["failed"], s["chunks"]) for s in sets] == [("home", 2, 1, 2)]
    assert _json(capsys, "docs", "rm", "--set", "home", "--json") == {"set": "home", "removed": True}
    assert main(["docs", "search", "--set", "home", "warranty"]) == 1
    assert capsys.readouterr().err.strip().splitlines()[-1] == "hearth: There is no document set named home."


def test_without_an_embedding_model_the_command_says_how_to_get_the_suggested_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.models.embedding_models import SUGGESTED_FILE, SUGGESTED_REPO

    (tmp_path / "note.md").write_text("# Kettle\n\nDescale it monthly.\n")
    assert main(["docs", "add", str(tmp_path / "note.md"), "--set", "home"]) == 0
    said = capsys.readouterr().err
    assert "found by their words only" in said
    assert f"hearth models download {SUGGESTED_REPO} {SUGGESTED_FILE}" in said
