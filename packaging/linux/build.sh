#!/usr/bin/env bash
# Build Hearth's Linux bundle from this repository:
#   build/linux/dist/hearth/                       the app folder (PyInstaller, one folder)
#   build/linux/hearth-<version>-linux-x86_64.tar.gz
#   build/linux/hearth_<version>_amd64.deb         /opt/hearth, /usr/bin/hearth, menu entry, icons
#
# Run it in the Python environment Hearth is installed in (`pip install -e .` and pyinstaller).
# The llama_cpp bundled is that environment's, unless HEARTH_LLAMA_SITE names a folder holding a
# portable llama-cpp-python (built with every CPU variant, so that one bundle runs on any x86-64
# processor with the best kernels each allows):
#   CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON -DCMAKE_INSTALL_BINDIR=llama_cpp/lib" \
#     pip wheel --no-deps --no-cache-dir -w build/llama-wheel llama-cpp-python==0.3.36
#   pip install --no-deps --target build/llama-site build/llama-wheel/llama_cpp_python-*.whl
#   HEARTH_LLAMA_SITE=build/llama-site packaging/linux/build.sh
# Needs dpkg-deb, gcc, icupkg (icu-devtools) and pigz (for the smallest tar.gz); checks the results with desktop-file-validate and appstreamcli when installed.
set -euo pipefail

# Qt's xcb helper libraries must be on the build machine for PyInstaller to bundle them (the
# tar.gz runs where they are missing).
known="$(ldconfig -p)"
for lib in libxcb-icccm.so.4 libxcb-keysyms.so.1 libxcb-cursor.so.0 libxcb-image.so.0 libxcb-render-util.so.0; do
    if [[ "$known" != *"$lib"* ]]; then
        echo "missing $lib: apt-get install libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxcb-image0 libxcb-render-util0" >&2
        exit 1
    fi
done

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/build/linux"
app_id="io.github.hearth.Hearth"
version="$(python -c 'from importlib.metadata import version; print(version("hearth"))')"
began=$(date +%s)

echo "== bundle (PyInstaller)"
if [ -n "${HEARTH_LLAMA_SITE:-}" ]; then
    HEARTH_LLAMA_SITE="$(cd "$HEARTH_LLAMA_SITE" && pwd)"
    export PYTHONPATH="$HEARTH_LLAMA_SITE${PYTHONPATH:+:$PYTHONPATH}"
    echo "llama_cpp from $HEARTH_LLAMA_SITE: $(ls "$HEARTH_LLAMA_SITE"/llama_cpp/lib | grep -c 'libggml-cpu-') CPU variants"
    # the portable build itself: each variant loads, the best is chosen, one set aside gives the next
    HEARTH_VARIANT_SITE="$HEARTH_LLAMA_SITE" python -m pytest -q -p no:cacheprovider "$root/tests/packaging/test_portable_llama.py"
fi
# The Python modules go into the app uncompressed: the tar.gz and the .deb then compress them
# together, across modules, which saves 1.3 MB of the tar.gz and 4 MB of the .deb.
PYINSTALLER_ZLIB_COMPRESSION_LEVEL=0 python -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$out/dist" --workpath "$out/work" "$here/hearth.spec"
bundle="$out/dist/hearth"
# The build machine's Python keeps its debug symbols (17 MB in libpython alone): strip those
# files only, since stripping libraries that auditwheel patched breaks them.
find "$bundle/_internal" -maxdepth 1 -name 'libpython3*.so*' -type f -exec strip --strip-unneeded {} +
find "$bundle/_internal/python3"*/lib-dynload -name '*.so' -type f -exec strip --strip-unneeded {} +
# and these, which their wheels ship with symbols and nobody patched (checked: they load and work
# stripped, tests/packaging/test_slim_icu.py for ICU): 0.6 MB of the tar.gz
strip --strip-unneeded "$bundle"/_internal/PySide6/Qt/lib/libicu{uc,i18n}.so.* "$bundle/_internal/pypdfium2_raw/libpdfium.so"
# Qt's ICU data down to what Qt asks of it for Hearth's languages (32 MB to 5 MB; slim_icu.py).
python "$here/slim_icu.py" "$bundle"/_internal/PySide6/Qt/lib/libicudata.so.*
# A library kept under two names (a wheel holds copies, not links) becomes one file and a link:
# smaller, and the loader then maps it once whichever name it is opened by.
for copy in "$bundle"/_internal/llama_cpp/lib/*.so; do
    if [ -f "$copy.0" ] && [ ! -L "$copy" ] && cmp -s "$copy" "$copy.0"; then
        ln -sf "$(basename "$copy").0" "$copy"
    fi
done
# llama.cpp's RPC backend as a module (250 KB, the same sources), so that the model can be split across
# machines running rpc-server (Engines > Split across machines): the wheel is built without it, and the
# engine loads it with the GPU modules (engine/runtime/cpu_variants.py, _load_others).
lib="$bundle/_internal/llama_cpp/lib"
if [ ! -e "$lib/libggml-rpc.so" ]; then
    rpc_build="$out/rpc-module"
    python "$root/bench/llama_tools.py" build --rpc --no-libllama --targets ggml-rpc --build-dir "$rpc_build" \
        -- -DGGML_BACKEND_DL=ON -DGGML_CPU=OFF -DGGML_NATIVE=OFF >/dev/null
    install -m 644 "$rpc_build/bin/libggml-rpc.so" "$lib/libggml-rpc.so"
    strip --strip-unneeded "$lib/libggml-rpc.so"
fi
if find "$bundle" -name 'libcuda*' | grep -q .; then
    echo "the bundle must not hold libcuda (the driver is the system's)" >&2
    exit 1
fi

glibc=$(find "$bundle" -name '*.so*' -type f -exec objdump -T {} + 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
glibc="${glibc#GLIBC_}"

echo "== tar.gz"
tarball="$out/hearth-$version-linux-x86_64.tar.gz"
# zopfli for what compresses, gzip -9 for the model (make_tarball.py): plain gzip, 3 % smaller
python "$here/make_tarball.py" "$bundle" "$tarball"

echo "== .deb"
stage="$out/deb"
rm -rf "$stage"
mkdir -p "$stage/opt" "$stage/usr/bin" "$stage/usr/share/applications" "$stage/usr/share/metainfo" \
    "$stage/usr/share/icons/hicolor" "$stage/DEBIAN"
cp -a "$bundle" "$stage/opt/hearth"
ln -s /opt/hearth/hearth "$stage/usr/bin/hearth"
cp "$here/$app_id.desktop" "$stage/usr/share/applications/"
cp "$here/$app_id.metainfo.xml" "$stage/usr/share/metainfo/"
python "$here/render_icons.py" "$stage/usr/share/icons/hicolor"
installed_kb=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$installed_kb/" -e "s/@GLIBC@/$glibc/" "$here/control.in" \
    > "$stage/DEBIAN/control"
deb="$out/hearth_${version}_amd64.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null

echo "== checks"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$here/$app_id.desktop"; fi
if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net "$here/$app_id.metainfo.xml"; fi
echo "highest glibc symbol needed: GLIBC_$glibc"
mb() { python -c 'import os, sys; print(f"{os.path.getsize(sys.argv[1]) / 1e6:.1f}")' "$1"; }
echo "folder $(du -sm "$bundle" | cut -f1) MiB (budget 400) · tar.gz $(mb "$tarball") MB · .deb $(mb "$deb") MB (budget 160 each)"
echo "built in $(( $(date +%s) - began )) s: $tarball, $deb"
over=$(python - "$bundle" "$tarball" "$deb" <<'EOF_SIZES'
import os, sys
folder = sum(os.lstat(os.path.join(d, f)).st_size for d, _, files in os.walk(sys.argv[1]) for f in files)
budgets = [("the folder", folder, 400e6), ("the tar.gz", os.path.getsize(sys.argv[2]), 160e6),
           ("the .deb", os.path.getsize(sys.argv[3]), 160e6)]
print("; ".join(f"{name} is {size / 1e6:.1f} MB, over its {limit / 1e6:.0f} MB" for name, size, limit in budgets if size > limit))
EOF_SIZES
)
if [ -n "$over" ]; then echo "over budget: $over" >&2; exit 1; fi
