"""The heuristic Clubbed player beats the random player in at least 70% of
decided games over 1,000 seeded games with seats swapped every game (the same
function tools/bench/bench.py prints the figure from)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools", "bench"))

from bench import heuristic_vs_random  # noqa: E402


def test_heuristic_wins_70_percent_of_decided_games():
    won, lost, drawn = heuristic_vs_random(1000, progress=False)
    assert won + lost + drawn == 1000
    assert won * 100 >= 70 * (won + lost), (won, lost, drawn)
