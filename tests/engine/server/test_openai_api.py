"""The real openai SDK against a real `hearth serve` on the starter model."""

from __future__ import annotations

import base64
import ipaddress
import json
import struct
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import openai
import psutil
import pytest

from tests.engine.server.served import ServedApi

pytestmark = pytest.mark.e2e  # a real `hearth serve` on a real model

QUESTION = [{"role": "user", "content": "Name three colours."}]


@pytest.fixture
def client(api: ServedApi) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=f"{api.base_url}/v1", api_key="unused", max_retries=0, timeout=60) as client:
        yield client


def test_models_lists_the_library_with_capabilities(client: openai.OpenAI) -> None:
    models = client.models.list().data
    assert [m.id for m in models] == ["SmolLM2-135M-Instruct.Q4_1"]
    model = models[0].model_dump()
    assert model["owned_by"]
    assert model["created"] > 0
    assert model["capabilities"]["chat"] is True
    assert model["loaded"] is True


def test_a_chat_answer_with_usage_cached_tokens_and_timings(client: openai.OpenAI) -> None:
    first = client.chat.completions.create(model="", messages=QUESTION, max_tokens=8, temperature=0)
    again = client.chat.completions.create(model="", messages=QUESTION, max_tokens=8, temperature=0)
    assert first.choices[0].message.content
    assert first.choices[0].finish_reason in ("stop", "length")
    assert again.choices[0].message.content == first.choices[0].message.content  # greedy: the same answer
    assert first.usage is not None
    assert again.usage is not None
    assert first.usage.completion_tokens >= 1
    assert again.usage.prompt_tokens == first.usage.prompt_tokens
    details = again.usage.prompt_tokens_details
    assert details is not None
    assert details.cached_tokens is not None
    assert details.cached_tokens > 0  # the same prompt again: read from the prefix cache
    timings = (again.model_extra or {})["timings"]
    assert timings["cache_n"] == details.cached_tokens
    assert timings["cache_source"] in ("live", "ram", "disk")
    assert timings["ttft_ms"] > 0


def test_streaming_ends_with_usage_and_done(api: ServedApi, client: openai.OpenAI) -> None:
    stream = client.chat.completions.create(
        model="", messages=QUESTION, max_tokens=10, stream=True, stream_options={"include_usage": True}
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text
    finishes = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    assert finishes in (["length"], ["stop"])
    assert chunks[-1].choices == []
    assert chunks[-1].usage is not None
    assert chunks[-1].usage.completion_tokens >= 1
    with httpx.stream(
        "POST", f"{api.base_url}/v1/chat/completions", json={"messages": QUESTION, "max_tokens": 4, "stream": True}
    ) as raw:
        lines = [line for line in raw.iter_lines() if line]
    assert lines[-1] == "data: [DONE]"


def test_n_answers_share_one_read_of_the_prompt(api: ServedApi, client: openai.OpenAI) -> None:
    before = api.metrics()
    reply = client.chat.completions.create(
        model="",
        messages=[{"role": "user", "content": "Write a line about the sea, please."}],
        max_tokens=12,
        n=3,
        seed=7,
    )
    after = api.metrics()
    assert [c.index for c in reply.choices] == [0, 1, 2]
    assert all(c.message.content for c in reply.choices)
    assert reply.usage is not None
    prompt = reply.usage.prompt_tokens
    # Read once: the other two answers copied it from the first's slot (llama_memory_seq_cp) but for
    # a last few tokens each reads itself.
    cached = after["hearth_cached_prompt_tokens_total"] - before["hearth_cached_prompt_tokens_total"]
    assert cached >= 2 * (prompt - 4)
    assert len({c.message.content for c in reply.choices}) > 1  # seeds 7, 8, 9: different answers


def test_stop_strings_end_the_answer_before_them(client: openai.OpenAI) -> None:
    reply = client.chat.completions.create(
        model="",
        messages=[{"role": "user", "content": "Count from 1 to 10, one number per line."}],
        max_tokens=60,
        temperature=0,
        stop=["5"],
    )
    text = reply.choices[0].message.content or ""
    assert "4" in text
    assert "5" not in text
    assert reply.choices[0].finish_reason == "stop"


def test_json_schema_output_parses_and_keeps_to_the_schema(client: openai.OpenAI) -> None:
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
        "required": ["name", "age"],
        "additionalProperties": False,
    }
    reply = client.chat.completions.create(
        model="",
        messages=[{"role": "user", "content": "Invent a person: a name and an age."}],
        max_tokens=80,
        response_format={"type": "json_schema", "json_schema": {"name": "person", "schema": schema}},
    )
    value = json.loads(reply.choices[0].message.content or "")
    assert set(value) == {"name", "age"}
    assert isinstance(value["name"], str)
    assert isinstance(value["age"], int)


def test_logit_bias_steers_every_token(client: openai.OpenAI) -> None:
    plain = client.chat.completions.create(model="", messages=QUESTION, max_tokens=3, temperature=0)
    steered = client.chat.completions.create(
        model="", messages=QUESTION, max_tokens=3, temperature=0, logit_bias={"1000": 100}
    )
    text = steered.choices[0].message.content or ""
    piece = text[: len(text) // 3]
    assert piece
    assert text == piece * 3  # +100 on one token: greedy picks it every time
    assert text != plain.choices[0].message.content


def test_completions_reads_the_prompt_as_it_is(client: openai.OpenAI) -> None:
    reply = client.completions.create(model="", prompt="The capital of France is", max_tokens=6, temperature=0)
    assert reply.choices[0].text
    assert reply.usage is not None
    assert reply.usage.prompt_tokens <= 8  # no chat template around it


@pytest.mark.parametrize(
    ("extra", "param"),
    [
        ({"top_logprobs": 3}, "top_logprobs"),
        ({"tools": [{"type": "code_interpreter"}]}, "tools[0].type"),
        ({"temperature": 5}, "temperature"),
        ({"frobnicate": 1}, "frobnicate"),
        (
            {"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]},
            "messages[0].content[0].type",
        ),
    ],
)
def test_what_hearth_cannot_honour_is_refused_by_name(api: ServedApi, extra: dict[str, object], param: str) -> None:
    body = {"messages": QUESTION, "max_tokens": 2, **extra}
    reply = httpx.post(f"{api.base_url}/v1/chat/completions", json=body, timeout=30)
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error["param"] == param
    assert param.split(".", maxsplit=1)[0].split("[", maxsplit=1)[0] in error["message"]


def test_an_unknown_model_is_a_404_listing_the_library(client: openai.OpenAI) -> None:
    with pytest.raises(openai.NotFoundError) as caught:
        client.chat.completions.create(model="gpt-4o", messages=QUESTION)
    assert "SmolLM2-135M-Instruct.Q4_1" in str(caught.value)


def test_a_prompt_too_long_is_context_length_exceeded_with_counts(client: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model="", messages=[{"role": "user", "content": "word " * 5000}], max_tokens=4)
    body = caught.value.body
    assert isinstance(body, dict)
    assert body["code"] == "context_length_exceeded"
    assert "4,096" in body["message"]


def test_bad_json_and_a_body_too_big_get_one_sentence(api: ServedApi) -> None:
    bad = httpx.post(f"{api.base_url}/v1/chat/completions", content=b"{not json", timeout=10)
    assert bad.status_code == 400
    assert bad.json()["error"]["message"] == "The request body is not valid JSON."
    big = httpx.post(f"{api.base_url}/v1/chat/completions", content=b" " * (9 * 1024 * 1024), timeout=30)
    assert big.status_code == 413


def test_a_foreign_host_header_is_refused(api: ServedApi) -> None:
    reply = httpx.get(f"{api.base_url}/v1/models", headers={"Host": "evil.example:8088"}, timeout=10)
    assert reply.status_code == 403
    assert "evil.example" in reply.json()["error"]["message"]
    assert httpx.get(f"{api.base_url}/v1/models", headers={"Host": "localhost"}, timeout=10).status_code == 200


def test_eight_clients_at_once_all_get_their_answers(api: ServedApi, client: openai.OpenAI) -> None:
    def ask(i: int) -> str:
        reply = client.chat.completions.create(
            model="", messages=[{"role": "user", "content": f"Say the number {i}."}], max_tokens=8
        )
        return reply.choices[0].message.content or ""

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, range(8)))
    assert all(answers)
    assert api.metrics()["hearth_requests_in_flight"] == 0


def test_health_and_metrics(api: ServedApi) -> None:
    health = httpx.get(f"{api.base_url}/health", timeout=10)
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "model": "SmolLM2-135M-Instruct.Q4_1"}
    metrics = api.metrics()
    assert metrics["hearth_model_loaded"] == 1
    assert metrics["hearth_requests_total"] >= 1


def test_embeddings_are_unit_vectors_one_per_text(client: openai.OpenAI) -> None:
    texts = ["A cat sat on the mat.", "Stock prices fell sharply today.", "A cat sat on the mat."]
    reply = client.embeddings.create(model="", input=texts)
    vectors = [item.embedding for item in reply.data]
    assert [item.index for item in reply.data] == [0, 1, 2]
    assert len({len(v) for v in vectors}) == 1
    assert len(vectors[0]) == 576  # SmolLM2-135M's embedding size
    assert abs(sum(x * x for x in vectors[0]) - 1.0) < 1e-4
    assert vectors[0] == vectors[2]  # the same text, the same vector
    assert vectors[0] != vectors[1]
    assert reply.usage.prompt_tokens > 0
    as_base64 = client.embeddings.create(model="", input="A cat sat on the mat.", encoding_format="base64")
    packed = base64.b64decode(str(as_base64.data[0].embedding))
    assert list(struct.unpack(f"<{len(packed) // 4}f", packed)) == pytest.approx(vectors[0], abs=1e-6)


def test_an_embedding_of_a_text_too_long_is_refused_with_counts(client: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        client.embeddings.create(model="", input="word " * 5000)
    assert "2,048" in str(caught.value)


def test_the_server_makes_no_connection_off_this_computer(api: ServedApi, client: openai.OpenAI) -> None:
    client.chat.completions.create(model="", messages=QUESTION, max_tokens=2)
    server = psutil.Process(api.process.pid)
    connections = [c for p in (server, *server.children(recursive=True)) for c in p.net_connections("inet")]
    assert connections  # at least its listening socket
    for connection in connections:
        assert ipaddress.ip_address(connection.laddr.ip).is_loopback, connection
        if connection.raddr:
            assert ipaddress.ip_address(connection.raddr.ip).is_loopback, connection


def test_logprobs_give_each_token_and_its_likeliest_alternatives(client: openai.OpenAI) -> None:
    reply = client.chat.completions.create(
        model="", messages=QUESTION, max_tokens=6, temperature=0, logprobs=True, top_logprobs=3
    )
    choice = reply.choices[0]
    assert choice.logprobs is not None
    scores = choice.logprobs.content
    assert scores is not None
    assert reply.usage is not None
    assert len(scores) == reply.usage.completion_tokens
    assert "".join(s.token for s in scores) == choice.message.content
    for score in scores:
        assert score.logprob <= 0
        assert len(score.top_logprobs) == 3
        assert score.top_logprobs[0].token == score.token  # greedy: the likeliest was written
        assert score.top_logprobs[0].logprob == pytest.approx(score.logprob)
        assert bytes(score.bytes or []).decode() == score.token
    streamed = client.chat.completions.create(
        model="", messages=QUESTION, max_tokens=6, temperature=0, logprobs=True, stream=True
    )
    tokens = [
        s.token for c in streamed if c.choices and c.choices[0].logprobs for s in c.choices[0].logprobs.content or []
    ]
    assert tokens == [s.token for s in scores]
    text = client.completions.create(
        model="", prompt="The capital of France is", max_tokens=4, temperature=0, logprobs=2
    )
    legacy = text.choices[0].logprobs
    assert legacy is not None
    assert legacy.tokens is not None
    assert "".join(legacy.tokens) == text.choices[0].text
    assert legacy.top_logprobs is not None
    assert all(len(top) == 2 for top in legacy.top_logprobs)


def test_a_question_asked_again_after_another_is_read_from_the_cache(client: openai.OpenAI) -> None:
    """Each conversation keeps its own slot: a second one copies the shared start, not writes over the first."""
    first = [{"role": "user", "content": "List four rivers of Europe, one per line, no more."}]
    other = [{"role": "user", "content": "Name the planets from the sun outwards, briefly."}]
    before = client.chat.completions.create(model="", messages=first, max_tokens=8, temperature=0)
    client.chat.completions.create(model="", messages=other, max_tokens=8, temperature=0)
    again = client.chat.completions.create(model="", messages=first, max_tokens=8, temperature=0)
    assert before.usage is not None
    assert again.usage is not None
    details = again.usage.prompt_tokens_details
    assert details is not None
    assert details.cached_tokens == before.usage.prompt_tokens - 1  # all but the last, read for its logits
