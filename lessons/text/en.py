"""English markdown of the tutorial notebooks (see ../build.py).

Write rule numbers as plain text, "(R17)" or "R13–R15": the builder turns each into a link to
its anchor on the language's rules page. Players are numbered from 1 in every text (the code's seats from 0).
Send the learner to another lesson by the text that teaches it, "lesson {lesson:end.next_leader}":
the builder writes the number of the lesson that shows that text.
"""

TEXT = {
    # ------------------------------------------------------------------ navigation
    "nav": """---
**Back:** [{back_title}]({back}) · **Next:** [{next_title}]({next}) · \
**Start:** [{start_title}]({start})""",
    "title.index": "all languages",
    # ------------------------------------------------------------------ 00 start
    "start.intro": """# Horse Race — learn the game in Jupyter

**Horse Race** is a domino game of the Fives family. Look at the picture below: tiles are joined
where their numbers match, and after every placement the numbers at the open ends are added up.
When that total is a multiple of 5, the player who placed the tile scores. Two things make the
game its own: **every double is a spinner** that can grow in four directions, and some tiles let
you place again.

Each lesson starts with something to look at or to do, and every exercise checks your answer at
once and explains it with the rule. Run each notebook from the top (*Run → Run All Cells*), then
work with the widgets.""",
    "start.contents": """## Contents

{number:tiles_players}. [{name:tiles_players}]({notebook:tiles_players}) — the 28 tiles, who plays, the deal and the
   boneyard, who leads, the opening tile (R1, R2, R5, R6, R8)
{number:joining_spinners}. [{name:joining_spinners}]({notebook:joining_spinners}) — how tiles join, spinners, singles
   (R9–R12)
{number:scoring_ends}. [{name:scoring_ends}]({notebook:scoring_ends}) — which ends count, the short layout examples, predict
   the next step, exercises (R3, R13–R15)
{number:turns}. [{name:turns}]({notebook:turns}) — placing again, scores written down at once, placing when you can
   (R4, R16, R17)
{number:drawing}. [{name:drawing}]({notebook:drawing}) — drawing, the drawn-tile rule, passing, the blocked hand, and what
   comes first (R18–R20)
{number:settlement}. [{name:settlement}]({notebook:settlement}) — the settlement and its rounding, partnerships, ties,
   who leads next (R7, R21–R25)
{number:end_of_game}. [{name:end_of_game}]({notebook:end_of_game}) — winning at 61 (R26–R28)
{number:play}. [{name:play}]({notebook:play}) — a match against the computer, a class-length game, and a
   review of the decisions
{number:classroom}. [{name:classroom}]({notebook:classroom}) — one clean page for Voilà
{number:puzzles}. [{name:puzzles}]({notebook:puzzles}) — find the best move, with a ladder of hints

**For the teacher** (the guide holds the answer keys: not a page for learners):

{number:teacher_guide}. [{name:teacher_guide}]({notebook:teacher_guide}) — 45-minute class plans, the rule card to print,
   the answer key, the mistakes to watch for
{number:class_report}. [{name:class_report}]({notebook:class_report}) — the class's stars and the
   rules most missed, from the learners' results files""",
    "start.rules": """## The rules

The rules of the game are on one page: [the rules of Horse Race](../rules.md) (print it for the
table). Every rule there has a number from R1 to R28, and every number in these lessons links to
it: a click on R17 opens the page at rule R17. Players are numbered from 1 in the lessons and on
the rules page (the code counts its seats from 0: seat 0 is player 1).""",
    "start.voila": """## For teachers

The [teacher guide]({notebook:teacher_guide}) has a lesson plan, the answer key of every exercise
and the mistakes learners make most. To show the game to a class without any code on screen,
serve the lessons' folder with Voilà from the project folder:

```sh
.venv/bin/voila notebooks/
```

open the address it prints and choose `en` → `{notebook:classroom}`: the classroom page, where a
click on a rule number opens the rules page. Every learner who types the same **seed** in *New game* gets the
same deal.""",
    # ------------------------------------------------------------------ 01 tiles
    "tiles.intro": """# {number:tiles_players}. Tiles and players

**Your task:** below is a whole Horse Race set, one row for each smaller number. Before you read
on, count: how many tiles are there? How many **doubles** — tiles with the same number on both
halves? Run the cell and count.""",
    "tiles.set": """## The tiles

Horse Race uses one complete **double-six** set: 28 tiles, no two alike (R1). Each half of a tile
shows 0 to 6 pips. A tile is written with its smaller number first: `[1|4]`, never `[4|1]`. The
seven tiles with the same number on both halves are the **doubles**; every other tile is a
**single**. The cell counts the set and lists the doubles: did you count the same?""",
    "tiles.players": """## Who plays

Two, three or four people play, each for themselves; or four people play as two pairs (R2).
Partners **sit opposite** each other and share one score: players 1 and 3 against players 2 and 4.

**Look:** the picture shows a partnership game from player 1's seat. Find your partner and the two
teams' scores. Your own tiles are face up at the bottom: they are your **hand**. The other hands
are face down. (*Hand 1* on the top line means the first deal: more on that word below.)""",
    "tiles.deal": """## The deal and the boneyard

All 28 tiles are shuffled face down. Each player gets **7** tiles with 2 players, **6** with 3,
**5** with 4 (R5). The tiles nobody gets stay face down on the table: that pile is the
**boneyard**. You draw from it when no tile in your hand fits (lesson {lesson:turns.draw}). Hands are private.

**Your task:** how many tiles stay in the boneyard with 2, 3 and 4 players? Work it out, then run
the cell: each line is one deal — the number of players, the size of every hand, and (after the
bar) the size of the boneyard.""",
    "tiles.deal_picture": """What player 1 sees of a 3-player deal: 6 tiles in hand, the two other hands face down, and the
boneyard's count at the top.""",
    "tiles.lot": """## Who places the first tile

**One word, two meanings.** *Hand* is the tiles a player holds ("your hand"), and also one deal
played to its end ("the first hand", "the next hand"). The sentence tells you which.

The first hand's leader is chosen by a **neutral lot** (R6): every player rolls a die, and if the
highest roll is tied, only the tied players roll again. Holding a high double such as `[6|6]`
gives **no** right to lead.

**Look:** the cell shows the lot of a 4-player game, one line per round of rolls (player: roll).
Who rolls again? The next line names the leader, the last one the player who holds `[6|6]` — not
the leader. Who leads the **next** hands is taught in lesson {lesson:end.next_leader} (R7).""",
    "tiles.first_tile": """## The first tile

The leader may open with **any** tile from their hand (R8); it lies alone in the middle of the
table. The tiles on the table are the **layout**. The opening tile counts for scoring like every
other tile (lesson {number:scoring_ends}).

**Your task:** you are player 1 and you lead this 2-player hand. Which of your seven tiles may you
open with? Decide, then run the cell and read the line under the picture.""",
    "tiles.practice": """## Your turn

Three questions on what you just read. Choose your answer, then press *Check*. *Hint* reminds
you of the rule, then points at where to look. Each question earns up to 3 stars: 3 at the
first try, 2 at the second, 1 after that, one fewer for each hint, none after *Show answer*.""",
    "practice.check": """**Check yourself** on what you have just read: answer, then press
*Check*.""",
    "tiles.coders": """## Optional: for coders

You may type a tile in several ways; it is always shown smaller number first. A game's `hands`
are the tiles each player holds (the code counts its seats from 0: `hands[0]` is player 1's
hand). Change the seed and deal again.""",
    "joining.intro": """# {number:joining_spinners}. Joining and spinners

**Your task:** the layout below holds `[1|4]` and, on its 4, the double `[4|4]`. A tile joins
where an open point shows the same number as one of its halves (R9). Where could `[1|3]` go? And
`[4|6]`? Find the points on the picture, then read on.""",
    "tiles.spinners": """## Every double is a spinner

**Every double is a spinner** (R10): it is laid crosswise and has four connection points —
*straight A* and *straight B* along the line, *branch A* and *branch B* at right angles. A double
that joins the layout uses its straight A; a double that opens a hand has both straights open.
The branches open only after **both** straight sides are filled (R11). An orange outline marks a
spinner.

So `[1|3]` joins the 1 of `[1|4]`, and `[4|6]` only straight B of `[4|4]` — no branch yet.

**Look:** step through the layout of the rule texts with the buttons or the slider, and watch
when the branches of `[4|4]` open. The replay leaves out the sums and the turn lines until lessons
3 and 4.""",
    "tiles.step": """**Your task:** at step 4, `[3|4]` goes on straight B of `[4|4]`. Which points of `[4|4]` are open
after it? Decide, then run the cell (it also moves the replay above to step 4) and check your
answer on the picture.""",
    "code.predict": "Answer the task above first, then run this cell and press “Show answer”.",
    "code.hint_count": "1, 2, 3 …: one more hint each time",
    "code.my_turn": "your placements, in order",
    "code.rows": "one row for each smaller number",
    "code.lot_rounds": "one line per round of the lot",
    "code.first_leader": "the first leader (players count from 1)",
    "code.holds_66": "who holds [6|6]",
    "code.hand": "player 1's hand: the tiles held",
    "code.change": "change the tiles and run the cell again",
    "code.opening": "the opening tile, placed on its own",
    "code.my_total": "write your end total here",
    "code.my_score": "and the raw score",
    "code.at_once": "the scores at once (R4)",
    "code.both_seats": "the computer plays both seats",
    "code.went_out": "led, then went out",
    "code.leads_next": "leads the next hand (R7)",
    "code.pips_left": "empty boneyard; the pips left",
    "code.new_lot": "the new lot",
    "code.random_first": "a random player as player 1",
    "code.seventh": "after the seventh placement",
    "code.task_one": "the answer of task 1, below",
    "code.every_case": "every designed case as its lesson shows it, in a position of its own",
    "code.by_section": "section by section",
    "code.on_request": "the key on request: the site carries no stored key",
    "code.own_position": "a position of your own: a code, a link, a puzzle",
    "code.pick_files": "pick the files with the button",
    "code.show_doc": "puzzle `number` (1–6): its question and its board",
    "code.ask_doc": "the first `hints` hints, the verdict on your turn and, once it is right, the puzzle's title",
    "tiles.walk": """The Japanese rule text walks round one spinner: `[5|5]` opens, then `[2|5]` and `[3|5]` fill its
two straight sides, and only then can `[4|5]` go on a branch (R10, R11). Step through it:""",
    "tiles.build": """## Optional: for coders

**Build a layout yourself.** `place` adds a tile: the opening tile on its own, every other one
`on` a tile of the layout at a `side` (`'low'`, `'high'`, `'straight_a'`, `'straight_b'`,
`'branch_a'`, `'branch_b'`). Change the tiles and run the cell again.""",
    "tiles.singles": """## Singles

A tile that is not a double (a **single**) has a low end and a high end; it joins by the end that
matches, and its other end becomes a new end of the layout (R12).

**Your task:** `[1|6]` joins straight B of `[1|1]`. By which end does it join, and which number is
the new end? Decide, then run the cell and check your answer on the picture.""",
    "tiles.branches": """A placement that breaks a rule is refused with a sentence that names the rule, and the layout
stays as it was. **Predict** before you run the cell: may `[4|5]` go on branch A of `[4|4]` in this
layout?""",
    "tiles.exercises": """## Your turn

Which points are open? Click each on the board (a second click takes it back), then *Check*.""",
    "tiles.exercises_branches": """**Check yourself:** a double's straights and branches. Which
points are open? Click each, then press *Check*.""",
    "tiles.exercises_joins": """**Check yourself:** which end of a tile joins (R12)? Click the
point, then press *Check*.""",
    # ------------------------------------------------------------------ 02 scoring
    "scoring.intro": """# {number:scoring_ends}. Scoring ends

**Your task:** `[3|6]` opened this hand, and the double `[6|6]` joined its 6. After every
placement the player adds up the numbers at the **ends** of the layout. What do these ends add up
to? Write down your total, then read on.""",
    "scoring.ends": """## What the ends add

After **every** placement, add up what every end contributes (R13):

- the open end of a single adds its number (a 0 end adds 0, and still counts as an end);
- a double with at least one open straight side adds **both halves, counted once** (`[6|6]`
  adds 12);
- a double whose two straights are filled is inside the layout and adds nothing;
- an unused branch adds 0; a branch with tiles on it counts through the outer end of its line.

Here `[6|6]` adds 12 and the 3 end of `[3|6]` adds 3: 15. The picture now shows it: a **filled
number** is what an end adds, a **hollow dot** an open point that adds nothing.""",
    "scoring.rules": """## The placement score

If the total is a positive multiple of 5, the player who placed the tile scores that many **raw**
points; 5 raw points make 1 **display point**, the points on the score sheet, and the game is
played to 61 of them (R3, R15). Any other total, 0 included, scores nothing — for the first tile of
a hand too.

**Your task:** which of these opening tiles score: `[0|5]`, `[2|3]`, `[1|2]`, `[4|6]`? Then run
the cell: each line is the tile, its raw points and its display points (raw ÷ 5).""",
    "scoring.double_22": """## The examples of the rule texts

An opening `[2|2]`: a double with an open straight side counts both halves, once.""",
    "scoring.double_00": """An opening `[0|0]`: an end, but it adds 0 — and a total of 0 scores
nothing.""",
    "scoring.open_vs_counted": """## Open points are not always scoring ends

An open connection point is where a tile may go; a scoring end is what is added up (R14). After
`[1|2]` fills the second straight of `[1|1]`, its two branches are open but count nothing. Each
line: ● counted or ○ not counted, the tile, the point, and the number it shows.""",
    "scoring.predict": """## Predict the next step

The documented layout again, in **predict mode**: before each placement is shown, say what will
happen — where the tile goes (click its point on the board: the click is the answer), the end
total, or the score (type it and press *Check*). A right answer shows the step; *Show the step* shows it anyway. Untick the box to
step freely.""",
    "scoring.exercises": """## Your turn

Which open points count, and what is the end total? Click the points or type the total, then
press *Check*. The ends' numbers are hidden: work them out from the tiles.""",
    "scoring.exercise_code": """## Optional: for coders

Answer in code: the last layout of the documented sequence, with its numbers hidden. Replace the
two `None`s with your end total and raw score, and run the cell again.""",
    # ------------------------------------------------------------------ 04 turns
    "turns.intro": """# {number:turns}. Turns

Player 1 opens the hand with `[1|4]`: 4 + 1 = 5, a score. Who places next: player 1 again, or
player 2?

Say your answer before every step of the hand below, then press *Next* and see who placed the
tile. The lines that explain the turn are hidden for now: this lesson and lesson
{lesson:turns.draw} teach them. The hands
in this lesson's replays are shortened: only the tiles an example needs are dealt, not all 28.
Run the cell first: it also loads the tools of the lesson.""",
    "turns.again": """## Placing again

On your turn you place one tile. A tile from your hand that is a **double**, or that **scores**,
lets you place **again** (R17). A scoring double gives one more placement, not two; if that tile
is again a double or scores, you go on. Going on is not a choice: you must place again if you can. Any other tile ends your turn, and play goes
on clockwise (R8).""",
    "turns.recorded": """Every score is written down the moment it is made (R4).""",
    "turns.must": """## You must place if you can

If a tile from your hand fits, you **must** place one; you may not draw instead (R16). This
holds on every placement of a turn, the second too.""",
    "turns.draw": """## Drawing

Only when nothing fits do you draw from the boneyard, one tile at a time, up to the first that
fits, and place it at once: **a freshly drawn tile always ends the turn**, even a double or a
scoring tile (R18). The hand of lesson {number:turns} again, now with its turn lines:""",
    "drawing.intro": """# {number:drawing}. Drawing and passing

What if **no** tile in your hand fits? Say player 1 draws a tile that fits and scores. Does
player 1 place again, as after a scoring tile from hand (lesson {number:turns})? Decide, then read
on. Then come passing, the blocked hand, and a game won in the middle of a turn (R18–R20). The
replays are shortened hands: only the tiles an example needs are dealt.""",
    "turns.learn": """## Try to draw

You are player 1 in a one-hand game. Player 2, the computer, leads: press *Computer's next move*
until it is your turn. On your turn, while a tile of yours fits, press *Draw a tile* or *Pass*:
the game says why you may not (R16). Then place a tile instead, and play on.""",
    "turns.pass": """## Passing and the blocked hand

With no tile to place and an empty boneyard you **pass** (R19). Here player 2 passes; player 1
then places their last tile, and the hand is over (what player 1 receives for it is lesson {number:settlement}'s topic).

**Hand** has two meanings in these lessons: the tiles a player holds ("a tile from your hand"),
and one deal, from the first tile to the settlement ("the hand is over").""",
    "turns.blocked": """When the boneyard is empty and **nobody** can place, the hand is
**blocked** and ends at once (R19). Here the first tile is `[3|3]`, nobody holds a 3, and the
boneyard is empty: a shortened hand, since in a deal of all 28 tiles the other tiles with a 3
would be in a hand or in the boneyard. The sentence under the replay's buttons already says who wins it; lesson {number:settlement} explains why (R22).""",
    "turns.end_first": """## The end comes first

The end of the hand or of the game comes before any continuation: nothing more is placed after
it (R20). Player 1 stands at 60 and opens with `[4|6]`: 4 + 6 = 10 scores 2 points and reaches
62. A scoring tile would let them place again, and `[6|6]` is still in their hand, but the game
is already over (R26).""",
    "turns.exercises": """## Your turn

Who places next? Choose, then press *Check*. Each hint
costs a star.""",
    "turns.coders": """## Optional: for coders

The same hand in code: each action returns an event that says what was added up, what it
scored, and whether the turn goes on and why. The indented numbers are the two players' points
after each action: points are recorded the moment they are made (R4).""",
    "turns.must_place": """Drawing while a tile from your hand fits is refused, with the rule
(R16):""",
    # ------------------------------------------------------------------ 05 settlement
    "settle.intro": """# {number:settlement}. The settlement

Player 1 has just placed their last tile: they win the hand (R21). Player 2 still holds tiles
worth 17 pips. How many points does player 1 get: 17, 4 or 3? Make your guess before you look at
the replay below: the sentence under its buttons gives the answer, and its last step shows it.

The hands in this lesson's replays are shortened: only the tiles an example needs are dealt, not
all 28. Run the cell first: it also loads the tools of the lesson.""",
    "settle.rounding": """## Add, round once, divide by 5

The winner scores the **opponents'** remaining pips: add them all, round that one sum to the
nearest multiple of 5 (remainder 1 or 2 rounds down, 3 or 4 rounds up), and divide by 5 (R23).
The winner's own pips are not subtracted, nobody loses points, and the losers gain nothing.

Each line: the pips, rounded, the points. 17 rounds **down** to 15, not to 10 or 20: 17 → 15 →
3 points.""",
    "settle.partners": """## Partners

With partners, the winner's partner is left out: the partner holds 7, the opponents 9 and 8,
together 17 → 15 → 3 points for the team (R2, R23). Step through it:""",
    "settle.blocked": """## The blocked hand

Nobody went out, so the **lowest** total of pips left in hand wins. Partnerships compare the two
partners' combined totals, not the lightest single hand (R22). Here 1 + 17 = 18 against 5 + 6 =
11: the second team has the lower total, so it wins and receives the first team's 18 → 20 → 4
points (R23).""",
    "settle.ties": """## Ties

When a blocked hand ends in a tie for the lowest total, every tied player receives one full bonus
from all the **other** players' tiles, the other co-winners included; nothing is split (R24).
With 4, 4, 4 and 14 left, each of the three receives 4 + 4 + 14 = 22 → 20 → 4 points. All the
bonuses of a hand are one settlement, applied together (R25).""",
    "settle.tie_teams": """Teams tied at 12 and 12 each receive the other team's 12 → 10 → 2
points, once per team:""",
    "settle.exercises": """## Your turn

Settle hands yourself: who wins, the pips received, rounded, and the points. Then press
*Check*.""",
    # ------------------------------------------------------------------ 06 end of game
    "end.intro": """# {number:end_of_game}. The end of the game

Both teams stand at 59 points, and the hand is blocked with 12 pips on each side. Each team
gains 12 → 10 → 2 points. Who wins the game: the first team, the second, or both? Make your guess
before you look at the replay below: the sentence under its buttons gives the answer.

The hands in this lesson's replays are shortened: only the tiles an example needs are dealt,
not all 28. Run the cell first: it also loads the tools of the lesson.""",
    "end.winning": """## 61 ends the game at once

A placement that brings a player or team to 61 or more ends the game **at once**, before any
other placement or settlement: 60 + 2 = 62 wins, exactly 61 is not needed (R26, lesson {lesson:turns.end_first}).""",
    "end.shared": """Everyone who reaches 61 in the same settlement shares the win, whatever their final scores
(R27): above, both teams win at 61. The result is a winner or co-winners; nobody wins "by" so
many points (R28).""",
    "end.last_tile": """**An exception:** a last tile that scores and reaches 61 wins the game at
once, so there is no settlement for that hand (R21, R26). Player 1, at 60, places the last tile
`[1|4]`: 4 + 1 = 5 scores 1 point and reaches 61; the opponent's pips are not counted.""",
    "end.next_leader": """## Who leads the next hand

When the game goes on, the player who placed the last tile of a hand leads the next one (R7).
After a **blocked** hand a new neutral lot chooses the next leader, as for the first hand, even
though someone placed its last tile (R6, R7). Holding a high double never gives the lead.""",
    "end.exercises": """## Your turn

Who wins the game, and what is the result? Answer, then press *Check*.""",
    "end.coders": """## Optional: for coders

The computer plays a whole hand below; the first line is the first leader, then the player who
went out; `next_hand()` deals the next hand, and the last line is its leader (R7).""",
    "end.next_leader_blocked": """After a blocked hand: the boneyard is empty (0) and the pips left
in each hand; then the rounds of the new lot, and the new leader (R7).""",
    # ------------------------------------------------------------------ 07 play
    "play.intro": """# {number:play}. Play a match

Play a hand against the computer: you are player 1 (when the computer leads, press *Computer's next
move* until it is your turn). Click a tile in your hand (at the bottom of
the board): the points where it may go light up. Point at one to read what it would make, then
click it to place the tile. With the keyboard: *Tab* or the arrow keys move through your tiles,
*Enter* chooses one and then places it on a lit point, *Escape* clears the choice.

**Choose the game** in the last rows, then press *New game*: the *Mode* (2, 3 or 4 players, or
4 in partnerships), the *Match* length, the *Computer* (*Beginner* places at random, *Medium*
takes the best score now, *Strong* looks ahead), *Pass and play (everyone at this screen)* for
two to four learners at one screen, and the **seed**: the same seed always deals the same game,
so a whole class can play the same deal.""",
    "play.controls": """**Under the board:** *Draw a tile* when no tile in your hand fits (R18),
*Pass* when nothing fits and the boneyard is empty (R19); *Hint*, the strong computer player's
advice with its reason; *Undo my last decision* (with *Practice mode* ticked); *Computer's next
move* and *Play the computer's moves automatically*. After a hand: its settlement with the
rounding, and *Deal the next hand*.""",
    "play.call_first": """## Call it first

Below, *Call it first* is ticked (the check box under the board): the board no longer shows what
a placement would make. After you click a lit point, say what the ends will add up to once the
tile is there: type the end total and press *Call this total*, or press *It scores* or *It does
not score*. You hear whether you were right (R13, R15), and then the tile is placed. Every call is
kept with your results.""",
    "play.class_length": """## A class-length game at one screen

A match to 61 takes longer than a lesson. The *Match* menu offers two shorter games, to 31
points or one hand, labelled as **teaching variants**: the rules say 61 (R26). Below, two
learners play one hand at one screen: only the hand of the player to move is face up, and
between turns each presses *I am Player 2 — show my tiles* once the other looks away.""",
    "play.review_buttons": """## Review a hand

After a hand, *Review this hand* (*Review this game* once the match is over) goes through your
decisions one by one on the board as it was. On each picture **your move is dashed** and **the
strong computer player's choice is green**, with a sentence on what each made and what the
better move was worth. *Close* hides the review.""",
    "play.coders": """## Optional: for coders

`review_game` does the same in code. Here a **random** player is player 1; the cell shows its
costliest decision on the board as it was then: the move played dashed, the strong player's
choice in green.""",
    "play.review_yours": """Your own game in the first widget, reviewed by code: your decisions as
player 1, for the hands played so far (it takes a few seconds).""",
    # ------------------------------------------------------------------ 07 puzzles
    "puzzles.intro": """# {number:puzzles}. Puzzles

Each puzzle is a position in the middle of a hand. You are player 1 and it is your turn: find the
**best** move. The game's engine has checked every answer: it is the only placement (or turn)
that does best.

Click a tile in your hand, then the lit point where it should go; if your turn goes on (a double
or a score, R17), place the next tile the same way.""",
    "puzzles.board": """## The buttons

The widget says at once whether your move is the best and why. *Hint* opens one more hint each
time, gentle first — the last one gives the answer away —, *Try again* puts the position back,
*Show answer* shows it, and *Previous*, the *Puzzle:* menu and *Next puzzle* move between the six
puzzles. Each solved puzzle earns up to three stars, fewer after hints.""",
    "puzzles.in_code": """## Optional: for coders

The same puzzles in code, by number: each has two cells. The first shows the question and the
board, the second checks a turn you write and then names the puzzle.""",
    "puzzles.how": """**How to answer:** run the puzzle's first cell to see the board. In the
second cell, write your placements in `my_turn` — `Place("[5|6]", "[3|6]", "high")` places
`[5|6]` on the high end of `[3|6]`; a turn that goes on (a double or a score) is a list of
several — and run it: it says whether your move is the best and why. Stuck? Set `hints` to 1, 2,
3 … for one more hint each time; the last hint gives the answer away.""",
    # ------------------------------------------------------------------ 10 teacher guide
    "guide.intro": """# {number:teacher_guide}. Teacher guide

This page is for the teacher: how long each lesson takes, 45-minute class plans and a
homework path, the [rule card]({card}) to print (every rule and a layout picture on one A4
page), the answer key of every exercise and puzzle, the mistakes learners make most, and how to
run the classroom site.""",
    "guide.counts": """## How long each lesson takes

Counted from the lessons as they are built (the English text; the Korean and Japanese lessons
have the same cells and tasks): the words of prose a learner reads, the tasks (exercise items,
replays to step through, games), and an estimate: 100 words a minute, 1.5 minutes an exercise
item, 2 minutes a replay, 8 minutes a one-hand game. Learners reading a second language, or
new to JupyterLab, need more. The table is counted again whenever the lessons are built, and
the class plans below are computed from it.""",
    "guide.counts_head": "| lesson | words | exercise items | replays | games | minutes |",
    "guide.before": """## Before the first class

- **Publish the classroom site** on the school's web server or any static host (it is one
  folder of files, see *Running the classroom site* below) and open it once on every pupil
  device the day before the first class (the first load downloads about 47 MiB).
  Write its address on the board, or show it as a QR code: the start page is
  `ADDRESS/lab/index.html?path=index.ipynb`, and every lesson has a direct link (the table at
  the end of this page).
- **Decide the game** and write it on the board: *Mode* 2 players, *Match* one hand, seed
  **45**, *Computer* *Beginner*. Everyone who types the same seed gets the same deal.
- **Pairs:** two pupils to a laptop play together as player 1 against the computer, or against
  each other in pass-and-play (lesson {number:play}).
- Each open lesson starts its own Python in the browser: ask pupils to keep one lesson open at a
  time. Python is ready when the status bar at the bottom says *Python (Pyodide) | Idle* (about
  10 to 15 seconds); then *Run → Run All Cells*.""",
    "guide.plans": """## Class plans

{classes} classes of {limit} minutes take the lessons that teach the rules, in course order.
The plans are computed from the table above, so they change when the lessons do. Each class
keeps {load} minutes for the devices to load (open the site once on every device before the
first class: the first load downloads about 47 MiB), {switch} minute to open each further
lesson, {hand_in} minutes for handing the results in, and {exit} minute for each task of its exit
ticket. A lesson that does not fit in what is left of a class starts the next one; a lesson
longer than a class keeps its reading, replays and games and as many exercise items as fit, and
the rest is homework. Every exit ticket asks only about rules taught in its own class.
The replays are shown on the projector, the class calling out what comes next before each step;
pairs answer the exercises on one device and settle on paper before they answer.""",
    "guide.plan.head": "### Class {n} of {count} ({minutes} of {limit} minutes)",
    "guide.plan.table_head": "| time | what | where |",
    "guide.plan.time": "{start}–{end} min",
    "guide.plan.load": "**Devices load.** Pupils open the site's address, choose their language and open lesson {number}; when Python is ready, *Run → Run All Cells*.",
    "guide.plan.switch": "Open lesson {number} (one lesson open at a time) and *Run All Cells*.",
    "guide.plan.what": "**{title}** ({rules}): {steps}.",
    "guide.plan.read": "read it (about {minutes} min)",
    "guide.plan.replay_one": "its replay on the projector",
    "guide.plan.replays": "its {count} replays on the projector",
    "guide.plan.game_one": "its game",
    "guide.plan.games": "its {count} games",
    "guide.plan.items_all": "all {items} exercise items, in pairs",
    "guide.plan.items_some": "exercise items 1–{items} of {of}, in pairs (the rest is homework)",
    "guide.plan.joiner": ", ",
    "guide.plan.hand_in": "**Results handed in.** On every device: *Download my results* on [the start page]({notebook:start}), then the file to the teacher (lesson {number:class_report} reads them).",
    "guide.plan.exit": "**Exit ticket** (below): one task a minute, on paper.",
    "guide.plan.spare": "Spare: questions, or the next exercise items.",
    "guide.plan.where": "[lesson {number}]({notebook})",
    "guide.plan.exit_head": "**Exit ticket**, with the answers (ask it with laptops closed and tablets face down: the lesson on the screen shows the worked examples it asks about):",
    "guide.exit.deal": "**The deal.** Three players: how many tiles does each hold, and how many are in the boneyard? Answer: 6 each, 10 in the boneyard (R5).",
    "guide.exit.lot": "**The first leader.** Player 2 holds `[6|6]`, the highest double. Who leads the first hand? Answer: the player the lot chooses; a high double gives no right to lead (R6).",
    "guide.exit.seats": "**Partners.** Four players in two partnerships: who is player 1's partner? Answer: player 3, who sits opposite (R2).",
    "guide.exit.join": "**Joining.** An open end shows 4. Can `[4|6]` join there, and which number becomes the new end? Answer: yes, by its 4; its 6 becomes the new end (R9, R12).",
    "guide.exit.spinner": "**A spinner.** `[3|3]` opens the hand and `[3|5]` is placed on one of its straights. Can a tile go on a branch of `[3|3]` now? Answer: not yet: its branches open only after both straights are filled (R10, R11).",
    "guide.exit.total": "**An end total.** The picture after these plans: the documented layout after its seventh placement, numbers hidden. What do the ends add up to (R13), and what does the placement score (R15)? (The answer is printed under the picture.)",
    "guide.exit.display": "**Display points.** A placement scores 15 raw. How many display points is that? Answer: 3: 5 raw make 1 display point (R3).",
    "guide.exit.no_score": "**No score.** After a placement the ends add up to 12. What does it score? Answer: nothing: only a multiple of 5 above 0 scores (R15).",
    "guide.exit.must_place": "**Drawing instead.** Player 1's `[2|5]` fits the layout, but player 1 would rather draw. Allowed? Answer: no: a player who can place a tile from hand must place one (R16).",
    "guide.exit.drawn": "**Who places next?** Player 1 cannot place, draws `[4|4]`, and places it; it scores 10 raw (2 points). Answer: player 2, a freshly drawn tile ends the turn (R18).",
    "guide.exit.again": "**Once more.** Player 1 places `[5|5]` from hand, and the ends do not add up to a multiple of 5. Who places next? Answer: player 1 again: a double placed from hand gives one more placement (R17).",
    "guide.exit.pass": "**Nothing to place.** The boneyard is empty, and none of player 2's tiles fits. What does player 2 do? Answer: pass; the turn goes on to the next player (R19).",
    "guide.exit.end_first": "**The last tile.** Player 1's last tile is a double, and it scores. Does player 1 place again? Answer: no: the hand ends at once, and its end comes before placing again (R20).",
    "guide.exit.settle": "**A settlement.** Player 1 goes out; player 2 holds 17 pips. How many points does player 1 get? Answer: 17 → 15 → **3** points (R23).",
    "guide.exit.leader": "**The next leader.** The hand is blocked; player 2 placed their last tile. Who leads the next hand? Answer: a new lot chooses (R7).",
    "guide.exit.blocked": "**A blocked hand.** Two players, and nobody can place: player 1 holds 9 pips, player 2 holds 14. Who wins the hand, and how many points? Answer: player 1 wins the hand, 14 → 15 → **3** points (R22, R23).",
    "guide.exit.win": "**Reaching 61.** Player 1 has 60 points and places a tile that scores 10 raw (2 points). What happens? Answer: 62 points, and player 1 wins at once; exactly 61 is not needed (R26).",
    "guide.exit.shared": "**Two at once.** Both teams have 59 points, and one settlement gives each team 2. Who wins? Answer: both teams, together: everyone who reaches 61 in the same settlement shares the win (R27).",
    "guide.homework": """## Homework

1. The exercise items a class plan leaves for home (its table says which).
2. Lesson {number:play}: a game to 31 points against the computer, then *Review this hand* for one hand.
3. The puzzles, lesson {number:puzzles}: each *Hint* costs a star, so try first.
4. The start page's *Practise my mistakes*, until the rules missed are green on the map.
5. *Download my results* on the start page, and hand the file in: the class report (lesson {number:class_report})
   reads it.

The **core path** is the lessons' pictures, replays and exercises; the cells under *Optional:
for coders* can be skipped.""",
    "guide.key": """## How each case is asked

The exercises of the lessons are designed sets: one item per case, in the same order for every
learner and in every language, a few after each section of a lesson. A learner who types a
name gets these cases in positions of their own, drawn from the name, so this guide carries no
key to the items learners get: the cell below explains each case, in the lessons' order, with an
example of its own (a position no learner is given), its answer and its rule; `03 · 2.1` is
lesson 3's first item after its second section. Each learner's own items, with their answers,
are in the class report (lesson {number:class_report}).""",
    "guide.key_predict": """**Lesson {number:scoring_ends}, predict mode** (the documented layout): where each tile
goes, then the sum and the score it makes.""",
    "guide.key_puzzles": """**Lesson {number:puzzles}, the puzzles:** each title, then the best move and why.
The code exercise of lesson {number:scoring_ends} (the last layout of the sequence) is answered by the last line (9)
of the predict key above: its total and its score.""",
    "guide.misconceptions": """## Mistakes to watch for

- **Counting an interior double.** Once both straight sides of a double are filled, it adds
  nothing (R13). Learners keep adding `[4|4]` as 8 after step 4 of the documented layout.
- **Counting unused branches.** An open branch is a place to play, not a scoring end: it adds 0
  until a tile is on it (R14).
- **Counting a double once per open side.** A double with both straights open adds both halves
  **once**: `[2|2]` adds 4, not 8 (R13).
- **Thinking a drawn double goes on.** A freshly drawn tile ends the turn, even a double or a
  scoring tile (R18).
- **Drawing instead of placing.** If a tile from hand fits, it must be placed (R16): lesson {lesson:turns.learn}'s
  "try to draw" game lets pupils make this mistake and read why.
- **Rounding 17 down to 10** (or up to 20). Round to the **nearest** multiple of 5: 17 → 15
  (R23).
- **Subtracting one's own pips.** The winner receives the opponents' pips; their own are not
  subtracted, and nobody loses points (R23).
- **Counting the partner's tiles.** With partners, the winner's partner is left out (R23).
- **Waiting for exactly 61.** 60 + 2 = 62 wins at once; and a last tile that reaches 61 earns no
  settlement (R21, R26).
- **A high double leads.** The first leader is chosen by lot (R6); a later hand is led by the
  player who went out, and after a blocked hand by a new lot (R7).""",
    "guide.run": """## Running the classroom site

**The classroom site (JupyterLite)** is the route for a class: the lessons and the classroom
page run in each learner's browser, with nothing to install and no server that computes
anything, so 30 laptops cost the host no more than one (but for the download, about 47 MiB each
the first time). Build it once (the first build downloads the Pyodide core with `npm`):

```sh
.venv/bin/python -m pip install -e ".[lite]"
.venv/bin/python -m horserace_nb.lite build --output site
```

and put the `site` folder on the school's web server or any static host before the class (from
a teacher laptop over classroom Wi-Fi, 30 first downloads at once take minutes). To try it on
your own computer: `.venv/bin/python -m http.server -d site 8000 --bind 127.0.0.1`, then open
<http://127.0.0.1:8000/lab/index.html?path=index.ipynb>. While Python starts in the browser, a
message at the bottom of the page says so; once the status bar says *Python (Pyodide) | Idle*,
choose *Run → Run All Cells*.

**On the projector.** The [classroom page for the projector]({projector}) is the site's
classroom page with large text across the whole width, readable from the back of the room; the
replay steps with ←, → and Space. In a notebook it is `Classroom(lang="en", projector=True)`. With
Voilà on your own computer, serve the whole folder, so that a click on a rule number opens the
rules page too:

```sh
.venv/bin/voila notebooks/
```

then open `en` → `{notebook:classroom}` in the list it shows. Voilà serves the page to this
computer only: it is for your own screen, not for the learners' laptops.""",
    "guide.links": """## Links for the class

Every lesson has an address of its own: the site's address followed by its link in the table
below, for example `https://example.org/horserace/lab/index.html?path=en/{notebook:turns}`. In
the site's file browser, right-click a notebook → *Copy Shareable Link* copies it too. The
[classroom page]({classroom}) (a match against the computer and the worked examples, no code)
is on the site's start page in every language.

**After you publish a new site.** The site keeps a learner's own copy of a notebook in their
browser once it has been saved (by the learner, or by JupyterLab's automatic save). That copy
wins over the new site's version: a learner who has saved a lesson keeps seeing their old copy.
To get the new version, the learner deletes their copy: in the file browser on the left,
right-click the notebook → *Delete*, and *Delete* again to confirm; the new site's version
appears in its place. Their changes are lost with it: to keep them, right-click → *Download*
first. Lessons a learner never saved are new by themselves.

**A shared classroom computer.** Between learners, press **Start fresh** in *My progress* on the
start page (it asks again first). It forgets this site's results, the learner's name and any
copies set aside in this browser, and nothing else (another class's site at the same address
keeps its own). *Help → Clear Browser Data* is not enough on its own: it clears the saved
notebooks and the settings but keeps the results and the name, and the next learner would
download them as their own. To give the next learner the notebooks as published too, use it as
well: tick what to clear (the saved notebooks, the settings) and confirm; the page reloads. A
private window keeps nothing once it is closed. The site's JupyterLab
shows its menus in the lesson's language (JupyterLab's Korean and Japanese language packs);
the names above are as it shows them in English.""",
    "guide.class_length": """## The class-length game

A match to 61 can last longer than a lesson. The *Match* menu of the play widget and of the
classroom page offers **31 points** or **one hand** (the match stops after the first
settlement). Both are teaching variants, labelled as such on the page: tell the class that the
real game is played to 61 (R26). From code: `PlayWidget(match="hand")` or
`Classroom(match="31")`.""",
    # ------------------------------------------------------------------ progress (issue 20)
    "start.progress": """## Your progress

The map below shows your stars in every lesson, what is not done yet, and for every rule R1–R28
whether you have practised it, missed it lately or mastered it. Your results stay **in this
browser**; nothing is sent anywhere.

- **Practise my mistakes** brings back the question you missed, in a fresh position: the same day
  after a miss, later after a right answer (the next day, in three days, in a week). Right at the
  first try after one hint counts half.
- Type your name once and press **Keep my name**: it goes into the file you download.
- **Download my results** saves one file for your teacher.
- **Load my results** adds a results file from another computer.
- **Start fresh** forgets your results and name (it asks twice): download them first.""",
    "guide.progress": """## Progress, results files and the class report

Every exercise, puzzle, prediction and finished game against the computer is recorded **in the
learner's browser** (its local storage for this site), so stars survive re-running cells, a
kernel restart, a page reload and a new day. The start page shows the learner's map
(`Progress()`); *Practise my mistakes* brings misses back on a Leitner schedule (the same day, the
next day, in three days, in a week).

**The flow.** At the end of a lesson (or a week), each learner types a name once, presses
**Download my results** and hands the file in through whatever your school uses (a shared folder,
the learning platform, a USB stick). You open [the class report]({notebook:class_report}), pick the
files with **Results files** (or give it a folder), and see the class: stars per learner and
lesson, the rules missed most (a bar chart), who has not started, and **Download the table (CSV)**
for a spreadsheet or the learning platform. A file that is not a results file (or was changed) is
listed with the reason; the others are still shown.

**Results that move.** A learner who works on two devices, or gets a new computer, downloads the
results on one and presses **Load my results** on the other's start page: the file's results are
added to what that browser keeps, checked as the class report checks them (a file that is not a
results file is refused with the reason, and nothing kept there is lost).

**The privacy promise.** Nothing leaves the learner's browser except the file the learner chooses
to download: there is no account, no server of ours and no tracking. Results stay on the computer
and browser where they were made (a shared computer keeps them for the next learner of the same
browser profile: use **Start fresh** at the end, or a browser profile per learner). Results files hold
the name the learner typed, the site address, and the results; nothing else.""",
    "report.intro": """# {number:class_report}. Class report

For the teacher: pick your learners' results files (the files **Download my results** saves on
the start page) with the **Results files** button (many at once: they are read one by
one). The table shows each learner's stars per lesson; the grid below it, for the lesson you
choose, each item: ✓ right at the first try, ½ right after more tries or hints, ✗ missed. The
chart shows the rules missed most across the class; below are who has not started, the files of
one learner that were merged into one row (the same name, whatever its capitals or spaces), and
the files that could not be read, with the reason. **Download the table (CSV)** and **Download
the grid (CSV)** save them for a spreadsheet. The files are read here, on this computer (in the
website, in your browser): nothing is sent anywhere.""",
    "report.folder": """In JupyterLab you can also give the report a folder of results files and the names of your
class, as a list or a text file with one name a line (those without a file are listed as not
started). Keep the folder outside the lessons' folder, as here in your home folder: everything in
the lessons' folder may be published with the website, and results files hold your learners'
names.

```python
ClassReport("~/class-results", roster="~/class-roster.txt", lang=LANG)
```""",
    "guide.own": """## Make your own: positions, puzzles and worked examples

**The position editor** (the cell below) builds a position on the board, tile by tile: the 28
tiles are its palette. Under **Put tiles on** choose **Table**, a player's hand or **Boneyard**,
then tap a tile. On the table its open points light up (a tile that fits nowhere is refused with
the rule, R9–R12, as in play); tap one to lay it. In a hand or the boneyard the tile goes there
at once; tap a tile of a hand to give it back. **Deal the rest** deals the tiles left with the
seed beside it (the same seed, the same deal), **Undo** takes back the last change and **Clear**
starts again. Set the players, who plays, the target and the scores below. The **position code**
(`hr1.…`) appears as soon as the position can be played; **Copy** copies it, and **Open in the
classroom site** is a link that opens it in the classroom site: the code travels in the address,
nothing leaves the browser.

**A puzzle.** **Make a puzzle from here** (in the editor, and in a replay, a review or a game
against the computer) lists every way the turn can go, best first, with its raw and display
points. Tick the accepted answers (several may be), write the question and up to three hints
(in one or more languages: the language selector keeps each language's texts, and a learner
reads her own, else another one written), choose the hands the solver sees, and press **Add the puzzle to the set**. The computer refuses a
ticked answer when it finds a better turn, unless the puzzle is a "find a good move" one. **Save
the set file** writes `<set name>.json` beside this notebook, and the set's link opens it in the
site. Learners play it with `PuzzleWidget.from_file("week3.json", lang=LANG)` (hints and stars
as in lesson {number:puzzles}); their results are recorded under the set's name (`week3/1`, `week3/2` …), and
the class report shows each learner's stars on each of your sets.

**On the site's start page.** Put the set file into the `notebooks/` folder before you build the
site (`python -m horserace_nb.lite build`): the start page lists it with a link in every
language. A file the computer refuses is not listed, and the build says why.

**A worked example** is a sequence of placements from a position, with a sentence per step if
you want one. **Make a worked example** (in the editor, and beside **Make a puzzle from here**)
opens a board at the position: play the turns (only what the rules allow; **Draw a tile** and
**Pass** where the rules ask for them), write a sentence before a step if you like, and **Undo
the last step** takes one back. Give a title and a file name and press **Save the example
file**: it writes `<name>.json` beside this notebook and shows the example's code and link.
`ReplayWidget.from_file` replays it with predict mode. The same in Python:

```python
from horserace_nb import Place
from horserace_nb.teaching.authoring import make_example
example = make_example("hr1.…", [Place("[5|6]", "[3|6]", "high")], name="fives",
                       title={"en": "Making 15"}, notes=[{"en": "5 + 10 = 15."}])
example.save("fives.json")
```""",
}
