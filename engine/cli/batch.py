"""`hearth batch`: answer a file of prompts offline, several at once, into a results file.

Each input line is {"id": …, "prompt": "…"} or {"id": …, "messages": [{"role": …, "content": …}, …]},
with optional sampling fields (max_tokens, temperature, top_k, top_p, min_p, repeat_penalty,
seed) and an optional "system". Results are appended one JSON line per prompt as each one
finishes, and written to disk at once, so a job killed and started again with the same output
file skips what is done and loses nothing. A bad line is reported by its number; the rest run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO, assert_never

from engine.client.session import EngineSession
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    ChatMessage,
    ClientEvent,
    CommandFailed,
    EngineDied,
    EngineStarted,
    EngineStats,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    Notice,
    Role,
    SamplingParams,
    Started,
    Token,
    Unloaded,
)

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
    """Ends `hearth batch` with this one line on stderr and exit code 1."""


class BadLineError(ValueError):
    """One input line that cannot be run, in one sentence."""


@dataclass(frozen=True)
class BatchRequest:
    prompts: Path
    output: Path
    parallel: int = 4
    model: str | None = None
    system: str | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    threads: int | None = None
    ctx: int = 4096
    as_json: bool = False
    progress: bool = True


@dataclass(frozen=True)
class Job:
    line: int
    id: str | int
    messages: tuple[ChatMessage, ...]
    sampling: SamplingParams


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    batch = sub.add_parser("batch", help="answer a file of prompts offline, several at once (JSON lines)")
    batch.add_argument("--model", help="path to a GGUF model file, or a library name (default: the starter model)")
    batch.add_argument("--threads", type=int, help="CPU threads for the engine (default: physical cores)")
    batch.add_argument("--ctx", type=int, default=4096, help="context length of each answer, in tokens")
    batch.add_argument("-o", "--output", required=True, metavar="RESULTS.jsonl", help="where results go (appended)")
    batch.add_argument("--parallel", type=int, default=4, help="answers written at once (default: 4)")
    batch.add_argument("--system", help="system prompt for every line that has none")
    batch.add_argument("--max-tokens", type=int, help="longest answer in tokens (default: 512)")
    batch.add_argument("--temperature", type=float, help="sampling temperature (default: 0.7)")
    batch.add_argument("--json", action="store_true", help="end with one line of JSON: counts and throughput")
    batch.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    batch.add_argument("prompts", metavar="PROMPTS.jsonl", help='lines of {"id": …, "prompt": …} or {"id", "messages"}')


def request_from(args: argparse.Namespace) -> BatchRequest:
    return BatchRequest(
        prompts=Path(args.prompts),
        output=Path(args.output),
        parallel=args.parallel,
        model=args.model,
        system=args.system,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        threads=args.threads,
        ctx=args.ctx,
        as_json=args.json,
        progress=not args.no_progress,
    )


# --- reading the input -------------------------------------------------------------------


def parse_line(number: int, text: str, request: BatchRequest) -> Job:
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
    system = data.get("system", request.system)
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
    return Job(number, job_id, tuple(messages), _sampling(data, request))


def _sampling(data: dict[str, Any], request: BatchRequest) -> SamplingParams:
    given: dict[str, Any] = {}
    if request.max_tokens is not None:
        given["max_tokens"] = request.max_tokens
    if request.temperature is not None:
        given["temperature"] = request.temperature
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


def read_jobs(request: BatchRequest, done: set[str | int]) -> tuple[list[Job], list[tuple[int, str]], int]:
    """(jobs still to run, bad lines as (number, reason), how many lines were done already)."""
    try:
        lines = request.prompts.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise BatchError(f"Could not read {request.prompts}: {exc}.") from exc
    jobs: list[Job] = []
    bad: list[tuple[int, str]] = []
    seen: set[str | int] = set()
    skipped = 0
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            job = parse_line(number, text, request)
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


# --- running --------------------------------------------------------------------------------


@dataclass
class _InFlight:
    job: Job
    sent_at: float
    text: list[str] = field(default_factory=list)
    first_token_at: float = 0.0


def run_batch(request: BatchRequest, err: TextIO = sys.stderr, out: TextIO = sys.stdout) -> int:
    from engine.cli.run import RunError, metrics_json, resolve_model

    if request.parallel < 1:
        raise BatchError("--parallel must be at least 1.")
    try:
        model_path = resolve_model(request.model)
    except RunError as exc:
        raise BatchError(str(exc)) from exc
    done = done_ids(request.output)
    jobs, bad, skipped = read_jobs(request, done)
    for number, reason in bad:
        print(f"hearth: line {number}: {reason}; skipped.", file=err)
    if skipped:
        print(
            f"hearth: {skipped} prompts already answered in {request.output}; running the other {len(jobs)}.", file=err
        )
    started = time.monotonic()
    failed = 0
    tokens = 0
    finished = 0
    results = Results(request.output)
    bar = _progress(len(jobs), err, enabled=request.progress)
    session = EngineSession()
    try:
        session.start(load_began_at=started)
        options = LoadOptions(model_path, n_ctx=request.ctx, n_threads=request.threads, parallel=request.parallel)
        session.send(Load(session.new_id(), options))
        waiting = deque(jobs)
        in_flight: dict[int, _InFlight] = {}

        def send_more() -> None:
            # A few more than there are slots, so a slot never waits for the next prompt to arrive.
            while waiting and len(in_flight) < request.parallel * 2:
                job = waiting.popleft()
                request_id = session.new_id()
                sent_at = time.monotonic()
                in_flight[request_id] = _InFlight(job, sent_at)
                session.send(Generate(request_id, job.messages, job.sampling, sent_at, pin_system_prompt=True))

        send_more()
        while in_flight:
            event = session.next_event(timeout=None)
            if event is None:
                raise BatchError("The engine stopped before the batch was done.")
            outcome = _take(event, in_flight, err)
            if outcome is None:
                continue
            request_id, finished_event = outcome
            flight = in_flight.pop(request_id)
            if finished_event is None:
                failed += 1
            else:
                metrics = finished_event.metrics
                record: dict[str, Any] = {"id": flight.job.id, "text": "".join(flight.text)}
                record["finish"] = metrics.stop_reason
                ttft = (flight.first_token_at - flight.sent_at) if flight.first_token_at else metrics.ttft_s
                record["metrics"] = metrics_json(metrics, 0, ttft) | {"parallel": metrics.max_active_answers}
                del record["metrics"]["app_rss_mb"]
                results.write(record)
                finished += 1
                tokens += metrics.decode_tokens
                bar.update(1)
                elapsed = time.monotonic() - started
                bar.set_postfix_str(f"{tokens / elapsed:.1f} tok/s" if elapsed > 0 else "")
            send_more()
    finally:
        bar.close()
        session.close()
        results.close()
    elapsed = time.monotonic() - started
    summary = {
        "done": finished,
        "skipped_done": skipped,
        "bad_lines": len(bad),
        "failed": failed,
        "parallel": request.parallel,
        "seconds": round(elapsed, 2),
        "prompts_per_minute": round(finished / elapsed * 60, 2) if elapsed > 0 else 0.0,
        "decode_tokens": tokens,
        "tokens_per_second": round(tokens / elapsed, 2) if elapsed > 0 else 0.0,
    }
    if request.as_json:
        print(json.dumps(summary), file=out)
    else:
        print(
            f"{finished} answered in {elapsed:.1f} s ({summary['prompts_per_minute']} a minute, "
            f"{summary['tokens_per_second']} tokens/s) into {request.output}",
            file=err,
        )
    return 1 if bad or failed else 0


def _take(event: ClientEvent, in_flight: dict[int, _InFlight], err: TextIO) -> tuple[int, Finished | None] | None:
    """What `event` means for the batch: (request id, its Finished or None if it failed) when one
    ended, else None. A load that fails ends the whole job."""
    match event:
        case Token():
            flight = in_flight.get(event.request_id)
            if flight is not None:
                flight.text.append(event.text)
                if not flight.first_token_at:
                    flight.first_token_at = time.monotonic()
        case Finished():
            if event.request_id in in_flight:
                return event.request_id, event
        case AnswerFailed():
            flight = in_flight.get(event.request_id)
            if flight is not None:
                print(f"hearth: line {flight.job.line}: {event.reason}", file=err)
                return event.request_id, None
        case LoadFailed() | EngineDied() | CommandFailed():
            raise BatchError(event.reason)
        case Notice():
            print(f"hearth: {event.reason}", file=err)
        case Loaded():
            if event.info.chat_template_warning:
                print(f"hearth: {event.info.chat_template_warning}", file=err)
        case LoadProgress() | Unloaded() | EngineStats() | CacheReport() | EngineStarted() | Started():
            pass
        case _:
            assert_never(event)
    return None


def _progress(total: int, err: TextIO, *, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, file=err, unit="prompt", disable=not enabled, dynamic_ncols=True, smoothing=0.1)
