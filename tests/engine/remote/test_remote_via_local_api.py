"""The local API routes a model of a remote engine: a client of this computer's `hearth serve`
asks for "<engine>/<model id>" and the engine the user added answers, through Hearth, with the
same stream and figures; the loaded model stays loaded. Two real `hearth serve`s on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from engine.remote.engines import add_engine
from tests.engine.server.served import ServedApi, serving

pytestmark = pytest.mark.e2e
STARTER_ID = "SmolLM2-135M-Instruct.Q4_1"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[tuple[ServedApi, ServedApi]]:
    """(this computer's hearth serve, the remote one it was told about)."""
    with serving(tmp_path_factory.mktemp("remote-box"), probed_kernels, "--parallel", "2") as remote:
        home = tmp_path_factory.mktemp("this-computer")
        with pytest.MonkeyPatch.context() as env:
            env.setenv("HEARTH_HOME", str(home))
            add_engine("gpu-box", remote.base_url)
        with serving(home, probed_kernels, "--parallel", "2") as local:
            yield local, remote


def test_a_client_of_the_local_api_reaches_the_remote_engine_by_its_name(pair: tuple[ServedApi, ServedApi]) -> None:
    local, remote = pair
    asked_before = remote.metrics().get("hearth_requests_total", 0)
    client = openai.OpenAI(base_url=f"{local.base_url}/v1", api_key="unused", max_retries=0)
    stream = client.chat.completions.create(
        model=f"gpu-box/{STARTER_ID}",
        messages=[{"role": "user", "content": "Name three colours."}],
        max_tokens=16,
        temperature=0,
        stream=True,
        stream_options={"include_usage": True},
    )
    pieces, usage = [], None
    for chunk in stream:
        pieces += [choice.delta.content or "" for choice in chunk.choices]
        usage = chunk.usage or usage
    assert "".join(pieces).strip()
    assert usage is not None
    assert usage.completion_tokens > 0
    assert remote.metrics().get("hearth_requests_total", 0) == asked_before + 1  # the remote one answered
    local_metrics = local.metrics()
    assert local_metrics.get("hearth_requests_total", 0) >= 1


def test_a_name_that_is_no_engine_is_a_404_listing_the_library(pair: tuple[ServedApi, ServedApi]) -> None:
    local, _ = pair
    client = openai.OpenAI(base_url=f"{local.base_url}/v1", api_key="unused", max_retries=0)
    with pytest.raises(openai.NotFoundError, match="There is no model called 'nowhere/x'"):
        client.chat.completions.create(model="nowhere/x", messages=[{"role": "user", "content": "hi"}], max_tokens=4)


def test_the_local_apis_model_list_holds_the_remote_engines_models_by_the_names_it_routes(
    pair: tuple[ServedApi, ServedApi],
) -> None:
    local, remote = pair
    client = openai.OpenAI(base_url=f"{local.base_url}/v1", api_key="unused", max_retries=0)
    listed = {model.id: model for model in client.models.list()}
    assert STARTER_ID in listed  # this computer's library
    remote_entry = listed[f"gpu-box/{STARTER_ID}"]
    assert remote_entry.owned_by == "gpu-box"
    assert (remote_entry.model_extra or {})["remote_engine"] == {"name": "gpu-box", "host": f"127.0.0.1:{remote.port}"}
