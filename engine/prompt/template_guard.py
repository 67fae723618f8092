"""Render a chat template from a model file without letting it hang or flood the engine.

jinja2's sandbox keeps a template away from Python internals, but not from endless work: nested
`range` loops, a recursive macro, `'x' * 10**12` or `10 ** 10 ** 10` would stall the engine child
(and with it every answer). So renders run with a budget of executed template lines (counted, not
timed: the same template fails the same way on any machine), products and powers are checked
before they are computed, and the output has a size cap.

The environment matches llama-cpp-python's Jinja2ChatFormatter (the same extensions, tojson and
globals), so a template renders here exactly as it would there.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping
from datetime import datetime
from types import FrameType
from typing import Any

import jinja2
import jinja2.ext
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from llama_cpp.llama_chat_format import Jinja2ChatFormatter

# Real chat templates are a few kB (the largest we know, with tool-use instructions, about 20 kB).
MAX_TEMPLATE_CHARS = 256 * 1024
# Lines of compiled template code one render may run: a long conversation through a big template
# takes a few tens of thousands.
MAX_STEPS = 2_000_000
# Longest value a `*` may make and longest prompt text: far past any context window.
MAX_TEXT = 16 * 1024 * 1024
MAX_EXPONENT = 256


class TemplateBudgetError(RuntimeError):
    """The template did more work or wrote more text than any chat template needs."""


class _GuardedEnvironment(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, int) and abs(right) > MAX_EXPONENT:
            raise SecurityError(f"the power {right} is too large")
        if operator == "*":
            for value, times in ((left, right), (right, left)):
                if isinstance(value, str | list | tuple) and isinstance(times, int) and len(value) * times > MAX_TEXT:
                    raise SecurityError("a repeated value would be too large")
        return super().call_binop(context, operator, left, right)


def _environment() -> _GuardedEnvironment:
    env = _GuardedEnvironment(
        loader=jinja2.BaseLoader(),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=[Jinja2ChatFormatter.IgnoreGenerationTags, jinja2.ext.loopcontrols],
    )
    env.filters["tojson"] = Jinja2ChatFormatter.tojson
    return env


@functools.lru_cache(maxsize=16)
def compile_template(text: str) -> jinja2.Template:
    """The compiled template; raises for one too big or with a syntax error. Kept: compiling a
    real chat template takes about 14 ms and rendering it a fraction of one, and every answer
    renders its conversation one to four times (measured on Qwen 2.5's template)."""
    if len(text) > MAX_TEMPLATE_CHARS:
        raise TemplateBudgetError(f"the template is {len(text):,} characters long")
    return _environment().from_string(text)


def _raise_exception(message: str) -> None:
    raise ValueError(message)


def _strftime_now(fmt: str) -> str:
    return datetime.now().strftime(fmt)


def render(template: jinja2.Template, variables: Mapping[str, Any]) -> str:
    """`template` rendered with the chat variables, within the budget (TemplateBudgetError past it)."""
    steps = [0]

    def count(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "line":
            steps[0] += 1
            if steps[0] > MAX_STEPS:
                raise TemplateBudgetError("the template runs too long")
        return count

    previous = sys.gettrace()
    sys.settrace(count)
    pieces: list[str] = []
    written = 0
    try:
        # Piece by piece, so a flood stops at the cap instead of being joined in memory first.
        defaults = {"functions": None, "function_call": None, "tools": None, "tool_choice": None}
        for piece in template.generate(
            raise_exception=_raise_exception, strftime_now=_strftime_now, **{**defaults, **variables}
        ):
            written += len(piece)
            if written > MAX_TEXT:
                raise TemplateBudgetError(f"the template writes more than {MAX_TEXT:,} characters")
            pieces.append(piece)
    except RecursionError as exc:
        raise TemplateBudgetError("the template recurses without end") from exc
    finally:
        sys.settrace(previous)
    return "".join(pieces)
