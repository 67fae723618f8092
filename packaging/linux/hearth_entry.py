"""The bundle's entry point: `hearth` and, started by multiprocessing with its hidden argument,
the engine child and the kernel probe (engine.cli.main.prepare_frozen)."""

import sys

from engine.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
