"""`hearth doctor [--json]`: what Hearth found on this computer, for a user or a bug report."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.kernels.report_text import format_report
from engine.kernels.system_report import gather


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    doctor = sub.add_parser("doctor", help="what Hearth found on this computer: processor, kernels, GPUs, folders")
    doctor.add_argument("--json", action="store_true", help="print one JSON object")


def run_doctor(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    report = gather()
    if args.json:
        out.write(json.dumps(report.as_json(), indent=2) + "\n")
    else:
        out.write(format_report(report))
    return 0 if report.engine.loaded else 1
