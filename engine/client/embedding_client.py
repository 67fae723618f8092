"""Embeddings from an embedding model in the engine child, for commands that index or search
documents without a window (`hearth docs`): an engine process of their own, started on first use."""

from __future__ import annotations

import itertools
import time

from engine.client.process import EngineDiedError, EngineProcess
from engine.errors import UserError
from engine.kernels.kernel_sets import KernelSet
from engine.kernels.policy import KernelPolicy
from engine.protocol import CommandFailed, Embed, Embedded

EMBED_TIMEOUT_S = 600.0


class EngineEmbedder:
    def __init__(self, model_path: str) -> None:
        self.model_path = model_path
        self._engine: EngineProcess | None = None
        self._ids = itertools.count(1)
        self._policy = KernelPolicy()
        self._kernels: KernelSet | None = None
        self._variant: str | None = None  # a portable build's CPU variant (None: ggml's choice)
        self._proven = False  # the kernels have embedded once: a later fault is not theirs

    def __call__(self, texts: list[str]) -> list[list[float]]:
        """One unit vector per text; UserError with the engine's sentence if it could not. An engine
        that dies of CPU kernels the machine refuses (engine/kernels/policy.py) is started again on
        safer ones, as the window's is, and the texts asked again."""
        while True:
            engine = self._started()
            try:
                vectors = self._ask(engine, texts)
            except EngineDiedError as death:
                self._engine = None
                after = self._policy.after_death(
                    death.exitcode, engine.kernels, proven=self._proven, variant=engine.variant
                )
                if (
                    after is None
                    or after.kernels is None
                    or (after.kernels, after.variant)
                    == (
                        engine.kernels,
                        engine.variant,
                    )
                ):
                    raise
                self._kernels, self._variant = after.kernels, after.variant
                continue
            self._proven = True
            return vectors

    def _started(self) -> EngineProcess:
        if self._engine is None:
            if self._kernels is None:
                start = self._policy.for_next_start()
                self._kernels, self._variant = start.kernels, start.variant
            self._engine = EngineProcess(kernels=self._kernels, variant=self._variant)
            self._engine.start()
        return self._engine

    def _ask(self, engine: EngineProcess, texts: list[str]) -> list[list[float]]:
        command_id = next(self._ids)
        engine.send(Embed(command_id, tuple(texts), truncate=True, model_path=self.model_path))
        deadline = time.monotonic() + EMBED_TIMEOUT_S
        while time.monotonic() < deadline:
            event = engine.receive(1.0)
            if isinstance(event, Embedded) and event.command_id == command_id:
                return [list(vector) for vector in event.vectors]
            if isinstance(event, CommandFailed) and event.command_id == command_id:
                raise UserError.from_code(event.reason_code, dict(event.reason_params))
        raise UserError("engine.stopped_responding")

    def one(self, text: str) -> list[float]:
        return self([text])[0]

    def close(self) -> None:
        if self._engine is not None:
            self._engine.stop()
            self._engine = None
