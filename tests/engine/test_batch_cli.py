"""`hearth batch` as a user runs it: a real subprocess on the real engine, several answers at once.
A bad line is reported by its number and the rest run; a job killed mid-way and started again
with the same results file skips what is done and leaves each prompt answered exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.cache.prefix_cache import cache_root, read_snapshot_header

pytestmark = pytest.mark.e2e

QUESTIONS = ["a river", "a bridge", "a clock", "a garden", "a train", "a lighthouse"]


def _prompts(path: Path, bad: bool = False) -> Path:
    lines = [
        json.dumps({"id": f"q{i}", "prompt": f"Describe {thing} in one sentence."}) for i, thing in enumerate(QUESTIONS)
    ]
    if bad:
        lines.insert(2, '{"id": "broken", "prompt": ')  # line 3: not JSON
        lines.insert(4, json.dumps({"id": "empty", "messages": []}))  # line 5: no messages
    path.write_text("\n".join(lines) + "\n")
    return path


def _command(prompts: Path, results: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "app", "batch", str(prompts), "-o", str(results), "--threads", "2", *extra]


def _records(results: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in results.read_text().splitlines()]


def test_bad_lines_are_reported_by_number_and_the_rest_run(tmp_path: Path) -> None:
    prompts = _prompts(tmp_path / "prompts.jsonl", bad=True)
    results = tmp_path / "results.jsonl"
    args = ("--parallel", "3", "--max-tokens", "12", "--temperature", "0", "--json", "--no-progress")
    done = subprocess.run(_command(prompts, results, *args), capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1, done.stderr  # some lines were bad
    assert "line 3: not JSON" in done.stderr
    assert 'line 5: "messages" must be a non-empty list' in done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["done"] == len(QUESTIONS)
    assert summary["bad_lines"] == 2
    records = _records(results)
    assert sorted(str(r["id"]) for r in records) == sorted(f"q{i}" for i in range(len(QUESTIONS)))
    for record in records:
        assert record["text"]
        metrics = record["metrics"]
        assert isinstance(metrics, dict)
        assert metrics["decode_tokens"] > 0
        assert metrics["stop_reason"] in ("eog", "max_tokens")
    # Three at once: some answers were written side by side.
    assert max(int(r["metrics"]["parallel"]) for r in records) > 1  # type: ignore[index]
    # Each answer's context was sized from the job, far below the old fixed 4,096 tokens.
    assert {r["metrics"]["n_ctx"] for r in records} == {256}  # type: ignore[index]
    # No turn follows a line: the cache keeps the template's pinned start, not the lines' exchanges.
    headers = [read_snapshot_header(path, None) for path in cache_root().glob("*/*.kv")]
    assert headers
    assert all(is_pinned for _tokens, _size, _owners, is_pinned in headers)


def test_a_killed_job_started_again_skips_what_is_done_and_loses_nothing(tmp_path: Path) -> None:
    prompts = _prompts(tmp_path / "prompts.jsonl")
    results = tmp_path / "results.jsonl"
    args = ("--parallel", "2", "--max-tokens", "40", "--temperature", "0", "--no-progress")
    job = subprocess.Popen(_command(prompts, results, *args), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while not (results.exists() and results.read_text().count("\n") >= 1):
        assert job.poll() is None, job.stderr.read() if job.stderr else ""
        assert time.monotonic() < deadline, "no answer within 300 s"
        time.sleep(0.1)
    os.kill(job.pid, signal.SIGKILL)
    job.wait(30)
    if job.stderr is not None:
        job.stderr.close()
    done_before = {str(r["id"]) for r in _records(results)}
    assert 1 <= len(done_before) < len(QUESTIONS)
    with open(results, "a") as f:
        f.write('{"id": "q5", "text": "cut sho')  # as if the kill came in the middle of a write
    again = subprocess.run(_command(prompts, results, *args), capture_output=True, text=True, timeout=600, check=False)
    assert again.returncode == 0, again.stderr
    assert f"{len(done_before)} prompts already answered" in again.stderr
    records = _records(results)  # every line parses: the cut one is gone
    ids = [str(r["id"]) for r in records]
    assert sorted(ids) == sorted(f"q{i}" for i in range(len(QUESTIONS)))  # each exactly once
