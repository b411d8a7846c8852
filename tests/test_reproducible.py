"""Same sources, same bytes: two builds of one commit give the same image.

A whole image takes minutes to build, too long to build twice here; this
checks the part of a build that is ours and could differ from one run to the
next: what tools/make/manifest.py freezes. The generated modules
(tools/make/frozen_gen.py) depend on their inputs only, not on where or when
they are written; MicroPython's manifest tool, run twice on our manifest with
the generated modules in other folders, written at other times, gives the
same frozen content (the C source of every frozen module's bytecode, in
order). The C compile and link of MicroPython itself take fixed dates and
names from tools/make/firmware.py (RELEASE_ENV). The full check, two builds
of a board's image compared byte for byte, is ``make reproducible``
(tools/make/reproducible.py).
"""

import glob
import os
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "make"))

import frozen_gen  # noqa: E402

import firmware  # noqa: E402

SRC = os.path.join(ROOT, "build", "micropython-%s" % firmware.VERSION)
MPY_CROSS = os.path.join(SRC, "mpy-cross", "build", "mpy-cross")


def _files(folder):
    return {n: open(os.path.join(folder, n), "rb").read() for n in sorted(os.listdir(folder))}


def test_generated_modules_depend_on_their_inputs_only(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    names = frozen_gen.write(str(a), "waveshare_pico_lcd_1_3", version="0.1.0+abcdef0")
    time.sleep(0.01)
    assert frozen_gen.write(str(b), "waveshare_pico_lcd_1_3", version="0.1.0+abcdef0") == names
    assert _files(a) == _files(b)
    # ... and on each input: another version is other bytes.
    frozen_gen.write(str(b), "waveshare_pico_lcd_1_3", version="0.1.0+abcdef1")
    assert _files(a) != _files(b)


def _genhdr():
    """A build's generated qstr header (the manifest tool numbers the frozen
    modules' strings after the firmware's own), or None before any build."""
    found = sorted(glob.glob(os.path.join(ROOT, "build", "firmware", "rp2-*-*", "genhdr",
                                          "qstrdefs.preprocessed.h")))
    return os.path.dirname(found[0]) if found else None


def _frozen_content(tmp, gen_dir, when):
    """Run MicroPython's makemanifest.py on our manifest as the rp2 build
    does, with the generated modules in ``gen_dir`` dated ``when``; returns
    the frozen content (C source bytes, the build folder's name replaced)."""
    build = os.path.join(tmp, "build")
    os.makedirs(os.path.join(build, "genhdr"))
    hdr = os.path.join(_genhdr(), "qstrdefs.preprocessed.h")
    with open(hdr, "rb") as f, open(os.path.join(build, "genhdr",
                                                 "qstrdefs.preprocessed.h"), "wb") as g:
        g.write(f.read())
    env = dict(os.environ, PICOCARDS_BOARD="pimoroni_pico_display",
               PICOCARDS_VERSION="0.1.0+abcdef0", PICOCARDS_FROZEN_DIR=gen_dir,
               MICROPY_MPYCROSS=MPY_CROSS)
    frozen_gen.write(gen_dir, "pimoroni_pico_display", version="0.1.0+abcdef0")
    for n in os.listdir(gen_dir):
        os.utime(os.path.join(gen_dir, n), (when, when))
    out = os.path.join(tmp, "frozen_content.c")
    port = os.path.join(SRC, "ports", "rp2")
    r = subprocess.run(
        [sys.executable, os.path.join(SRC, "tools", "makemanifest.py"), "-o", out,
         "-v", "MPY_DIR=" + SRC, "-v", "MPY_LIB_DIR=" + os.path.join(SRC, "lib", "micropython-lib"),
         "-v", "PORT_DIR=" + port, "-v", "BOARD_DIR=" + os.path.join(port, "boards", "RPI_PICO"),
         "-b", build, "-f-march=armv6m", firmware.MANIFEST],
        cwd=tmp, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    with open(out, "rb") as f:
        # The build folder is named in comments only (each module's
        # "original source file"); a real build's is the same every time.
        return f.read().replace(build.encode(), b"<build>")


@pytest.mark.skipif(not (os.path.isfile(MPY_CROSS) and _genhdr()),
                    reason="no MicroPython build here yet: make firmware")
def test_the_frozen_content_is_the_same_twice(tmp_path):
    a = _frozen_content(str(tmp_path / "a"), str(tmp_path / "a" / "gen"), 1_000_000_000)
    b = _frozen_content(str(tmp_path / "b"), str(tmp_path / "b" / "gen"), 1_700_000_000)
    assert b"players" in a and b"picocards_version" in a
    assert a == b
