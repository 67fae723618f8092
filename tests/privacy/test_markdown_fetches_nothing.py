"""Model output and model names are shown, never fetched or run: remote images, raw HTML, scripts and links.

A loopback HTTP server stands in for "the internet": Qt's text classes load resources in C++, out of the
socket guard's sight, so the server's own request log is what proves nothing was fetched.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QTextCursor, QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.chat.message_bubble import MessageBubble
from tests.privacy.socket_guard import SocketGuard

SETTLE_MS = 300  # long enough for any queued resource load to have been asked for


class _Recorder(BaseHTTPRequestHandler):
    requests: list[str]

    def do_GET(self) -> None:
        self.requests.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def web() -> Iterator[tuple[str, list[str]]]:
    """A base URL on loopback and the list of paths anyone requested from it."""
    requests: list[str] = []
    handler = type("Handler", (_Recorder,), {"requests": requests})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    serving = threading.Thread(target=server.serve_forever)
    serving.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", requests
    server.shutdown()
    server.server_close()
    serving.join()


def hostile_output(base: str) -> str:
    return "\n\n".join(
        [
            f"![chart]({base}/markdown-image.png)",
            f'<img src="{base}/raw-image.png">',
            "<script>document.title = 'pwned'</script>",
            '[click me](javascript:alert(1)) and <a href="javascript:alert(2)">this</a>',
            f"A plain link: [the docs]({base}/docs) and <{base}/autolink>",
            f'<link rel="stylesheet" href="{base}/style.css"><style>@import url({base}/import.css);</style>',
            "![remote example](http://example.com/a.png) <img src='https://example.com/b.png'>",
        ]
    )


def shown_bubble(qtbot: QtBot, author: str, text: str) -> MessageBubble:
    bubble = MessageBubble("assistant", author, text)
    qtbot.addWidget(bubble)
    bubble.resize(700, 500)
    bubble.show()
    qtbot.waitExposed(bubble)
    qtbot.wait(SETTLE_MS)
    return bubble


def anchor_positions(document: QTextDocument) -> dict[str, int]:
    """Each link's target and a character position inside it."""
    found: dict[str, int] = {}
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().isAnchor():
                found.setdefault(fragment.charFormat().anchorHref(), fragment.position() + 1)
            it += 1
        block = block.next()
    return found


class _UrlOpened(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url.toString())


@pytest.fixture
def opened_urls() -> Iterator[list[str]]:
    """What QDesktopServices.openUrl was asked to open (the system browser is never started)."""
    recorder = _UrlOpened()
    for scheme in ("http", "https", "javascript", "file"):
        QDesktopServices.setUrlHandler(scheme, recorder, "open")
    yield recorder.urls
    for scheme in ("http", "https", "javascript", "file"):
        QDesktopServices.unsetUrlHandler(scheme)


# --- nothing is fetched -----------------------------------------------------------------------------


def test_remote_images_and_styles_in_an_answer_are_never_fetched(
    qtbot: QtBot, socket_guard: SocketGuard, web: tuple[str, list[str]]
) -> None:
    base, requests = web
    bubble = shown_bubble(qtbot, "SmolLM2", hostile_output(base))
    bubble.body.viewport().repaint()
    # Asking the document for the image, as layout and painting do, must not reach out either.
    for url in (f"{base}/markdown-image.png", "http://example.com/a.png"):
        image_type = QTextDocument.ResourceType.ImageResource.value
        assert bubble.body.document().resource(image_type, QUrl(url)) is None
        assert bubble.body.loadResource(image_type, QUrl(url)) is None
    qtbot.wait(SETTLE_MS)
    assert requests == []
    # socket_guard fails the test on any DNS lookup of example.com or connection past loopback.


def test_streamed_text_is_shown_plain_and_fetches_nothing(
    qtbot: QtBot, socket_guard: SocketGuard, web: tuple[str, list[str]]
) -> None:
    base, requests = web
    bubble = shown_bubble(qtbot, "SmolLM2", "")
    bubble.append(hostile_output(base))
    bubble.show_new_text()  # what the window does while tokens arrive
    qtbot.wait(SETTLE_MS)
    assert f'<img src="{base}/raw-image.png">' in bubble.body.toPlainText()
    assert requests == []


# --- HTML and script are text ---------------------------------------------------------------------------


def test_html_and_script_in_an_answer_show_as_text(qtbot: QtBot, web: tuple[str, list[str]]) -> None:
    base, _ = web
    bubble = shown_bubble(qtbot, "SmolLM2", hostile_output(base))
    shown = bubble.body.toPlainText()
    assert "<script>document.title = 'pwned'</script>" in shown
    assert f'<img src="{base}/raw-image.png">' in shown
    assert '<a href="javascript:alert(2)">this</a>' in shown
    assert "[click me](javascript:alert(1))" in shown  # markdown-it refuses javascript: links
    assert not any(href.startswith("javascript:") for href in anchor_positions(bubble.body.document()))


def test_html_in_a_model_name_shows_as_text(qtbot: QtBot) -> None:
    name = "<b>Evil</b><img src='http://127.0.0.1:9/name.png'>"
    bubble = shown_bubble(qtbot, name, "hi")
    assert bubble.author_label.textFormat() == Qt.TextFormat.PlainText
    assert bubble.author_label.text() == name


# --- links: never followed by themselves; a click is the only way -------------------------------------


def click_link(qtbot: QtBot, bubble: MessageBubble, href: str) -> None:
    cursor = QTextCursor(bubble.body.document())
    cursor.setPosition(anchor_positions(bubble.body.document())[href])
    point = bubble.body.cursorRect(cursor).center()
    qtbot.mouseClick(bubble.body.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_links_are_not_followed_on_show_hover_or_click_inside_the_bubble(
    qtbot: QtBot, socket_guard: SocketGuard, web: tuple[str, list[str]], opened_urls: list[str]
) -> None:
    base, requests = web
    bubble = shown_bubble(qtbot, "SmolLM2", hostile_output(base))
    link = f"{base}/docs"
    assert not bubble.body.openExternalLinks()
    assert not bubble.body.openLinks()  # QTextBrowser would otherwise try to show the target in the bubble
    cursor = QTextCursor(bubble.body.document())
    cursor.setPosition(anchor_positions(bubble.body.document())[link])
    qtbot.mouseMove(bubble.body.viewport(), bubble.body.cursorRect(cursor).center())
    qtbot.wait(SETTLE_MS)
    assert opened_urls == []  # showing and hovering open nothing

    before = bubble.body.toHtml()
    with qtbot.waitSignal(bubble.body.anchorClicked, timeout=2000) as clicked:
        click_link(qtbot, bubble, link)
    QApplication.processEvents()
    assert clicked.args[0].toString() == link
    assert bubble.body.source().isEmpty()  # the bubble did not navigate
    assert bubble.body.toHtml() == before
    assert requests == []  # Hearth itself never fetches a link; at most the system browser opens it


def test_a_click_on_a_link_opens_it_in_the_system_browser(
    qtbot: QtBot, web: tuple[str, list[str]], opened_urls: list[str]
) -> None:
    base, requests = web
    bubble = shown_bubble(qtbot, "SmolLM2", hostile_output(base))
    click_link(qtbot, bubble, f"{base}/docs")
    qtbot.waitUntil(lambda: opened_urls == [f"{base}/docs"], timeout=2000)
    assert requests == []
