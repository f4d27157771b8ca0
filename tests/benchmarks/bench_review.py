"""Benchmark: post-game review (issue 12 item 6). Goals on one core: a 2-player hand reviewed in
at most 5 s, a whole 2-player match in at most 60 s, at the default number of sampled deals.

The games are played by the greedy player against the strong player (seeded), then the first
seat's decisions are reviewed with :func:`horserace_nb.teaching.review.review_game`. CPU time is
measured (``time.process_time``); the hand figure is the slowest of several hands.

Run: .venv/bin/python tests/benchmarks/bench_review.py [--rollouts N] [--hands H]
"""

from __future__ import annotations

import argparse
import time

from horserace_nb import Game
from horserace_nb.teaching.bots import Bot, GreedyBot, StrongBot, play_game
from horserace_nb.teaching.review import DEFAULT_ROLLOUTS, review_game


def one_hand(seed: int) -> Game:
    game = Game(players=2, seed=seed)
    bots: list[Bot] = [GreedyBot(), StrongBot(seed=seed, rollouts=40)]
    while not game.hand_over:
        game.apply(bots[game.to_play](game.view(game.to_play)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--hands", type=int, default=5)
    args = parser.parse_args()
    worst = 0.0
    total_decisions = 0
    for seed in range(1, args.hands + 1):
        game = one_hand(seed)
        start = time.process_time()
        entries = review_game(game, 0, seed=0, rollouts=args.rollouts)
        spent = time.process_time() - start
        worst = max(worst, spent)
        total_decisions += len(entries)
        print(f"hand (seed {seed}): {len(entries):2d} decisions reviewed in {spent:5.2f} s")
    print(f"2-player hand reviewed, slowest: {worst:.2f} s (goal ≤ 5 s), "
          f"{total_decisions} decisions in {args.hands} hands, rollouts={args.rollouts}")
    match = play_game([GreedyBot(), StrongBot(seed=2, rollouts=40)], seed=12)
    start = time.process_time()
    entries = review_game(match, 0, seed=0, rollouts=args.rollouts)
    spent = time.process_time() - start
    print(f"2-player match ({match.hand_number} hands, {len(entries)} decisions) reviewed in "
          f"{spent:.2f} s (goal ≤ 60 s), rollouts={args.rollouts}")


if __name__ == "__main__":
    main()
