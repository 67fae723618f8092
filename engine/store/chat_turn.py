"""One turn of a stored conversation: what to send the engine, and how to save what comes back.

`hearth run --chat NAME` uses it; nothing in it is specific to the command line. The turn
reads the branch on screen when it is made and writes nothing until the engine says it
started (so a model that fails to load leaves the conversation as it was). Then it saves
the question with the exact tokens the model read, and streams the answer into the store
through an AnswerWriter: a kill -9 loses at most the last half second of it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.errors import UserError
from engine.protocol import ChatMessage, Generate, SamplingParams, Started, Token
from engine.store.answer_writer import AnswerWriter
from engine.store.conversations import ConversationStore
from engine.store.records import Conversation, MessageState, StoredMessage
from engine.store.tokens import branch_layout, branch_tokens, split_prompt

logger = logging.getLogger(__name__)


def prompt_messages(system_prompt: str, branch: Sequence[StoredMessage], question: str) -> tuple[ChatMessage, ...]:
    """The messages the model reads: the system prompt, the branch on screen, the new question.

    An answer that failed before writing anything has no text and is left out (as in the window).
    """
    messages = [ChatMessage("system", system_prompt)] if system_prompt.strip() else []
    messages += [ChatMessage(m.role, m.text) for m in branch if m.text or m.role == "user"]
    messages.append(ChatMessage("user", question))
    return tuple(messages)


def cache_owner(conversation_id: int) -> str:
    """The prefix cache's name for a conversation's snapshots (deleted with it)."""
    return f"conversation:{conversation_id}"


def split_prompt_tokens(
    branch: Sequence[StoredMessage], prompt_token_ids: Sequence[int], model: str
) -> tuple[int, tuple[int, ...]]:
    """(token_start, token_ids) for a new question: the prompt after the tokens it shares with the branch.

    Storing only the new part keeps a long conversation from storing its history once per
    turn; `branch_tokens(branch + [question])` gives back the whole prompt exactly.
    """
    start, rest = split_prompt(branch_tokens(branch, model), prompt_token_ids)
    return start, tuple(rest)


class ChatTurn:
    """One question and its answer in the conversation titled (or numbered) `name`.

    `system_prompt` None keeps the conversation's own; `sampling_changes` are the
    SamplingParams fields the user set for this turn. A new conversation gets both, and so
    does an existing one (they are its settings from now on, as in the window).
    """

    def __init__(
        self,
        store: ConversationStore,
        name: str,
        question: str,
        *,
        model_name: str,
        system_prompt: str | None = None,
        sampling_changes: dict[str, Any] | None = None,
    ) -> None:
        self.store = store
        self.name = name
        self.question = question
        self.model_name = model_name
        self.conversation: Conversation | None = store.find(name)
        conversation = self.conversation
        self.branch: list[StoredMessage] = store.branch(conversation.id) if conversation else []
        self._system_changed = system_prompt is not None and (
            conversation is None or system_prompt != conversation.system_prompt
        )
        self.system_prompt = (
            system_prompt if system_prompt is not None else (conversation.system_prompt if conversation else "")
        )
        base = conversation.sampling if conversation else SamplingParams()
        self.sampling = replace(base, **(sampling_changes or {}))
        self.messages = prompt_messages(self.system_prompt, self.branch, question)
        self.question_message: StoredMessage | None = None
        self.answer_message: StoredMessage | None = None
        self.writer: AnswerWriter | None = None
        self.finished_state: MessageState | None = None

    def generate(self, request_id: int, sent_at: float) -> Generate:
        conversation = self.conversation
        history, segments = branch_layout(self.branch, self.model_name)
        return Generate(
            request_id,
            self.messages,
            self.sampling,
            sent_at,
            template_override=conversation.template_override if conversation else None,
            overflow_policy=conversation.overflow_policy if conversation else "drop_oldest",
            history_tokens=tuple(history),
            history_segments=tuple(segments),
            cache_owner=cache_owner(conversation.id) if conversation else None,
            pin_system_prompt=bool(self.system_prompt.strip()),
        )

    # --- events -----------------------------------------------------------------------

    def started(self, event: Started) -> None:
        """Save the conversation's settings, the question, and an empty answer to stream into."""
        store = self.store
        conversation = self.conversation
        if conversation is None:
            conversation = store.create(
                title=self.name, model=self.model_name, system_prompt=self.system_prompt, sampling=self.sampling
            )
        else:
            conversation = store.update_settings(
                conversation.id,
                model=self.model_name if self.model_name != conversation.model else None,
                system_prompt=self.system_prompt if self._system_changed else None,
                sampling=self.sampling if self.sampling != conversation.sampling else None,
            )
        self.conversation = conversation
        token_start, token_ids = split_prompt_tokens(self.branch, event.prompt_token_ids, self.model_name)
        parent_id = self.branch[-1].id if self.branch else None
        self.question_message = store.add_message(
            conversation.id,
            parent_id,
            "user",
            self.question,
            token_ids=token_ids,
            token_start=token_start,
            token_model=self.model_name,
        )
        self.answer_message = store.add_message(
            conversation.id,
            self.question_message.id,
            "assistant",
            "",
            state="partial",
            token_model=self.model_name,
            writer_pid=os.getpid(),
        )
        self.writer = AnswerWriter(store.path, self.answer_message.id)

    def token(self, event: Token) -> None:
        if self.writer is not None:
            self.writer.append(event.text, event.token_ids)

    def finish(self, state: MessageState, metrics: dict[str, Any] | None = None, error: str | None = None) -> None:
        """Save the rest of the answer with its final state; once, and only if it started."""
        if self.writer is None or self.finished_state is not None:
            return
        self.finished_state = state
        self.writer.finish(state, metrics, error)

    def close(self) -> None:
        """An answer still streaming (Ctrl+C, an exception) ends as interrupted."""
        self.finish("interrupted")

    @property
    def save_error(self) -> UserError | None:
        """Why the answer could not be saved (a full disk, say), if it could not."""
        return self.writer.error if self.writer is not None else None
