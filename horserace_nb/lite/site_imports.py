"""The classroom site's ``sitecustomize`` (the builder adds this file to the site's standard
library as ``sitecustomize.py``; Python's :mod:`site` imports it when the kernel starts).

Pyodide puts the current folder (``""``) first on ``sys.path``, and the JupyterLite kernel makes
the notebook's folder in the browser's storage (``/drive``) the current folder before it imports
IPython. Each top-level import then looks at that folder first, and each look is a request from
the kernel's worker to the page, through the service worker (about 25 ms: close to a hundred of
them while the kernel starts, 2.5 s). :class:`FolderLast` looks in Python's own folders first:
the standard library and the installed packages are found without asking the page, and a module
found nowhere else (a learner's ``helpers.py`` beside the notebook) is still found in the
notebook's folder, by the import system's own path finder after it. The one difference a learner
can see: a file named like a standard module (``random.py``) no longer hides that module.

>>> FolderLast.find_spec("json", None) is not None  # found outside the current folder
True
>>> FolderLast.find_spec("decoder", ["/a/package"]) is None  # a submodule: not its business
True
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

CURRENT_FOLDER = ("", ".")
"""The ``sys.path`` entries that mean the current folder."""


class FolderLast:
    """A meta path finder: a top-level module from every ``sys.path`` entry but the current
    folder, or nothing (the path finder after it then looks everywhere, in order)."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is not None:
            return None
        folders = [entry for entry in sys.path if entry not in CURRENT_FOLDER]
        return importlib.machinery.PathFinder.find_spec(name, folders, target)


def install() -> None:
    """Put :class:`FolderLast` just before the path finder on ``sys.meta_path`` (once)."""
    if FolderLast not in sys.meta_path:
        sys.meta_path.insert(sys.meta_path.index(importlib.machinery.PathFinder), FolderLast)


if __name__ == "sitecustomize":
    install()
