"""What a file that is not a GGUF model looks like, from its first bytes, in words for the user.

People pick the wrong download (safetensors, a PyTorch .bin), an error page the browser saved
as .gguf, a Git LFS pointer instead of the file, or an old GGML model; saying which helps them
more than "not a GGUF file".
"""

from __future__ import annotations

import struct

# How many bytes `describe` wants to see.
SNIFF_BYTES = 4096

_MAGICS: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\xfd7zXZ\x00", "an xz archive"),
    (b"\x28\xb5\x2f\xfd", "a Zstandard archive"),
    (b"BZh", "a bzip2 archive"),
    (b"Rar!", "a RAR archive"),
    (b"\x7fELF", "a program, not a model"),
    (b"MZ", "a Windows program, not a model"),
    (b"version https://git-lfs", "a Git LFS pointer, not the model itself: download the real file"),
    # GGML's formats before GGUF, magic written as a little-endian uint32.
    (b"lmgg", "an old GGML model, from before GGUF: download a GGUF version"),
    (b"fmgg", "an old GGML model, from before GGUF: download a GGUF version"),
    (b"tjgg", "an old GGJT model, from before GGUF: download a GGUF version"),
    (b"\x00\x00\x00\x00\x00\x00\x00\x00", "blank space from an unfinished download"),
)


def describe(head: bytes) -> str:
    """What `head` (a file's first bytes) looks like, e.g. "a PNG image"; "unknown data" if nothing fits."""
    for magic, kind in _MAGICS:
        if head.startswith(magic):
            return kind
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(head)
    if _is_safetensors(head):
        return "a safetensors model, which this app cannot run: download a GGUF version"
    if head[:2] in (b"\x80\x02", b"\x80\x03", b"\x80\x04", b"\x80\x05"):
        return "a PyTorch (pickle) model, which this app cannot run: download a GGUF version"
    if len(head) > 262 and head[257:262] == b"ustar":
        return "a tar archive"
    return _text_kind(head)


def _zip_kind(head: bytes) -> str:
    # A PyTorch checkpoint is a zip whose first entry is <name>/data.pkl (or .data/version).
    name_length = struct.unpack_from("<H", head, 26)[0] if len(head) >= 30 else 0
    first_name = head[30 : 30 + name_length]
    if first_name.endswith((b"data.pkl", b".data/version", b"/version")):
        return "a PyTorch model, which this app cannot run: download a GGUF version"
    return "a ZIP archive"


def _is_safetensors(head: bytes) -> bool:
    """safetensors: a little-endian uint64 header length, then a JSON object."""
    if len(head) < 10:
        return False
    (length,) = struct.unpack_from("<Q", head, 0)
    return 2 <= length < 100_000_000 and head[8:9] == b"{"


def _text_kind(head: bytes) -> str:
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        try:  # cut in the middle of a character at the end of the sample
            text = head[:-3].decode("utf-8")
        except UnicodeDecodeError:
            return "unknown data"
    if not text.strip() or any(ord(c) < 32 and c not in "\t\r\n\f" for c in text):
        return "unknown data"
    start = text.lstrip().lower()
    if start.startswith(("<!doctype html", "<html", "<head", "<body")):
        return "a web page, perhaps an error page saved instead of the model"
    if start.startswith("<"):
        return "an XML or HTML document"
    if start.startswith(("{", "[")):
        return "a JSON file"
    return "a text file"
