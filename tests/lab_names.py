"""JupyterLab's own names that the lessons quote and the browser tests use, as JupyterLab shows
them in each language of the site: from its language packs (``jupyterlab-language-pack-ko-KR``,
``-ja-JP``; the ``[lab]``, ``[lite]`` and ``[test]`` extras install them)."""

from __future__ import annotations

import importlib.util
import json
import re
from functools import cache
from pathlib import Path

from horserace_nb.lite.pages import LAB_LOCALES
from horserace_nb.words.i18n import LANGS

LAB_NAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "Run → Run All Cells": (("menu", "Run"), ("", "Run All Cells")),
    "Run All Cells": (("", "Run All Cells"),),
    "Help → Clear Browser Data": (("menu", "Help"), ("", "Clear Browser Data")),
    "Clear Browser Data": (("", "Clear Browser Data"),),
    "Delete": (("", "Delete"),),
    "Download": (("", "Download"),),
    "Copy Shareable Link": (("", "Copy Shareable Link"),),
    "Python (Pyodide) | Idle": (("=", "Python (Pyodide)"), ("|", "Idle")),
}
"""JupyterLab's names the lessons quote, in English, step by step: a main menu's title (its
message context ``menu``), a command's label, the status bar's kernel name (``=``, not
translated) and its status (after `` | ``)."""


@cache
def _language_pack(lang: str) -> dict[str, list[str]]:
    """JupyterLab's messages in *lang* from its language pack (the ``[lab]`` and ``[lite]``
    extras install them); ``{}`` for English."""
    if lang not in LAB_LOCALES:
        return {}
    locale = LAB_LOCALES[lang]
    spec = importlib.util.find_spec(f"jupyterlab_language_pack_{locale}")
    pack = f"jupyterlab-language-pack-{locale.replace('_', '-')}"
    assert spec is not None and spec.origin, f"{pack} is not installed: pip install -e '.[test]'"
    path = Path(spec.origin).parent / "locale" / locale / "LC_MESSAGES" / "jupyterlab.json"
    messages: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
    return messages


def lab_name(lang: str, english: str) -> str:
    """*english* (a key of :data:`LAB_NAMES`) as JupyterLab shows it in *lang*: each step
    translated as JupyterLab's gettext does (``context\\x04label``; a label the pack lacks
    stays English)."""
    pack = _language_pack(lang)
    shown = []
    for context, label in LAB_NAMES[english]:
        key = f"{context}\x04{label}" if context not in ("", "=", "|") else label
        text = label if context == "=" else (pack.get(key) or [label])[0] or label
        shown.append(("| " if context == "|" else "→ " if shown else "") + text)
    return " ".join(shown)


def lab_path(lang: str, english: str) -> list[str]:
    """The labels to click for *english* (``"Run → Run All Cells"``) in *lang*, in turn."""
    return lab_name(lang, english).split(" → ")


def lang_of(notebook: str) -> str:
    """The language a site page of *notebook* (``ko/04_turns.ipynb``) shows JupyterLab in."""
    first = notebook.split("/")[0]
    return first if first in LANGS else "en"


KERNEL_IDLE = re.compile("Pyodide.*\\|\\s*(?:" + "|".join(
    re.escape(lab_name(lang, "Python (Pyodide) | Idle").split("| ")[1]) for lang in LANGS)
    + ")")
"""The status bar's text once the site's kernel is idle, in any language of the site."""
