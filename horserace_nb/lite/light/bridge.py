"""The Python half of the light classroom page's comm bridge (``classroom/index.html``).

The page's Web Worker runs Pyodide, executes this file (it is shipped as text, next to the
worker) and calls :func:`start`: the widgets' comms (``comm.create_comm``, which ipywidgets
calls for every widget) become :class:`PageComm`, whose messages go to the worker's *send*
function (JSON text and binary buffers), which posts them to the page; the page's messages come
back through :func:`receive`. Nothing here knows the page: it only turns comm messages into
text and back, as a kernel's iopub and shell channels would.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from collections.abc import Callable, Sequence
from typing import Any

import comm
from comm.base_comm import BaseComm, CommManager

Send = Callable[[str, list[bytes]], None]

_send: Send | None = None
_manager = CommManager()


def _jsonable(value: object) -> str:
    """What a kernel sends for a value JSON has no form for (a date, say): its text."""
    return str(value)


class PageComm(BaseComm):
    """A comm whose messages go to the page (through the worker's send function)."""

    def publish_msg(self, msg_type: str, data: dict[str, Any] | None = None,
                    metadata: dict[str, Any] | None = None,
                    buffers: Sequence[bytes | memoryview] | None = None,
                    **keys: Any) -> None:
        if _send is None:
            raise RuntimeError("the comm bridge has not been started (start())")
        message = {"msg_type": msg_type, "comm_id": self.comm_id, "data": data or {},
                   "metadata": metadata or {}, **keys}
        _send(json.dumps(message, default=_jsonable), [bytes(b) for b in buffers or []])


def _create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    return PageComm(*args, **kwargs)


def _get_comm_manager() -> CommManager:
    return _manager


def install(send: Send) -> None:
    """Route every comm made from now on to *send* (``comm.create_comm`` replaced)."""
    global _send  # noqa: PLW0603 - one bridge per worker
    _send = send
    comm.create_comm = _create_comm
    comm.get_comm_manager = _get_comm_manager


def receive(comm_id: str, text: str, buffers: Sequence[bytes]) -> None:
    """Hand a message of the page (*text*: the comm message's JSON data) to comm *comm_id*;
    one of a comm that is gone is dropped, as a kernel drops it."""
    found = _manager.comms.get(comm_id)
    if found is None:
        return
    msg = {"header": {"msg_type": "comm_msg"}, "parent_header": {}, "metadata": {},
           "content": {"comm_id": comm_id, "data": json.loads(text)},
           "buffers": [memoryview(bytes(b)) for b in buffers]}
    found.handle_msg(msg)


def close(comm_id: str) -> None:
    """The page closed comm *comm_id*."""
    found = _manager.comms.get(comm_id)
    if found is not None:
        found.handle_close({"content": {"comm_id": comm_id, "data": {}}})
        _manager.unregister_comm(found)


class _NoShell:
    """IPython's ``InteractiveShell`` where there is none: never initialized."""

    @classmethod
    def initialized(cls) -> bool:
        return False


def _shown(*objects: object, **options: object) -> None:
    """``display()`` on a page that has no output area: nothing to show it in."""


def without_ipython() -> bool:
    """Stand in for the three names ipywidgets takes from IPython (``get_ipython``, which says
    there is no shell; ``display`` and ``clear_output``; ``InteractiveShell``), when IPython is
    not there: the page's lock leaves IPython and its 12 packages out (6.5 MiB, about a second
    of imports), since no shell runs here. Whether it stood in."""
    if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
        return False
    modules = {name: types.ModuleType(name) for name in (
        "IPython", "IPython.display", "IPython.core", "IPython.core.interactiveshell")}
    modules["IPython"].get_ipython = lambda: None  # type: ignore[attr-defined]
    modules["IPython.display"].display = _shown  # type: ignore[attr-defined]
    modules["IPython.display"].clear_output = (  # type: ignore[attr-defined]
        lambda wait=False: None)
    modules["IPython.core.interactiveshell"].InteractiveShell = (  # type: ignore[attr-defined]
        _NoShell)
    modules["IPython"].display = modules["IPython.display"]  # type: ignore[attr-defined]
    modules["IPython"].core = modules["IPython.core"]  # type: ignore[attr-defined]
    modules["IPython.core"].interactiveshell = (  # type: ignore[attr-defined]
        modules["IPython.core.interactiveshell"])
    sys.modules.update(modules)
    return True


def start(send: Send, lang: str, projector: bool) -> str:
    """Install the bridge and make the notebook's classroom, ``Classroom(lang=…,
    projector=…)``; its model id (the page draws that widget)."""
    without_ipython()
    install(send)
    from horserace_nb.widgets import Classroom

    global _root  # noqa: PLW0603 - kept alive for the page's lifetime
    _root = Classroom(lang=lang, projector=projector)
    return str(_root.model_id)


_root: object = None
