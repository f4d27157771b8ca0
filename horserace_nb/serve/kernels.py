"""The kernels of a class's Voilà server: at most :attr:`ClassKernelManager.max_kernels` at once.

Voilà starts a kernel for every page asked for (about 50 MB each) and keeps it until the page is
closed or the kernel is culled; it has no limit of its own. :class:`ClassKernelManager` is
jupyter_server's kernel manager with one: a page asked for while *max_kernels* kernels run (or
are starting) gets an answer, in the page's language, instead of a kernel (HTTP 503, the
server too busy), and nothing starts.

Idle kernels are culled by jupyter_server's own settings (``cull_idle_timeout``,
``cull_interval``, ``cull_connected=True``), which ``python -m horserace_nb.serve`` sets, with
one more: a kernel whose page is still open (a connection) is kept for
:attr:`ClassKernelManager.open_idle_timeout` seconds without activity, not the short
``cull_idle_timeout`` of a kernel no page uses (a bare request, a page closed without saying
so): a class that listens to the teacher for ten minutes keeps its games.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Int

from ..words.i18n import LANGS, t

__all__ = ["ClassKernelManager", "ClassFull", "full_text"]


def full_text(path: object, max_kernels: int) -> list[tuple[str, str]]:
    """What a learner reads when the class is full, ``(lang, sentence)``: in the language of
    the page's folder (``ko/09_classroom.ipynb`` → Korean), or in every language."""
    first = str(path or "").replace("\\", "/").strip("/").split("/")[0]
    langs = [first] if first in LANGS else list(LANGS)
    return [(lang, t("serve.full", lang, max=max_kernels)) for lang in langs]


class ClassFull(web.HTTPError):
    """A page refused because *max_kernels* kernels run: HTTP 503, its page the sentences of
    *texts* (``(lang, sentence)``; the template ``templates/503.html``)."""

    def __init__(self, texts: list[tuple[str, str]]) -> None:
        text = " ".join(sentence for _, sentence in texts)
        # tornado formats log_message with %: a sentence is not a format
        super().__init__(503, text.replace("%", "%%"), reason="Class full")
        self.texts = texts


class ClassKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, with at most :attr:`max_kernels` kernels at once.

    Set it as Voilà's ``VoilaConfiguration.multi_kernel_manager_class`` (``python -m
    horserace_nb.serve`` does); ``--ClassKernelManager.max_kernels=N`` sets the limit.
    """

    max_kernels = Int(40,
                      help="The most kernels (open pages) at once; a page asked for beyond "
                           "them is refused with a sentence (HTTP 503).").tag(config=True)

    open_idle_timeout = Int(1800,
                            help="Seconds without activity after which the kernel of a page "
                                 "still open is culled (cull_idle_timeout: of a kernel no "
                                 "page is connected to); 0: never.").tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.starting: set[str] = set()
        """The kernels being started (counted before they run: pages asked for at once
        cannot all slip under the limit)."""

    @property
    def count(self) -> int:
        """The kernels running or starting."""
        return len(set(self.list_kernel_ids()) | self.starting)

    async def start_kernel(  # type: ignore[override]  # (jupyter_client's is typed loosely)
            self, *, kernel_id: str | None = None, path: Any = None, **kwargs: Any) -> str:
        """Start a kernel as jupyter_server does, unless :attr:`max_kernels` run already.

        :raises ClassFull: (HTTP 503, a sentence in the page's language) when the class is
            full; nothing is started.
        """
        if kernel_id is not None and kernel_id in self:
            return str(await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs))
        if self.count >= self.max_kernels:
            self.log.warning("Class full: %d kernels run, the limit (max_kernels)", self.count)
            raise ClassFull(full_text(path, self.max_kernels))
        kernel_id = kernel_id or self.new_kernel_id()
        self.starting.add(kernel_id)
        try:
            return str(await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs))
        finally:
            self.starting.discard(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull as jupyter_server does, but keep the kernel of an open page (a connection),
        and a kernel still starting (its page being rendered on a busy machine), until it has
        been idle :attr:`open_idle_timeout` seconds."""
        model = self.kernel_model(kernel_id) if kernel_id in self else {}  # type: ignore[no-untyped-call]
        if model.get("connections") or model.get("execution_state") == "starting":
            last = getattr(self.get_kernel(kernel_id), "last_activity", None)
            now = dt.datetime.now(dt.timezone.utc)
            if self.open_idle_timeout <= 0 or (
                    isinstance(last, dt.datetime)
                    and now - last < dt.timedelta(seconds=self.open_idle_timeout)):
                return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
