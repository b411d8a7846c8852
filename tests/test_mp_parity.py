"""CPython and MicroPython play the same seeded Clubbed games identically.

tools/mp/transcripts.py plays 40 random-vs-random and 40 heuristic-vs-random
games (100 and 100 under make test-deep), both CB-8 variants and both
dealers, and prints one line per game: seed, options, every action with its
events, the final position and the result; plus a few lines of raw PRNG
output. The very same file runs under CPython and under MicroPython 1.27
(WebAssembly, via tools/mp/mp_run.mjs in one Node process); the outputs must
be byte-identical.
"""

import pytest
from depth import pick
from mprun import assert_same_lines, cpython_output, micropython_output

from cardgames import clubbed_text

SCRIPT = "tools/mp/transcripts.py"
# Games of each kind; make test-deep plays 100 of each.
N_RANDOM = pick(40, 100)
N_HEURISTIC = pick(40, 100)


def _cpython_transcript():
    return cpython_output(SCRIPT, str(N_RANDOM), str(N_HEURISTIC))


def _micropython_transcript():
    return micropython_output(SCRIPT, str(N_RANDOM), str(N_HEURISTIC))


@pytest.fixture(scope="module")
def cpython_lines():
    return _cpython_transcript().splitlines()


def test_transcript_is_complete_and_valid(cpython_lines):
    """The CPython transcript itself: every game finished, mixed options."""
    games = [ln for ln in cpython_lines if ln.startswith("game ")]
    assert len(games) == N_RANDOM + N_HEURISTIC
    assert cpython_lines[-1] == "done %d" % (N_RANDOM + N_HEURISTIC)
    assert sum(ln.startswith("rng ") for ln in cpython_lines) >= 5
    options = set()
    for ln in games:
        fields = dict(part.split("=", 1) for part in ln.split(" ") if "=" in part)
        options.add((fields["r"], fields["d"], fields["p"]))
        end = clubbed_text.from_text(fields["end"])
        assert end.is_over()
        assert "%d,%d" % end.result() == fields["res"]
        start = clubbed_text.from_text(fields["start"])
        assert not start.is_over()
    for r in ("0", "1"):
        for d in ("0", "1"):
            assert (r, d, "RR") in options
    assert any(p in ("HR", "RH") for _, _, p in options)


def test_micropython_matches_cpython(cpython_lines):
    assert_same_lines(cpython_lines, _micropython_transcript().splitlines())
