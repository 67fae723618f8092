"""Turn a conversation into the prompt text the model was trained on.

The template comes from the GGUF (`tokenizer.chat_template`) and is rendered in
jinja2's sandboxed environment as llama-cpp-python's Jinja2ChatFormatter sets it
up, so a hostile template cannot reach Python internals, with a budget
(engine/prompt/template_guard.py) so it cannot hang the engine either. A model without a
template gets ChatML, the most common format for small instruct models; so does a
model whose template is broken or unsafe, with a warning (BROKEN_TEMPLATE_WARNING).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final

from engine.errors import UserError
from engine.prompt import template_guard
from engine.prompt.builtin_templates import BUILTIN_TEMPLATES, CHATML_TEMPLATE, RAW_TEMPLATE, RAW_TEMPLATE_NAME
from engine.prompt.tool_calls import speaks_tools, template_messages
from engine.protocol import ChatMessage, ChatTemplateSource

logger = logging.getLogger(__name__)

DEFAULT_TEMPLATE_NAME = "ChatML (default)"
# ChatTemplate.source when the model's own template failed the check in choose_template.
BROKEN_SOURCE: Final = "broken"
BROKEN_TEMPLATE_WARNING = "The model's chat template is broken or unsafe: using the default template instead."
# What choose_template renders to try a model's template: the roles every chat template handles
# (a system message is left out: Gemma's templates refuse one on purpose).
_PROBE = (
    ChatMessage("user", "Hello"),
    ChatMessage("assistant", "Hi! How can I help?"),
    ChatMessage("user", "Tell me a joke."),
)


class TemplateError(UserError, ValueError):
    """The chat template could not render this conversation."""


@dataclass(frozen=True)
class ChatTemplate:
    source: ChatTemplateSource  # BROKEN_SOURCE: the model's own failed; ChatML instead
    name: str
    text: str
    bos_token: str
    eos_token: str

    def render(
        self,
        messages: tuple[ChatMessage, ...],
        continue_last: bool = False,
        add_generation_prompt: bool = True,
        tools: str = "",
    ) -> str:
        """The prompt text; with `continue_last`, the last (assistant) message is left open to write on.
        `tools`: the functions the model may call (OpenAI's `tools` list, as JSON text)."""
        if continue_last and messages and messages[-1].role == "assistant":
            return self.render(messages[:-1], tools=tools) + messages[-1].content
        payload, tool_list = template_messages(messages, tools, native=speaks_tools(self.text))
        variables: dict[str, object] = {
            "messages": payload,
            "eos_token": self.eos_token,
            "bos_token": self.bos_token,
            "add_generation_prompt": add_generation_prompt,
        }
        if tool_list:
            variables["tools"] = tool_list
        try:
            compiled = template_guard.compile_template(self.text)
            return template_guard.render(compiled, variables)
        except Exception as exc:  # jinja raises many kinds; the user needs one sentence
            raise TemplateError("chat_template.failed", problem=exc) from exc


def with_override(template: ChatTemplate, override: str | None) -> ChatTemplate:
    """The model's template, or the built-in one the user picked instead."""
    if not override:
        return template
    if override == RAW_TEMPLATE_NAME:
        return ChatTemplate("override", override, RAW_TEMPLATE, template.bos_token, template.eos_token)
    if override not in BUILTIN_TEMPLATES:
        raise TemplateError("chat_template.unknown", name=repr(override))
    return ChatTemplate("override", override, BUILTIN_TEMPLATES[override], template.bos_token, template.eos_token)


def choose_template(gguf_template: str | None, bos_token: str, eos_token: str) -> ChatTemplate:
    """The model's own template if it renders a short chat; ChatML otherwise (source BROKEN_SOURCE
    when the model had one that failed: the window shows BROKEN_TEMPLATE_WARNING)."""
    if gguf_template:
        own = ChatTemplate("gguf", "from the model file", gguf_template, bos_token, eos_token)
        try:
            if own.render(_PROBE).strip():
                return own
            problem = "it writes nothing"
        except TemplateError as exc:
            problem = str(exc)
        logger.warning("%s (%s)", BROKEN_TEMPLATE_WARNING, problem)
        return ChatTemplate(BROKEN_SOURCE, DEFAULT_TEMPLATE_NAME, CHATML_TEMPLATE, bos_token, eos_token)
    return ChatTemplate("default", DEFAULT_TEMPLATE_NAME, CHATML_TEMPLATE, bos_token, eos_token)
