"""Markdown to the HTML subset Qt's rich text understands, with highlighted code.

Qt's own Markdown import draws code blocks as bare monospace and tables without
padding. markdown-it-py parses (raw HTML from the model is escaped, never
rendered), pygments colours code, and a one-cell table gives code blocks the
shaded background Qt's rich text cannot put on <pre>.
"""

from __future__ import annotations

import html
from functools import lru_cache

from markdown_it import MarkdownIt
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

CODE_BACKGROUND = "#f4f5f7"
_FORMATTER = HtmlFormatter(nowrap=True, noclasses=True, style="friendly")


def _highlight(code: str, lang: str, _attrs: object) -> str:
    try:
        body = highlight(code, get_lexer_by_name(lang), _FORMATTER) if lang else html.escape(code)
    except ClassNotFound:
        body = html.escape(code)
    return (
        f'<table width="100%" cellpadding="8" cellspacing="0" bgcolor="{CODE_BACKGROUND}">'
        f"<tr><td><pre>{body.rstrip()}</pre></td></tr></table>\n"
    )


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "highlight": _highlight, "linkify": False}).enable(
        ["table", "strikethrough"]
    )


@lru_cache(maxsize=1024)  # switching back to a conversation renders the same messages again
def markdown_to_html(text: str) -> str:
    rendered = str(_parser().render(text))
    # Qt ignores CSS borders on tables; the old attributes still work.
    return rendered.replace(
        "<table>", '<table border="1" cellspacing="0" cellpadding="5" style="border-color:#d0d0d0;">'
    )
