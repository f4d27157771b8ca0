"""The rules core stays lint-clean, type-clean and free of Jupyter/rendering imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ["tiles", "layout", "game", "settlement", "record", "actions", "errors", "i18n",
        "describe"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_ruff_clean() -> None:
    result = _run("ruff", "check", "horserace_nb", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_package() -> None:
    """The core, the renderer and the widgets (settings in pyproject.toml: strict)."""
    result = _run("mypy", "--strict", "horserace_nb")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("name", CORE)
def test_core_imports_nothing_from_jupyter_or_rendering(name: str) -> None:
    """One-way dependencies: core ← render ← widgets ← notebooks."""
    code = (
        "import sys; import horserace_nb." + name + "; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'svgwrite', 'IPython', 'traitlets', 'jupyter_client') "
        "or m.startswith(('horserace_nb.render', 'horserace_nb.widgets'))]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"horserace_nb.{name} pulls in {result.stdout}"
