"""The errors the rules core raises."""

from __future__ import annotations

from .tiles import Side

__all__ = ["IllegalMove", "RecordError", "CodeError"]


def _localize(value: object, lang: str) -> object:
    if isinstance(value, Side):
        from ..words.i18n import side_name  # the words layer, imported when a message is made

        return side_name(value, lang)
    return value if isinstance(value, (int, str)) else str(value)


class IllegalMove(ValueError):
    """A placement or action the rules do not allow.

    The message explains the refusal to a learner and names the rule (``R11`` …); the state that
    refused the action is left exactly as it was. :meth:`localized` gives the same message in
    Korean or Japanese.

    >>> err = IllegalMove("error.branch_closed", rule="R11", on="[4|4]")
    >>> str(err)
    'The branches of [4|4] open only after both straight sides are filled (R11).'
    >>> err.localized("ko")
    '[4|4]의 갈래는 두 직선 쪽이 모두 채워진 뒤에만 열립니다 (R11).'
    """

    def __init__(self, key: str, *, rule: str, **params: object) -> None:
        self.key = key
        self.rule = rule
        self.params = params
        super().__init__(self.localized("en"))

    def localized(self, lang: str = "en") -> str:
        """The message in *lang*: one whole sentence of the catalog that cites the rule and ends
        with the language's full stop (nothing is added to it here)."""
        from ..words.i18n import t  # the words layer, imported when a message is made

        return t(self.key, lang, **{k: _localize(v, lang) for k, v in self.params.items()})


class RecordError(ValueError):
    """A saved game record that is malformed, tampered with or does not replay."""


class CodeError(RecordError):
    """A position code (``Game.from_code``, :mod:`~horserace_nb.core.position_code`) that is
    malformed, mistyped or names an impossible position.

    ``part`` names the part at fault (``"code"``, ``"version"``, ``"check"``, ``"table"``,
    ``"hands"`` or ``"match"``) and ``rule`` the rule it breaks (``"R1"`` …, or ``"format"``);
    the message ends with the rule.

    >>> err = CodeError("hands", "R1", "[1|4] appears twice")
    >>> str(err), err.part, err.rule
    ('not a valid position code: hands: [1|4] appears twice (R1)', 'hands', 'R1')
    """

    def __init__(self, part: str, rule: str, text: str) -> None:
        self.part = part
        self.rule = rule
        text = text.removesuffix(".") if text.endswith(f"({rule}).") else text  # a sentence
        said = text if text.endswith(f"({rule})") else f"{text} ({rule})"
        super().__init__(f"not a valid position code: {part}: {said}")
