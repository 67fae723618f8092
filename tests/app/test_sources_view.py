"""The sources under an answer open the document they name, and nothing that is not a document."""

from __future__ import annotations

from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from pytestqt.qtbot import QtBot

from app.chat.sources_view import SourcesView


class _Opened(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)


def test_a_source_opens_its_document_at_its_page_and_a_program_is_never_opened(qtbot: QtBot) -> None:
    sources = [
        {"number": 1, "path": "/docs/manual.pdf", "page": 3, "section": "", "excerpt": "…"},
        {"number": 2, "path": "/usr/bin/rm", "page": None, "section": "", "excerpt": "…"},  # an imported file's
    ]
    view = SourcesView(sources)
    qtbot.addWidget(view)
    opened = _Opened()
    QDesktopServices.setUrlHandler("file", opened, "open")  # type: ignore[arg-type]  # the stub wants bytes; PySide6 takes the name
    try:
        view.links.linkActivated.emit("0")
        view.links.linkActivated.emit("1")
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [u.toString() for u in opened.urls] == ["file:///docs/manual.pdf#page=3"]
