"""CPython and MicroPython play the same 200 seeded Clubbed games identically.

tools/transcripts.py plays 100 random-vs-random and 100 heuristic-vs-random
games (both CB-8 variants, both dealers) and prints one line per game: seed,
options, every action with its events, the final position and the result;
plus a few lines of raw PRNG output. The very same file runs under CPython and
under MicroPython 1.27 (WebAssembly, via tools/mp_run.mjs in one Node process);
the outputs must be byte-identical.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import clubbed

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = "tools/transcripts.py"
MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
N_RANDOM = 100
N_HEURISTIC = 100


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
        [node, "tools/mp_run.mjs", SCRIPT, str(N_RANDOM), str(N_HEURISTIC)],
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
    """The CPython transcript itself: 200 finished games, mixed options."""
    games = [ln for ln in cpython_lines if ln.startswith("game ")]
    assert len(games) == N_RANDOM + N_HEURISTIC
    assert cpython_lines[-1] == "done %d" % (N_RANDOM + N_HEURISTIC)
    assert sum(ln.startswith("rng ") for ln in cpython_lines) >= 5
    options = set()
    for ln in games:
        fields = dict(part.split("=", 1) for part in ln.split(" ") if "=" in part)
        options.add((fields["r"], fields["d"], fields["p"]))
        end = clubbed.from_text(fields["end"])
        assert end.is_over()
        assert "%d,%d" % end.result() == fields["res"]
        start = clubbed.from_text(fields["start"])
        assert not start.is_over()
    for r in ("0", "1"):
        for d in ("0", "1"):
            assert (r, d, "RR") in options
    assert any(p in ("HR", "RH") for _, _, p in options)


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
