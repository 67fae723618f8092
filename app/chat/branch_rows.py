"""Turn a stored branch into what the chat view shows: author, text, versions, footer, notices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any, cast, overload

from PySide6.QtCore import QCoreApplication

from app import formatting as fmt
from app.chat.chat_view import MessageRow
from engine.protocol import Metrics, RemoteFigures
from engine.store.conversations import ConversationStore
from engine.store.records import StoredMessage

CUT_OFF_STOPS = ("max_tokens", "context_full", "cancelled")


def tr(text: str) -> str:
    """Translate under this module's context (packaging/update_translations.py, MODULE_CONTEXTS)."""
    return QCoreApplication.translate("BranchRows", text)


def metrics_from_dict(data: dict[str, object] | None) -> Metrics | None:
    if not data:
        return None
    names = {f.name for f in fields(Metrics)}
    values = {k: v for k, v in data.items() if k in names}
    if isinstance(values.get("remote"), dict):  # saved as a dict (asdict): a remote engine's figures
        remote_names = {f.name for f in fields(RemoteFigures)}
        remote = cast(dict[str, Any], values["remote"])
        try:
            values["remote"] = RemoteFigures(**{k: v for k, v in remote.items() if k in remote_names})
        except TypeError:
            values["remote"] = None
    try:
        return Metrics(**values)  # type: ignore[arg-type]
    except TypeError:
        return None  # saved by a different version; the footer is a nicety


def can_continue(message: StoredMessage) -> bool:
    if message.role != "assistant":
        return False
    if message.state in ("partial", "interrupted"):
        return True
    metrics = metrics_from_dict(message.metrics)
    return metrics is not None and metrics.stop_reason in CUT_OFF_STOPS


def dropped_notice(count: int) -> str:
    if count <= 0:
        return ""
    return tr(
        "The oldest messages ({n}) no longer fit in the model's context (its working memory), "
        "so this answer was written without them."
    ).format(n=count)


def fallback_notice(fallback: object) -> str:
    """Where an answer came from when the model on this computer wrote it in place of the conversation's
    remote engine, and why (`fallback`: a chat_controller.StandIn as saved with the answer's figures)."""
    if not isinstance(fallback, dict):
        return ""
    why = fallback.get("why")
    if why == "offline":
        text = tr(
            "Offline mode is on, so this answer was written by the model on this computer, "
            "not by the engine {engine} at {host}."
        )
    elif why == "cut":
        text = tr("The engine {engine} at {host} stopped partway, so this answer was written on this computer.")
    else:
        text = tr("The engine {engine} at {host} did not answer, so this answer was written on this computer.")
    return text.format(engine=fallback.get("engine", ""), host=fallback.get("host", ""))


def state_notice(message: StoredMessage) -> str:
    if message.state == "interrupted":
        return tr("This answer was interrupted before it finished. Continue it, or retry it.")
    if message.state == "error":
        return message.error or tr("This answer failed.")
    return ""


class BranchRows(Sequence[MessageRow]):
    """The rows of a branch, each worked out when the view first asks for it."""

    def __init__(self, store: ConversationStore, branch: list[StoredMessage], model_name: str) -> None:
        self._store = store
        self._branch = branch
        self._model_name = model_name
        self._positions = store.version_positions(branch[0].conversation_id) if branch else {}
        self._cache: dict[int, MessageRow] = {}

    def __len__(self) -> int:
        return len(self._branch)

    @overload
    def __getitem__(self, index: int) -> MessageRow: ...
    @overload
    def __getitem__(self, index: slice) -> list[MessageRow]: ...
    def __getitem__(self, index: int | slice) -> MessageRow | list[MessageRow]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index not in self._cache:
            self._cache[index] = self._row(index)
        return self._cache[index]

    def _row(self, index: int) -> MessageRow:
        message = self._branch[index]
        version, count = self._positions.get(message.id, (1, 1))
        if message.metrics is None and message.role == "assistant":
            message = replace(message, metrics=self._store.metrics_of(message.id))  # a light branch
        metrics = metrics_from_dict(message.metrics)
        footer = fmt.answer_footer(metrics, None) if metrics is not None and message.role == "assistant" else ""
        notices = [state_notice(message)]
        if metrics is not None:
            notices.insert(0, dropped_notice(metrics.dropped_messages))
        if message.metrics is not None:
            notices.insert(0, fallback_notice(message.metrics.get("fallback")))
        return MessageRow(
            message_id=message.id,
            role=message.role,
            author=tr("You") if message.role == "user" else (self._model_name or tr("Assistant")),
            text=message.text,
            version=version,
            versions=count,
            footer=footer,
            notice=" ".join(n for n in notices if n),
            can_continue=can_continue(message) and index == len(self._branch) - 1,
            cut_short=message.role == "assistant" and message.state in ("interrupted", "error"),
            sources=message.sources,
        )
