"""Markdown to the HTML subset Qt's rich text understands, with highlighted code.

Qt's own Markdown import draws code blocks as bare monospace and tables without
padding. markdown-it-py parses (raw HTML from the model is escaped, never
rendered), pygments colours code, and a one-cell table gives code blocks the
shaded background Qt's rich text cannot put on <pre>.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import lru_cache

from markdown_it import MarkdownIt
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from app.theme import PYGMENTS_STYLES, ThemeName, color_name, current_theme


@lru_cache(maxsize=2)
def _formatter(theme: ThemeName) -> HtmlFormatter[str]:
    return HtmlFormatter(nowrap=True, noclasses=True, style=PYGMENTS_STYLES[theme])


def _highlighter(theme: ThemeName) -> Callable[[str, str, object], str]:
    def highlight_code(code: str, lang: str, _attrs: object) -> str:
        try:
            body = highlight(code, get_lexer_by_name(lang), _formatter(theme)) if lang else html.escape(code)
        except ClassNotFound:
            body = html.escape(code)
        return (
            f'<table width="100%" cellpadding="8" cellspacing="0" bgcolor="{color_name("code_background", theme)}">'
            f"<tr><td><pre>{body.rstrip()}</pre></td></tr></table>\n"
        )

    return highlight_code


@lru_cache(maxsize=2)
def _parser(theme: ThemeName) -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "highlight": _highlighter(theme), "linkify": False}).enable(
        ["table", "strikethrough"]
    )


def markdown_to_html(text: str, theme: ThemeName | None = None) -> str:
    """The HTML for `text`, coloured for `theme` (default: the theme on screen)."""
    return _render(text, theme or current_theme())


@lru_cache(maxsize=1024)  # switching back to a conversation renders the same messages again
def _render(text: str, theme: ThemeName) -> str:
    rendered = str(_parser(theme).render(text))
    # Qt ignores CSS borders on tables; the old attributes still work.
    border = color_name("table_border", theme)
    return rendered.replace(
        "<table>", f'<table border="1" cellspacing="0" cellpadding="5" style="border-color:{border};">'
    )
