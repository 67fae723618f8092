"""The chat: send, stop, regenerate, continue and edit, and the answer being written.

It asks the engine for an answer (what the model reads comes from engine/store/chat_turn.py's
prompt_messages, as `hearth run --chat` builds it), streams the answer into its bubble and the
performance panel, and saves it as it comes (the question with the exact tokens the model read,
the answer through an AnswerWriter). The conversations controller owns the conversation on screen
and its branch; this controller extends the branch as it sends and shows it in the chat view.

It drives the chat view, the composer and the panel (the window creates and lays them out); the
buttons, the edit banner and the note above the composer follow its signals.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Literal, assert_never

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from app import formatting as fmt
from app.chat.branch_rows import BranchRows, dropped_notice, fallback_notice
from app.chat.chat_view import ChatView, MessageRow
from app.chat.composer import Composer
from app.chat.message_bubble import MessageBubble
from app.controllers.conversations_controller import ConversationsController
from app.controllers.engine_port import EnginePort
from app.controllers.model_controller import ModelController
from app.conversations.conversation_list import shown_title
from app.error_texts import details_text, error_text, failed_text
from app.panels.live_metrics import LiveAnswer
from app.panels.metrics_panel import MetricsPanel
from engine.protocol import (
    AnswerFailed,
    ChatMessage,
    CommandFailed,
    EngineDied,
    EngineStats,
    Failed,
    Finished,
    LoadFailed,
    Started,
    Token,
)
from engine.remote.engines import list_engines
from engine.remote.model_ref import parse_remote_ref
from engine.store.answer_writer import AnswerWriter
from engine.store.chat_turn import cache_owner, prompt_messages
from engine.store.conversations import ConversationNotFoundError, DiskFullError
from engine.store.records import Conversation, MessageState, StoredMessage
from engine.store.tokens import branch_layout, split_prompt

if TYPE_CHECKING:
    from engine.docs.grounding import Grounding

DEFAULT_CONTEXT = 4096  # before the model's own is known

logger = logging.getLogger(__name__)

# Why a remote engine gave no whole answer: it stayed down after its retries, its stream broke
# partway, or offline mode keeps Hearth from sending to it.
RemoteTrouble = Literal["down", "cut", "offline"]


@dataclass(frozen=True)
class StandIn:
    """The model on this computer answers in place of the conversation's remote engine, which did not."""

    remote_path: str  # the remote model the conversation goes back to for its next question ("": none known)
    engine: str
    host: str
    why: RemoteTrouble

    def as_json(self) -> dict[str, str]:
        """What the answer keeps of it (with its figures), for app/chat/branch_rows.py's notice."""
        return {"engine": self.engine, "host": self.host, "why": self.why}


def remote_trouble(event: Failed) -> RemoteTrouble | None:
    """Why a remote engine failed this answer, if one did (the model on this computer is then offered)."""
    if not isinstance(event, AnswerFailed):
        return None
    if event.kind == "remote_down":
        return "down"
    if event.kind == "remote_cut":
        return "cut"
    return "offline" if event.reason_code == "remote.offline" else None


@dataclass
class Answer:
    """An answer being written (one per conversation; the engine writes several at once)."""

    request_id: int
    conversation_id: int
    message_id: int  # the answer
    question_id: int | None  # the question it answers
    writer: AnswerWriter
    figures: LiveAnswer
    tokens_before_question: list[int] = field(default_factory=list)
    stand_in: StandIn | None = None  # written on this computer in place of the conversation's remote engine


@dataclass
class ChatState:
    answers: dict[int, Answer] = field(default_factory=dict)  # being written now, by conversation id
    shown_id: int | None = None  # the conversation on screen
    figures: LiveAnswer | None = None  # the figures the panel shows (the answer on screen, or the newest)
    editing: int | None = None  # the question being edited: Send asks it again as a new version
    # Conversations not on screen whose remote engine stayed down, with "fall back automatically" on:
    # the failed answer and its stand-in, asked when the conversation is opened.
    pending_stand_ins: dict[int, tuple[int, StandIn]] = field(default_factory=dict)

    @property
    def answer(self) -> Answer | None:
        """The answer being written in the conversation on screen, if any."""
        return self.answers.get(self.shown_id) if self.shown_id is not None else None

    def by_request(self, request_id: int) -> Answer | None:
        return next((a for a in self.answers.values() if a.request_id == request_id), None)


def prompt_for(
    conversation: Conversation, branch: list[StoredMessage], *, continue_last: bool
) -> tuple[ChatMessage, ...]:
    """What the model reads for `branch`, which ends with the question and its answer: the system prompt,
    the messages before the question, the question; to continue the answer, the answer so far too."""
    *history, answer = branch
    if not continue_last:
        return prompt_messages(conversation.system_prompt, history[:-1], history[-1].text)
    written = (ChatMessage("assistant", answer.text),) if answer.text else ()
    if not history:  # an answer with no question before it (imported so): only the system prompt
        return prompt_messages(conversation.system_prompt, (), "")[:-1] + written
    return prompt_messages(conversation.system_prompt, history[:-1], history[-1].text) + written


def grounded_messages(messages: tuple[ChatMessage, ...], grounding: Grounding) -> tuple[ChatMessage, ...]:
    """`messages` with the documents in: the system message (instructions, and a small set whole)
    and the question (excerpts before it). What repeats comes first, so the cache keeps it."""
    rest = messages[1:] if messages and messages[0].role == "system" else messages
    return (ChatMessage("system", grounding.system), *rest[:-1], replace(rest[-1], content=grounding.user))


class ChatController(QObject):
    answer_started = Signal(object)  # Started: the engine is reading the prompt
    token_arrived = Signal(object)  # Token, once the answer holds it
    answer_finished = Signal(object)  # Finished, once the bubble and the panel show it
    answer_on_screen_finished = Signal(object)  # the MessageBubble of a finished answer the user is looking at
    answer_failed = Signal(object)  # Failed: the answer ended early; what it wrote is kept
    busy_changed = Signal(bool)  # an answer began (True) or ended (False)
    editing_changed = Signal(bool)  # a question is being edited (True) or no longer (False)
    note_changed = Signal(str)  # the line above the composer ("" hides it)
    said = Signal(str, int)  # a sentence for the status bar, and for how many ms

    def __init__(
        self,
        client: EnginePort,
        conversations: ConversationsController,
        models: ModelController,
        *,
        chat_view: ChatView,
        composer: Composer,
        metrics_panel: MetricsPanel,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = ChatState()
        # The question's documents (app/controllers/documents_controller.py), set by the window.
        self.grounder: Callable[[Conversation, str, int], Grounding | None] | None = None
        self._client = client
        self._conversations = conversations
        self._models = models
        self._chat_view = chat_view
        self._composer = composer
        self._metrics_panel = metrics_panel
        self._answer_bubble: MessageBubble | None = None
        self._pending_answer_row: MessageRow | None = None  # the answer's row, built on the next turn
        composer.submitted.connect(self.send_message)
        chat_view.first_text_shown.connect(self._on_first_text_shown)
        chat_view.action_requested.connect(self._on_action_requested)
        conversations.conversation_opened.connect(self._on_conversation_opened)
        conversations.branch_changed.connect(self.show_branch)
        conversations.conversation_deleted.connect(self._on_conversation_deleted)
        conversations.data_deletion_started.connect(self.interrupt)
        client.started.connect(self._on_started)
        client.token_received.connect(self._on_token_received)
        client.stats_received.connect(self._on_stats_received)
        client.finished.connect(self._on_finished)
        client.failed.connect(self._on_failed)

    @property
    def active_request(self) -> int | None:
        """The request answering in the conversation on screen."""
        return self.state.answer.request_id if self.state.answer else None

    # --- sending -------------------------------------------------------------------------

    def send_message(self, text: str) -> None:
        try:
            self._send(text)
        except DiskFullError as exc:  # nothing is lost: the question stays in the composer
            self.said.emit(error_text(exc), 15_000)

    def _send(self, text: str) -> None:
        conversations = self._conversations
        conversations.wait_for_saves()
        if self.state.answer is not None:
            return
        sent_at = time.monotonic()
        shown_conversation = conversations.state.conversation
        if shown_conversation is None or not self._back_to_remote(shown_conversation):
            self._models.ensure_model_for_send()
        conversation = conversations.ensure_conversation()
        self.state.shown_id = conversation.id
        store = conversations.store
        shown = conversations.state
        bubbles = self._chat_view.bubbles
        if self.state.editing is not None:
            parent_id = store.message(self.state.editing).parent_id
            self.cancel_edit()
            shown.branch = store.branch(conversation.id, parent_id) if parent_id is not None else []
            extends_view = False
        else:
            parent_id = shown.branch[-1].id if shown.branch else None
            # The usual case: the view shows the branch up to the parent, so two rows are appended.
            extends_view = (bubbles[-1].message_id if bubbles else None) == parent_id
        question = store.add_message(conversation.id, parent_id, "user", text)
        self._composer.clear()  # only once the question is safely stored
        conversation = conversations.reread_conversation()  # the first question titles it
        shown.branch.append(question)
        self._start_answer(conversation, question, sent_at, rebuild_view=not extends_view)

    def regenerate(self, answer_id: int) -> None:
        conversation = self._conversations.state.conversation
        if conversation is not None and self.state.answer is None:
            self._back_to_remote(conversation)
        self._regenerate(answer_id)

    def _regenerate(self, answer_id: int, stand_in: StandIn | None = None) -> None:
        conversations = self._conversations
        conversations.wait_for_saves()
        conversation = conversations.state.conversation
        if self.state.answer is not None or conversation is None:
            return
        sent_at = time.monotonic()
        answer = conversations.store.message(answer_id)
        if answer.parent_id is None:
            return
        conversations.state.branch = conversations.store.branch(conversation.id, answer.parent_id)
        self._start_answer(conversation, conversations.state.branch[-1], sent_at, stand_in=stand_in)

    def ask_this_computer(self, answer_id: int, stand_in: StandIn | None = None) -> bool:
        """A remote engine stayed down or cut the answer: the same question, asked again of the model
        on this computer (the last one used here, else the starter model), as a new version.

        Without `stand_in` the conversation moves to that model. With one (the conversation falls back
        automatically), the answer says where it came from and why, and the conversation keeps its
        remote engine: its next question goes there again. False: nothing was asked (and why was said)."""
        path = self._models.local_fallback_path()
        if not path:
            self.said.emit(self.tr("There is no model on this computer to ask; download one in Models."), 10_000)
            return False
        if self._models.state.answering:  # the model cannot be switched under another answer
            self.said.emit(
                self.tr("Another answer is still being written; ask the model on this computer when it ends."), 10_000
            )
            return False
        self._models.switch_model(path)
        self._regenerate(answer_id, stand_in)
        return True

    def _back_to_remote(self, conversation: Conversation) -> bool:
        """A conversation that falls back automatically stays with its remote engine: after the model on
        this computer stood in for it, its next question goes to the engine again, so the engine answers
        again as soon as it is back. True: its model is being loaded."""
        path = conversation.model_path
        remote = parse_remote_ref(path)
        models = self._models
        if not conversation.fallback_local or remote is None or models.state.answering:
            return False
        if path in (models.state.loaded_path, models.picked_path):
            return False  # in, or on its way in
        if remote.engine.lower() not in {e.name.lower() for e in list_engines()}:
            return False  # removed since: opening the conversation said so
        models.switch_model(path)
        return True

    def _fall_back_automatically(self, failed: Answer, event: AnswerFailed, why: RemoteTrouble) -> None:
        """The remote engine gave no answer at all: with "fall back automatically" on, the model on
        this computer answers in its place (a conversation not on screen: when it is opened)."""
        if failed.stand_in is not None:
            return  # already this computer's answer
        try:
            conversation = self._conversations.store.get(failed.conversation_id)
        except ConversationNotFoundError:
            return
        if not conversation.fallback_local:
            return
        stand_in = self._stand_in_for(conversation, event, why)
        if failed.conversation_id != self.state.shown_id:
            self.state.pending_stand_ins[failed.conversation_id] = (failed.message_id, stand_in)
            return
        self.ask_this_computer(failed.message_id, stand_in)

    def _stand_in_for(self, conversation: Conversation, event: AnswerFailed, why: RemoteTrouble) -> StandIn:
        """Which remote engine failed (as the failure names it) and the model the conversation goes back to."""
        path = conversation.model_path
        if parse_remote_ref(path) is None:
            path = self._models.state.loaded_path if parse_remote_ref(self._models.state.loaded_path) else ""
        remote = parse_remote_ref(path)
        params = dict(event.reason_params)
        engine = params.get("name") or (remote.engine if remote is not None else "")
        return StandIn(path, engine, params.get("host") or engine, why)

    def _on_ask_here_clicked(self, answer_id: int, conversation_id: int, stand_in: StandIn) -> None:
        """The error's button: with "fall back automatically" on, the answer stands in for the engine's
        (the conversation keeps its engine); else the conversation moves to the model on this computer."""
        try:
            falls_back = self._conversations.store.get(conversation_id).fallback_local
        except ConversationNotFoundError:
            return
        self.ask_this_computer(answer_id, stand_in if falls_back else None)

    def continue_answer(self, answer_id: int) -> None:
        conversations = self._conversations
        conversations.wait_for_saves()
        conversation = conversations.state.conversation
        if self.state.answer is not None or conversation is None:
            return
        sent_at = time.monotonic()
        store = conversations.store
        answer = store.message(answer_id)
        branch = conversations.state.branch = store.branch(conversation.id, answer.id)
        question = branch[-2] if len(branch) >= 2 else None
        store.update_message(answer.id, state="partial")
        self._begin_answer(conversation, question, answer, sent_at, continue_last=True)

    def _start_answer(
        self,
        conversation: Conversation,
        question: StoredMessage,
        sent_at: float,
        rebuild_view: bool = True,
        stand_in: StandIn | None = None,
    ) -> None:
        answer = self._conversations.store.add_message(
            conversation.id, question.id, "assistant", "", state="partial", writer_pid=os.getpid()
        )
        self._conversations.state.branch.append(answer)
        self._begin_answer(
            conversation, question, answer, sent_at, continue_last=False, rebuild_view=rebuild_view, stand_in=stand_in
        )

    def _begin_answer(
        self,
        conversation: Conversation,
        question: StoredMessage | None,
        answer: StoredMessage,
        sent_at: float,
        *,
        continue_last: bool,
        rebuild_view: bool = True,
        stand_in: StandIn | None = None,
    ) -> None:
        """Ask the engine first, then build the view: the engine reads the prompt meanwhile."""
        branch = self._conversations.state.branch
        model_name = self._models.state.name
        tokens_before, segments_before = self._history_before(question)
        # What the model read and wrote up to now, and where each message of it begins: the engine
        # reads message by message, so that a kept history and a full read give the same answer.
        if continue_last:  # the answer written on is part of it
            history, segments = branch_layout(branch, model_name)
        else:
            history, segments = tokens_before, segments_before
        figures = self.state.figures = LiveAnswer(sent_at)
        messages = prompt_for(conversation, branch, continue_last=continue_last)
        grounding = None
        if self.grounder is not None and question is not None and not continue_last:
            grounding = self.grounder(conversation, question.text, self._models.state.n_ctx or DEFAULT_CONTEXT)
        if grounding is not None:
            messages = grounded_messages(messages, grounding)
            figures.documents_mode = grounding.mode
            sources = tuple(source.as_json() for source in grounding.sources)
            self._conversations.store.update_message(answer.id, sources=sources)
            if branch and branch[-1].id == answer.id:  # the answer's row shows them from the start
                branch[-1] = replace(branch[-1], sources=sources)
        request_id = self._client.generate(
            messages,
            self._conversations.state.sampling,
            sent_at,
            template_override=conversation.template_override,
            overflow_policy=conversation.overflow_policy,
            continue_last=continue_last,
            history_tokens=tuple(history),
            history_segments=tuple(segments),
            cache_owner=cache_owner(conversation.id),
            pin_system_prompt=bool(conversation.system_prompt.strip()) or grounding is not None,
            documents=grounding.documents if grounding is not None else "",
        )
        writer = AnswerWriter(self._conversations.store.path, answer.id)
        if continue_last:
            writer.append(answer.text, answer.token_ids)
        question_id = question.id if question is not None else None
        self.state.answers[conversation.id] = Answer(
            request_id, conversation.id, answer.id, question_id, writer, figures, tokens_before, stand_in
        )
        self._conversations.set_answering(self._answering_ids())
        self._set_busy()
        if rebuild_view:
            self.show_branch()
            self._attach_answer_bubble()
            self._after_send()
            return
        # Only the newest message offers Continue; the rows on screen are otherwise unchanged.
        if self._chat_view.bubbles:
            self._chat_view.bubbles[-1].set_can_continue(False)
        question_row, answer_row = BranchRows(self._conversations.store, branch, model_name)[-2:]
        self._chat_view.append_rows([question_row])
        # The answer's bubble comes on the next turn of the event loop, so that Send is two short
        # pauses instead of one long one; an engine event arriving first builds it at once.
        self._pending_answer_row = answer_row
        QTimer.singleShot(0, self._add_pending_answer_row)

    def _add_pending_answer_row(self) -> None:
        row, self._pending_answer_row = self._pending_answer_row, None
        if row is None:
            return
        bubbles = self._chat_view.bubbles
        answer = self.state.answer
        if answer is not None and bubbles and bubbles[-1].message_id == answer.question_id:
            self._chat_view.append_rows([row], streaming=True)
            self._attach_answer_bubble()
        self._after_send()

    def _attach_answer_bubble(self) -> None:
        """Stream into the answer's bubble (the view may show another conversation by now)."""
        answer = self.state.answer
        bubble = self._chat_view.bubble_for(answer.message_id) if answer is not None else None
        self._answer_bubble = bubble
        if bubble is not None and answer is not None:
            bubble.set_notice(self._live_notice(answer))
            bubble.footer.hide()
            self._chat_view.begin_stream(bubble)

    def _live_notice(self, answer: Answer, dropped_messages: int = 0) -> str:
        """The note on an answer being written, in the order BranchRows shows it once saved."""
        stand_in = fallback_notice(answer.stand_in.as_json()) if answer.stand_in is not None else ""
        return " ".join(n for n in (stand_in, dropped_notice(dropped_messages)) if n)

    def _after_send(self) -> None:
        if self.state.figures is not None:
            self._metrics_panel.begin_answer(self.state.figures)
        self._conversations.refresh_list()

    def _history_before(self, question: StoredMessage | None) -> tuple[list[int], list[int]]:
        """The exact tokens of the branch before `question` (to find where its own tokens start),
        and where each of its messages begins among them."""
        if question is None or question.parent_id is None:
            return [], []
        branch = self._conversations.store.branch(question.conversation_id, question.parent_id)
        return branch_layout(branch, self._models.state.name)

    def stop(self) -> None:
        if self.state.answer is not None:
            self._client.cancel(self.state.answer.request_id)

    def stop_or_cancel_edit(self) -> None:
        """Esc: stop the answer, or else leave the edit."""
        if self.state.answer is not None:
            self.stop()
        elif self.state.editing is not None:
            self.cancel_edit()

    def start_edit(self, question_id: int) -> None:
        if self.state.answer is not None:
            return
        self.state.editing = question_id
        self._composer.setPlainText(self._conversations.store.message(question_id).text)
        self.editing_changed.emit(True)
        self._composer.setFocus()

    def cancel_edit(self) -> None:
        if self.state.editing is not None:
            self.state.editing = None
            self._composer.clear()
        self.editing_changed.emit(False)

    def interrupt(self) -> None:
        """Every answer being written ends here, kept as interrupted (all data is about to go)."""
        for answer in list(self.state.answers.values()):
            self._end_answer(answer, "interrupted")

    def close(self) -> None:
        """The window closes: the store closes next, so nothing more is shown."""
        self._pending_answer_row = None
        self.interrupt()

    def _answering_ids(self) -> set[int]:
        return set(self.state.answers)

    def _set_busy(self) -> None:
        """Stop and Send follow the conversation on screen; the model stays while any answer is written."""
        busy = self.state.answer is not None
        self._chat_view.set_busy(busy)
        self._models.set_answering(bool(self.state.answers))
        self.busy_changed.emit(busy)
        self._update_note()

    def _update_note(self) -> None:
        """Above the composer: the other conversations still answering (the engine writes them side by side)."""
        others = [a for cid, a in self.state.answers.items() if cid != self.state.shown_id]
        if not others:
            self.note_changed.emit("")
            return
        try:
            titles = [self._conversations.store.get(a.conversation_id) for a in others]
        except ConversationNotFoundError:  # deleted while it answers: its answer is being stopped
            self.note_changed.emit("")
            return
        quoted = self.tr("“{title}”")  # each language's own quotation marks
        names = self.tr(", ").join(quoted.replace("{title}", shown_title(c.title, c.title_is_auto)) for c in titles)
        if len(others) == 1:
            note = self.tr("Still answering in {titles}; you can ask here meanwhile.")
        else:
            note = self.tr("Still answering in {count} other conversations: {titles}.").replace(
                "{count}", str(len(others))
            )
        self.note_changed.emit(note.replace("{titles}", names))

    def _end_answer(
        self, answer: Answer, state: MessageState, metrics: dict[str, object] | None = None, error: str | None = None
    ) -> None:
        if answer.conversation_id == self.state.shown_id:
            self._chat_view.end_stream()
        self.state.answers.pop(answer.conversation_id, None)
        if answer.stand_in is not None and answer.stand_in.remote_path:
            # Loading this computer's model made the conversation remember it; it keeps its engine.
            self._conversations.remember_model(answer.conversation_id, answer.stand_in.remote_path)
        writer = answer.writer
        writer.finish(state, metrics, error, wait=False)  # saved behind the window's back
        self._conversations.keep_until_saved(writer)
        if writer.error is not None:
            self.said.emit(error_text(writer.error), 10_000)
        # The branch in memory holds the answer as it was when it began: bring it up to date.
        if answer.conversation_id == self.state.shown_id:
            branch = self._conversations.state.branch
            for index, message in enumerate(branch):
                if message.id == answer.message_id:
                    branch[index] = replace(message, text=writer.text, state=state, metrics=metrics, error=error)
        self._conversations.set_answering(self._answering_ids())
        self._set_busy()

    # --- the branch on screen -----------------------------------------------------------------

    def show_branch(self) -> None:
        shown = self._conversations.state
        self.state.shown_id = shown.conversation.id if shown.conversation else None
        self._chat_view.show_rows(BranchRows(self._conversations.store, shown.branch, self._models.state.name))
        self._answer_bubble = None
        answer = self.state.answer
        if answer is not None and shown.conversation and answer.conversation_id == shown.conversation.id:
            # Switching back to a conversation that is still answering: stream on into its bubble.
            bubble = self._chat_view.bubble_for(answer.message_id)
            if bubble is not None:
                if answer.stand_in is not None:
                    bubble.set_notice(self._live_notice(answer))
                bubble.append(answer.writer.text[len(bubble.text) :])
                bubble.show_new_text()
                self._answer_bubble = bubble
                self._chat_view.begin_stream(bubble)
        if answer is not None:
            self.state.figures = answer.figures  # the panel shows the answer on screen
            self._metrics_panel.begin_answer(answer.figures)
        self._set_busy()

    def _on_conversation_opened(self, conversation_id: int) -> None:
        self.cancel_edit()
        self.show_branch()
        if not conversation_id:
            self._composer.setFocus()
        pending = self.state.pending_stand_ins.pop(conversation_id, None)
        if pending is None:
            return
        branch = self._conversations.state.branch
        still_failed = bool(branch) and branch[-1].id == pending[0] and self.state.answer is None
        if still_failed and not self.ask_this_computer(*pending):
            self.state.pending_stand_ins[conversation_id] = pending  # another answer holds the model

    def _on_conversation_deleted(self, conversation_id: int) -> None:
        self.state.pending_stand_ins.pop(conversation_id, None)
        answer = self.state.answers.get(conversation_id)
        if answer is not None:
            self._client.cancel(answer.request_id)

    def _last_answer_id(self) -> int | None:
        """The newest answer on screen that is saved (None: none yet)."""
        for bubble in reversed(self._chat_view.bubbles):
            if bubble.role == "assistant" and bubble.message_id:
                return bubble.message_id
        return None

    def regenerate_last(self) -> None:
        if (answer_id := self._last_answer_id()) is not None and self.state.answer is None:
            self.regenerate(answer_id)

    def copy_last_answer(self) -> None:
        if (answer_id := self._last_answer_id()) is not None:
            self._on_action_requested("copy", answer_id)

    def _on_action_requested(self, kind: str, message_id: int) -> None:
        self._conversations.wait_for_saves()
        if not message_id:
            return
        idle = self.state.answer is None
        if kind == "copy":
            QApplication.clipboard().setText(self._conversations.store.message(message_id).text)
            self.said.emit(self.tr("Copied."), 2000)
        elif kind == "edit":
            self.start_edit(message_id)
        elif kind == "regenerate":
            self.regenerate(message_id)
        elif kind == "continue":
            self.continue_answer(message_id)
        elif kind == "delete" and idle:
            self._conversations.delete_message(message_id)
        elif kind in ("previous", "next") and idle:
            self._conversations.show_other_version(message_id, 1 if kind == "next" else -1)

    def _on_first_text_shown(self, at: float) -> None:
        answer = self.state.answer  # only the answer on screen streams into the view
        if answer is not None:
            answer.figures.on_first_shown(at)
            self._metrics_panel.refresh()

    # --- engine events: an answer's Started, Token…, EngineStats, then Finished or Failed --------------
    # (engine/protocol.py's events, as EnginePort's signals carry them)

    def _on_started(self, event: Started) -> None:
        self._add_pending_answer_row()
        answer = self.state.by_request(event.request_id)
        if answer is None:
            return
        answer.figures.on_started(event)
        if answer.figures is self.state.figures:
            self._metrics_panel.refresh()
        if answer.question_id is not None and event.prompt_token_ids:
            start, suffix = split_prompt(answer.tokens_before_question, event.prompt_token_ids)
            self._conversations.store.update_message(
                answer.question_id, token_ids=suffix, token_start=start, token_model=self._models.state.name
            )
        if event.dropped_messages and self._answer_bubble is not None and answer is self.state.answer:
            self._answer_bubble.set_notice(self._live_notice(answer, event.dropped_messages))
        self.answer_started.emit(event)

    def _on_token_received(self, event: Token) -> None:
        self._add_pending_answer_row()
        answer = self.state.by_request(event.request_id)
        if answer is None:
            return
        answer.writer.append(event.text, event.token_ids)
        answer.figures.on_token(event)
        if self._answer_bubble is not None and answer is self.state.answer:
            self._chat_view.append_to_stream(event.text)
        self.token_arrived.emit(event)

    def _on_stats_received(self, event: EngineStats) -> None:
        answer = self.state.by_request(event.request_id)
        if answer is None:
            return
        answer.figures.stats = event
        if answer is self.state.answer:
            self._metrics_panel.on_stats(event)

    def _on_finished(self, event: Finished) -> None:
        self._add_pending_answer_row()
        answer = self.state.by_request(event.request_id)
        if answer is None:
            return
        figures = answer.figures
        figures.final = event.metrics
        on_screen = answer is self.state.answer
        bubble = self._answer_bubble if on_screen else None
        metrics = asdict(event.metrics)
        metrics["ttft_s"] = figures.ttft_s if figures.ttft_s is not None else event.metrics.ttft_s
        if answer.stand_in is not None:  # kept with the answer, so its notice shows when it is opened again
            metrics["fallback"] = answer.stand_in.as_json()
        self._end_answer(answer, "complete" if event.metrics.stop_reason == "eog" else "partial", metrics)
        if figures is self.state.figures:
            self._metrics_panel.refresh()
        if bubble is not None:
            bubble.set_footer(fmt.answer_footer(event.metrics, figures.ttft_s), self._metrics_panel.summary.text())
            bubble.set_can_continue(event.metrics.stop_reason != "eog")
            self.answer_on_screen_finished.emit(bubble)
        self.answer_finished.emit(event)

    def _on_failed(self, event: Failed) -> None:
        """The answer's own failure ends it here, and so does a failed load or a death while it waits
        (it was waiting on them); any other goes to the header (a refused load, a cache command,
        an engine that died while idle)."""
        self._add_pending_answer_row()
        logger.warning("engine failure: %s", event.reason)
        ended = self._answers_it_ends(event)
        if not ended:
            if not isinstance(event, AnswerFailed):  # another's answer (a batch job's) is theirs to show
                self._models.show_failure(event)
            return
        reason = failed_text(event)
        trouble = remote_trouble(event)
        bubble = None
        for answer in ended:
            if answer is self.state.answer:
                bubble = self._answer_bubble
            kept = bool(answer.writer.text)
            self._end_answer(answer, "interrupted" if kept else "error", None, reason)  # stored as the user saw it
        if bubble is not None:
            if kept:
                bubble.set_can_continue(True)
            bubble.set_cut_short(True)
            if isinstance(event, AnswerFailed) and trouble is not None:
                bubble.show_error(reason, details_text(event.details))
                self._offer_this_computer(bubble, ended[-1], event, trouble)
            else:
                bubble.show_error(
                    reason + " " + self.tr("The text so far is kept; your next message starts a fresh engine."),
                    details_text(event.details),
                )
        self._models.show_engine_pid()
        self.answer_failed.emit(event)
        # A stream cut partway keeps its text as it is: only the button offers this computer's model.
        if isinstance(event, AnswerFailed) and trouble in ("down", "offline") and not kept:
            self._fall_back_automatically(ended[-1], event, trouble)

    def _offer_this_computer(
        self, bubble: MessageBubble, failed: Answer, event: AnswerFailed, trouble: RemoteTrouble
    ) -> None:
        """Under a remote engine's failure: a button that asks the model on this computer instead, and
        the choice to do so by itself in this conversation from now on."""
        try:
            conversation = self._conversations.store.get(failed.conversation_id)
        except ConversationNotFoundError:
            return
        answer_id, conversation_id = failed.message_id, failed.conversation_id
        stand_in = self._stand_in_for(conversation, event, trouble)
        view = bubble.error_view
        view.set_action(
            self.tr("Ask the model on this computer instead"),
            lambda: self._on_ask_here_clicked(answer_id, conversation_id, stand_in),
        )
        view.set_choice(
            self.tr("Always do this in this conversation"),
            conversation.fallback_local,
            lambda on: self._conversations.set_fallback_local(conversation_id, on),
        )
        view.choice_box.setToolTip(
            self.tr(
                "When {engine} gives no answer, Hearth asks the model on this computer by itself and says so "
                "under the answer; the next question tries {engine} again. An answer cut partway is kept as it is."
            ).format(engine=stand_in.engine)
        )

    def _answers_it_ends(self, event: Failed) -> list[Answer]:
        match event:
            case AnswerFailed():
                answer = self.state.by_request(event.request_id)
                return [answer] if answer is not None else []
            case LoadFailed() | EngineDied():  # every answer was waiting on the engine
                return list(self.state.answers.values())
            case CommandFailed():
                return []
            case _:
                assert_never(event)
