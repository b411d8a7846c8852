"""Memory report: peak live heap per screen of the whole app on MicroPython.

    python tools/bench/mem_report.py [--board NAME] [--budget-kb 150] [--source | --lines]
                               [--build DIR] [--no-storage] [--heaps 16m,8m]

Builds the firmware with mpy-cross (tools/make/build.py into build/mpy/, or
``--build DIR``: the .mpy files the device loads) and runs tools/bench/mem_mp.py under MicroPython's
WebAssembly port in Node (tools/mp/mp_run.mjs, the files laid out as on a
board's filesystem): the app on a 240x135 8-bit indexed
frame (32,400 bytes, ``app.kit.display``), scripted through the title menu and a full game of
Clubbed, Klaberjass and Clubs. The live heap is ``gc.mem_alloc()`` after
``gc.collect()`` at the start of every top-level step (the only point where
that port's collector reclaims anything), booked to the screen the app is on;
the run is made twice, side by side, with the heap in two places, and each
figure is the lower of the two (``HEAPS``: a conservative collector's false
retention only ever adds). ``--heaps 2m`` makes one run with a 2 MB heap
instead, about five times less processor time (each collection sweeps the
whole heap): its figures are never below the two runs' (on this tree, at
most 16 bytes above at any screen), so a budget it keeps, they keep too.

Prints a table: the runtime's own heap before the app is imported, the boot
(App created and its first frame drawn) and the peak per screen, then the
interned names (qstrs) at the end, which MicroPython never frees; exits 1 if
any figure exceeds the budget (152 KB, tests/test_mem_budget.py), 2 if the
run itself fails. The figures include the runner's few KB (``base``); the
device's drivers (hw/, boards/) are not loaded here. ``--lines`` measures a
build with line-number tables (``tools/make/build.py --lines``), ``--source`` the
.py files compiled by the runtime itself. The app keeps its files (saved
game, settings, statistics, records) on the runtime's filesystem as on the
device (``hw.storage``), so saving and loading are measured too;
``--no-storage`` runs it without (it then keeps nothing).

``--board NAME`` (a module in boards/, e.g. ``waveshare_pico_lcd_1_3`` or
``oled_ssd1306_128x64``) runs the same scenario on that board's frame: its
``width`` x ``height``, 8-bit indexed for an ST7789, 1-bit MONO_VLSB for an SSD1306,
so the app picks the layout it would there (tall 240x240, compact 128x64;
``App`` chooses it from the frame).
Without it: the 240x135 indexed frame as before. The budget is the same.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import benchkit  # noqa: E402
from benchkit import ROOT  # noqa: E402

BUDGET_KB = 152

import boards  # noqa: E402  (boards/ at the repository root)


def board_frame(name):
    """``(width, height, mono)`` of board ``name``'s frame (mono: 1-bit, an
    SSD1306); None gives the default 240x135 indexed one. ValueError (from
    ``boards.load``) for an unknown board."""
    if name is None:
        return 240, 135, False
    cfg = boards.load(name)["display"]
    return cfg["width"], cfg["height"], cfg["controller"] == "ssd1306"


def frame_bytes(width, height, mono):
    """Bytes of the frame buffer: 1 per pixel (8-bit palette indices, GS8),
    or 1 bit per pixel in 8-row pages (MONO_VLSB), as
    app.kit.display.FrameDisplay allocates."""
    return width * ((height + 7) // 8) if mono else width * height


FRAME_LINE = "FRAME = (240, 135, False)\n"


def mp_script(frame, tmpdir):
    """Path of the MicroPython script for ``frame`` (width, height, mono):
    tools/bench/mem_mp.py itself for the default 240x135 frame, else a copy in
    ``tmpdir`` with its ``FRAME`` line rewritten (so the default run carries
    no option-parsing code of the runner's in its figures)."""
    src = os.path.join(ROOT, "tools", "bench", "mem_mp.py")
    if tuple(frame) == (240, 135, False):
        return src
    with open(src) as f:
        text = f.read()
    if text.count(FRAME_LINE) != 1:
        raise RuntimeError("tools/bench/mem_mp.py has no single %r line to rewrite" % FRAME_LINE)
    dst = os.path.join(tmpdir, "mem_mp.py")
    with open(dst, "w") as f:
        f.write(text.replace(FRAME_LINE, "FRAME = (%d, %d, %r)\n" % tuple(frame)))
    return dst


#: Two placements of the runtime's heap (mp_run's --heap). The collector is
#: conservative: a word of data (a frame's pixels, a font's bits) that reads
#: as an address into the heap keeps that block alive, so one placement can
#: count up to about 10 KB of garbage as live at a screen. Such false
#: retention only ever adds, so the figure per screen is the lower of two
#: runs that differ only in where the heap lies.
HEAPS = ("16m", "8m")


def heaps(text):
    """``--heaps``: comma-separated heap sizes for mp_run's --heap (argparse type)."""
    out = tuple(h.strip() for h in text.split(","))
    for h in out:
        if not (h[:-1].isdigit() and h[-1] in "km"):
            raise argparse.ArgumentTypeError("%r is not a heap size such as 2m or 512k" % h)
    return out


def run_mp(path, storage=True, frame=(240, 135, False), heap_sizes=HEAPS):
    """Run tools/bench/mem_mp.py on ``path``'s modules (``storage``: the app keeps
    its files, as on the device; ``frame``: width, height, mono) once per
    heap of ``heap_sizes``, side by side; dict of its key lines, each ``peak``
    the lower of the runs'."""
    with tempfile.TemporaryDirectory() as tmp:
        # --root: laid out as on a board (modules at app/..., found through "").
        cmds = [benchkit.mp_command(mp_script(frame, tmp), [] if storage else ["--no-storage"],
                                    root=path, heap=h) for h in heap_sizes]
        procs = [subprocess.Popen(c, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True) for c in cmds]
        outs = [p.communicate() for p in procs]
    runs = []
    for p, (out, err) in zip(procs, outs, strict=True):
        if p.returncode != 0:
            sys.stderr.write(out[-2000:] + err[-4000:])
            print("mem_report: the MicroPython run failed (exit %d)" % p.returncode,
                  file=sys.stderr)
            raise SystemExit(2)
        res = {}
        for line in out.splitlines():
            key, _, rest = line.partition(" ")
            res.setdefault(key, []).append(rest.split())
        runs.append(res)
    res = runs[0]
    for other in runs[1:]:
        if [r[0] for r in other.get("peak", [])] != [r[0] for r in res.get("peak", [])] or \
                other["steps"] != res["steps"]:
            print("mem_report: the runs took different paths", file=sys.stderr)
            raise SystemExit(2)
        for mine, theirs in zip(res["peak"], other["peak"], strict=True):
            mine[1] = str(min(int(mine[1]), int(theirs[1])))
        for key in ("base", "boot"):
            res[key][0][0] = str(min(int(res[key][0][0]), int(other[key][0][0])))
    return res


def budget_kb(text):
    """``--budget-kb``: a positive, finite number of KB (argparse type)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number" % text)
    if not (0 < v < 1e9):  # also false for nan
        raise argparse.ArgumentTypeError("%r is not a positive number of KB" % text)
    return v


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", choices=boards.names(), default=None,
                    help="run on this board's frame size and format (default: 240x135 "
                         "8-bit indexed)")
    ap.add_argument("--budget-kb", type=budget_kb, default=BUDGET_KB,
                    help="fail above this many KB (1024 bytes; default %(default)s)")
    ap.add_argument("--source", action="store_true",
                    help="run the .py sources in firmware/ instead of the mpy-cross build")
    ap.add_argument("--lines", action="store_true",
                    help="build with line-number tables (tools/make/build.py --lines)")
    ap.add_argument("--no-storage", action="store_true",
                    help="the app keeps no files (by default it keeps its saved games, settings, "
                         "statistics and records on a filesystem, as on the device)")
    ap.add_argument("--heaps", type=heaps, default=HEAPS,
                    help="run once per heap size, side by side, keeping the lower figure per "
                         "screen (default %s)" % ",".join(HEAPS))
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "mpy"),
                    help="folder for the mpy-cross build (default %(default)s)")
    args = ap.parse_args(argv)
    if args.source:
        path, what = os.path.join(ROOT, "firmware"), ".py sources"
    else:
        path, what = args.build, "mpy-cross build" + (" with line numbers" if args.lines else "")
        built = benchkit.build_mpy(path, args.lines)
        if built.returncode:  # build.py said why on stderr
            print("mem_report: the build into %s failed" % path, file=sys.stderr)
            return 2
    frame = board_frame(args.board)
    res = run_mp(path, not args.no_storage, frame, args.heaps)
    budget = int(args.budget_kb * 1024)
    rows = [("runtime before the app (base)", int(res["base"][0][0]), 1),
            ("boot: App created, first frame drawn", int(res["boot"][0][0]), 1)]
    rows += [(r[0], int(r[1]), int(r[2])) for r in res.get("peak", [])]
    w, h, mono = frame
    print("Peak live heap on MicroPython (Node), %s, %s%dx%d %s frame (%d bytes);"
          " budget %d bytes (%g KB)"
          % (what, (args.board + ": ") if args.board else "", w, h,
             "1-bit MONO_VLSB" if mono else "8-bit indexed", frame_bytes(w, h, mono),
             budget, args.budget_kb))
    print("%-40s %10s %8s %8s" % ("screen", "bytes", "KB", "samples"))
    over = []
    for name, n, count in rows:
        flag = "  OVER BUDGET" if n > budget else ""
        print("%-40s %10d %8.1f %8d%s" % (name, n, n / 1024, count, flag))
        if n > budget:
            over.append(name)
    peak = max(n for _, n, _ in rows)
    print("%-40s %10d %8.1f   (%s top-level steps)" % ("peak overall", peak, peak / 1024,
                                                        res["steps"][0][0]))
    q = dict(f.split("=") for f in " ".join(res.get("qstr", [[]])[0]).replace(",", " ").split()
             if "=" in f)
    if q:
        print("interned names (qstrs) at the end: %s in %s pools, %s bytes"
              % (q["n_qstr"], q["n_pool"], q["n_total_bytes"]))
    if over:
        print("mem_report: over the %g KB budget: %s" % (args.budget_kb, ", ".join(over)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    sys.exit(main())
