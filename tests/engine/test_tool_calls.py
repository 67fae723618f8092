"""Tool calls in the <tool_call> format: how the prompt says them and how an answer's text is read back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.prompt.builtin_templates import CHATML_TEMPLATE
from engine.prompt.chat_template import ChatTemplate
from engine.prompt.tool_calls import (
    ToolCallReader,
    call_schema,
    calls_grammar,
    schema_names,
    speaks_tools,
    triggers,
)
from engine.protocol import ChatMessage, ToolCall

# Qwen 2.5's own chat template (Apache-2.0, from the model's tokenizer_config.json): it renders tools itself.
QWEN_TEMPLATE = (Path(__file__).parents[1] / "fixtures" / "qwen2_5_chat_template.jinja").read_text()

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
TOOLS = json.dumps([WEATHER])
CONVERSATION = (
    ChatMessage("system", "Be brief."),
    ChatMessage("user", "Weather in Paris and Taipei?"),
    ChatMessage(
        "assistant",
        "",
        tool_calls=(
            ToolCall("get_weather", '{"city": "Paris"}', "call_1"),
            ToolCall("get_weather", '{"city": "台北"}', "call_2"),
        ),
    ),
    ChatMessage("tool", "18 C, sunny", tool_call_id="call_1"),
    ChatMessage("tool", "25 C, rain", tool_call_id="call_2"),
)


def template(text: str) -> ChatTemplate:
    return ChatTemplate("gguf", "test", text, "", "<|im_end|>")


def test_qwen_template_is_known_to_speak_tools_and_chatml_is_not() -> None:
    assert speaks_tools(QWEN_TEMPLATE)
    assert not speaks_tools(CHATML_TEMPLATE)


def test_a_template_that_speaks_tools_renders_them_itself() -> None:
    text = template(QWEN_TEMPLATE).render(CONVERSATION, tools=TOOLS)
    assert text.startswith("<|im_start|>system\nBe brief.\n\n# Tools")
    assert '"name": "get_weather"' in text.split("\n</tools>")[0]
    # The calls as the model writes them, the results as one user turn of <tool_response>s.
    assert '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>' in text
    assert "<|im_start|>user\n<tool_response>\n18 C, sunny\n</tool_response>\n<tool_response>\n25 C, rain" in text
    assert text.endswith("<|im_start|>assistant\n")


def test_a_template_without_tools_gets_the_same_format_in_plain_messages() -> None:
    text = template(CHATML_TEMPLATE).render(CONVERSATION, tools=TOOLS)
    system, rest = text.split("<|im_end|>\n", 1)
    assert system.startswith("<|im_start|>system\nBe brief.\n\n# Tools")
    assert "<tools>\n" + json.dumps(WEATHER) + "\n</tools>" in system
    assert '<|im_start|>assistant\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}' in rest
    assert '{"city": "台北"}' in rest
    assert "<|im_start|>user\n<tool_response>\n18 C, sunny\n</tool_response>\n<tool_response>\n25 C" in rest


def test_without_tools_the_prompt_is_what_it_always_was() -> None:
    plain = (ChatMessage("user", "Hi"),)
    assert template(QWEN_TEMPLATE).render(plain) == template(QWEN_TEMPLATE).render(plain, tools="")
    assert template(CHATML_TEMPLATE).render(plain) == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"


def read_all(pieces: list[str], names: tuple[str, ...] = ("get_weather",)) -> tuple[str, list[ToolCall], str]:
    reader = ToolCallReader(names)
    shown, calls = [], []
    for piece in pieces:
        text, closed = reader.feed(piece)
        shown.append(text)
        calls.extend(closed)
    return "".join(shown), calls, reader.flush()


def split_every(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


TAGGED = (
    'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n'
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "台北"}}\n</tool_call>'
)
FENCED = 'Let me check.\n```json\n{\n  "name": "get_weather",\n  "arguments": {\n    "city": "Paris"\n  }\n}\n```'
BARE = 'Let me check. {"name": "get_weather", "arguments": {"city": "Paris"}}'


@pytest.mark.parametrize(("answer", "count"), [(TAGGED, 2), (FENCED, 1), (BARE, 1)])
def test_calls_are_read_back_in_each_form_however_the_text_is_split(answer: str, count: int) -> None:
    for size in (1, 2, 3, 7, len(answer)):
        shown, calls, left = read_all(split_every(answer, size))
        assert shown == "Let me check."
        assert [(c.name, json.loads(c.arguments)) for c in calls] == [
            ("get_weather", {"city": "Paris"}),
            ("get_weather", {"city": "台北"}),
        ][:count]
        assert left == ""
        assert all(c.id.startswith("call_") for c in calls)
        assert len({c.id for c in calls}) == count


@pytest.mark.parametrize(
    "text",
    [
        "a < b, and <tools> are fine",
        'A JSON answer: {"name": "Ada", "age": 36}',
        "```python\nprint(1)\n```",
        "Ends in a space ",
    ],
)
def test_text_that_only_looks_like_a_call_is_shown_as_it_was(text: str) -> None:
    for size in (1, 3, len(text)):
        shown, calls, left = read_all(split_every(text, size))
        assert (shown + left, calls) == (text, [])


def test_a_call_made_again_word_for_word_ends_the_calls() -> None:
    reader = ToolCallReader(["get_weather"])
    once = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>'
    other = once.replace("celsius", "fahrenheit")
    again = once.replace('"city": "Paris", "unit": "celsius"', '"unit": "celsius", "city": "Paris"')
    shown, calls = reader.feed(f"{once}\n{other}\n{again}\n<tool_call>")
    assert [json.loads(call.arguments)["unit"] for call in calls] == ["celsius", "fahrenheit"]
    assert shown == ""
    assert reader.repeated, "the answer is to be stopped"
    assert reader.feed("more") == ("", [])
    assert reader.flush() == ""


def test_an_unfinished_call_is_not_lost() -> None:
    shown, calls, left = read_all(['<tool_call>\n{"name": "get_weather", "argu'])
    assert (shown, calls) == ("", [])
    assert left == '<tool_call>\n{"name": "get_weather", "argu'


def test_the_call_schema_names_each_function_and_its_parameters() -> None:
    other = {"type": "function", "function": {"name": "now"}}
    both = call_schema([WEATHER, other])
    assert [c["properties"]["name"] for c in both["anyOf"]] == [{"const": "get_weather"}, {"const": "now"}]
    assert call_schema([WEATHER, other], only="now")["properties"]["arguments"] == {"type": "object"}
    assert schema_names(json.dumps(both)) == ["get_weather", "now"]
    assert schema_names(json.dumps(call_schema([WEATHER]))) == ["get_weather"]


@pytest.mark.parametrize("parallel", [True, False])
def test_the_calls_grammar_wraps_one_calls_json_in_each_form(parallel: bool) -> None:
    grammar = calls_grammar('root ::= "{" space "}"\nspace ::= " "?\n', parallel=parallel, required=False)
    lines = grammar.splitlines()
    assert lines[0].startswith("root ::= tool-call-block")
    assert ("*" in lines[0]) is parallel
    assert lines[1].startswith('tool-call-block ::= "<tool_call>" space tool-call-json space "</tool_call>" | "```"')
    assert 'tool-call-json ::= "{" space "}"' in lines
    assert 'space ::= | " " | "\\n" [ \\t]{0,20}' in lines
    required = calls_grammar('root ::= "{" space "}"\nspace ::= " "?\n', parallel=parallel, required=True)
    assert "```" not in required


def woken_at(text: str) -> int | None:
    """Where llama.cpp's lazy grammar would take over after `text` (search, first group), or None."""
    for pattern in triggers(["get_weather", "get_time"]):
        # ECMAScript's $ is the very end; Python's would also match before a last newline.
        assert pattern.endswith("$")
        match = re.search(pattern[:-1] + r"\Z", text)
        if match:
            return match.start(1)
    return None


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("Sure.\n<tool_call>", 6),
        ("Sure.\n<tool_call>\n{", 6),
        ('Sure.\n<tool_call>\n{"na', 6),
        ('```json\n{\n  "name": "get_time', 0),
        ('ok {"name": "get_weather", "argu', 3),
        ('ok {"name": "get_weather", "arguments": {"', 3),
    ],
)
def test_the_triggers_wake_where_a_call_begins(text: str, at: int) -> None:
    assert woken_at(text) == at


@pytest.mark.parametrize(
    "text",
    [
        "Sure.",
        '{"name": "Ada"',  # an object, but no tool's name
        '{"name": "get_wea',  # the name not whole yet
        '<tool_call>\n{"name": "x", "arguments": {}}\n</tool_call> and',  # past what the grammar would take
        '{"name": "get_weather" ,',  # whitespace the grammar has no room for
        "<tool_call>\n\n",
    ],
)
def test_the_triggers_sleep_through_anything_else(text: str) -> None:
    assert woken_at(text) is None
