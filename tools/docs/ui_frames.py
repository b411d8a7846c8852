"""Render UI frames from a scripted session, on either runtime.

    python tools/docs/ui_frames.py OUTDIR SEED KEY [KEY ...]            (CPython)
    node tools/mp/mp_run.mjs tools/docs/ui_frames.py /out SEED KEY [...]   (MicroPython)

Starts the app (240x135 8-bit indexed frame unless the first KEY is
``SIZE:WxH``, or ``SIZE:WxHm`` for a 1-bit MONO_VLSB frame; virtual clock),
and for each KEY (a
logical button name, ``WAIT`` to let 2,000 virtual ms pass, or ``GAME:Name``
to press RIGHT on the title screen until it shows that game) presses it,
steps the app until it is idle (jumping the clock to each deadline), and
writes the raw frame (32,400 bytes of palette indices at 240x135, 1,024 at
128x64 mono) to OUTDIR/frame_NN.bin, and at the end the palette the indices
stand for (``app.kit.display.PALETTE``, 512 bytes) to OUTDIR/palette.bin. Under
CPython the
simulator's framebuf is used, under MicroPython the real one: the test
tests/test_frames_identical.py compares the two byte for byte.
"""

import sys

try:
    import framebuf  # noqa: F401
except ImportError:  # CPython: use the simulator's framebuf
    import os

    _root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path[:0] = [os.path.join(_root, "firmware"), os.path.join(_root, "host_sim")]

from app.kit import buttons  # noqa: E402
from app.kit.buttons import ScriptedButtons  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from app.kit.display import PALETTE, FrameDisplay  # noqa: E402
from app.main import App  # noqa: E402


def settle(app, clock, limit=20000):
    """Step until the app waits for a button; raises RuntimeError if it never
    does within ``limit`` steps."""
    for _ in range(limit):
        app.step()
        if app.idle():
            return
        dl = app.next_deadline()
        if dl is not None and clock.ticks_diff(dl, clock.ticks_ms()) > 0:
            clock.now = dl
    raise RuntimeError("app never became idle")


def usage(why):
    """One line on standard error and exit status 2 (a bad command line)."""
    print("ui_frames.py: %s (usage: ui_frames.py OUTDIR SEED [SIZE:WxH[m]] KEY ...)" % why,
          file=sys.stderr)
    sys.exit(2)


def main(argv):
    if len(argv) < 3:
        usage("OUTDIR and SEED are needed")
    out, keys = argv[1], argv[3:]
    try:
        seed = int(argv[2])
    except ValueError:
        usage("SEED must be an integer, got %r" % argv[2])
    w, h, mono = 240, 135, False
    if keys and keys[0].startswith("SIZE:"):
        # SIZE:WxH (8-bit indexed) or SIZE:WxHm (1-bit MONO_VLSB, an SSD1306's).
        spec = keys.pop(0)[5:]
        mono = spec.endswith("m")
        try:
            w, h = [int(v) for v in spec.rstrip("m").split("x")]
        except ValueError:
            usage("SIZE must be WxH or WxHm, got %r" % spec)
    for k in keys:
        if k != "WAIT" and not k.startswith("GAME:"):
            try:
                buttons.from_name(k)
            except (KeyError, ValueError):
                usage("unknown key %r" % k)
    try:
        open("%s/palette.bin" % out, "wb").close()
    except OSError:
        usage("cannot write in OUTDIR %r" % out)
    disp = FrameDisplay(w, h, mono)
    btn = ScriptedButtons()
    clock = VirtualClock()
    app = App(disp, btn, clock, seed=seed)
    settle(app, clock)
    n = 0
    for k in keys:
        if k == "WAIT":
            clock.sleep_ms(2000)
        elif k.startswith("GAME:"):
            # Whatever the order of games.GAMES: RIGHT until the title shows it.
            for _ in range(20):
                if app.game_name() == k[5:]:
                    break
                btn.push(buttons.RIGHT)
                settle(app, clock)
        else:
            btn.push(buttons.from_name(k))
        settle(app, clock)
        with open("%s/frame_%02d.bin" % (out, n), "wb") as f:
            f.write(disp.buf)
        n += 1
    with open("%s/palette.bin" % out, "wb") as f:
        f.write(PALETTE)
    print("frames", n)


main(sys.argv)
