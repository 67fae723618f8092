"""The interface in Traditional and Simplified Chinese: translations installed, complete and built.

The .ts/.qm files come from `python packaging/update_translations.py`.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import subprocess
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.conversations.conversation_list import ID_ROLE, ConversationListView
from app.error_texts import code_text, error_text, failed_text
from app.i18n import install_translator
from app.main_window import MainWindow
from app.models.models_window import ModelsWindow
from app.models.quant_hints import TRANSLATED_HINTS
from engine.hub.quant import ALL_HINTS
from engine.store.conversations import ConversationStore
from tests.hub.conftest import fake_hub  # noqa: F401 (fixture)
from tests.hub.fake_hub import FakeHub

from .conftest import LOAD_TIMEOUT_MS
from .fake_engine import FakeEngineClient

ROOT = Path(__file__).resolve().parents[2]
I18N_DIR = ROOT / "resources" / "i18n"
LOCALES = ("zh_TW", "zh_CN")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")

NEW_CHAT = {"zh_TW": "新對話", "zh_CN": "新对话"}
REUSED = {  # {where} is a bare noun: each language says "from" its own way
    "zh_TW": "提示的 80 個 token 中，有 50 個重複使用（來源：模型的工作記憶），省下約 0.2 秒。",
    "zh_CN": "提示的 80 个 token 中，有 50 个重复使用（来源：模型的工作记忆），节省约 0.2 秒。",
}
DOCUMENTS_REUSED = {  # a follow-up over a set given whole: every document token came from the cache
    "zh_TW": "您的文件在這個問題中占了 1,126 個 token，全部都從記憶體重複使用，所以沒有再讀一次。",
    "zh_CN": "您的文档在这个问题中占了 1,126 个 token，全部都从内存中重复使用，所以没有再读一遍。",
}
DOCUMENTS_READ = {  # its first question: all read, and why the next one will not read them
    "zh_TW": "您的文件在這個問題中占了 1,126 個 token，模型全部都讀了一次。"
    "您的文件放在問題之前，所以下一個問題會重複使用它們，不必再讀一次。",
    "zh_CN": "您的文档在这个问题中占了 1,126 个 token，模型全部都读了一遍。"
    "您的文档放在问题之前，所以下一个问题会重复使用它们，不必再读一遍。",
}
EXPECTED = {
    # locale: (Send button, metrics panel title)
    "zh_TW": ("傳送", "效能"),
    "zh_CN": ("发送", "性能"),
}


@functools.cache
def _update_translations() -> ModuleType:
    """packaging/update_translations.py, which knows where lupdate and lrelease are."""
    path = ROOT / "packaging" / "update_translations.py"
    spec = importlib.util.spec_from_file_location("update_translations", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _messages(locale: str) -> list[tuple[str, ET.Element]]:
    root = ET.parse(I18N_DIR / f"hearth_{locale}.ts").getroot()
    assert root.get("language") == locale
    return [(ctx.findtext("name") or "", m) for ctx in root.findall("context") for m in ctx.findall("message")]


@pytest.fixture
def translated(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """Install the translators for request.param; remove them afterwards so other tests stay English."""
    locale: str = request.param
    before = set(qapp.findChildren(QTranslator))
    try:
        assert install_translator(qapp, locale) == locale
        yield locale
    finally:
        for translator in set(qapp.findChildren(QTranslator)) - before:
            QCoreApplication.removeTranslator(translator)
            translator.setParent(None)
            translator.deleteLater()


@pytest.mark.parametrize("translated", LOCALES, indirect=True)
def test_window_shows_the_chosen_language(qtbot: QtBot, translated: str, fake_client: FakeEngineClient) -> None:
    window = MainWindow(client=fake_client)
    qtbot.addWidget(window)
    try:
        send, title = EXPECTED[translated]
        assert window.send_button.text() == send
        panel_title = window.metrics_panel.findChild(QLabel, "panelTitle")
        assert panel_title is not None
        assert panel_title.text() == title
        # Module-level strings (app/formatting.py, context "Formatting") are translated too.
        assert QCoreApplication.translate("Formatting", "stopped") == "已停止"
    finally:
        window.close()
    assert fake_client.shut_down


def test_every_quant_hint_the_engine_gives_is_marked_for_translation() -> None:
    assert set(ALL_HINTS) == set(TRANSLATED_HINTS), "mark the new hint in app/models/quant_hints.py"


@pytest.mark.e2e
@pytest.mark.parametrize("translated", ["zh_TW"], indirect=True)
def test_hub_panel_shows_suggested_models_and_quant_hints_in_the_chosen_language(
    qtbot: QtBot,
    translated: str,
    fake_hub: FakeHub,  # noqa: F811
    starter_model: Path,
) -> None:
    """The notes of the suggested models and the engine's quantization hints are data, not
    tr() calls in a widget; they must still come out in Chinese."""
    fake_hub.add_repo("hearth-test/SmolLM2-135M-Instruct-GGUF", {starter_model.name: starter_model})
    window = ModelsWindow()
    qtbot.addWidget(window)
    window.show()
    hub = window.hub_view
    assert hub.results.item(0).text().splitlines()[1] == "小巧又快速；能寫英文與中文（繁體和簡體）。"
    hub.search_box.setText("SmolLM2")
    hub.search()
    qtbot.waitUntil(hub.search_button.isEnabled, timeout=60_000)
    hub.results.setCurrentRow(0)
    qtbot.waitUntil(lambda: hub.files.topLevelItemCount() > 0, timeout=60_000)
    assert hub.files.topLevelItem(0).text(0) == "Q4_1 · 檔案小，品質好"


@pytest.mark.parametrize("translated", ["zh_CN"], indirect=True)
def test_engine_errors_show_in_the_chosen_language_with_their_values(qtbot: QtBot, translated: str) -> None:
    """Offline mode on: a search in the Hub panel says so in Chinese; a download error fills in its values."""
    from engine.client.crash_report import exit_error
    from engine.hub.download import DiskSpaceError
    from engine.hub.offline_mode import set_offline_mode
    from engine.protocol import EngineDied

    set_offline_mode(True)
    window = ModelsWindow()
    qtbot.addWidget(window)
    hub = window.hub_view
    hub.search_box.setText("qwen")
    hub.search()
    qtbot.waitUntil(hub.search_button.isEnabled, timeout=60_000)
    offline = "离线模式已开启，所以 Hearth 不会连接 Hugging Face Hub；要搜索或下载，请到“隐私”把它关闭。"
    assert hub.status.text() == offline

    error = DiskSpaceError("download.not_enough_space", name="a.gguf", needed="2.1 GB", usable="1.0 GB", folder="/m")
    assert str(error).startswith("Not enough free disk space to download a.gguf")
    assert error_text(error) == "磁盘空间不足，无法下载 a.gguf：还需要 2.1 GB，而 /m 只有 1.0 GB 可用。"
    # The parent's account of an engine death (engine.client.process.EngineProcess.death_report).
    crash = EngineDied.from_error(exit_error(3))
    assert (crash.reason, crash.reason_code) == ("The engine stopped unexpectedly (exit code 3).", "engine.exit_code")
    assert failed_text(crash) == "引擎意外停止（退出代码 3）。"
    # A sentence without a code, or with a code this window does not know, shows as the engine wrote it.
    assert error_text(ValueError("Something else went wrong.")) == "Something else went wrong."
    assert code_text("no.such_code", (), "Something else went wrong.") == "Something else went wrong."


@pytest.mark.e2e
@pytest.mark.parametrize("translated", ["zh_TW"], indirect=True)
def test_a_bad_model_file_is_explained_in_the_chosen_language(
    qtbot: QtBot, translated: str, window: MainWindow, starter_model: Path, tmp_path: Path
) -> None:
    """The engine child writes the sentence in English; the window shows it in Chinese, values
    filled in, and the pointer to the engine log in the details too."""
    cut = tmp_path / "cut.gguf"
    with starter_model.open("rb") as source:
        cut.write_bytes(source.read(30_000_000))
    with qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS) as failed:
        window.models.switch_model(str(cut))
    event = failed.args[0]
    assert event.reason.startswith("This file is incomplete: it ends at 30 MB of ")
    shown = window.load_error.message_label.text()
    assert shown.startswith("這個檔案不完整：它在 30 MB/")
    assert shown.endswith(" 處就結束了。")
    assert window.load_error.details_text.toPlainText() == "llama.cpp 自己的訊息請見引擎記錄檔。"


@pytest.mark.parametrize("translated", LOCALES, indirect=True)
def test_the_default_conversation_title_shows_in_the_chosen_language(
    qtbot: QtBot, translated: str, tmp_path: Path
) -> None:
    """The store keeps "New chat" (older conversations too); the list says it like the New chat
    button. A title the user typed stays as typed, even "New chat"."""
    with ConversationStore(tmp_path / "chats.db") as store:
        untitled = store.create()
        named = store.create()
        store.rename(named.id, "New chat")
        summaries = store.summaries()
    view = ConversationListView()
    qtbot.addWidget(view)
    view.set_conversations(summaries, None)
    shown = {view.list.item(row).data(ID_ROLE): view.list.item(row).text() for row in range(view.list.count())}
    assert shown == {untitled.id: NEW_CHAT[translated], named.id: "New chat"}
    assert view.new_button.text() == NEW_CHAT[translated]


@pytest.mark.parametrize("translated", LOCALES, indirect=True)
def test_numbers_and_the_reuse_sentence_read_right_in_the_chosen_language(translated: str) -> None:
    from app import formatting as fmt

    assert fmt.seconds(0.214) == "0.21 秒"
    assert fmt.seconds(12.34) == "12.3 秒"
    assert fmt.rate(1234.4) == "1,234 token/秒"

    def tr(text: str) -> str:
        return QCoreApplication.translate("MetricsPanel", text)

    reused = tr("Reused {cached} of {total} prompt tokens from {where}{saved}.").format(
        cached="50", total="80", where=fmt.cache_source("live"), saved=tr(", saved ≈ {t}").format(t="0.2 秒")
    )
    assert reused == REUSED[translated]


@pytest.mark.parametrize("translated", LOCALES, indirect=True)
def test_the_documents_sentence_reads_right_in_the_chosen_language(
    qtbot: QtBot, translated: str, tmp_path: Path
) -> None:
    """The counts go through the plural forms (tr with n), and the sentences join without a space."""
    from app.panels.live_metrics import LiveAnswer
    from app.panels.metrics_panel import MetricsPanel
    from engine.protocol import Started

    panel = MetricsPanel()
    qtbot.addWidget(panel)
    panel.resize(320, 700)
    answer = LiveAnswer(time.monotonic(), documents_mode="whole")
    answer.on_started(Started(1, 1300, 1200, time.monotonic(), documents_at=(40, 1166)))
    panel.begin_answer(answer)
    assert panel.documents.text() == DOCUMENTS_REUSED[translated]
    answer.on_started(Started(1, 1300, 0, time.monotonic(), documents_at=(40, 1166)))
    panel.refresh()
    assert panel.documents.text() == DOCUMENTS_READ[translated]
    panel.show()
    panel.grab().save(str(Path(os.environ.get("HEARTH_SCREENSHOT_DIR", tmp_path)) / f"documents_{translated}.png"))


def test_english_stays_english_without_a_translator(qtbot: QtBot, fake_client: FakeEngineClient) -> None:
    window = MainWindow(client=fake_client)
    qtbot.addWidget(window)
    try:
        assert window.send_button.text() == "Send"
    finally:
        window.close()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_string_is_translated_with_the_same_placeholders(locale: str) -> None:
    problems = []
    for context, message in _messages(locale):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        where = f"{context}: {source!r}"
        if translation is None:
            problems.append(f"{where}: no <translation>")
            continue
        if translation.get("type") in ("unfinished", "vanished", "obsolete"):
            problems.append(f"{where}: type={translation.get('type')!r}")
        forms = translation.findall("numerusform")
        texts = [f.text or "" for f in forms] if forms else [translation.text or ""]
        for text in texts:
            if not text.strip():
                problems.append(f"{where}: empty translation")
            elif sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"{where}: placeholders differ in {text!r}")
            elif ("%p%" in source) != ("%p%" in text):
                problems.append(f"{where}: %p% differs in {text!r}")
    assert not problems, "run `python packaging/update_translations.py` and translate:\n" + "\n".join(problems)


def test_every_string_in_the_source_is_in_the_ts_files(tmp_path: Path) -> None:
    """lupdate over app/**/*.py finds no string that the committed .ts files lack."""
    tools = _update_translations()
    fresh = tmp_path / "hearth_zh_TW.ts"
    files = [str(p.relative_to(ROOT)) for p in tools.source_files()]
    subprocess.run(
        [tools.find_tool("lupdate"), "-silent", *files, "-ts", str(fresh)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    root = ET.parse(fresh).getroot()
    wanted = {
        (
            tools.MODULE_CONTEXTS.get(tools._source_file(m.find("location"), fresh), "")
            if not ctx.findtext("name")
            else ctx.findtext("name"),
            m.findtext("source"),
        )
        for ctx in root.findall("context")
        for m in ctx.findall("message")
    }
    for locale in LOCALES:
        have = {(context, m.findtext("source")) for context, m in _messages(locale)}
        missing = sorted(wanted - have)
        assert not missing, f"hearth_{locale}.ts lacks {missing}: run `python packaging/update_translations.py`"


@pytest.mark.parametrize("locale", LOCALES)
def test_qm_files_are_built_from_the_current_ts(locale: str, tmp_path: Path) -> None:
    tools = _update_translations()
    ts = I18N_DIR / f"hearth_{locale}.ts"
    committed = I18N_DIR / f"hearth_{locale}.qm"
    rebuilt = tmp_path / committed.name
    subprocess.run(
        [tools.find_tool("lrelease"), "-silent", "-nounfinished", str(ts), "-qm", str(rebuilt)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert committed.is_file(), f"{committed.name} is missing: run `python packaging/update_translations.py`"
    assert committed.read_bytes() == rebuilt.read_bytes(), (
        f"{committed.name} is out of date with {ts.name}: run `python packaging/update_translations.py --release-only`"
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_no_string_is_filed_where_qt_never_looks(locale: str) -> None:
    """Qt looks a string up under its context; lupdate files a module-level tr()'s strings under the
    empty one, which only packaging/update_translations.py's MODULE_CONTEXTS moves to theirs."""
    root = ET.parse(I18N_DIR / f"hearth_{locale}.ts").getroot()
    unnamed = [
        message.findtext("source")
        for context in root.iter("context")
        if not (context.findtext("name") or "").strip()
        for message in context.iter("message")
    ]
    assert unnamed == []


@pytest.mark.parametrize("translated", ["zh_TW"], indirect=True)
def test_the_sources_under_an_answer_are_in_the_chosen_language(qtbot: QtBot, translated: str) -> None:
    from app.chat.sources_view import SourcesView

    view = SourcesView([{"number": 1, "path": "/x/manual.pdf", "page": 3, "section": "", "excerpt": "…"}])
    qtbot.addWidget(view)
    assert "來源" in view.links.text()
    assert "[1] manual.pdf, 第 3 頁" in view.links.text()
    assert view.toggle.text() == "顯示摘錄"
