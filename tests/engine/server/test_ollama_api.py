"""The real `ollama` Python client against a real `hearth serve`."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import ollama
import pytest

from tests.engine.server.served import ServedApi

pytestmark = pytest.mark.e2e  # a real `hearth serve` on a real model

MODEL = "SmolLM2-135M-Instruct.Q4_1"


@pytest.fixture
def client(api: ServedApi) -> Iterator[ollama.Client]:
    client = ollama.Client(host=api.base_url, timeout=60)
    yield client
    client._client.close()  # the client has no close of its own


def test_tags_show_and_version(api: ServedApi, client: ollama.Client) -> None:
    names = [m.model for m in client.list().models]
    assert names == [MODEL]
    shown = client.show(MODEL)
    assert shown.details is not None
    assert shown.details.family == "llama"
    assert shown.modelinfo is not None
    assert shown.modelinfo["general.architecture"] == "llama"
    version = httpx.get(f"{api.base_url}/api/version", timeout=10).json()["version"]
    assert version[0].isdigit()


def test_chat_streams_and_answers(client: ollama.Client) -> None:
    parts = list(
        client.chat(MODEL, messages=[{"role": "user", "content": "Hi!"}], stream=True, options={"num_predict": 8})
    )
    assert parts[-1].done is True
    assert parts[-1].done_reason in ("stop", "length")
    assert parts[-1].eval_count is not None
    assert parts[-1].eval_count >= 1
    assert "".join(p.message.content or "" for p in parts)
    whole = client.chat(
        f"{MODEL}:latest", messages=[{"role": "user", "content": "Hi!"}], options={"num_predict": 8, "temperature": 0}
    )
    assert whole.message.content


def test_generate_and_json_format(client: ollama.Client) -> None:
    reply = client.generate(MODEL, "The sky is", options={"num_predict": 6, "temperature": 0})
    assert reply.response
    assert reply.prompt_eval_count is not None
    loose = client.generate(
        MODEL,
        'Reply in JSON, as {"colour": "..."}: what colour is the sky?',
        format="json",
        options={"num_predict": 200, "temperature": 0},
    )
    assert loose.done_reason == "stop"
    assert isinstance(json.loads(loose.response), dict)
    schema = {"type": "object", "properties": {"colour": {"type": "string", "maxLength": 12}}, "required": ["colour"]}
    shaped = client.generate(
        MODEL, "What colour is the sky?", format=schema, options={"num_predict": 60, "temperature": 0}
    )
    assert set(json.loads(shaped.response)) == {"colour"}


def test_unsupported_options_are_refused_by_name(client: ollama.Client) -> None:
    with pytest.raises(ollama.ResponseError) as caught:
        client.chat(MODEL, messages=[{"role": "user", "content": "Hi"}], options={"mirostat": 1})
    assert caught.value.status_code == 400
    assert "options.mirostat" in caught.value.error
    with pytest.raises(ollama.ResponseError) as missing:
        client.chat("llama3", messages=[{"role": "user", "content": "Hi"}])
    assert missing.value.status_code == 404
    assert MODEL in missing.value.error


def test_embed_returns_one_vector_per_input(client: ollama.Client) -> None:
    reply = client.embed(MODEL, input=["The tide came in.", "Bread rises in the oven."])
    assert len(reply.embeddings) == 2
    assert len(reply.embeddings[0]) == 576
    assert reply.embeddings[0] != reply.embeddings[1]
    assert reply.prompt_eval_count is not None
    assert reply.prompt_eval_count > 0
    long = client.embed(MODEL, input="word " * 5000)  # Ollama cuts a text too long unless told not to
    assert len(long.embeddings[0]) == 576
    with pytest.raises(ollama.ResponseError) as caught:
        client.embed(MODEL, input="word " * 5000, truncate=False)
    assert caught.value.status_code == 400
