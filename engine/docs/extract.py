"""Text out of a document, with where each part of it sits: the page (PDF) or the heading above it.

PDF with pypdfium2 (PDFium, Apache-2.0/BSD: the engine Chrome uses, fast and tolerant of broken
files), Word with python-docx, Markdown by its `#` headings, HTML with the standard library's parser,
plain text as it is. A file that cannot be read raises DocumentError with one sentence's code.
"""

from __future__ import annotations

import html.parser
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.errors import UserError

SUFFIXES = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
    ".rst": "text",
    ".html": "html",
    ".htm": "html",
}
MAX_FILE_BYTES = 512 * 1024 * 1024  # beyond this a "document" is almost surely not one


class DocumentError(UserError):
    """A file could not be read as a document; str() is one sentence naming it."""


@dataclass(frozen=True)
class Passage:
    """A run of a document's text: on `page` (1-based, PDFs) under `section` (the nearest heading)."""

    text: str
    page: int | None = None
    section: str = ""


def kind_of(path: Path) -> str | None:
    """The kind of document `path` is, by its name; None for a file Hearth does not read."""
    return SUFFIXES.get(path.suffix.lower())


def extract(path: Path) -> list[Passage]:
    """The passages of the document at `path`, in reading order (empty pages left out)."""
    kind = kind_of(path)
    if kind is None:
        raise DocumentError("docs.unsupported_kind", name=path.name)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DocumentError("docs.unreadable", name=path.name) from exc
    if size > MAX_FILE_BYTES:
        raise DocumentError("docs.too_large", name=path.name)
    if kind == "pdf":
        return _pdf(path)
    if kind == "docx":
        return _docx(path)
    text = _read_text(path)
    if kind == "markdown":
        return list(_markdown(text))
    if kind == "html":
        return _html(text)
    return [Passage(text)] if text.strip() else []


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError("docs.unreadable", name=path.name) from exc
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DocumentError("docs.not_text", name=path.name)
    encodings = ("utf-16",) if data.startswith((b"\xff\xfe", b"\xfe\xff")) else ("utf-8-sig",)
    for encoding in encodings:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            pass
    # Not UTF-8: a Chinese file in GB18030 (Simplified) or Big5 (Traditional). Either decodes most
    # bytes of the other, into rare characters and kana, so the one that reads as common Chinese wins.
    decoded = []
    for encoding in ("gb18030", "big5"):
        try:
            decoded.append(data.decode(encoding))
        except UnicodeDecodeError:
            continue
    if decoded:
        return max(decoded, key=_reads_as_chinese)
    return data.decode("utf-8", errors="replace")


_COMMON = re.compile(r"[\u4e00-\u9fff\x00-\x7f，。！？：；、「」『』（）《》“”‘’]")


def _reads_as_chinese(text: str) -> float:
    return len(_COMMON.findall(text)) / max(1, len(text))


def _pdf(path: Path) -> list[Passage]:
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(str(path))
    except pypdfium2.PdfiumError as exc:
        # PDFium says why: a password (FPDF_ERR_PASSWORD) or a broken file.
        if "password" in str(exc).lower():
            raise DocumentError("docs.encrypted", name=path.name) from exc
        raise DocumentError("docs.corrupt", name=path.name) from exc
    passages = []
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                textpage = page.get_textpage()
                try:
                    text = textpage.get_text_bounded()
                finally:
                    textpage.close()
            finally:
                page.close()
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            if text.strip():
                passages.append(Passage(text, page=index + 1))
    except pypdfium2.PdfiumError as exc:
        raise DocumentError("docs.corrupt", name=path.name) from exc
    finally:
        document.close()
    return passages


def _docx(path: Path) -> list[Passage]:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        document = docx.Document(str(path))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise DocumentError("docs.corrupt", name=path.name) from exc
    passages: list[Passage] = []
    section, lines = "", list[str]()
    for paragraph in document.paragraphs:
        style = (paragraph.style.name if paragraph.style is not None else "") or ""
        if style.lower().startswith(("heading", "title")) and paragraph.text.strip():
            if any(line.strip() for line in lines):
                passages.append(Passage("\n".join(lines), section=section))
            section, lines = paragraph.text.strip(), [paragraph.text]
        else:
            lines.append(paragraph.text)
    for table in document.tables:  # tables after the text: their cells, a row a line
        lines.extend(" | ".join(cell.text for cell in row.cells) for row in table.rows)
    if any(line.strip() for line in lines):
        passages.append(Passage("\n".join(lines), section=section))
    return passages


_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^(```|~~~)")


def _markdown(text: str) -> Iterator[Passage]:
    section, lines, fenced = "", list[str](), False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading:
            if any(x.strip() for x in lines):
                yield Passage("\n".join(lines), section=section)
            section, lines = heading.group(2), [line]
        else:
            lines.append(line)
    if any(x.strip() for x in lines):
        yield Passage("\n".join(lines), section=section)


class _HtmlText(html.parser.HTMLParser):
    """The visible text of a page, cut at its headings; scripts and styles left out."""

    BLOCKS = frozenset({"p", "div", "li", "tr", "br", "section", "article", "table", "pre", "blockquote"})
    HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
    HIDDEN = frozenset({"script", "style", "noscript", "template", "head"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.passages: list[Passage] = []
        self._section = ""
        self._parts: list[str] = []
        self._heading: list[str] | None = None
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self._hidden += 1
        elif tag in self.HEADINGS:
            self._end_passage()
            self._heading = []
        elif tag in self.BLOCKS:
            self._parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag in self.HEADINGS and self._heading is not None:
            self._section = " ".join("".join(self._heading).split())
            self._parts.append(self._section + "\n")
            self._heading = None
        elif tag in self.BLOCKS:
            self._parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self._hidden:
            return
        if self._heading is not None:
            self._heading.append(data)
        else:
            self._parts.append(data)

    def _end_passage(self) -> None:
        text = re.sub(r"\n\s*\n+", "\n\n", "".join(self._parts)).strip()
        if text:
            self.passages.append(Passage(text, section=self._section))
        self._parts = []

    def close(self) -> None:
        super().close()
        self._end_passage()


def _html(text: str) -> list[Passage]:
    parser = _HtmlText()
    parser.feed(text)
    parser.close()
    return parser.passages
