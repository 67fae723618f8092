"""Under an answer from documents: the sources it was given, numbered as it cites them.

Each is a link (file, page or section) that opens the file in the system's viewer, at the page
where the viewer reads a `#page=` fragment (browsers and some PDF viewers do; others open the
first page). Show excerpts unfolds what each source said.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtWidgets import QLabel, QToolButton, QVBoxLayout, QWidget

from app.external import open_url
from engine.docs.extract import SUFFIXES

EXCERPT_CHARS = 280


def tr(text: str) -> str:
    return QCoreApplication.translate("SourcesView", text)


def source_label(source: dict[str, Any]) -> str:
    name = Path(str(source.get("path", ""))).name
    page, section = source.get("page"), source.get("section") or ""
    place = tr("p. {page}").format(page=page) if page is not None else section
    return f"[{source.get('number', '?')}] {name}" + (f", {place}" if place else "")


def source_url(source: dict[str, Any]) -> QUrl:
    url = QUrl.fromLocalFile(str(source.get("path", "")))
    if source.get("page") is not None and str(source.get("path", "")).lower().endswith(".pdf"):
        url.setFragment(f"page={source['page']}")
    return url


class SourcesView(QWidget):
    def __init__(self, sources: Sequence[dict[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sourcesView")
        self.sources = list(sources)
        self.links = QLabel()
        self.links.setObjectName("sourcesLinks")
        self.links.setWordWrap(True)
        self.links.setTextFormat(Qt.TextFormat.RichText)
        self.links.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        links = " &nbsp;·&nbsp; ".join(
            f'<a href="{i}">{html.escape(source_label(s))}</a>' for i, s in enumerate(self.sources)
        )
        heading = tr("Sources:")
        self.links.setText(f"<b>{html.escape(heading)}</b> {links}")
        self.links.setToolTip(tr("Click a source to open its file."))
        self.links.linkActivated.connect(self._open)
        self.toggle = QToolButton()
        self.toggle.setObjectName("sourcesToggle")
        self.toggle.setCheckable(True)
        self.toggle.setText(tr("Show excerpts"))
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toggle.toggled.connect(self._on_toggled)
        self.excerpts = QLabel()
        self.excerpts.setObjectName("sourcesExcerpts")
        self.excerpts.setWordWrap(True)
        self.excerpts.setTextFormat(Qt.TextFormat.RichText)
        self.excerpts.setText(
            "<br><br>".join(
                f"<b>{html.escape(source_label(s))}</b><br>{html.escape(_excerpt(str(s.get('excerpt', ''))))}"
                for s in self.sources
            )
        )
        self.excerpts.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.links)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.excerpts)

    def _open(self, index: str) -> None:
        source = self.sources[int(index)]
        # Only a document of a kind Hearth indexes: an imported conversation's path could name a program.
        if Path(str(source.get("path", ""))).suffix.lower() in SUFFIXES:
            open_url(source_url(source))

    def _on_toggled(self, shown: bool) -> None:
        self.excerpts.setVisible(shown)
        self.toggle.setText(tr("Hide excerpts") if shown else tr("Show excerpts"))


def _excerpt(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= EXCERPT_CHARS else flat[:EXCERPT_CHARS].rstrip() + "…"
