"""A batch job's files: the prompts to answer (JSON lines) and the results, appended as each one ends.

Each input line is {"id": …, "prompt": "…"} or {"id": …, "messages": [{"role": …, "content": …}, …]},
with optional sampling fields (max_tokens, temperature, top_k, top_p, min_p, repeat_penalty,
seed) and an optional "system". Results are appended one JSON line per prompt as each one
finishes, and written to disk at once, so a job stopped and started again with the same results
file skips what is done and loses nothing. A bad line is reported by its number; the rest run.
`hearth batch` (engine/cli/batch.py) and the window's Batch page (app/batch/) both run jobs from here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from engine.client.answer_json import metrics_json
from engine.protocol import ChatMessage, Metrics, Role, SamplingParams

SAMPLING_FIELDS = {
    "max_tokens": int,
    "temperature": float,
    "top_k": int,
    "top_p": float,
    "min_p": float,
    "repeat_penalty": float,
    "seed": int,
}
ROLES: tuple[Role, ...] = ("system", "user", "assistant")


class BatchError(RuntimeError):
    """The job cannot go on, in one sentence (`hearth batch` prints it and exits 1; the window shows it)."""


class BadLineError(ValueError):
    """One input line that cannot be run, in one sentence."""


@dataclass(frozen=True)
class Job:
    line: int
    id: str | int
    messages: tuple[ChatMessage, ...]
    sampling: SamplingParams


@dataclass(frozen=True)
class JobDefaults:
    """What a line that says nothing of its own gets."""

    system: str | None = None
    max_tokens: int | None = None
    temperature: float | None = None


# --- reading the input -------------------------------------------------------------------


def parse_line(number: int, text: str, defaults: JobDefaults) -> Job:
    """One input line as a job; BadLineError says what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadLineError(f"not JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise BadLineError("not a JSON object")
    job_id = data.get("id", number)
    if not isinstance(job_id, str | int) or isinstance(job_id, bool):
        raise BadLineError('"id" must be a string or a number')
    system = data.get("system", defaults.system)
    if system is not None and not isinstance(system, str):
        raise BadLineError('"system" must be a string')
    if ("prompt" in data) == ("messages" in data):
        raise BadLineError('give either "prompt" or "messages"')
    messages: list[ChatMessage] = []
    if "prompt" in data:
        if not isinstance(data["prompt"], str) or not data["prompt"].strip():
            raise BadLineError('"prompt" must be a non-empty string')
        messages.append(ChatMessage("user", data["prompt"]))
    else:
        raw = data["messages"]
        if not isinstance(raw, list) or not raw:
            raise BadLineError('"messages" must be a non-empty list')
        for i, message in enumerate(raw, 1):
            if not isinstance(message, dict) or message.get("role") not in ROLES:
                raise BadLineError(f'message {i} needs a "role" of system, user or assistant')
            if not isinstance(message.get("content"), str):
                raise BadLineError(f'message {i} needs a string "content"')
            messages.append(ChatMessage(message["role"], message["content"]))
        if messages[-1].role != "user":
            raise BadLineError("the last message must be the user's")
    if system and messages[0].role != "system":
        messages.insert(0, ChatMessage("system", system))
    return Job(number, job_id, tuple(messages), _sampling(data, defaults))


def _sampling(data: dict[str, Any], defaults: JobDefaults) -> SamplingParams:
    given: dict[str, Any] = {}
    if defaults.max_tokens is not None:
        given["max_tokens"] = defaults.max_tokens
    if defaults.temperature is not None:
        given["temperature"] = defaults.temperature
    for name, kind in SAMPLING_FIELDS.items():
        if name not in data:
            continue
        value = data[name]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or (kind is int and not isinstance(value, int))
        ):
            raise BadLineError(f'"{name}" must be {"a whole number" if kind is int else "a number"}')
        given[name] = kind(value)
    if given.get("max_tokens", 1) < 1:
        raise BadLineError('"max_tokens" must be at least 1')
    return replace(SamplingParams(), **given)


def read_jobs(
    prompts: Path, defaults: JobDefaults, done: set[str | int]
) -> tuple[list[Job], list[tuple[int, str]], int]:
    """(jobs still to run, bad lines as (number, reason), how many lines were done already)."""
    try:
        lines = prompts.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise BatchError(f"Could not read {prompts}: {exc}.") from exc
    jobs: list[Job] = []
    bad: list[tuple[int, str]] = []
    seen: set[str | int] = set()
    skipped = 0
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            job = parse_line(number, text, defaults)
        except BadLineError as exc:
            bad.append((number, str(exc)))
            continue
        if job.id in seen:
            bad.append((number, f"the id {job.id!r} is used by an earlier line"))
            continue
        seen.add(job.id)
        if job.id in done:
            skipped += 1
        else:
            jobs.append(job)
    return jobs, bad, skipped


# --- the results file -----------------------------------------------------------------------


def done_ids(output: Path) -> set[str | int]:
    """The ids already answered in `output`. A last line cut short by a kill is removed first."""
    if not output.exists():
        return set()
    data = output.read_bytes()
    end = data.rfind(b"\n") + 1
    if end != len(data):  # the job was killed while writing a line: drop the part
        with open(output, "r+b") as f:
            f.truncate(end)
    done: set[str | int] = set()
    for line in data[:end].splitlines():
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
        if isinstance(record, dict) and "text" in record and isinstance(record.get("id"), str | int):
            done.add(record["id"])
    return done


class Results:
    """Appends one line per finished answer, on disk before the next one."""

    def __init__(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file: TextIO = open(path, "a", encoding="utf-8")  # noqa: SIM115 (held for the whole job)
        except OSError as exc:
            raise BatchError(f"Could not open {path} for writing: {exc}.") from exc
        self.path = path

    def write(self, record: dict[str, Any]) -> None:
        try:
            self._file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as exc:
            raise BatchError(f"Could not write to {self.path}: {exc}.") from exc

    def close(self) -> None:
        self._file.close()


@dataclass
class InFlight:
    """A line sent to the engine and not answered yet: its text so far and when its first token came."""

    job: Job
    sent_at: float
    text: list[str] = field(default_factory=list)
    first_token_at: float = 0.0


def result_record(job: Job, text: str, metrics: Metrics, ttft_s: float) -> dict[str, Any]:
    """The results file's line for one answer."""
    figures = metrics_json(metrics, 0, ttft_s) | {"parallel": metrics.max_active_answers}
    del figures["app_rss_mb"]  # the window's or the command's memory says nothing about the answer
    return {"id": job.id, "text": text, "finish": metrics.stop_reason, "metrics": figures}
