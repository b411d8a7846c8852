"""``python -m host_sim``: run the console app on the desktop.

Run from the repo root with the venv's python. Without ``--mode`` it opens a
window when a display is available, else draws in the terminal when stdin and
stdout are TTYs; given ``--keys``/``--keys-file`` it runs headless.
"""

import argparse
import os
import sys
import time

import boards
from host_sim import DEFAULT_APP, frontends, python_command, version

EPILOG = """\
boards (--board, default %s; see boards/):
  the screen has the board's size and keys stand for its physical buttons, which
  go through the device's hw/buttons.py (debounce, repeat, chords, long press):
  a physical button named like a direction -> that arrow; A -> Z/Enter;
  B -> X/Esc/Backspace; a joystick centre (CTRL) -> Space; Pico Display Pack:
  X -> Left, Y -> Right, and Up/Down hold B+X / B+Y (or hold X/Esc, then Left/Right).
  The window holds a button as long as its key; the terminal taps it.

keys:
  window    the board's keys (legend below the screen); P/F12 = PNG; close or Ctrl-Q quits
  terminal  the board's keys (legend line); p = PNG; q or Ctrl-C quits; the screen
            as text below 240x69 characters (reads at 80x24), else the picture (--view)
  headless  key scripts name logical buttons, pushed to the app directly

key scripts (headless), separated by spaces or commas, '#' comments:
  LEFT RIGHT UP DOWN A B   one press, then run until the app waits for a human
  WAIT:ms                  let ms (at most 600000) milliseconds of virtual time pass
  SHOT:name                save the frame as DIR/name.png
  TOKENxN                  repeat a press or wait N (1..10000) times, e.g. RIGHTx3;
                           a script runs at most 200000 steps
  at the end DIR/final.png is saved; one line is printed per PNG written.

examples:
  {py} -m host_sim
  {py} -m host_sim --mode terminal --seed 7
  {py} -m host_sim --mode headless --seed 3 --keys "A A RIGHTx2 SHOT:hand A" --shots out
  {py} -m host_sim replay r1 [--mode headless --shots DIR | --check]   (a game record)
  {py} -m host_sim replay      (pick a saved record; A pauses, LEFT/RIGHT a move, +/- speed)
"""


def parse_args(argv=None):
    """The parsed command line (argparse Namespace)."""
    p = argparse.ArgumentParser(
        prog="%s -m host_sim" % python_command(),
        description="Desktop simulator for the picocards handheld: the screen of the board "
                    "--board names (240x135 colour by default; 240x240 colour, 128x64 "
                    "monochrome), logical buttons LEFT RIGHT UP DOWN A B.",
        epilog=(EPILOG % boards.DEFAULT).replace("{py}", python_command()),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version="Pico Cards %s" % version.version(),
                   help="print the version (pyproject.toml's number and the commit) and exit")
    p.add_argument("--mode", choices=("window", "terminal", "headless"),
                   help="front end (default: window if a display is available, else terminal "
                        "if on a TTY; headless if --keys/--keys-file is given)")
    p.add_argument("--view", choices=("auto", "text", "picture"), default="auto",
                   help="terminal: the screen as text (reads at 80x24) or as a picture "
                        "(needs 240x69 for a 240x135 screen); auto (default): the picture "
                        "when it fits whole, else text")
    p.add_argument("--seed", type=int, metavar="N",
                   help="app seed (default: time-based for window/terminal, 1 for headless)")
    p.add_argument("--scale", type=int, metavar="N",
                   help="pixel scale of the window and of PNGs (default: 3 in the window, "
                        "1 headless and in the terminal)")
    p.add_argument("--keys", metavar="SCRIPT", help="key script for --mode headless")
    p.add_argument("--keys-file", metavar="FILE", help="read the key script from FILE "
                   "(runs before --keys)")
    p.add_argument("--shots", metavar="DIR", default="screenshots",
                   help="where PNGs go (default: screenshots)")
    p.add_argument("--text", action="store_true",
                   help="headless: also print the final screen as the terminal's text view "
                        "shows it at 80x24")
    p.add_argument("--no-final", action="store_true",
                   help="headless: do not save final.png at the end of the script")
    p.add_argument("--board", metavar="NAME", default=boards.DEFAULT,
                   help="board definition from boards/ (default: %(default)s)")
    p.add_argument("--data", metavar="DIR",
                   help="folder for settings, statistics, the saved games and game records "
                        "(default: %s for the window and terminal; headless keeps "
                        "nothing unless given)" % _data_default())
    p.add_argument("--app", metavar="MODULE:CLASS", default=DEFAULT_APP,
                   help="app class to run (default: %(default)s)")
    p.add_argument("--autoplay", metavar="LEVEL", type=_level,
                   help="the computer plays your seat too, at LEVEL (easy, normal, hard, "
                        "expert or 0-3): soaks, demos, link tests")
    p.add_argument("--link", metavar="SPEC",
                   help="the link to another console for Link play: listen:PORT, "
                        "connect:HOST:PORT or serial:DEVICE (listen:0 takes a free port "
                        "and prints it); with --autoplay one game is played at once "
                        "without a screen, printing what the screen would say, else in "
                        "the window or terminal (not with --mode headless)")
    p.add_argument("--role", choices=("host", "join"),
                   help="with --link and --autoplay: host (chooses the game and its "
                        "rules) or join (default: listen hosts, connect joins)")
    p.add_argument("--game",
                   help="with --link and --autoplay, the host: Clubbed, Klaberjass or Clubs "
                        "(default: Klaberjass; the joining console plays the host's choice)")
    p.add_argument("--link-timeout", type=int, default=3600, metavar="S",
                   help="with --link: give up after S seconds (default: %(default)s)")
    args = p.parse_args(argv)
    if args.scale is not None and not 1 <= args.scale <= 16:
        p.error("--scale must be 1..16")
    if args.link_timeout < 1:
        # A game that must end before it starts would only ever "time out".
        p.error("--link-timeout must be at least 1 (seconds), not %d" % args.link_timeout)
    return args


LEVELS = ("easy", "normal", "hard", "expert")


def _level(s):
    if s.lower() in LEVELS:
        return LEVELS.index(s.lower())
    if s in ("0", "1", "2", "3"):
        return int(s)
    raise argparse.ArgumentTypeError("a level is easy, normal, hard, expert or 0-3, not %r" % s)


def autoplay_app(cls, level):
    """``cls`` (an app class) whose computer plays the person's seat of
    every game at ``level`` (the games' ``autoplay`` option)."""

    class Autoplay(cls):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            for opts in self.options.values():
                opts["autoplay"] = True
                opts["autolevel"] = level

    return Autoplay


def link_app(cls, transport):
    """``cls`` (an app class) whose Link play uses ``transport``."""

    class Linked(cls):
        def link_open(self):
            return transport

    return Linked


def _data_default():
    from host_sim.storage import default_dir

    return default_dir()


def _storage(args):
    from host_sim.headless import storage_arg

    return storage_arg(args, _data_default())


def main(argv=None):
    """Entry point; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["replay"]:
        from host_sim import replay

        return replay.main(argv[1:])
    args = parse_args(argv)
    version.install()  # the Statistics pages say it, as the device's do
    if args.link:
        from host_sim import link_transports

        try:
            link_transports.parse(args.link)
        except ValueError as e:
            print("host_sim: %s" % e, file=sys.stderr)
            return 2
    if args.link and args.autoplay is not None:
        from host_sim import link_play

        return link_play.main(args)
    from host_sim.boardkeys import BoardError, open_board

    try:
        board = open_board(args.board)
    except BoardError as e:
        print("host_sim: %s" % e, file=sys.stderr)
        return 2
    why = frontends.check_data_and_seed(args)
    if why:
        print("host_sim: %s" % why, file=sys.stderr)
        return 2
    mode, reason = frontends.choose_mode(args)
    if mode is None:
        print("host_sim: no window (%s) and stdin/stdout is not a terminal.\n"
              "Run a key script headless instead, e.g.\n"
              "  %s -m host_sim --mode headless --keys \"A A RIGHT A\" --shots screenshots"
              % (reason, python_command()), file=sys.stderr)
        return 2
    if args.link and mode == "headless":
        # A key script runs in virtual time, which the other console does not
        # share: its WAITs would pass in no time and lose the link.
        print("host_sim: --link with --mode headless needs --autoplay LEVEL (a key script "
              "cannot wait for the other console); or play it in the window or terminal",
              file=sys.stderr)
        return 2
    why = frontends.window_refused(mode, args)
    if why:
        print("host_sim: %s" % why, file=sys.stderr)
        return 2
    if mode != "headless" and (args.keys is not None or args.keys_file):
        print("host_sim: --keys/--keys-file only apply to --mode headless", file=sys.stderr)
        return 2
    if mode == "terminal" and not frontends.is_tty():
        print("host_sim: --mode terminal needs stdin and stdout to be a (POSIX) terminal; "
              "try --mode headless", file=sys.stderr)
        return 2
    try:
        # A bad --app spec is reported here, before any front end starts.
        from host_sim import load_app_class

        app_class = load_app_class(args.app)
    except (ImportError, ValueError) as e:
        print("host_sim: cannot load app %s: %s" % (args.app, e), file=sys.stderr)
        return 2
    if args.autoplay is not None:
        args.app = autoplay_app(app_class, args.autoplay)
    if args.link:
        # The person picks Link play, then Host or Join, on the screen.
        from host_sim import link_transports

        try:
            transport = link_transports.open_redial(args.link)
        except (OSError, ValueError) as e:
            print("host_sim: cannot open the link %s: %s" % (args.link, e), file=sys.stderr)
            return 2
        if args.link.startswith("listen:"):
            print("host_sim: Waiting on port %d" % transport.port(), file=sys.stderr)
        args.app = link_app(app_class, transport)
    data = args.data or (None if mode == "headless" else _data_default())
    if data:
        # A file, or a folder that cannot be made or written: said now, in
        # words. The lock is held until the process ends: one simulator per
        # folder.
        from host_sim.storage import refusal, take_folder

        try:
            args.lock = take_folder(data)
        except OSError as e:
            print("host_sim: %s" % refusal(data, e), file=sys.stderr)
            return 2
    seed = args.seed
    if seed is None and mode != "headless":
        seed = int(time.time() * 1000) % 1_000_000
    try:
        if mode == "headless":
            from host_sim import headless

            return headless.main(args, board)
        if mode == "terminal":
            from host_sim import terminal

            return terminal.run(seed, args.app, shots_dir=args.shots, scale=args.scale or 1,
                                board=board, storage=_storage(args), view=args.view)
        try:
            import pygame
        except ImportError:
            print("host_sim: --mode window needs pygame-ce (%s -m pip install pygame-ce)"
                  % python_command(), file=sys.stderr)
            return 2
        from host_sim import window

        print("host_sim: window, seed %d, board %s" % (seed, args.board), file=sys.stderr)
        try:
            return window.run(seed, args.app, scale=args.scale or 3, shots_dir=args.shots,
                              board=board, storage=_storage(args))
        except pygame.error as e:
            print("host_sim: cannot open a window (%s); try --mode terminal or --mode headless"
                  % e, file=sys.stderr)
            return 2
    except ImportError as e:
        print("host_sim: import failed (app %s): %s" % (args.app, e), file=sys.stderr)
        return 2


class OutputLost(Exception):
    """What the command prints could not be written: a pipe its reader
    closed (``| head``), a full disk. Not an OSError, so that no handler
    takes it for a PNG's or a data folder's failure."""

    def __init__(self, e):
        Exception.__init__(self, e.strerror or str(e))


class _Output:
    """``sys.stdout`` while the command runs: a failed write or flush is
    ``OutputLost``; everything else is the stream's own."""

    def __init__(self, out):
        self._out = out

    def write(self, text):
        try:
            return self._out.write(text)
        except OSError as e:
            raise OutputLost(e) from None

    def flush(self):
        try:
            self._out.flush()
        except OSError as e:
            raise OutputLost(e) from None

    def __getattr__(self, name):
        return getattr(self._out, name)


def _drop_output():
    # Python flushes stdout again on the way out: what is left in its
    # buffer goes nowhere instead of into a second error.
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass


def run(argv=None):
    """``main`` as the command runs it: a Ctrl-C at any moment (while the
    app loads, during a save, a headless run or a replay) ends it with one
    line and status 130, never a traceback. The files stay whole: each is
    written under another name and renamed (``app.persist.storage``). Output
    that cannot be written (``OutputLost``) ends it with one line, status 2."""
    what = "host_sim replay" if (argv or sys.argv[1:])[:1] == ["replay"] else "host_sim"
    out = sys.stdout
    sys.stdout = _Output(out)
    try:
        status = main(argv)
        sys.stdout.flush()  # now, while a failure can still be told
        return status
    except KeyboardInterrupt:
        print("%s: stopped (Ctrl-C)" % what, file=sys.stderr)
        return 130
    except OutputLost as e:
        sys.stdout = out
        _drop_output()
        print("%s: stopped: its output could not be written (%s)" % (what, e),
              file=sys.stderr)
        return 2
    finally:
        sys.stdout = out


if __name__ == "__main__":
    sys.exit(run())
