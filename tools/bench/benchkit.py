"""What the benchmarks in tools/bench/ share: where the repository is, the
import path they all need, and the two commands several of them run (a
script under MicroPython in Node, the mpy-cross build).

Importing it puts firmware/ (``cardgames``, ``players``, ``app``) and the
repository root (``boards``, ``host_sim``, ``tools.pico``) on ``sys.path``.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
HERE = os.path.join(ROOT, "tools", "bench")
MP_RUN = os.path.join(ROOT, "tools", "mp", "mp_run.mjs")
BUILD_TOOL = os.path.join(ROOT, "tools", "make", "build.py")

for _p in (ROOT, FIRMWARE):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def count(text):
    """argparse ``type`` for a count of at least 1 (games, workers): the int,
    or argparse's one-line error for anything else."""
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("not a whole number: %r" % text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1, got %d" % n)
    return n


def mp_command(script, args=(), paths=(), root=None, heap=None):
    """argv (list of str) running ``script`` under MicroPython (Node,
    tools/mp/mp_run.mjs) one top-level ``step()`` call at a time, with each
    of ``paths`` on its sys.path, or ``root`` copied to its filesystem's /
    (``heap``: the runtime's initial heap, e.g. "8m"; default mp_run's)."""
    cmd = ["node", MP_RUN, "--step", "step"] + (["--heap", heap] if heap else [])
    for p in paths:
        cmd += ["--path", p]
    if root is not None:
        cmd += ["--root", root]
    return cmd + [script] + [str(a) for a in args]


def run_mp(script, args=(), paths=(), root=None, **kw):
    """``subprocess.run`` of ``mp_command(...)`` from the repository root, its
    output captured as text (``kw``: more ``subprocess.run`` options)."""
    return subprocess.run(mp_command(script, args, paths, root), cwd=ROOT,
                          capture_output=True, text=True, **kw)


def build_mpy(out, lines=False, **kw):
    """Compile firmware/ with mpy-cross into ``out`` (tools/make/build.py,
    ``--lines``: with line-number tables); its ``CompletedProcess``, stdout
    discarded (it says why on stderr when it fails)."""
    return subprocess.run([sys.executable, BUILD_TOOL, "--out", out]
                          + (["--lines"] if lines else []), stdout=subprocess.DEVNULL, **kw)
