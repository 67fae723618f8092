"""Whether this computer has a font that draws Chinese, asked without Qt (for `hearth doctor`).

The window asks Qt itself (app/i18n.py); the command line reads fontconfig, which Qt uses on Linux:
`fc-list :lang=zh-tw family`. Where fc-list is missing, the usual font folders are searched for the
common Chinese families' files. macOS and Windows ship Chinese fonts with the system.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

# fontconfig's language tags for Hearth's two Chinese interfaces.
LANGUAGES = {"zh_TW": "zh-tw", "zh_CN": "zh-cn"}
_PREFERRED = {"zh_TW": " TC", "zh_CN": " SC"}  # Noto's and Source Han's regional cuts
PACKAGE_HINT = "install fonts-noto-cjk (Debian, Ubuntu) or google-noto-sans-cjk-fonts (Fedora)"
_FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
_CHINESE_FILES = ("notosanscjk", "notoserifcjk", "wqy", "droidsansfallback", "sourcehansans", "uming", "ukai")


def chinese_fonts() -> dict[str, str]:
    """Per interface language ("zh_TW", "zh_CN"): a font family that draws it, or "" where none does."""
    if sys.platform in ("darwin", "win32"):
        return dict.fromkeys(LANGUAGES, "the system's")
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        found = _font_file_family()
        return dict.fromkeys(LANGUAGES, found)
    families = {}
    for language, tag in LANGUAGES.items():
        try:
            listing = subprocess.run(
                [fc_list, f":lang={tag}", "family"], capture_output=True, text=True, timeout=10, check=False
            ).stdout
        except (OSError, subprocess.TimeoutExpired):
            listing = ""
        names = sorted({line.split(",")[0].strip() for line in listing.splitlines() if line.strip()})
        families[language] = next((n for n in names if _PREFERRED[language] in n), names[0] if names else "")
    return families


def _font_file_family() -> str:
    for folder in _FONT_DIRS:
        root = Path(folder).expanduser()
        if not root.is_dir():
            continue
        for path in root.rglob("*"):
            if path.suffix.lower() in (".ttf", ".otf", ".ttc") and path.name.lower().startswith(_CHINESE_FILES):
                return path.stem
    return ""
