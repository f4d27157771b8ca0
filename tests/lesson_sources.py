"""The lessons' build script (``lessons/build.py``) and texts (``lessons/text/<lang>.py``) as the
tests read them: ``lessons/`` is a folder of scripts, not a package, so each is loaded from its
file, once."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def builder() -> ModuleType:
    """``lessons/build.py``, loaded once."""
    return _load("lessons_build", ROOT / "lessons" / "build.py")


def texts(lang: str) -> dict[str, str]:
    """The markdown of the lessons in *lang* by key, as written (``{number:…}`` unfilled)."""
    return dict(builder().text_module(lang).TEXT)


def filled_texts(lang: str) -> dict[str, str]:
    """The markdown of the lessons in *lang* by key, every lesson reference filled in, as the
    notebooks show it."""
    return dict(builder().filled_texts(lang))
