"""`python -m app` is the same as `hearth`."""

import sys

from app.cli import main

if __name__ == "__main__":
    sys.exit(main())
