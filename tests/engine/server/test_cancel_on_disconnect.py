"""A client that goes away stops its answer in the engine, also while its prompt is still being
read: checked from the engine's own figures (the server's request log)."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.engine.server.served import ServedApi, serving

pytestmark = pytest.mark.e2e  # a real `hearth serve` on a real model

# About 6,000 tokens for the starter model: seconds to read, in chunks of 512.
LONG_PROMPT = "Please summarise the following notes. " + " ".join(
    f"Note {i}: the tide came in at dawn." for i in range(450)
)


@pytest.fixture(scope="module")
def long_api(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[ServedApi]:
    home = tmp_path_factory.mktemp("serve-long")
    with serving(home, probed_kernels, "--parallel", "1", "--ctx", "8192") as served:
        yield served


def _last_request(api: ServedApi) -> dict[str, object]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        log = httpx.get(f"{api.base_url}/hearth/requests", timeout=5).json()
        if not log["in_flight"] and log["recent"]:
            return dict(log["recent"][-1])
        time.sleep(0.05)
    raise AssertionError("the answer did not end")


def _wait_reading(api: ServedApi) -> None:
    """Until the engine has begun reading the request's prompt (its size is known then)."""
    deadline = time.monotonic() + 30
    while not any(
        r["prompt_tokens"] for r in httpx.get(f"{api.base_url}/hearth/requests", timeout=5).json()["in_flight"]
    ):
        assert time.monotonic() < deadline
        time.sleep(0.02)


def _body(*, stream: bool) -> dict[str, object]:
    return {
        "messages": [{"role": "user", "content": LONG_PROMPT}],
        "max_tokens": 32,
        "stream": stream,
        "user": f"cancel-{time.monotonic()}",
    }


def test_leaving_a_stream_during_the_prompt_read_stops_the_read(long_api: ServedApi) -> None:
    with (
        httpx.Client(timeout=60) as client,
        client.stream("POST", f"{long_api.base_url}/v1/chat/completions", json=_body(stream=True)) as reply,
    ):
        _wait_reading(long_api)  # a read of thousands of tokens: seconds, on any CPU
        assert reply.status_code == 200
    # leaving the block closed the connection: the client went away
    _assert_stopped_reading(long_api)


def test_leaving_a_plain_request_during_the_prompt_read_stops_the_read(long_api: ServedApi) -> None:
    # No byte comes back before the answer is whole, so the request goes over a bare socket that the
    # client closes once the engine is reading (as a client that gives up does).
    body = json.dumps(_body(stream=False)).encode()
    head = (
        f"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", long_api.port), timeout=30) as sock:
        sock.sendall(head + body)
        _wait_reading(long_api)
    _assert_stopped_reading(long_api)


def _assert_stopped_reading(api: ServedApi) -> None:
    record = _last_request(api)
    assert record["disconnected"] is True
    assert record["status"] == "cancelled"
    assert record["completion_tokens"] == 0
    assert isinstance(record["prompt_read_tokens"], int)
    assert isinstance(record["prompt_tokens"], int)
    assert record["prompt_read_tokens"] < record["prompt_tokens"]  # stopped before the read was through
    assert api.metrics()["hearth_cancelled_on_disconnect_total"] >= 1


def test_leaving_while_it_writes_stops_within_a_token(long_api: ServedApi) -> None:
    body = {"messages": [{"role": "user", "content": "Tell me a long story."}], "max_tokens": 2000, "stream": True}
    with (
        httpx.Client(timeout=60) as client,
        client.stream("POST", f"{long_api.base_url}/v1/chat/completions", json=body) as reply,
    ):
        lines = reply.iter_lines()
        seen = [next(lines) for _ in range(6)]  # some tokens have come
        assert any("content" in line for line in seen)
    record = _last_request(long_api)
    assert record["status"] == "cancelled"
    assert isinstance(record["completion_tokens"], int)
    assert 0 < record["completion_tokens"] < 2000
    assert isinstance(record["tokens_after_cancel"], int)
    assert record["tokens_after_cancel"] <= 1
