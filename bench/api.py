#!/usr/bin/env python
"""The local API against llama-server from the same sources, in one run, driven by the same openai client code.

Both serve the same model with the same slots (Hearth --parallel P, llama-server -np P with P x the
context, flash attention off as Hearth runs, prompt cache on, weight repack as Hearth's kernels):
  single     one stream at a time: decode tok/s and TTFT (target: decode >= 0.97x llama-server's)
  load       1, 4 and 8 clients at once, each asking in turn: aggregate tok/s (target >= 0.95x),
             TTFT p50/p99 under that load; --repeats runs each, the servers taking turns (both stay
             up), the median run reported
  turns      a multi-turn client sends its second turn the moment the first answer ends: that
             turn's TTFT (target <= llama-server's)
  tools      questions that each ask for a tool call, with tool_choice auto, required and a named
             function: how many answers are calls that parse and keep to their function
  cancel     a client that leaves while its answer is written, and while its long prompt is read:
             from the client closing to the engine stopping (target: within one step). Hearth's
             stop is its engine's own record (/hearth/requests); llama-server's is seen on /slots.

Run:  python bench/api.py [--model qwen1.5b|qwen0.5b|starter|PATH] [--parallel 8] [--parts ...] [--json]
llama-server: `python bench/llama_tools.py build --targets llama-server`. Real-size models: bench/real_models.py.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx
import openai
from _common import load_note, median, percentile, verdict
from batching import REPO, model_path

from engine.kernels.remembered import OVERRIDE_ENV
from engine.protocol import KernelSet

T = TypeVar("T")
LLAMA_SERVER = REPO / ".llama-tools" / "build-cpu" / "bin" / "llama-server"
N_CTX = 4096  # per slot
TOPICS = [
    "the water cycle",
    "how bridges carry weight",
    "the history of paper",
    "why the sky is blue",
    "how bees find flowers",
    "the making of bread",
    "tides and the moon",
    "how a violin makes sound",
]


def question(i: int) -> str:
    return f"Request {i}. Explain {TOPICS[i % len(TOPICS)]} to a curious child, in at least ten sentences."


def document(i: int, words: int = 450) -> str:
    body = " ".join(
        f"Line {n} of notebook {i}: the {TOPICS[(i + n) % len(TOPICS)]} was noted." for n in range(words // 9)
    )
    return f"Here are my notes.\n{body}\nSummarise notebook {i} in three sentences."


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- the two servers --------------------------------------------------------------------------


@dataclass
class Server:
    name: str
    base: str
    process: subprocess.Popen[bytes]
    model: str  # what the client puts in `model`: Hearth's loaded model is "", llama-server takes any name

    def client(self) -> openai.OpenAI:
        return openai.OpenAI(base_url=f"{self.base}/v1", api_key="bench", max_retries=0, timeout=600)


def _wait_healthy(name: str, process: subprocess.Popen[bytes], base: str, log: Path) -> None:
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"api: {name} exited ({process.returncode}); see {log}")
        with contextlib.suppress(httpx.HTTPError):
            reply = httpx.get(f"{base}/health", timeout=5)
            if reply.status_code == 200 and (name != "hearth" or reply.json().get("model")):
                return
        time.sleep(0.3)
    process.kill()
    raise SystemExit(f"api: {name} did not come up in 10 minutes")


@contextlib.contextmanager
def hearth_server(model: Path, parallel: int, threads: int, kernels: KernelSet, home: Path) -> Iterator[Server]:
    port = _free_port()
    env = {**os.environ, "HEARTH_HOME": str(home), OVERRIDE_ENV: kernels}
    log = home / "serve.log"
    command = [
        sys.executable,
        "-c",
        "from engine.cli.main import main; raise SystemExit(main())",
        "serve",
        "--port",
        str(port),
        "--model",
        str(model),
        "--parallel",
        str(parallel),
        "--ctx",
        str(N_CTX),
        "--threads",
        str(threads),
    ]
    process = subprocess.Popen(command, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy("hearth", process, base, log)
        yield Server("hearth", base, process, "")
    finally:
        process.terminate()
        process.wait(30)


@contextlib.contextmanager
def llama_server(model: Path, parallel: int, threads: int, kernels: KernelSet, home: Path) -> Iterator[Server]:
    if not LLAMA_SERVER.exists():
        raise SystemExit(f"api: no {LLAMA_SERVER}; `python bench/llama_tools.py build --targets llama-server`")
    port = _free_port()
    log = home / "llama-server.log"
    command = [
        str(LLAMA_SERVER),
        "-m",
        str(model),
        "-c",
        str(N_CTX * parallel),
        "-np",
        str(parallel),
        "-t",
        str(threads),
        "-fa",
        "off",
        "--cache-ram",
        "2048",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--slots",
    ]
    if kernels == "safe":
        command.append("-nr")  # no weight repack: the kernel set Hearth runs with `safe`
    process = subprocess.Popen(command, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy("llama-server", process, base, log)
        yield Server("llama-server", base, process, "bench")
    finally:
        process.terminate()
        process.wait(30)


# --- the client code both get -----------------------------------------------------------------


@dataclass
class Answer:
    ttft_s: float
    decode_tok_s: float
    tokens: int
    text: str
    wall_s: float
    longest_gap_s: float  # the longest wait between two pieces of text: how long the reader saw it stall


def ask(client: openai.OpenAI, model: str, messages: list[dict[str, str]], max_tokens: int) -> Answer:
    sent = time.monotonic()
    first = last = 0.0
    gap = 0.0
    pieces: list[str] = []
    tokens = 0
    stream = client.chat.completions.create(
        model=model,
        messages=messages,
        max_tokens=max_tokens,
        temperature=0,
        stream=True,
        stream_options={"include_usage": True},
    )
    for chunk in stream:
        if chunk.usage is not None:
            tokens = chunk.usage.completion_tokens
        for choice in chunk.choices:
            if choice.delta.content:
                now = time.monotonic()
                first = first or now
                gap = max(gap, now - last) if last else gap
                last = now
                pieces.append(choice.delta.content)
    end = time.monotonic()
    rate = (tokens - 1) / (last - first) if tokens > 1 and last > first else 0.0
    return Answer(first - sent if first else 0.0, rate, tokens, "".join(pieces), end - sent, gap)


def part_single(server: Server, rounds: int, max_tokens: int) -> dict[str, float]:
    with server.client() as client:
        ask(client, server.model, [{"role": "user", "content": "Hello"}], 4)  # warm
        answers = [
            ask(client, server.model, [{"role": "user", "content": question(100 + i)}], max_tokens)
            for i in range(rounds)
        ]
    return {"decode_tok_s": median([a.decode_tok_s for a in answers]), "ttft_s": median([a.ttft_s for a in answers])}


def part_load(server: Server, clients: int, per_client: int, max_tokens: int, first: int = 0) -> dict[str, float]:
    ttfts: list[float] = []
    gaps: list[float] = []
    tokens = [0]
    lock = threading.Lock()

    def one_client(c: int) -> None:
        with server.client() as client:
            for k in range(per_client):
                messages = [{"role": "user", "content": question(first + c * per_client + k)}]
                answer = ask(client, server.model, messages, max_tokens)
                with lock:
                    ttfts.append(answer.ttft_s)
                    gaps.append(answer.longest_gap_s)
                    tokens[0] += answer.tokens

    threads = [threading.Thread(target=one_client, args=(c,)) for c in range(clients)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - began
    return {
        "aggregate_tok_s": tokens[0] / wall,
        "tokens": tokens[0],
        "ttft_p50_s": percentile(ttfts, 50),
        "ttft_p99_s": percentile(ttfts, 99),
        "longest_stall_s": max(gaps, default=0.0),
    }


def part_turns(server: Server, rounds: int) -> dict[str, float]:
    second: list[float] = []
    first: list[float] = []
    with server.client() as client:
        for i in range(rounds):
            messages = [
                {"role": "system", "content": "You are a careful note keeper."},
                {"role": "user", "content": document(i)},
            ]
            one = ask(client, server.model, messages, 24)
            messages += [{"role": "assistant", "content": one.text}, {"role": "user", "content": "And in one word?"}]
            two = ask(client, server.model, messages, 8)
            first.append(one.ttft_s)
            second.append(two.ttft_s)
    return {"first_turn_ttft_s": median(first), "second_turn_ttft_s": median(second)}


TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The weather now in a city",
            "parameters": {
                "type": "object",
                "properties": {
                    "city": {"type": "string"},
                    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                },
                "required": ["city"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_time",
            "description": "The time now in a city",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        },
    },
]
TOOL_QUESTIONS = [
    "What is the weather in Paris?",
    "What time is it in Tokyo right now?",
    "Is it raining in Taipei, and what time is it there?",
    "Check the weather in Lisbon in fahrenheit.",
]
TOOL_CHOICES: dict[str, Any] = {
    "auto": "auto",
    "required": "required",
    "named": {"type": "function", "function": {"name": "get_time"}},
}


def _call_keeps_to_its_tool(name: str, arguments: str) -> bool:
    tool = next((t["function"] for t in TOOLS if t["function"]["name"] == name), None)
    try:
        values = json.loads(arguments)
    except ValueError:
        return False
    if tool is None or not isinstance(values, dict):
        return False
    schema = tool["parameters"]
    return set(schema["required"]) <= set(values) and set(values) <= set(schema["properties"])


def part_tools(server: Server) -> dict[str, float]:
    """For each tool_choice, how many answers came back as calls that parse and keep to their
    function's parameters (every question here asks for a call), out of how many."""
    figures: dict[str, float] = {}
    with server.client() as client:
        for label, choice in TOOL_CHOICES.items():
            good = 0
            for text in TOOL_QUESTIONS:
                reply = client.chat.completions.create(
                    model=server.model,
                    messages=[{"role": "user", "content": text}],
                    tools=TOOLS,  # type: ignore[arg-type]
                    tool_choice=choice,
                    temperature=0,
                    max_tokens=160,
                )
                calls = reply.choices[0].message.tool_calls or []
                wanted = "get_time" if label == "named" else None
                if calls and all(
                    _call_keeps_to_its_tool(c.function.name, c.function.arguments)  # type: ignore[union-attr]
                    and (wanted is None or c.function.name == wanted)  # type: ignore[union-attr]
                    for c in calls
                ):
                    good += 1
            figures[label] = good
    figures["asked"] = len(TOOL_QUESTIONS)
    return figures


def _hearth_stopped_at(server: Server) -> tuple[float, dict[str, Any]]:
    """When the engine stopped, by its own clock (the same monotonic clock as ours). Asked seldom:
    on 2 cores, a client polling every few ms slows the very step it waits for."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        time.sleep(0.2)
        log = httpx.get(f"{server.base}/hearth/requests", timeout=5).json()
        if not log["in_flight"] and log["recent"]:
            record = log["recent"][-1]
            if not record["disconnected"]:
                raise SystemExit(f"api: the answer ended before its client left: {record}")
            return record["cancel_sent_at"] + record["cancel_to_stop_ms"] / 1000, record
    raise SystemExit("api: Hearth's cancelled answer did not end")


def _llama_stopped_at(server: Server) -> tuple[float, dict[str, Any]]:
    """When /slots first shows no slot at work: polled every 20 ms (the figure is good to about that)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        slots = httpx.get(f"{server.base}/slots", timeout=5).json()
        if not any(slot.get("is_processing") for slot in slots):
            return time.monotonic(), {}
        time.sleep(0.02)
    raise SystemExit("api: llama-server's slot did not go idle")


def part_cancel(server: Server, during: str) -> float:
    """ms from the client closing its connection to the server's engine stopping the answer (Hearth's
    split into the server noticing and the engine stopping goes to stdout)."""
    content = question(7) if during == "decode" else document(99, 1800)  # about 3,200 tokens
    body = {
        "model": server.model,
        "messages": [{"role": "user", "content": content}],
        "stream": True,
        "max_tokens": 400 if during == "decode" else 8,
    }
    with (
        httpx.Client(timeout=600) as client,
        client.stream("POST", f"{server.base}/v1/chat/completions", json=body) as reply,
    ):
        lines = reply.iter_lines()
        if during == "decode":
            seen = 0
            for line in lines:
                seen += '"content"' in line and '"content": ""' not in line and '"content":""' not in line
                if seen >= 5:
                    break
        else:
            time.sleep(1.0)  # well inside the prompt read (thousands of tokens)
        closed_at = time.monotonic()
    stopped_at, record = _hearth_stopped_at(server) if server.name == "hearth" else _llama_stopped_at(server)
    if record:
        noticed = (record["cancel_sent_at"] - closed_at) * 1000
        print(
            f"    ({during}: the server noticed after {noticed:.0f} ms, the engine stopped "
            f"{record['cancel_to_stop_ms']:.0f} ms later, {record['tokens_after_cancel']} tokens after)",
            flush=True,
        )
    return (stopped_at - closed_at) * 1000


# --- the run ----------------------------------------------------------------------------------


def measure(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    parts: list[str] = args.parts
    if "turns" in parts:
        figures["turns"] = part_turns(server, args.rounds)
        print(
            f"  {server.name:13} second turn TTFT {figures['turns']['second_turn_ttft_s'] * 1000:.0f} ms "
            f"(first {figures['turns']['first_turn_ttft_s'] * 1000:.0f} ms)",
            flush=True,
        )
    if "tools" in parts:
        figures["tools"] = part_tools(server)
        tools = figures["tools"]
        print(
            f"  {server.name:13} tool calls that parse and keep to their function, of {tools['asked']:.0f} asked: "
            + ", ".join(f"{label} {tools[label]:.0f}" for label in TOOL_CHOICES),
            flush=True,
        )
    if "cancel" in parts:
        for during in ("decode", "prefill"):
            tries = args.rounds if during == "decode" else 1
            figures[f"cancel_{during}_ms"] = median([part_cancel(server, during) for _ in range(tries)])
            print(
                f"  {server.name:13} cancel during {during}: stopped {figures[f'cancel_{during}_ms']:.0f} ms "
                "after the client left",
                flush=True,
            )
    return figures


def taking_turns(servers: list[Server], repeats: int, run: Callable[[Server, int], T]) -> dict[str, list[T]]:
    """`run(server, repeat)` `repeats` times on each server, the servers taking turns run by run (a
    shared machine's speed drifts over minutes; turns give both the same drift)."""
    runs: dict[str, list[T]] = {server.name: [] for server in servers}
    for repeat in range(repeats):
        for server in servers if repeat % 2 == 0 else list(reversed(servers)):
            runs[server.name].append(run(server, repeat))
    return runs


def median_run(results: list[dict[str, float]], key: str) -> dict[str, Any]:
    ordered = sorted(results, key=lambda r: r[key])
    return {**ordered[len(ordered) // 2], "runs": results}


def measure_single(servers: list[Server], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    runs = taking_turns(servers, args.repeats, lambda server, _repeat: part_single(server, args.rounds, args.tokens))
    figures: dict[str, dict[str, Any]] = {}
    for server in servers:
        result = median_run(runs[server.name], "decode_tok_s")
        figures[server.name] = {"single": result}
        each = ", ".join(f"{r['decode_tok_s']:.2f}" for r in runs[server.name])
        print(
            f"  {server.name:13} single: decode {result['decode_tok_s']:.2f} tok/s (runs: {each}), "
            f"TTFT {result['ttft_s'] * 1000:.0f} ms",
            flush=True,
        )
    return figures


def measure_load(servers: list[Server], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Each of --clients, run --repeats times taking turns, with fresh questions each run (nothing a
    cache kept from the run before); the median run of each."""
    figures: dict[str, dict[str, Any]] = {server.name: {} for server in servers}
    for clients in args.clients:

        def run(server: Server, repeat: int, clients: int = clients) -> dict[str, float]:
            first = 1000 * (repeat + 1) + 100 * clients
            return part_load(server, clients, args.per_client, args.tokens, first)

        runs = taking_turns(servers, args.repeats, run)
        for server in servers:
            result = median_run(runs[server.name], "aggregate_tok_s")
            result["runs"] = [r["aggregate_tok_s"] for r in runs[server.name]]
            figures[server.name][f"load{clients}"] = result
            each = ", ".join(f"{r:.2f}" for r in result["runs"])
            print(
                f"  {server.name:13} {clients} clients: {result['aggregate_tok_s']:.2f} tok/s together (runs: {each}), "
                f"TTFT p50 {result['ttft_p50_s'] * 1000:.0f} ms p99 {result['ttft_p99_s'] * 1000:.0f} ms, "
                f"{result['tokens']} tokens, longest stall of a stream {result['longest_stall_s'] * 1000:.0f} ms",
                flush=True,
            )
    return figures


def paired(ours: list[float], theirs: list[float]) -> tuple[list[float], float]:
    """Each run against the other server's run next to it in time, and the median of those ratios."""
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    return ratios, ratios[len(ratios) // 2]


def ratio_line(label: str, ours: float, theirs: float, target: float, higher_is_better: bool) -> str:
    value = ours / theirs if theirs else 0.0
    ok = value >= target if higher_is_better else value <= target
    sign = ">=" if higher_is_better else "<="
    return f"  {label}: {ours:.3f} / {theirs:.3f} = {value:.2f}x (target {sign} {target:.2f}: {verdict(ok)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default="qwen1.5b")
    parser.add_argument("--parallel", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--kernels", choices=("safe", "full"), default="safe")
    parser.add_argument("--parts", nargs="*", default=["single", "load", "turns", "tools", "cancel"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tokens", type=int, default=48, help="max_tokens of each answer")
    parser.add_argument("--per-client", type=int, default=2, help="requests each client sends in turn")
    parser.add_argument("--repeats", type=int, default=3, help="runs of single and each load, the servers taking turns")
    parser.add_argument("--clients", type=int, nargs="*", default=[1, 4, 8], help="the loads: clients at once")
    parser.add_argument("--servers", nargs="*", default=["hearth", "llama-server"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    model = model_path(args.model)
    print(f"model {model.name}, {args.threads} threads, kernels {args.kernels}, {args.parallel} slots; {load_note()}")
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="hearth-api-bench-") as tmp, contextlib.ExitStack() as stack:
        starts: list[tuple[str, Callable[..., Any]]] = [("hearth", hearth_server), ("llama-server", llama_server)]
        servers: list[Server] = []
        for name, start in starts:
            if name not in args.servers:
                continue
            home = Path(tmp) / name
            home.mkdir()
            servers.append(stack.enter_context(start(model, args.parallel, args.threads, args.kernels, home)))
        # Both are up at once (an idle server takes no CPU): each part runs on one, then the other.
        for server in servers:
            results[server.name] = measure(server, args)
        for part, measure_part in (("single", measure_single), ("load", measure_load)):
            if part in args.parts:
                for name, figures in measure_part(servers, args).items():
                    results[name].update(figures)
    if len(results) < 2:
        return 0
    ours, theirs = results["hearth"], results["llama-server"]
    print("Hearth / llama-server:")

    def compare(label: str, part: str, key: str, target: float, higher_is_better: bool) -> None:
        print(ratio_line(label, ours[part][key], theirs[part][key], target, higher_is_better))

    if "single" in args.parts:
        ratios, median_ratio = paired(*([r["decode_tok_s"] for r in f["single"]["runs"]] for f in (ours, theirs)))
        print(
            f"  single-stream decode tok/s, run by run: {', '.join(f'{r:.2f}' for r in ratios)}x, "
            f"median {median_ratio:.2f}x (target >= 0.97: {verdict(median_ratio >= 0.97)})"
        )
        ratios, median_ratio = paired(*([r["ttft_s"] for r in f["single"]["runs"]] for f in (ours, theirs)))
        print(f"  single-stream TTFT, run by run: {', '.join(f'{r:.2f}' for r in ratios)}x, median {median_ratio:.2f}x")
    if "load" in args.parts:
        for clients in args.clients:
            # The machine's speed moves by half between minutes, far more than the difference measured.
            ratios, median_ratio = paired(ours[f"load{clients}"]["runs"], theirs[f"load{clients}"]["runs"])
            print(
                f"  {clients} clients aggregate tok/s, run by run: {', '.join(f'{r:.2f}' for r in ratios)}x, "
                f"median {median_ratio:.2f}x (target >= 0.95: {verdict(median_ratio >= 0.95)})"
            )
            compare(f"{clients} clients TTFT p99 s", f"load{clients}", "ttft_p99_s", 1.0, False)
    if "turns" in args.parts:
        compare("second-turn TTFT s", "turns", "second_turn_ttft_s", 1.0, False)
    if "tools" in args.parts:
        asked = ours["tools"]["asked"]
        for label in TOOL_CHOICES:
            print(
                f"  tool_choice {label}: calls that parse {ours['tools'][label]:.0f}/{asked:.0f} here, "
                f"{theirs['tools'][label]:.0f}/{asked:.0f} on llama-server"
            )
    if "cancel" in args.parts:
        for during in ("decode", "prefill"):
            key = f"cancel_{during}_ms"
            print(f"  cancel during {during}: Hearth {ours[key]:.0f} ms, llama-server {theirs[key]:.0f} ms")
        if "single" in args.parts:
            step = 1000 / max(1e-9, ours["single"]["decode_tok_s"])
            print(f"  one decode step here: {step:.0f} ms (a prompt read alone goes 512 tokens a step)")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
