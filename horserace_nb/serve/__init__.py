"""The classroom page for a class from one Voilà server: ``python -m horserace_nb.serve``.

One command does what a class needs (:func:`~horserace_nb.serve.command.main`): Voilà serving
``notebooks/`` on the classroom network, every page behind a key (a token, generated, printed
as the full address to hand out: a device without it is refused), at most
:data:`~horserace_nb.serve.command.MAX_KERNELS` kernels at once
(:class:`~horserace_nb.serve.kernels.ClassKernelManager`: the next page gets a sentence, not a
kernel) and idle kernels culled after :data:`~horserace_nb.serve.command.IDLE_MINUTES` minutes.
"""

from __future__ import annotations

from .kernels import ClassFull, ClassKernelManager, full_text

__all__ = ["ClassKernelManager", "ClassFull", "full_text"]
