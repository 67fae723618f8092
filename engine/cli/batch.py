"""`hearth batch`: answer a file of prompts offline, several at once, into a results file.

What the files hold, and how a job killed and started again loses nothing: engine/client/batch_file.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, assert_never

from engine.client.batch_context import answer_context
from engine.client.batch_file import BatchError, InFlight, JobDefaults, Results, done_ids, read_jobs, result_record
from engine.client.session import EngineSession

if TYPE_CHECKING:
    from engine.remote.remote_session import RemoteSession
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    ClientEvent,
    CommandFailed,
    Embedded,
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
    Started,
    Token,
    Unloaded,
)

# Each answer's context when the job does not say (as before the job sized it): a line that needs
# more is refused by the engine with its line number, as in `hearth run`.
CONTEXT_CEILING = 4096


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
    ctx: int | None = None  # None: what the longest line needs, at most CONTEXT_CEILING
    as_json: bool = False
    progress: bool = True
    engine: str | None = None  # a remote engine's name (hearth engines add): it answers, `model` its model id

    @property
    def defaults(self) -> JobDefaults:
        return JobDefaults(self.system, self.max_tokens, self.temperature)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    batch = sub.add_parser("batch", help="answer a file of prompts offline, several at once (JSON lines)")
    batch.add_argument("--model", help="path to a GGUF model file, or a library name (default: the starter model)")
    batch.add_argument("--threads", type=int, help="CPU threads for the engine (default: physical cores)")
    batch.add_argument(
        "--ctx",
        type=int,
        help=f"each answer's context in tokens (default: what the longest line needs, at most {CONTEXT_CEILING})",
    )
    batch.add_argument("-o", "--output", required=True, metavar="RESULTS.jsonl", help="where results go (appended)")
    batch.add_argument("--parallel", type=int, default=4, help="answers written at once (default: 4)")
    batch.add_argument("--system", help="system prompt for every line that has none")
    batch.add_argument("--max-tokens", type=int, help="longest answer in tokens (default: 512)")
    batch.add_argument("--temperature", type=float, help="sampling temperature (default: 0.7)")
    batch.add_argument("--json", action="store_true", help="end with one line of JSON: counts and throughput")
    batch.add_argument(
        "--engine", metavar="NAME", help="send the prompts to this remote engine (hearth engines add) instead"
    )
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
        engine=args.engine,
    )


# --- running --------------------------------------------------------------------------------


def run_batch(request: BatchRequest, err: TextIO = sys.stderr, out: TextIO = sys.stdout) -> int:
    from engine.cli.run import RunError, resolve_model

    if request.parallel < 1:
        raise BatchError("--parallel must be at least 1.")
    remote = _remote_session(request)
    try:
        model_path = resolve_model(request.model) if remote is None else ""
    except RunError as exc:
        raise BatchError(str(exc)) from exc
    done = done_ids(request.output)
    jobs, bad, skipped = read_jobs(request.prompts, request.defaults, done)
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
    session: EngineSession | RemoteSession = remote or EngineSession()
    try:
        if isinstance(session, EngineSession):  # a remote engine has its model loaded already
            session.start(load_began_at=started)
            ctx = request.ctx or answer_context(jobs, Path(model_path), CONTEXT_CEILING)
            options = LoadOptions(model_path, n_ctx=ctx, n_threads=request.threads, parallel=request.parallel)
            session.send(Load(session.new_id(), options))
        waiting = deque(jobs)
        in_flight: dict[int, InFlight] = {}

        def send_more() -> None:
            # A few more than there are slots, so a slot never waits for the next prompt to arrive.
            while waiting and len(in_flight) < request.parallel * 2:
                job = waiting.popleft()
                request_id = session.new_id()
                sent_at = time.monotonic()
                in_flight[request_id] = InFlight(job, sent_at)
                # No turn follows a line: only the shared start is worth keeping.
                session.send(
                    Generate(request_id, job.messages, job.sampling, sent_at, pin_system_prompt=True, follow_up=False)
                )

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
                ttft = (flight.first_token_at - flight.sent_at) if flight.first_token_at else metrics.ttft_s
                results.write(result_record(flight.job, "".join(flight.text), metrics, ttft))
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


def _remote_session(request: BatchRequest) -> RemoteSession | None:
    """The remote engine's session where --engine names one (its prompts go there, --parallel at once)."""
    if request.engine is None:
        return None
    from engine.errors import UserError
    from engine.remote.engines import find_engine
    from engine.remote.remote_session import RemoteSession

    try:
        return RemoteSession(find_engine(request.engine), request.model)
    except UserError as exc:
        raise BatchError(str(exc)) from exc


def _take(event: ClientEvent, in_flight: dict[int, InFlight], err: TextIO) -> tuple[int, Finished | None] | None:
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
        case LoadProgress() | Unloaded() | EngineStats() | CacheReport() | EngineStarted() | Started() | Embedded():
            pass
        case _:
            assert_never(event)
    return None


def _progress(total: int, err: TextIO, *, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, file=err, unit="prompt", disable=not enabled, dynamic_ncols=True, smoothing=0.1)
