"""Figures for the answer being written, kept apart from the widgets that show them.

The engine measures its own segments (load, queue, prefill, decode); the GUI
adds the one thing only it can see: when the first text reached the screen.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.protocol import EngineStats, Metrics, Started, Token, documents_reused

RATE_WINDOW_S = 1.0


@dataclass
class LiveAnswer:
    sent_at: float
    prompt_tokens: int = 0
    cached_tokens: int = 0
    prefill_started_at: float = 0.0
    first_token_at: float = 0.0  # in the engine
    first_shown_at: float = 0.0  # on screen
    last_token_at: float = 0.0
    tokens: int = 0
    # A question grounded in documents (engine/docs/grounding.py): how they went in ("whole" in the
    # system message, "excerpts" before the question), and which prompt tokens hold them.
    documents_mode: str = ""
    documents_at: tuple[int, int] = (0, 0)
    stats: EngineStats | None = None
    final: Metrics | None = None
    _recent: deque[tuple[float, int]] = field(default_factory=deque)  # (produced_at, index)

    def on_started(self, event: Started) -> None:
        self.prompt_tokens = event.prompt_tokens
        self.cached_tokens = event.cached_tokens
        self.prefill_started_at = event.at
        self.documents_at = event.documents_at

    def on_token(self, event: Token) -> None:
        self.tokens = event.index
        self.last_token_at = event.produced_at
        if not self.first_token_at:
            self.first_token_at = event.produced_at
        self._recent.append((event.produced_at, event.index))
        while len(self._recent) > 2 and self._recent[0][0] < event.produced_at - RATE_WINDOW_S:
            self._recent.popleft()

    def on_first_shown(self, at: float) -> None:
        if not self.first_shown_at:
            self.first_shown_at = at

    # --- derived figures -------------------------------------------------------------

    @property
    def ttft_s(self) -> float | None:
        """From Send to the first text on screen: everything the user waited for."""
        return self.first_shown_at - self.sent_at if self.first_shown_at else None

    @property
    def prefill_tokens(self) -> int:
        return self.prompt_tokens - self.cached_tokens

    @property
    def document_tokens(self) -> int:
        """How many of the prompt's tokens the documents took."""
        start, end = self.documents_at
        return end - start

    @property
    def documents_reused(self) -> int:
        """How many of those the cache reused: the documents' tokens inside the reused prefix."""
        return documents_reused(self.documents_at, self.cached_tokens)

    @property
    def prefill_s(self) -> float | None:
        if self.final is not None:
            return self.final.prefill_s
        if self.first_token_at and self.prefill_started_at:
            return self.first_token_at - self.prefill_started_at
        return None

    @property
    def prefill_tok_s(self) -> float | None:
        if self.final is not None:
            return self.final.prefill_tok_s
        s = self.prefill_s
        return self.prefill_tokens / s if s else None

    @property
    def decode_tok_s(self) -> float | None:
        """Average over the answer so far, excluding the first token (it comes from prefill)."""
        if self.final is not None:
            return self.final.decode_tok_s
        span = self.last_token_at - self.first_token_at
        return (self.tokens - 1) / span if self.tokens > 1 and span > 0 else None

    def recent_tok_s(self, now: float) -> float:
        """Rate over the last second of tokens, for the live plot; 0 once a second passed without any."""
        # Still shown for a second after the answer ends, so a short answer reaches the plot too.
        if len(self._recent) < 2 or now - self._recent[-1][0] > RATE_WINDOW_S:
            return 0.0
        (t0, i0), (t1, i1) = self._recent[0], self._recent[-1]
        return (i1 - i0) / (t1 - t0) if t1 > t0 else 0.0

    def segments(self) -> dict[str, float]:
        """Load / queue / prefill / decode, as measured by the engine once the answer ends. From a
        remote engine: the network and its queue, the server's own reading, writing; where the
        server gave no timings, the wait for the first token stays one segment."""
        if self.final is None:
            return {}
        m = self.final
        remote = m.remote
        if remote is not None:
            if remote.network_queue_s is None or remote.server_prefill_s is None:
                return {"first": m.ttft_s, "decode": m.decode_s}
            return {"network": remote.network_queue_s, "prefill": remote.server_prefill_s, "decode": m.decode_s}
        return {"load": m.load_s, "queue": m.queue_s, "prefill": m.prefill_s, "decode": m.decode_s}
