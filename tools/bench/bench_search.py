"""Benchmark of the computer players per game and level on MicroPython
(Node), with the Pico time estimated by pystone:

    python tools/bench/bench_search.py [--decisions 12]

Prints, per game and level (Easy, Normal, Hard): the mean time per decision
on MicroPython (Node) and its estimate on a Pico at 125 MHz, the estimate of
the slowest decision, the bytes allocated per decision, the peak live heap
during a decision (above the heap before the player was made: the player,
its two preallocated games and every temporary; tools/bench/bench_search_mp.py
says how it is taken), and the worlds and playout moves per decision. The
Pico estimate is the Node time scaled by the pystone rate measured in the
same MicroPython process, taking the Pico at PICO_PYSTONES (an estimate for
MicroPython on an RP2040 at 125 MHz). Exits 1 when Hard's peak reaches
HARD_PEAK_LIMIT bytes. The estimate is a guide only: decision times on the
device come from the emulated Pico (``make bench-pico``), where a playout
costs what it costs on the rp2 port rather than what pystone predicts.

Pystone is micropython-lib's ``pystone_lowmem`` from its PyPI package
``micropython-pystone_lowmem`` (pinned by version and SHA-256 below). That
package predates pip's formats (no setup.py; MicroPython's old ``upip``
installed it), so pip cannot install it: this script fetches the sdist the
way upip did, from PyPI's JSON API, checks its hash and unpacks the one file
into build/pystone/ (kept for the next runs).
"""

import argparse
import hashlib
import io
import json
import os
import sys
import tarfile
import urllib.request

from benchkit import ROOT
from benchkit import run_mp as run_micropython

PYSTONE_PKG = "micropython-pystone-lowmem"
PYSTONE_VERSION = "3.4.2-4"
PYSTONE_SHA256 = "3d5cd43a7b21539d55ad5de85a273c4c4025296a78525774b1583e22b6cd1c5c"
PYSTONE_DIR = os.path.join(ROOT, "build", "pystone")
PICO_PYSTONES = 1270  # per second, MicroPython on a Pico at 125 MHz (estimate)
HARD_PEAK_LIMIT = 24 * 1024
LEVEL_NAMES = ("Easy", "Normal", "Hard")
GAMES = ("clubbed", "klaberjass", "clubs")


def pystone_dir():
    """Folder holding ``pystone_lowmem.py``, fetched from PyPI on first use.

    Raises RuntimeError when the download fails or the hash differs.
    """
    path = os.path.join(PYSTONE_DIR, "pystone_lowmem.py")
    if os.path.exists(path):
        return PYSTONE_DIR
    url = "https://pypi.org/pypi/%s/json" % PYSTONE_PKG
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            meta = json.load(r)
        files = meta["releases"][PYSTONE_VERSION]
        sdist = [u for u in files if u["packagetype"] == "sdist"][0]
        with urllib.request.urlopen(sdist["url"], timeout=60) as r:
            data = r.read()
    except (OSError, KeyError, IndexError, ValueError) as e:
        raise RuntimeError("cannot fetch %s %s from PyPI: %s" % (PYSTONE_PKG, PYSTONE_VERSION, e))
    if hashlib.sha256(data).hexdigest() != PYSTONE_SHA256:
        raise RuntimeError("%s %s: SHA-256 differs from the pinned one" % (PYSTONE_PKG,
                                                                          PYSTONE_VERSION))
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        member = [m for m in tf.getmembers() if m.name.endswith("/pystone_lowmem.py")][0]
        src = tf.extractfile(member).read()
    os.makedirs(PYSTONE_DIR, exist_ok=True)
    with open(path, "wb") as f:
        f.write(src)
    return PYSTONE_DIR


def run_mp(decisions, games=GAMES):
    """The ``key value...`` lines of tools/bench/bench_search_mp.py under MicroPython
    (``games``: the games measured, a tuple of names)."""
    out = run_micropython("tools/bench/bench_search_mp.py", [decisions, ",".join(games)],
                          ["firmware", pystone_dir()], timeout=1800)
    if out.returncode:
        sys.exit("MicroPython run failed:\n" + out.stderr[-3000:])
    return [line.split() for line in out.stdout.splitlines() if line.strip()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decisions", type=int, default=12,
                    help="decisions measured per game and level (default 12)")
    ap.add_argument("--game", action="append", choices=GAMES,
                    help="measure only this game (repeatable; default all three)")
    args = ap.parse_args(argv)
    if args.decisions < 1:
        ap.error("--decisions must be at least 1")
    lines = run_mp(args.decisions, tuple(args.game) if args.game else GAMES)
    stones = None
    rows = []
    code = {}
    for f in lines:
        if f[0] == "pystone":
            loops, ms = int(f[1]), int(f[2])
            stones = max(stones or 0, loops * 1000 // max(1, ms))
        elif f[0] == "code":
            code[f[1]] = int(f[2])
        elif f[0] == "level":
            rows.append((f[1],) + tuple(int(x) for x in f[2:10]))
    print("MicroPython (Node) pystone: %d pystones/s; Pico at 125 MHz taken as %d, "
          "so Pico time = Node time x %.1f" % (stones, PICO_PYSTONES, stones / PICO_PYSTONES))
    print("%-11s %-6s %8s %9s %9s %9s %13s %7s %6s" % (
        "game", "level", "Node ms", "Pico ms*", "max Pico", "alloc B", "peak live B", "worlds",
        "moves"))
    bad = []
    for game, level, n, t_total, alloc, peak, iters, moves, t_max in rows:
        node_ms = t_total / n
        pico_ms = node_ms * stones / PICO_PYSTONES
        worlds = "%.1f" % (iters / n) if level else "-"
        mv = "%d" % (moves // n) if level else "-"
        print("%-11s %-6s %8.1f %9.0f %9.0f %9d %13d %7s %6s" % (
            game, LEVEL_NAMES[level], node_ms, pico_ms, t_max * stones / PICO_PYSTONES, alloc,
            peak, worlds, mv))
        if level == 2 and peak >= HARD_PEAK_LIMIT:
            bad.append("%s Hard: peak %d B" % (game, peak))
    print("(* estimated, mean over %d decisions per game and level; max Pico: the slowest "
          "of them)" % args.decisions)
    print("player code in the heap once imported (bytes, .py sources): "
          + ", ".join("%s %d" % (g, code[g]) for g in code))
    if bad:
        print("OVER BUDGET: " + "; ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    sys.exit(main())
