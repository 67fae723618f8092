"""Errors meant for the user: the message is one plain sentence, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """A problem the user can understand and usually fix; str() is one plain sentence.

    The CLI prints it as one line and exits 1; the window shows it with a Details expander."""
