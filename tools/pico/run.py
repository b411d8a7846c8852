"""Run one MicroPython script on the emulated Pico and print what it prints.

    python tools/pico/run.py SCRIPT.py                       # stock UF2, empty flash
    python tools/pico/run.py --board pimoroni_pico_display SCRIPT.py
    python tools/pico/run.py --board waveshare_pico_lcd_1_3 --frozen build/firmware/x.uf2 \\
        --png title.png --after-ms 1500 SCRIPT.py

With ``--board`` the console is installed as tools/make/flash.py lays it (``.mpy``
build + /board.txt; with ``--frozen UF2``, that image and only /board.txt),
and the app runs ``--after-ms`` emulated ms (default 0) before the script
interrupts it; ``--png`` saves the panel as it was then. The script runs in
the raw REPL (tools/pico/harness.py, docs/emulator.md). The last line gives
the emulated time and the flash operations. The console output kept is
the last 64 KB (a line says how much was dropped before it).

Bounds: the script is read up to 256 KB (the Pico has 264 KB of RAM), the
``--frozen`` image must be a UF2 file of at most 4 MB (all of the Pico's
2 MB of flash); beyond that, one line says so and nothing runs.

Exit status: 0, 1 if the script raised (its traceback printed), ended with
``sys.exit()`` (whatever its code: the raw REPL does not pass it on), did not
finish within ``--timeout-ms`` (its output so far printed), reset the Pico
(``machine.reset()``) or the emulator failed, 2 for bad usage or no device kit.
"""

import argparse
import math
import os
import stat
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.pico import harness  # noqa: E402

KEEP = 64 * 1024  # console bytes kept: an endless print loop stays bounded
MAX_SCRIPT = 256 * 1024  # bytes of script read: more cannot fit in the Pico's RAM
MAX_UF2 = 4 * 1024 * 1024  # a UF2 carries 256 bytes a 512-byte block: 2 MB of flash
UF2_MAGIC = b"UF2\n"  # the first block's first word (Microsoft's UF2 specification)


class Usage(Exception):
    """Bad usage; ``str()`` is the line to print (exit status 2)."""


def read_script(path):
    """The text of the script at ``path``, read up to ``MAX_SCRIPT`` bytes
    (an endless file such as /dev/zero stops there). Usage if it cannot be
    read, is longer, is not UTF-8 or holds a byte the raw REPL takes as a
    command."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SCRIPT + 1)
    except OSError as e:
        raise Usage("cannot read %s: %s" % (path, e.strerror or e))
    if len(data) > MAX_SCRIPT:
        raise Usage("%s is longer than %d KB: stopped reading there (a script runs from the "
                    "Pico's 264 KB of RAM)" % (path, MAX_SCRIPT // 1024))
    try:
        code = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Usage("%s is not a MicroPython script: not UTF-8 text (byte 0x%02x at offset %d)"
                    % (path, e.object[e.start], e.start))
    bad = harness.control_byte(data)
    if bad is not None:
        raise Usage("%s holds the control byte 0x%02x at offset %d, which the raw REPL takes "
                    "as a command: write it as an escape in a string (\\x%02x)"
                    % (path, data[bad], bad, data[bad]))
    return code


def check_uf2(path):
    """Usage unless ``path`` is a regular file of at most ``MAX_UF2`` bytes
    that starts like a UF2 image (the size is read, not the file)."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise Usage("cannot read the image %s: %s" % (path, e.strerror or e))
    if not stat.S_ISREG(st.st_mode):
        raise Usage("the image %s is not a regular file" % path)
    if st.st_size > MAX_UF2:
        raise Usage("the image %s has %d bytes: a UF2 for the Pico's 2 MB of flash has at "
                    "most %d" % (path, st.st_size, MAX_UF2))
    try:
        with open(path, "rb") as f:
            head = f.read(512)
    except OSError as e:
        raise Usage("cannot read the image %s: %s" % (path, e.strerror or e))
    if len(head) < 512 or not head.startswith(UF2_MAGIC) or st.st_size % 512:
        raise Usage("the image %s is not a UF2 file (512-byte blocks starting 'UF2\\n')" % path)


def check_png(path):
    """Usage unless the folder ``path`` goes into exists (the PNG is saved
    after the boot, so a bad folder is found before it)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise Usage("--png %s is a folder: give a file name" % path)
    if not os.path.isdir(folder):
        raise Usage("--png %s: the folder %s does not exist" % (path, folder))
    if not os.access(folder, os.W_OK):
        raise Usage("--png %s: the folder %s is not writable" % (path, folder))


def _ms_arg(least):
    """argparse type: a finite number of ms, more than 0 (``least`` 0) or at
    least 0 (``least`` None)."""
    def parse(text):
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a number of ms" % text)
        if not math.isfinite(v) or (v <= 0 if least == 0 else v < 0) or v > 86400000:
            raise argparse.ArgumentTypeError(
                "must be %s and at most 86400000 (a day), not %s"
                % ("more than 0" if least == 0 else "0 or more", text))
        return v
    return parse


def _run_script(pico, code, timeout_ms):
    """Run ``code`` on ``pico``, print its output and what became of it;
    the exit status."""
    why = None
    try:
        out = pico.exec(code, timeout_ms=timeout_ms)
    except harness.ScriptExit as e:
        out, why = e.output, str(e)
    except harness.ReplError as e:
        out = e.output + e.traceback
        why = ""  # the traceback says it
    except (harness.ScriptTimeout, harness.PicoReset) as e:
        out, why = e.output, "%s, before the script finished" % e \
            if isinstance(e, harness.PicoReset) else str(e)
        if out and not out.endswith("\n"):
            out += "\n"
    if pico.dropped:
        out = out[out.find("\n") + 1:]  # from the first whole line on
        print("[%d bytes of output dropped: only the last %d KB are kept]"
              % (pico.dropped, KEEP // 1024))
    sys.stdout.write(out)
    print("[%.1f ms emulated, %d erases, %d programs]" % (pico.ms, pico.erases, pico.programs))
    if why:
        print("run: %s" % why, file=sys.stderr)
    return 0 if why is None else 1


class _Parser(argparse.ArgumentParser):
    """argparse saying what is wrong in one line (exit 2)."""

    def error(self, message):
        self.exit(2, "run: %s (see --help)\n" % message)


def main(argv=None):
    ap = _Parser(prog="tools/pico/run.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("script", help="MicroPython script to run")
    ap.add_argument("--board", help="install the console for this board (boards/)")
    ap.add_argument("--frozen", metavar="UF2", help="firmware image with the console frozen in")
    ap.add_argument("--after-ms", type=_ms_arg(None), default=0,
                    help="emulated ms the app runs before the script (with --board)")
    ap.add_argument("--png", help="save the panel (with --board) as this PNG before the script")
    ap.add_argument("--timeout-ms", type=_ms_arg(0), default=60000,
                    help="emulated ms the script may take (default 60000)")
    args = ap.parse_args(argv)
    try:
        code = read_script(args.script)
        if args.board:
            try:
                harness.load_board(args.board)
            except ValueError as e:
                raise Usage(str(e))
        elif args.frozen or args.png:
            raise Usage("--frozen and --png need --board")
        if args.frozen:
            check_uf2(args.frozen)
        if args.png:
            check_png(args.png)
    except Usage as e:
        print("run: %s" % e, file=sys.stderr)
        return 2
    kit = harness.kit()
    if kit is None:
        print("run: " + harness.HOW_TO_GET_KIT, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="picocards-run-") as tmp:
        try:
            fs = None
            if args.board:
                fs = harness.fs_image(os.path.join(tmp, "fs.bin"), args.board,
                                      frozen=bool(args.frozen))
            with harness.Pico(kit, uf2=args.frozen, fs=fs, board=args.board,
                              serial_keep=KEEP) as pico:
                if args.after_ms:
                    pico.run_ms(args.after_ms)
                if args.png:
                    try:
                        pico.panel().save(args.png, format="PNG")
                    except OSError as e:
                        print("run: cannot write %s: %s" % (args.png, e.strerror or e),
                              file=sys.stderr)
                        return 2
                return _run_script(pico, code, args.timeout_ms)
        except harness.PicoError as e:
            print("run: %s" % e, file=sys.stderr)
            return 1


if __name__ == "__main__":
    sys.exit(main())
