"""Stop strings, over streamed text: what may be sent now, and whether a stop string was met.

Text that could be the start of a stop string is held back until the next piece shows whether it
is one, so a client never sees part of a stop string; the stop string itself is never sent.
"""

from __future__ import annotations


class StopMatcher:
    def __init__(self, stops: tuple[str, ...]) -> None:
        self._stops = tuple(s for s in stops if s)
        self._held = ""
        self.stopped = False

    def feed(self, text: str) -> str:
        """The text that can be sent now; after a stop string is met, nothing more."""
        if self.stopped:
            return ""
        if not self._stops:
            return text
        buffer = self._held + text
        found = [i for i in (buffer.find(s) for s in self._stops) if i >= 0]
        if found:
            self.stopped = True
            self._held = ""
            return buffer[: min(found)]
        keep = max((_partial_overlap(buffer, s) for s in self._stops), default=0)
        self._held = buffer[len(buffer) - keep :] if keep else ""
        return buffer[: len(buffer) - keep]

    def flush(self) -> str:
        """At the end of the answer: what was held back was no stop string after all."""
        held, self._held = self._held, ""
        return "" if self.stopped else held


def _partial_overlap(text: str, stop: str) -> int:
    """The length of the longest end of `text` that is a beginning of `stop` (shorter than it)."""
    for length in range(min(len(text), len(stop) - 1), 0, -1):
        if text.endswith(stop[:length]):
            return length
    return 0
