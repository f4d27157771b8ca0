"""The play widget's opponents and seats: the computer's level, pass-and-play at one screen, and
the R16 "learn" setting (issue 19 items 2 and 6).

Driven headlessly, as ``tests/test_play_widget.py`` does: buttons clicked, menus set, and the
board's messages as its front end sends them. What reaches the front end is read from the traits
the board and the other widgets are sent (not from what CSS would show).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from horserace_nb import Draw, Game, Pass, Place, Tile
from horserace_nb.teaching.bots import (
    STRONG_ROLLOUTS,
    GreedyBot,
    RandomBot,
    StrongBot,
    level_bot,
)
from horserace_nb.widgets import Classroom, PlayWidget
from horserace_nb.words.i18n import t

TILE = re.compile(r"\[\d\|\d\]")


# --------------------------------------------------------------------------- helpers
def tree(root: widgets.Widget) -> Iterator[widgets.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from tree(child)


def board_text(w: PlayWidget) -> str:
    """Everything the board model sends the front end, as text."""
    b = w.board
    return " ".join([b.svg, b.hand, repr(b.moves), b.selected, b.announcement["text"]])


def page_text(w: PlayWidget) -> str:
    """Every synced text of every widget shown (values, labels, options) and the board's."""
    out = [board_text(w)]
    for widget in tree(w):
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                out.append(value)
        if isinstance(widget, widgets.Dropdown):
            out.extend(label for label, _ in widget.options)
    return " ".join(out)


def tiles_in(text: str) -> set[Tile]:
    return {Tile.parse(x) for x in TILE.findall(text)}


def private_tiles(game: Game, seats: object = None) -> set[Tile]:
    """The tiles of the hands of *seats* (all seats by default) and of the boneyard."""
    chosen = range(game.players) if seats is None else seats
    out = set(game.boneyard)
    for seat in chosen:  # type: ignore[attr-defined]
        out |= set(game.hands[seat])
    return out


def play_best(w: PlayWidget) -> None:
    """The player at the screen acts as the greedy player would, through the controls."""
    game = w.game
    action = GreedyBot()(game.view(game.to_play))
    if isinstance(action, Draw):
        w.draw_button.click()
    elif isinstance(action, Pass):
        w.pass_button.click()
    else:
        assert isinstance(action, Place)
        if not game.pending:
            w.select(str(action.tile))
        w.place(str(action.tile), None if action.on is None else str(action.on),
                None if action.side is None else action.side.value)


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.action_count, [list(h) for h in game.hands], list(game.boneyard),
            game.to_play, list(game.scores), game.pending, list(game.layout.tiles))


# --------------------------------------------------------------------------- levels
def test_each_level_picks_its_computer_player() -> None:
    assert isinstance(level_bot("beginner", seed=1), RandomBot)
    assert isinstance(level_bot("medium"), GreedyBot)
    strong = level_bot("strong", seed=1)
    assert isinstance(strong, StrongBot) and strong.rollouts == STRONG_ROLLOUTS
    for level, kind in (("beginner", RandomBot), ("medium", GreedyBot), ("strong", StrongBot)):
        w = PlayWidget(Game(players=3, seed=5), level=level)
        assert w.level == level
        assert all(isinstance(w.bots[s], kind) for s in (1, 2)), level
    assert isinstance(PlayWidget(Game(seed=5)).bots[1], GreedyBot)  # today's default


def test_a_bad_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match="level is one of beginner, medium, strong"):
        PlayWidget(level="hard")
    with pytest.raises(ValueError, match="level"):
        Classroom(level=3)


def _computer_game(level: str, seed: int) -> list[object]:
    w = PlayWidget(Game(players=2, seed=seed), human=[], level=level, match="hand")
    moves = 0
    while not w.game.hand_over:
        assert w.controller.computer_move(), w.controller.notes  # legal (Game.check) or refused
        moves += 1
        assert moves < 200
    return list(w.game.actions)


@pytest.mark.parametrize("level", ["beginner", "medium", "strong"])
def test_every_level_plays_legal_reproducible_hands(level: str) -> None:
    first = _computer_game(level, seed=11)
    assert first == _computer_game(level, seed=11)  # same seed, same game


def test_the_levels_play_differently() -> None:
    games = {level: _computer_game(level, seed=11) for level in ("beginner", "medium")}
    assert games["beginner"] != games["medium"]


def test_the_beginner_plays_the_same_move_after_an_undo() -> None:
    """Seeded by the position, not by the choices made before: an undo replays the same."""
    game = Game(seed=8)
    bot = RandomBot(seed=4, by_view=True)
    view = game.view(game.to_play)
    first = bot(view)
    for _ in range(5):
        bot(Game(seed=9).view(Game(seed=9).to_play))  # other decisions in between
    assert bot(view) == first
    assert RandomBot(seed=4, by_view=True)(view) == first


def test_a_level_change_applies_from_the_next_game_and_is_said() -> None:
    w = PlayWidget(Game(seed=3), level="medium")
    before = w.board.announcement["n"]
    bot = w.bots[1]
    w.level_dropdown.value = "strong"
    assert w.bots[1] is bot and w.level == "medium"  # this game goes on as it was
    said = t("play.level_next", "en", level=t("play.level_strong", "en"),
             current=t("play.level_medium", "en"), button=t("play.new_game", "en"))
    assert said in w.messages.html.value.replace("&quot;", '"')
    assert w.board.announcement == {"n": before + 1, "text": said}  # for screen readers
    w.seed_text.value = "3"
    w.new_game_button.click()
    assert w.level == "strong" and isinstance(w.bots[1], StrongBot)
    assert t("play.level_now", "en", level=t("play.level_strong", "en")) in w.level_info.value


def test_the_level_choice_is_kept_through_a_language_switch() -> None:
    w = PlayWidget(Game(seed=3))
    w.level_dropdown.value = "beginner"
    w.lang = "ja"
    assert w.level_dropdown.value == "beginner"
    assert w.level_dropdown.options[0] == (t("play.level_beginner", "ja"), "beginner")
    assert w.level_dropdown.description == t("play.level", "ja")
    assert "次の対局から" in w.messages.html.value  # the note said again, in Japanese
    w.new_game_button.click()
    assert w.level == "beginner"


def test_the_classroom_page_offers_the_level() -> None:
    room = Classroom(seed=7, level="beginner", lang="ko")
    assert room.play.level == "beginner" and isinstance(room.play.bots[1], RandomBot)
    assert room.play.level_dropdown.value == "beginner"
    assert room.play.level_dropdown.description == t("play.level", "ko")
    room.lang = "en"
    assert room.play.level_dropdown.options[2] == (t("play.level_strong", "en"), "strong")
    pair = Classroom(seed=7, pass_and_play=True, players=2)
    assert pair.play.controller.pass_and_play and pair.play.human == [0, 1]


# --------------------------------------------------------------------------- pass and play
@pytest.mark.parametrize("players, partners", [(2, False), (3, False), (4, True)])
def test_pass_and_play_shows_one_hand_at_a_time(players: int, partners: bool) -> None:
    """Turn after turn: covered, nothing private reaches the front end; revealed, only the hand
    of the player to move; the seats cycle; the announcements say whose turn it is."""
    w = PlayWidget(pass_and_play=True, players=players, partners=partners, seed=12)
    assert w.human == list(range(players)) and not w.bots
    assert w.computer_box.layout.display == "none"
    seen: list[int] = []
    covers = 0
    while not w.game.hand_over:
        game = w.game
        seat = game.to_play
        if w.controller.covered:
            covers += 1
            leaked = tiles_in(page_text(w)) & private_tiles(game)
            assert not leaked, f"covered, but {leaked} reach the front end"
            assert w.board.hand == "" and w.board.moves == {} and w.board.selected == ""
            assert w.cover_box.layout.display == "" and w.human_box.layout.display == "none"
            name = w.name(seat)
            assert w.reveal_button.description == f"I am {name} — show my tiles"
            assert f"pass the screen to {name}" in w.board.announcement["text"]
            w.reveal_button.click()
            assert not w.controller.covered
        assert w.controller.viewer == seat
        if not seen or seen[-1] != seat:
            seen.append(seat)
        shown = tiles_in(board_text(w)) & private_tiles(game)
        assert shown <= set(game.hands[seat]), "another hand reaches the front end"
        assert len(tiles_in(w.board.hand)) == len(game.hands[seat])
        play_best(w)
        if not w.game.hand_over and w.game.to_play != seat:
            assert w.controller.covered  # a new player: the screen is passed first
    assert covers >= players
    assert seen[:players] == [(seen[0] + k) % players for k in range(players)]  # clockwise
    assert not w.controller.covered and w.settlement.layout.display == ""


def test_pass_and_play_covers_the_first_player_and_the_next_hand() -> None:
    w = PlayWidget(pass_and_play=True, players=2, seed=4, match="61")
    assert w.controller.covered
    assert "I am Player 1" in w.status.value
    while not w.game.hand_over:
        if w.controller.covered:
            w.reveal_button.click()
        play_best(w)
    w.next_hand_button.click()
    assert not w.game.hand_over and w.controller.covered
    assert tiles_in(board_text(w)) & private_tiles(w.game) == set()


def test_while_covered_nothing_can_be_played_and_each_refusal_is_said() -> None:
    w = PlayWidget(pass_and_play=True, players=2, seed=4, lang="ko")
    before = snapshot(w.game)
    tile = str(w.game.hands[w.game.to_play][0])
    w.select(tile)
    assert w.board.moves == {} and snapshot(w.game) == before
    name = w.name(w.game.to_play)
    covered = t("play.covered", "ko", name=name, button=t("play.reveal", "ko", name=name))
    assert covered.split(".")[0] in w.messages.html.value
    for button in (w.draw_button, w.pass_button, w.hint_button, w.undo_button):
        button.click()  # (click() fires even on a hidden, disabled button)
        assert snapshot(w.game) == before
        assert tiles_in(page_text(w)) & private_tiles(w.game) == set()
    w.reveal_button.click()
    w.reveal_button.click()  # a second press: nothing hidden, said so
    assert "가려진 타일이 없습니다" in w.messages.html.value


def test_pass_and_play_names_no_drawn_tile_and_tags_no_one() -> None:
    """Everyone reads the moves and the scores: no "(you)", and a drawn tile stays private."""
    game = Game(hands=[["[1|2]", "[5|5]"], ["[4|4]", "[0|0]"]], boneyard=["[3|3]", "[2|6]"],
                leader=0)
    w = PlayWidget(game, pass_and_play=True)
    w.reveal_button.click()
    w.select("[1|2]")
    w.place("[1|2]")
    w.reveal_button.click()  # Player 2: nothing fits, draws [3|3] (no), then [2|6] (fits)
    w.draw_button.click()
    assert w.game.pending is None or w.game.pending == Tile(2, 6)
    assert "[3|3]" not in w.moves_log.value and "(you)" not in w.scoreboard.value


def test_pass_and_play_undo_stays_within_the_players_own_turn() -> None:
    game = Game(hands=[["[1|4]", "[4|4]", "[0|0]"], ["[2|3]", "[0|1]"]], boneyard=["[6|6]"],
                leader=0)
    w = PlayWidget(game, pass_and_play=True)
    w.reveal_button.click()
    w.select("[1|4]")
    w.place("[1|4]")  # scores 5 raw: Player 1 places again (R17), no cover
    assert not w.controller.covered and w.game.to_play == 0
    w.undo_button.click()
    assert w.game.action_count == 0 and not w.controller.covered


def test_pass_and_play_can_be_chosen_for_the_next_game_and_left_again() -> None:
    w = PlayWidget(Game(seed=2))
    w.pass_and_play_box.value = True
    assert not w.controller.pass_and_play  # from the next game, said so
    assert "everyone plays at this screen" in w.messages.html.value
    assert w.level_dropdown.disabled
    w.mode_dropdown.value = "4p"
    w.new_game_button.click()
    assert w.controller.pass_and_play and w.human == [0, 1, 2, 3] and w.controller.covered
    assert w.board.hand == ""
    w.pass_and_play_box.value = False
    w.mode_dropdown.value = "2"
    w.new_game_button.click()
    assert not w.controller.pass_and_play and w.human == [0] and set(w.bots) == {1}


def test_pass_and_play_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="bots: in pass_and_play"):
        PlayWidget(pass_and_play=True, bots={1: GreedyBot()})
    with pytest.raises(ValueError, match="pass_and_play is True or False"):
        PlayWidget(pass_and_play="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"players is 2, 3 or 4 \(R2\)"):
        PlayWidget(pass_and_play=True, players=5)
    with pytest.raises(ValueError, match=r"partnerships are for 4 players \(R2\)"):
        PlayWidget(pass_and_play=True, players=3, partners=True)
    with pytest.raises(ValueError, match="the game given has 2 players"):
        PlayWidget(Game(seed=1), players=3)


# --------------------------------------------------------------------------- R16 learn
def _fits_and_boneyard(**options: object) -> PlayWidget:
    game = Game(hands=[["[1|2]", "[1|5]"], ["[2|6]", "[0|0]"]], boneyard=["[3|3]"], leader=0)
    w = PlayWidget(game, **options)  # type: ignore[arg-type]
    w.select("[1|2]")
    w.place("[1|2]")  # no score: Player 2's turn; ... the computer plays [2|6]
    w.next_button.click()
    assert w.game.to_play == 0 and w.game.layout.tiles
    return w


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("button", ["draw", "pass"])
def test_learn_refuses_draw_and_pass_while_a_tile_fits_naming_r16(lang: str,
                                                                  button: str) -> None:
    w = _fits_and_boneyard(learn=True, lang=lang)
    fitting = w.controller.fitting()
    assert fitting, "the position has a tile that fits"
    control = w.draw_button if button == "draw" else w.pass_button
    assert not control.disabled  # the learner may try
    before = snapshot(w.game)
    control.click()
    assert snapshot(w.game) == before  # nothing changed in the game
    key = "play.learn_no_draw" if button == "draw" else "play.learn_no_pass"
    said = t(key, lang, name=w.name(0, lang), tiles=", " .join(map(str, fitting))
             if lang != "ja" else "、".join(map(str, fitting)), count=len(fitting),
             tile=fitting[0])
    text = w.messages.html.value
    assert "R16" in text and said.split("(R16)")[0].split()[-1] in text
    assert w.board.announcement["text"].count("R16") == 1
    assert w.board.selected == str(fitting[0])  # the tile and its points lit on the board
    assert str(fitting[0]) in w.board.moves
    w.lang = "en" if lang != "en" else "ko"
    assert "R16" in w.messages.html.value and w.board.selected == str(fitting[0])


def test_without_learn_draw_and_pass_stay_disabled_while_a_tile_fits() -> None:
    w = _fits_and_boneyard()
    assert w.draw_button.disabled and w.pass_button.disabled
    before = snapshot(w.game)
    w.draw_button.click()  # a forced click: the rules core refuses it (R16), nothing changes
    assert snapshot(w.game) == before and "R16" in w.messages.html.value
    assert w.board.selected == ""


def test_learn_lets_a_real_draw_and_a_drawn_tile_follow_r18() -> None:
    game = Game(hands=[["[1|2]", "[6|6]"], ["[2|3]", "[0|0]"]], boneyard=["[4|5]", "[3|5]"],
                leader=0)
    w = PlayWidget(game, learn=True)
    w.select("[1|2]")
    w.place("[1|2]")
    w.next_button.click()  # the computer joins [2|3]: the ends show 1 and 3
    assert w.game.to_play == 0 and w.controller.fitting() == []
    w.draw_button.click()  # nothing fits: drawing is allowed (R18)
    if w.game.pending is None:
        w.draw_button.click()
    assert w.game.pending == Tile(3, 5)
    before = snapshot(w.game)
    w.draw_button.click()  # the drawn tile fits: it must be placed now (R18)
    assert snapshot(w.game) == before and "R18" in w.messages.html.value


def test_a_covered_picture_holds_no_tile_of_any_hand_not_even_in_its_text() -> None:
    """``own_hand=False`` alone still describes the viewer's hand to screen readers."""
    from horserace_nb.render.svg import game_svg

    game = Game(players=3, seed=12)
    private = private_tiles(game)
    assert tiles_in(str(game_svg(game, seat=0, own_hand=False))) & private  # the description
    covered = str(game_svg(game, seat=0, covered=True, interactive=True))
    assert not tiles_in(covered) & private
    assert covered.count('class="hr-svg-tile-back"') == sum(len(h) for h in game.hands)
    assert covered == str(game_svg(game, seat=0, covered=True, interactive=True))


def test_partners_without_four_players_are_refused() -> None:
    with pytest.raises(ValueError, match=r"partnerships are for 4 players \(R2\), not 2"):
        PlayWidget(partners=True)
