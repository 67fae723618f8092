"""`hearth run --docs SET "question"` (engine/cli/run_docs.py, engine/docs/grounding.py): real sets,
the real starter model in a real `hearth run` subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli.main import main
from engine.docs.grounding import CITE, ground
from engine.docs.store import DocumentStore
from engine.paths import data_dir
from tests.engine.docs.documents import pdf

TOPICS = [
    "the history of the lighthouse on the northern cape and the families who kept it",
    "the rules of the village chess club, its tournaments and its rating list",
    "how the bakery chooses flour, proves its dough overnight and bakes at dawn",
    "the river ferry timetable in summer and in winter, and its fares",
    "the library's opening hours, its reading room and the rare maps collection",
    "planting apple trees in clay soil, pruning them and keeping away the deer",
    "the choir's rehearsals on Thursdays, the concert season and the new organ",
    "the cycling routes along the coast, their climbs and where to find water",
    "the museum of clocks, its pendulum workshop and the tower mechanism",
    "the harbour's fishing fleet, the catch quotas and the auction at six",
    "the school garden project, the compost heaps and the beehives",
    "the mountain hut's bunks, the meals it serves and the avalanche rules",
]
WARRANTY = "The warranty of the kettle covers the heating element for five years from the date of purchase."


def _long_manual(folder: Path) -> Path:
    """Thirteen pages, too long to be given whole at --ctx 1024; the warranty is on page 8."""
    pages = [" ".join([f"This page is about {topic}."] * 6) for topic in TOPICS]
    pages.insert(7, WARRANTY)
    wrapped = ["\n".join(page[i : i + 90] for i in range(0, len(page), 90)) for page in pages]
    return pdf(folder / "manual.pdf", wrapped)


def _add(folder: Path, name: str = "home") -> None:
    assert main(["docs", "add", str(folder), "--set", name, "--json"]) == 0


def _hearth(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=300, check=False
    )


def _answer_json(*args: str) -> dict[str, Any]:
    result = _hearth("run", "--temperature", "0", "--max-tokens", "16", "--threads", "2", "--json", *args)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert isinstance(figures, dict)
    return figures


def test_excerpts_are_numbered_and_put_before_the_question(tmp_path: Path) -> None:
    _long_manual(tmp_path)
    _add(tmp_path)
    store = DocumentStore(data_dir() / "documents.sqlite3")
    try:
        grounding = ground(store, ["home"], "How long is the warranty?", context_tokens=1024)
    finally:
        store.close()
    assert grounding.mode == "excerpts"
    assert grounding.system == CITE
    assert grounding.sources[0].page == 8
    assert grounding.user.startswith(f"Excerpts:\n\n[1] manual.pdf, p. 8\n{WARRANTY[:90]}")
    assert grounding.user.endswith("\n\nQuestion: How long is the warranty?")


@pytest.mark.e2e
def test_an_answer_from_excerpts_lists_its_sources(tmp_path: Path) -> None:
    _long_manual(tmp_path)
    _add(tmp_path)
    figures = _answer_json("--docs", "home", "--ctx", "1024", "How long is the warranty?")
    assert figures["documents"]["mode"] == "excerpts"
    first = figures["sources"][0]
    assert (Path(first["path"]).name, first["page"], first["number"]) == ("manual.pdf", 8, 1)
    assert "five years" in first["excerpt"]

    shown = _hearth("run", "--max-tokens", "8", "--docs", "home", "--ctx", "1024", "How long is the warranty?")
    assert shown.returncode == 0, shown.stderr
    assert f"\nSources:\n[1] {tmp_path / 'manual.pdf'}, p. 8\n" in shown.stdout


@pytest.mark.e2e
def test_a_question_the_set_does_not_cover_is_told_so(tmp_path: Path) -> None:
    _long_manual(tmp_path)
    _add(tmp_path)
    result = _hearth("run", "--max-tokens", "8", "--json", "--docs", "home", "--ctx", "1024", "Quantum zebra?")
    assert result.returncode == 0, result.stderr
    assert "hearth: nothing in home matches the question; the model was told so." in result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["documents"] == {"mode": "nothing", "tokens": 0, "reused_tokens": 0}
    assert figures["sources"] == []


@pytest.mark.e2e
def test_a_small_set_goes_whole_and_a_follow_up_reads_none_of_it_again(tmp_path: Path) -> None:
    pdf(tmp_path / "kettle.pdf", ["\n".join(WARRANTY[i : i + 90] for i in range(0, len(WARRANTY), 90))] * 1)
    (tmp_path / "care.md").write_text(
        "# Care\n\n" + " ".join(f"Step {i}: rinse the kettle and dry it with a soft cloth." for i in range(40))
    )
    _add(tmp_path)
    first = _answer_json("--docs", "home", "--chat", "kettle", "How long is the warranty?")
    assert first["documents"]["mode"] == "whole"
    assert [(Path(s["path"]).name, s["page"] or s["section"]) for s in first["sources"]] == [
        ("care.md", "Care"),
        ("kettle.pdf", 1),
    ]
    second = _answer_json("--docs", "home", "--chat", "kettle", "And how do I clean it?")
    # The documents sit in the system message, before what changes: the follow-up (in a new
    # process) takes them from the prefix cache on disk and reads only what came after.
    assert second["cached_tokens"] >= first["prompt_tokens"] - 1
    assert second["prefill_tokens"] < second["documents"]["tokens"] / 4
    assert first["documents"]["reused_tokens"] == 0
    assert second["documents"]["reused_tokens"] == second["documents"]["tokens"] > 100, "counted in the prompt"
