"""Widget arguments a hostile or careless caller may give: each is refused with a ValueError that
names the parameter, or the widget works (issue 9: no TypeError, no broken picture, no seat
silently given the default bot)."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horserace_nb import Game
from horserace_nb.teaching.bots import GreedyBot
from horserace_nb.widgets import PlayWidget, ReplayWidget

ODD = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.floats(allow_nan=True),
                st.text(max_size=5), st.lists(st.integers(-1, 5), max_size=4),
                st.dictionaries(st.one_of(st.integers(-1, 8), st.text(max_size=2)),
                                st.sampled_from([GreedyBot(), None, 3]), max_size=3))


@given(human=ODD, bots=ODD, names=st.one_of(ODD, st.lists(st.one_of(st.none(), st.text(max_size=6)),
                                                          max_size=5)),
       lang=st.sampled_from(["en", "ko", "ja", "fr", "", 3]))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_play_widget_arguments_give_a_working_widget_or_a_value_error(
        human: Any, bots: Any, names: Any, lang: Any) -> None:
    try:
        w = PlayWidget(Game(seed=4), human=human, bots=bots, names=names, lang=lang)
    except ValueError:
        return
    # accepted: every seat is a person's or has a callable bot, names are text
    seats = set(w.human) | set(w.bots)
    assert seats == set(range(w.game.players))
    assert all(callable(bot) for bot in w.bots.values())
    shown = w.controller.names(w.lang)
    assert all(isinstance(n, str) and n and n != "None" for n in shown)


@given(size=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 5000),
                      st.text(max_size=4), st.none(), st.booleans()),
       source=st.sampled_from([None, "sequence", "bonus_17", "no such example", 7, [], b"{}"]))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_replay_widget_arguments_give_a_working_widget_or_a_value_error(size: Any,
                                                                        source: Any) -> None:
    try:
        w = ReplayWidget(source, size=size)
    except ValueError:
        return
    assert isinstance(w.size, float) and math.isfinite(w.size) and w.size > 0
    assert len(w.steps) >= 1
