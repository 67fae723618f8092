"""`hearth models search|files` (registered by engine/cli/main.py). Top-level imports stay light."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.hub.search import ModelFile, RepoFiles
    from engine.models.fit import FitEstimate


def add_parsers(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register this module's subcommands; each sets `func` to a callable(args) -> exit code."""
    search = actions.add_parser("search", help="find GGUF models on the Hugging Face Hub, most downloaded first")
    search.add_argument("query", metavar="QUERY", help="words in the model's name, e.g. 'qwen instruct'")
    search.add_argument("--limit", type=int, default=30, help="most results to show (default: 30)")
    search.add_argument("--token", help="Hugging Face access token (default: HF_TOKEN or your saved login)")
    search.add_argument("--json", action="store_true", help="print one JSON list")
    search.set_defaults(func=search_command)
    files = actions.add_parser("files", help="a Hub model's GGUF files by quantization, with a fit estimate")
    files.add_argument("repo", metavar="REPO", help="owner/name, e.g. bartowski/Llama-3.2-1B-Instruct-GGUF")
    files.add_argument("--ctx", type=int, default=4096, help="context length for the fit estimate (default: 4096)")
    files.add_argument("--revision", default="main", help="branch, tag or commit (default: main)")
    files.add_argument("--token", help="Hugging Face access token (default: HF_TOKEN or your saved login)")
    files.add_argument("--json", action="store_true", help="print one JSON object")
    files.set_defaults(func=files_command)


def search_command(args: argparse.Namespace) -> int:
    import json

    from engine.hub.search import search_models

    print(f"Searching the Hugging Face Hub for “{args.query}”…", file=sys.stderr)
    repos = search_models(args.query, limit=args.limit, token=args.token)
    if args.json:
        print(json.dumps([r.to_json() for r in repos], indent=2))
        return 0
    if not repos:
        print(f"No GGUF models match “{args.query}”.", file=sys.stderr)
        return 0
    width = max(len(r.repo_id) for r in repos)
    print(f"{'MODEL':<{width}}  {'DOWNLOADS':>10}  {'LIKES':>6}  UPDATED")
    for r in repos:
        updated = r.last_modified.date().isoformat() if r.last_modified else "-"
        gated = "  (gated: needs an access token)" if r.gated else ""
        print(f"{r.repo_id:<{width}}  {r.downloads:>10,}  {r.likes:>6,}  {updated}{gated}")
    return 0


def files_command(args: argparse.Namespace) -> int:
    import json

    from engine.hub.errors import HubError
    from engine.hub.quant import EXPLANATION
    from engine.hub.search import list_model_files
    from engine.models.fit import system_memory

    if args.ctx < 1:
        raise HubError("hub.context_too_small")
    print(f"Listing {args.repo} on the Hugging Face Hub…", file=sys.stderr)
    repo = list_model_files(args.repo, revision=args.revision, token=args.token)
    free_ram, free_vram = system_memory()
    fits, note = _fit_each(repo, args.ctx, args.token, free_ram, free_vram)
    if note:
        print(f"Note: {note}", file=sys.stderr)
    if args.json:
        out = repo.to_json()
        for group in out["groups"]:
            for item in group["files"]:
                fit = fits.get(item["name"])
                item["fit"] = fit.to_json() if fit else None
        out |= {"n_ctx": args.ctx, "explanation": EXPLANATION, "fit_note": note}
        print(json.dumps(out, indent=2))
        return 0
    _print_files(repo, fits, args.ctx, EXPLANATION)
    return 0


def _fit_each(
    repo: RepoFiles, n_ctx: int, token: str | None, free_ram: int, free_vram: int | None
) -> tuple[dict[str, FitEstimate], str | None]:
    """A fit estimate per chat model (one header read each; a split model's first part); the first
    failure's sentence as a note (e.g. a gated repo's header needs a token: the list itself is public)."""
    from engine.hub.errors import HubError
    from engine.hub.remote_header import fetch_remote_shape
    from engine.models.fit import estimate_fit

    fits: dict[str, FitEstimate] = {}
    note: str | None = None
    for index, model in enumerate(repo.models, 1):
        print(f"Reading model headers: {index}/{len(repo.models)}", file=sys.stderr, end="\r", flush=True)
        try:
            shape = fetch_remote_shape(repo.repo_id, model.first_path, revision=repo.commit, token=token)
        except HubError as exc:
            note = f"no fit estimate: {exc}"
            if exc.kind in ("gated", "token", "offline", "unreachable", "forbidden"):
                break  # the same answer for every file
            continue
        fits[model.name] = estimate_fit(model.size, shape, n_ctx, free_ram=free_ram, free_vram=free_vram)
    if repo.models:
        print(file=sys.stderr)
    return fits, note


def _print_files(repo: RepoFiles, fits: dict[str, FitEstimate], n_ctx: int, explanation: str) -> None:
    gated = " (gated)" if repo.gated else ""
    print(f"{repo.repo_id}{gated} at {repo.commit[:12]}")
    print(explanation)
    print(f"Fit for a context of {n_ctx:,} tokens on this computer.")
    if not repo.models:
        print("This repo has no GGUF chat models.")
    for group in repo.groups:
        print()
        print(f"{group.quant or 'Other'}: {group.hint}")
        for model in group.files:
            print("  " + _model_line(model, fits.get(model.name)))
    if repo.projectors:
        print()
        print("Vision projectors (go with a model; not chat models themselves):")
        for model in repo.projectors:
            print("  " + _model_line(model, None))


def _model_line(model: ModelFile, fit: FitEstimate | None) -> str:
    from engine.models.gguf_info import human_size

    parts = f" ({len(model.parts)} parts)" if model.is_split else ""
    line = f"{model.name}{parts}  {human_size(model.size)}"
    if fit is not None:
        line += f"  {fit.describe()}"
    return line
