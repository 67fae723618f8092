"""Tool calls through the real openai SDK and ollama client against a real `hearth serve` (starter model).

The starter model has no tool format of its own, so Hearth describes the tools in its system prompt;
the grammar holds every call to the <tool_call> format and to its function's parameters."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import ollama
import openai
import pytest
from openai.lib.streaming.chat import ChatCompletionStreamState

from engine.protocol import ToolCall
from engine.server.ollama_api import ollama_message
from tests.engine.server.served import ServedApi

pytestmark = pytest.mark.e2e  # a real `hearth serve` on a real model

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather now in a city",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
            "required": ["city", "unit"],
        },
    },
}
CLOCK = {
    "type": "function",
    "function": {
        "name": "get_time",
        "parameters": {"type": "object", "properties": {"zone": {"type": "integer"}}, "required": ["zone"]},
    },
}
QUESTION = [{"role": "user", "content": "What is the weather in Paris?"}]
STARTER = "SmolLM2-135M-Instruct.Q4_1"


@pytest.fixture
def client(api: ServedApi) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=f"{api.base_url}/v1", api_key="unused", max_retries=0, timeout=120) as client:
        yield client


def assert_keeps_to_its_function(name: str, arguments: str) -> None:
    values = json.loads(arguments)
    if name == "get_weather":
        assert set(values) == {"city", "unit"}
        assert isinstance(values["city"], str)
        assert values["unit"] in ("celsius", "fahrenheit")
    else:
        assert name == "get_time"
        assert set(values) == {"zone"}
        assert isinstance(values["zone"], int)


def test_a_required_call_streams_in_deltas_the_sdk_puts_together(client: openai.OpenAI) -> None:
    state = ChatCompletionStreamState()
    chunks = 0
    with client.chat.completions.create(
        model="", messages=QUESTION, tools=[WEATHER, CLOCK], tool_choice="required", max_tokens=300, stream=True
    ) as stream:
        for chunk in stream:
            state.handle_chunk(chunk)
            chunks += 1
    answer = state.get_final_completion().choices[0]
    assert answer.finish_reason == "tool_calls"
    calls = answer.message.tool_calls or []
    assert calls
    for call in calls:
        assert call.id.startswith("call_")
        assert_keeps_to_its_function(call.function.name, call.function.arguments)
    assert len({call.id for call in calls}) == len(calls)
    assert chunks >= 2 * len(calls)  # each call's name, then its arguments


def test_a_named_function_is_the_one_called_once_without_parallel_calls(client: openai.OpenAI) -> None:
    reply = client.chat.completions.create(
        model="",
        messages=QUESTION,
        tools=[WEATHER, CLOCK],
        tool_choice={"type": "function", "function": {"name": "get_time"}},
        parallel_tool_calls=False,
        max_tokens=120,
        seed=3,
    )
    answer = reply.choices[0]
    assert answer.finish_reason == "tool_calls"
    assert answer.message.content is None
    calls = answer.message.tool_calls or []
    assert [call.function.name for call in calls] == ["get_time"]
    assert_keeps_to_its_function("get_time", calls[0].function.arguments)


def test_tool_results_go_back_and_the_tools_stay_in_the_cached_prefix(client: openai.OpenAI) -> None:
    first = client.chat.completions.create(
        model="", messages=QUESTION, tools=[WEATHER], tool_choice="required", max_tokens=300, user="tools"
    )
    call = (first.choices[0].message.tool_calls or [])[0]
    history = [
        *QUESTION,
        first.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "18 degrees and sunny"},
    ]
    second = client.chat.completions.create(model="", messages=history, tools=[WEATHER], max_tokens=24, user="tools")
    assert first.usage is not None
    assert second.usage is not None
    details = second.usage.prompt_tokens_details
    assert details is not None
    assert details.cached_tokens is not None
    # The system prompt with the tools and the question were read once, for the first request.
    assert details.cached_tokens >= first.usage.prompt_tokens - 1
    assert second.usage.prompt_tokens > first.usage.prompt_tokens
    # "none": the model answers in words (the tools are left out of its prompt).
    third = client.chat.completions.create(
        model="", messages=history, tools=[WEATHER], tool_choice="none", max_tokens=24, user="tools"
    )
    assert third.choices[0].message.tool_calls is None
    assert third.choices[0].message.content
    assert third.choices[0].finish_reason in ("stop", "length")


def test_ollama_chat_returns_calls_as_objects(api: ServedApi) -> None:
    # Ollama has no tool_choice: a conversation that already called once shows the model the format.
    history = [
        {"role": "user", "content": "What is the weather in Taipei?"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"function": {"name": "get_weather", "arguments": {"city": "Taipei", "unit": "celsius"}}}],
        },
        {"role": "tool", "content": "25 degrees, rain", "tool_name": "get_weather"},
        {"role": "assistant", "content": "It is 25 degrees and raining in Taipei."},
        {"role": "user", "content": "And in Paris?"},
    ]
    with ollama.Client(host=api.base_url, timeout=120) as client:
        reply = client.chat(STARTER, messages=history, tools=[WEATHER], options={"num_predict": 80, "temperature": 0})
    # The starter model answers in words here (no model the tests may use calls unasked); whatever
    # it writes keeps to the format.
    for call in reply.message.tool_calls or []:
        assert_keeps_to_its_function(call.function.name, json.dumps(call.function.arguments))
    assert reply.message.tool_calls or reply.message.content
    assert reply.done_reason in ("stop", "length")


def test_ollama_calls_are_in_the_shape_the_ollama_client_reads() -> None:
    calls = (ToolCall("get_weather", '{"city": "Paris", "unit": "celsius"}', "call_1"),)
    line = {"model": STARTER, "created_at": "2026-12-03T00:00:00Z", **ollama_message("chat", "", calls), "done": False}
    parsed = ollama.ChatResponse.model_validate(line)
    assert parsed.message.tool_calls is not None
    assert parsed.message.tool_calls[0].function.name == "get_weather"
    assert parsed.message.tool_calls[0].function.arguments == {"city": "Paris", "unit": "celsius"}


@pytest.mark.parametrize(
    ("extra", "param"),
    [
        ({"tools": [{"type": "web_search"}]}, "tools[0].type"),
        ({"tools": [{"type": "function", "function": {"name": "no spaces"}}]}, "tools[0].function.name"),
        (
            {"tools": [WEATHER], "tool_choice": {"type": "function", "function": {"name": "nope"}}},
            "tool_choice.function.name",
        ),
        ({"tool_choice": "required"}, "tool_choice"),
        ({"tools": [WEATHER], "response_format": {"type": "json_object"}}, "response_format"),
        ({"functions": [{"name": "f"}]}, "functions"),
    ],
)
def test_tools_hearth_cannot_honour_are_refused_by_name(api: ServedApi, extra: dict[str, object], param: str) -> None:
    body = {"messages": QUESTION, "max_tokens": 2, **extra}
    reply = httpx.post(f"{api.base_url}/v1/chat/completions", json=body, timeout=30)
    assert reply.status_code == 400
    assert reply.json()["error"]["param"] == param


def test_no_log_holds_the_questions_or_the_calls(api: ServedApi, client: openai.OpenAI) -> None:
    question = [{"role": "user", "content": "What is the weather in Zanzibar-Quokka-7731?"}]
    client.chat.completions.create(model="", messages=question, tools=[WEATHER], max_tokens=60)
    client.chat.completions.create(model="", messages=question, tools=[WEATHER], tool_choice="required", max_tokens=60)
    logs = [path for path in api.log.parent.rglob("*.log") if path.is_file()]
    assert logs
    for path in logs:
        text = path.read_text(errors="replace")
        assert "Zanzibar" not in text, path
        assert "Quokka" not in text, path
        # llama.cpp's debug lines quote each token a lazy grammar sees: they stay out of the log.
        assert "awaiting trigger" not in text, path
