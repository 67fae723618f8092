"""Errors meant for the user: the message is one plain sentence, never a traceback."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


class UserError(Exception):
    """A problem the user can understand and usually fix; str() is one plain sentence.

    The CLI prints it as one line and exits 1; the window shows it with a Details expander.

    The engine writes English. Built from a template (`params` given), an error keeps the template
    and its values, so that the window can show the sentence in its own language
    (app/error_texts.py translates the templates it knows and falls back to str())."""

    def __init__(self, message: str, params: Mapping[str, object] | None = None) -> None:
        values = {name: str(value) for name, value in (params or {}).items()}
        super().__init__(message.format(**values) if params else message)
        self.template = message
        self.params: Mapping[str, str] = MappingProxyType(values)
