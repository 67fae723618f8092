"""`python -m app` is the same as `hearth`."""

import sys

from engine.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
