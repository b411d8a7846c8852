"""CPython and MicroPython play the same seeded Klaberjass games identically.

tools/mp/transcripts_klaberjass.py plays 24 random-vs-random games and 24
games with the heuristic (60 and 60 under make test-deep), against random or
itself, all to 500 with the options mixed, and prints one line per game:
seed, options, every action with its events, both observations digested
before each round's last card, the final position and the result. The very
same file runs under CPython and under MicroPython 1.27 (WebAssembly, via
tools/mp/mp_run.mjs, one game per top-level ``step`` call so its garbage
collector can run); the outputs must be byte-identical.
"""

import pytest
from depth import pick
from mprun import assert_same_lines, cpython_output, micropython_output

from cardgames import klaberjass, klaberjass_text

SCRIPT = "tools/mp/transcripts_klaberjass.py"
# Games of each kind; make test-deep plays 60 of each.
N_RANDOM = pick(24, 60)
N_HEURISTIC = pick(24, 60)


def _cpython_transcript():
    return cpython_output(SCRIPT, str(N_RANDOM), str(N_HEURISTIC))


def _micropython_transcript():
    return micropython_output(SCRIPT, str(N_RANDOM), str(N_HEURISTIC), step=True)


@pytest.fixture(scope="module")
def cpython_lines():
    return _cpython_transcript().splitlines()


def test_transcript_is_complete_and_valid(cpython_lines):
    """The CPython transcript itself: finished games, mixed options."""
    games = [ln for ln in cpython_lines if ln.startswith("game ")]
    assert len(games) == N_RANDOM + N_HEURISTIC
    assert cpython_lines[-1] == "done %d" % (N_RANDOM + N_HEURISTIC)
    options = set()
    players = set()
    for ln in games:
        parts = [part for part in ln.split(" ") if "=" in part and "/" not in part]
        fields = dict(part.split("=", 1) for part in parts)
        options.add((fields["d"], fields["o"]))
        players.add(fields["p"])
        end = klaberjass_text.from_text(fields["end"])
        assert end.is_over()
        assert "%d,%d" % end.result() == fields["res"]
        assert max(end.scores) >= 500
        start = klaberjass_text.from_text(fields["start"])
        assert not start.is_over() and start.phase == klaberjass.BID1
    assert {d for d, _ in options} == {"-", "0", "1"}
    assert len({o for _, o in options}) >= 5
    assert players == {"RR", "HR", "RH", "HH"}


def test_micropython_matches_cpython(cpython_lines):
    assert_same_lines(cpython_lines, _micropython_transcript().splitlines())
