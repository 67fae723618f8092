"""What the window's controllers use of the engine client: its commands and the signals its events come on.

app/controllers/engine_client.py's EngineClient is the real one (a loop thread over the engine child);
tests/app/fake_engine.py's FakeEngineClient is a scripted one for the controller tests. Each signal
carries one engine/protocol.py event, delivered on the Qt main thread after the command that caused it
returned (the real client queues them across threads).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from engine.protocol import ChatMessage, LoadOptions, OverflowPolicy, SamplingParams


class EnginePort(Protocol):
    @property
    def load_progressed(self) -> SignalInstance: ...  # LoadProgress
    @property
    def loaded(self) -> SignalInstance: ...  # Loaded
    @property
    def unloaded(self) -> SignalInstance: ...  # Unloaded
    @property
    def started(self) -> SignalInstance: ...  # Started
    @property
    def token_received(self) -> SignalInstance: ...  # Token
    @property
    def stats_received(self) -> SignalInstance: ...  # EngineStats
    @property
    def finished(self) -> SignalInstance: ...  # Finished
    @property
    def failed(self) -> SignalInstance: ...  # Failed
    @property
    def engine_started(self) -> SignalInstance: ...  # (no argument): a fresh engine child is running
    @property
    def cache_reported(self) -> SignalInstance: ...  # CacheReport
    @property
    def noticed(self) -> SignalInstance: ...  # Notice

    def load(self, options: LoadOptions) -> None: ...

    def unload(self) -> None: ...

    def generate(
        self,
        messages: tuple[ChatMessage, ...],
        sampling: SamplingParams,
        sent_at: float | None = None,
        *,
        template_override: str | None = None,
        overflow_policy: OverflowPolicy = "drop_oldest",
        continue_last: bool = False,
        history_tokens: tuple[int, ...] = (),
        history_segments: tuple[int, ...] = (),
        cache_owner: str | None = None,
        pin_system_prompt: bool = False,
        follow_up: bool = True,
        documents: str = "",
    ) -> int:
        """Ask for an answer; returns its request id, which its events carry."""
        ...

    def cancel(self, request_id: int) -> None: ...

    def clear_cache(self, owner: str | None = None) -> None: ...

    def query_cache(self) -> None: ...

    def shutdown(self, timeout_ms: int = 5000) -> None: ...

    def engine_pid(self) -> int | None: ...
