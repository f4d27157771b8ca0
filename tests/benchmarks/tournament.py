"""Tournament between computer players: seeded matches to 61 with seats swapped.

Every deal seed is played twice, the bots exchanging seats (2 players) or partnerships
(4 players, partners opposite: seats 0+2 against 1+3), so both sides get the same first deal.
Prints the win rate of the first bot of each pairing with a 95% Wilson confidence interval
(a shared win, R27, counts one half), and for the strong player the time and sampled worlds per
decision. Pairings: strong vs greedy and greedy vs random, 2 players and 4 in partnerships.

Run (about 1.6 CPU-seconds per two-player strong-vs-greedy match at 64 rollouts, so 400
matches take about 11 CPU-minutes):

    nice -n 10 .venv/bin/python tests/benchmarks/tournament.py --matches 400 --jobs 2 \\
        --pairings greedy-random,strong-greedy --modes 2,4p > /tmp/tournament.txt
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from horserace_nb import SeatView
from horserace_nb.core.actions import Action
from horserace_nb.teaching.bots import GreedyBot, RandomBot, StrongBot, play_game

PAIRINGS = {"strong-greedy": ("strong", "greedy"), "greedy-random": ("greedy", "random"),
            "strong-random": ("strong", "random")}
MODES = {"2": (2, False), "4p": (4, True)}


@dataclass(frozen=True)
class Task:
    pairing: str
    mode: str
    deal: int  # the game seed: the first deal and the first lot
    swap: bool  # False: the first bot sits at seat 0 (team 0)
    rollouts: int | None
    budget: float


@dataclass(frozen=True)
class Outcome:
    task: Task
    score: float  # 1 win, 0.5 shared win, 0 loss for the first bot
    hands: int
    decisions: int  # strong decisions with a choice
    strong_seconds: float
    worlds: int
    seconds: float


def make_bot(kind: str, seed: int, task: Task) -> Callable[[SeatView], Action]:
    if kind == "strong":
        return StrongBot(seed=seed, rollouts=task.rollouts, budget_s=task.budget)
    if kind == "greedy":
        return GreedyBot()
    return RandomBot(seed=seed)


def play(task: Task) -> Outcome:
    start = time.process_time()
    first, second = PAIRINGS[task.pairing]
    players, partners = MODES[task.mode]
    bots = []
    for seat in range(players):
        plays_first = (seat % 2 == 0) != task.swap
        kind = first if plays_first else second
        bots.append(make_bot(kind, task.deal * 10 + seat, task))
    game = play_game(bots, players=players, partners=partners, seed=task.deal)
    winners = game.winners or []
    side = 1 if task.swap else 0  # the first bot's seat, or team (seats side, side + 2)
    score = (1.0 if len(winners) == 1 else 0.5) if side in winners else 0.0
    strong = [b for b in bots if isinstance(b, StrongBot)]
    return Outcome(task, score, game.hand_number, sum(b.decisions for b in strong),
                   sum(b.seconds for b in strong), sum(b.worlds for b in strong),
                   time.process_time() - start)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def report(pairing: str, mode: str, outcomes: list[Outcome], wall: float) -> str:
    first, second = PAIRINGS[pairing]
    n = len(outcomes)
    wins = sum(o.score for o in outcomes)
    low, high = wilson(wins, n)
    shared = sum(1 for o in outcomes if o.score == 0.5)
    players, partners = MODES[mode]
    label = f"{players} players{' (partners)' if partners else ''}"
    lines = [f"{first} vs {second}, {label}: {n} matches ({n // 2} deals x 2 seatings)",
             f"  {first} win rate {wins / n:.3f}  95% CI [{low:.3f}, {high:.3f}]  "
             f"(wins {wins:g}, shared {shared})",
             f"  hands per match {sum(o.hands for o in outcomes) / n:.2f}; "
             f"CPU {sum(o.seconds for o in outcomes):.1f} s "
             f"({sum(o.seconds for o in outcomes) / n:.3f} s per match); wall {wall:.1f} s"]
    decisions = sum(o.decisions for o in outcomes)
    if decisions:
        secs = sum(o.strong_seconds for o in outcomes)
        cpu = sum(o.seconds for o in outcomes)  # greedy and random moves cost next to nothing
        lines.append(f"  strong: {decisions} decisions with a choice, "
                     f"{1000 * secs / decisions:.1f} ms wall / {1000 * cpu / decisions:.1f} ms "
                     f"CPU per decision, "
                     f"{sum(o.worlds for o in outcomes) / decisions:.1f} worlds per decision")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=400,
                        help="matches per pairing and mode (rounded up to an even number)")
    parser.add_argument("--rollouts", type=int, default=64,
                        help="sampled worlds per strong decision (fixed effort, deterministic)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per strong decision instead of a fixed --rollouts")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--pairings", default="greedy-random,strong-greedy",
                        help=f"comma-separated, from {', '.join(PAIRINGS)}")
    parser.add_argument("--modes", default="2,4p", help="comma-separated, from 2, 4p")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    args = parser.parse_args(argv)
    pairings = args.pairings.split(",")
    modes = args.modes.split(",")
    for name in pairings:
        if name not in PAIRINGS:
            parser.error(f"unknown pairing {name!r}")
    for name in modes:
        if name not in MODES:
            parser.error(f"unknown mode {name!r}")
    deals = (args.matches + 1) // 2
    rollouts = None if args.budget is not None else args.rollouts
    budget = args.budget if args.budget is not None else 1.0
    effort = f"budget {budget} s" if rollouts is None else f"{rollouts} rollouts"
    print(f"# tournament: {deals * 2} matches per pairing, strong bot {effort}, "
          f"{args.jobs} job(s), deal seeds {args.seed}..{args.seed + deals - 1}", flush=True)
    for pairing in pairings:
        for mode in modes:
            tasks = [Task(pairing, mode, args.seed + d, swap, rollouts, budget)
                     for d in range(deals) for swap in (False, True)]
            start = time.perf_counter()
            outcomes: list[Outcome] = []
            if args.jobs > 1:
                with multiprocessing.Pool(args.jobs) as pool:
                    for i, outcome in enumerate(pool.imap_unordered(play, tasks), 1):
                        outcomes.append(outcome)
                        progress(i, len(tasks), start)
            else:
                for i, task in enumerate(tasks, 1):
                    outcomes.append(play(task))
                    progress(i, len(tasks), start)
            outcomes.sort(key=lambda o: (o.task.deal, o.task.swap))
            print(report(pairing, mode, outcomes, time.perf_counter() - start), flush=True)


def progress(done: int, total: int, start: float) -> None:
    if done % max(1, total // 10) == 0 or done == total:
        print(f"  ... {done}/{total} matches, {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
