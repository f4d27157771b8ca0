"""The one message catalog: every string a person sees, in English, Korean and Japanese.

Messages are whole sentences with ``{name}`` placeholders, never pieces glued together (Korean
particles and Japanese word order make concatenation wrong). The Korean and Japanese vocabulary
follows the rule texts (RULES.md's glossary).

>>> t("side.branch_a", "ko")
'갈래 A'
>>> t("score.points", "en", raw=10, display=2)
'10 raw (2 points)'
"""

from __future__ import annotations

from .tiles import Side

__all__ = ["LANGS", "MESSAGES", "t", "side_name", "check_lang"]

LANGS = ("en", "ko", "ja")
"""The languages every message exists in."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- sides (glossary)
    "side.low": {"en": "low end", "ko": "낮은 끝", "ja": "目が少ない端"},
    "side.high": {"en": "high end", "ko": "높은 끝", "ja": "目が多い端"},
    "side.straight_a": {"en": "straight A", "ko": "직선 A", "ja": "直線側A"},
    "side.straight_b": {"en": "straight B", "ko": "직선 B", "ja": "直線側B"},
    "side.branch_a": {"en": "branch A", "ko": "갈래 A", "ja": "側枝A"},
    "side.branch_b": {"en": "branch B", "ko": "갈래 B", "ja": "側枝B"},
    # ---------------------------------------------------------------- text alternative
    "describe.summary": {
        "en": "Counted contributions: {sum} = {total}. Placement score (raw): {raw} "
              "(display points: {display}).",
        "ko": "합산한 기여값: {sum} = {total}. 타일 놓기 가점 (원점수): {raw} (표시 점수: {display}).",
        "ja": "数える寄与値：{sum} = {total}。配置による加点：換算前の得点{raw}点 (表示得点{display}点)。",
    },
    "describe.full": {
        "en": "{summary} Tiles: {tiles}. Spinners: {spinners}. Connections: {connections}. "
              "Open connection points: {points}. Counted contributions: {contributions}.",
        "ko": "{summary} 타일: {tiles}. 스피너: {spinners}. 연결: {connections}. "
              "가능한 연장 연결 지점: {points}. 합산한 기여값: {contributions}.",
        "ja": "{summary}ドミノ牌：{tiles}。分岐ダブル：{spinners}。接続：{connections}。"
              "接続可能位置：{points}。数える寄与値：{contributions}。",
    },
    "describe.none": {"en": "none", "ko": "없음", "ja": "なし"},
    "describe.connection": {
        "en": "{anchor} ({anchor_side}) – {tile} ({tile_side})",
        "ko": "{anchor} ({anchor_side}) – {tile} ({tile_side})",
        "ja": "{anchor} ({anchor_side}) – {tile} ({tile_side})",
    },
    "describe.point": {
        "en": "{tile} ({side}, {number})",
        "ko": "{tile} ({side}, {number})",
        "ja": "{tile} ({side}, {number})",
    },
    "describe.contribution": {
        "en": "{tile}: {value}", "ko": "{tile}: {value}", "ja": "{tile}: {value}",
    },
    "describe.empty": {
        "en": "The layout is empty: the leader may open with any tile (R8).",
        "ko": "배치가 비어 있습니다. 선공자는 보유한 어떤 타일로든 시작할 수 있습니다.",
        "ja": "配置は空です。先手は任意の牌から始められます。",
    },
    "describe.title": {
        "en": "Horse Race layout", "ko": "경마 (Horse Race) 배치", "ja": "ホースレースの配置",
    },
    "describe.last": {
        "en": "Placed tile {tile}", "ko": "놓은 타일 {tile}", "ja": "置いた牌：{tile}",
    },
    # ---------------------------------------------------------------- scores
    "score.points": {
        "en": "{raw} raw ({display} points)",
        "ko": "원점수 {raw} (표시 점수 {display}점)",
        "ja": "換算前の得点{raw}点 (表示得点{display}点)",
    },
    "score.sum": {
        "en": "{sum} = {total} → {raw} raw, {display} points",
        "ko": "{sum} = {total} → 원점수 {raw}, 표시 점수 {display}점",
        "ja": "{sum} = {total} → 換算前の得点{raw}点、表示得点{display}点",
    },
    "score.no_score": {
        "en": "{sum} = {total}: not a positive multiple of 5, no score (R15)",
        "ko": "{sum} = {total}: 5의 양의 배수가 아니므로 득점하지 않습니다",
        "ja": "{sum} = {total}：5の正の倍数ではないので0点です",
    },
    # ---------------------------------------------------------------- illegal moves
    "error.bad_tile": {
        "en": "{text} is not a tile; write it like [1|4] or 1-4 (R1)",
        "ko": "{text}은(는) 타일이 아닙니다. [1|4] 또는 1-4처럼 적으세요",
        "ja": "{text} は牌ではありません。[1|4] や 1-4 のように書いてください",
    },
    "error.already_down": {
        "en": "{tile} is already on the layout; each tile is played once (R1)",
        "ko": "{tile}은(는) 이미 배치에 있습니다. 각 타일은 한 번만 놓습니다",
        "ja": "{tile} はすでに配置にあります。各牌は一度だけ置きます",
    },
    "error.opening_alone": {
        "en": "the layout is empty: {tile} opens it on its own, without a tile to attach to (R8)",
        "ko": "배치가 비어 있습니다. {tile}은(는) 붙일 타일 없이 첫 타일로 놓습니다",
        "ja": "配置は空です。{tile} は接続先なしで最初の牌として置きます",
    },
    "error.need_point": {
        "en": "the layout is already open: say which tile {tile} joins and at which connection "
              "point (R9)",
        "ko": "배치가 이미 시작되었습니다. {tile}을(를) 어느 타일의 어느 연결 지점에 놓을지 정하세요",
        "ja": "配置はすでに始まっています。{tile} をどの牌のどの接続可能位置に置くか指定してください",
    },
    "error.not_on_layout": {
        "en": "{on} is not on the layout, so {tile} cannot join it (R9)",
        "ko": "{on}은(는) 배치에 없으므로 {tile}을(를) 붙일 수 없습니다",
        "ja": "{on} は配置にないので、{tile} をつなげられません",
    },
    "error.no_such_side": {
        "en": "{on} is not a double: it has only a low end and a high end, no {side} (R10, R12)",
        "ko": "{on}은(는) 더블타일이 아니므로 낮은 끝과 높은 끝만 있고 {side}은(는) 없습니다",
        "ja": "{on} はダブルではないので、目が少ない端と目が多い端だけがあり、{side}はありません",
    },
    "error.branch_closed": {
        "en": "the branches of {on} open only after both straight sides are filled (R11)",
        "ko": "{on}의 갈래는 두 직선 쪽이 모두 채워진 뒤에만 열립니다",
        "ja": "{on} の側枝は、直線方向の両側が埋まった後にだけ開きます",
    },
    "error.taken": {
        "en": "the {side} of {on} is already taken (R9)",
        "ko": "{on}의 {side}은(는) 이미 채워져 있습니다",
        "ja": "{on} の{side}はすでに埋まっています",
    },
    "error.mismatch": {
        "en": "{tile} does not match: the {side} of {on} shows {number}, and a tile joins with a "
              "half showing the same number (R9)",
        "ko": "{tile}은(는) 맞지 않습니다. {on}의 {side}은(는) {number}이고, 같은 눈값의 반쪽으로만 "
              "붙일 수 있습니다",
        "ja": "{tile} は合いません。{on} の{side}は{number}で、同じ目の半面だけを合わせられます",
    },
    "error.not_in_hand": {
        "en": "{tile} is not in your hand (R5)",
        "ko": "{tile}은(는) 보유 타일에 없습니다",
        "ja": "{tile} は手牌にありません",
    },
    "error.must_place_drawn": {
        "en": "the drawn tile {tile} can be placed, so it must be placed at once; no other tile "
              "may be substituted (R18)",
        "ko": "뽑은 타일 {tile}을(를) 놓을 수 있으므로 즉시 놓아야 합니다. 다른 타일로 바꿔 놓을 수 없습니다",
        "ja": "引いた牌 {tile} は置けるので直ちに置きます。手牌の別の牌に代えることはできません",
    },
    "error.must_place": {
        "en": "you can place a tile from your hand, so you must; drawing instead is not allowed "
              "(R16)",
        "ko": "보유 타일로 놓을 수 있으면 반드시 놓습니다. 대신 뽑을 수 없습니다",
        "ja": "置ける牌があれば置きます。代わりにドローすることはできません",
    },
    "error.boneyard_empty": {
        "en": "the boneyard is empty: there is nothing to draw (R19)",
        "ko": "남은 타일 더미가 비어 있어 뽑을 수 없습니다",
        "ja": "タロンが空なのでドローできません",
    },
    "error.no_pass_can_place": {
        "en": "you can place a tile, so you may not pass (R16, R19)",
        "ko": "놓을 수 있는 타일이 있으므로 차례를 넘길 수 없습니다",
        "ja": "置ける牌があるのでパスできません",
    },
    "error.no_pass_can_draw": {
        "en": "the boneyard still has tiles: draw until you can place, you may not pass (R18, R19)",
        "ko": "남은 타일 더미에 타일이 있으므로 놓을 수 있을 때까지 뽑아야 하며 차례를 넘길 수 없습니다",
        "ja": "タロンに牌が残っているので、置ける牌を引くまでドローします。パスできません",
    },
    "error.hand_over": {
        "en": "the hand is over: settle it and deal the next hand (R20)",
        "ko": "라운드가 끝났습니다. 정산한 뒤 다음 라운드를 나눕니다",
        "ja": "ハンドは終わりました。精算して次のハンドを配ります",
    },
    "error.game_over": {
        "en": "the game is over: a player or team has reached {target} (R26)",
        "ko": "경기가 끝났습니다. 플레이어나 조가 {target}점에 도달했습니다",
        "ja": "対局は終わりました。プレイヤーまたはペアが{target}点に達しました",
    },
    "error.hand_not_over": {
        "en": "the hand is still being played; the next hand is dealt only after it ends (R21, R22)",
        "ko": "라운드가 아직 진행 중입니다. 라운드가 끝난 뒤에만 다음 라운드를 나눕니다",
        "ja": "ハンドはまだ続いています。次のハンドはハンドが終わってから配ります",
    },
    "error.not_an_action": {
        "en": "{action} is not an action: use Place, Draw or Pass",
        "ko": "{action}은(는) 행동이 아닙니다. Place, Draw, Pass 중 하나를 쓰세요",
        "ja": "{action} は行動ではありません。Place、Draw、Pass のいずれかを使います",
    },
    # ---------------------------------------------------------------- render (horserace_nb/render/svg.py)
    "render.legend_counted": {
        "en": "filled number: counted contribution",
        "ko": "채워진 숫자: 합산하는 기여값",
        "ja": "塗りつぶした数字：数える寄与値",
    },
    "render.legend_open": {
        "en": "hollow dot: open point not counted here",
        "ko": "속이 빈 점: 여기서는 합산하지 않는 가능한 연장",
        "ja": "白抜きの点：接続可能ですが、ここでは数えません",
    },
    "render.legend_spinner": {
        "en": "orange outline: spinner",
        "ko": "주황색 테두리: 스피너",
        "ja": "オレンジの輪郭：分岐ダブル",
    },
    "render.legend_double": {
        "en": "small filled dot: the double's other open straight, counted once with it",
        "ko": "작은 채워진 점: 더블타일의 다른 열린 직선 쪽, 더블타일과 함께 한 번만 합산",
        "ja": "小さな塗りつぶした点：ダブルのもう一方の開いた直線側、ダブルと一緒に一度だけ数えます",
    },
    "render.legend_target": {
        "en": "ring: where the chosen tile may be placed",
        "ko": "고리: 고른 타일을 놓을 수 있는 곳",
        "ja": "輪：選んだ牌を置ける位置",
    },
    "render.seat": {"en": "Player {n}", "ko": "플레이어 {n}", "ja": "プレイヤー{n}"},
    "render.team": {"en": "{a} & {b}", "ko": "{a}·{b}", "ja": "{a}・{b}"},
    "render.title_game": {
        "en": "Horse Race, hand {hand}: {name}'s view",
        "ko": "경마 (Horse Race) 라운드 {hand}: {name}의 화면",
        "ja": "ホースレース ハンド{hand}：{name}の視点",
    },
    "render.hand_number": {"en": "Hand {hand}", "ko": "라운드 {hand}", "ja": "ハンド{hand}"},
    "render.boneyard": {
        "en": "Boneyard: {count} tiles",
        "ko": "남은 타일 더미: {count}개",
        "ja": "タロン：{count}枚",
    },
    "render.scores": {
        "en": "Scores (target {target}): {scores}",
        "ko": "점수 (목표 {target}점): {scores}",
        "ja": "得点 (目標{target}点)：{scores}",
    },
    "render.score_item": {"en": "{name} {points}", "ko": "{name} {points}점", "ja": "{name} {points}点"},
    "render.to_play": {"en": "{name} to play", "ko": "{name}의 차례", "ja": "{name}の手番"},
    "render.plays_again": {
        "en": "{name} places again (R17)",
        "ko": "{name}이(가) 계속 놓습니다",
        "ja": "{name}が続けて置きます",
    },
    "render.must_place_drawn": {
        "en": "{name} must place the drawn tile {tile} (R18)",
        "ko": "{name}은(는) 뽑은 타일 {tile}을(를) 즉시 놓아야 합니다",
        "ja": "{name}は引いた牌 {tile} を直ちに置きます",
    },
    "render.hand_count": {"en": "{name}: {count} tiles", "ko": "{name}: 타일 {count}개", "ja": "{name}：{count}枚"},
    "render.your_hand": {"en": "{name}'s hand", "ko": "{name}의 보유 타일", "ja": "{name}の手牌"},
    "render.hand_tiles": {
        "en": "{name}'s hand: {tiles}.",
        "ko": "{name}의 보유 타일: {tiles}.",
        "ja": "{name}の手牌：{tiles}。",
    },
    "render.gain": {"en": "{name} +{points}", "ko": "{name} +{points}점", "ja": "{name} +{points}点"},
    "render.hand_over": {
        "en": "Hand over: {gains}",
        "ko": "라운드 종료: {gains}",
        "ja": "ハンド終了：{gains}",
    },
    "render.hand_blocked": {
        "en": "Hand blocked: {gains}",
        "ko": "라운드 막힘: {gains}",
        "ja": "ハンドはブロック：{gains}",
    },
    "render.game_over": {
        "en": "Game over: {names} won",
        "ko": "경기 종료: {names} 승리",
        "ja": "対局終了：{names}の勝ち",
    },
    "render.list_sep": {"en": ", ", "ko": ", ", "ja": "、"},
    # ---------------------------------------------------------------- end of render block
}


def check_lang(lang: str) -> str:
    """Return *lang* if it is one of :data:`LANGS`.

    :raises ValueError: otherwise.
    """
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not available; use one of {', '.join(LANGS)}")
    return lang


def t(key: str, lang: str = "en", /, **params: object) -> str:
    """The message *key* in *lang*, with its ``{placeholders}`` filled from *params*."""
    try:
        entry = MESSAGES[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the catalog") from None
    return entry[check_lang(lang)].format(**params)


def side_name(side: Side | str, lang: str = "en") -> str:
    """The name of a connection point in *lang* (glossary)."""
    return t(f"side.{Side.coerce(side).value}", lang)
