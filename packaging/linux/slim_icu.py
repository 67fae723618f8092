"""Shrink the ICU data library that PySide6's Qt brings (libicudata.so.<N>: 32 MB, 12 MB of the
tar.gz) to what Hearth's Qt can ask of it.

Qt Core calls ICU for four things only (`nm -D --undefined-only libQt6Core.so.6`): collation
(ucol_*), time-zone names (ucal_*), locale-aware upper and lower case (u_strTo*; its tables are
built into libicuuc, not this data) and legacy text encodings (ucnv_*). Hearth itself uses none
of them directly. So the data keeps collation, zone and region names for Hearth's languages
(English, Chinese in both scripts, and ICU's root, which every other locale falls back to), the
converters for common Chinese, Japanese, Korean, Windows and ISO-8859 encodings, and ICU's core
tables. It drops the rest: word-break dictionaries, transliteration, number spell-out, unit,
currency and language names, and every other locale's data.

The data is one exported symbol, icudt<N>_dat. Its items are removed with ICU's own `icupkg`
(Debian's icu-devtools), and the smaller package is linked back into a library of the same soname
with an .incbin, so Qt loads it unchanged.

Usage: slim_icu.py LIBICUDATA [OUTPUT]   (OUTPUT defaults to replacing LIBICUDATA)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

KEPT_LOCALES = ("en", "zh")
KEPT_TREES = ("coll", "zone", "region")  # collation, zone names, and the region names zone names use
# Converter tables (.cnv), by prefix: GBK/GB18030, Big5 and Big5-HKSCS, Shift_JIS and EUC-JP,
# EUC-KR, the Windows code pages 874 and 1250-1258, and ISO-8859.
KEPT_CONVERTERS = (
    "gb18030", "windows-936", "ibm-1386_", "windows-950", "ibm-950_", "ibm-1373_", "ibm-1375_", "ibm-943_",
    "ibm-33722_", "euc-jp", "ibm-970_", "windows-949", "ibm-1363_", "windows-874", "ibm-874_",
    "ibm-5346_", "ibm-5347_", "ibm-5348_", "ibm-5349_", "ibm-5350_", "ibm-5351_", "ibm-5352_",
    "ibm-5353_", "ibm-5354_", "ibm-912_", "ibm-913_", "ibm-914_", "ibm-915_", "ibm-916_",
    "ibm-920_", "ibm-921_", "ibm-923_", "iso-8859_", "ibm-878_",
)  # fmt: skip
_LOCALE_RES = re.compile(r"^(?P<lang>[a-z]{2,3})(?:_[A-Za-z0-9]+)*\.res$")
_SHARED_RES = ("pool.res", "res_index.res", "root.res")  # every tree's pool, index and fallback


def kept(item: str) -> bool:
    """Whether ICU data item `item` (as `icupkg -l` names it: "coll/zh.res", "gb18030.cnv")
    stays in the slimmed data."""
    tree, _, name = item.rpartition("/")
    if tree and tree not in KEPT_TREES:
        return False
    if name in _SHARED_RES or name == "ucadata.icu" or (tree == "zone" and name == "tzdbNames.res"):
        return True
    locale = _LOCALE_RES.match(name)
    if locale:
        return locale["lang"] in KEPT_LOCALES
    if tree:
        return False
    if name.endswith(".cnv"):
        return name.startswith(KEPT_CONVERTERS)
    # ICU's core: locale metadata, time zones, plural rules, normalization, converter aliases.
    return not name.endswith((".spp", ".cfu")) and name != "unames.icu"


def _symbol(library: Path) -> tuple[str, int, int]:
    """The data symbol's name, address and size."""
    listing = subprocess.run(
        ["nm", "-D", "-S", "--defined-only", str(library)], check=True, capture_output=True, text=True
    ).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and re.fullmatch(r"icudt\d+_dat", fields[3]):
            return fields[3], int(fields[0], 16), int(fields[1], 16)
    raise SystemExit(f"{library} exports no icudt<N>_dat symbol: is it ICU's data library?")


def _rodata_address(library: Path) -> int:
    headers = subprocess.run(["readelf", "-SW", str(library)], check=True, capture_output=True, text=True).stdout
    match = re.search(r"\]\s+\.rodata\s+PROGBITS\s+([0-9a-f]+)", headers)
    if not match:
        raise SystemExit(f"{library} has no .rodata section")
    return int(match.group(1), 16)


def _data(library: Path, work: Path) -> tuple[str, bytes]:
    symbol, address, size = _symbol(library)
    rodata = work / "rodata.bin"
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata", str(library), str(rodata)], check=True)
    start = address - _rodata_address(library)
    return symbol, rodata.read_bytes()[start : start + size]


def _soname(library: Path) -> str:
    dynamic = subprocess.run(["readelf", "-d", str(library)], check=True, capture_output=True, text=True).stdout
    match = re.search(r"Library soname: \[([^\]]+)\]", dynamic)
    return match.group(1) if match else library.name


def slim(library: Path, output: Path) -> tuple[int, int]:
    """Write the slimmed data library to `output`; returns (old, new) data sizes in bytes."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        symbol, data = _data(library, work)
        # icupkg names a package's items after its file name: icudt73l.dat for icudt73_dat
        full = work / (symbol.removesuffix("_dat") + "l.dat")
        full.write_bytes(data)
        items = subprocess.run(["icupkg", "-l", str(full)], check=True, capture_output=True, text=True).stdout.split()
        removed = [item for item in items if not kept(item)]
        (work / "removed.txt").write_text("\n".join(removed) + "\n")
        slimmed = work / "slim" / full.name
        slimmed.parent.mkdir()
        subprocess.run(["icupkg", "-r", str(work / "removed.txt"), str(full), str(slimmed)], check=True)
        assembly = work / "data.S"
        assembly.write_text(
            f".section .rodata\n.globl {symbol}\n.type {symbol}, @object\n.balign 16\n{symbol}:\n"
            f'.incbin "{slimmed}"\n.size {symbol}, . - {symbol}\n.section .note.GNU-stack,"",@progbits\n'
        )
        built = work / "lib.so"
        subprocess.run(
            ["gcc", "-shared", "-nostdlib", f"-Wl,-soname,{_soname(library)}", "-o", str(built), str(assembly)],
            check=True,
        )
        output.write_bytes(built.read_bytes())
        output.chmod(0o755)
        return len(data), slimmed.stat().st_size


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    library = Path(argv[0])
    old, new = slim(library, Path(argv[1]) if len(argv) == 2 else library)
    print(f"ICU data: {old / 1e6:.1f} MB -> {new / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
