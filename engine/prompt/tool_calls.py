"""Tool calls, in the format Qwen 2.5, Hermes and many other models were trained on:

    <tool_call>
    {"name": "get_weather", "arguments": {"city": "Paris"}}
    </tool_call>

A chat template that speaks this format (it takes `tools` and writes <tool_call>) renders the tools,
the calls and their results itself. For any other template Hearth writes the same instructions into
the system prompt, the calls into the assistant's text and each result into a user message in
<tool_response> tags, as those templates do. A grammar (engine/runtime/sampler.py) holds every call
to this shape and to its function's parameters, so a call always parses.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from typing import Any

from engine.protocol import ChatMessage, ToolCall

TOOL_CALL_OPEN = "<tool_call>"
TOOL_CALL_CLOSE = "</tool_call>"
FENCE = "```"
# The rule name the grammar of one call's JSON gets (json_schema_to_gbnf names its top rule "root").
_CALL_RULE = "tool-call-json"
# Whitespace inside a call, as llama.cpp's own JSON-schema grammars allow it: models indent their JSON.
_SPACE_RULE = 'space ::= | " " | "\\n" [ \\t]{0,20}'
_WS = r"[ \t\n]*"
# The same whitespace as _SPACE_RULE, for the triggers: what they hand the grammar must keep to it.
_SPACE = r"(?: |\n[ \t]{0,20})?"

TOOLS_INSTRUCTIONS = (
    "# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
    "You are provided with function signatures within <tools></tools> XML tags:\n<tools>{tools}\n</tools>\n\n"
    "For each function call, return a json object with function name and arguments within"
    " <tool_call></tool_call> XML tags:\n"
    '<tool_call>\n{{"name": <function-name>, "arguments": <args-json-object>}}\n</tool_call>'
)


def speaks_tools(template_text: str) -> bool:
    """Whether a chat template renders tools and calls in this format itself (Qwen 2.5's does)."""
    return "tools" in template_text and TOOL_CALL_OPEN in template_text


def template_messages(
    messages: Sequence[ChatMessage], tools_json: str, *, native: bool
) -> tuple[list[dict[str, Any]], list[Any] | None]:
    """The chat template's `messages` and `tools`. A template that speaks tools gets them as
    OpenAI's shapes; any other gets plain system, user and assistant messages that say the same."""
    tools = json.loads(tools_json) if tools_json else None
    if not tools and not any(m.role == "tool" or m.tool_calls for m in messages):
        return [{"role": m.role, "content": m.content} for m in messages], None
    if native:
        return [_native_message(m) for m in messages], tools
    return _plain_messages(messages, tools or []), None


def _native_message(message: ChatMessage) -> dict[str, Any]:
    payload: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        payload["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": json.loads(call.arguments)},
            }
            for call in message.tool_calls
        ]
    if message.tool_call_id:
        payload["tool_call_id"] = message.tool_call_id
    return payload


def _plain_messages(messages: Sequence[ChatMessage], tools: list[Any]) -> list[dict[str, Any]]:
    plain: list[dict[str, Any]] = []
    if tools:
        listed = "".join("\n" + json.dumps(tool, ensure_ascii=False) for tool in tools)
        instructions = TOOLS_INSTRUCTIONS.format(tools=listed)
        if messages and messages[0].role == "system":
            plain.append({"role": "system", "content": messages[0].content + "\n\n" + instructions})
            messages = messages[1:]
        else:
            plain.append({"role": "system", "content": instructions})
    for message in messages:
        if message.role == "tool":
            response = f"<tool_response>\n{message.content}\n</tool_response>"
            if plain and plain[-1].get("tool_responses"):
                plain[-1]["content"] += "\n" + response
            else:
                plain.append({"role": "user", "content": response, "tool_responses": True})
            continue
        content = message.content
        for call in message.tool_calls:
            content += ("\n" if content else "") + call_text(call)
        plain.append({"role": message.role, "content": content})
    for entry in plain:
        entry.pop("tool_responses", None)
    return plain


def call_text(call: ToolCall) -> str:
    """A call as the model writes it."""
    arguments = json.loads(call.arguments)
    body = json.dumps({"name": call.name, "arguments": arguments}, ensure_ascii=False)
    return f"{TOOL_CALL_OPEN}\n{body}\n{TOOL_CALL_CLOSE}"


def call_schema(tools: Sequence[dict[str, Any]], only: str | None = None) -> dict[str, Any]:
    """The JSON schema of one call: the name of one of `tools` (or `only`), then its arguments."""
    choices = []
    for tool in tools:
        function = tool["function"]
        if only is not None and function["name"] != only:
            continue
        parameters = function.get("parameters") or {"type": "object"}
        choices.append(
            {
                "type": "object",
                "properties": {"name": {"const": function["name"]}, "arguments": parameters},
                "required": ["name", "arguments"],
                "additionalProperties": False,
            }
        )
    return choices[0] if len(choices) == 1 else {"anyOf": choices}


def schema_names(schema_json: str) -> list[str]:
    """The function names a call_schema() allows."""
    schema = json.loads(schema_json)
    choices = schema.get("anyOf", [schema])
    return [choice["properties"]["name"]["const"] for choice in choices]


def calls_grammar(call_gbnf: str, *, parallel: bool, required: bool) -> str:
    """The GBNF of an answer's tool calls, from the grammar of one call's JSON (json_schema_to_gbnf's).

    A required call is written in the model's own tags from the first token. A lazy grammar wakes
    on any of the ways models start one (see triggers()), so it takes each of them: in tags, in a
    ```json fence (Qwen 2.5 Coder writes that), or as the bare object."""
    renamed = re.sub(r"^root\s*::=", f"{_CALL_RULE} ::=", call_gbnf, count=1, flags=re.MULTILINE)
    renamed = re.sub(r"^space\s*::=.*$", _SPACE_RULE.replace("\\", "\\\\"), renamed, count=1, flags=re.MULTILINE)
    tagged = f'"{TOOL_CALL_OPEN}" space {_CALL_RULE} space "{TOOL_CALL_CLOSE}"'
    forms = tagged if required else f'{tagged} | "{FENCE}" "json"? "\\n" {_CALL_RULE} space "{FENCE}" | {_CALL_RULE}'
    root = "root ::= tool-call-block (space tool-call-block)*" if parallel else "root ::= tool-call-block"
    return f"{root}\ntool-call-block ::= {forms}\n{renamed}"


def _escaped(text: str) -> str:
    """`text` as a regular expression that both Python and llama.cpp's (ECMAScript) read alike."""
    return "".join("\\" + c if c in "\\^$.|?*+()[]{}/" else c for c in text)


def _any_prefix(steps: Sequence[str]) -> str:
    """A regular expression for any prefix of `steps` (each a regular expression), the empty one too."""
    pattern = ""
    for step in reversed(steps):
        pattern = f"(?:{step}{pattern})?"
    return pattern


def _chars(text: str) -> list[str]:
    return [_escaped(c) for c in text]


def _named_call_start(names: Sequence[str], space: str = _WS) -> str:
    """A call's JSON up to the end of its function's name: `{"name": "get_weather`."""
    alternatives = "|".join(_escaped(name) for name in names)
    return rf'\{{{space}"name"{space}:{space}"(?:{alternatives})'


def triggers(names: Sequence[str]) -> tuple[str, ...]:
    """What wakes the lazy grammar, as llama.cpp's trigger patterns: each is searched for in the
    text written so far and must reach its end (`$`), and its first group is where the grammar
    takes over. The part after the opening is any prefix of what the grammar allows next, so the
    text llama.cpp hands the grammar always keeps to it (text it refuses would end the engine)."""
    # Whitespace where the grammar has `space` and nowhere else (none between the name and its comma).
    tag_rest = [_SPACE, r"\{", _SPACE, '"', *_chars("name"), '"', _SPACE, ":", _SPACE, '"']
    after_name = ['"', ",", _SPACE, '"', *_chars("arguments"), '"', _SPACE, ":", _SPACE, r"\{", _SPACE, '"']
    tagged = f"({_escaped(TOOL_CALL_OPEN)}{_any_prefix(tag_rest)})$"
    named = _named_call_start(names, _SPACE)
    json_first = f"((?:{_escaped(FENCE)}(?:json)?\\n)?{named}{_any_prefix(after_name)})$"
    return tagged, json_first


class ToolCallReader:
    """Splits an answer's streamed text into what the reader sees and the calls, as they close.

    A call starts as the grammar's triggers say (in tags, in a ```json fence, or as a bare
    `{"name": "<one of the tools>"`). Text that may be the start of one is held back until the next
    text says whether it is."""

    def __init__(self, names: Sequence[str]) -> None:
        fence = f"{_escaped(FENCE)}(?:json)?\\n"
        self._start = re.compile(f'{_escaped(TOOL_CALL_OPEN)}|(?:{fence})?{_named_call_start(names)}"')
        # Any beginning of a start: what must be held back at the end of the text so far.
        name_steps = "(?:" + "|".join(_any_prefix([*_chars(name), '"']) for name in names) + ")"
        named = _any_prefix([r"\{", _WS, '"', *_chars("name"), '"', _WS, ":", _WS, '"', name_steps])
        fenced = _any_prefix([*_chars(FENCE), "(?:j(?:s(?:o(?:n)?)?)?)?", "\\n"])
        self._beginning = re.compile(f"{_any_prefix(_chars(TOOL_CALL_OPEN))}|{fenced}|(?:{fence})?{named}")
        self._pending = ""
        self._inside = False
        self.calls = 0
        self._made: set[tuple[str, str]] = set()
        # The model wrote a call it had already made, word for word: small models loop like this
        # under a required call until max_tokens. The repeat and all after it are dropped, and the
        # answer should be stopped (engine/server/answering.py does).
        self.repeated = False

    def feed(self, text: str) -> tuple[str, list[ToolCall]]:
        if self.repeated:
            return "", []
        self._pending += text
        shown: list[str] = []
        calls: list[ToolCall] = []
        while True:
            if self._inside:
                read = _read_call(self._pending)
                if read is None:
                    break
                call, used = read
                if call is None:  # not a call after all (only where the grammar did not wake): text
                    shown.append(self._pending[:used])
                elif (made := (call.name, _canonical(call.arguments))) in self._made:
                    self.repeated = True
                    self._pending = ""
                    break
                else:
                    self._made.add(made)
                    calls.append(call)
                    self.calls += 1
                self._pending = self._pending[used:]
                self._inside = False
                continue
            match = self._start.search(self._pending)
            if match:
                shown.append(self._pending[: match.start()].rstrip())
                self._pending = self._pending[match.start() :]
                self._inside = True
                continue
            keep = self._held_back()
            shown.append(self._pending[: len(self._pending) - keep])
            self._pending = self._pending[len(self._pending) - keep :]
            break
        return "".join(shown), calls

    def _held_back(self) -> int:
        """How many characters at the end could still begin a call, with the whitespace before it."""
        text = self._pending
        at = len(text.rstrip(" \t\n"))
        for position in range(len(text)):
            if text[position] in "<`{" and self._beginning.fullmatch(text, position):
                at = min(at, len(text[:position].rstrip(" \t\n")))
                break
        return len(text) - at

    def flush(self) -> str:
        """What is left when the answer ends: held-back text, or an unfinished call (cut by max_tokens) as text."""
        left, self._pending, self._inside = self._pending, "", False
        return "" if self.repeated or (self.calls and not left.strip()) else left


def _canonical(arguments: str) -> str:
    return json.dumps(json.loads(arguments), sort_keys=True)


def _read_call(text: str) -> tuple[ToolCall | None, int] | None:
    """The call `text` begins with and how many characters it took; None while it is unfinished.
    (None, n): the first n characters looked like a call and are not one."""
    if text.startswith(TOOL_CALL_OPEN):
        opener, closer = len(TOOL_CALL_OPEN), TOOL_CALL_CLOSE
    elif text.startswith(FENCE):
        opener, closer = text.index("\n") + 1, FENCE
    else:
        opener, closer = 0, ""
    body_at = len(text) - len(text[opener:].lstrip(" \t\n"))
    try:
        value, body_end = json.JSONDecoder().raw_decode(text, body_at)
    except ValueError:
        # Not whole yet. (Held by the grammar it will be; where the grammar did not wake, flush()
        # gives it back as text when the answer ends.)
        return None
    after = len(text) - len(text[body_end:].lstrip(" \t\n"))
    if closer:
        if len(text) - after < len(closer):
            return None if closer.startswith(text[after:]) else (None, after)
        if not text.startswith(closer, after):
            return None, after
        after += len(closer)
    return parse_call(value), after


def new_call_id() -> str:
    return "call_" + secrets.token_hex(12)


def parse_call(value: object) -> ToolCall | None:
    """A call from its JSON object: `{"name": ..., "arguments": {...}}`."""
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        return None
    arguments = value.get("arguments", {})
    if isinstance(arguments, str):  # some models write the arguments as a JSON string
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return None
    if not isinstance(arguments, dict):
        return None
    return ToolCall(value["name"], json.dumps(arguments, ensure_ascii=False), new_call_id())
