"""``python -m horserace_nb.lite build --output DIR``: write the classroom site to DIR.

Preview it with ``python -m http.server -d DIR 8000 --bind 127.0.0.1`` and open
http://127.0.0.1:8000/lab/index.html?path=index.ipynb; publish it by copying DIR to any static
web host, an intranet share or a USB stick.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .build import CACHE_ENV, SITE_MARKER, LiteBuildError, build_site, default_cache_dir


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="python -m horserace_nb.lite",
        description="The Horse Race tutorials as a JupyterLite site: JupyterLab and Python "
                    "in the browser, from static files, with nothing to install.")
    commands = main.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "build", help="write the static site to a folder",
        description="Write the static site: the notebooks of notebooks/ (no learner's results, "
                    "nothing outside it; only the project's own lessons trusted), the widgets, "
                    "the project's own wheel built from the checkout, a Python kernel that needs "
                    "no network. Downloads (the Pyodide core from npm, wheels from PyPI) are "
                    "cached.")
    build.add_argument("--output", "-o", type=Path, required=True, metavar="DIR",
                       help="the folder to write: new, empty, or a site this builder wrote (it "
                            f"holds {SITE_MARKER}); the new site replaces it only once "
                            "complete, keeping the files you added there")
    build.add_argument("--source", type=Path, metavar="DIR",
                       help="the project checkout to build the wheel from (default: the "
                            "checkout this package runs from)")
    build.add_argument("--notebooks", type=Path, metavar="DIR",
                       help="the notebooks to ship (default: SOURCE/notebooks)")
    build.add_argument("--cache-dir", type=Path, metavar="DIR",
                       help=f"where downloads are kept (default: ${CACHE_ENV}, else "
                            f"{default_cache_dir()})")
    build.add_argument("--quiet", "-q", action="store_true", help="print only the summary")
    return main


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)

    def log(message: str) -> None:
        if not args.quiet:
            print(f"[horserace_nb.lite] {message}", file=sys.stderr, flush=True)

    try:
        report = build_site(args.output, source=args.source, notebooks=args.notebooks,
                            cache_dir=args.cache_dir, log=log)
    except (LiteBuildError, OSError) as err:  # OSError: the disk full, a file unreadable, …
        print(f"error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted (an earlier site is left as it was)", file=sys.stderr)
        return 130
    print(report.summary())
    print(f"preview: python -m http.server -d {report.output} 8000 --bind 127.0.0.1  →  "
          "http://127.0.0.1:8000/lab/index.html?path=index.ipynb")
    return 0


if __name__ == "__main__":
    sys.exit(main())
