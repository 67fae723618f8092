"""Document sets in the window: the conversation panel's Documents section, indexing off the
window's thread, and the grounding of a question before the model answers it.

The passages are found as `hearth run --docs` finds them (engine/docs/grounding.py). Finding by
meaning needs the question's embedding: an embedding engine of its own (EngineEmbedder) is
started in the background when a conversation with documents opens; until it is ready, and when
the library has no embedding model, passages are found by their words, and the panel says so and
offers the suggested one (app/models/curated_models.py); once it is downloaded, the sets' passages
are embedded with it.

Indexing shows its progress and the time left, and Pause stops it at its next saved step (a file
read, or a group of passages embedded); Resume runs the same job again, which skips what is done.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app import formatting
from app.background import run_in_background
from app.conversations.document_sets_view import DocumentSetsView
from app.error_texts import error_text

if TYPE_CHECKING:
    from app.controllers.conversations_controller import ConversationsController
    from engine.client.embedding_client import EngineEmbedder
    from engine.docs.grounding import Grounding
    from engine.docs.indexer import IndexReport, Progress
    from engine.docs.store import DocumentStore
    from engine.store.records import Conversation

logger = logging.getLogger(__name__)


class DocumentsController(QObject):
    progressed = Signal(object)  # a copy of the indexer's Progress, from the indexing thread

    def __init__(
        self, view: DocumentSetsView, conversations: ConversationsController, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._view = view
        self._conversations = conversations
        self._store: DocumentStore | None = None
        self._model_path: Path | None = None
        self._model_looked_up = False
        self._embedder: EngineEmbedder | None = None
        self._embedder_ready = False
        self._indexing = False
        self._pause = threading.Event()
        self._job: tuple[list[str], str] | None = None  # the last add's paths and set: Resume runs it again
        self._job_read = 0  # files the job read before its pauses
        view.sets_chosen.connect(self._on_sets_chosen)
        view.add_requested.connect(self.add)
        view.pause_requested.connect(self._pause.set)
        view.resume_requested.connect(self.resume)
        self.progressed.connect(self._show_progress)
        conversations.conversation_opened.connect(lambda _id: self.refresh())
        conversations.data_deletion_started.connect(self.close)

    @property
    def store(self) -> DocumentStore:
        if self._store is None:
            from engine.docs.store import DocumentStore, documents_path

            self._store = DocumentStore(documents_path())
        return self._store

    def _has_sets(self) -> bool:
        """Whether there can be sets to list: the window's start makes no documents file of its own."""
        from engine.docs.store import documents_path

        return self._store is not None or documents_path().exists()

    def embedding_model(self) -> Path | None:
        if not self._model_looked_up:
            from engine.models.embedding_models import embedding_model

            self._model_path = embedding_model()
            self._model_looked_up = True
        return self._model_path

    def refresh(self) -> None:
        conversation = self._conversations.state.conversation
        chosen = conversation.document_sets if conversation is not None else ()
        sets = [(name, self.store.summary(name).files) for name in self.store.set_names()] if self._has_sets() else []
        self._view.show_sets(sets, chosen)
        if not self._indexing and not self._pause.is_set():
            self._view.set_status(self._how_found() if chosen else "")
        self._view.offer_embedding_model(bool(sets) and self.embedding_model() is None)
        if chosen:
            self._warm_up()

    def on_library_changed(self) -> None:
        """A model arrived or left: look for the embedding model again, and embed what it has not."""
        had = self._model_path
        self._model_looked_up = False
        model = self.embedding_model()
        if model != had and self._embedder is not None:
            self._embedder.close()
            self._embedder, self._embedder_ready = None, False
        self.refresh()
        if model is not None and model != had and self._has_sets() and not self._indexing:
            self.add([], "")  # every set's passages, with the new model

    def _how_found(self) -> str:
        if self.embedding_model() is None:
            return self.tr(
                "No embedding model yet, so passages are found by their words only. Get the embedding model "
                "to find them by their meaning too."
            )
        return self.tr("Passages are found by their words and by their meaning.")

    def _on_sets_chosen(self, names: tuple[str, ...]) -> None:
        conversations = self._conversations
        conversation = conversations.ensure_conversation()
        conversations.state.conversation = conversations.store.update_settings(conversation.id, document_sets=names)
        self.refresh()

    # --- indexing ---------------------------------------------------------------------------

    def add(self, paths: Sequence[str], set_name: str, *, resuming: bool = False) -> None:
        """Index `paths` into `set_name`; no paths: embed every set's passages that have no vector yet."""
        if self._indexing:
            self._view.set_status(self.tr("Still indexing the last documents; try again when they are done."))
            return
        self._indexing = True
        self._pause.clear()
        self._job = (list(paths), set_name)
        self._job_read = self._job_read if resuming else 0
        self._view.set_status(self.tr("Reading the documents…") if paths else self.tr("Embedding the documents…"))
        self._view.show_progress(0, 0)
        run_in_background(self, lambda: self._index(list(paths), set_name), self._on_indexed, self._on_index_failed)

    def resume(self) -> None:
        if self._job is not None and not self._indexing:
            self.add(*self._job, resuming=True)

    def _index(self, paths: list[str], set_name: str) -> tuple[IndexReport, str]:
        """On a worker thread, with a connection and an embedding engine of its own (SQLite's WAL
        lets the window read the store meanwhile)."""
        from engine.client.embedding_client import EngineEmbedder
        from engine.docs.indexer import Indexer, IndexReport
        from engine.docs.store import DocumentStore, documents_path

        model = self.embedding_model()
        embedder = EngineEmbedder(str(model)) if model is not None else None
        store = DocumentStore(documents_path())
        try:

            def indexer(name: str) -> Indexer:
                return Indexer(
                    store,
                    name,
                    embed=embedder,
                    model=model.name if model is not None else "",
                    on_progress=self._on_progress,
                    pause=self._pause,
                )

            if paths:
                return indexer(set_name).add([Path(p) for p in paths]), set_name
            report = IndexReport()
            for name in store.set_names() if embedder is not None else []:
                indexer(name).embed_missing(report)
                if report.paused:
                    break
            return report, set_name
        finally:
            store.close()
            if embedder is not None:
                embedder.close()

    def _on_progress(self, progress: Progress) -> None:
        self.progressed.emit(replace(progress))  # the indexer goes on changing its own

    def _show_progress(self, progress: Progress) -> None:
        if self._pause.is_set() or not self._indexing:
            return  # a step that was under way when Pause came
        what = self.tr("Reading files") if progress.phase == "reading" else self.tr("Embedding passages")
        line = self.tr("{what}: {done} of {total}").format(what=what, done=progress.done, total=progress.total)
        left = progress.eta_s
        if left is not None and progress.done < progress.total:
            line = self.tr("{progress}, about {left} left").format(progress=line, left=formatting.duration(left))
        self._view.set_status(line)
        self._view.show_progress(progress.done, progress.total)

    def _on_indexed(self, result: tuple[IndexReport, str]) -> None:
        report, set_name = result
        self._indexing = False
        self._job_read += len(report.read)
        if report.paused and self._job is None:  # stopped by close(): Delete all my data, or the window going
            self._pause.clear()
            self._view.hide_progress()
            self.refresh()
            return
        if report.paused:
            self.refresh()
            self._view.show_paused()
            self._view.set_status(self.tr("Paused. Resume goes on from where it stopped; what is done is kept."))
            return
        self._pause.clear()
        self._view.hide_progress()
        if not set_name:  # the sets' passages embedded with a new model
            self.refresh()
            done = self.tr("Your documents can now be found by their meaning too.")
            self._view.set_status(done if report.chunks_embedded else self._view.status.text())
            return
        conversation = self._conversations.state.conversation
        chosen = conversation.document_sets if conversation is not None else ()
        if set_name not in chosen:  # what the user just added is what they mean to ask about
            self._on_sets_chosen((*chosen, set_name))
        else:
            self.refresh()
        lines = [self.tr("Added {count} files to {name}.").format(count=self._job_read, name=set_name)]
        lines += [error for _path, error in report.failed]
        if self.embedding_model() is None:
            lines.append(self._how_found())  # beside the button that gets one
        self._view.set_status("\n".join(lines))

    def _on_index_failed(self, error: Exception) -> None:
        self._indexing = False
        self._pause.clear()
        self._view.hide_progress()
        self._view.set_status(error_text(error))

    # --- grounding --------------------------------------------------------------------------

    def _warm_up(self) -> None:
        """Start the embedding engine before the first question, so that it does not wait."""
        model = self.embedding_model()
        if model is None or self._embedder is not None:
            return
        from engine.client.embedding_client import EngineEmbedder

        embedder = self._embedder = EngineEmbedder(str(model))
        run_in_background(self, lambda: embedder.one("warm up"), self._on_warm, self._on_warm_failed)

    def _on_warm(self, _vector: object) -> None:
        self._embedder_ready = True

    def _on_warm_failed(self, error: Exception) -> None:
        logger.info("the embedding engine did not start: %s", error)
        if self._embedder is not None:
            self._embedder.close()
            self._embedder = None

    def ground(self, conversation: Conversation, question: str, context_tokens: int) -> Grounding | None:
        """What the model is given for `question`, from the conversation's sets; None without sets
        (or when the sets cannot be read: the panel says why, and the question goes as it is)."""
        if not conversation.document_sets:
            return None
        from engine.docs.grounding import ground

        embedder = self._embedder if self._embedder_ready else None
        model = self.embedding_model()
        try:
            return ground(
                self.store,
                conversation.document_sets,
                question,
                context_tokens=context_tokens,
                embed=embedder.one if embedder is not None else None,
                model=model.name if model is not None and embedder is not None else "",
                system=conversation.system_prompt,
            )
        except Exception as exc:  # a removed set, an engine that died: the answer still comes
            logger.info("grounding failed: %s", exc)
            self._view.set_status(error_text(exc))
            return None

    def close(self) -> None:
        if self._indexing:
            self._pause.set()  # the run stops at its next step: its store may be about to go
        self._job = None  # and is not resumed
        if self._embedder is not None:
            self._embedder.close()
            self._embedder = None
            self._embedder_ready = False
        if self._store is not None:
            self._store.close()
            self._store = None
