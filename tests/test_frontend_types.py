"""The front end's types are Python's: ``protocol.d.ts`` is generated from
:mod:`horserace_nb.sessions.protocol` and the widgets' synced traits (``tests/tools/
protocol_dts.py``), and the ES modules that import it are checked by ``tsc --noEmit``
(``.ci/tsconfig.json``; ``.ci/run`` runs it in its lint stage)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import traitlets

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / ".ci" / "tools" / "node_modules" / ".bin" / "tsc"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("protocol_dts",
                                                  ROOT / "tests" / "tools" / "protocol_dts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("protocol_dts", module)
    spec.loader.exec_module(module)
    return module


def test_the_typescript_declarations_are_generated_from_the_protocol() -> None:
    """Run ``tests/tools/protocol_dts.py`` after changing the protocol or a synced trait."""
    generator = _generator()
    assert generator.TARGET.read_text(encoding="utf-8") == generator.generate(), (
        "protocol.d.ts is out of date: run .venv/bin/python tests/tools/protocol_dts.py")


def test_the_declarations_say_what_python_sends_and_reads() -> None:
    text = _generator().generate()
    assert 'export type SideName = "low" | "high" | "straight_a"' in text
    # Python reads a missing on/side as None (the opening point): optional on the wire
    assert "  on?: string | null;\n  side?: SideName | null;\n  rev: number;" in text
    assert "export type Message = SelectMessage | PlaceMessage | PointMessage | KeyMessage;" in text
    assert "  takes_keys: boolean;" in text and "  moves: Moves;" in text


def test_a_synced_trait_without_a_known_type_is_refused() -> None:
    generator = _generator()

    class Odd(traitlets.HasTraits):
        strange = traitlets.Dict().tag(sync=True)

    with pytest.raises(ValueError, match="strange"):
        generator.traits_interface("OddTraits", Odd)


@pytest.mark.skipif(not TSC.exists(), reason="tsc not installed: npm install --prefix .ci/tools")
def test_the_modules_pass_tsc() -> None:
    result = subprocess.run([str(TSC), "-p", str(ROOT / ".ci" / "tsconfig.json")],
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
