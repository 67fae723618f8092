"""The `hearth` command: the window by default, `hearth run` for a headless answer.

Top-level imports stay light: the engine child re-imports the parent's main
module under multiprocessing's spawn, and must not pull in Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _add_model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", help="path to a GGUF model file (default: the starter model)")
    parser.add_argument("--threads", type=int, help="CPU threads for the engine (default: physical cores)")
    parser.add_argument("--ctx", type=int, default=4096, help="context length in tokens (default: 4096)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearth", description="Chat with language models on your own computer.")
    _add_model_options(parser)
    parser.add_argument("--screenshot", metavar="PATH", help="send --prompt, wait for the answer, save a PNG, exit")
    parser.add_argument("--prompt", help="text to send at start (with --screenshot)")
    parser.add_argument("--language", help="interface language, e.g. en, zh_TW, zh_CN (default: the system's)")
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="stream one answer to stdout, without a window")
    _add_model_options(run)
    run.add_argument("--system", help="system prompt")
    run.add_argument("--max-tokens", type=int, default=512)
    run.add_argument("--temperature", type=float, default=0.7)
    run.add_argument("--seed", type=int, help="fixed seed for reproducible sampling")
    run.add_argument("--json", action="store_true", help="end with one line of JSON metrics")
    run.add_argument("prompt", help="the message to send")
    return parser


def _run_headless(args: argparse.Namespace) -> int:
    from engine.headless import RunError, RunRequest, run

    request = RunRequest(
        prompt=args.prompt,
        model=args.model,
        system=args.system,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        seed=args.seed,
        threads=args.threads,
        ctx=args.ctx,
        as_json=args.json,
    )
    try:
        return run(request)
    except RunError as exc:
        print(f"hearth: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "run":
        return _run_headless(args)
    from app.launcher import launch

    return launch(args)


def main_gui() -> int:
    return main()
