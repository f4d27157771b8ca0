"""The one message catalog: every string a person sees, in English, Korean and Japanese.

Messages are whole sentences with ``{name}`` placeholders, never pieces glued together (Korean
particles and Japanese word order make concatenation wrong). The Korean and Japanese vocabulary
follows the rule texts (RULES.md's glossary).

>>> t("side.branch_a", "ko")
'갈래 A'
>>> t("score.points", "en", raw=10, display=2)
'10 raw (2 points)'
>>> t("score.points", "en", raw=5, display=1)
'5 raw (1 point)'
"""

from __future__ import annotations

import re

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
    # ---------------------------------------------------------------- widgets (widgets/common.py)
    "widget.unexpected_error": {
        "en": "Something went wrong: {error}. The game is unchanged; details are in the log below.",
        "ko": "문제가 생겼습니다: {error}. 게임은 그대로이며 자세한 내용은 아래 기록에 있습니다.",
        "ja": "問題が発生しました：{error}。対局はそのままです。詳細は下の記録にあります。",
    },
    # ---------------------------------------------------------------- replay widget (widgets/replay.py)
    "replay.step": {"en": "Step {step} of {total}", "ko": "{total}단계 중 {step}단계", "ja": "{total}手中{step}手目"},
    "replay.step_label": {"en": "Step", "ko": "단계", "ja": "手順"},
    "replay.start": {"en": "the start: nothing placed yet", "ko": "시작: 아직 놓은 타일이 없습니다", "ja": "開始：まだ牌は置かれていません"},
    "replay.next_hand": {"en": "the next hand is dealt", "ko": "다음 라운드를 나눕니다", "ja": "次のハンドを配ります"},
    "replay.opened": {"en": "{tile} opens the layout", "ko": "{tile}로 배치를 시작합니다", "ja": "{tile} で配置を始めます"},
    "replay.placed": {"en": "{tile} on {on}, {side}", "ko": "{tile}을(를) {on}의 {side}에 놓습니다", "ja": "{tile} を {on} の{side}に置きます"},
    "replay.drew": {"en": "draws {tile}", "ko": "{tile}을(를) 뽑습니다", "ja": "{tile} をドローします"},
    "replay.passed": {"en": "passes", "ko": "차례를 넘깁니다", "ja": "パスします"},
    "replay.seat": {"en": "Seat {seat}", "ko": "{seat}번 자리", "ja": "席{seat}"},
    "replay.team": {"en": "Team {team}", "ko": "{team}조", "ja": "ペア{team}"},
    "replay.winners": {"en": "The game is won by: {winners}", "ko": "경기 승리: {winners}", "ja": "対局の勝者：{winners}"},
    "replay.scores": {"en": "Scores (target {target}): {scores}", "ko": "점수 (목표 {target}점): {scores}", "ja": "得点 (目標{target}点)：{scores}"},
    "replay.hands": {"en": "Tiles in hand: {hands}", "ko": "보유 타일: {hands}", "ja": "手牌：{hands}"},
    "replay.boneyard": {"en": "Boneyard: {count} tiles", "ko": "남은 타일 더미: {count}개", "ja": "タロン：{count}枚"},
    "replay.saved_game": {"en": "A saved game", "ko": "저장한 게임", "ja": "保存した対局"},
    "replay.alt_label": {"en": "Text alternative", "ko": "대체 텍스트", "ja": "代替テキスト"},
    "replay.first": {"en": "First", "ko": "처음", "ja": "最初"},
    "replay.previous": {"en": "Previous", "ko": "이전", "ja": "前へ"},
    "replay.next": {"en": "Next", "ko": "다음", "ja": "次へ"},
    "replay.last": {"en": "Last", "ko": "마지막", "ja": "最後"},
    "replay.play": {"en": "Play / pause", "ko": "재생 / 일시 정지", "ja": "再生 / 一時停止"},
    # ---------------------------------------------------------------- turns (R16-R21, R26)
    "turn.double": {"en": "A double from hand: the same player places again (R17).", "ko": "보유하던 더블타일이므로 같은 플레이어가 계속 놓습니다.", "ja": "手牌からのダブルなので、同じプレイヤーが続けて置きます。"},
    "turn.scored": {"en": "Scored {points} with a tile from hand: the same player places again (R17).", "ko": "보유하던 타일로 득점했습니다 ({points}). 같은 플레이어가 계속 놓습니다.", "ja": "手牌の牌で{points}を得点したので、同じプレイヤーが続けて置きます。"},
    "turn.double_scored": {"en": "A scoring double: {points}, and one more placement, not two (R17).", "ko": "득점하는 더블타일입니다 ({points}). 한 번만 더 놓고, 두 번을 저장하지 않습니다.", "ja": "得点するダブルです。{points}を得て、続けるのは一回だけです。"},
    "turn.drawn": {"en": "A freshly drawn tile: the turn ends, even if it is a double or scores (R18).", "ko": "새로 뽑은 타일이므로 더블타일이거나 득점해도 차례가 끝납니다.", "ja": "新しく引いた牌なので、ダブルでも得点しても手番は終わります。"},
    "turn.single": {"en": "A single that does not score: the turn ends (R17).", "ko": "득점하지 않는 일반 타일이므로 차례가 끝납니다.", "ja": "得点しないシンプルなので手番が終わります。"},
    "turn.draw_playable": {"en": "The drawn tile fits: it must be placed at once, no other tile instead (R18).", "ko": "뽑은 타일을 놓을 수 있으므로 즉시 놓아야 하며 다른 타일로 바꿀 수 없습니다.", "ja": "引いた牌は置けるので直ちに置きます。別の牌に代えることはできません。"},
    "turn.draw_again": {"en": "The drawn tile does not fit: it stays in hand; draw again (R18).", "ko": "뽑은 타일을 놓을 수 없어 보유 타일이 되며 다시 뽑습니다.", "ja": "引いた牌は置けないので手牌に加え、もう一度ドローします。"},
    "turn.pass": {"en": "No tile fits and the boneyard is empty: pass (R19).", "ko": "놓을 수 있는 타일이 없고 남은 타일 더미가 비어 차례를 넘깁니다.", "ja": "置ける牌がなくタロンも空なのでパスします。"},
    "turn.domino": {"en": "The last tile in hand: the hand is won (R21).", "ko": "마지막 보유 타일을 놓아 라운드에서 이깁니다.", "ja": "最後の手牌を置いたのでハンドに勝ちます。"},
    "turn.blocked": {"en": "The boneyard is empty and nobody can place: the hand is blocked (R19, R22).", "ko": "남은 타일 더미가 비고 아무도 놓을 수 없어 라운드가 막힙니다.", "ja": "タロンが空で誰も牌を置けないので、ハンドはブロックされます。"},
    "turn.game_won": {"en": "The target is reached: the game ends at once (R26).", "ko": "목표 점수에 도달하여 경기가 즉시 끝납니다.", "ja": "目標に達したので対局は直ちに終わります。"},
    # ---------------------------------------------------------------- settlement (R21-R25)
    "settle.reason_domino": {"en": "Hand won by placing the last tile (R21).", "ko": "마지막 타일을 놓아 라운드에서 이겼습니다.", "ja": "最後の牌を置いてハンドに勝ちました。"},
    "settle.reason_blocked": {"en": "Blocked hand: the lowest remaining total wins (R22).", "ko": "막힌 라운드: 남은 눈값 합계가 가장 작은 쪽이 이깁니다.", "ja": "ブロック：残りの目の合計が最小の側が勝ちます。"},
    "settle.pips": {"en": "Seat {seat} holds {pips} pips.", "ko": "{seat}번 자리의 남은 눈값: {pips}", "ja": "席{seat}の残りの目：{pips}"},
    "settle.bonus": {"en": "{who} receives {pips} → {rounded} → {points} points (R23).", "ko": "{who}: {pips} → {rounded} → {points}점을 받습니다.", "ja": "{who}：{pips} → {rounded} → {points}点を得ます。"},
    # ---------------------------------------------------------------- exercises (exercises.py)
    "exercise.ask": {"en": "Enter the end total and the placement score (raw), then check.", "ko": "끝 합계와 타일 놓기 가점 (원점수)을 입력한 뒤 확인하세요.", "ja": "端の合計と配置による加点 (換算前の得点) を入力して確認してください。"},
    "exercise.wrong_total": {"en": "Not quite: count the {ends} scoring ends. A double with an open straight side counts both halves once; unused branches and filled doubles count 0 (R13, R14).", "ko": "다시 세어 보세요. 득점 끝은 {ends}개입니다. 직선 쪽이 열린 더블타일은 두 반쪽을 한 번 세고, 쓰지 않은 갈래와 양쪽이 채워진 더블타일은 0입니다.", "ja": "もう一度数えてみましょう。得点端は{ends}か所です。直線方向が空いているダブルは両半面を一度数え、未使用の側枝と両側が埋まったダブルは0です。"},
    "exercise.wrong_raw": {"en": "The total {total} is right. It is a positive multiple of 5, so the placement scores the total itself as raw points (R15).", "ko": "합계 {total}은(는) 맞습니다. 5의 양의 배수이므로 그 합계만큼 원점수를 얻습니다.", "ja": "合計{total}は正解です。5の正の倍数なので、同じ値の換算前の得点を得ます。"},
    "exercise.wrong_raw_zero": {"en": "The total {total} is right, but it is not a positive multiple of 5: the placement scores 0 (R15).", "ko": "합계 {total}은(는) 맞지만 5의 양의 배수가 아니므로 득점은 0입니다.", "ja": "合計{total}は正解ですが、5の正の倍数ではないので加点は0です。"},
    "exercise.right": {"en": "Right: {sum} = {total}, which scores {points}.", "ko": "정답입니다. {sum} = {total}, 득점은 {points}입니다.", "ja": "正解です。{sum} = {total} で、加点は{points}です。"},
    "exercise.total_label": {"en": "End total", "ko": "끝 합계", "ja": "端の合計"},
    "exercise.raw_label": {"en": "Score (raw)", "ko": "원점수", "ja": "換算前の得点"},
    "exercise.check": {"en": "Check", "ko": "확인", "ja": "確認"},
    # ---------------------------------------------------------------- classroom (widgets/classroom.py)
    "classroom.title": {"en": "Horse Race — classroom", "ko": "경마 (Horse Race) — 교실", "ja": "ホースレース — 教室"},
    "classroom.play_tab": {"en": "Play", "ko": "플레이", "ja": "対局"},
    "classroom.replay_tab": {"en": "Worked examples", "ko": "규칙 예시", "ja": "ルールの例"},
    "classroom.example": {"en": "Example", "ko": "예시", "ja": "例"},
    # ---------------------------------------------------------------- examples (examples.py)
    "example.sequence.title": {
        "en": "The documented layout, step by step",
        "ko": "문서의 배치 예시, 한 단계씩",
        "ja": "ルールの配置例を一手ずつ",
    },
    "example.sequence.text": {
        "en": "Nine placements from the rule texts: every double becomes a spinner, its branches open only after both straight sides are filled, and after every placement the counted ends are added up. A positive multiple of 5 scores.",
        "ko": "규칙 문서의 아홉 번 놓기입니다. 모든 더블타일이 스피너가 되고, 두 직선 쪽이 모두 채워져야 갈래가 열리며, 놓을 때마다 합산하는 끝을 더합니다. 합계가 5의 양의 배수이면 득점합니다.",
        "ja": "ルールの9回の配置です。すべてのダブルが分岐ダブルになり、直線方向の両側が埋まってから側枝が開き、配置のたびに得点端を合計します。5の正の倍数なら得点です。",
    },
    "example.double_22.title": {
        "en": "An opening double: [2|2]",
        "ko": "첫 타일인 더블타일: [2|2]",
        "ja": "最初の牌がダブル：[2|2]",
    },
    "example.double_22.text": {
        "en": "A double with an open straight side counts both halves, once: [2|2] adds 4. 4 is not a multiple of 5, so the placement scores nothing.",
        "ko": "직선 쪽이 열린 더블타일은 두 반쪽을 한 번 셉니다. [2|2]는 4를 더합니다. 4는 5의 배수가 아니므로 득점하지 않습니다.",
        "ja": "直線方向が空いているダブルは両半面を一度数えます。[2|2] は4を加えます。4は5の倍数ではないので得点はありません。",
    },
    "example.double_00.title": {
        "en": "An opening double: [0|0]",
        "ko": "첫 타일인 더블타일: [0|0]",
        "ja": "最初の牌がダブル：[0|0]",
    },
    "example.double_00.text": {
        "en": "[0|0] counts as an end but adds 0. A total of 0 is not a positive multiple of 5: no score.",
        "ko": "[0|0]은 끝으로 세지만 0을 더합니다. 합계 0은 5의 양의 배수가 아니므로 득점하지 않습니다.",
        "ja": "[0|0] は端として数えますが0を加えます。合計0は5の正の倍数ではないので得点はありません。",
    },
    "example.double_66.title": {
        "en": "A double at the end of a line: [3|6] and [6|6]",
        "ko": "줄 끝의 더블타일: [3|6]과 [6|6]",
        "ja": "列の端のダブル：[3|6] と [6|6]",
    },
    "example.double_66.text": {
        "en": "[6|6] on the high end of [3|6] counts both halves: 3 + 12 = 15, worth 15 raw (3 points).",
        "ko": "[3|6]의 높은 끝에 놓은 [6|6]은 두 반쪽을 셉니다. 3 + 12 = 15로 원점수 15 (표시 점수 3점)입니다.",
        "ja": "[3|6] の目が多い端に置いた [6|6] は両半面を数えます。3 + 12 = 15 で、換算前の得点15点 (表示得点3点) です。",
    },
    "example.bonus_17.title": {
        "en": "Hand bonus: 17 → 15 → 3 points",
        "ko": "라운드 종료 가점: 17 → 15 → 3점",
        "ja": "ハンド終了時の加点：17 → 15 → 3点",
    },
    "example.bonus_17.text": {
        "en": "Seat 0 places its last tile and wins the hand. The opponent still holds 17 pips: rounded to the nearest multiple of 5 that is 15, worth 3 points.",
        "ko": "0번 자리가 마지막 타일을 놓아 라운드에서 이깁니다. 상대에게 눈값 17이 남아 있으며 가장 가까운 5의 배수로 반올림하면 15, 즉 3점입니다.",
        "ja": "席0が最後の牌を置いてハンドに勝ちます。相手には目17が残り、最も近い5の倍数に丸めると15で、3点です。",
    },
    "example.bonus_partners.title": {
        "en": "Partnerships: the partner's tiles do not count",
        "ko": "파트너전: 파트너의 타일은 세지 않음",
        "ja": "ペア戦：パートナーの牌は数えない",
    },
    "example.bonus_partners.text": {
        "en": "Seat 0 goes out. Its partner (seat 2) holds 7, which is excluded; the opponents hold 9 and 8, together 17 → 15 → 3 points for the team.",
        "ko": "0번 자리가 타일을 모두 놓습니다. 파트너(2번 자리)의 7은 제외하고 상대의 9와 8을 더한 17을 15로 반올림해 조가 3점을 받습니다.",
        "ja": "席0が上がります。パートナー (席2) の7は除き、相手の9と8の合計17を15に丸めて、ペアが3点を得ます。",
    },
    "example.blocked_teams.title": {
        "en": "A blocked hand between teams: 18 against 11",
        "ko": "파트너전 막힘: 18 대 11",
        "ja": "ペア戦のブロック：18対11",
    },
    "example.blocked_teams.text": {
        "en": "After [3|3] nobody holds a 3 and the boneyard is empty: the hand is blocked. Team totals are compared, not the lightest hand: 1 + 17 = 18 against 5 + 6 = 11. The second team wins 18 → 20 → 4 points.",
        "ko": "[3|3] 뒤에는 아무도 3을 갖고 있지 않고 남은 타일 더미가 비어 라운드가 막힙니다. 가장 가벼운 한 명이 아니라 두 파트너의 합계를 비교합니다. 1 + 17 = 18 대 5 + 6 = 11이므로 두 번째 조가 이기고 18을 20으로 반올림해 4점을 받습니다.",
        "ja": "[3|3] の後、誰も3を持たずタロンも空なので、ハンドはブロックされます。一人の最小手牌ではなく両パートナーの合計を比べます。1 + 17 = 18 対 5 + 6 = 11 で後者が勝ち、18を20に丸めて4点を得ます。",
    },
    "example.tie_individual.title": {
        "en": "A tie for lowest: 4, 4, 4 and 14",
        "ko": "최저 합계 동률: 4, 4, 4, 14",
        "ja": "最小値が同点：4、4、4、14",
    },
    "example.tie_individual.text": {
        "en": "Blocked with 4, 4, 4 and 14 left. Each of the three lowest receives a full bonus from all the other tiles, co-winners included: 4 + 4 + 14 = 22 → 20 → 4 points each.",
        "ko": "남은 합계 4, 4, 4, 14로 막혔습니다. 공동 최저인 세 플레이어는 각각 다른 공동 승자를 포함한 모든 다른 타일에서 온전한 가점을 받습니다. 4 + 4 + 14 = 22를 20으로 반올림해 각각 4점입니다.",
        "ja": "残りが4、4、4、14でブロックされました。最小で同点の3人はそれぞれ、ほかの同点勝者も含む全員の手牌から完全な加点を得ます。4 + 4 + 14 = 22を20に丸めて各4点です。",
    },
    "example.tie_teams.title": {
        "en": "Teams tied at 12",
        "ko": "두 조가 12로 동률",
        "ja": "両ペアが12で同点",
    },
    "example.tie_teams.text": {
        "en": "Blocked with both teams holding 12. Each team receives the other team's 12 → 10 → 2 points, once per team (not per partner).",
        "ko": "두 조의 눈값이 모두 12인 채로 막혔습니다. 각 조는 상대 12를 10으로 반올림해 2점을 받으며 파트너 각자에게 따로 주지 않습니다.",
        "ja": "両ペアに目12が残ってブロックされました。各ペアは相手の12を10に丸めて2点を得ます。各パートナーへの別々の加点ではありません。",
    },
    "example.win_62.title": {
        "en": "Winning at once: 60 + 2 = 62",
        "ko": "즉시 승리: 60 + 2 = 62",
        "ja": "直ちに勝ち：60 + 2 = 62",
    },
    "example.win_62.text": {
        "en": "At 60 points, seat 0 opens with [4|6]: 4 + 6 = 10 scores 2 points and reaches 62. The game ends at once, before any further placement: exactly 61 is not required.",
        "ko": "60점인 0번 자리가 [4|6]으로 시작합니다. 4 + 6 = 10으로 2점을 얻어 62점이 되고 다른 놓기 전에 즉시 경기가 끝납니다. 정확히 61일 필요는 없습니다.",
        "ja": "60点の席0が [4|6] から始めます。4 + 6 = 10 で2点を得て62点になり、次の配置より先に対局が直ちに終わります。ちょうど61である必要はありません。",
    },
    "example.shared_win.title": {
        "en": "A shared win at 61",
        "ko": "61점 공동 승리",
        "ja": "61点で勝利を共有",
    },
    "example.shared_win.text": {
        "en": "Both teams stand at 59. The hand is blocked with 12 against 12, so each team gains 2 in the same settlement: both reach 61 and share the win. Seat order breaks no ties.",
        "ko": "두 조가 모두 59점입니다. 12 대 12로 막혀 같은 정산에서 각 조가 2점을 받아 모두 61점에 도달하고 승리를 공유합니다. 자리 순서로 승자를 가리지 않습니다.",
        "ja": "両ペアとも59点です。12対12でブロックされ、同じ精算で各ペアが2点を得て61点に達し、勝利を共有します。席順で同点を解消しません。",
    },
    "example.turn_chain.title": {
        "en": "A turn that goes on: doubles, scores and a drawn tile",
        "ko": "계속되는 차례: 더블타일, 득점, 뽑은 타일",
        "ja": "続く手番：ダブル、得点、引いた牌",
    },
    "example.turn_chain.text": {
        "en": "A scoring tile or a double from hand lets the same player place again; a scoring double gives one more placement, not two. A player who cannot place draws until a tile fits and must place that tile at once — and a drawn tile always ends the turn, even when it scores.",
        "ko": "보유하던 타일로 득점하거나 더블타일을 놓으면 같은 플레이어가 계속 놓습니다. 득점하는 더블타일도 한 번만 더 놓습니다. 놓을 수 없으면 놓을 수 있는 타일이 나올 때까지 뽑고 그 타일을 즉시 놓아야 하며, 뽑은 타일은 득점해도 항상 차례를 끝냅니다.",
        "ja": "手牌から得点する牌かダブルを置くと同じプレイヤーが続けて置きます。得点するダブルも続けるのは一回だけです。置けなければ置ける牌を引くまでドローし、その牌を直ちに置きます。引いた牌は得点しても必ず手番を終えます。",
    },
    "example.pass_then_domino.title": {
        "en": "Passing, then going out",
        "ko": "차례 넘기기, 그리고 마지막 타일",
        "ja": "パス、そして上がり",
    },
    "example.pass_then_domino.text": {
        "en": "With no tile that fits and an empty boneyard, seat 1 passes. Seat 0 then places its last tile, wins the hand and receives seat 1's 5 + 2 = 7 pips → 5 → 1 point.",
        "ko": "놓을 수 있는 타일이 없고 남은 타일 더미가 비어 1번 자리가 차례를 넘깁니다. 이어서 0번 자리가 마지막 타일을 놓아 라운드에서 이기고 1번 자리의 눈값 5 + 2 = 7을 5로 반올림해 1점을 받습니다.",
        "ja": "置ける牌がなくタロンも空なので、席1はパスします。続いて席0が最後の牌を置いてハンドに勝ち、席1の目5 + 2 = 7を5に丸めて1点を得ます。",
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
        "en": "small filled dot: the double's other open straight (the double counts once)",
        "ko": "작은 채워진 점: 더블타일의 다른 열린 직선 쪽 (더블타일은 한 번만 합산)",
        "ja": "小さな塗りつぶした点：ダブルのもう一方の開いた直線側 (ダブルは一度だけ数えます)",
    },
    "render.legend_target": {
        "en": "ring: where the chosen tile may be placed",
        "ko": "고리: 고른 타일을 놓을 수 있는 곳",
        "ja": "輪：選んだ牌を置ける位置",
    },
    "render.seat": {"en": "Seat {n}", "ko": "{n}번 자리", "ja": "席{n}"},
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
    "render.boneyard_one": {
        "en": "Boneyard: 1 tile",
        "ko": "남은 타일 더미: 1개",
        "ja": "タロン：1枚",
    },
    "render.header": {"en": "{hand} · {boneyard}", "ko": "{hand} · {boneyard}",
                      "ja": "{hand}・{boneyard}"},
    "render.scores": {
        "en": "Scores (target {target}): {scores}",
        "ko": "점수 (목표 {target}점): {scores}",
        "ja": "得点 (目標{target}点)：{scores}",
    },
    "render.score_item": {
        "en": "{name} {points}", "ko": "{name} {points}점", "ja": "{name} {points}点",
    },
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
    "render.hand_count": {
        "en": "{name}: {count} tiles", "ko": "{name}: 타일 {count}개", "ja": "{name}：{count}枚",
    },
    "render.hand_count_one": {
        "en": "{name}: 1 tile", "ko": "{name}: 타일 1개", "ja": "{name}：1枚",
    },
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
    "render.desc_no_numbers": {
        "en": "Tiles: {tiles}. Spinners: {spinners}. Connections: {connections}. "
              "Open connection points: {points}.",
        "ko": "타일: {tiles}. 스피너: {spinners}. 연결: {connections}. "
              "가능한 연장 연결 지점: {points}.",
        "ja": "ドミノ牌：{tiles}。分岐ダブル：{spinners}。接続：{connections}。"
              "接続可能位置：{points}。",
    },
    # ---------------------------------------------------------------- end of render block
    # ---------------------------------------------------------------- bots (bots.py: hints)
    "bots.open": {
        "en": "Open with {tile}.",
        "ko": "{tile}(으)로 시작합니다.",
        "ja": "{tile} で始めます。",
    },
    "bots.place": {
        "en": "Place {tile} on the {side} of {on}.",
        "ko": "{tile}을(를) {on}의 {side}에 놓습니다.",
        "ja": "{tile} を {on} の{side}に置きます。",
    },
    "bots.drawn_fits": {
        "en": "The drawn tile {tile} fits, so it must be placed now (R18).",
        "ko": "뽑은 타일 {tile}을(를) 놓을 수 있으므로 지금 놓아야 합니다.",
        "ja": "引いた牌 {tile} は置けるので、今置きます。",
    },
    "bots.scores": {
        "en": "The ends add up to {total}: it scores {raw} raw ({points} points) now (R15).",
        "ko": "합산한 기여값이 {total}이므로 지금 원점수 {raw}, 표시 점수 {points}점을 얻습니다.",
        "ja": "数える寄与値の合計が{total}なので、今、換算前の得点{raw}点 (表示得点{points}点) を得ます。",
    },
    "bots.no_score": {
        "en": "No placement scores now; after this one the ends add up to {total} (R15).",
        "ko": "지금 득점하는 배치는 없습니다. 이 타일을 놓으면 합산한 기여값은 {total}입니다.",
        "ja": "今得点できる配置はありません。この牌を置くと数える寄与値の合計は{total}です。",
    },
    "bots.target": {
        "en": "That brings you to {score} points: the target {target} is reached and you win the "
              "game (R26).",
        "ko": "이로써 {score}점이 되어 목표 {target}점에 도달하므로 경기에서 이깁니다.",
        "ja": "これで{score}点になり、目標の{target}点に達して対局に勝ちます。",
    },
    "bots.last_tile": {
        "en": "It is your last tile: you win the hand and score the opponents' remaining pips "
              "(R21, R23).",
        "ko": "마지막 타일입니다. 라운드에서 이기고 상대가 남긴 타일의 눈 합계로 가점을 얻습니다.",
        "ja": "最後の牌です。ハンドに勝ち、相手の残り牌の目の合計で加点します。",
    },
    "bots.double": {
        "en": "{tile} is a double: you play again (R17).",
        "ko": "{tile}은(는) 더블타일이므로 한 번 더 놓습니다.",
        "ja": "{tile} はダブルなので、もう一度置きます。",
    },
    "bots.scored_again": {
        "en": "It scores, so you play again (R17).",
        "ko": "득점했으므로 한 번 더 놓습니다.",
        "ja": "得点したので、もう一度置きます。",
    },
    "bots.drawn_ends": {
        "en": "A drawn tile ends the turn, even a double or a scoring tile (R18).",
        "ko": "뽑은 타일을 놓으면 더블타일이거나 득점하더라도 차례가 끝납니다.",
        "ja": "引いた牌を置くと、ダブルでも得点しても手番は終わります。",
    },
    "bots.heaviest": {
        "en": "Of the placements that score as much, it sheds the heaviest tile, {tile} ({pips} "
              "pips): tiles left in hand count for the opponents at the end of the hand (R23).",
        "ko": "같은 점수를 내는 배치 중 눈이 가장 많은 타일 {tile}을(를) 내려놓습니다 (눈 {pips}개). "
              "라운드가 끝날 때 손에 남은 타일은 상대의 가점이 됩니다.",
        "ja": "同じ得点の配置のうち、目がいちばん多い牌 {tile} ({pips}目) を手放します。"
              "ハンドの終わりに手に残った牌は相手の加点になります。",
    },
    "bots.next": {
        "en": "Next, {tile} can score {raw} raw ({points} points).",
        "ko": "다음에 {tile}(으)로 원점수 {raw}, 표시 점수 {points}점을 얻을 수 있습니다.",
        "ja": "続けて {tile} で換算前の得点{raw}点 (表示得点{points}点) を得られます。",
    },
    "bots.keeps": {
        "en": "It keeps {tile}, which would score {raw} raw ({points} points) on this layout "
              "later.",
        "ko": "{tile}은(는) 남겨 둡니다. 배치가 이대로라면 나중에 원점수 {raw}, 표시 점수 "
              "{points}점을 얻을 수 있습니다.",
        "ja": "{tile} は残しておきます。配置がこのままなら、後で換算前の得点{raw}点 (表示得点"
              "{points}点) を得られます。",
    },
    "bots.strong": {
        "en": "Over {worlds} sampled deals of the hidden tiles, the turn {turn} averages {value} points against the opponents by the end of the hand.",
        "ko": "보이지 않는 타일을 {worlds}번 무작위로 나눠 본 결과, {turn} 차례는 라운드가 끝날 때 상대 대비 평균 {value}점입니다.",
        "ja": "見えない牌を{worlds}通りに配って試すと、{turn} の手番はハンドの終わりに相手との差が平均{value}点です。",
    },
    "bots.draw": {
        "en": "No tile in your hand fits: draw from the boneyard until one fits (R18).",
        "ko": "놓을 수 있는 타일이 없으므로 놓을 수 있는 타일이 나올 때까지 남은 타일 더미에서 뽑습니다.",
        "ja": "置ける牌がないので、置ける牌が出るまでタロンから引きます。",
    },
    "bots.pass": {
        "en": "No tile fits and the boneyard is empty: pass (R19).",
        "ko": "놓을 수 있는 타일이 없고 남은 타일 더미도 비어 있으므로 차례를 넘깁니다.",
        "ja": "置ける牌がなく、タロンも空なのでパスします。",
    },
    # ---------------------------------------------------------------- end of bots block
    # ---------------------------------------------------------------- play widget (widgets/play.py)
    "play.title": {
        "en": "Horse Race — the first to {target} points wins",
        "ko": "경마 (Horse Race) — 먼저 {target}점에 도달하면 승리",
        "ja": "ホースレース — 先に{target}点に達すれば勝ち",
    },
    "play.draw": {"en": "Draw a tile", "ko": "타일 뽑기", "ja": "ドロー"},
    "play.pass": {"en": "Pass", "ko": "차례 넘기기", "ja": "パス"},
    "play.hint": {"en": "Hint", "ko": "힌트", "ja": "ヒント"},
    "play.undo": {"en": "Undo my last decision", "ko": "내 마지막 선택 되돌리기",
                  "ja": "自分の最後の選択を取り消す"},
    "play.auto_draw": {"en": "Draw automatically until a tile fits",
                       "ko": "놓을 수 있는 타일이 나올 때까지 자동으로 뽑기",
                       "ja": "置ける牌が出るまで自動でドロー"},
    "play.practice": {"en": "Practice mode (undo allowed)", "ko": "연습 모드 (되돌리기 허용)",
                      "ja": "練習モード (取り消し可)"},
    "play.next": {"en": "Computer's next move", "ko": "컴퓨터의 다음 수",
                  "ja": "コンピューターの次の手"},
    "play.auto_play": {"en": "Play the computer's moves automatically",
                       "ko": "컴퓨터의 수를 자동으로 진행", "ja": "コンピューターの手を自動で進める"},
    "play.next_hand": {"en": "Deal the next hand", "ko": "다음 라운드 나누기",
                       "ja": "次のハンドを配る"},
    "play.new_game": {"en": "New game", "ko": "새 게임", "ja": "新しい対局"},
    "play.mode": {"en": "Mode", "ko": "방식", "ja": "形式"},
    "play.mode_2": {"en": "2 players", "ko": "2인", "ja": "2人"},
    "play.mode_3": {"en": "3 players", "ko": "3인", "ja": "3人"},
    "play.mode_4": {"en": "4 players, each for themselves", "ko": "4인 개인전", "ja": "4人 個人戦"},
    "play.mode_4p": {"en": "4 players, partnerships (seats 0 + 2 against 1 + 3)",
                     "ko": "4인 파트너전 (0번 + 2번 자리 대 1번 + 3번 자리)",
                     "ja": "4人 ペア戦 (席0 + 席2 対 席1 + 席3)"},
    "play.seed": {"en": "Seed", "ko": "시드", "ja": "シード"},
    "play.seed_placeholder": {"en": "empty: a random deal", "ko": "비우면 무작위로 나눔",
                              "ja": "空欄ならランダムに配る"},
    "play.seed_info": {
        "en": "This game's seed: {seed}. Type it in the seed box and start a new game to play "
              "the same deal.",
        "ko": "이 게임의 시드: {seed}. 시드 칸에 입력하고 새 게임을 시작하면 같은 패로 할 수 있습니다.",
        "ja": "この対局のシード：{seed}。シード欄に入力して新しい対局を始めると、同じ配牌で遊べます。",
    },
    "play.hand_of": {"en": "{name}'s hand:", "ko": "{name}의 보유 타일:", "ja": "{name}の手牌："},
    "play.target": {"en": "on {on}, {side}", "ko": "{on}의 {side}", "ja": "{on}の{side}"},
    "play.target_open": {
        "en": 'open with {tile}',
        "ko": '첫 타일로 {tile} 놓기',
        "ja": '{tile} で始める',
    },
    "play.role_human": {"en": "{name} (you)", "ko": "{name} (나)", "ja": "{name} (あなた)"},
    "play.role_computer": {"en": "{name} (computer)", "ko": "{name} (컴퓨터)",
                           "ja": "{name} (コンピューター)"},
    "play.team_seats": {"en": "seats {a} + {b}", "ko": "{a}번 + {b}번 자리", "ja": "席{a} + 席{b}"},
    "play.scoreboard": {
        "en": "Scores in display points (5 raw = 1 point); the first to {target} wins (R3, R26).",
        "ko": "표시 점수 (원점수 5 = 1점). 먼저 {target}점에 도달하면 승리합니다.",
        "ja": "表示得点 (換算前の得点5点 = 1点)。先に{target}点に達すれば勝ちです。",
    },
    "play.score_of": {"en": "{points} / {target}", "ko": "{points}점 / {target}점",
                      "ja": "{points}点 / {target}点"},
    "play.status_turn": {
        "en": "{name}, your turn: choose a tile from your hand.",
        "ko": "{name}의 차례입니다. 보유 타일에서 하나를 고르세요.",
        "ja": "{name}の手番です。手牌から牌を選んでください。",
    },
    "play.status_again": {
        "en": "{name}, you place again (R17): choose a tile from your hand.",
        "ko": "{name}이(가) 한 번 더 놓습니다. 보유 타일에서 하나를 고르세요.",
        "ja": "{name}がもう一度置きます。手牌から牌を選んでください。",
    },
    "play.status_chosen": {
        "en": '{name}: choose where to place {tile}; its legal points are lit on the board.',
        "ko": '{name}: 놓을 곳을 고르세요 ({tile}). 놓을 수 있는 자리가 배치판에 빛납니다.',
        "ja": '{name}：{tile} を置く位置を選んでください。置ける位置が盤面で光っています。',
    },
    "play.status_pending": {
        "en": "{name}, the drawn tile {tile} fits: place it now (R18).",
        "ko": "{name}, 뽑은 타일 {tile}을(를) 놓을 수 있으니 지금 놓으세요.",
        "ja": "{name}、引いた牌 {tile} は置けるので今置いてください。",
    },
    "play.status_draw": {
        "en": "{name}, no tile in your hand fits: draw from the boneyard (R18).",
        "ko": "{name}, 놓을 수 있는 타일이 없으니 남은 타일 더미에서 뽑으세요.",
        "ja": "{name}、置ける牌がないのでタロンから引いてください。",
    },
    "play.status_pass": {
        "en": "{name}, no tile fits and the boneyard is empty: pass (R19).",
        "ko": "{name}, 놓을 수 있는 타일이 없고 남은 타일 더미도 비어 있으니 차례를 넘기세요.",
        "ja": "{name}、置ける牌がなくタロンも空なのでパスしてください。",
    },
    "play.status_computer": {
        "en": "{name} is to move: click “{button}” to see the move.",
        "ko": "{name}의 차례입니다. “{button}”을(를) 눌러 수를 확인하세요.",
        "ja": "{name}の手番です。「{button}」を押すと手が表示されます。",
    },
    "play.status_computer_again": {
        "en": "{name} places again (R17): click “{button}” to see the move.",
        "ko": "{name}이(가) 한 번 더 놓습니다. “{button}”을(를) 눌러 수를 확인하세요.",
        "ja": "{name}がもう一度置きます。「{button}」を押すと手が表示されます。",
    },
    "play.status_hand_over": {
        "en": "Hand {hand} is over: see the settlement below, then deal the next hand.",
        "ko": "라운드 {hand}이(가) 끝났습니다. 아래 정산을 확인한 뒤 다음 라운드를 나누세요.",
        "ja": "ハンド{hand}は終わりました。下の精算を確認してから次のハンドを配ってください。",
    },
    "play.status_game_over": {
        "en": "The game is over: see the result below.",
        "ko": "경기가 끝났습니다. 아래에서 결과를 확인하세요.",
        "ja": "対局は終わりました。下で結果を確認してください。",
    },
    "play.ev_opened": {"en": "{name} opened with {tile}.", "ko": "{name}이(가) {tile}(으)로 시작했습니다.",
                       "ja": "{name}が {tile} で始めました。"},
    "play.ev_placed": {
        "en": "{name} placed {tile} on the {side} of {on}.",
        "ko": "{name}이(가) {tile}을(를) {on}의 {side}에 놓았습니다.",
        "ja": "{name}が {tile} を {on} の{side}に置きました。",
    },
    "play.ev_drew": {
        "en": "{name} drew {tile} from the boneyard: it fits and must be placed now (R18).",
        "ko": "{name}이(가) 남은 타일 더미에서 {tile}을(를) 뽑았습니다. 놓을 수 있으므로 즉시 놓아야 합니다.",
        "ja": "{name}がタロンから {tile} を引きました。置けるので直ちに置きます。",
    },
    "play.ev_drew_again": {
        "en": "{name} drew {tile} from the boneyard: it does not fit (R18).",
        "ko": "{name}이(가) 남은 타일 더미에서 {tile}을(를) 뽑았습니다. 놓을 수 없습니다.",
        "ja": "{name}がタロンから {tile} を引きました。置けません。",
    },
    "play.ev_drew_hidden": {
        "en": "{name} drew a tile from the boneyard: it fits and must be placed now (R18).",
        "ko": "{name}이(가) 남은 타일 더미에서 타일 하나를 뽑았습니다. 놓을 수 있으므로 즉시 놓아야 합니다.",
        "ja": "{name}がタロンから牌を1枚引きました。置けるので直ちに置きます。",
    },
    "play.ev_drew_hidden_again": {
        "en": "{name} drew a tile from the boneyard: it does not fit (R18).",
        "ko": "{name}이(가) 남은 타일 더미에서 타일 하나를 뽑았습니다. 놓을 수 없습니다.",
        "ja": "{name}がタロンから牌を1枚引きました。置けません。",
    },
    "play.ev_passed": {
        "en": "{name} cannot place and the boneyard is empty: pass (R19).",
        "ko": "{name}은(는) 놓을 수 있는 타일이 없고 남은 타일 더미도 비어 있어 차례를 넘깁니다.",
        "ja": "{name}は置ける牌がなくタロンも空なのでパスします。",
    },
    "play.new_game_msg": {"en": "New game: {mode}, seed {seed}.", "ko": "새 게임: {mode}, 시드 {seed}.",
                          "ja": "新しい対局：{mode}、シード{seed}。"},
    "play.lead_lot": {"en": "{name} leads hand {hand}, chosen by lot (R6, R7).",
                      "ko": "제비뽑기로 {name}이(가) 라운드 {hand}의 선공이 됩니다.",
                      "ja": "くじで{name}がハンド{hand}の先手になります。"},
    "play.lead_last": {
        "en": "{name} placed the last tile of the previous hand and leads hand {hand} (R7).",
        "ko": "{name}이(가) 지난 라운드의 마지막 타일을 놓았으므로 라운드 {hand}의 선공입니다.",
        "ja": "{name}が前のハンドの最後の牌を置いたので、ハンド{hand}の先手です。",
    },
    "play.lead_given": {"en": "{name} leads hand {hand}.", "ko": "{name}이(가) 라운드 {hand}의 선공입니다.",
                        "ja": "{name}がハンド{hand}の先手です。"},
    "play.settle_title": {"en": "Settlement of hand {hand}", "ko": "라운드 {hand} 정산",
                          "ja": "ハンド{hand}の精算"},
    "play.settle_none": {
        "en": "The hand ended with a game-winning placement: no settlement is made (R20, R26).",
        "ko": "경기를 끝내는 타일 놓기로 라운드가 끝났으므로 정산하지 않습니다.",
        "ja": "対局を決める配置でハンドが終わったので、精算はしません。",
    },
    "play.settle_blocked": {
        "en": "The hand is blocked: the lowest remaining pip total wins (R22).",
        "ko": "라운드가 막혔습니다. 남은 눈 합계가 가장 적은 쪽이 이깁니다.",
        "ja": "ハンドはブロックされました。残りの目の合計が最も少ない方が勝ちます。",
    },
    "play.settle_blocked_teams": {
        "en": "The hand is blocked: the team whose two partners hold the lower combined total "
              "wins (R22).",
        "ko": "라운드가 막혔습니다. 두 파트너의 합계가 더 적은 조가 이깁니다.",
        "ja": "ハンドはブロックされました。両パートナーの合計が少ないペアが勝ちます。",
    },
    "play.col_player": {"en": "Player", "ko": "플레이어", "ja": "プレイヤー"},
    "play.col_tiles": {"en": "Tiles left", "ko": "남은 타일", "ja": "残りの牌"},
    "play.col_pips": {"en": "Pips", "ko": "눈 합계", "ja": "目の合計"},
    "play.team_total": {"en": "{team}: {pips} together", "ko": "{team}: 합계 {pips}",
                        "ja": "{team}：合計{pips}"},
    "play.settle_tie": {
        "en": "Tied for lowest: each tied winner receives a full bonus from all the other "
              "players' tiles, co-winners included (R24).",
        "ko": "최저 합계 동률: 공동 승자는 각각 다른 공동 승자를 포함한 다른 모든 플레이어의 타일에서 온전한 가점을 받습니다.",
        "ja": "最小値が同点：同点の勝者はそれぞれ、ほかの同点勝者を含む全員の牌から完全な加点を得ます。",
    },
    "play.settle_bonus": {
        "en": "Bonus for {name} from the pips of {payers}: {pips} → {rounded} → {points} points "
              "(R23).",
        "ko": "{name}의 가점 ({payers}의 눈 합계): {pips} → {rounded} → {points}점.",
        "ja": "{name}の加点 ({payers}の目の合計)：{pips} → {rounded} → {points}点。",
    },
    "play.settle_rounding": {
        "en": "The pips are added, rounded to the nearest multiple of 5 (remainder 1 or 2 down, "
              "3 or 4 up) and divided by 5; the winner's own tiles are not subtracted and nobody "
              "loses points (R23).",
        "ko": "눈을 모두 더해 가장 가까운 5의 배수로 반올림하고 (나머지 1, 2는 내림, 3, 4는 올림) 5로 "
              "나눕니다. 이긴 쪽의 타일은 빼지 않으며 아무도 점수를 잃지 않습니다.",
        "ja": "目を合計し、最も近い5の倍数に丸めて (余り1、2は切り捨て、3、4は切り上げ) 5で割ります。"
              "勝者自身の牌は引かず、誰も点を失いません。",
    },
    "play.settle_scores": {"en": "Scores now: {scores}.", "ko": "현재 점수: {scores}.",
                           "ja": "現在の得点：{scores}。"},
    "play.score_item": {"en": "{name} {points}", "ko": "{name} {points}점", "ja": "{name} {points}点"},
    "play.winner": {"en": "Winner: {names} (R28).", "ko": "승자: {names}.", "ja": "勝者：{names}。"},
    "play.winners_shared": {
        "en": "Shared win: {names} reached {target} in the same settlement (R27).",
        "ko": "공동 승리: {names}이(가) 같은 정산에서 {target}점에 도달했습니다.",
        "ja": "勝利を共有：{names}が同じ精算で{target}点に達しました。",
    },
    "play.win_open": {
        "en": "The winning placement: {name} opened with {tile}: {sum}; that makes {score} "
              "points, the target {target} is reached (R26).",
        "ko": "승리를 결정한 놓기: {name}이(가) {tile}(으)로 시작했습니다. {sum}. {score}점이 되어 "
              "목표 {target}점에 도달했습니다.",
        "ja": "勝利を決めた配置：{name}が {tile} で始めました。{sum}。{score}点になり、目標の"
              "{target}点に達しました。",
    },
    "play.win_place": {
        "en": "The winning placement: {name} placed {tile} on the {side} of {on}: {sum}; that "
              "makes {score} points, the target {target} is reached (R26).",
        "ko": "승리를 결정한 놓기: {name}이(가) {tile}을(를) {on}의 {side}에 놓았습니다. {sum}. "
              "{score}점이 되어 목표 {target}점에 도달했습니다.",
        "ja": "勝利を決めた配置：{name}が {tile} を {on} の{side}に置きました。{sum}。{score}点"
              "になり、目標の{target}点に達しました。",
    },
    "play.win_settlement": {
        "en": "The hand-end bonus brought {names} to {target} or more (R25, R27).",
        "ko": "라운드 종료 가점으로 {names}이(가) {target}점 이상이 되었습니다.",
        "ja": "ハンド終了時の加点で{names}が{target}点以上になりました。",
    },
    "play.start_new": {
        "en": "To play again, choose a mode and click “{button}” below.",
        "ko": "다시 하려면 아래에서 방식을 고르고 “{button}”을(를) 누르세요.",
        "ja": "もう一度遊ぶには、下で形式を選んで「{button}」を押してください。",
    },
    "play.not_your_turn": {
        "en": "It is not your turn: {name} is to move. Click “{button}” to see the move.",
        "ko": "지금은 내 차례가 아닙니다. {name}의 차례입니다. “{button}”을(를) 눌러 수를 확인하세요.",
        "ja": "今はあなたの手番ではありません。{name}の手番です。「{button}」を押すと手が表示されます。",
    },
    "play.human_to_move": {
        "en": "There is no computer move to make: it is {name}'s turn.",
        "ko": "컴퓨터가 둘 차례가 아닙니다. {name}의 차례입니다.",
        "ja": "コンピューターの手番ではありません。{name}の手番です。",
    },
    "play.stale_tile": {
        "en": '{tile} is not in your hand any more; the board shows your current hand.',
        "ko": '이 타일은 이제 보유 타일에 없습니다: {tile}. 배치판에 현재 보유 타일이 보입니다.',
        "ja": '{tile} はもう手牌にありません。盤面に今の手牌が表示されています。',
    },
    "play.stale_target": {
        "en": 'That placement is not offered for the chosen tile; choose again on the board.',
        "ko": '그 자리에는 고른 타일을 놓을 수 없습니다. 배치판에서 다시 고르세요.',
        "ja": 'その位置には選んだ牌を置けません。盤面で選び直してください。',
    },
    "play.fits_nowhere": {
        "en": "{tile} fits nowhere: no open connection point shows a {low} or a {high} (R9).",
        "ko": "{tile}은(는) 놓을 곳이 없습니다. {low} 또는 {high}인 가능한 연장 연결 지점이 없습니다.",
        "ja": "{tile} はどこにも置けません。{low}か{high}の接続可能位置がありません。",
    },
    "play.fits_nowhere_double": {
        "en": "{tile} fits nowhere: no open connection point shows a {number} (R9).",
        "ko": "{tile}은(는) 놓을 곳이 없습니다. {number}인 가능한 연장 연결 지점이 없습니다.",
        "ja": "{tile} はどこにも置けません。{number}の接続可能位置がありません。",
    },
    "play.tile_open": {
        "en": 'The layout is empty: {tile} opens the hand (R8); click the lit place in the middle of the board.',
        "ko": '배치가 비어 있으므로 이 타일로 라운드를 시작합니다: {tile}. 배치판 가운데의 빛나는 자리를 누르세요.',
        "ja": '配置は空なので {tile} でハンドを始めます。盤面の中央で光っている位置をクリックしてください。',
    },
    "play.tile_fits": {
        "en": '{tile} fits in {count} place(s), lit on the board: click one of them.',
        "ko": '{tile}: 놓을 수 있는 자리 {count}곳이 배치판에 빛납니다. 그중 하나를 누르세요.',
        "ja": '{tile} は{count}か所に置けます (盤面で光っている位置)。どれかをクリックしてください。',
    },
    "play.no_undo": {"en": "There is no earlier decision of yours to take back.",
                     "ko": "되돌릴 이전 선택이 없습니다.", "ja": "取り消せる以前の選択はありません。"},
    "play.undo_off": {"en": "Undo is available in practice mode only.",
                      "ko": "되돌리기는 연습 모드에서만 할 수 있습니다.",
                      "ja": "取り消しは練習モードでのみ使えます。"},
    "play.undone": {
        "en": "Took back {count} action(s): {name} chooses again before placing {tile}.",
        "ko": "행동 {count}개를 되돌렸습니다. {name}이(가) {tile}을(를) 놓기 전으로 돌아가 다시 고릅니다.",
        "ja": "{count}手を取り消しました。{name}が {tile} を置く前に戻って選び直します。",
    },
    "play.bad_seed": {
        "en": "The seed must be a whole number, or empty for a random deal: {text}",
        "ko": "시드는 정수여야 하며, 비우면 무작위로 나눕니다: {text}",
        "ja": "シードは整数で指定します。空欄ならランダムに配ります：{text}",
    },
    "play.bot_illegal": {
        "en": "The computer player of {name} chose an action that is not allowed; the game is "
              "unchanged: {error}",
        "ko": "{name}의 컴퓨터 플레이어가 허용되지 않는 행동을 골랐습니다. 게임은 그대로입니다: {error}",
        "ja": "{name}のコンピューターが許されない行動を選びました。対局はそのままです：{error}",
    },
    "play.auto_no_loop": {
        "en": "Automatic play needs a running event loop (as in a notebook); use “{button}” "
              "instead.",
        "ko": "자동 진행은 이벤트 루프가 실행 중일 때만 됩니다. 대신 “{button}”을(를) 쓰세요.",
        "ja": "自動進行にはイベントループの実行が必要です。代わりに「{button}」を使ってください。",
    },
    "play.hint_text": {"en": "Hint: {text}", "ko": "힌트: {text}", "ja": "ヒント：{text}"},
    "play.moves_title": {"en": "Moves of hand {hand} ({count})", "ko": "라운드 {hand}의 진행 ({count})",
                         "ja": "ハンド{hand}の経過 ({count})"},
    # ---------------------------------------------------------------- narration (narration.py)
    "narr.sum": {
        "en": '{expr} → {raw} raw, {display} points',
        "ko": '{expr} → 원점수 {raw}, 표시 점수 {display}점',
        "ja": '{expr} → 換算前の得点{raw}点、表示得点{display}点',
    },
    "narr.no_score": {
        "en": '{expr}: not a positive multiple of 5, no score (R15)',
        "ko": '{expr}: 5의 양의 배수가 아니므로 득점하지 않습니다',
        "ja": '{expr}：5の正の倍数ではないので0点です',
    },
    "narr.preview": {
        "en": '{sum}. {turn}',
        "ko": '{sum}. {turn}',
        "ja": '{sum}。{turn}',
    },
    # ---------------------------------------------------------------- the board (widgets/board.py)
    "board.label": {
        "en": 'Board: choose a tile from your hand, then one of its lit places.',
        "ko": '배치판: 보유 타일을 하나 고른 뒤 빛나는 자리 중 하나를 고르세요.',
        "ja": '盤面：手牌から牌を選び、光っている位置のどれかを選んでください。',
    },
    "board.label_readonly": {
        "en": 'Board (to watch, not to play on).',
        "ko": '배치판 (보기 전용).',
        "ja": '盤面 (表示専用)。',
    },
    "board.bad_message": {
        "en": 'The board sent a choice that cannot be read; nothing changed.',
        "ko": '배치판에서 읽을 수 없는 선택이 왔습니다. 아무것도 바뀌지 않았습니다.',
        "ja": '盤面から読み取れない選択が届きました。何も変わっていません。',
    },
    "board.stale": {
        "en": 'The board had changed before that choice arrived; nothing changed. Choose again on the board as it is now.',
        "ko": '선택이 도착하기 전에 배치판이 바뀌었습니다. 아무것도 바뀌지 않았으니 지금의 배치판에서 다시 고르세요.',
        "ja": '選択が届く前に盤面が変わりました。何も変わっていないので、今の盤面で選び直してください。',
    },
    "board.readonly": {
        "en": 'This board is for watching; it takes no moves.',
        "ko": '이 배치판은 보기 전용이라 수를 받지 않습니다.',
        "ja": 'この盤面は表示専用なので手を受け付けません。',
    },
    # ---------------------------------------------------------------- end of play widget block
}


_ONE_POINTS = re.compile(r"(?<![\d.,])(1) points\b")


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
    text = entry[check_lang(lang)].format(**params)
    if lang == "en":  # "1 points" -> "1 point": the one plural English needs here
        text = _ONE_POINTS.sub(r"\1 point", text)
    return text


def side_name(side: Side | str, lang: str = "en") -> str:
    """The name of a connection point in *lang* (glossary)."""
    return t(f"side.{Side.coerce(side).value}", lang)
