"""Write the bundle folder as a .tar.gz that any tar reads, as small as gzip can make it, quickly.

zopfli (`pigz -11`) makes gzip 3 % smaller than `gzip -9`, which is what keeps the tar.gz inside its
160 MB budget, but it crawls through data that does not compress: the starter model, a third of the
archive, took it over ten minutes on two cores. So the archive is written with the model files
last, and compressed as two gzip members, one after the other: everything before the models with
zopfli (one iteration takes most of its gain), the models with `gzip -9`. A gzip file may hold
several members; gzip, tar, Python and libarchive read them as one stream (RFC 1952, 2.2).

Usage: make_tarball.py FOLDER OUTPUT.tar.gz   (the archive holds FOLDER's name as its top folder)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import BinaryIO

_INCOMPRESSIBLE = (".gguf",)  # quantized weights: gzip gains about 6 % on them, zopfli no more


def _members(folder: Path) -> list[Path]:
    """Every path under `folder` (itself first), compressible ones before the rest, each group sorted."""
    paths = [folder, *sorted(folder.rglob("*"))]
    return sorted(paths, key=lambda path: path.name.endswith(_INCOMPRESSIBLE))


def _root_owned(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    return info


def _gzip(command: list[str], source: Path, start: int, end: int, output: BinaryIO) -> None:
    with source.open("rb") as data:
        data.seek(start)
        squeezer = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=output)
        assert squeezer.stdin is not None
        left = end - start
        while left > 0:
            chunk = data.read(min(left, 1 << 20))
            squeezer.stdin.write(chunk)
            left -= len(chunk)
        squeezer.stdin.close()
        if squeezer.wait() != 0:
            raise SystemExit(f"{command[0]} failed with exit code {squeezer.returncode}")


def make_tarball(folder: Path, output: Path) -> None:
    zopfli = ["pigz", "-11", "-I", "1", "-c"] if shutil.which("pigz") else ["gzip", "-9", "-c"]
    with tempfile.TemporaryDirectory(dir=output.parent) as scratch:
        plain = Path(scratch) / "bundle.tar"
        split = 0
        with tarfile.open(plain, "w", format=tarfile.GNU_FORMAT) as archive:
            for path in _members(folder):
                if not split and path.name.endswith(_INCOMPRESSIBLE):
                    split = archive.offset  # where the first model's header starts
                arcname = str(Path(folder.name) / path.relative_to(folder))
                archive.add(path, arcname=arcname, recursive=False, filter=_root_owned)
        end = plain.stat().st_size
        split = split or end
        with output.open("wb") as out:
            _gzip(zopfli, plain, 0, split, out)
            out.flush()
            if split < end:
                _gzip(["gzip", "-9", "-c"], plain, split, end, out)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    make_tarball(Path(argv[0]).resolve(), Path(argv[1]).resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
