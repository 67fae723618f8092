"""Turn a conversation into the prompt text the model was trained on.

The template comes from the GGUF (`tokenizer.chat_template`) and is rendered by
llama-cpp-python's Jinja2ChatFormatter, which uses jinja2's sandboxed
environment, so a hostile template cannot reach Python internals. A model
without a template gets ChatML, the most common format for small instruct models.
"""

from __future__ import annotations

from dataclasses import dataclass

from llama_cpp.llama_chat_format import Jinja2ChatFormatter

from engine.builtin_templates import BUILTIN_TEMPLATES, CHATML_TEMPLATE
from engine.protocol import ChatMessage

DEFAULT_TEMPLATE_NAME = "ChatML (default)"


class TemplateError(ValueError):
    """The chat template could not render this conversation."""


@dataclass(frozen=True)
class ChatTemplate:
    source: str  # "gguf" | "default" | "override"
    name: str
    text: str
    bos_token: str
    eos_token: str

    def render(
        self, messages: tuple[ChatMessage, ...], continue_last: bool = False, add_generation_prompt: bool = True
    ) -> str:
        """The prompt text; with `continue_last`, the last (assistant) message is left open to write on."""
        if continue_last and messages and messages[-1].role == "assistant":
            return self.render(messages[:-1]) + messages[-1].content
        formatter = Jinja2ChatFormatter(
            template=self.text,
            eos_token=self.eos_token,
            bos_token=self.bos_token,
            add_generation_prompt=add_generation_prompt,
        )
        payload = [{"role": m.role, "content": m.content} for m in messages]
        try:
            return str(formatter(messages=payload).prompt)
        except Exception as exc:  # jinja raises many kinds; the user needs one sentence
            raise TemplateError(f"The model's chat template could not format this conversation: {exc}") from exc


def with_override(template: ChatTemplate, override: str | None) -> ChatTemplate:
    """The model's template, or the built-in one the user picked instead."""
    if not override:
        return template
    if override not in BUILTIN_TEMPLATES:
        raise TemplateError(f"There is no built-in chat template called {override!r}.")
    return ChatTemplate("override", override, BUILTIN_TEMPLATES[override], template.bos_token, template.eos_token)


def choose_template(gguf_template: str | None, bos_token: str, eos_token: str) -> ChatTemplate:
    if gguf_template:
        return ChatTemplate("gguf", "from the model file", gguf_template, bos_token, eos_token)
    return ChatTemplate("default", DEFAULT_TEMPLATE_NAME, CHATML_TEMPLATE, bos_token, eos_token)
