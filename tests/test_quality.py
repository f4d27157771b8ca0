"""The rules core stays lint-clean, type-clean and free of Jupyter/rendering imports."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ["core.tiles", "core.layout", "core.game", "core.settlement", "core.record",
        "core.actions", "core.errors", "core.rules", "core.quoting", "core.validate",
        "words.i18n", "words.describe", "words.narration", "words.names"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_ruff_clean() -> None:
    result = _run("ruff", "check", "horserace_nb", "tests", "lessons")
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


# --------------------------------------------------------------------------- module structure
PACKAGE = ROOT / "horserace_nb"


def _modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return out


def _is_package(name: str) -> bool:
    return (ROOT / Path(*name.split(".")) / "__init__.py").is_file()


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not _is_package(module):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """Ids of the nodes inside ``if TYPE_CHECKING:`` blocks (not imported at run time)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            skip.update(id(n) for n in ast.walk(node))
    return skip


LAZY = {"_repr_svg_", "describe", "localized", "_localize"}
"""The functions of the core that may import a layer above it, lazily: ``_repr_svg_`` the
renderer (as python-chess's ``Board._repr_svg_`` imports ``chess.svg``), ``describe`` and
``localized`` the words (a layout's text alternative, an error's message in a language)."""


def _lazy_svg_nodes(tree: ast.Module) -> set[int]:
    """Ids of the nodes inside the :data:`LAZY` functions: the lazy imports allowed."""
    return {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
            and f.name in LAZY for n in ast.walk(f)}


def _imports(modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    """module → the package modules it imports at run time (``from . import x`` → ``.x``)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, tree in modules.items():
        skip = _type_checking_nodes(tree) | _lazy_svg_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = _resolve(name, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def test_no_import_cycles_but_the_lazy_svg_repr() -> None:
    graph = _imports(_modules())
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    # a package's __init__ re-exports its own submodules: that is not a cycle between ideas
    cycles = [c for c in cycles if not all(m == c[0] or m.startswith(c[0] + ".") for m in c)
              and not all(c[-1] == m or m.startswith(c[-1] + ".") for m in c)]
    assert not cycles, f"import cycles: {cycles}"


LAYERS = {"core": 0, "words": 1, "teaching": 2, "render": 3, "sessions": 4, "widgets": 5,
          "lite": 5, "serve": 5}
"""The package's folders in layer order: core ← words ← teaching ← render ← sessions ← widgets
(``lite``, the site builder, imports none of them; ``serve``, the class's Voilà server, only
the words of its sentences)."""


def test_the_package_tree_shows_the_layers() -> None:
    """Every module sits in a layer's folder; at most three loose modules beside them."""
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    folders = sorted(p.name for p in PACKAGE.iterdir()
                     if p.is_dir() and (p / "__init__.py").is_file())
    assert len(loose) <= 3, loose
    assert folders == sorted(LAYERS), folders


def test_the_layers_go_one_way() -> None:
    """core ← words ← teaching ← render ← sessions ← widgets: nothing imports a layer above it."""
    graph = _imports(_modules())
    order = LAYERS

    def layer(module: str) -> int:
        parts = module.split(".")
        return order.get(parts[1], 0) if len(parts) > 1 else 0

    wrong = sorted((m, t) for m, targets in graph.items() for t in targets
                   if m != "horserace_nb" and layer(t) > layer(m))
    assert not wrong, f"imports from a higher layer: {wrong}"


def test_no_module_uses_another_modules_private_names() -> None:
    """``obj._name`` or ``from .x import _name`` only where *_name* is the module's own."""
    modules = _modules()
    own: dict[str, set[str]] = {}
    for name, tree in modules.items():
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.isidentifier():
                names.add(node.value)  # __slots__ entries
            elif isinstance(node, ast.arg):
                names.add(node.arg)
        own[name] = names
    # names that libraries define for their users to set or override
    allowed = {"_esm", "_css", "_repr_svg_", "_repr_html_", "_repr_mimebundle_",
               "_ipython_display_", "_replace", "_asdict", "_fields", "_make"}
    found = []
    for name, tree in modules.items():
        for node in ast.walk(tree):
            private: list[str] = []
            if isinstance(node, ast.Attribute):
                private = [node.attr]
            elif isinstance(node, ast.ImportFrom) and _resolve(name, node).startswith(
                    "horserace_nb"):
                private = [a.name for a in node.names]
            for attr in private:
                if (attr.startswith("_") and not attr.startswith("__")
                        and attr not in allowed and attr not in own[name]):
                    found.append(f"{name}:{node.lineno} uses {attr}")
    assert not found, "\n".join(found)


SHELL = {"base", "board", "common", "store", "text"}
"""The widget modules every view may import from: the shell, the board, what they share, the
learner's results store and the text with rule links."""


def test_views_borrow_nothing_from_one_another() -> None:
    """A view imports from another view's module only its widget class, to compose a page
    (the classroom holds a PlayWidget and a ReplayWidget; play opens a ReviewWidget); the
    rest comes from the shell modules (issue 18 item 2)."""
    from horserace_nb.widgets import __all__ as views

    modules = _modules()
    wrong = []
    for name, tree in modules.items():
        parts = name.split(".")
        if parts[:2] != ["horserace_nb", "widgets"] or len(parts) < 3:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            target = _resolve(name, node).split(".")
            if target[:2] != ["horserace_nb", "widgets"] or len(target) < 3:
                continue
            if target[2] in SHELL or target[2] == parts[2]:
                continue
            for alias in node.names:
                if alias.name not in views:
                    wrong.append(f"{name}:{node.lineno} takes {alias.name} from {target[2]}")
    assert not wrong, "\n".join(wrong)


def test_session_models_import_no_widget_library() -> None:
    """``sessions/`` holds the models a widget shows, testable without a browser: no
    ipywidgets, anywidget or traitlets, not even lazily."""
    found = []
    for name, tree in _modules().items():
        if not name.startswith("horserace_nb.sessions"):
            continue
        for node in ast.walk(tree):
            heads: list[str] = []
            if isinstance(node, ast.Import):
                heads = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                heads = [node.module.split(".")[0]]
            elif isinstance(node, ast.ImportFrom):
                heads = _resolve(name, node).split(".")[:2][-1:]
            found += [f"{name}:{node.lineno} imports {h}" for h in heads
                      if h in ("ipywidgets", "anywidget", "traitlets", "IPython", "widgets")]
    assert not found, "\n".join(found)


def test_no_code_names_a_language_to_decide_grammar() -> None:
    """How a language joins sentences and lists, and its plural rule, are in its locale file
    (``_sentence_joiner``, ``_list_separator``, ``_list_and``, ``_plural``): no module compares a
    language with a code such as ``lang == "ja"``."""
    from horserace_nb.words.i18n import LANGS

    found = []
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            consts = [n for side in sides for n in ast.walk(side)
                      if isinstance(n, ast.Constant) and n.value in LANGS]
            if consts and any(isinstance(side, ast.Name) and "lang" in side.id for side in sides):
                found.append(f"{name}:{node.lineno}")
    assert not found, f"language named to decide grammar at {found}"


# ------------------------------------------------------------------ the front end's own element
VIEW_JS = sorted((ROOT / "horserace_nb" / "widgets").glob("*.js"))
"""The widgets' ES modules: each view draws only inside the element anywidget gives it."""

REACHING_OUT = {
    r"\.closest\(": "looks for an element around its own",
    r"\.parentElement\b": "takes the element around its own",
    r"document\.(documentElement|body|head)\b": "writes to the page",
    r"document\.querySelector(All)?\(": "searches the page",
    r"\bMutationObserver\b": "watches elements",
    r"\bsetInterval\(": "polls",
    r"\bgetElementsBy": "searches the page",
}
"""What a view module may not do outside the lines allowed below."""

ALLOWED = {
    "board.js": {
        'el.parentElement && el.parentElement.closest(".hr-view")':
            "the view's lang and shortcut mark: the one element written outside its own. An "
            "ipywidgets box has no trait for an attribute, and a class is no language for a "
            "screen reader or for the choice of Korean and Japanese glyphs, nor a mark Lumino "
            "reads to keep the view's menus' keys from the notebook; Python marks the box "
            "(VIEW_CLASS)",
        'el.closest(".jp-Notebook")': "Escape gives the focus back to the notebook (a read)",
        'el.closest(".jp-Cell")': "Escape gives the focus back to the cell (a read)",
        'el.closest(".jp-OutputArea-output") || el.parentElement':
            "the room the board has: the output's width, measured (a read)",
        "event.target.closest": "the control clicked, inside the board's own element",
    },
    "rule_links.js": {
        'document.querySelector(".jp-LabShell")': "which app shows the notebook (a read)",
        "anchor.closest": "the heading of the rule in the rules page's tab it opened",
    },
    "text.js": {
        "event.target.closest": "the rule link clicked, inside the text's own element",
    },
}
"""Each allowed line, by module, with why (narrow: each must still be used)."""


def test_no_view_touches_an_element_it_was_not_given() -> None:
    """board.js, text.js, lang_switch.js, store.js and rule_links.js draw in their own element
    and read the page only where :data:`ALLOWED` says: no view looks for the widget around it,
    stamps its inputs, writes the palette on the page, watches a subtree or polls (issue 30)."""
    import re

    found, unused = [], []
    for path in VIEW_JS:
        allowed = ALLOWED.get(path.name, {})
        used = set()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0] if not line.lstrip().startswith("//") else ""
            for pattern, what in REACHING_OUT.items():
                if not re.search(pattern, code):
                    continue
                fits = [snippet for snippet in allowed if snippet in code]
                used.update(fits)
                if not fits:
                    found.append(f"{path.name}:{number} {what}: {line.strip()}")
        unused += [f"{path.name}: {snippet}" for snippet in allowed if snippet not in used]
    assert not found, "\n".join(found)
    assert not unused, "allowed but no longer used (remove it):\n" + "\n".join(unused)
    assert {p.name for p in VIEW_JS} >= {"board.js", "text.js", "lang_switch.js", "store.js"}


def test_the_sites_script_listens_instead_of_polling() -> None:
    """site.js follows JupyterLab's signals (the shell's current widget, each notebook's session
    context): no timer looks at the page for as long as it is open (issue 30)."""
    site = (ROOT / "horserace_nb" / "lite" / "site.js").read_text(encoding="utf-8")
    assert "setInterval" not in site
    for signal in ("currentChanged", "statusChanged", "restored"):
        assert signal in site


def test_no_invisible_widget_works_on_the_page() -> None:
    """Every anywidget has a visible part of its own (the replay's keys are its board's; no
    widget hidden with display none watches the page for its ancestor)."""
    import re

    hidden = []
    for path in (ROOT / "horserace_nb" / "widgets").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for cls in re.findall(r"class (\w+)\(anywidget\.AnyWidget\):(.*?)(?=\nclass |\Z)", text,
                              flags=re.S):
            if 'display="none"' in cls[1]:
                hidden.append(f"{path.name}: {cls[0]}")
    assert not hidden, hidden


# ------------------------------------------------------------------------------- exercises

EXERCISES = ROOT / "horserace_nb" / "teaching" / "exercises"
FRAMEWORK = {"__init__", "base", "registry", "sets"}
"""The exercise package's modules that hold no kind: every other module is a topic module."""
TOPIC_LINES = 700
"""The most lines a topic module of the exercises may have (a topic grown past it is split)."""


def _topic_modules() -> list[str]:
    return sorted(p.stem for p in EXERCISES.glob("*.py") if p.stem not in FRAMEWORK)


def test_the_exercise_topics_stay_small() -> None:
    """Each topic module of ``teaching/exercises/`` holds a few kinds, not a history."""
    assert _topic_modules() == ["end", "joining", "scoring", "settlement", "setup", "turns"]
    sizes = {name: len((EXERCISES / f"{name}.py").read_text().splitlines())
             for name in _topic_modules()}
    assert all(size <= TOPIC_LINES for size in sizes.values()), sizes


def test_the_registry_is_the_topics_kinds_and_no_kind_lives_elsewhere() -> None:
    """``KINDS`` is exactly the union of the topic modules' own ``KINDS`` (a new topic module
    is in ``TOPICS``), and every exercise kind of the package is defined in a topic module."""
    import importlib
    import pkgutil

    import horserace_nb
    from horserace_nb.teaching.exercises import KINDS, TOPICS, Exercise

    topics = [f"horserace_nb.teaching.exercises.{name}" for name in _topic_modules()]
    assert sorted(t.__name__ for t in TOPICS) == topics
    union = [cls for topic in TOPICS for cls in topic.KINDS]
    assert len(union) == len(KINDS) and set(KINDS.values()) == set(union)
    assert all(KINDS[cls.kind] is cls for cls in union)
    for info in pkgutil.walk_packages(horserace_nb.__path__, "horserace_nb."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    kinds, stack = [], list(Exercise.__subclasses__())
    while stack:
        cls = stack.pop()
        stack += cls.__subclasses__()
        if "kind" in vars(cls):
            kinds.append(cls)
    outside = [f"{cls.__module__}.{cls.__name__}" for cls in kinds
               if cls.__module__ not in topics and not cls.__module__.startswith("test")]
    assert len(kinds) > len(KINDS) - 1 and not outside, outside


def test_the_exercise_session_imports_no_widget_library() -> None:
    """``sessions/exercise.py`` (the answer forms, the judging, the hints, the stars) is
    testable without a widget: it imports no ipywidgets, even indirectly."""
    code = ("import sys, horserace_nb.sessions.exercise; "
            "print(sorted(m for m in ('ipywidgets', 'anywidget', 'traitlets') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


# --------------------------------------------------------------------------- one list of lessons
LESSON_TABLES = {("lessons/build.py", "CELLS")}
"""Literal tables keyed by every lesson's slug allowed outside the list: the lessons' cells (a
lesson's content, not its place; the builder takes the order from the list)."""


def _lesson_keys() -> tuple[set[str], set[str], set[str]]:
    from horserace_nb.teaching.course import COURSE, notebook

    slugs = {lesson.slug for lesson in COURSE}
    return slugs, {notebook(s) for s in slugs}, {f"{n:02d}" for n in range(len(COURSE) + 1)}


def _lesson_literals(path: Path) -> list[str]:
    """The literal lists, tuples, sets and dicts (keys) of *path* holding two or more lesson
    slugs, notebook names or two-digit lesson numbers."""
    slugs, names, numbers = _lesson_keys()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    allowed = {id(node.value) for node in ast.walk(tree)
               if isinstance(node, (ast.Assign, ast.AnnAssign))
               for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
               if isinstance(target, ast.Name)
               and (path.relative_to(ROOT).as_posix(), target.id) in LESSON_TABLES}
    found = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items: list[ast.expr | None] = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        else:
            continue
        keys = [i.value for i in items if isinstance(i, ast.Constant)
                and isinstance(i.value, str) and i.value in slugs | names | numbers]
        if len(keys) >= 2:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {keys[:4]}")
    return found


def test_there_is_one_list_of_lessons() -> None:
    """The lessons are listed once, in teaching/course.py (number, slug, topic, rules, exercise
    set, seed, title key): no other module of the package nor the lesson builder holds a
    literal list of lesson slugs, notebook names or lesson numbers; no catalog or lesson text
    writes a lesson's title under its number, and no lesson text a lesson's file name (they
    write ``{notebook:turns}``, ``{number:turns}``, ``{name:turns}``)."""
    import json

    course = PACKAGE / "teaching" / "course.py"
    files = [p for p in sorted(PACKAGE.rglob("*.py")) if p != course]
    files += sorted((ROOT / "lessons").rglob("*.py"))
    found = [hit for path in files for hit in _lesson_literals(path)]
    assert not found, f"lessons listed outside teaching/course.py: {found}"
    numbered = re.compile(r"(?:title|progress\.lesson)\.\d\d$")
    for catalog in sorted((PACKAGE / "words" / "locales").glob("*.json")):
        keys = json.loads(catalog.read_text(encoding="utf-8"))
        assert not [k for k in keys if numbered.match(k)], catalog.name
    for text in sorted((ROOT / "lessons" / "text").glob("*.py")):
        source = text.read_text(encoding="utf-8")
        assert not re.search(r"['\"]title\.\d\d['\"]", source), text.name
        assert not re.findall(r"\b\d\d_[a-z_]+\.ipynb", source), text.name


def test_the_one_list_check_finds_a_second_list(tmp_path: Path) -> None:
    module = ROOT / "lessons" / "_probe_lessons.py"  # (under ROOT for its relative path)
    module.write_text('ORDER = ("turns", "settlement")\nPAGES = {"04": 1, "05": 2}\n'
                      'FINE = ("turns",)\n', encoding="utf-8")
    try:
        found = _lesson_literals(module)
    finally:
        module.unlink()
    assert [hit.split(": ", 1)[0].rsplit(":", 1)[1] for hit in found] == ["1", "2"]
