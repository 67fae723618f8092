#!/usr/bin/env python
"""Back-to-back switch-back: two conversations take turns, each turn sent the moment the last answer ends.

The script (issue 15, point 3): two conversations that open with about 700 tokens each, then alternate,
with short questions and greedy answers of at most 24 tokens. Every turn goes out as soon as the previous
answer has finished, as an API client sends them, so nothing the engine does after an answer (settling
it, keeping a snapshot) can hide in a pause. Measured in one run, on one model:

  hearth        Hearth's engine as the window loads it (2 answers at once, prefix cache on)
  hearth-1      one slot: switching back restores the other conversation from the prefix cache
  cold          Hearth with the prefix cache off: every turn reads its whole history
  llama-server  built from the same sources: cache_prompt, --cache-ram 2048, one slot (-np 1)

The figure is the median time to first token over turns 3 and later, each of which returns to the
conversation the turn before it left, measured where the client receives it. Target: Hearth at or below
llama-server.

Run:  python bench/switch_back.py [--model qwen1.5b|qwen0.5b|starter|PATH] [--turns 8] [--kernels safe|full]
llama-server: `python bench/llama_tools.py build --targets llama-server llama-bench llama-batched-bench`.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import load_note, median, verdict
from batching import REPO, model_path

from engine.client.session import EngineSession
from engine.kernels.remembered import OVERRIDE_ENV
from engine.protocol import (
    AnswerFailed,
    ChatMessage,
    EngineDied,
    Finished,
    Generate,
    KernelSet,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    SamplingParams,
    Token,
)

LLAMA_SERVER = REPO / ".llama-tools" / "build-cpu" / "bin" / "llama-server"
ANSWER_TOKENS = 24
N_CTX = 4096
SUBJECTS = ("the history of tea", "how lighthouses work")
SENTENCE = (
    "Here is some background for our talk about {subject}: people have written about it for a long time, "
    "and every account adds a detail, a date, a place or a name that the others leave out. "
)


def opener(subject: str, tokens_goal: int = 700) -> str:
    """A first message of about `tokens_goal` tokens (about 33 tokens a sentence)."""
    body = SENTENCE.format(subject=subject) * max(1, tokens_goal // 33)
    return f"{body}Now, in one short sentence: what is {subject} about?"


def question(turn: int) -> str:
    return f"Question {turn}: give one more fact, in one short sentence."


@dataclass
class Turn:
    conversation: int
    ttft_s: float
    prompt_tokens: int
    read_tokens: int  # what the server read (the rest came from its cache); -1 where it does not say


def script(turns: int) -> list[int]:
    """Which conversation each turn goes to: 0, 1, 0, 1, ..."""
    return [t % 2 for t in range(turns)]


class Conversations:
    """The two conversations' messages as an API client keeps them."""

    def __init__(self) -> None:
        self.messages: list[list[dict[str, str]]] = [[], []]

    def ask(self, conversation: int, turn: int) -> list[dict[str, str]]:
        history = self.messages[conversation]
        text = opener(SUBJECTS[conversation]) if not history else question(turn)
        history.append({"role": "user", "content": text})
        return list(history)

    def answered(self, conversation: int, text: str) -> None:
        self.messages[conversation].append({"role": "assistant", "content": text})


# --- Hearth ------------------------------------------------------------------------------------


def run_hearth(model: Path, turns: int, *, parallel: int, cache: bool, threads: int) -> list[Turn]:
    greedy = SamplingParams(temperature=0, max_tokens=ANSWER_TOKENS, repeat_penalty=1.0)
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="switch-back-")  # nothing on disk from an earlier run
    session = EngineSession()
    try:
        options = LoadOptions(
            str(model), n_ctx=N_CTX, n_threads=threads, parallel=parallel, prefix_cache=cache, cache_ram_budget=2**31
        )
        session.send(Load(session.new_id(), options))
        while not isinstance(event := session.next_event(600), Loaded):
            if isinstance(event, LoadFailed | EngineDied):
                raise SystemExit(f"switch_back: load failed: {event.reason}")
        chats, results = Conversations(), []
        for turn, conversation in enumerate(script(turns)):
            messages = tuple(ChatMessage(m["role"], m["content"]) for m in chats.ask(conversation, turn))  # type: ignore[arg-type]
            request_id = session.new_id()
            sent = time.monotonic()
            session.send(Generate(request_id, messages, greedy, sent, cache_owner=f"conversation-{conversation}"))
            first, text = 0.0, []
            while True:
                event = session.next_event(600)
                match event:
                    case Token() if event.request_id == request_id:
                        first = first or time.monotonic()
                        text.append(event.text)
                    case Finished() if event.request_id == request_id:
                        m = event.metrics
                        results.append(Turn(conversation, first - sent, m.prompt_tokens, m.prefill_tokens))
                        break
                    case AnswerFailed() | EngineDied() | LoadFailed():
                        raise SystemExit(f"switch_back: {event.reason}")
                    case None:
                        raise SystemExit("switch_back: the engine went quiet for 10 minutes")
                    case _:
                        pass
            chats.answered(conversation, "".join(text))
        return results
    finally:
        session.close()


# --- llama-server ------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(model: Path, threads: int, kernels: KernelSet, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    if not LLAMA_SERVER.exists():
        raise SystemExit(f"switch_back: no {LLAMA_SERVER}; `python bench/llama_tools.py build --targets llama-server`")
    port = _free_port()
    command = [str(LLAMA_SERVER), "-m", str(model), "-c", str(N_CTX), "-np", "1", "--cache-ram", "2048"]
    command += ["-t", str(threads), "--host", "127.0.0.1", "--port", str(port)]
    if kernels == "safe":
        command.append("-nr")  # no weight repack: the kernel set Hearth runs with `safe`
    server = subprocess.Popen(command, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"switch_back: llama-server exited ({server.returncode}); see {log}")
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=5) as reply:
                if reply.status == 200:
                    return server, base
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    server.kill()
    raise SystemExit("switch_back: llama-server did not come up in 10 minutes")


def server_turn(base: str, messages: list[dict[str, str]]) -> tuple[float, str, dict[str, Any]]:
    """(TTFT at the client, the answer, the server's timings) of one streamed chat completion."""
    body = {
        "messages": messages,
        "max_tokens": ANSWER_TOKENS,
        "temperature": 0,
        "repeat_penalty": 1.0,
        "stream": True,
        "cache_prompt": True,
    }
    request = urllib.request.Request(
        f"{base}/v1/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    sent, first, text, timings = time.monotonic(), 0.0, [], {}
    with urllib.request.urlopen(request, timeout=600) as reply:
        for raw in reply:
            line = raw.decode().strip()
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            chunk = json.loads(line[6:])
            timings = chunk.get("timings", timings)
            for choice in chunk.get("choices", []):
                piece = (choice.get("delta") or {}).get("content") or ""
                if piece:
                    first = first or time.monotonic()
                    text.append(piece)
    return first - sent, "".join(text), timings


def run_server(model: Path, turns: int, threads: int, kernels: KernelSet) -> list[Turn]:
    log = Path(tempfile.gettempdir()) / "switch_back_llama_server.log"
    server, base = start_server(model, threads, kernels, log)
    try:
        chats, results = Conversations(), []
        for turn, conversation in enumerate(script(turns)):
            ttft, text, timings = server_turn(base, chats.ask(conversation, turn))
            read = int(timings.get("prompt_n", -1))
            results.append(Turn(conversation, ttft, read + int(timings.get("cache_n", 0)), read))
            chats.answered(conversation, text)
        return results
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()


# --- report ------------------------------------------------------------------------------------


def switch_back_ttft(turns: list[Turn]) -> float:
    return median([t.ttft_s for t in turns[2:]])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--model", default="qwen1.5b", help="starter, qwen1.5b, qwen0.5b or a GGUF path")
    parser.add_argument("--turns", type=int, default=8, help="in all, alternating (at least 3)")
    parser.add_argument("--threads", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--kernels", choices=["safe", "full"], default="safe")
    parser.add_argument("--runs", nargs="*", default=["hearth", "hearth-1", "cold", "llama-server"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.turns < 3:
        parser.error("--turns must be at least 3: the first two turns open the conversations")
    os.environ[OVERRIDE_ENV] = args.kernels  # the same kernel set as the peer's repack choice
    model = model_path(args.model)
    print(f"switch_back: {model.name}, {args.turns} turns, {args.threads} threads, kernels {args.kernels}")
    print(f"  ({load_note()})", flush=True)
    runs: dict[str, list[Turn]] = {}
    for name in args.runs:
        started = time.monotonic()
        if name == "llama-server":
            runs[name] = run_server(model, args.turns, args.threads, args.kernels)
        else:
            parallel = 1 if name == "hearth-1" else 2
            runs[name] = run_hearth(model, args.turns, parallel=parallel, cache=name != "cold", threads=args.threads)
        turns = runs[name]
        reads = ", ".join(f"{t.read_tokens}/{t.prompt_tokens}" for t in turns)
        print(
            f"  {name:<13} switch-back TTFT {switch_back_ttft(turns) * 1000:7.0f} ms   "
            f"({time.monotonic() - started:.0f} s; read/prompt tokens per turn: {reads})",
            flush=True,
        )
    report: dict[str, Any] = {name: {"switch_back_ttft_s": switch_back_ttft(t)} for name, t in runs.items()}
    cold = runs.get("cold")
    for name, turns in runs.items():
        if cold and name != "cold":
            report[name]["vs_cold"] = switch_back_ttft(cold) / max(1e-9, switch_back_ttft(turns))
    if "hearth" in runs and "llama-server" in runs:
        ratio = switch_back_ttft(runs["hearth"]) / max(1e-9, switch_back_ttft(runs["llama-server"]))
        report["hearth_over_server"] = ratio
        print(f"  Hearth / llama-server switch-back TTFT: {ratio:.2f} (target <= 1.00: {verdict(ratio <= 1.0)})")
    if cold:
        for name in runs:
            if name != "cold":
                print(f"  {name}: {report[name]['vs_cold']:.1f}x faster than a cold read")
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
