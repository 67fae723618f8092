"""The only language the GUI (or CLI) and the engine child process share.

Commands go to the engine, events come back. All are frozen dataclasses so they
pickle across the process boundary and can ride on Qt signals unchanged.
Every command carries an id (one counter per client: engine/client/session.py), and every
event that answers a command echoes it: `request_id` for an answer, `load_id` for a load,
`command_id` for the rest.
Times are `time.monotonic()` seconds, which is one system-wide clock on Linux,
macOS and Windows, so the parent and the child can compare them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# --- enumerated values: mypy checks every producer and consumer against these ------

Role = Literal["system", "user", "assistant"]
# A message in an answer's prompt: a stored conversation's roles, or a tool's result (the local API).
MessageRole = Literal["system", "user", "assistant", "tool"]
# When the conversation outgrows the context: leave out the oldest turns, or refuse.
OverflowPolicy = Literal["drop_oldest", "stop"]
# The KV cache's number format: exact, or about half / a quarter of the memory.
KvCacheType = Literal["f16", "q8_0", "q4_0"]
# llama.cpp's CPU kernels (engine/kernels/kernel_sets.py): "full" uses the extra CPU buffer types, "safe" does not.
KernelSet = Literal["full", "safe"]
# Where a chat template came from: the model file, ChatML because the model has none, ChatML because
# the model's own failed a guarded render, or a built-in template the user picked.
ChatTemplateSource = Literal["gguf", "default", "broken", "override"]
# Where an answer's reused prompt prefix came from: the live context, a RAM or disk snapshot, or nowhere.
CacheSource = Literal["live", "ram", "disk", "none"]
StopReason = Literal["eog", "max_tokens", "context_full", "cancelled"]
# Why an answer failed, for the window to offer the right action: "" (anything else), "crash" (the
# engine died), "crash_loop" (Hearth stopped restarting a model whose load kept killing the engine).
# "remote_down": a remote engine did not answer (after its retries); "remote_cut": its stream broke
# after text had come (the text stays, as an interrupted answer). Both: offer the local model.
AnswerFailureKind = Literal["", "crash", "crash_loop", "remote_down", "remote_cut"]
# Why a load failed: as an answer's, or "memory" (the memory guard refused it: offer "Load anyway").
LoadFailureKind = Literal["", "memory", "crash", "crash_loop"]

# --- shared value types -----------------------------------------------------------


@dataclass(frozen=True)
class ToolCall:
    """A function the model asked to call (engine/prompt/tool_calls.py)."""

    name: str
    arguments: str  # a JSON object, as text
    id: str = ""  # the caller's id for it (OpenAI's tool_call_id), "" where it has none


@dataclass(frozen=True)
class ChatMessage:
    role: MessageRole
    content: str
    tool_calls: tuple[ToolCall, ...] = ()  # an assistant's calls
    tool_call_id: str = ""  # a tool message: which call it answers


@dataclass(frozen=True)
class SamplingParams:
    temperature: float = 0.7
    top_k: int = 40
    top_p: float = 0.95
    min_p: float = 0.05
    repeat_penalty: float = 1.1
    repeat_last_n: int = 64
    seed: int | None = None  # None: a fresh random seed each answer
    max_tokens: int = 512
    # OpenAI's penalties (the local API): subtracted from a logit once if the token appeared in the
    # last repeat_last_n tokens (presence), and once per time it did (frequency). 0: off.
    presence_penalty: float = 0.0
    frequency_penalty: float = 0.0
    # Added to a token's logit before anything else (OpenAI's logit_bias): (token id, bias) pairs;
    # -100 or less bans the token.
    logit_bias: tuple[tuple[int, float], ...] = ()
    # A GBNF grammar (root rule "root") every token must keep to: JSON output, a tool call. "": none.
    grammar: str = ""
    # A JSON schema (as JSON text) the answer must keep to; the engine turns it into a grammar.
    json_schema: str = ""
    # A JSON schema (as JSON text) every tool call's JSON must keep to: the engine turns it into a
    # grammar of <tool_call> blocks (engine/prompt/tool_calls.py). "": no tools.
    tool_call_schema: str = ""
    tool_calls_parallel: bool = True  # more than one call in an answer
    # True: the answer is tool calls from its first token (tool_choice "required" or a named
    # function). False: the model may write text, and the grammar wakes at "<tool_call>".
    tool_call_required: bool = False
    # What wakes a lazy grammar: regular expressions over the text written so far (llama.cpp's
    # trigger patterns), whose first group starts the constrained part. (): the grammar holds from
    # the first token.
    grammar_triggers: tuple[str, ...] = ()
    # Log-probabilities of each written token (OpenAI's logprobs), with this many of the likeliest
    # alternatives; -1: none.
    logprobs: int = -1


# What only the local API asks for, per request: never stored with a conversation, a preset or a
# model's defaults (the window has no control for them).
API_ONLY_SAMPLING = (
    "presence_penalty",
    "frequency_penalty",
    "logit_bias",
    "grammar",
    "json_schema",
    "tool_call_schema",
    "tool_calls_parallel",
    "tool_call_required",
    "grammar_triggers",
    "logprobs",
)

AUTO_GPU_LAYERS = -1
DEFAULT_PARALLEL = 2
KV_CACHE_TYPES: tuple[KvCacheType, ...] = ("f16", "q8_0", "q4_0")


@dataclass(frozen=True)
class LoadOptions:
    model_path: str
    n_ctx: int = 4096
    n_threads: int | None = None  # None: physical cores
    n_gpu_layers: int = 0  # AUTO_GPU_LAYERS: as many as free VRAM holds (0 on a CPU-only build)
    n_batch: int = 512
    # Off by default: llama.cpp's CPU flash-attention kernel gives results that depend on how a
    # prompt is split into batches (up to 0.7 in a logit, measured on the starter model), so an
    # answer after a reused prefix could differ from one after a full read. Without it, reuse is
    # bit-exact.
    flash_attn: bool = False
    # The KV cache's number format: "f16" (exact), or "q8_0" / "q4_0" (about half / a quarter of the
    # memory, slightly less exact). llama.cpp needs flash attention for a quantized V cache.
    type_k: KvCacheType = "f16"
    type_v: KvCacheType = "f16"
    prefix_cache: bool = True  # False: every answer reads its whole prompt (the baseline)
    cache_ram_budget: int | None = None  # bytes; None: the smaller of 2 GB and a quarter of RAM
    cache_disk_budget: int = 5 * 1024**3
    # The user chose "Load anyway" after the memory guard said the model may not fit.
    ignore_memory_guard: bool = False
    # How many answers the engine writes at once (engine/runtime/scheduler.py), each in its own slot
    # of n_ctx tokens. Two: a second conversation answers while the first does; `hearth batch
    # --parallel` asks for more (measured: 8 write about twice as many tokens a second as one).
    parallel: int = DEFAULT_PARALLEL
    # False: each slot keeps its own KV stream (memory for parallel x n_ctx tokens, and no slot can
    # touch another's cells). True: one pool of n_ctx tokens that the slots share.
    kv_unified: bool = False
    # Machines running llama.cpp's rpc-server ("host:port") that take a share of the model's layers
    # (engine/runtime/rpc_devices.py); with n_gpu_layers AUTO every layer goes to them (and to any GPU
    # here), split by their free memory, as llama.cpp's own --rpc does.
    rpc_servers: tuple[str, ...] = ()


# --- commands (parent -> engine) --------------------------------------------------


@dataclass(frozen=True)
class Load:
    load_id: int
    options: LoadOptions
    # What to load instead if `options` fails and no model is loaded: the model the user had
    # before this engine was started again after a crash, so a failed switch never leaves none.
    fallback: LoadOptions | None = None


@dataclass(frozen=True)
class Generate:
    request_id: int
    messages: tuple[ChatMessage, ...]
    sampling: SamplingParams = field(default_factory=SamplingParams)
    # When the user asked (pressed Send); everything after it counts toward TTFT.
    sent_at: float = 0.0
    # A built-in template name (engine.prompt.builtin_templates.BUILTIN_TEMPLATES) instead of the model's own.
    template_override: str | None = None
    # When the conversation outgrows the context: "drop_oldest" leaves out the oldest turns (the
    # system prompt stays) and says how many; "stop" refuses with a sentence.
    overflow_policy: OverflowPolicy = "drop_oldest"
    # The last message is an assistant answer that was cut off: write on from its end.
    continue_last: bool = False
    # The exact tokens the model read and wrote up to the last answer (from the conversation
    # store): the new turn is appended to them instead of tokenising the history again.
    history_tokens: tuple[int, ...] = ()
    # Where each message of the history begins in history_tokens (engine.store.tokens.branch_segments).
    # The engine reads a prompt message by message from these starts, with the cache and without, so
    # that a reused history holds exactly what a full read computes (engine/cache/prompt_reuse.py).
    history_segments: tuple[int, ...] = ()
    cache_owner: str | None = None  # e.g. "conversation:12": its snapshots go when it is deleted
    # Keep the system prompt's own snapshot for good (never evicted): every conversation that
    # starts with it skips reading it. With no system message, the chat template's own start (a
    # default system prompt and the first turn's header) is pinned instead.
    pin_system_prompt: bool = False
    # Reuse the longest prefix the cache holds, wherever it ends (as llama-server does), not only
    # up to where this prompt's reads begin: for callers that send whole conversations each time
    # (the local API), so that a shared system prompt or a question asked again is not read again.
    longest_prefix: bool = False
    # The functions the model may call, as the OpenAI `tools` list in JSON text ("": none): given to
    # the chat template, or described in the system prompt where the template has no place for them.
    tools: str = ""
    # False: no turn follows this answer (a batch line), so it is neither read again to settle it nor
    # kept as a snapshot; only its pinned start stays for the next line to copy.
    follow_up: bool = True
    # Text that stands as it is in one of the messages: the documents a question is grounded in
    # (engine/docs/grounding.py). Started.documents_at says which of the prompt's tokens hold it, so
    # the window can say how many tokens the documents took and how many of them the cache reused.
    documents: str = ""


@dataclass(frozen=True)
class Unload:
    """Free the model and its context (memory goes back to the system); the engine stays up."""

    command_id: int


@dataclass(frozen=True)
class ClearCache:
    """Forget every prefix-cache snapshot, or only those of one owner (a deleted conversation)."""

    command_id: int
    owner: str | None = None


@dataclass(frozen=True)
class QueryCache:
    command_id: int


@dataclass(frozen=True)
class Cancel:
    request_id: int
    sent_at: float = 0.0  # lets the engine count tokens it sampled after the user pressed Stop


@dataclass(frozen=True)
class Embed:
    """Embeddings of `texts` with the loaded model (the local API's /v1/embeddings) or another."""

    command_id: int
    texts: tuple[str, ...]
    truncate: bool = False  # a text too long: its first tokens only (else refused)
    # An embedding model of its own (documents, engine/runtime/text_embedder.py), kept loaded beside
    # the chat model; empty: the loaded chat model.
    model_path: str = ""


@dataclass(frozen=True)
class Shutdown:
    pass


Command = Load | Unload | Generate | Cancel | Shutdown | ClearCache | QueryCache | Embed


# --- events (engine -> parent) ----------------------------------------------------


@dataclass(frozen=True)
class LoadProgress:
    load_id: int
    fraction: float  # 0.0 .. 1.0


@dataclass(frozen=True)
class ModelInfo:
    path: str
    name: str
    architecture: str
    n_params: int
    size_bytes: int
    n_ctx: int
    n_ctx_train: int
    n_threads: int
    # The model's own template, never "override": "gguf", "default" (ChatML: the model has none) or
    # "broken" (ChatML: the model's own failed a guarded render).
    chat_template_source: ChatTemplateSource
    chat_template_name: str
    sliding_window: int
    chat_template_warning: str = ""  # one sentence for the user when the model's own template was set aside
    kernels: KernelSet = "full"
    gpu_layers: int = 0  # layers llama.cpp placed on GPUs (0 on a CPU-only build)
    n_layers: int = 0  # the model's repeating layers plus its output layer: what can be offloaded
    offload_devices: tuple[str, ...] = ()  # the GPUs those layers went to, e.g. "CUDA0: NVIDIA H200"
    n_vocab: int = 0  # token ids run 0 .. n_vocab - 1 (the local API checks logit_bias against it)
    # Where the layers went, as llama.cpp placed them (its load log), in device order; () where not known.
    layer_split: tuple[LayerShare, ...] = ()
    # Machines of LoadOptions.rpc_servers left out of this load: (address, outcome, detail), with the
    # outcome and detail of engine.remote.rpc_machines.MachineProbe; the model loaded on the others.
    rpc_left_out: tuple[tuple[str, str, str], ...] = ()
    rpc_unsupported: bool = False  # machines were listed, but this llama.cpp cannot use them


@dataclass(frozen=True)
class LayerShare:
    """How many of a model's layers one device holds."""

    device: str  # llama.cpp's name: "CPU", "CUDA0", "RPC0"
    where: str  # what it is: a GPU's name, or for "RPC<n>" the machine's address
    layers: int

    @property
    def remote(self) -> bool:
        return self.device.startswith("RPC")


@dataclass(frozen=True)
class Loaded:
    # The Load this answers. After a failed switch the previous model is loaded again: that
    # Loaded(restored_after_failure=True) echoes the failed Load's id, after its LoadFailed.
    load_id: int
    info: ModelInfo
    load_s: float
    # What is loaded now. After a failed switch the engine loads the previous model again and
    # says so with this event, so the client's next restart uses the right options.
    options: LoadOptions | None = None
    restored_after_failure: bool = False


@dataclass(frozen=True)
class Unloaded:
    command_id: int
    rss_before: int  # the engine's resident memory with the model loaded, bytes
    rss_after: int  # and after it was freed


@dataclass(frozen=True)
class Started:
    """The engine picked the request up and knows the prompt size."""

    request_id: int
    prompt_tokens: int
    cached_tokens: int
    at: float  # when prefill began
    prompt_token_ids: tuple[int, ...] = ()  # exactly what the model reads, for the conversation store
    dropped_messages: int = 0  # oldest messages left out so the conversation fits the context
    # Where Generate.documents lies in prompt_token_ids: [start, end), the tokens its first and last
    # characters fall in included; (0, 0) when it was given none or the prompt does not hold it.
    # The tokens of it the cache reused are those before cached_tokens.
    documents_at: tuple[int, int] = (0, 0)


def documents_reused(documents_at: tuple[int, int], cached_tokens: int) -> int:
    """How many of the documents' prompt tokens (Started.documents_at) the cache reused: those
    inside the reused prefix."""
    start, end = documents_at
    return max(0, min(end, cached_tokens) - start)


@dataclass(frozen=True)
class TokenLogprob:
    """How likely the model found a token it wrote (natural log, over the model's own distribution,
    before sampling settings), and the likeliest alternatives: (text, bytes, logprob)."""

    token: int
    text: str
    utf8: tuple[int, ...]
    logprob: float
    top: tuple[tuple[str, tuple[int, ...], float], ...] = ()


@dataclass(frozen=True)
class Token:
    """One or more new tokens. The first token of an answer is always sent alone, at once;
    later ones are grouped over TOKEN_BATCH_S so the parent wakes ~20 times a second, not
    once per token (on 2 cores each wake-up takes CPU from llama.cpp's threads)."""

    request_id: int
    text: str  # may be "" while a multi-byte character is incomplete
    index: int  # 1-based count of generated tokens so far, the last one in this event included
    produced_at: float  # when the last token in this event was sampled
    token_ids: tuple[int, ...] = ()  # the tokens this event adds, in order
    logprobs: tuple[TokenLogprob, ...] = ()  # one per token, when the answer asked for them


@dataclass(frozen=True)
class EngineStats:
    """Sampled a few times a second while an answer streams."""

    request_id: int
    decode_tokens: int
    decode_s: float
    engine_rss_bytes: int
    kv_bytes: int
    n_ctx_used: int
    n_ctx: int
    # The whole engine, not only this answer (continuous batching, engine/runtime/scheduler.py):
    active_answers: int = 1  # answers being read or written now, this one included
    waiting_answers: int = 0  # requests waiting for a free slot
    engine_tok_s: float = 0.0  # tokens all answers together wrote per second, lately


@dataclass(frozen=True)
class RemoteFigures:
    """An answer from a remote engine (engine/remote/): where it ran, and the figures only the
    server knows, as it reported them. None: the server did not say, and the window says unknown."""

    engine: str  # the name the user gave it
    host: str  # "192.168.1.20:8080"
    prompt_tokens: int | None = None  # usage.prompt_tokens
    cached_tokens: int | None = None  # prompt tokens its cache reused (usage details, or timings.cache_n)
    server_prefill_s: float | None = None  # its own prompt time (llama-server's timings.prompt_ms)
    server_prefill_tokens: int | None = None  # the prompt tokens it read (timings.prompt_n)
    server_decode_tok_s: float | None = None  # its own decode rate (timings.predicted_per_second)
    network_queue_s: float | None = None  # Hearth's TTFT less the server's prompt time: the wire and its queue
    retries: int = 0  # tries the answer took beyond the first (a busy or unreachable server)


@dataclass(frozen=True)
class Metrics:
    """One per answer: the whole answer measured in segments."""

    model: str
    prompt_tokens: int
    cached_tokens: int
    cache_source: CacheSource
    prefill_tokens: int
    load_s: float
    queue_s: float
    prefill_s: float
    ttft_s: float  # sent_at -> first token sampled in the engine
    decode_tokens: int
    decode_s: float
    total_s: float
    engine_rss_bytes: int
    kv_bytes: int
    n_ctx_used: int
    n_ctx: int
    stop_reason: StopReason
    tokens_after_cancel: int = 0  # sampled after the Cancel was sent: 0 or 1 when cancel works
    cancel_to_stop_s: float = 0.0  # from the Cancel being sent to the engine stopping the answer
    prompt_read_tokens: int = -1  # prompt tokens read (not reused); less than prefill_tokens if cancelled mid-read
    dropped_messages: int = 0  # oldest messages left out of the prompt to fit the context
    max_active_answers: int = 1  # the most answers the engine wrote at once while writing this one
    remote: RemoteFigures | None = None  # set where a remote engine answered: then what only it knows is here

    @property
    def prefill_tok_s(self) -> float:
        return self.prefill_tokens / self.prefill_s if self.prefill_s > 0 else 0.0

    @property
    def decode_tok_s(self) -> float:
        # The first token comes out of prefill; rate is over the tokens after it.
        return (self.decode_tokens - 1) / self.decode_s if self.decode_s > 0 and self.decode_tokens > 1 else 0.0


@dataclass(frozen=True)
class CacheReport:
    """The prefix cache's state: after each answer, and when asked."""

    # What it answers: a ClearCache or QueryCache, or the Generate after whose answer it was taken.
    command_id: int
    enabled: bool
    entries_ram: int
    entries_disk: int
    bytes_ram: int
    bytes_disk: int
    ram_budget: int
    disk_budget: int
    hits: int
    misses: int

    @property
    def hit_rate(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0


@dataclass(frozen=True)
class Embedded:
    """The answer to an Embed: one unit-length vector per text, in order."""

    command_id: int
    vectors: tuple[tuple[float, ...], ...]
    prompt_tokens: int
    took_s: float


@dataclass(frozen=True)
class Finished:
    request_id: int
    metrics: Metrics


# --- failures: one event per thing that can fail, so none needs a guess ---------------
# Each says what went wrong in one plain sentence (`reason`), with the English template it was
# filled from and its values (engine.errors.UserError) so that the window can say it in its own
# language ("" and () when `reason` is a plain sentence), and the error's stable code
# (engine.errors.MESSAGES; "" for a plain sentence): the window translates by that code.


def _translatable(error: BaseException) -> tuple[str, tuple[tuple[str, str], ...], str]:
    """(reason_template, reason_params, reason_code) of `error`."""
    template = getattr(error, "template", "") or ""
    params = tuple(getattr(error, "params", {}).items())
    return template, params, str(getattr(error, "code", "") or "")


@dataclass(frozen=True)
class AnswerFailed:
    """Request `request_id` got no answer, or only part of one (the engine died while writing it)."""

    request_id: int
    reason: str
    details: str = ""
    kind: AnswerFailureKind = ""
    reason_template: str = ""
    reason_params: tuple[tuple[str, str], ...] = ()
    reason_code: str = ""

    @classmethod
    def from_error(
        cls, request_id: int, error: BaseException, details: str = "", kind: AnswerFailureKind = ""
    ) -> AnswerFailed:
        return cls(request_id, str(error), details, kind, *_translatable(error))


@dataclass(frozen=True)
class LoadFailed:
    """Load `load_id` did not load its model: the engine refused it and lives on (the model loaded
    before, if any, stays or comes back), or the engine died loading it (kind "crash", "crash_loop")."""

    load_id: int
    reason: str
    details: str = ""
    kind: LoadFailureKind = ""
    reason_template: str = ""
    reason_params: tuple[tuple[str, str], ...] = ()
    reason_code: str = ""

    @classmethod
    def from_error(
        cls, load_id: int, error: BaseException, details: str = "", kind: LoadFailureKind = ""
    ) -> LoadFailed:
        return cls(load_id, str(error), details, kind, *_translatable(error))


@dataclass(frozen=True)
class CommandFailed:
    """Command `command_id` (an Unload, ClearCache, QueryCache or Embed) could not be carried out."""

    command_id: int
    reason: str
    details: str = ""
    kind: Literal[""] = ""
    reason_template: str = ""
    reason_params: tuple[tuple[str, str], ...] = ()
    reason_code: str = ""

    @classmethod
    def from_error(cls, command_id: int, error: BaseException, details: str = "") -> CommandFailed:
        return cls(command_id, str(error), details, "", *_translatable(error))


@dataclass(frozen=True)
class EngineDied:
    """The engine child is gone while no answer or load was waiting on it. Made on the client side
    (engine/client/process.py), with the child's last log lines as `details`; the client turns it
    into the AnswerFailed or LoadFailed of what was waiting, if anything was."""

    reason: str
    details: str = ""
    kind: Literal["crash"] = "crash"
    reason_template: str = ""
    reason_params: tuple[tuple[str, str], ...] = ()
    reason_code: str = ""

    @classmethod
    def from_error(cls, error: BaseException, details: str = "") -> EngineDied:
        return cls(str(error), details, "crash", *_translatable(error))

    def of_answer(self, request_id: int) -> AnswerFailed:
        """This death as the failure of the answer it cut short."""
        reason = (self.reason_template, self.reason_params, self.reason_code)
        return AnswerFailed(request_id, self.reason, self.details, "crash", *reason)

    def of_load(self, load_id: int) -> LoadFailed:
        """This death as the failure of the load it ended."""
        reason = (self.reason_template, self.reason_params, self.reason_code)
        return LoadFailed(load_id, self.reason, self.details, "crash", *reason)


# Any failure: which one says what failed (match on it). Every member has `reason`, `details` and `kind`.
Failed = AnswerFailed | LoadFailed | CommandFailed | EngineDied


# --- made on the client side ------------------------------------------------------


@dataclass(frozen=True)
class EngineStarted:
    """The client started a fresh engine child (the first, or one after a crash)."""

    pid: int
    kernels: KernelSet


@dataclass(frozen=True)
class Notice:
    """Something Hearth did on its own that the user hears about once, in one sentence (it switched
    llama.cpp's CPU kernels, say). Made on the client side, not by the engine."""

    reason: str
    reason_template: str = ""  # the English template and values, for the window's translation
    reason_params: tuple[tuple[str, str], ...] = ()
    reason_code: str = ""  # the stable code of `reason` (engine.errors.MESSAGES)

    @classmethod
    def from_error(cls, error: BaseException) -> Notice:
        return cls(str(error), *_translatable(error))


# What the engine child sends.
Event = (
    LoadProgress
    | Loaded
    | LoadFailed
    | Unloaded
    | Started
    | Token
    | EngineStats
    | Finished
    | AnswerFailed
    | CacheReport
    | CommandFailed
    | Embedded
)
# What a client session (engine/client/session.py) hands its user: the child's events and its own.
ClientEvent = Event | EngineDied | EngineStarted | Notice
