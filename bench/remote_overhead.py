"""What Hearth's remote-engine client adds to a streamed answer, against a bare `openai` client.

One llama-server (llama.cpp's own, built from the sources Hearth's engine runs, by
bench/llama_tools.py) on a loopback port, one model, one run, two parts:

1. Overhead. For --rounds rounds (after --warmup rounds not counted), the same request (same
   messages, temperature 0, a fixed seed, --tokens tokens, stream_options.include_usage) streams
   once through Hearth's RemoteSession (engine/remote/: Generate in, Token and Finished events out)
   and once through a bare openai.OpenAI(base_url, api_key, max_retries=0) client reading the
   stream, back to back, the order rotating from round to round. Both are timed the same way, by
   whoever reads the text: TTFT from just before the request is handed over (session.send /
   chat.completions.create) to the first piece of text read; decode tok/s as the tokens after the
   first (the server's usage.completion_tokens less one) over the time from the first piece read to
   the last. The openai client is made once and kept (its connection reused), as an application
   would; Hearth makes its HTTP client per answer, as it does. Each round's Hearth/openai decode
   ratio is paired (seconds apart); the verdict is their median with its distribution-free 95 %
   confidence interval (_common.median_interval). Target: >= 0.99. Also: each client's CPU time per
   answer (this process, all its threads), which on a machine whose cores the server also uses is
   taken from the server's decode, and each client's decode rate at the reader over the server's own
   (timings.predicted_per_second): what the way from the server to the reader keeps of it, a figure
   that the server's own speed from one answer to the next does not move.
2. TTFT split. Hearth's RemoteFigures say how its TTFT divides: network_queue_s (the wire, the
   server's queue, and whatever Hearth does between starting the request and the first byte) and
   server_prefill_s (llama-server's own timings.prompt_ms). A --split-prompt-words prompt (a few
   hundred tokens; each request starts with a fresh tag so the server's prompt cache cannot reuse it)
   asks for --split-tokens tokens, --split-rounds times each: (a) the server idle, (b) one other client
   streaming long answers (a slot free: the prompt is read between the other answer's decode steps),
   (c) --parallel other clients streaming (every slot busy: the request waits in the server's queue).
   The table gives the medians: TTFT = Hearth before sending + network+queue + server prefill.

A round marked * had another process (neither the server nor this bench) use more than 10 % of a
core while it ran: on shared cores that is what makes the server wait for a CPU. The overhead verdict
takes the unmarked rounds when at least 3 are, else all of them.

    python bench/remote_overhead.py [MODEL] [--rounds 7] [--warmup 1] [--tokens 128] [--threads 2]
        [--parallel 2] [--split-rounds 3] [--split-prompt-words 240] [--split-tokens 8]
        [--load-tokens 96] [--repack auto|on|off] [--server PATH]

MODEL: a GGUF file; without one, Qwen2.5-Coder-1.5B-Instruct Q4_K_M from .bench-models/ (the one to
judge on), else the starter model. --server: llama-server, by default .llama-tools/build-cpu/bin/
(python bench/llama_tools.py build --targets llama-server). --repack auto turns llama-server's weight
repacking off (-nr) where Hearth remembers that only its safe kernels work on this processor
(engine.kernels.remembered.known_kernels(): repacked AMX kernels trap on some Xeons). HEARTH_HOME is
pointed at a fresh temporary folder: the engine is added there (with an API key the server asks
for), and nothing of the user's own data folder is read or written. The run ends with one JSON line.

Smoke run, the starter model (about 3 minutes on 2 cores):

    STARTER=$(python -c "from engine.models.starter_model import starter_model_path as p; print(p())")
    python bench/remote_overhead.py "$STARTER" --rounds 3 --split-rounds 1

The 1.5B: about 2 minutes on 2 quiet cores, 10 and more where other work shares them (hence 5 rounds):

    python bench/remote_overhead.py --rounds 5 --split-rounds 3

Measured here (AMD EPYC, 2 cores, load average 0.98 at start and 1.85 at end, no round marked *),
Qwen2.5-Coder-1.5B Q4_K_M, llama-server -t 2 -np 2, repacking on, 5 rounds, 112 s in all: decode at
the reader equal to the server's own rate for both clients (reader/server 1.000 and 1.000); Hearth/
openai decode ratio 0.982 [0.946, 1.019] (MISS against 0.99, but the interval holds 1 and its width is
the server's own drift from answer to answer, 27.5 to 31.9 tok/s); TTFT 73.4 against 44.8 ms, Hearth
+20.2 ms [+10.9, +42.2], about what the TLS context of the HTTP client Hearth makes for every answer
costs (22.4 ms, printed at the end; 0.15 ms without it). TTFT split, ~325-token prompt, medians of 3:
idle 3.324 s = 0.056 network+queue + 3.260 prefill; 1 other client streaming 3.375 = 0.087 + 3.285;
2 other clients, both slots busy, 5.776 = 2.485 + 3.288. On busier cores (another benchmark's load
average 2 to 4) the paired ratio is noise (0.954 [0.077, 1.071] over 5 rounds, 3 of them marked *).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import decode_rate, load_note, median, median_interval, verdict

REPO = Path(__file__).resolve().parent.parent
QWEN = REPO / ".bench-models" / "Qwen2.5-Coder-1.5B-Instruct-Q4_K_M.gguf"
SERVER = REPO / ".llama-tools" / "build-cpu" / "bin" / "llama-server"
TARGET = 0.99  # Hearth's decode rate within 1 % of the bare openai client's
SEED = 1
API_KEY = "hearth-bench-key"
ENGINE_NAME = "bench-llama-server"
OTHERS_LIMIT = 0.10  # of one core: more than this, used by another process during a round, marks it *
MIN_QUIET = 3
GAP_S = 0.3  # between two measurements, so that neither starts on the other's tail
READ_TIMEOUT_S = 600.0
OVERHEAD_SYSTEM = "You are a helpful programming assistant. Answer at length, with examples."
OVERHEAD_QUESTION = (
    "Explain in detail how a hash table works: hashing, buckets, collisions, resizing and deletion, "
    "with a complete Python implementation and a discussion of its running time."
)
LOAD_QUESTION = "Write a very long story about a lighthouse keeper and the ships she watches. Never stop."
SPLIT_SENTENCES = (
    "The printing press spread across Europe within a few decades of its invention.",
    "Printers moved from city to city, carrying type, presses and the knowledge of how to use them.",
    "Books became cheaper, and more people learned to read in their own languages.",
    "Scholars compared editions and corrected errors that copyists had repeated for centuries.",
    "Governments and churches soon tried to license printers and to control what they printed.",
    "Newspapers, pamphlets and maps followed, and news travelled faster than ever before.",
)


# --- the server ---------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _repack_off(choice: str) -> bool:
    if choice != "auto":
        return choice == "off"
    from engine.kernels.remembered import known_kernels

    return known_kernels() == "safe"


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log: Path
    command: list[str]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_server(binary: Path, model: str, args: argparse.Namespace, folder: Path) -> Server:
    port = _free_port()
    context = args.parallel * args.slot_context
    command = [str(binary), "-m", model, "--host", "127.0.0.1", "--port", str(port), "-t", str(args.threads)]
    command += ["-c", str(context), "-np", str(args.parallel), "--no-webui", "--api-key", API_KEY]
    if _repack_off(args.repack):
        command.append("--no-repack")
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(p for p in (str(binary.parent), env.get("LD_LIBRARY_PATH", "")) if p)
    log = folder / "llama-server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=REPO)
    server = Server(process, port, log, command)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"llama-server exited ({process.returncode}):\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    server.stop()
    raise RuntimeError(f"llama-server was not ready in 300 s:\n{server.log_tail()}")


# --- CPU used by others ---------------------------------------------------------------------------

TICKS = os.sysconf("SC_CLK_TCK")


def _busy_ticks() -> int:
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]) - idle


def _process_ticks(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            after_name = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(after_name[11]) + int(after_name[12])  # utime, stime (fields 14 and 15)


class OthersCpu:
    """Cores' worth of CPU time that processes other than `pids` used between start() and stop()."""

    def __init__(self, pids: tuple[int, ...]) -> None:
        self.pids = pids
        self._at = 0.0
        self._busy = 0
        self._ours = 0

    def _ours_now(self) -> int:
        return sum(_process_ticks(pid) for pid in self.pids)

    def start(self) -> None:
        self._at, self._busy, self._ours = time.monotonic(), _busy_ticks(), self._ours_now()

    def stop(self) -> float:
        wall = time.monotonic() - self._at
        others = (_busy_ticks() - self._busy) - (self._ours_now() - self._ours)
        return max(0.0, others / TICKS / wall) if wall > 0 else 0.0


# --- one answer, either client -------------------------------------------------------------------


@dataclass
class Answer:
    client: str
    ttft_s: float
    first_at: float
    last_at: float
    tokens: int  # usage.completion_tokens, or the pieces read where the server did not say
    pieces: int
    text: str
    cpu_s: float  # this process's CPU time over the answer, every thread
    server_tok_s: float | None = None  # llama-server's own decode rate (timings.predicted_per_second)
    usage_seen: bool = False
    metrics: Any = None  # Hearth's Finished.metrics

    @property
    def tok_s(self) -> float:
        return decode_rate(self.tokens, self.first_at, self.last_at)

    @property
    def kept(self) -> float:
        """The decode rate at the reader over the server's own: what the way between them keeps of it."""
        return self.tok_s / self.server_tok_s if self.server_tok_s else 0.0


def hearth_answer(session: Any, messages: tuple[Any, ...], sampling: Any) -> Answer:
    """One answer through Hearth's RemoteSession, timed where its events are read."""
    from engine.protocol import AnswerFailed, Finished, Generate, Notice, Token

    cpu0 = time.process_time()
    sent_at = time.monotonic()
    session.send(Generate(session.new_id(), messages, sampling, sent_at))
    first = last = 0.0
    pieces: list[str] = []
    while True:
        event = session.next_event(READ_TIMEOUT_S)
        now = time.monotonic()
        if event is None:
            raise RuntimeError("Hearth's session ended the answer without Finished or AnswerFailed")
        if isinstance(event, Token) and event.text:
            first = first or now
            last = now
            pieces.append(event.text)
        elif isinstance(event, Notice):
            print(f"    (Hearth notice: {event})", flush=True)
        elif isinstance(event, AnswerFailed):
            raise RuntimeError(f"Hearth's answer failed: {event.reason}")
        elif isinstance(event, Finished):
            metrics = event.metrics
            break
    remote = metrics.remote
    return Answer(
        "hearth",
        (first or now) - sent_at,
        first,
        last,
        metrics.decode_tokens,
        len(pieces),
        "".join(pieces),
        time.process_time() - cpu0,
        remote.server_decode_tok_s if remote else None,
        bool(remote and remote.prompt_tokens is not None),
        metrics,
    )


def openai_answer(client: Any, model: str, messages: list[dict[str, str]], sampling: Any) -> Answer:
    """The same request through a bare openai client, timed the same way."""
    cpu0 = time.process_time()
    sent_at = time.monotonic()
    stream = client.chat.completions.create(
        model=model,
        messages=messages,
        stream=True,
        stream_options={"include_usage": True},
        max_tokens=sampling.max_tokens,
        temperature=sampling.temperature,
        top_p=sampling.top_p,
        seed=sampling.seed,
    )
    first = last = 0.0
    pieces: list[str] = []
    completion: int | None = None
    server_tok_s: float | None = None
    with stream:
        for chunk in stream:
            now = time.monotonic()
            for choice in chunk.choices:
                if choice.delta.content:
                    first = first or now
                    last = now
                    pieces.append(choice.delta.content)
            if chunk.usage is not None:
                completion = chunk.usage.completion_tokens
            timings = (chunk.model_extra or {}).get("timings")
            if isinstance(timings, dict) and isinstance(timings.get("predicted_per_second"), int | float):
                server_tok_s = float(timings["predicted_per_second"])
    return Answer(
        "openai",
        (first or time.monotonic()) - sent_at,
        first,
        last,
        completion if completion is not None else len(pieces),
        len(pieces),
        "".join(pieces),
        time.process_time() - cpu0,
        server_tok_s,
        completion is not None,
    )


# --- other clients, streaming long answers ---------------------------------------------------------


@dataclass
class LoadClient:
    """A thread that streams long answers, one after another, until told to stop."""

    url: str
    model: str
    tokens: int
    index: int
    stop_event: threading.Event = field(default_factory=threading.Event)
    streaming: threading.Event = field(default_factory=threading.Event)
    answers: int = 0
    error: str = ""
    thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name=f"load-{self.index}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        import openai

        client = openai.OpenAI(base_url=self.url, api_key=API_KEY, max_retries=0, timeout=READ_TIMEOUT_S)
        messages: Any = [{"role": "user", "content": f"{LOAD_QUESTION} (Story {self.index}.)"}]
        try:
            while not self.stop_event.is_set():
                stream = client.chat.completions.create(
                    model=self.model, messages=messages, stream=True, max_tokens=self.tokens, temperature=0.0
                )
                with stream:
                    for chunk in stream:
                        if chunk.choices and chunk.choices[0].delta.content:
                            self.streaming.set()
                        if self.stop_event.is_set():
                            break
                self.answers += 1
        except Exception as exc:  # a load client that fails must say so, not hang the bench
            self.error = f"{type(exc).__name__}: {exc}"
            self.streaming.set()
        finally:
            client.close()

    def stop(self) -> None:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join(60)


# --- part 1: the overhead ------------------------------------------------------------------------


def _show(answer: Answer) -> str:
    server = f" (server {answer.server_tok_s:5.1f})" if answer.server_tok_s else ""
    return (
        f"{answer.client} {answer.tok_s:6.2f} tok/s{server} TTFT {answer.ttft_s * 1000:6.1f} ms"
        f" CPU {answer.cpu_s * 1000:5.0f} ms"
    )


def overhead(session: Any, client: Any, model: str, server_pid: int, args: argparse.Namespace) -> dict[str, Any]:
    from engine.protocol import ChatMessage, SamplingParams

    messages = (ChatMessage("system", OVERHEAD_SYSTEM), ChatMessage("user", OVERHEAD_QUESTION))
    plain = [{"role": m.role, "content": m.content} for m in messages]
    sampling = SamplingParams(temperature=0.0, seed=SEED, max_tokens=args.tokens)
    runs: dict[str, Callable[[], Answer]] = {
        "hearth": lambda: hearth_answer(session, messages, sampling),
        "openai": lambda: openai_answer(client, model, plain, sampling),
    }
    print(
        f"\n1. Overhead: {args.tokens} tokens, temperature 0, seed {SEED}; columns: client decode tok/s at the"
        " reader (the server's own rate), TTFT, this process's CPU time; Hearth/openai decode ratio"
    )
    rows: list[dict[str, Any]] = []
    same_text = True
    for round_index in range(-args.warmup + 1, args.rounds + 1):
        order = ["hearth", "openai"] if round_index % 2 else ["openai", "hearth"]
        answers: dict[str, Answer] = {}
        others = OthersCpu((os.getpid(), server_pid))
        others.start()
        for name in order:
            answers[name] = runs[name]()
            time.sleep(GAP_S)
        busy = others.stop()
        hearth, bare = answers["hearth"], answers["openai"]
        same_text = same_text and hearth.text == bare.text
        ratio = hearth.tok_s / bare.tok_s if bare.tok_s else 0.0
        mark = "*" if busy > OTHERS_LIMIT else " "
        label = f"round {round_index}" if round_index > 0 else "warm-up"
        print(
            f"  {label:<9} {order[0]} first | {_show(hearth)} | {_show(bare)} | ratio {ratio:5.3f}{mark}"
            f" (reader/server {hearth.kept:.3f}/{bare.kept:.3f}, tokens {hearth.tokens}/{bare.tokens},"
            f" others {busy:.2f} core)",
            flush=True,
        )
        if round_index > 0:
            rows.append({"hearth": hearth, "openai": bare, "ratio": ratio, "quiet": busy <= OTHERS_LIMIT})
    quiet = [row for row in rows if row["quiet"]]
    used = quiet if len(quiet) >= MIN_QUIET else rows
    ratios = [row["ratio"] for row in used]
    low, high = median_interval(ratios)
    ratio = median(ratios)
    ttft_diff = [(row["hearth"].ttft_s - row["openai"].ttft_s) * 1000 for row in used]
    diff_low, diff_high = median_interval(ttft_diff)
    figures = {
        name: {
            "decode_tok_s": median([row[name].tok_s for row in used]),
            "server_decode_tok_s": median([row[name].server_tok_s or 0.0 for row in used]),
            "reader_over_server": median([row[name].kept for row in used]),
            "ttft_ms": median([row[name].ttft_s * 1000 for row in used]),
            "cpu_ms": median([row[name].cpu_s * 1000 for row in used]),
            "usage_seen": all(row[name].usage_seen for row in used),
        }
        for name in ("hearth", "openai")
    }
    own = [row["hearth"].metrics for row in used]
    print(
        f"  {'client':<7} {'decode tok/s':>12} {'server tok/s':>12} {'reader/server':>13} {'TTFT ms':>8} {'CPU ms':>7}"
        f"   (medians over {len(used)} rounds{'' if used is quiet else ', all: fewer than 3 unmarked'})"
    )
    for name, values in figures.items():
        print(
            f"  {name:<7} {values['decode_tok_s']:12.2f} {values['server_decode_tok_s']:12.2f}"
            f" {values['reader_over_server']:13.3f}"
            f" {values['ttft_ms']:8.1f} {values['cpu_ms']:7.0f}"
        )
    print(
        f"  Hearth/openai decode: {ratio:.3f} [{low:.3f}, {high:.3f}] 95 % CI, {len(used)} pairs:"
        f" {verdict(ratio >= TARGET)} (target >= {TARGET})"
    )
    print(f"  Hearth - openai TTFT: {median(ttft_diff):+.1f} ms [{diff_low:+.1f}, {diff_high:+.1f}] 95 % CI")
    print(
        "  Hearth's own Metrics (median): decode "
        f"{median([m.decode_tok_s for m in own]):.2f} tok/s, TTFT {median([m.ttft_s for m in own]) * 1000:.1f} ms,"
        f" network+queue {median([m.remote.network_queue_s or 0.0 for m in own]) * 1000:.1f} ms,"
        f" server prefill {median([m.remote.server_prefill_s or 0.0 for m in own]) * 1000:.1f} ms"
        f" ({median([float(m.remote.server_prefill_tokens or 0) for m in own]):.0f} tokens read,"
        f" {median([float(m.remote.cached_tokens or 0) for m in own]):.0f} cached)"
    )
    print(f"  same text from both clients in every round: {'yes' if same_text else 'NO'}")
    return {
        "ratio": ratio,
        "ci95": [low, high],
        "pairs": len(used),
        "quiet_pairs": len(quiet),
        "ttft_diff_ms": median(ttft_diff),
        "ttft_diff_ci95_ms": [diff_low, diff_high],
        "same_text": same_text,
        **figures,
    }


# --- part 2: the TTFT split -----------------------------------------------------------------------


def _split_prompt(words: int, tag: str) -> tuple[str, str]:
    """(system, user): a fresh tag first, so no earlier request's cached prompt matches past it."""
    text: list[str] = []
    count = 0
    index = 0
    while count < words:
        sentence = SPLIT_SENTENCES[index % len(SPLIT_SENTENCES)]
        text.append(sentence)
        count += len(sentence.split())
        index += 1
    return f"Request {tag}. You answer in one sentence.", " ".join(text) + "\n\nSummarize the text above."


@dataclass
class SplitRow:
    ttft_s: float
    before_s: float  # Hearth's TTFT less the two segments: from Send to the request going out
    network_queue_s: float
    prefill_s: float
    prefill_tokens: int
    cached_tokens: int


def _split_round(session: Any, args: argparse.Namespace, rng: random.Random) -> SplitRow:
    from engine.protocol import ChatMessage, SamplingParams

    system, user = _split_prompt(args.split_prompt_words, f"{rng.getrandbits(48):012x}")
    sampling = SamplingParams(temperature=0.0, seed=SEED, max_tokens=args.split_tokens)
    answer = hearth_answer(session, (ChatMessage("system", system), ChatMessage("user", user)), sampling)
    metrics = answer.metrics
    remote = metrics.remote
    network_queue = remote.network_queue_s if remote.network_queue_s is not None else float("nan")
    prefill = remote.server_prefill_s if remote.server_prefill_s is not None else float("nan")
    return SplitRow(
        metrics.ttft_s,
        metrics.ttft_s - network_queue - prefill,
        network_queue,
        prefill,
        remote.server_prefill_tokens or 0,
        remote.cached_tokens or 0,
    )


def ttft_split(session: Any, server: Server, model: str, args: argparse.Namespace) -> dict[str, Any]:
    print(
        f"\n2. TTFT split (Hearth's RemoteFigures): a ~{args.split_prompt_words}-word prompt, {args.split_tokens}"
        f" tokens written, {args.split_rounds} rounds each; other clients stream {args.load_tokens}-token"
        f" answers; llama-server --parallel {args.parallel}"
    )
    rng = random.Random(SEED)
    conditions = [("idle", 0), ("1 other client streaming", 1)]
    conditions.append((f"{args.parallel} other clients (all slots busy)", args.parallel))
    results: dict[str, list[SplitRow]] = {}
    loads: list[LoadClient] = []
    try:
        for name, clients in conditions:
            while len(loads) < clients:
                load = LoadClient(server.url, model, args.load_tokens, len(loads) + 1)
                load.start()
                loads.append(load)
                if not load.streaming.wait(300) or load.error:
                    raise RuntimeError(f"load client {load.index} did not stream: {load.error or 'timed out'}")
            time.sleep(1.0 if clients else 0.0)
            rows = []
            for round_index in range(1, args.split_rounds + 1):
                others = OthersCpu((os.getpid(), server.process.pid))
                others.start()
                row = _split_round(session, args, rng)
                busy = others.stop()
                mark = "*" if busy > OTHERS_LIMIT else " "
                print(
                    f"  {name:<32} {round_index}: TTFT {row.ttft_s:7.3f} s = before sending {row.before_s:6.3f}"
                    f" + network+queue {row.network_queue_s:7.3f} + server prefill {row.prefill_s:6.3f}"
                    f" ({row.prefill_tokens} tokens read, {row.cached_tokens} cached){mark}",
                    flush=True,
                )
                rows.append(row)
                time.sleep(GAP_S + rng.random())  # the load clients' answers at another point each round
            results[name] = rows
        errors = [f"load client {load.index}: {load.error}" for load in loads if load.error]
        if errors:
            raise RuntimeError("; ".join(errors))
    finally:
        for load in loads:
            load.stop_event.set()
        for load in loads:
            load.stop()
    print(
        f"  {'condition':<34} {'TTFT':>8} = {'before':>7} + {'net+queue':>9} + {'prefill':>8}"
        f"  {'read':>5} {'cached':>6}   (medians, seconds)"
    )
    summary: dict[str, Any] = {}
    for name, rows in results.items():
        values = {
            "ttft_s": median([r.ttft_s for r in rows]),
            "before_s": median([r.before_s for r in rows]),
            "network_queue_s": median([r.network_queue_s for r in rows]),
            "server_prefill_s": median([r.prefill_s for r in rows]),
            "prefill_tokens": median([float(r.prefill_tokens) for r in rows]),
            "cached_tokens": median([float(r.cached_tokens) for r in rows]),
            "rounds": len(rows),
        }
        print(
            f"  {name:<34} {values['ttft_s']:8.3f} = {values['before_s']:7.3f} + {values['network_queue_s']:9.3f}"
            f" + {values['server_prefill_s']:8.3f}  {values['prefill_tokens']:5.0f} {values['cached_tokens']:6.0f}"
        )
        summary[name] = values
    return summary


# --- what Hearth does per answer, alone -----------------------------------------------------------


def per_answer_costs() -> dict[str, float]:
    """The client set-up Hearth repeats for every answer, timed alone (median of 15)."""
    from engine.remote import chat_stream

    def timed(action: Callable[[], object]) -> float:
        times = []
        for _ in range(15):
            started = time.perf_counter()
            made = action()
            times.append(time.perf_counter() - started)
            with contextlib.suppress(Exception):
                made.close()  # type: ignore[attr-defined]
        return median(times) * 1000

    import httpx2

    return {
        "hearth_client_ms": timed(chat_stream.new_client),  # made once per engine, not per answer
        "httpx2_client_no_tls_ms": timed(lambda: httpx2.Client(verify=False, trust_env=False)),
    }


# --- main ------------------------------------------------------------------------------------------


def _default_model() -> str:
    if QWEN.exists():
        return str(QWEN)
    from engine.models.starter_model import starter_model_path

    return str(starter_model_path())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", nargs="?")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--tokens", type=int, default=128, help="tokens written per overhead answer")
    parser.add_argument("--threads", type=int, default=2, help="llama-server's threads")
    parser.add_argument("--parallel", type=int, default=2, help="llama-server's slots (>= 1)")
    parser.add_argument("--slot-context", type=int, default=2048, help="context per slot")
    parser.add_argument("--split-rounds", type=int, default=3)
    parser.add_argument("--split-prompt-words", type=int, default=240)
    parser.add_argument("--split-tokens", type=int, default=8)
    parser.add_argument("--load-tokens", type=int, default=96, help="tokens per answer of the other clients")
    parser.add_argument("--repack", choices=("auto", "on", "off"), default="auto")
    parser.add_argument("--server", type=Path, default=SERVER)
    args = parser.parse_args()
    model = args.model or _default_model()
    if not args.server.exists():
        sys.exit(f"no llama-server at {args.server}: python bench/llama_tools.py build --targets llama-server")

    with tempfile.TemporaryDirectory(prefix="hearth-remote-bench-") as folder:
        os.environ["HEARTH_HOME"] = folder  # before anything of engine/ reads the data folder
        import openai

        from engine.remote.chat_stream import list_models
        from engine.remote.engines import add_engine
        from engine.remote.remote_session import RemoteSession

        load_at_start = os.getloadavg()[0]
        started = time.monotonic()
        print(
            f"bench/remote_overhead.py: {load_note()}; {Path(model).name}; llama-server -t {args.threads}"
            f" -np {args.parallel}; {args.rounds} rounds (+{args.warmup} warm-up), {args.split_rounds} split rounds"
        )
        costs = per_answer_costs()
        server = start_server(args.server, model, args, Path(folder))
        try:
            repack = "off (-nr)" if "--no-repack" in server.command else "on"
            print(f"llama-server on {server.url}, pid {server.process.pid}, weight repacking {repack}")
            engine = add_engine(ENGINE_NAME, server.url, api_key=API_KEY)
            model_id = list_models(engine)[0]
            session = RemoteSession(engine, model_id)
            client = openai.OpenAI(base_url=server.url, api_key=API_KEY, max_retries=0, timeout=READ_TIMEOUT_S)
            try:
                part1 = overhead(session, client, model_id, server.process.pid, args)
                part2 = ttft_split(session, server, model_id, args)
            finally:
                client.close()
                session.close()
        except Exception:
            print(f"llama-server's log, last lines:\n{server.log_tail()}", file=sys.stderr)
            raise
        finally:
            server.stop()
        load_at_end = os.getloadavg()
        print(
            f"\nHearth's HTTP client, made once per engine (chat_stream.new_client): {costs['hearth_client_ms']:.1f}"
            f" ms; the same client without a TLS context: {costs['httpx2_client_no_tls_ms']:.2f} ms"
        )
        print(
            f"load average {load_at_start:.2f} at start, {load_at_end[0]:.2f} at end (5-minute {load_at_end[1]:.2f});"
            f" {time.monotonic() - started:.0f} s in all"
        )
        summary = {
            "model": Path(model).name,
            "overhead": part1,
            "ttft_split": part2,
            "per_answer_ms": costs,
            "load_average": [load_at_start, load_at_end[0], load_at_end[1]],
            "server": {"threads": args.threads, "parallel": args.parallel, "repack": repack},
        }
        print(json.dumps(summary))


if __name__ == "__main__":
    main()
