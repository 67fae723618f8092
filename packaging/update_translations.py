"""Refresh the interface translations in resources/i18n/ from the strings in app/**/*.py.

Usage, from any folder:

    python packaging/update_translations.py                 # lupdate, then lrelease
    python packaging/update_translations.py --release-only  # only rebuild the .qm files

What it does, for each language in LOCALES (zh_TW, zh_CN):

1. `pyside6-lupdate app/**/*.py -ts resources/i18n/hearth_<locale>.ts` collects every
   `self.tr(...)` / `QCoreApplication.translate(...)` string. Existing translations are
   kept; new or changed strings come in as `type="unfinished"` (a changed string may
   carry lupdate's guess from the old one, still unfinished).
2. Strings that lupdate files under the empty context (module-level `tr()` helpers,
   like the one in app/formatting.py, which Qt looks up at run time under the context
   named in MODULE_CONTEXTS) are moved to that context, keeping their translations.
3. Strings that are gone from the source (`vanished`/`obsolete`) are dropped, unless
   `--keep-obsolete` is given.
4. `pyside6-lrelease -nounfinished` builds hearth_<locale>.qm next to each .ts; only
   finished translations ship, so an unfinished string shows in English.

After it runs, translate the unfinished entries (Qt Linguist, or by hand: put the
text in <translation> and remove type="unfinished"), then run it again, or with
--release-only, to rebuild the .qm files. Commit the .ts and the .qm files.
Running it twice in a row changes nothing. tests/app/test_i18n.py checks that every
string is translated and that the .qm files match the .ts files.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = ROOT / "app"
I18N_DIR = ROOT / "resources" / "i18n"
LOCALES = ("zh_TW", "zh_CN")
SOURCE_LANGUAGE = "en"
# Module-level `tr()` helpers: lupdate puts their strings in the context "", while the
# helper passes this context to QCoreApplication.translate at run time.
MODULE_CONTEXTS = {
    "app/formatting.py": "Formatting",
    "app/chat/branch_rows.py": "BranchRows",
    "app/conversations/export_dialogs.py": "ExportDialogs",
    "app/chat/sources_view.py": "SourcesView",
}
GONE = ("vanished", "obsolete")


def ts_path(locale: str) -> Path:
    return I18N_DIR / f"hearth_{locale}.ts"


def qm_path(locale: str) -> Path:
    return I18N_DIR / f"hearth_{locale}.qm"


def source_files() -> list[Path]:
    return sorted(SOURCE_DIR.rglob("*.py"))


# --- the Qt tools ----------------------------------------------------------------------


def find_tool(name: str) -> str:
    """Path of `pyside6-<name>` (lupdate, lrelease), or of the binary inside the PySide6 package."""
    for candidate in (f"pyside6-{name}", f"pyside6-{name}.exe"):
        found = shutil.which(candidate)
        if found:
            return found
    scripts = Path(sysconfig.get_path("scripts"))
    for candidate in (scripts / f"pyside6-{name}", scripts / f"pyside6-{name}.exe"):
        if candidate.is_file():
            return str(candidate)
    import PySide6

    package = Path(PySide6.__file__).resolve().parent
    for relative in (
        name,
        f"{name}.exe",
        f"Qt/libexec/{name}",
        f"Qt/bin/{name}",
        f"Qt/bin/{name}.exe",
        f"{name}.app/Contents/MacOS/{name}",
    ):
        candidate = package / relative
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    raise FileNotFoundError(f"{name} not found: install PySide6-Essentials (pyside6-{name}) or Qt Linguist tools")


def lupdate(ts: Path, locale: str) -> None:
    files = [str(p.relative_to(ROOT)) for p in source_files()]
    cmd = [
        find_tool("lupdate"),
        "-locations",
        "absolute",
        "-source-language",
        SOURCE_LANGUAGE,
        "-target-language",
        locale,
        *files,
        "-ts",
        str(ts),
    ]
    subprocess.run(cmd, cwd=ROOT, check=True)


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([find_tool("lrelease"), "-nounfinished", str(ts), "-qm", str(qm)], check=True)


# --- .ts post-processing ---------------------------------------------------------------


def _key(message: ET.Element) -> tuple[str, str]:
    return (message.findtext("source") or "", message.findtext("comment") or "")


def _context(root: ET.Element, name: str) -> ET.Element:
    """The <context> called `name`, created in sorted position (as lupdate orders them) if missing."""
    contexts = root.findall("context")
    for ctx in contexts:
        if ctx.findtext("name") == name:
            return ctx
    ctx = ET.Element("context")
    ET.SubElement(ctx, "name").text = name
    later = [c for c in contexts if (c.findtext("name") or "") > name]
    root.insert(list(root).index(later[0]) if later else len(root), ctx)
    return ctx


def _source_file(location: ET.Element, ts: Path) -> str:
    path = (ts.parent / location.get("filename", "")).resolve()
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def move_module_contexts(root: ET.Element, ts: Path) -> None:
    """Move strings of module-level tr() helpers from context "" to their run-time context."""
    anonymous = next((c for c in root.findall("context") if not c.findtext("name")), None)
    if anonymous is None:
        return
    for message in anonymous.findall("message"):
        files = {_source_file(loc, ts) for loc in message.findall("location")}
        targets = {MODULE_CONTEXTS.get(f) for f in files}
        if len(targets) != 1 or None in targets:
            print(
                f"warning: {ts.name}: {_key(message)[0]!r} from {sorted(files)} has no context; "
                "add its module to MODULE_CONTEXTS",
                file=sys.stderr,
            )
            continue
        target = _context(root, targets.pop() or "")
        anonymous.remove(message)
        previous = next((m for m in target.findall("message") if _key(m) == _key(message)), None)
        if previous is None:
            target.append(message)
            continue
        # lupdate marked last run's copy vanished (finished) or obsolete (unfinished): keep its translation.
        new, old = message.find("translation"), previous.find("translation")
        if old is not None and new is not None and (new.get("type") == "unfinished" or not (new.text or "")):
            message.remove(new)
            old_type = old.get("type")
            if old_type == "vanished":
                old.attrib.pop("type")
            elif old_type == "obsolete":
                old.set("type", "unfinished")
            message.append(old)
        for extra in previous.findall("translatorcomment"):
            if message.find("translatorcomment") is None:
                message.insert(list(message).index(message.find("translation")), extra)
        target.insert(list(target).index(previous), message)
        target.remove(previous)
    if not anonymous.findall("message"):
        root.remove(anonymous)


def drop_gone(root: ET.Element) -> int:
    dropped = 0
    for ctx in root.findall("context"):
        for message in ctx.findall("message"):
            translation = message.find("translation")
            if translation is not None and translation.get("type") in GONE:
                ctx.remove(message)
                dropped += 1
        if not ctx.findall("message"):
            root.remove(ctx)
    return dropped


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )


def _write_element(element: ET.Element, depth: int, out: list[str]) -> None:
    indent = "    " * depth
    attrs = "".join(f' {k}="{_escape(v)}"' for k, v in element.attrib.items())
    children = list(element)
    if element.tag == "location" and not children:
        out.append(f"{indent}<{element.tag}{attrs}/>\n")
    elif children:
        out.append(f"{indent}<{element.tag}{attrs}>\n")
        for child in children:
            _write_element(child, depth + 1, out)
        out.append(f"{indent}</{element.tag}>\n")
    else:
        out.append(f"{indent}<{element.tag}{attrs}>{_escape(element.text or '')}</{element.tag}>\n")


def write_ts(root: ET.Element, ts: Path) -> None:
    """Write the .ts the way lupdate does, so lupdate's next run leaves the layout alone."""
    out = ['<?xml version="1.0" encoding="utf-8"?>\n', "<!DOCTYPE TS>\n"]
    attrs = "".join(f' {k}="{_escape(v)}"' for k, v in root.attrib.items())
    out.append(f"<TS{attrs}>\n")
    for child in root:
        _write_element(child, 0, out)
    out.append("</TS>\n")
    ts.write_text("".join(out), encoding="utf-8", newline="\n")


def read_ts(ts: Path) -> ET.Element:
    return ET.parse(ts).getroot()


def is_translated(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") == "unfinished":
        return False
    forms = translation.findall("numerusform")
    texts = [f.text or "" for f in forms] if forms else [translation.text or ""]
    return all(text.strip() for text in texts)


def unfinished(root: ET.Element) -> list[str]:
    """`context: source` of each current string that has no finished translation."""
    return [
        f"{ctx.findtext('name')}: {m.findtext('source')}"
        for ctx in root.findall("context")
        for m in ctx.findall("message")
        if (m.find("translation") is None or m.find("translation").get("type") not in GONE) and not is_translated(m)
    ]


# --- main ------------------------------------------------------------------------------


def update(locale: str, *, keep_obsolete: bool = False) -> None:
    ts = ts_path(locale)
    ts.parent.mkdir(parents=True, exist_ok=True)
    lupdate(ts, locale)
    root = read_ts(ts)
    move_module_contexts(root, ts)
    if not keep_obsolete:
        dropped = drop_gone(root)
        if dropped:
            print(f"    Dropped {dropped} string(s) no longer in the source")
    write_ts(root, ts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--release-only", action="store_true", help="skip lupdate; only rebuild the .qm files")
    parser.add_argument("--keep-obsolete", action="store_true", help="keep strings no longer in the source")
    args = parser.parse_args(argv)
    todo = 0
    for locale in LOCALES:
        ts = ts_path(locale)
        if not args.release_only:
            update(locale, keep_obsolete=args.keep_obsolete)
        lrelease(ts, qm_path(locale))
        missing = unfinished(read_ts(ts))
        todo += len(missing)
        for line in missing:
            print(f"    untranslated ({locale}): {line}")
    if todo:
        print(f"{todo} string(s) still need a translation; they show in English until then.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
