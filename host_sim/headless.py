"""Headless runs: a key script against a virtual clock, frames saved as PNG.

The API tests use::

    from host_sim.headless import run_script, frame_png
    app, display = run_script("A A RIGHTx3 SHOT:hand A", seed=1, shots_dir=tmp)
    frame_png(display, tmp / "now.png", scale=2)

Between scripted presses the app is *settled*: stepped until ``app.idle()``,
with the virtual clock jumped to ``app.next_deadline()`` whenever it has one,
so computer moves and animations play out in virtual time (a whole game runs
in well under a second of real time). PNGs are written with Pillow.
"""

import os

from PIL import Image

from host_sim import DEFAULT_APP, keyscript, make_app
from host_sim.display import frame_rgb24

#: Virtual milliseconds one settle may take before it is called stuck.
MAX_SETTLE_MS = 10 * 60 * 1000
#: Steps one settle may take before it is called stuck.
MAX_SETTLE_STEPS = 50_000
#: Virtual ms a step advances when the app is busy but names no deadline
#: (what the interactive ~60 fps loops would let pass).
FRAME_MS = 16
#: Bytes a ``--keys-file`` may have (a script of 100,000 presses is 300 KB).
MAX_KEYS_FILE = 1 << 20


def storage_arg(args, default=None):
    """The FolderStorage of ``--data DIR``, else ``default`` (a folder
    path, or None: the app keeps its files in RAM)."""
    path = getattr(args, "data", None) or default
    if not path:
        return None
    from host_sim.storage import FolderStorage

    return FolderStorage(path)


class StuckError(RuntimeError):
    """The app did not become idle within the settle caps."""


def frame_png(display, path, scale=1):
    """Write what ``display`` shows to ``path`` as a PNG, each pixel as a
    ``scale x scale`` block (default 1: exact pixels, e.g. 240x135).

    Creates missing parent directories. Returns ``path``.
    """
    if scale < 1:
        raise ValueError("scale must be >= 1, got %r" % (scale,))
    size = (display.width, display.height)
    image = Image.frombytes("RGB", size, frame_rgb24(display))
    if scale != 1:
        image = image.resize((size[0] * scale, size[1] * scale), Image.Resampling.NEAREST)
    parent = os.path.dirname(os.fspath(path))
    if parent:
        from host_sim.storage import make_folder

        make_folder(parent)
    image.save(path, "PNG")
    return path


class HeadlessRun:
    """One app on a VirtualClock (starting at 0 ms) with scripted buttons.

    ``shots_dir`` (path or None): where SHOT and final PNGs go; with None,
    shots are only kept in ``display.shots``. ``scale``: PNG pixel scale (int).
    ``app_spec``: ``"module:Class"`` or the app class. ``on_write(path)`` is
    called for each PNG written. ``max_ms``/``max_steps``: caps of one settle
    (virtual ms, steps) before StuckError. ``board`` (dict, see
    ``host_sim.boardkeys.open_board``): the frame takes its screen size; key
    scripts stay logical (LEFT ... B), pushed straight to the app.
    ``storage``: the app's files (``app.persist.storage``); None keeps them in RAM.
    """

    def __init__(self, seed=1, shots_dir=None, scale=1, app_spec=DEFAULT_APP,
                 on_write=None, max_ms=MAX_SETTLE_MS, max_steps=MAX_SETTLE_STEPS, board=None,
                 storage=None):
        from app.kit.clock import VirtualClock

        self.clock = VirtualClock()
        w, h = (240, 135) if board is None else (board["display"]["width"],
                                                 board["display"]["height"])
        mono = board is not None and board["display"]["controller"] == "ssd1306"
        self.app, self.display, self.buttons = make_app(self.clock, seed, app_spec, w, h,
                                                        mono=mono, storage=storage)
        self.shots_dir = shots_dir
        self.scale = scale
        self.on_write = on_write
        self.max_ms = max_ms
        self.max_steps = max_steps

    def _advance_to(self, deadline):
        """Jump the virtual clock forward to tick ``deadline`` (never back)."""
        ahead = self.clock.ticks_diff(deadline, self.clock.ticks_ms())
        if ahead > 0:
            self.clock.sleep_ms(ahead)

    def settle(self, after="start"):
        """Step until the app is idle; raise StuckError past the caps.

        ``after`` names what happened last, for the error message.
        """
        start = self.clock.ticks_ms()
        steps = 0
        while True:
            self.app.step()
            steps += 1
            if self.app.idle():
                return
            elapsed = self.clock.ticks_diff(self.clock.ticks_ms(), start)
            if steps >= self.max_steps or elapsed > self.max_ms:
                raise StuckError(
                    "app still not idle after %d steps and %d virtual ms following %s "
                    "(caps %d steps, %d ms); next_deadline()=%r"
                    % (steps, elapsed, after, self.max_steps, self.max_ms,
                       self.app.next_deadline()))
            deadline = self.app.next_deadline()
            if deadline is None:
                self.clock.sleep_ms(FRAME_MS)
            else:
                self._advance_to(deadline)

    def wait(self, ms):
        """Let ``ms`` virtual milliseconds pass, stepping at each deadline."""
        target = self.clock.ticks_ms() + ms
        for _ in range(self.max_steps):
            self.app.step()
            deadline = self.app.next_deadline()
            if deadline is None or self.clock.ticks_diff(deadline, target) > 0:
                break
            self._advance_to(deadline)
        self._advance_to(target)
        self.app.step()

    def shot(self, name):
        """Keep the shown frame as ``display.shots[name]``; write ``name.png``
        into ``shots_dir`` if set. Returns the path written or None."""
        self.display.shots[name] = self.display.shown
        if self.shots_dir is None:
            return None
        path = frame_png(self.display, os.path.join(self.shots_dir, name + ".png"), self.scale)
        if self.on_write:
            self.on_write(path)
        return path

    def run(self, steps, final=True):
        """Run parsed key-script ``steps`` (see ``keyscript.parse``) from app
        start; with ``final``, end with ``shot("final")``."""
        self.settle()
        for i, (kind, arg) in enumerate(steps):
            if kind == keyscript.PRESS:
                self.buttons.push(arg)
                self.settle("step %d (press %s)" % (i + 1, _button_name(arg)))
            elif kind == keyscript.WAIT:
                self.wait(arg)
            else:
                self.shot(arg)
        if final:
            self.shot("final")


def _button_name(button):
    from app.kit import buttons

    return buttons.NAMES[button]


def run_script(keys, seed=1, shots_dir=None, scale=1, app_spec=DEFAULT_APP, on_write=None,
               board=None):
    """Run the app headless through key script ``keys``; return ``(app, display)``.

    ``keys``: a key-script string (see ``host_sim.keyscript``) or a list of
    token strings. ``shots_dir``: directory for ``SHOT:name`` PNGs and
    ``final.png`` (None: keep shots in ``display.shots`` only, write nothing).
    ``scale``: PNG pixel scale. ``app_spec``: ``"module:Class"`` or the app
    class. ``on_write(path)``: called per PNG written. ``board``: a board dict
    (screen size). Raises ValueError for a
    bad token (before the app starts) and StuckError if the app never becomes
    idle.
    """
    if not isinstance(keys, str):
        keys = " ".join(keys)
    steps = keyscript.parse(keys)
    run = HeadlessRun(seed=seed, shots_dir=shots_dir, scale=scale, app_spec=app_spec,
                      on_write=on_write, board=board)
    run.run(steps, final=shots_dir is not None)
    return run.app, run.display


def main(args, board=None):
    """The ``--mode headless`` command; ``args`` from ``host_sim.__main__``.
    Returns the process exit status."""
    import sys

    text = args.keys or ""
    if args.keys_file:
        from host_sim.storage import read_regular

        try:
            # Bounded, and only a regular file: /dev/zero read 3.7 GB in 6 s.
            # utf-8-sig: a byte-order mark (Windows editors write one) is no token.
            text = read_regular(args.keys_file, MAX_KEYS_FILE).decode("utf-8-sig") + "\n" + text
        except UnicodeDecodeError:
            print("host_sim: cannot read --keys-file %s: it is not text (UTF-8)"
                  % args.keys_file, file=sys.stderr)
            return 2
        except OSError as e:
            print("host_sim: cannot read --keys-file %s: %s" % (args.keys_file, e.strerror or e),
                  file=sys.stderr)
            return 2
        except ValueError:
            print("host_sim: --keys-file %s is too big for a key script (over %d bytes)"
                  % (args.keys_file, MAX_KEYS_FILE), file=sys.stderr)
            return 2
    try:
        steps = keyscript.parse(text)
    except ValueError as e:
        print("host_sim: %s" % e, file=sys.stderr)
        return 2
    seed = 1 if args.seed is None else args.seed
    scale = args.scale or 1
    shots_dir = args.shots or "screenshots"
    # Check the folder before the run, not when the first PNG is due.
    from host_sim.storage import make_folder

    try:
        make_folder(shots_dir)
    except OSError as e:
        print("host_sim: cannot use --shots %s: %s" % (shots_dir, e.strerror or e),
              file=sys.stderr)
        return 2
    if not os.access(shots_dir, os.W_OK):
        print("host_sim: cannot write into --shots %s" % shots_dir, file=sys.stderr)
        return 2

    def report(path):
        print("wrote %s" % path)

    run = HeadlessRun(seed=seed, shots_dir=shots_dir, scale=scale, app_spec=args.app,
                      on_write=report, board=board, storage=storage_arg(args))
    recorder = None
    if getattr(args, "text", False) and run.display.mono:
        print("host_sim: --text: a monochrome screen has no text view (the terminal shows "
              "its picture)", file=sys.stderr)
        return 2
    if getattr(args, "text", False):
        from host_sim import textview

        recorder = textview.attach(run.display)
    try:
        run.run(steps, final=not getattr(args, "no_final", False))
        if recorder is not None:
            # the 80x24 terminal's text view: 23 rows and its legend line
            print(recorder.grid(80, 23).text())
    except StuckError as e:
        print("host_sim: %s" % e, file=sys.stderr)
        try:
            run.shot("stuck")
        except OSError:
            pass
        return 1
    except OSError as e:  # a PNG on a full disk
        print("host_sim: cannot write a PNG into --shots %s: %s" % (shots_dir, e.strerror or e),
              file=sys.stderr)
        return 2
    finally:
        if recorder is not None:
            from host_sim import textview

            textview.detach()
    return 0
