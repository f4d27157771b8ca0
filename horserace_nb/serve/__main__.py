"""``python -m horserace_nb.serve``: see :mod:`horserace_nb.serve.command`."""

from __future__ import annotations

import sys

from .command import main

if __name__ == "__main__":
    sys.exit(main())
