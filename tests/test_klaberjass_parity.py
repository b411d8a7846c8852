"""CPython and MicroPython play the same seeded Klaberjass games identically.

tools/transcripts_klaberjass.py plays 60 random-vs-random games and 60 games
with the heuristic (against random or itself), all to 500 with the options
mixed, and prints one line per game: seed, options, every action with its
events, both observations digested before each round's last card, the final
position and the result. The very same file runs under CPython and under
MicroPython 1.27 (WebAssembly, via tools/mp_run.mjs, one game per top-level
``step`` call so its garbage collector can run); the outputs must be
byte-identical.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import klaberjass

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = "tools/transcripts_klaberjass.py"
MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
N_RANDOM = 60
N_HEURISTIC = 60


def _cpython_transcript():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "firmware"))
    out = subprocess.run(
        [sys.executable, SCRIPT, str(N_RANDOM), str(N_HEURISTIC)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def _micropython_transcript():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs it; `make setup` runs npm ci)")
    if not MP_PACKAGE.is_dir():
        pytest.skip("node_modules lacks the MicroPython runtime: run `npm ci` (CI does)")
    out = subprocess.run(
        [node, "tools/mp_run.mjs", "--step", "step", SCRIPT, str(N_RANDOM), str(N_HEURISTIC)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, "MicroPython run failed:\n" + out.stderr[-3000:]
    return out.stdout


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
        end = klaberjass.from_text(fields["end"])
        assert end.is_over()
        assert "%d,%d" % end.result() == fields["res"]
        assert max(end.scores) >= 500
        start = klaberjass.from_text(fields["start"])
        assert not start.is_over() and start.phase == klaberjass.BID1
    assert {d for d, _ in options} == {"-", "0", "1"}
    assert len({o for _, o in options}) >= 5
    assert players == {"RR", "HR", "RH", "HH"}


def test_micropython_matches_cpython(cpython_lines):
    mp_lines = _micropython_transcript().splitlines()
    assert len(mp_lines) == len(cpython_lines), (len(mp_lines), len(cpython_lines))
    for i, (a, b) in enumerate(zip(cpython_lines, mp_lines, strict=True)):
        if a != b:
            j = 0
            while j < min(len(a), len(b)) and a[j] == b[j]:
                j += 1
            pytest.fail(
                "line %d differs at column %d\nCPython:     ...%s\nMicroPython: ...%s"
                % (i + 1, j, a[max(0, j - 60) : j + 60], b[max(0, j - 60) : j + 60])
            )
