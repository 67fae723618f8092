"""Real documents for the document tests: PDFs with known text on known pages, Word, Markdown."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def pdf(path: Path, pages: Sequence[str], *, chinese: bool = False, password: str | None = None) -> Path:
    """A PDF whose page n holds pages[n - 1] (lines split on newlines)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    font = "Helvetica"
    if chinese:
        pdfmetrics.registerFont(UnicodeCIDFont("MSung-Light"))  # Adobe-CNS1: Traditional Chinese
        font = "MSung-Light"
    page_canvas = canvas.Canvas(str(path), encrypt=password)
    for text in pages:
        page_canvas.setFont(font, 11)
        for i, line in enumerate(text.split("\n")):
            page_canvas.drawString(56, 780 - 14 * i, line)
        page_canvas.showPage()
    page_canvas.save()
    return path


def docx(path: Path, parts: Sequence[tuple[str, str]]) -> Path:
    """A Word file of (heading, paragraph) parts."""
    import docx as python_docx

    document = python_docx.Document()
    for heading, paragraph in parts:
        document.add_heading(heading, level=1)
        document.add_paragraph(paragraph)
    document.save(str(path))
    return path
