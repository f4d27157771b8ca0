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
        "ko": "합산한 기여값이 {total}이므로 지금 원점수 {raw} (표시 점수 {points}점)를 얻습니다.",
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
        "ko": "같은 점수를 내는 배치 중 가장 눈이 많은 타일 {tile} ({pips}눈)을 내려놓습니다. "
              "라운드가 끝날 때 손에 남은 타일은 상대의 가점이 됩니다.",
        "ja": "同じ得点の配置のうち、目がいちばん多い牌 {tile} ({pips}目) を手放します。"
              "ハンドの終わりに手に残った牌は相手の加点になります。",
    },
    "bots.next": {
        "en": "Next, {tile} can score {raw} raw ({points} points).",
        "ko": "다음에 {tile}(으)로 원점수 {raw} (표시 점수 {points}점)를 얻을 수 있습니다.",
        "ja": "続けて {tile} で換算前の得点{raw}点 (表示得点{points}点) を得られます。",
    },
    "bots.keeps": {
        "en": "It keeps {tile}, which would score {raw} raw ({points} points) on this layout "
              "later.",
        "ko": "{tile}은(는) 남겨 둡니다. 배치가 이대로라면 나중에 원점수 {raw} (표시 점수 "
              "{points}점)를 얻을 수 있습니다.",
        "ja": "{tile} は残しておきます。配置がこのままなら、後で換算前の得点{raw}点 (表示得点"
              "{points}点) を得られます。",
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
