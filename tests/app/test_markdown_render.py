"""Answers render as Markdown: code blocks, lists and tables, and never as the model's raw HTML."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.chat.markdown_render import markdown_to_html
from app.chat.message_bubble import MessageBubble


def test_code_blocks_are_highlighted_on_a_shaded_table() -> None:
    out = markdown_to_html("```python\ndef f():\n    return 1\n```")
    assert 'bgcolor="#f4f5f7"' in out
    assert "<pre>" in out
    assert "style=" in out  # pygments colours inline, Qt rich text has no stylesheet classes


def test_lists_and_tables() -> None:
    out = markdown_to_html("1. one\n2. two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<ol>" in out
    assert out.count("<li>") == 2
    assert '<table border="1"' in out
    assert "<th>a</th>" in out


def test_raw_html_from_the_model_is_shown_as_text() -> None:
    out = markdown_to_html('<img src="http://example.com/x.png"> <b>bold</b>')
    assert "<img" not in out
    assert "&lt;img" in out


def test_bubble_renders_streamed_text_as_markdown(qtbot: QtBot) -> None:
    bubble = MessageBubble("assistant", "Model")
    qtbot.addWidget(bubble)
    for piece in ["Here", " is **bold**", " and `code`", "\n\n- 繁體中文\n- 简体中文"]:
        bubble.append(piece)
    assert bubble.render_markdown()
    assert not bubble.render_markdown(), "an unchanged text must not re-render"
    assert "<strong>bold</strong>" in bubble.rendered_html
    assert "<code>code</code>" in bubble.rendered_html
    assert "<li>繁體中文</li>" in bubble.rendered_html
    shown = bubble.body.toPlainText()
    assert "**" not in shown
    assert "繁體中文" in shown


def test_streamed_text_shows_plain_then_formatted(qtbot: QtBot) -> None:
    bubble = MessageBubble("assistant", "Model")
    qtbot.addWidget(bubble)
    bubble.append("Some **bold")
    bubble.show_new_text()
    bubble.append("** text")
    bubble.show_new_text()
    assert bubble.body.toPlainText() == "Some **bold** text"
    bubble.render_markdown()
    assert bubble.body.toPlainText().strip() == "Some bold text"
