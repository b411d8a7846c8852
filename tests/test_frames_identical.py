"""UI frames (240x135 and 240x240 8-bit indexed, 128x64 mono) rendered under
MicroPython's own framebuf (WebAssembly port, in Node) and under the
simulator's framebuf on CPython are byte-identical (issue: one core, two
runtimes), and so are the palettes their indices stand for; every index a
colour frame uses is one of the theme's colours."""

import os
import shutil
import subprocess
import sys

import pytest

import host_sim  # noqa: F401  (sys.path: firmware/, host_sim's framebuf)
from app.kit import theme

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Title, rules (two scrolls), back, new game, moves through the hand, a play,
# the pile view, the pause menu, and on through a few computer turns.
KEYS = ["DOWN", "A", "DOWN", "DOWN", "B", "UP", "A", "RIGHT", "RIGHT", "LEFT", "A",
        "UP", "B", "B", "A", "WAIT", "A", "RIGHT", "A", "DOWN", "A", "WAIT"]
SEEDS = (1, 77)
# Klaberjass: picked on the title, a variant toggled, a new game; bids or
# cards, the look overlay, the pause menu, and on through a few tricks.
KJ_KEYS = ["GAME:Klaberjass", "DOWN", "DOWN", "DOWN", "A", "UP", "UP", "UP", "A", "A",
           "RIGHT", "A", "UP", "B", "B", "B", "A", "WAIT", "A", "RIGHT", "A", "A", "LEFT", "A"]
# Clubs: picked on the title, its rules, a new game; the pass (Hearts card,
# partner card), the cards received, the show and the shown cards, plays
# (some refused), the last trick, the pause menu, and on through the tricks.
CLUBS_KEYS = ["GAME:Clubs", "DOWN", "A", "DOWN", "B", "UP", "A", "RIGHT", "A", "LEFT", "A",
              "A", "RIGHT", "A", "A", "RIGHT", "A", "LEFT", "A", "UP", "B", "B", "B", "A", "WAIT",
              "RIGHT", "A", "RIGHT", "A", "A", "LEFT", "A"]

needs_node = pytest.mark.skipif(
    shutil.which("node") is None
    or not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")),
    reason="node or the MicroPython npm package is missing (make setup installs them)")


def render_cpython(tmp, seed, keys=KEYS):
    out = tmp / ("cp%d" % seed)
    out.mkdir()
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "docs", "ui_frames.py"), str(out),
                    str(seed)] + keys, check=True, capture_output=True)
    return out


def render_mp(tmp, seed, keys=KEYS):
    work = tmp / ("mp%d" % seed)
    work.mkdir()
    subprocess.run(["node", os.path.join(ROOT, "tools", "mp", "mp_run.mjs"),
                    os.path.join(ROOT, "tools", "docs", "ui_frames.py"), "/out", str(seed)] + keys,
                   check=True, capture_output=True, cwd=work)
    return work / "mp_out"


def assert_frames_identical(tmp_path, seed, keys, min_distinct, size=240 * 135):
    """The frames of ``keys`` render byte-identical on CPython and
    MicroPython, one per key, full ``size`` bytes, at least ``min_distinct``
    of them different (the script really moves through different screens).
    A first key ``SIZE:...`` (tools/docs/ui_frames.py) is no frame of its own.
    The palettes are identical too, and a colour frame (one byte per pixel)
    uses only the theme's palette entries."""
    cp = render_cpython(tmp_path, seed, keys)
    mp = render_mp(tmp_path, seed, keys)
    assert (cp / "palette.bin").read_bytes() == (mp / "palette.bin").read_bytes()
    names = sorted(n for n in os.listdir(cp) if n != "palette.bin")
    assert len(names) == len([k for k in keys if not k.startswith("SIZE:")])
    assert sorted(n for n in os.listdir(mp) if n != "palette.bin") == names
    indexed = not any(k.startswith("SIZE:") and k.endswith("m") for k in keys)
    distinct = set()
    for name in names:
        a = (cp / name).read_bytes()
        assert len(a) == size
        assert a == (mp / name).read_bytes(), "%s differs between CPython and MicroPython" % name
        if indexed:
            assert max(a) < theme.COLOURS, name
        distinct.add(a)
    assert len(distinct) >= min_distinct


@needs_node
@pytest.mark.parametrize("seed", SEEDS)
def test_frames_byte_identical(tmp_path, seed):
    assert_frames_identical(tmp_path, seed, KEYS, 8)


@needs_node
@pytest.mark.parametrize("seed", SEEDS)
def test_klaberjass_frames_byte_identical(tmp_path, seed):
    assert_frames_identical(tmp_path, seed, KJ_KEYS, 10)


@needs_node
@pytest.mark.parametrize("seed", SEEDS)
def test_clubs_frames_byte_identical(tmp_path, seed):
    assert_frames_identical(tmp_path, seed, CLUBS_KEYS, 14)


# The same sessions on the 128x64 SSD1306's 1-bit MONO_VLSB frame (compact
# layout): MicroPython's framebuf and host_sim's agree on the mono format too.
MONO = ["SIZE:128x64m"]


@needs_node
@pytest.mark.parametrize("keys,distinct", [(KEYS, 8), (KJ_KEYS, 10), (CLUBS_KEYS, 14)],
                         ids=["clubbed", "klaberjass", "clubs"])
def test_mono_frames_byte_identical(tmp_path, keys, distinct):
    assert_frames_identical(tmp_path, 77, MONO + keys, distinct, size=128 * 64 // 8)


@needs_node
def test_tall_frames_byte_identical(tmp_path):
    """The 240x240 layout (panel above, the table through a view of the
    frame) renders the same on both runtimes."""
    assert_frames_identical(tmp_path, 1, ["SIZE:240x240"] + KEYS, 8, size=240 * 240)
