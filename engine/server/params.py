"""What an API request asks for, checked: one AnswerRequest, or an ApiError that names the field.

OpenAI's chat and completions bodies and Ollama's chat and generate bodies all come down to the
same thing: messages, sampling, stop strings, how many answers, how to send them. A field Hearth
cannot honour is refused (errors.unsupported) instead of ignored; a few that change nothing about
the answer (`user`, `metadata`, Ollama's `keep_alive`) are accepted.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.prompt.tool_calls import call_schema
from engine.protocol import ChatMessage, OverflowPolicy, Role, SamplingParams, ToolCall
from engine.server.errors import ApiError, invalid, unsupported

# The sampling an API answer gets unless the request says otherwise: llama-server's defaults (so a
# client sees the same behaviour on both), which leave out the repeat penalty OpenAI does not have.
API_SAMPLING = SamplingParams(temperature=0.8, top_k=40, top_p=0.95, min_p=0.05, repeat_penalty=1.0, max_tokens=0)
MAX_STOP_STRINGS = 16
MAX_N = 16
MAX_TOOLS = 128
FUNCTION_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")  # OpenAI's rule for a function's name
ROLES: dict[str, Role] = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant"}


@dataclass(frozen=True)
class AnswerRequest:
    """One API request, ready for the engine (several Generates when n > 1)."""

    model: str | None  # a library name; None: the model loaded now (or the server's default)
    messages: tuple[ChatMessage, ...]
    sampling: SamplingParams  # max_tokens 0: up to the context's end
    stream: bool = False
    include_usage: bool = False
    stop: tuple[str, ...] = ()
    n: int = 1
    raw: bool = False  # no chat template (/v1/completions, Ollama's raw)
    overflow_policy: OverflowPolicy = "stop"  # "drop_oldest" only where the caller opts in
    user: str = ""  # a caller's own id: its cache owner
    tools: str = ""  # the functions the model may call (OpenAI's tools list, as JSON text); "": none


class Fields:
    """Reads a JSON object's fields once each; whatever is left unread at the end is refused."""

    def __init__(self, body: object, where: str = "") -> None:
        if not isinstance(body, Mapping):
            raise ApiError(400, f"The request body{' ' + where if where else ''} must be a JSON object.")
        self._body: dict[str, Any] = dict(body)
        self._where = where

    def name(self, key: str) -> str:
        return f"{self._where}.{key}" if self._where else key

    def has(self, key: str) -> bool:
        return self._body.get(key) is not None

    def take(self, key: str) -> Any:
        return self._body.pop(key, None)

    def string(self, key: str, *, required: bool = False) -> str | None:
        value = self.take(key)
        if value is None:
            if required:
                raise invalid(self.name(key), "is required")
            return None
        if not isinstance(value, str):
            raise invalid(self.name(key), "must be a string")
        return value

    def boolean(self, key: str, default: bool = False) -> bool:
        value = self.take(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise invalid(self.name(key), "must be true or false")
        return value

    def number(self, key: str, low: float, high: float) -> float | None:
        value = self.take(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise invalid(self.name(key), "must be a number")
        if not low <= value <= high:
            raise invalid(self.name(key), f"must be between {low:g} and {high:g}, not {value:g}")
        return float(value)

    def integer(self, key: str, low: int, high: int) -> int | None:
        value = self.take(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise invalid(self.name(key), "must be a whole number")
        if not low <= value <= high:
            raise invalid(self.name(key), f"must be between {low} and {high}, not {value}")
        return value

    def accept(self, *keys: str) -> None:
        """Fields that change nothing about the answer: read and let go."""
        for key in keys:
            self.take(key)

    def refuse_rest(self) -> None:
        for key in self._body:
            raise unsupported(self.name(key))


# --- OpenAI -----------------------------------------------------------------------


def openai_chat(body: object) -> AnswerRequest:
    fields = Fields(body)
    model = fields.string("model")
    raw_messages = fields.take("messages")
    if not isinstance(raw_messages, list) or not raw_messages:
        raise invalid("messages", "must be a non-empty list")
    messages = tuple(_openai_message(item, i) for i, item in enumerate(raw_messages))
    tools, tool_sampling = _openai_tools(fields)
    sampling = _openai_sampling(fields, chat=True)
    sampling = _response_format(fields, sampling)
    if tools and sampling.json_schema:
        raise unsupported("response_format", "a JSON schema together with tools; send one or the other")
    request = _common_openai(fields, model, messages, replace(sampling, **tool_sampling))
    fields.refuse_rest()
    return replace(request, tools=tools)


def openai_completion(body: object) -> AnswerRequest:
    fields = Fields(body)
    model = fields.string("model")
    prompt = fields.take("prompt")
    if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], str):
        prompt = prompt[0]
    if isinstance(prompt, list):
        raise unsupported("prompt", "send one prompt (a string) per request")
    if not isinstance(prompt, str) or not prompt:
        raise invalid("prompt", "must be a non-empty string")
    if fields.boolean("echo"):
        raise unsupported("echo")
    if fields.has("suffix"):
        raise unsupported("suffix")
    best_of = fields.integer("best_of", 1, MAX_N)
    if best_of not in (None, 1):
        raise unsupported("best_of", "ask for n answers instead")
    sampling = _openai_sampling(fields, chat=False)
    request = _common_openai(fields, model, (ChatMessage("user", prompt),), sampling)
    fields.refuse_rest()
    return replace(request, raw=True)


def _common_openai(
    fields: Fields, model: str | None, messages: tuple[ChatMessage, ...], sampling: SamplingParams
) -> AnswerRequest:
    stream = fields.boolean("stream")
    include_usage = False
    options = fields.take("stream_options")
    if options is not None:
        if not stream:
            raise invalid("stream_options", "needs stream: true")
        option_fields = Fields(options, "stream_options")
        include_usage = option_fields.boolean("include_usage")
        option_fields.refuse_rest()
    n = fields.integer("n", 1, MAX_N) or 1
    stop = _stop_strings(fields.take("stop"), "stop")
    user = fields.string("user") or ""
    fields.accept("metadata")
    if fields.boolean("store"):
        raise unsupported("store", "Hearth keeps no API conversation")
    overflow: OverflowPolicy = "drop_oldest" if fields.boolean("truncate") else "stop"
    return AnswerRequest(model, messages, sampling, stream, include_usage, stop, n, False, overflow, user)


def _openai_message(item: object, index: int) -> ChatMessage:
    where = f"messages[{index}]"
    fields = Fields(item, where)
    role_name = fields.string("role", required=True)
    assert role_name is not None
    if role_name == "function" or fields.has("function_call"):
        raise unsupported(f"{where}.role" if role_name == "function" else f"{where}.function_call", "send tools")
    if role_name == "tool":
        call_id = fields.string("tool_call_id", required=True) or ""
        content = _content_text(fields.take("content"), f"{where}.content")
        fields.accept("name")
        fields.refuse_rest()
        return ChatMessage("tool", content, tool_call_id=call_id)
    role = ROLES.get(role_name)
    if role is None:
        raise invalid(f"{where}.role", "must be system, developer, user, assistant or tool")
    calls = _calls_in(fields, role, where, _openai_call)
    content = _content_text(fields.take("content"), f"{where}.content")
    fields.accept("name", "refusal")
    fields.refuse_rest()
    return ChatMessage(role, content, tool_calls=calls)


def _content_text(content: object, where: str) -> str:
    """A message's text: a string, or a list of text parts (images and audio are refused)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise invalid(where, "must be a string or a list of parts")
    texts = []
    for j, part in enumerate(content):
        part_fields = Fields(part, f"{where}[{j}]")
        kind = part_fields.string("type", required=True)
        if kind != "text":
            raise unsupported(f"{where}[{j}].type", f"'{kind}' parts; Hearth's models read text only")
        texts.append(part_fields.string("text", required=True) or "")
        part_fields.refuse_rest()
    return "".join(texts)


def _openai_tools(fields: Fields) -> tuple[str, dict[str, Any]]:
    """The tools list (JSON text, "" for none) and the sampling that holds calls to it."""
    for legacy in ("functions", "function_call"):
        if fields.has(legacy):
            raise unsupported(legacy, "send tools and tool_choice instead")
    raw_tools = fields.take("tools")
    choice = fields.take("tool_choice")
    parallel = fields.boolean("parallel_tool_calls", default=True)
    if not raw_tools:
        if choice not in (None, "none"):
            raise invalid("tool_choice", "needs tools")
        return "", {}
    tools = _tool_list(raw_tools)
    only = None
    if isinstance(choice, Mapping):
        choice_fields = Fields(choice, "tool_choice")
        if choice_fields.string("type", required=True) != "function":
            raise invalid("tool_choice.type", "must be function")
        function = Fields(choice_fields.take("function"), "tool_choice.function")
        only = function.string("name", required=True)
        function.refuse_rest()
        choice_fields.refuse_rest()
        if only not in {tool["function"]["name"] for tool in tools}:
            raise invalid("tool_choice.function.name", f"names no function in tools: {only!r}")
    elif choice == "none":
        return "", {}  # no call can be written: the model answers in words, as if it had no tools
    elif choice not in (None, "auto", "required"):
        raise invalid("tool_choice", "must be none, auto, required or a function")
    required = choice not in (None, "auto")
    return json.dumps(tools, ensure_ascii=False), tool_sampling(tools, only, required=required, parallel=parallel)


def tool_sampling(tools: list[dict[str, Any]], only: str | None, *, required: bool, parallel: bool) -> dict[str, Any]:
    return {
        "tool_call_schema": json.dumps(call_schema(tools, only), ensure_ascii=False),
        "tool_calls_parallel": parallel,
        "tool_call_required": required,
    }


def _tool_list(value: object) -> list[dict[str, Any]]:
    """OpenAI's tools, checked, in the shape the chat template and the grammar take."""
    if not isinstance(value, list):
        raise invalid("tools", "must be a list of functions")
    if len(value) > MAX_TOOLS:
        raise invalid("tools", f"may hold at most {MAX_TOOLS} functions")
    tools: list[dict[str, Any]] = []
    names: set[str] = set()
    for i, item in enumerate(value):
        where = f"tools[{i}]"
        tool = Fields(item, where)
        kind = tool.string("type") or "function"
        if kind != "function":
            raise unsupported(f"{where}.type", f"'{kind}' tools; Hearth's models call functions only")
        function = Fields(tool.take("function"), f"{where}.function")
        tool.refuse_rest()
        name = function.string("name", required=True) or ""
        if not FUNCTION_NAME.fullmatch(name):
            raise invalid(f"{where}.function.name", "must be 1 to 64 letters, digits, _ or -")
        if name in names:
            raise invalid(f"{where}.function.name", f"repeats the name {name!r}")
        names.add(name)
        spec: dict[str, Any] = {"name": name}
        if (description := function.string("description")) is not None:
            spec["description"] = description
        parameters = function.take("parameters")
        if parameters is not None:
            if not isinstance(parameters, Mapping):
                raise invalid(f"{where}.function.parameters", "must be a JSON schema object")
            spec["parameters"] = dict(parameters)
        function.accept("strict")  # every call keeps to its schema anyway: the grammar holds it
        function.refuse_rest()
        tools.append({"type": "function", "function": spec})
    return tools


def _calls_in(
    fields: Fields, role: Role, where: str, read_call: Callable[[object, str], ToolCall]
) -> tuple[ToolCall, ...]:
    raw_calls = fields.take("tool_calls")
    if raw_calls is None:
        return ()
    if role != "assistant":
        raise invalid(f"{where}.tool_calls", "only an assistant message calls tools")
    if not isinstance(raw_calls, list):
        raise invalid(f"{where}.tool_calls", "must be a list")
    return tuple(read_call(call, f"{where}.tool_calls[{j}]") for j, call in enumerate(raw_calls))


def _openai_call(value: object, where: str) -> ToolCall:
    call = Fields(value, where)
    call_id = call.string("id") or ""
    if (call.string("type") or "function") != "function":
        raise invalid(f"{where}.type", "must be function")
    function = Fields(call.take("function"), f"{where}.function")
    call.accept("index")  # a streamed call's place, which the SDK keeps when a client sends it back
    call.refuse_rest()
    name = function.string("name", required=True) or ""
    arguments = _arguments(function.take("arguments"), f"{where}.function.arguments")
    function.accept("parsed_arguments")  # the SDK's own copy of the arguments, when it parsed them
    function.refuse_rest()
    return ToolCall(name, arguments, call_id)


def _arguments(value: object, where: str) -> str:
    """A call's arguments as JSON text of an object (OpenAI sends text, Ollama an object)."""
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except ValueError:
            raise invalid(where, "must be a JSON object") from None
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise invalid(where, "must be a JSON object")
    return json.dumps(value, ensure_ascii=False)


def _logprobs(fields: Fields, *, chat: bool) -> int:
    """SamplingParams.logprobs: chat's `logprobs` (true/false) with `top_logprobs` (0-20), or
    completions' `logprobs` (how many alternatives, 0-5); -1 for none."""
    if not chat:
        count = fields.integer("logprobs", 0, 5)
        return -1 if count is None else count
    wanted = fields.boolean("logprobs")
    top = fields.integer("top_logprobs", 0, 20)
    if top is not None and not wanted:
        raise invalid("top_logprobs", "needs logprobs: true")
    return (top or 0) if wanted else -1


def _openai_sampling(fields: Fields, *, chat: bool) -> SamplingParams:
    changes: dict[str, Any] = {}
    for key, low, high in (
        ("temperature", 0.0, 2.0),
        ("top_p", 0.0, 1.0),
        ("min_p", 0.0, 1.0),
        ("presence_penalty", -2.0, 2.0),
        ("frequency_penalty", -2.0, 2.0),
        ("repeat_penalty", 0.0, 10.0),
    ):
        if (value := fields.number(key, low, high)) is not None:
            changes[key] = value
    if (top_k := fields.integer("top_k", 0, 1_000_000)) is not None:
        changes["top_k"] = top_k
    if (seed := fields.integer("seed", -(2**63), 2**64 - 1)) is not None:
        changes["seed"] = seed % 2**32
    max_tokens = fields.integer("max_completion_tokens", 1, 10_000_000)
    if max_tokens is None:
        max_tokens = fields.integer("max_tokens", 1, 10_000_000)
    else:
        fields.take("max_tokens")
    changes["max_tokens"] = max_tokens or 0
    changes["logprobs"] = _logprobs(fields, chat=chat)
    if (bias := fields.take("logit_bias")) is not None:
        changes["logit_bias"] = _logit_bias(bias)
    return replace(API_SAMPLING, **changes)


def _logit_bias(bias: object) -> tuple[tuple[int, float], ...]:
    if not isinstance(bias, Mapping):
        raise invalid("logit_bias", "must map token ids to numbers")
    pairs = []
    for key, value in bias.items():
        try:
            token = int(key)
        except (TypeError, ValueError):
            raise invalid("logit_bias", f"has a key that is not a token id: {key!r}") from None
        if isinstance(value, bool) or not isinstance(value, int | float) or not -100 <= value <= 100:
            raise invalid("logit_bias", f"must give token {token} a number between -100 and 100")
        # OpenAI: -100 bans a token; llama.cpp bans it with minus infinity.
        pairs.append((token, -math.inf if value <= -100 else float(value)))
    return tuple(pairs)


def check_for_model(request: AnswerRequest, n_vocab: int) -> None:
    """What can only be checked once the model is known: token ids."""
    for token, _bias in request.sampling.logit_bias:
        if not 0 <= token < n_vocab:
            raise invalid("logit_bias", f"has token id {token}, outside this model's 0..{n_vocab - 1}")


def _response_format(fields: Fields, sampling: SamplingParams) -> SamplingParams:
    value = fields.take("response_format")
    if value is None:
        return sampling
    format_fields = Fields(value, "response_format")
    kind = format_fields.string("type", required=True)
    if kind == "text":
        format_fields.refuse_rest()
        return sampling
    if kind == "json_object":
        format_fields.refuse_rest()
        return replace(sampling, json_schema=json.dumps({"type": "object"}))
    if kind != "json_schema":
        raise invalid("response_format.type", "must be text, json_object or json_schema")
    spec = Fields(format_fields.take("json_schema"), "response_format.json_schema")
    format_fields.refuse_rest()
    spec.string("name")
    spec.accept("description", "strict")
    schema = spec.take("schema")
    spec.refuse_rest()
    return replace(sampling, json_schema=schema_text(schema, "response_format.json_schema.schema"))


def schema_text(schema: object, where: str) -> str:
    if schema is None:
        schema = {"type": "object"}
    if not isinstance(schema, Mapping):
        raise invalid(where, "must be a JSON schema object")
    return json.dumps(schema)


def _stop_strings(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
        raise invalid(where, "must be a string or a list of strings")
    if len(items) > MAX_STOP_STRINGS:
        raise invalid(where, f"may hold at most {MAX_STOP_STRINGS} strings")
    return tuple(s for s in items if s)


# --- Ollama -----------------------------------------------------------------------

OLLAMA_OPTIONS: dict[str, tuple[str, float, float]] = {
    # option: (SamplingParams field, low, high)
    "temperature": ("temperature", 0.0, 2.0),
    "top_p": ("top_p", 0.0, 1.0),
    "min_p": ("min_p", 0.0, 1.0),
    "repeat_penalty": ("repeat_penalty", 0.0, 10.0),
    "presence_penalty": ("presence_penalty", -2.0, 2.0),
    "frequency_penalty": ("frequency_penalty", -2.0, 2.0),
}


def ollama_chat(body: object, n_ctx: int) -> AnswerRequest:
    fields = Fields(body)
    model = fields.string("model", required=True)
    raw_messages = fields.take("messages")
    if not isinstance(raw_messages, list) or not raw_messages:
        raise invalid("messages", "must be a non-empty list")
    messages = tuple(_ollama_message(item, i) for i, item in enumerate(raw_messages))
    raw_tools = fields.take("tools")
    request = _common_ollama(fields, model, messages, n_ctx, raw=False)
    if not raw_tools:
        return request
    if request.sampling.json_schema:
        raise unsupported("format", "a JSON format together with tools; send one or the other")
    tools = _tool_list(raw_tools)  # Ollama has no tool_choice: the model chooses
    sampling = replace(request.sampling, **tool_sampling(tools, None, required=False, parallel=True))
    return replace(request, sampling=sampling, tools=json.dumps(tools, ensure_ascii=False))


def ollama_generate(body: object, n_ctx: int) -> AnswerRequest | None:
    """None: a request with no prompt, which only loads the model (Ollama's way to preload)."""
    fields = Fields(body)
    model = fields.string("model", required=True)
    prompt = fields.string("prompt") or ""
    system = fields.string("system")
    raw = fields.boolean("raw")
    for refused in ("template", "context", "suffix"):
        if fields.has(refused):
            raise unsupported(refused)
    if fields.take("images"):
        raise unsupported("images", "Hearth's models read text only")
    if not prompt and system is None:
        fields.accept("keep_alive", "stream", "options", "format", "think")
        return None
    if raw and system is not None:
        raise invalid("system", "cannot be used with raw: true")
    messages = (*((ChatMessage("system", system),) if system else ()), ChatMessage("user", prompt))
    return _common_ollama(fields, model, messages, n_ctx, raw=raw)


def _common_ollama(
    fields: Fields, model: str | None, messages: tuple[ChatMessage, ...], n_ctx: int, *, raw: bool
) -> AnswerRequest:
    stream = fields.boolean("stream", default=True)  # Ollama streams unless told not to
    if fields.boolean("think"):
        raise unsupported("think", "thinking output is not built yet")
    fields.accept("keep_alive")  # the model stays loaded until another is asked for
    sampling = replace(API_SAMPLING)
    stop: tuple[str, ...] = ()
    options = fields.take("options")
    if options is not None:
        sampling, stop = _ollama_options(Fields(options, "options"), sampling, n_ctx)
    if (fmt := fields.take("format")) is not None:
        if fmt == "json":
            sampling = replace(sampling, json_schema=json.dumps({"type": "object"}))
        elif isinstance(fmt, Mapping):
            sampling = replace(sampling, json_schema=schema_text(fmt, "format"))
        elif fmt != "":
            raise invalid("format", 'must be "json" or a JSON schema')
    overflow: OverflowPolicy = "drop_oldest" if fields.boolean("truncate") else "stop"
    fields.refuse_rest()
    return AnswerRequest(model, messages, sampling, stream, True, stop, 1, raw, overflow)


def _ollama_options(options: Fields, sampling: SamplingParams, n_ctx: int) -> tuple[SamplingParams, tuple[str, ...]]:
    changes: dict[str, Any] = {}
    for option, (name, low, high) in OLLAMA_OPTIONS.items():
        if (value := options.number(option, low, high)) is not None:
            changes[name] = value
    if (top_k := options.integer("top_k", 0, 1_000_000)) is not None:
        changes["top_k"] = top_k
    if (last_n := options.integer("repeat_last_n", -1, 1_000_000)) is not None:
        changes["repeat_last_n"] = last_n
    if (seed := options.integer("seed", -(2**63), 2**64 - 1)) is not None:
        changes["seed"] = seed % 2**32
    if (predict := options.integer("num_predict", -2, 10_000_000)) is not None:
        changes["max_tokens"] = predict if predict > 0 else 0
    if (num_ctx := options.integer("num_ctx", 1, 10_000_000)) is not None and num_ctx != n_ctx:
        raise unsupported("options.num_ctx", f"the context is {n_ctx} tokens; start hearth serve with --ctx {num_ctx}")
    options.accept("num_thread", "num_gpu", "num_batch", "use_mmap", "num_keep")  # how, not what: the server decides
    stop = _stop_strings(options.take("stop"), "options.stop")
    options.refuse_rest()
    return replace(sampling, **changes), stop


def _ollama_message(item: object, index: int) -> ChatMessage:
    where = f"messages[{index}]"
    fields = Fields(item, where)
    role_name = fields.string("role", required=True)
    assert role_name is not None
    if fields.take("images"):
        raise unsupported(f"{where}.images", "Hearth's models read text only")
    if role_name == "tool":
        content = fields.string("content") or ""
        call_id = fields.string("tool_call_id") or ""
        fields.accept("tool_name", "name")
        fields.refuse_rest()
        return ChatMessage("tool", content, tool_call_id=call_id)
    role = ROLES.get(role_name)
    if role is None:
        raise invalid(f"{where}.role", "must be system, user, assistant or tool")
    calls = _calls_in(fields, role, where, _ollama_call)
    content = fields.string("content") or ""
    fields.accept("thinking")
    fields.refuse_rest()
    return ChatMessage(role, content, tool_calls=calls)


def _ollama_call(value: object, where: str) -> ToolCall:
    call = Fields(value, where)
    call_id = call.string("id") or ""
    function = Fields(call.take("function"), f"{where}.function")
    call.accept("type")
    call.refuse_rest()
    name = function.string("name", required=True) or ""
    arguments = _arguments(function.take("arguments"), f"{where}.function.arguments")
    function.accept("index")
    function.refuse_rest()
    return ToolCall(name, arguments, call_id)
