"""Text out of real documents, with where it sits (engine/docs/extract.py), and one sentence for a
file that cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.docs.extract import DocumentError, extract
from tests.engine.docs.documents import docx, pdf


def test_a_pdf_gives_each_page_its_own_text(tmp_path: Path) -> None:
    path = pdf(tmp_path / "manual.pdf", ["Descale the kettle monthly.", "", "The warranty lasts five years."])
    passages = extract(path)
    assert [p.page for p in passages] == [1, 3], "an empty page is left out, the others keep their numbers"
    assert "Descale the kettle" in passages[0].text
    assert "five years" in passages[1].text


def test_chinese_pdf_text_comes_out_as_characters(tmp_path: Path) -> None:
    path = pdf(tmp_path / "zh.pdf", ["機器學習是人工智慧的一個分支。", "台北的捷運系統很方便。"], chinese=True)
    texts = [p.text.strip() for p in extract(path)]
    assert texts == ["機器學習是人工智慧的一個分支。", "台北的捷運系統很方便。"]


def test_an_encrypted_pdf_and_a_damaged_one_are_named_in_one_sentence(tmp_path: Path) -> None:
    secret = pdf(tmp_path / "secret.pdf", ["salaries"], password="hunter2")
    with pytest.raises(DocumentError) as encrypted:
        extract(secret)
    assert encrypted.value.code == "docs.encrypted"
    assert str(encrypted.value) == "secret.pdf is protected by a password, so it was skipped."
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(pdf(tmp_path / "whole.pdf", ["text"]).read_bytes()[:200])
    with pytest.raises(DocumentError) as broken:
        extract(damaged)
    assert broken.value.code == "docs.corrupt"
    assert "damaged.pdf" in str(broken.value)


def test_word_markdown_and_html_are_cut_at_their_headings(tmp_path: Path) -> None:
    word = docx(tmp_path / "plan.docx", [("Budget", "We spend 400 on seeds."), ("Schedule", "Plant in May.")])
    assert [(p.section, "400" in p.text or "May" in p.text) for p in extract(word)] == [
        ("Budget", True),
        ("Schedule", True),
    ]
    markdown = tmp_path / "notes.md"
    markdown.write_text("Intro line.\n\n# Garden\n\nSun.\n\n```\n# not a heading\n```\n\n## Water\n\nMornings.\n")
    assert [p.section for p in extract(markdown)] == ["", "Garden", "Water"]
    page = tmp_path / "page.html"
    page.write_text(
        "<html><head><title>t</title><style>p{}</style></head><body><p>Top.</p><h2>Tides</h2>"
        "<p>The moon pulls &amp; the sea rises.</p><script>alert(1)</script></body></html>"
    )
    passages = extract(page)
    assert [p.section for p in passages] == ["", "Tides"]
    assert "The moon pulls & the sea rises." in passages[1].text
    assert "alert" not in " ".join(p.text for p in passages)


def test_text_files_in_chinese_encodings_are_read(tmp_path: Path) -> None:
    big5 = tmp_path / "big5.txt"
    big5.write_bytes("繁體中文的說明文件。".encode("big5"))
    gbk = tmp_path / "gbk.txt"
    gbk.write_bytes("简体中文的说明文件。".encode("gb18030"))
    assert extract(gbk)[0].text == "简体中文的说明文件。"
    assert extract(big5)[0].text == "繁體中文的說明文件。"


def test_a_file_that_is_not_a_document_is_refused_by_name(tmp_path: Path) -> None:
    binary = tmp_path / "photo.txt"
    binary.write_bytes(b"\x89PNG\x00\x00\x00" * 10)
    with pytest.raises(DocumentError, match=r"photo\.txt is not a text file\."):
        extract(binary)
    with pytest.raises(DocumentError) as unknown:
        extract(tmp_path / "song.mp3")
    assert unknown.value.code == "docs.unsupported_kind"
