"""How long text is held and shown without freezing the window: the limits, and the cheap views of it.

Qt lays a paragraph out as a whole, and with its default wrapping (at a word boundary, else
anywhere) a run without spaces costs time in the square of its length: measured here, in the
composer, 5,000 characters of any shape take under 6 ms, 20,000 unbroken ones 80 ms, 200,000
unbroken ones 3 s. So a paste over PASTE_CHARS becomes a chip instead of text in the editor, a
message over its role's limit shows only its first PREVIEW_CHARS (as plain text) until asked,
and a text with a long unbroken run wraps anywhere (200,000 unbroken characters: 0.2 s instead
of 7 s; prose keeps its word wrapping).
"""

from __future__ import annotations

import re

from PySide6.QtGui import QTextOption

# Above this, a paste is held as a "pasted text" chip: at 5,000 characters the editor's layout
# is well under a frame (16 ms) in every shape, and the text is already two screens that a
# three-line editor cannot show anyway.
PASTE_CHARS = 5_000
# Above these, a message shows collapsed. A question this long was pasted (the chip's limit);
# an answer this long (about 5,000 tokens) is far beyond a usual one, so answers rarely fold.
LONG_MESSAGE_CHARS = {"user": PASTE_CHARS, "assistant": 20_000}
PREVIEW_CHARS = 3_000  # a collapsed message shows this much: about a screen
_PREVIEW_BREAK_WINDOW = 300  # the preview ends at a line or word break this close to its end, if any
UNBROKEN_RUN = 500  # a run without spaces this long wraps anywhere
_LONG_RUN = re.compile(rf"\S{{{UNBROKEN_RUN}}}")
TOOLTIP_LINES = 8
TOOLTIP_LINE_CHARS = 100


def is_long_message(role: str, text: str) -> bool:
    return len(text) > LONG_MESSAGE_CHARS.get(role, PASTE_CHARS)


def preview(text: str, chars: int = PREVIEW_CHARS) -> str:
    """The first `chars` of `text`, ended at a line or word break near there, with an ellipsis."""
    if len(text) <= chars:
        return text
    head = text[:chars]
    cut = max(head.rfind("\n"), head.rfind(" "))
    if cut >= chars - _PREVIEW_BREAK_WINDOW:
        head = head[:cut]
    return head.rstrip() + " …"


def first_lines(text: str, lines: int = TOOLTIP_LINES, width: int = TOOLTIP_LINE_CHARS) -> str:
    """The first few lines of `text`, each cut to `width`: a glance at a long text (e.g. a tooltip)."""
    shown = []
    for line in text[: lines * (width + 1) * 4].split("\n")[:lines]:
        shown.append(line if len(line) <= width else line[: width - 1] + "…")
    more = len(text.split("\n", lines)) > lines or any(line.endswith("…") for line in shown)
    return "\n".join(shown) + ("\n…" if more else "")


def wrap_mode_for(text: str) -> QTextOption.WrapMode:
    """Wrap anywhere when the text has a long run without spaces (a blob, minified code): at a word
    boundary Qt would look for a break across the whole run, again on every line."""
    if _LONG_RUN.search(text):
        return QTextOption.WrapMode.WrapAnywhere
    return QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere


def trim_pasted(text: str) -> str:
    """A pasted text as it is sent: line endings made plain, blank lines and spaces at its ends left
    out, but the first line's indentation kept (pasted code keeps its shape)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return re.sub(r"\A(?:[ \t]*\n)+", "", text).rstrip()
