"""Token pieces are bytes, and one Chinese character often spans two or three tokens.

Utf8Stream holds back an incomplete character until its last byte arrives, so
every piece of text the user sees is whole. Invalid bytes become U+FFFD only
when they can never complete.
"""

from __future__ import annotations

import codecs


class Utf8Stream:
    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed(self, piece: bytes) -> str:
        return self._decoder.decode(piece)

    def flush(self) -> str:
        """End of the answer: an unfinished character (cut by max_tokens or Stop) is dropped, not shown as U+FFFD."""
        return self._decoder.decode(b"", final=True).rstrip("\ufffd")
