"""The heuristic Clubs partnership beats a random partnership in at least 80%
of 200 seeded games to 42 (RULES.md PC-15), partnerships swapped every game:
the same function tools/bench/bench_clubs.py prints the figure from. The games are
played over two processes (fork) to keep the test near 10 s."""

import os
import sys

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "bench")
)

from bench_clubs import MAX_HANDS, heuristic_vs_random  # noqa: E402


def test_heuristic_partnership_wins_80_percent_against_random():
    res = heuristic_vs_random(200, workers=min(2, os.cpu_count() or 1))
    assert len(res) == 200
    won = sum(1 for r in res if r[0])
    assert won * 100 >= 80 * 200, won
    # Both seatings are covered (N-S in even games, E-W in odd ones).
    assert sum(1 for i, r in enumerate(res) if r[0] and i % 2) >= 80
    assert sum(1 for i, r in enumerate(res) if r[0] and not i % 2) >= 80
    assert all(r[1] <= MAX_HANDS for r in res)
