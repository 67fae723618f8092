"""The bad-file corpus (tests/fixtures/bad_ggufs.py) through check_model_file, the real engine child
and `hearth run`: each file gets its one sentence, nothing crashes, and the engine keeps working.

The figure for issue 6, "bad files tried / crashes", is written to the terminal at the end of the module.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from engine.client.process import EngineDiedError, EngineProcess
from engine.models.model_file import ModelFileError, check_model_file
from engine.prompt.chat_template import BROKEN_SOURCE, BROKEN_TEMPLATE_WARNING
from engine.protocol import (
    AnswerFailed,
    Event,
    Failed,
    Finished,
    Load,
    Loaded,
    LoadOptions,
)
from tests.conftest import write_figures
from tests.engine.driving import answer, events_until
from tests.fixtures.bad_ggufs import LLAMA_CPP_REFUSED, BadFile, build_corpus

TIMEOUT_S = 120
# Per path through which files went: how many were tried, and how many crashed something
# (an exception other than the sentence, a dead engine, a traceback or a wrong exit code).
FIGURES: dict[str, list[int]] = {}


@pytest.fixture(scope="module")
def corpus(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> list[BadFile]:
    return build_corpus(tmp_path_factory.mktemp("bad-ggufs"), starter_model)


@pytest.fixture(scope="module", autouse=True)
def figures(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    lines = [f"bad model files through {path}: {n} tried, {crashed} crashed" for path, (n, crashed) in FIGURES.items()]
    write_figures(request, lines)


def _count(path: str, tried: int, crashed: int) -> None:
    FIGURES[path] = [tried, crashed]


@pytest.mark.e2e
def test_the_corpus_is_big_enough(corpus: list[BadFile]) -> None:
    assert len(corpus) >= 25
    assert len({f.path.name for f in corpus}) == len(corpus)


@pytest.mark.e2e
def test_check_model_file_names_each_fault(corpus: list[BadFile]) -> None:
    problems = []
    crashed = 0
    for bad in corpus:
        passes = bad.is_template_case or not bad.checked_before_load  # the header itself is sound
        try:
            check_model_file(bad.path)
            said = None
        except ModelFileError as exc:
            said = str(exc)
        except Exception as exc:  # anything but the sentence is a crash
            crashed += 1
            problems.append(f"{bad.path.name}: crashed with {exc!r}")
            continue
        if passes and said is not None:
            problems.append(f"{bad.path.name}: refused a sound header: {said}")
        if not passes and (said is None or bad.sentence not in said or "\n" in said):
            problems.append(f"{bad.path.name}: said {said!r}, wanted {bad.sentence!r}")
    _count("check_model_file", len(corpus), crashed)
    assert problems == []
    assert crashed == 0


def _until(proc: EngineProcess, kinds: tuple[type, ...]) -> list[Event]:
    return events_until(proc, kinds)


def _answer(proc: EngineProcess, request_id: int) -> Finished | AnswerFailed:
    return answer(proc, request_id, max_tokens=4)


def _load(proc: EngineProcess, path: Path) -> list[Event]:
    proc.send(Load(1, LoadOptions(str(path), n_ctx=512, n_threads=2)))
    return _until(proc, (Failed, Loaded))


@pytest.mark.e2e
def test_the_engine_says_the_sentence_and_keeps_working(
    corpus: list[BadFile], starter_model: Path, tmp_path: Path
) -> None:
    proc = EngineProcess(tmp_path / "engine.log")
    proc.start()
    problems: list[str] = []
    crashed = 0
    try:
        assert isinstance(_load(proc, starter_model)[-1], Loaded)
        # Files refused before loading first (the starter stays loaded), then the one llama.cpp
        # refuses (it brings the starter back), then the chat templates (each loads, with ChatML).
        ordered = sorted(corpus, key=lambda f: (f.is_template_case, not f.checked_before_load))
        for bad in ordered:
            try:
                events = _load(proc, bad.path)
            except EngineDiedError as exc:
                crashed += 1
                problems.append(f"{bad.path.name}: the engine died: {exc.failure.reason}")
                proc.start()
                _load(proc, starter_model)
                continue
            last = events[-1]
            if bad.is_template_case:
                if not (
                    isinstance(last, Loaded)
                    and last.info.chat_template_source == BROKEN_SOURCE
                    and last.info.chat_template_warning == BROKEN_TEMPLATE_WARNING
                ):
                    problems.append(f"{bad.path.name}: wanted Loaded with the default template, got {last}")
            elif not (isinstance(last, Failed) and bad.sentence in last.reason and "\n" not in last.reason):
                problems.append(f"{bad.path.name}: wanted Failed({bad.sentence!r}), got {last}")
            elif bad.sentence == LLAMA_CPP_REFUSED:
                restored = _until(proc, (Loaded, Failed))[-1]
                if not (isinstance(restored, Loaded) and restored.restored_after_failure):
                    problems.append(f"{bad.path.name}: the previous model did not come back: {restored}")
            if not proc.is_alive():
                crashed += 1
                problems.append(f"{bad.path.name}: the engine is gone")
        # The last template file is loaded now, with ChatML: it answers.
        assert isinstance(_answer(proc, 1), Finished)
        assert isinstance(_load(proc, starter_model)[-1], Loaded)
        assert isinstance(_answer(proc, 2), Finished)
    finally:
        proc.stop()
    _count("the engine child (Load)", len(corpus), crashed)
    assert problems == []
    assert crashed == 0


def _hearth_run(bad: BadFile) -> subprocess.CompletedProcess[str]:
    args = ["run", "--model", str(bad.path), "--ctx", "512", "--threads", "1", "--max-tokens", "2", "hi"]
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.e2e
def test_hearth_run_exits_1_with_one_line(corpus: list[BadFile]) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_hearth_run, corpus))
    problems = []
    crashed = 0
    for bad, result in zip(corpus, results, strict=True):
        if "Traceback" in result.stderr or result.returncode not in (0, 1):
            crashed += 1
        if bad.is_template_case:  # loads with the default template, says so in one line, and answers
            if result.returncode != 0:
                problems.append(f"{bad.path.name}: exit {result.returncode}: {result.stderr[-300:]}")
            elif result.stderr.splitlines() != [f"hearth: {BROKEN_TEMPLATE_WARNING}"]:
                problems.append(f"{bad.path.name}: no template warning: {result.stderr[-300:]!r}")
            continue
        lines = result.stderr.splitlines()
        if result.returncode != 1 or len(lines) != 1 or not lines[0].startswith("hearth: "):
            problems.append(f"{bad.path.name}: exit {result.returncode}, stderr {result.stderr[-300:]!r}")
        elif bad.sentence not in lines[0]:
            problems.append(f"{bad.path.name}: said {lines[0]!r}, wanted {bad.sentence!r}")
    _count("hearth run --model", len(corpus), crashed)
    assert problems == []
    assert crashed == 0
