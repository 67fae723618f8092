#!/usr/bin/env bash
# The Linux packages' acceptance test, run by hand as root (too slow for every CI run):
#   1. build (packaging/linux/build.sh, unless SKIP_BUILD=1), sizes and metadata checked there;
#   2. a clean Debian root (debootstrap --variant=minbase, no Python in it: checked), the .deb
#      installed with apt;
#   3. `hearth run --max-tokens 8 "hi"` answers and `hearth doctor` reports the kernels; split
#      across an rpc-server on loopback (`hearth run --rpc`), its layers go there; the tar.gz,
#      unpacked by the root's own tar, answers too;
#   4. under Xvfb, `hearth` opens a window (xdotool finds it) that closes cleanly, and a screenshot
#      in English and one in zh-TW are taken and checked not to be blank (look at the zh-TW one:
#      its Chinese must be glyphs, not boxes);
#   5. prints first-window and first-answer times.
# Needs debootstrap and network access to a Debian mirror. Leaves the root in $ROOT_DIR.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root_repo="$(cd "$here/../.." && pwd)"
out="$root_repo/build/linux"
ROOT_DIR="${ROOT_DIR:-$out/clean-root}"
SUITE="${SUITE:-bookworm}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

if [ "${SKIP_BUILD:-0}" != 1 ]; then "$here/build.sh"; fi
deb=$(ls -t "$out"/hearth_*_amd64.deb | head -1)

echo "== clean root ($SUITE, minbase)"
if [ ! -x "$ROOT_DIR/usr/bin/apt-get" ]; then
    rm -rf "$ROOT_DIR"
    debootstrap --variant=minbase "$SUITE" "$ROOT_DIR" "$MIRROR" >/dev/null
fi
if chroot "$ROOT_DIR" sh -c 'command -v python3 || command -v python' >/dev/null; then
    echo "the clean root has a Python: the test would not show that the bundle needs none" >&2
    exit 1
fi
mount_all() {
    mount -t proc proc "$ROOT_DIR/proc" 2>/dev/null || true
    mount --bind /dev "$ROOT_DIR/dev" 2>/dev/null || true
}
umount_all() { umount "$ROOT_DIR/proc" "$ROOT_DIR/dev" 2>/dev/null || true; }
trap umount_all EXIT
mount_all
cp /etc/resolv.conf "$ROOT_DIR/etc/resolv.conf"
cp "$deb" "$ROOT_DIR/tmp/hearth.deb"
in_root() { chroot "$ROOT_DIR" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }

echo "== apt install the .deb"
in_root apt-get update -qq
in_root apt-get install -y -qq /tmp/hearth.deb >/dev/null
# The test's own tools (not Hearth's dependencies): a virtual display and a window finder.
in_root apt-get install -y -qq xvfb xauth xdotool x11-apps >/dev/null
if in_root sh -c 'command -v python3' >/dev/null; then
    echo "installing Hearth or the test tools brought a Python in" >&2
    exit 1
fi

echo "== hearth run and hearth doctor"
rm -rf "$ROOT_DIR/root/.local/share/Hearth" "$ROOT_DIR/root/.cache/Hearth" "$ROOT_DIR/root/.local/state/Hearth"
began=$(date +%s.%N)
in_root hearth run --max-tokens 8 "hi"
echo "first answer (a new process, first start: kernel probe included): $(awk "BEGIN { print $(date +%s.%N) - $began }") s"
in_root hearth doctor | grep -E "CPU variant|Kernels|Build uses|Starter model"

echo "== split across a machine running rpc-server (one on this host's loopback, which the root shares)"
rpc_server=$(cd "$root_repo" && python3 -c "from tests.fixtures.rpc_tools import rpc_tools; print(rpc_tools().server)")
rpc_port=$(python3 -c "from tests.fixtures.rpc_tools import free_port; print(free_port())")
"$rpc_server" -H 127.0.0.1 -p "$rpc_port" -t 1 >/dev/null 2>&1 & rpc_pid=$!
sleep 1
split=$(in_root hearth run --rpc "127.0.0.1:$rpc_port" --max-tokens 8 --json "hi" | tail -1)
kill "$rpc_pid"
if [[ "$split" != *'"device": "RPC0"'* ]]; then
    echo "the bundle did not put the model on the rpc-server: $split" >&2
    exit 1
fi
echo "layers: $(echo "$split" | grep -o '"layers": \[.*\]')"

echo "== the tar.gz, unpacked by the clean root's own tar, answers too"
tarball=$(ls -t "$out"/hearth-*-linux-x86_64.tar.gz | head -1)
rm -rf "$ROOT_DIR/tmp/from-tar" "$ROOT_DIR/tmp/hearth.tar.gz"
mkdir -p "$ROOT_DIR/tmp/from-tar"
cp "$tarball" "$ROOT_DIR/tmp/hearth.tar.gz"
in_root tar -C /tmp/from-tar -xzf /tmp/hearth.tar.gz
in_root /tmp/from-tar/hearth/hearth run --max-tokens 8 "hi"
rm -rf "$ROOT_DIR/tmp/from-tar" "$ROOT_DIR/tmp/hearth.tar.gz"

echo "== the window under Xvfb"
in_root sh -c '
    Xvfb :77 -screen 0 1400x900x24 >/dev/null 2>&1 & xvfb=$!
    export DISPLAY=:77
    sleep 1
    began=$(date +%s.%N)
    hearth >/tmp/hearth-window.log 2>&1 & app=$!
    window=$(timeout 120 xdotool search --sync --onlyvisible --name "^Hearth" | head -1)
    echo "first window: $(awk "BEGIN { print $(date +%s.%N) - $began }") s"
    xwd -root -silent > /tmp/window.xwd
    sleep 2
    xdotool windowfocus --sync "$window" key ctrl+q  # Hearth closes on Ctrl+Q, as desktop apps do
    if timeout 60 sh -c "while kill -0 $app 2>/dev/null; do sleep 0.2; done"; then
        wait $app; code=$?
    else
        kill $app; code=timeout
    fi
    echo "window closed, exit code $code"
    sleep 5  # the engine child finishes its last write to the prefix cache, then exits
    # [/]: the pattern must not match this grep itself
    if grep -ls "[/]opt/hearth/hearth" /proc/[0-9]*/cmdline; then echo "a process of Hearth outlived the window" >&2; exit 1; fi
    for lang in en zh_TW; do
        hearth --language $lang --screenshot /tmp/hearth-$lang.png --prompt "hi" >/dev/null 2>&1
    done
    kill $xvfb 2>/dev/null || true  # it may have gone with its last client
'
for lang in en zh_TW; do
    png="$ROOT_DIR/tmp/hearth-$lang.png"
    colours=$(python3 -c "
from PySide6.QtGui import QImage
image = QImage('$png')
print(len({image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}))
")
    if [ "$colours" -lt 20 ]; then echo "the $lang screenshot is blank ($colours colours)" >&2; exit 1; fi
    cp "$png" "$out/acceptance-$lang.png"
    echo "screenshot $lang: $colours colours, $out/acceptance-$lang.png (look at it: glyphs, not boxes)"
done
echo "acceptance passed"
