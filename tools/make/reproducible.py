"""Build one board's firmware image twice from the same tree and check the
two are the same bytes: ``make reproducible [BOARD=...]``.

    python tools/make/reproducible.py [--board NAME] [--firmware-args "..."]

Both builds start from nothing of their own (the board's build folders,
``build/firmware/rp2-<tag>-<board>`` and ``frozen-<tag>-<board>``, removed
first; the shared mpy-cross and picotool are kept), one after the other in
the same place, as two people building one commit would. It takes two full
builds (about 1-3 minutes each on two cores), too long for the test suite,
which checks the frozen content instead (tests/test_reproducible.py).

Exit status: 0 the same bytes, 1 they differ or a build failed, 2 bad
arguments.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import boards  # noqa: E402

FIRMWARE_OUT = os.path.join(ROOT, "build", "firmware")


def build(board, extra):
    """Build ``board``'s image anew; its SHA-256 (hex), or exit 1."""
    if os.path.isdir(FIRMWARE_OUT):
        own = re.compile(r"(rp2|frozen)-[0-9a-f]+-%s$" % re.escape(board))
        for name in os.listdir(FIRMWARE_OUT):
            if own.match(name):
                shutil.rmtree(os.path.join(FIRMWARE_OUT, name))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make", "firmware.py"),
                        "--board", board, "--force"] + extra, cwd=ROOT)
    if r.returncode != 0:
        print("reproducible: the build failed (exit %d)" % r.returncode, file=sys.stderr)
        raise SystemExit(1)
    with open(os.path.join(FIRMWARE_OUT, "picocards-%s.uf2" % board), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main(argv=None):
    p = argparse.ArgumentParser(prog="tools/make/reproducible.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--board", default=boards.DEFAULT)
    p.add_argument("--firmware-args", default="",
                   help="more arguments for tools/make/firmware.py (e.g. --kit DIR)")
    args = p.parse_args(argv)
    if args.board not in boards.names():
        print("reproducible: unknown board %s (one of %s)"
              % (args.board, ", ".join(boards.names())), file=sys.stderr)
        return 2
    extra = args.firmware_args.split()
    first = build(args.board, extra)
    second = build(args.board, extra)
    if first != second:
        print("reproducible: two builds of %s differ (%s, %s)" % (args.board, first, second),
              file=sys.stderr)
        return 1
    print("reproducible: two builds of %s are the same bytes (sha256 %s)" % (args.board, first))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
