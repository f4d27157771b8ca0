"""A widget's text with rule links: Python's HTML shown by a small anywidget whose front end
draws it in its own element and opens a rule link clicked in it where the rules page is.

The front end is two ES modules joined by Python when the class is made (no build step):
``rule_links.js`` (where the notebook is shown, and how a rule link opens there) and
``text.js`` (the view: the HTML, a click on a rule link handed to the first).

>>> text = RuleText(value="<b>R11</b>")
>>> text.value
'<b>R11</b>'
>>> "function routeRuleLink" in RuleText._esm and "export default" in RuleText._esm
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["RuleText", "join_modules"]

_HERE = Path(__file__).parent


def join_modules(*names: str) -> str:
    """The ES modules *names* (files beside this one) as one module's text, in that order: the
    ones before the last give it their functions, the last one its ``export default``."""
    return "\n".join((_HERE / name).read_text(encoding="utf-8") for name in names)


class RuleText(anywidget.AnyWidget):
    """HTML (escaped by the caller) whose rule links open the rules page at the rule in
    JupyterLab, Notebook 7, Voilà and the JupyterLite site (``rule_links.js``)."""

    # the text, not a Path: anywidget would watch a Path and keep every instance alive
    _esm = join_modules("rule_links.js", "text.js")
    value = traitlets.Unicode("").tag(sync=True)
    """The HTML shown."""

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        super().__init__(value=value, **kwargs)
