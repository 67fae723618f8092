"""Secure by default: an API key where asked for (and required off loopback), CORS only for the
allow-list."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from tests.engine.server.served import ServedApi, serving

pytestmark = pytest.mark.e2e  # a real `hearth serve` on a real model

KEY = "sesame-0123456789"


@pytest.fixture(scope="module")
def keyed_api(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[ServedApi]:
    home = tmp_path_factory.mktemp("serve-key")
    with serving(
        home,
        probed_kernels,
        "--api-key",
        KEY,
        "--parallel",
        "1",
        "--cors-origin",
        "http://notes.local",
        "--max-in-flight",
        "2",
    ) as served:
        yield served


def test_a_request_without_the_key_is_refused(keyed_api: ServedApi) -> None:
    with (
        openai.OpenAI(base_url=f"{keyed_api.base_url}/v1", api_key="wrong", max_retries=0) as wrong,
        pytest.raises(openai.AuthenticationError),
    ):
        wrong.models.list()
    assert httpx.get(f"{keyed_api.base_url}/v1/models", timeout=10).status_code == 401
    assert httpx.get(f"{keyed_api.base_url}/health", timeout=10).status_code == 200  # probes need no key
    with openai.OpenAI(base_url=f"{keyed_api.base_url}/v1", api_key=KEY, max_retries=0) as right:
        reply = right.chat.completions.create(model="", messages=[{"role": "user", "content": "Hi"}], max_tokens=4)
    assert reply.choices[0].message.content is not None


def test_cors_answers_only_the_allowed_origin(keyed_api: ServedApi) -> None:
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}
    allowed = httpx.options(
        f"{keyed_api.base_url}/v1/chat/completions", headers={"Origin": "http://notes.local", **preflight}, timeout=10
    )
    assert allowed.headers.get("access-control-allow-origin") == "http://notes.local"
    other = httpx.options(
        f"{keyed_api.base_url}/v1/chat/completions", headers={"Origin": "http://evil.example", **preflight}, timeout=10
    )
    assert "access-control-allow-origin" not in other.headers


def test_serving_beyond_this_computer_needs_a_key(hearth_home: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from engine.cli.main import main; raise SystemExit(main())",
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            "8091",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "hearth: Serving on 0.0.0.0 lets other computers in; give an --api-key for them to send."
    )


def test_a_full_queue_answers_429_with_retry_after(keyed_api: ServedApi) -> None:
    headers = {"Authorization": f"Bearer {KEY}"}
    url = f"{keyed_api.base_url}/v1/chat/completions"
    body = {"messages": [{"role": "user", "content": "Tell me a long story."}], "max_tokens": 400, "stream": True}
    with (
        httpx.Client(timeout=60, headers=headers) as client,
        client.stream("POST", url, json=body) as first,
        client.stream("POST", url, json=body) as second,
    ):
        assert first.status_code == second.status_code == 200
        deadline = time.monotonic() + 30
        while len(client.get(f"{keyed_api.base_url}/hearth/requests").json()["in_flight"]) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        third = client.post(url, json={**body, "stream": False})
        assert third.status_code == 429
        assert third.headers["retry-after"] == "1"
        assert third.json()["error"]["code"] == "queue_full"


def test_a_port_in_use_is_said_in_one_sentence(hearth_home: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                "from engine.cli.main import main; raise SystemExit(main())",
                "serve",
                "--port",
                str(port),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"hearth: Hearth cannot listen on http://127.0.0.1:{port}: it is in use by another program; "
        "choose another --port."
    )
