"""Benchmark: random full hands through Game.legal_actions / Game.apply (rules core issue).

Prints hands per second on one core (target: at least 10,000 random 2-player hands per second),
two ways: every hand in a fresh ``Game`` (deal + lot + hand), and hands within random matches to
61 (``next_hand`` deals the next one), for every mode. CPU time is measured
(``time.process_time``), the median of several rounds is reported.

Run: .venv/bin/python tests/benchmarks/bench_core.py [--hands N] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from horserace_nb import Game

MODES = ((2, False), (3, False), (4, False), (4, True))


def fresh_hands(count: int, players: int, partners: bool, start_seed: int) -> int:
    """Play *count* random hands, each in a new Game; return the number of actions."""
    actions = 0
    choose = random.Random(start_seed).choice  # the random player's own choices
    for seed in range(start_seed, start_seed + count):
        game = Game(players=players, partners=partners, seed=seed)
        legal, apply = game.legal_actions, game.apply
        while not game.hand_over:
            apply(choose(legal()))
            actions += 1
    return actions


def match_hands(count: int, players: int, partners: bool, start_seed: int) -> int:
    """Play random matches to 61 until *count* hands are done; return the number of actions."""
    actions = 0
    hands = 0
    choose = random.Random(start_seed).choice
    seed = start_seed
    while hands < count:
        game = Game(players=players, partners=partners, seed=seed)
        seed += 1
        while hands < count:
            legal, apply = game.legal_actions, game.apply
            while not game.hand_over:
                apply(choose(legal()))
                actions += 1
            hands += 1
            if game.game_over:
                break
            game.next_hand()
    return actions


def measure(fn, hands: int, rounds: int, players: int, partners: bool) -> tuple[list[float], int]:
    rates = []
    actions = 0
    for r in range(rounds):
        t0 = time.process_time()
        actions = fn(hands, players, partners, 1 + r * hands)
        rates.append(hands / (time.process_time() - t0))
    return rates, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000, help="hands per timed round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for label, fn in (("fresh game per hand", fresh_hands), ("hands within matches", match_hands)):
        print(label)
        for players, partners in MODES:
            rates, actions = measure(fn, args.hands, args.rounds, players, partners)
            mode = f"{players} players{' (partners)' if partners else ''}"
            print(f"  {mode:22s} median {statistics.median(rates):9,.0f} hands/s "
                  f"(best {max(rates):,.0f}, worst {min(rates):,.0f}; "
                  f"{actions / args.hands:.1f} actions per hand)")


if __name__ == "__main__":
    main()
