"""packaging/linux/slim_icu.py: the bundle's smaller ICU data, loaded by the real PySide6 in place
of the full one, answers everything Hearth's languages ask of ICU exactly as the full data does.

The slimmed library is preloaded (LD_PRELOAD): it has the full one's soname, so Qt's libicuuc
binds to it instead of the copy beside it. Needs binutils, gcc and icupkg (icu-devtools), which
.ci/run installs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import PySide6
import pytest

from tests.conftest import cannot_run_here

REPO = Path(__file__).resolve().parents[2]
SLIM_ICU = REPO / "packaging" / "linux" / "slim_icu.py"

# What Qt Core asks ICU for: collation, time-zone names, locale casing, legacy encodings.
_PROBE = textwrap.dedent(
    """
    import json
    from PySide6.QtCore import QCollator, QLocale, QStringDecoder, QTimeZone

    names = ["张", "王", "李", "阿", "Zebra", "apple", "Äpfel"]
    found = {}
    for locale in ("zh_CN", "zh_TW", "zh_HK", "en_US", "en_GB"):
        found["sorted " + locale] = sorted(names, key=QCollator(QLocale(locale)).sortKey)
    taipei = QTimeZone(b"Asia/Taipei")
    for locale in ("zh_TW", "zh_CN", "en_US"):
        found["zone " + locale] = taipei.displayName(
            QTimeZone.TimeType.StandardTime, QTimeZone.NameType.LongName, QLocale(locale))
    for encoding in ("GB18030", "GBK", "Big5", "Big5-HKSCS", "Shift_JIS", "EUC-JP", "EUC-KR",
                     "windows-1252", "windows-1251", "ISO-8859-5", "KOI8-R"):
        decoder = QStringDecoder(encoding)
        found["decoder " + encoding] = decoder.name() if decoder.isValid() else None
    found["upper tr"] = QLocale("tr_TR").toUpper("istanbul")
    print(json.dumps(found, ensure_ascii=False))
    """
)


def _probe(preload: Path | None) -> dict[str, object]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if preload:
        env["LD_PRELOAD"] = str(preload)
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


@pytest.fixture(scope="module")
def slim_library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    for tool in ("icupkg", "gcc", "objcopy", "nm", "readelf"):
        if not shutil.which(tool):
            cannot_run_here(f"{tool} is missing (apt-get install icu-devtools binutils gcc)")
    full = next((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    slim = tmp_path_factory.mktemp("icu") / full.name
    done = subprocess.run(
        [sys.executable, str(SLIM_ICU), str(full), str(slim)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return full, slim


def test_the_slim_data_is_a_fraction_of_the_full(slim_library: tuple[Path, Path]) -> None:
    full, slim = slim_library
    assert slim.stat().st_size < full.stat().st_size / 4


def test_qt_answers_the_same_with_the_slim_data(slim_library: tuple[Path, Path]) -> None:
    _, slim = slim_library
    with_full, with_slim = _probe(None), _probe(slim)
    assert with_slim == with_full
    # and the probe can tell data from no data: Chinese collation orders by pinyin and by
    # stroke, not by code point; zone names are translated; every decoder was found
    assert with_full["sorted zh_CN"] == ["阿", "李", "王", "张", "Äpfel", "apple", "Zebra"]
    assert with_full["sorted zh_TW"][:4] == ["王", "张", "李", "阿"]
    assert with_full["zone zh_TW"] == "台北標準時間"
    assert all(value for key, value in with_full.items() if key.startswith("decoder"))


def test_a_locale_left_out_falls_back_to_icus_root_order(slim_library: tuple[Path, Path]) -> None:
    _, slim = slim_library
    probe = textwrap.dedent(
        """
        from PySide6.QtCore import QCollator, QLocale
        print("".join(sorted(["张", "王", "李", "阿"], key=QCollator(QLocale("ja_JP")).sortKey)))
        """
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LD_PRELOAD=str(slim))
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "张李王阿"  # code point order: Japanese tailoring was dropped, nothing failed
