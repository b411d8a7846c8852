"""Put the console on a Pico running MicroPython: build, copy only what
changed, write the board config, reset. Uses mpremote (a dev dependency).

    python tools/make/flash.py --board pimoroni_pico_display    # build, copy, reset
    python tools/make/flash.py --dry-run                        # only say what it would do
    python tools/make/flash.py --port /dev/ttyACM0 --board waveshare_pico_lcd_1_3
    python tools/make/flash.py --frozen --board waveshare_pico_lcd_1_3
                                       # a Pico running our firmware image (make
                                       # firmware): only /board.txt, and the
                                       # filesystem copies of the app removed

Steps:

1. Build: ``tools/make/build.py`` compiles firmware/ plus boards/ (as /boards) with
   mpy-cross into a temporary folder (``--stage DIR`` keeps it); ``main.py``
   stays source.
2. Ask the board, in one ``mpremote exec``, for the SHA-256 of every file in
   the folders the console owns (/app /cardgames /link /players /hw /boards) and of
   /main.py, /fonts.bin and /rulebook.txt, for /board.txt and for the free
   space.
3. Copy the files whose hash differs or that are missing (one mpremote run;
   it prints a line per file), remove files in those folders the build no
   longer has (a stale ``x.py`` would shadow the new ``x.mpy``: MicroPython
   looks for ``.py`` first), write /board.txt if it names another board, and
   for an SSD1306 board copy micropython-lib's ``ssd1306`` driver, compiled,
   to /lib/ssd1306.mpy if it differs: taken from the MicroPython source
   (``--micropy-dir``/MICROPY_DIR, else the device kit's in ``--kit``/PICO_KIT,
   as ``make firmware`` finds it; no network). Anything else on the board (the error log, your own
   files, the rest of /lib) is left alone.
4. Hard-reset the board, so /main.py starts the console.

``--frozen`` is for a Pico running the firmware image (docs/firmware.md),
which holds the app, its glyphs, the drivers and its own board: it copies
nothing but /board.txt (only with ``--board``) and removes the console's
files from the filesystem (a /main.py would run instead of the image's
console, and the folders would shadow its packages). It refuses a board
whose firmware is not our image, and ``--lines``, ``--micropy-dir`` and
``--stage``, which it would have no use for (exit 2).

``--dry-run`` builds and reads the board (or, with none connected, assumes an
empty one) and prints the plan without changing anything. With no board
found, the error says what to check. Exit status: 0 done, 1 build or copy
failed, 2 bad arguments or no board.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD_TOOL = os.path.join(ROOT, "tools", "make", "build.py")
sys.path.insert(0, ROOT)

import boards  # noqa: E402
import firmware  # noqa: E402  (where the MicroPython source is: tools/make/firmware.py)

MANAGED = ("/app", "/cardgames", "/link", "/players", "/hw", "/boards")
# Data files read at run time by the development install: the glyphs
# (app.kit.text) and the rules text (app.rules_screen); the firmware image has both frozen.
TOP_FILES = ("/main.py", "/fonts.bin", "/rulebook.txt")
DRIVER = "/lib/ssd1306.mpy"  # micropython-lib's SSD1306 driver, for hw/oled.py
BOARD_FILE = "/board.txt"
MARKER = ".picocards-build"

# Runs on the board: one line per directory (D path), file (F sha256 size
# path), the board file (B name / B-), /lib and its entries (D /lib, L name),
# our firmware image if it runs one (I and the board it defaults to, or -),
# and the filesystem's block size and free blocks (S bsize bfree).
LIST_SCRIPT = """
import os, hashlib, binascii
def _h(p):
    h = hashlib.sha256()
    f = open(p, "rb")
    b = f.read(1024)
    while b:
        h.update(b)
        b = f.read(1024)
    f.close()
    print("F", binascii.hexlify(h.digest()).decode(), os.stat(p)[6], p)
def _w(d):
    try:
        it = list(os.ilistdir(d))
    except OSError:
        return
    print("D", d)
    for e in it:
        p = d + "/" + e[0]
        if e[1] & 0x4000:
            _w(p)
        else:
            _h(p)
for d in %r:
    _w(d)
for p in %r:
    try:
        _h(p)
    except OSError:
        pass
try:
    print("B", open(%r).read().strip())
except OSError:
    print("B-")
try:
    _l = list(os.ilistdir("/lib"))
    print("D /lib")
    for e in _l:
        print("L", e[0])
except OSError:
    pass
try:
    import picocards_fonts
    try:
        from picocards_image import BOARD
    except ImportError:
        BOARD = "-"
    print("I", BOARD)
except ImportError:
    pass
s = os.statvfs("/")
print("S", s[0], s[3])
""" % (MANAGED, TOP_FILES + (DRIVER,), BOARD_FILE)


class NoBoard(Exception):
    """mpremote found no MicroPython board."""


class FlashError(Exception):
    """A step failed; the message says which and why."""


def mpremote(port, *args):
    """argv running mpremote on ``port`` ("auto": the first board found)."""
    return [sys.executable, "-m", "mpremote", "connect", port, *args]


def run(argv, capture=True):
    """``(returncode, stdout, stderr)`` of ``argv`` (output streamed to ours
    when not captured)."""
    try:
        if capture:
            p = subprocess.run(argv, capture_output=True, text=True)
            return p.returncode, p.stdout, p.stderr
        p = subprocess.run(argv)
        return p.returncode, "", ""
    except OSError as e:
        return 127, "", str(e)


# --- build ------------------------------------------------------------------


def build(stage, runner=run, firmware=None, boards_dir=None, lines=False):
    """Compile ``firmware`` (default firmware/) and the ``.py`` files of
    ``boards_dir`` (default boards/, as /boards) into ``stage``/out (with
    line-number tables if ``lines``: ``tools/make/build.py --lines``); returns
    that folder."""
    firmware = firmware or os.path.join(ROOT, "firmware")
    boards_dir = boards_dir or os.path.join(ROOT, "boards")
    src = os.path.join(stage, "src")
    out = os.path.join(stage, "out")
    if os.path.isdir(src):
        shutil.rmtree(src)
    shutil.copytree(firmware, src, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    os.makedirs(os.path.join(src, "boards"))
    for name in sorted(os.listdir(boards_dir)):
        if name.endswith(".py"):
            shutil.copyfile(os.path.join(boards_dir, name), os.path.join(src, "boards", name))
    rc, so, se = runner([sys.executable, BUILD_TOOL, "--src", src,
                         "--out", out] + (["--lines"] if lines else []))
    if rc != 0:
        raise FlashError("build failed:\n" + (se or so).strip())
    return out


def local_files(out):
    """{device path: (local path, sha256 hex, size)} of a build folder."""
    files = {}
    for dirpath, dirnames, filenames in os.walk(out):
        dirnames.sort()
        for name in sorted(filenames):
            if name == MARKER:
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, out).replace(os.sep, "/")
            with open(path, "rb") as f:
                data = f.read()
            files["/" + rel] = (path, hashlib.sha256(data).hexdigest(), len(data))
    return files


# --- the board --------------------------------------------------------------


class Remote:
    """What ``LIST_SCRIPT`` reported: ``files`` {path: (sha256, size)},
    ``dirs``, ``board`` (name or None), ``lib`` (names in /lib), ``image``
    (None: not our firmware image; else the board it defaults to, "" if it
    does not say), ``block`` size and ``free`` blocks (None if unknown)."""

    def __init__(self, files=None, dirs=None, board=None, lib=(), block=4096, free=None,
                 image=None):
        self.files = files or {}
        self.dirs = set(dirs or ())
        self.board = board
        self.lib = set(lib)
        self.image = image
        self.block = block
        self.free = free

    @classmethod
    def parse(cls, text):
        r = cls()
        for line in text.splitlines():
            kind, _, rest = line.strip().partition(" ")
            if kind == "F":
                digest, size, path = rest.split(" ", 2)
                r.files[path] = (digest, int(size))
            elif kind == "D" and rest:
                r.dirs.add(rest)
            elif kind == "B" and rest:
                r.board = rest
            elif kind == "L" and rest:
                r.lib.add(rest)
            elif kind == "I":
                r.image = "" if rest in ("", "-") else rest
            elif kind == "S":
                block, free = rest.split()
                r.block, r.free = int(block), int(free)
        return r

    def blocks(self, size):
        """Filesystem blocks a file of ``size`` bytes takes (at least one)."""
        return max(1, -(-size // self.block))


def no_board_message(port):
    where = "on USB" if port == "auto" else "at %s" % port
    return ("no MicroPython board found %s.\n"
            "  - Plug the Pico in with a USB cable that carries data.\n"
            "  - It must run MicroPython (a Pico in BOOTSEL mode shows up as the RPI-RP2 drive "
            "instead: copy the MicroPython .uf2 for your Pico onto it first).\n"
            "  - Close anything else using the port (Thonny, another mpremote, a serial "
            "terminal).\n"
            "  - Name the port yourself with --port (see: python -m mpremote devs)." % where)


def read_board(port, runner=run):
    """The board's state (``Remote``); NoBoard if mpremote finds none."""
    rc, so, se = runner(mpremote(port, "exec", LIST_SCRIPT))
    if rc != 0:
        msg = (se or so).strip()
        low = msg.lower()
        if "no device found" in low or "failed to access" in low or "could not" in low \
                or "no such file" in low:
            raise NoBoard(msg)
        raise FlashError("reading the board failed (mpremote exit %d):\n%s" % (rc, msg))
    return Remote.parse(so)


# --- the plan ---------------------------------------------------------------


class Plan:
    """What to do: ``mkdirs``, ``copies`` [(local, remote, size)],
    ``removes`` (files), ``rmdirs``, ``board`` (name to write or None),
    ``unchanged`` (count)."""

    def __init__(self):
        self.mkdirs = []
        self.copies = []
        self.removes = []
        self.rmdirs = []
        self.board = None
        self.unchanged = 0

    def empty(self):
        return not (self.mkdirs or self.copies or self.removes or self.rmdirs or self.board)

    def bytes(self):
        return sum(size for _, _, size in self.copies)

    def blocks_needed(self, remote):
        """Free blocks the plan needs on ``remote`` (negative: it frees some)."""
        n = sum(remote.blocks(size) for _, _, size in self.copies)
        for _, dst, _ in self.copies:
            if dst in remote.files:
                n -= remote.blocks(remote.files[dst][1])
        for p in self.removes:
            n -= remote.blocks(remote.files[p][1])
        return n


def _managed(path):
    return path in TOP_FILES or any(path == d or path.startswith(d + "/") for d in MANAGED)


def make_plan(local, remote, board_name):
    """The Plan turning ``remote`` into ``local`` (which holds DRIVER if the
    board needs it) plus the board config: ``board_name`` written to
    BOARD_FILE if the board names another (None: leave it as it is)."""
    plan = Plan()
    wanted_dirs = set()
    for path in local:
        d = path.rsplit("/", 1)[0]
        while d:
            wanted_dirs.add(d)
            d = d.rsplit("/", 1)[0]
    plan.mkdirs = sorted((d for d in wanted_dirs if d not in remote.dirs),
                         key=lambda d: (d.count("/"), d))
    for path, (src, digest, size) in sorted(local.items()):
        if remote.files.get(path, (None,))[0] == digest:
            plan.unchanged += 1
        else:
            plan.copies.append((src, path, size))
    plan.removes = sorted(p for p in remote.files if _managed(p) and p not in local)
    plan.rmdirs = sorted((d for d in remote.dirs if _managed(d) and d not in wanted_dirs),
                         key=lambda d: (-d.count("/"), d))
    if board_name is not None and remote.board != board_name:
        plan.board = board_name
    return plan


def describe(plan, remote, out):
    """Print the plan to ``out``, one line per action, and a summary."""
    for d in plan.mkdirs:
        print("  mkdir  :%s" % d, file=out)
    for _, dst, size in plan.copies:
        print("  copy   :%s (%d bytes)" % (dst, size), file=out)
    for p in plan.removes:
        print("  remove :%s (not in the build)" % p, file=out)
    for d in plan.rmdirs:
        print("  rmdir  :%s" % d, file=out)
    if plan.board:
        print("  write  :%s = %s (was %s)" % (BOARD_FILE, plan.board, remote.board or "none"),
              file=out)
    print("%d to copy (%d bytes), %d to remove, %d unchanged%s"
          % (len(plan.copies), plan.bytes(), len(plan.removes), plan.unchanged,
             "" if remote.free is None else ", %d KB free on the board"
             % (remote.free * remote.block // 1024)), file=out)


def commands(plan, port):
    """The one mpremote argv carrying out ``plan`` and the reset."""
    args = []

    def add(*cmd):
        if args:
            args.append("+")
        args.extend(cmd)

    for p in plan.removes:
        add("fs", "rm", ":" + p)
    for d in plan.rmdirs:
        add("fs", "rmdir", ":" + d)
    for d in plan.mkdirs:
        add("fs", "mkdir", ":" + d)
    for src, dst, _ in plan.copies:
        add("fs", "cp", "-f", src, ":" + dst)
    if plan.board:
        add("exec", "f = open(%r, 'w'); f.write(%r); f.close()" % (BOARD_FILE, plan.board + "\n"))
    add("reset")
    return mpremote(port, *args)


# --- main -------------------------------------------------------------------


def main(argv=None, runner=run, out=None):
    """Command line entry; ``runner`` runs mpremote and the build (tests fake
    it), ``out`` takes the progress (default: stdout). Returns the status."""
    out = out or sys.stdout
    ap = argparse.ArgumentParser(prog="tools/make/flash.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board",
                    help="board module in boards/: " + ", ".join(boards.names())
                    + " (default: keep the one in the board's /board.txt, else %s)"
                    % boards.DEFAULT)
    ap.add_argument("--port", default="auto",
                    help="serial port of the board (default: the first one mpremote finds)")
    ap.add_argument("--dry-run", action="store_true", help="print the plan, change nothing")
    ap.add_argument("--lines", action="store_true",
                    help="keep line numbers in the .mpy files, for tracebacks that name the "
                         "line (more heap; see tools/make/build.py)")
    ap.add_argument("--frozen", action="store_true",
                    help="the Pico runs our firmware image (make firmware): write only "
                         "/board.txt (with --board) and remove the console's files from the "
                         "filesystem")
    ap.add_argument("--micropy-dir",
                    help="MicroPython source to take the SSD1306 driver from (default: "
                         "$MICROPY_DIR, else the device kit's, as make firmware finds it)")
    ap.add_argument("--kit", default=firmware.KIT,
                    help="the device kit's folder, holding %s, for the SSD1306 driver "
                         "(PICO_KIT in the Makefile; default: %%(default)s)" % firmware.TARBALL)
    ap.add_argument("--stage", help="build into this folder and keep it (default: a "
                    "temporary folder)")
    args = ap.parse_args(argv)
    if args.frozen:
        # --frozen builds and copies nothing: these would be silently ignored.
        unused = [opt for opt, given in (("--lines", args.lines),
                                         ("--micropy-dir", args.micropy_dir is not None),
                                         ("--stage", args.stage is not None)) if given]
        if unused:
            print("flash: --frozen builds nothing, so %s has no effect: drop %s"
                  % (" and ".join(unused), "it" if len(unused) == 1 else "them"),
                  file=sys.stderr)
            return 2
    if args.micropy_dir is None:
        args.micropy_dir = os.environ.get("MICROPY_DIR") or None
    if args.board is not None:
        try:
            boards.load(args.board)
        except ValueError as e:
            print("flash: %s (have: %s)" % (e, ", ".join(boards.names())), file=sys.stderr)
            return 2

    if args.stage:
        try:
            if os.path.exists(args.stage) and not os.path.isdir(args.stage):
                raise OSError("it is a file, not a folder")  # was a FileExistsError traceback
            os.makedirs(args.stage, exist_ok=True)
        except OSError as e:
            print("flash: cannot build into --stage %s: %s" % (args.stage, e.strerror or e),
                  file=sys.stderr)
            return 2
        return _flash(args, args.stage, runner, out)
    with tempfile.TemporaryDirectory(prefix="picocards-flash-") as stage:
        return _flash(args, stage, runner, out)


def choose_board(requested, remote):
    """The board module name to write: ``requested``, else the one the board
    already names, else the default."""
    if requested is not None:
        return requested
    if remote.board:
        try:
            boards.load(remote.board)
        except ValueError:
            raise FlashError("the board's %s names %r, which boards/ does not have: "
                             "pass --board" % (BOARD_FILE, remote.board))
        return remote.board
    return boards.DEFAULT


def build_driver(stage, source, runner=run):
    """Compile micropython-lib's SSD1306 driver at ``source`` (its
    ``ssd1306.py``) with tools/make/build.py into ``stage``; returns its
    ``local_files`` entry, {DRIVER: (local path, sha256 hex, size)}."""
    src = os.path.join(stage, "driver-src")
    out = os.path.join(stage, "driver-out")
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(os.path.join(src, "lib"))
    shutil.copyfile(source, os.path.join(src, "lib", "ssd1306.py"))
    rc, so, se = runner([sys.executable, BUILD_TOOL, "--src", src,
                         "--out", out])
    if rc != 0:
        raise FlashError("building the ssd1306 driver failed:\n" + (se or so).strip())
    return {p: v for p, v in local_files(out).items() if p == DRIVER}


def driver_files(stage, remote, micropy_dir, runner=run, out=sys.stdout, kit=None):
    """The SSD1306 driver to have on the board (``build_driver``), from the
    MicroPython source (``firmware.driver_source``): ``micropy_dir``'s, else
    the extracted tree's or the device kit's in ``kit`` (default
    firmware.KIT). FlashError naming the path looked for if ``micropy_dir``
    lacks it; with no source at all: {} if the board already has an
    ``ssd1306`` in /lib (left as it is), else FlashError saying where to get one."""
    kit = kit or firmware.KIT
    if micropy_dir:
        path = os.path.join(os.path.abspath(os.path.expanduser(micropy_dir)), firmware.SSD1306)
        if not os.path.isfile(path):
            raise FlashError("the SSD1306 board needs micropython-lib's ssd1306 driver and the "
                             "MicroPython source %s has none: no %s (a v%s checkout with its "
                             "submodules has it)" % (micropy_dir, path, firmware.VERSION))
        return build_driver(stage, path, runner)
    source = firmware.driver_source(None, kit)
    if source is None:
        if {"ssd1306.mpy", "ssd1306.py"} & remote.lib:
            print("      no MicroPython source: keeping the board's /lib/ssd1306", file=out)
            return {}
        raise FlashError("the SSD1306 board needs micropython-lib's ssd1306 driver and there is "
                         "no MicroPython source to take it from (no %s, no %s): pass "
                         "--micropy-dir (a MicroPython v%s checkout) or put the device kit in "
                         "%s (or run: mpremote mip install ssd1306)"
                         % (os.path.join(firmware.BUILD, "micropython-" + firmware.VERSION),
                            os.path.join(kit, firmware.TARBALL), firmware.VERSION, kit))
    return build_driver(stage, source, runner)


def _frozen_board(requested, remote):
    """For --frozen: the board name to write to BOARD_FILE (None: leave it),
    and the one the Pico will run."""
    if remote.image is None:
        raise FlashError("the board does not run the Pico Cards firmware image (make firmware; "
                         "docs/firmware.md): copy build/firmware/picocards-<board>.uf2 onto it "
                         "in BOOTSEL mode first, or drop --frozen for the development install")
    if requested is None:
        return None, remote.board or remote.image or boards.DEFAULT
    if remote.board is None and requested == remote.image:
        return None, requested  # the image's own board: no file needed
    return requested, requested


def _flash(args, stage, runner, out):
    try:
        if args.frozen:
            print("[1/4] nothing to build: the firmware image holds the console", file=out)
            local = {}
        else:
            print("[1/4] building firmware/ and boards/ with mpy-cross", file=out)
            local = local_files(build(stage, runner, lines=args.lines))
            print("      %d files, %d bytes" % (len(local), sum(v[2] for v in local.values())),
                  file=out)
        print("[2/4] reading the board (%s)" % args.port, file=out)
        try:
            remote = read_board(args.port, runner)
        except NoBoard as e:
            if not args.dry_run:
                print("flash: " + no_board_message(args.port), file=sys.stderr)
                print("(mpremote said: %s)" % e, file=sys.stderr)
                return 2
            print("      no board connected: a real run would stop here (plug in a Pico running "
                  "MicroPython).\n      The plan below is for an empty board.", file=out)
            remote = Remote(image="" if args.frozen else None)
        if args.frozen:
            write, name = _frozen_board(args.board, remote)
        else:
            write = name = choose_board(args.board, remote)
        board = boards.load(name)
        if not args.frozen and board["display"]["controller"] == "ssd1306":
            local.update(driver_files(stage, remote, args.micropy_dir, runner, out, args.kit))
        plan = make_plan(local, remote, write)
        print("[3/4] plan for board %s (%s)" % (name, board["name"]), file=out)
        describe(plan, remote, out)
        if remote.free is not None and plan.blocks_needed(remote) > remote.free:
            raise FlashError("not enough room on the board: the files need %d more %d-byte "
                             "blocks, %d are free" % (plan.blocks_needed(remote), remote.block,
                                                      remote.free))
        if args.dry_run:
            argv = commands(plan, args.port)
            print("[4/4] dry run, nothing changed: mpremote would run %d commands, ending with "
                  "a reset" % (argv.count("+") + 1), file=out)
            return 0
        print("[4/4] copying and resetting", file=out)
        rc, so, se = runner(commands(plan, args.port), False)
        if rc != 0:
            raise FlashError("mpremote failed (exit %d)%s" % (rc, (":\n" + se) if se else ""))
        print("done: the board restarts with %s" % board["name"], file=out)
        return 0
    except FlashError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
