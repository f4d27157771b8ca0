"""A language is one file: a copy of the package with a French ``fr.json`` added (and nothing
else changed) plays in French, and every widget's language switch offers it by its own name."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import horserace_nb

PACKAGE = Path(horserace_nb.__file__).parent

FRENCH = {
    "_label": "Français",
    "_plural": "one_with_zero_other",
    "play.new_game": "Nouvelle partie",
    "score.points": "{raw} brut ({display:plural:# point:# points})",
}
"""A translation just begun: its name, its plural rule and three messages; every other key falls
back to English."""

SCRIPT = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    import horserace_nb
    assert horserace_nb.__file__.startswith(sys.argv[1]), horserace_nb.__file__
    from horserace_nb import Game
    from horserace_nb.words.i18n import LANGS, label, t
    from horserace_nb.widgets import Classroom, PlayWidget, ReplayWidget, ReviewWidget

    assert LANGS == ("en", "ko", "ja", "fr"), LANGS
    assert label("fr") == "Français"
    assert t("score.points", "fr", raw=0, display=0) == "0 brut (0 point)"  # French: 0 is one

    game = Game(hands=[["[1|4]", "[2|3]"], ["[5|6]", "[0|2]"]], boneyard=["[0|0]"], leader=0)
    play = PlayWidget(game, human=0, lang="fr")
    assert play.lang == "fr" and play.new_game_button.description == "Nouvelle partie"
    tile = next(iter(play.board.moves))
    play.board.receive({"kind": "select", "tile": tile, "rev": play.board.revision})
    point = play.board.moves[tile]["points"][0]
    play.board.receive({"kind": "place", "tile": tile, "on": point["on"], "side": point["side"],
                        "rev": play.board.revision})
    assert play.game.action_count >= 1, "the move was not played"
    assert play.messages.last_error is None, play.messages.last_error

    switches = {
        "play": play.lang_switch,
        "replay": ReplayWidget(lang="fr").lang_switch,
        "review": ReviewWidget(play.game, 0, lang="fr", rollouts=1).lang_switch,
        "classroom": Classroom(lang="fr").lang_switch,
    }
    for name, switch in switches.items():
        assert ("Français", "fr") in list(switch.options), (name, switch.options)
        assert switch.value == "fr", (name, switch.value)
    play.lang_switch.value = "ko"
    assert play.lang == "ko"
    play.lang_switch.value = "fr"
    assert play.lang == "fr"
    print("played in", play.lang, "switches:", ", ".join(sorted(switches)))
""")


def test_a_language_added_as_one_file_plays_and_is_offered_in_every_switch(
        tmp_path: Path) -> None:
    copy = tmp_path / "horserace_nb"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "words" / "locales" / "fr.json").write_text(
        json.dumps(FRENCH, ensure_ascii=False, indent=2, sort_keys=True) + "\n", "utf-8")
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True,
                            text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "played in fr" in result.stdout
