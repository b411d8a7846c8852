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

Exit status: 0, 1 if the script raised (its traceback printed), ended with
``sys.exit()`` (whatever its code: the raw REPL does not pass it on), did not
finish within ``--timeout-ms`` (its output so far printed), reset the Pico
(``machine.reset()``) or the emulator failed, 2 for bad usage or no device kit.
"""

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.pico import harness  # noqa: E402

KEEP = 64 * 1024  # console bytes kept: an endless print loop stays bounded


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


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/pico/run.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("script", help="MicroPython script to run")
    ap.add_argument("--board", help="install the console for this board (boards/)")
    ap.add_argument("--frozen", metavar="UF2", help="firmware image with the console frozen in")
    ap.add_argument("--after-ms", type=float, default=0,
                    help="emulated ms the app runs before the script (with --board)")
    ap.add_argument("--png", help="save the panel (with --board) as this PNG before the script")
    ap.add_argument("--timeout-ms", type=float, default=60000,
                    help="emulated ms the script may take (default 60000)")
    args = ap.parse_args(argv)
    try:
        with open(args.script, encoding="utf-8") as f:
            code = f.read()
    except OSError as e:
        print("run: cannot read %s: %s" % (args.script, e.strerror), file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        print("run: %s is not a MicroPython script: not UTF-8 text (byte 0x%02x at offset %d)"
              % (args.script, e.object[e.start], e.start), file=sys.stderr)
        return 2
    if args.board:
        try:
            harness.load_board(args.board)
        except ValueError as e:
            print("run: %s" % e, file=sys.stderr)
            return 2
    elif args.frozen or args.png:
        print("run: --frozen and --png need --board", file=sys.stderr)
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
                    pico.panel().save(args.png)
                return _run_script(pico, code, args.timeout_ms)
        except harness.PicoError as e:
            print("run: %s" % e, file=sys.stderr)
            return 1


if __name__ == "__main__":
    sys.exit(main())
