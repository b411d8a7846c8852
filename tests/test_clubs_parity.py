"""CPython and MicroPython play the same seeded Clubs games identically.

tools/mp/transcripts_clubs.py plays random-player hands, whole games of the
heuristic partnership against a random one, and whole heuristic-only games
(RULES.md PC-1 ... PC-16), printing one line per game: seed, dealer option,
players, every action with its events, the final position and the result.
The very same file runs under CPython and under MicroPython 1.27
(WebAssembly, via tools/mp/mp_run.mjs in one Node process, one game per
top-level ``step()`` call so its GC can free memory between games); the
outputs must be byte-identical.
"""

import pytest
from depth import pick
from mprun import assert_same_lines, cpython_output, micropython_output

from cardgames import clubs_text

SCRIPT = "tools/mp/transcripts_clubs.py"
# Random-player games, heuristic vs random, heuristic only (twice as many
# under make test-deep).
COUNTS = pick(("10", "5", "1"), ("20", "10", "2"))


def _cpython_transcript():
    return cpython_output(SCRIPT, *COUNTS)


def _micropython_transcript():
    return micropython_output(SCRIPT, *COUNTS, step=True)


@pytest.fixture(scope="module")
def cpython_lines():
    return _cpython_transcript().splitlines()


def test_transcript_is_complete_and_valid(cpython_lines):
    """The CPython transcript itself: every game listed, whole games ended."""
    games = [ln for ln in cpython_lines if ln.startswith("game ")]
    n = sum(int(c) for c in COUNTS)
    assert len(games) == n and cpython_lines[-1] == "done"
    finished = 0
    for ln in games:
        f = dict(part.split("=", 1) for part in ln.split(" ") if "=" in part)
        start = clubs_text.from_text(f["start"])
        assert start.hand_no == 1 and not start.is_over()
        end = clubs_text.from_text(f["end"])
        assert "%d,%d" % tuple(end.scores) == f["s"]
        if f["p"] != "RRRR":
            assert end.is_over(), ln[:60]
        if end.is_over():
            finished += 1
            assert "%d,%d,%d,%d" % end.result() == f["res"]
            h = 0 if f["p"].startswith("H") else 1
            if f["p"] != "HHHH":
                assert end.result()[h] == 1, "the heuristic partnership won"
    assert finished >= int(COUNTS[1]) + int(COUNTS[2])


def test_micropython_matches_cpython(cpython_lines):
    assert_same_lines(cpython_lines, _micropython_transcript().splitlines())
