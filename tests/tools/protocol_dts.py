"""Write ``horserace_nb/widgets/protocol.d.ts``: the front end's types, generated from Python.

The message protocol (:mod:`horserace_nb.sessions.protocol`: its ``Literal`` aliases and
``TypedDict`` classes) and the synced traits of the anywidgets whose ES modules are checked
(:class:`~horserace_nb.widgets.board.Board`, :class:`~horserace_nb.widgets.text.RuleText`,
:class:`~horserace_nb.widgets.common.LangSwitch`) become TypeScript declarations, which the
modules' JSDoc imports (``// @ts-check``) and ``tsc --noEmit`` checks (``.ci/run``'s lint
stage, ``.ci/tsconfig.json``). ``tests/test_frontend_types.py`` fails when the committed file
is not what this writes.

Usage (from the repository root)::

    .venv/bin/python tests/tools/protocol_dts.py          # write the file
    .venv/bin/python tests/tools/protocol_dts.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import traitlets

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "horserace_nb" / "widgets" / "protocol.d.ts"

# the aliases and classes of the protocol, in the order written
ALIASES = ["SideName", "Kind", "ReplayKey"]
CLASSES = ["Point", "TileMoves", "SelectMessage", "PlaceMessage", "PointMessage", "KeyMessage",
           "PointRef", "Spot", "Marks"]
# a synced Dict or List trait's element type: what Python puts in it (the protocol's names)
TRAIT_TYPES = {
    "moves": "Moves",
    "spots": "Spot[]",
    "picked": "PointRef[]",
    "marks": "Marks",
    "announcement": "{ n: number; text: string }",
    "options": "[string, string][]",
}
# anywidget's own traits, not the widget's (ipywidgets' layout, tabbable, tooltip …)
BASE = {"layout", "tabbable", "tooltip", "_dom_classes", "_esm", "_css", "_anywidget_id"}

HEADER = """\
// Generated from horserace_nb/sessions/protocol.py and the widgets' synced traits by
// tests/tools/protocol_dts.py: do not edit (a test checks it is up to date). The ES modules
// beside it import these types in their JSDoc (// @ts-check); tsc --noEmit checks them.

/** An anywidget model: the synced traits T, the messages M the front end sends. */
export interface Model<T, M = never> {
  get<K extends keyof T>(name: K): T[K];
  set<K extends keyof T>(name: K, value: T[K]): void;
  save_changes(): void;
  on(event: string, callback: () => void): void;
  send(content: M): void;
}

declare global {
  interface Window {
    /** The JupyterLab application, where the page exposes it (the JupyterLite site). */
    jupyterapp?: any;
  }
}
"""


def ts_type(hint: Any) -> str:
    """The TypeScript type of a Python type hint of the protocol."""
    origin = get_origin(hint)
    if hint is str:
        return "string"
    if hint is int or hint is float:
        return "number"
    if hint is bool:
        return "boolean"
    if hint is type(None):
        return "null"
    if origin is Literal:
        return " | ".join(f'"{value}"' for value in get_args(hint))
    if origin in (Union, types.UnionType):
        return " | ".join(ts_type(arg) for arg in get_args(hint))
    if origin is list:
        inner = ts_type(get_args(hint)[0])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if origin is dict:
        key, value = get_args(hint)
        return f"{{ [key: {ts_type(key)}]: {ts_type(value)} }}"
    if typing.is_typeddict(hint):
        return str(hint.__name__)
    name = getattr(hint, "__name__", None)
    if isinstance(name, str):
        return name
    raise ValueError(f"no TypeScript type for {hint!r}")


def _named(protocol: Any, hint: Any) -> str:
    """*hint* by its protocol name where it has one (SideName, not the Literal's values)."""
    for alias in ALIASES:
        if hint == getattr(protocol, alias):
            return alias
    if get_origin(hint) in (Union, types.UnionType):
        return " | ".join(_named(protocol, arg) for arg in get_args(hint))
    if get_origin(hint) is list:
        return f"{_named(protocol, get_args(hint)[0])}[]"
    return ts_type(hint)


def _nullable(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


def _trait_type(name: str, trait: traitlets.TraitType[Any, Any]) -> str:
    if name in TRAIT_TYPES:
        return TRAIT_TYPES[name]
    if isinstance(trait, traitlets.Bool):
        return "boolean"
    if isinstance(trait, (traitlets.Int, traitlets.Float)):
        return "number"
    if isinstance(trait, traitlets.Unicode):
        return "string"
    raise ValueError(f"synced trait {name!r} ({type(trait).__name__}): add it to TRAIT_TYPES")


def traits_interface(name: str, widget: type[Any]) -> str:
    """The synced traits of *widget* as the interface *name*."""
    synced = sorted((trait_name, trait) for trait_name, trait in
                    widget.class_traits(sync=True).items()
                    if trait_name not in BASE and not trait_name.startswith("_"))
    lines = [f"  {trait_name}: {_trait_type(trait_name, trait)};" for trait_name, trait in synced]
    return "\n".join([f"export interface {name} {{", *lines, "}"])


def generate() -> str:
    """The text of ``protocol.d.ts``."""
    from horserace_nb.sessions import protocol
    from horserace_nb.widgets.board import Board
    from horserace_nb.widgets.common import LangSwitch
    from horserace_nb.widgets.text import RuleText

    parts = [HEADER]
    for alias in ALIASES:
        parts.append(f"export type {alias} = {ts_type(getattr(protocol, alias))};")
    for class_name in CLASSES:
        cls = getattr(protocol, class_name)
        hints = get_type_hints(cls)
        required = getattr(cls, "__required_keys__", frozenset(hints))
        # a field that may be None may be missing too: Python reads a missing key as None,
        # and the site's Pyodide kernel sends None as a missing key
        fields = [f"  {field}{'' if field in required and not _nullable(hint) else '?'}: "
                  f"{_named(protocol, hint)};" for field, hint in hints.items()]
        parts.append("\n".join([f"export interface {class_name} {{", *fields, "}"]))
    parts.append("export type Moves = { [tile: string]: TileMoves };")
    messages = " | ".join(_named(protocol, arg) if get_origin(arg) else arg.__name__
                          for arg in get_args(protocol.Message))
    parts.append(f"export type Message = {messages};")
    parts.append(traits_interface("BoardTraits", Board))
    parts.append("export type BoardModel = Model<BoardTraits, Message>;")
    parts.append(traits_interface("TextTraits", RuleText))
    parts.append("export type TextModel = Model<TextTraits>;")
    parts.append(traits_interface("LangSwitchTraits", LangSwitch))
    parts.append("export type LangSwitchModel = Model<LangSwitchTraits>;")
    return "\n\n".join(parts) + "\n"


def main(argv: list[str]) -> int:
    text = generate()
    if "--check" in argv:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.relative_to(ROOT)}: {'up to date' if same else 'OUT OF DATE'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
