"""List every check of the browser tests: each test function (and each helper it may call) with
the assertions it makes, read from the source (``assert`` statements and Playwright ``expect(…)``
calls), so that a restructuring can show it kept them all (issue 29 item 6).

    .venv/bin/python tests/tools/browser_checks.py [--flat] [FOLDER]

Without ``--flat``: a Markdown listing, one section per module, per function its first docstring
line and its assertions. With ``--flat``: every assertion once per line, sorted, whitespace
normalised (``diff`` two of these to compare two versions of the tests).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "browser"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _checks(func: ast.AST, source: str) -> list[str]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(func):
        if isinstance(node, ast.Assert):
            found.append((node.lineno, _norm(ast.get_source_segment(source, node) or "")))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr.startswith(("to_", "not_to_")):
            inner = node.func.value
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) \
                    and inner.func.id == "expect":
                found.append((node.lineno, _norm(ast.get_source_segment(source, node) or "")))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "fail" and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "pytest":
            found.append((node.lineno, _norm(ast.get_source_segment(source, node) or "")))
    return [text for _, text in sorted(found)]


def collect(folder: Path) -> dict[str, list[tuple[str, str, list[str]]]]:
    """module → [(function, first docstring line, assertions)] for every function with one."""
    out: dict[str, list[tuple[str, str, list[str]]]] = {}
    for path in sorted(folder.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        rows = []
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                checks = _checks(node, source)
                # nested functions are listed with their own checks only once
                if checks:
                    doc = (ast.get_docstring(node) or "").strip().split("\n\n")[0]
                    rows.append((node.name, _norm(doc), checks))
        if rows:
            out[path.name] = rows
    return out


def main(argv: list[str]) -> int:
    flat = "--flat" in argv
    args = [a for a in argv if a != "--flat"]
    folder = Path(args[0]) if args else HERE
    found = collect(folder)
    if flat:
        seen = sorted({check for rows in found.values() for _, _, checks in rows
                       for check in checks})
        print("\n".join(seen))
        return 0
    total = 0
    for module, rows in found.items():
        print(f"\n## {module}\n")
        for name, doc, checks in rows:
            kind = "test" if name.startswith("test_") else "helper"
            print(f"- **{name}** ({kind}){': ' + doc if doc else ''}")
            for check in checks:
                print(f"  - `{check}`")
            total += len(checks)
    print(f"\n{total} assertions in {sum(len(r) for r in found.values())} functions.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
