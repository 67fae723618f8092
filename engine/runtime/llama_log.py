"""llama.cpp's own log, in the engine's log file without the lines that quote what the model writes.

Hearth uses llama-cpp-python's low-level API only, so llama.cpp keeps its default log, which writes
every line to stderr (the engine log). A lazy grammar logs each token it sees while it waits ("Grammar
still awaiting trigger after token 504 (`The`)", at information level) and the text that woke it,
and the log holds no message text: those lines, and debug lines, are left out.
"""

from __future__ import annotations

import ctypes
import re
import sys
from typing import Any

import llama_cpp

_DEBUG = 1  # GGML_LOG_LEVEL_DEBUG (ggml.h: NONE 0, DEBUG 1, INFO 2, WARN 3, ERROR 4, CONT 5)
_CONTINUED = 5  # GGML_LOG_LEVEL_CONT: more of the line before
_QUOTES_TEXT = (b"Grammar ",)  # llama-grammar.cpp's trigger lines
_last_kept = [True]
# llama.cpp says where each layer goes only in a debug line of the load ("load_tensors: layer  3
# assigned to device RPC0, is_swa = 0"); the panel's "where the layers are" is read from those.
_LAYER_LINE = re.compile(rb"^load_tensors: layer\s+(\d+) assigned to device ([^,\s]+)")
_layer_devices: dict[int, str] = {}


def _keep(level: int, text: bytes) -> bool:
    if level == _CONTINUED:
        return _last_kept[0]
    return level != _DEBUG and not text.startswith(_QUOTES_TEXT)


def _write(level: int, text: bytes, _user_data: Any) -> None:
    if level == _DEBUG and (match := _LAYER_LINE.match(text)):
        _layer_devices[int(match.group(1))] = match.group(2).decode("utf-8", errors="replace")
    kept = _last_kept[0] = _keep(level, text)
    if kept:
        sys.stderr.write(text.decode("utf-8", errors="replace"))


# Kept alive here: the C side holds only a pointer to it.
_callback = llama_cpp.llama_log_callback(_write)


def keep_out_message_text() -> None:
    """Route llama.cpp's log through `_write`."""
    llama_cpp.llama_log_set(_callback, ctypes.c_void_p(0))


def start_layer_record() -> None:
    """Forget the last load's layer placement; call before loading a model."""
    _layer_devices.clear()


def layer_record() -> dict[int, str]:
    """Layer index -> llama.cpp's device name ("CPU", "CUDA0", "RPC0"), as the last load placed them;
    index n_layer is the output layer."""
    return dict(_layer_devices)
