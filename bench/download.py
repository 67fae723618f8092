"""Download throughput: our download_file (hashing + final verify included) against curl, same file, same server.

Serves one file of random bytes from the fake Hub (tests/hub/fake_hub.py, sendfile when unthrottled) on
127.0.0.1, in a process of its own, then alternates `curl -s -o FILE URL` and download_file, RUNS times
each, and prints MB/s and
the ratio of the medians. Each run writes a fresh file (the previous one is deleted first).
We fsync the file before moving it into the library and curl does not, so a third column times
curl followed by an fsync of its file: the like-for-like figure when the disk is slower than the network.

    python bench/download.py [--size-mib 400] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


SERVE = """
import sys, time
from pathlib import Path
from tests.hub.fake_hub import FakeHub
hub = FakeHub(Path(sys.argv[1])).start()
hub.add_repo("bench/model", {"bench.gguf": Path(sys.argv[2])})
print(hub.url, flush=True)
while True:
    time.sleep(3600)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mib", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="hearth-bench-download-") as tmp:
        root = Path(tmp)
        os.environ["HEARTH_HOME"] = str(root / "home")
        source = root / "src" / "bench.gguf"
        source.parent.mkdir()
        with source.open("wb") as f:
            for _ in range(args.size_mib):
                f.write(os.urandom(1 << 20))
        size = source.stat().st_size

        # The server runs in its own process, as a real server would: in this process its thread
        # would share the interpreter lock with our download (curl, a separate process, never does).
        server = subprocess.Popen(
            [sys.executable, "-c", SERVE, str(root / "hub"), str(source)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[1],
        )
        try:
            assert server.stdout is not None
            hub_url = server.stdout.readline().strip()
            os.environ["HF_ENDPOINT"] = hub_url
            from engine.hub.hf_setup import prepare_huggingface_hub

            prepare_huggingface_hub()  # as every Hub entry point of Hearth's does
            from huggingface_hub import constants

            constants.ENDPOINT = hub_url
            constants.HUGGINGFACE_CO_URL_TEMPLATE = hub_url + "/{repo_id}/resolve/{revision}/{filename}"
            from engine.hub.download import download_file

            url = f"{hub_url}/bench/model/resolve/main/bench.gguf"
            curl_out = root / "curl.out"
            ours_out = root / "ours" / "bench.gguf"

            def curl(durable: bool = False) -> float:
                curl_out.unlink(missing_ok=True)
                start = time.perf_counter()
                subprocess.run(["curl", "-s", "-o", str(curl_out), url], check=True)
                if durable:  # what we do before the move into the library: the bytes reach the disk
                    fd = os.open(curl_out, os.O_RDONLY)
                    os.fsync(fd)
                    os.close(fd)
                return time.perf_counter() - start

            def ours() -> float:
                ours_out.unlink(missing_ok=True)
                ours_out.with_name(ours_out.name + ".source.json").unlink(missing_ok=True)
                start = time.perf_counter()
                download_file("bench/model", "bench.gguf", dest=ours_out, keep_free_bytes=0)
                return time.perf_counter() - start

            curl()  # warm the page cache and the server
            ours()  # and our imports (huggingface_hub, httpx2): paid once per app, not per download
            times: dict[str, list[float]] = {"curl": [], "curl+fsync": [], "ours": []}
            for _ in range(args.runs):
                times["curl"].append(curl())
                times["ours"].append(ours())
                times["curl+fsync"].append(curl(durable=True))
            assert curl_out.stat().st_size == ours_out.stat().st_size == size
        finally:
            server.terminate()
            server.wait(10)

    def rate(seconds: float) -> float:
        return size / seconds / 1e6

    for name, values in times.items():
        runs = ", ".join(f"{rate(t):.0f}" for t in values)
        print(f"{name:>10}: median {rate(statistics.median(values)):.0f} MB/s  (runs: {runs})")
    ours_median = statistics.median(times["ours"])
    for name in ("curl", "curl+fsync"):
        ratio = statistics.median(times[name]) / ours_median
        print(f"ours / {name} = {ratio:.2f}  ({size / 1e6:.0f} MB file, target >= 0.90)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
