"""Board definitions: one module per handheld, each holding a dict ``BOARD``.

    import boards
    board = boards.load("pimoroni_pico_display")
    board["display"]["width"]             # 240

A module here is data only (no imports), so it loads on MicroPython and
CPython alike. Adding a board means adding one file: ``load`` finds it by
module name. ``BOARD`` has:

- ``name``: what the splash screen shows.
- ``display``: ``controller`` ("st7789" or "ssd1306"), ``width`` and
  ``height`` of the frame at the default ``rotation`` (degrees). ST7789:
  ``ram`` (controller memory columns, rows), ``window`` (the glass inside it
  at MADCTL 0: x0, y0, width, height), ``offsets`` ({rotation: (CASET
  offset, RASET offset)} for every rotation the board allows), ``invert``,
  ``bgr``, ``spi`` ({id, baudrate, sck, mosi}), ``cs``, ``dc``, ``rst`` (GPIO
  numbers, or None), ``backlight`` (PWM GPIO or None), ``init`` (panel tuning:
  (command, parameter bytes) pairs). SSD1306: ``i2c`` ({id, sda, scl,
  freq}), ``addr``.
- ``buttons``: ``pull`` ("up"/"down"/None), ``active`` (level when pressed),
  ``pins`` ({physical name: GPIO}), ``map`` ({physical: logical}), optional
  ``chords`` ((held, pressed, logical), ...) and ``long`` ({physical:
  logical}), ``help`` (one line for the screen). Logical names are
  LEFT RIGHT UP DOWN A B (``app.kit.buttons``); the rules are in hw/buttons.py.
- ``led``: None or {``kind`` "rgb", ``pins`` (r, g, b), ``active`` level}.
- ``link``: the link cable's UART (docs/link.md): ``uart`` (0 or 1), ``tx``
  and ``rx`` (GPIO numbers), ``baud``; optional (no link play without it).
- ``battery``: where the board reads its supply (``hw.battery``): ``pin``
  (an ADC GPIO: 29, VSYS through the Pico's divider), ``ratio`` (that
  divider, 3), optional ``empty_mv`` and ``full_mv`` (the supply at 0 % and
  100 %); None or absent: the board cannot read it (a Pico W, whose GP29 the
  radio shares) and the console shows no level.

The device reads the board's module name from ``/board.txt``
(``hw/start.py``); ``DEFAULT`` is used when there is none: the board a
firmware image was built for (its generated ``picocards_image`` module,
tools/make/frozen_gen.py), else the Pimoroni Pico Display Pack.
"""


def _image_board():
    try:
        from picocards_image import BOARD  # type: ignore[import-not-found]
    except ImportError:  # not a firmware image (.mpy install, simulator, tests)
        return None
    return BOARD


DEFAULT = _image_board() or "pimoroni_pico_display"


MAX_NAME = 40  # characters; the longest board name is 23


def load(name):
    """The ``BOARD`` dict of ``boards/<name>.py``. ValueError saying why for
    a name that is not a plain module name (ASCII letters, digits and ``_``,
    not starting with ``_`` or a digit, at most ``MAX_NAME`` characters),
    no such board, a module that fails to import or has no ``BOARD``, or a
    ``BOARD`` without what every board needs (``check``)."""
    if not name:
        raise ValueError("no board name")
    if len(name) > MAX_NAME:
        raise ValueError("board name too long (%d characters, at most %d)" % (len(name), MAX_NAME))
    for c in name:
        if not ("a" <= c <= "z" or "A" <= c <= "Z" or "0" <= c <= "9" or c == "_"):
            raise ValueError("bad board name %r: only letters, digits and _" % (name,))
    if name[0] == "_" or "0" <= name[0] <= "9":
        raise ValueError("bad board name %r: it starts with %r" % (name, name[0]))
    try:
        mod = __import__("boards." + name)
    except ImportError:
        # (A board module imports nothing: the missing module is this one.)
        raise ValueError("no board %r in boards/" % (name,))
    except Exception as e:  # a broken file: SyntaxError, NameError...
        raise ValueError("board %s does not load: %s: %s" % (name, type(e).__name__, e))
    board = getattr(getattr(mod, name), "BOARD", None)
    if board is None:
        raise ValueError("board %s has no BOARD" % name)
    check(name, board)
    return board


def check(name, board):
    """ValueError (naming board ``name``) unless ``board`` is a dict with a
    str ``name``, a ``display`` dict with a str ``controller`` and int
    ``width`` and ``height`` of 1..1024, and a ``buttons`` dict with
    ``pins`` and ``map`` dicts: what the device and the simulator read
    before anything else."""
    if not isinstance(board, dict):
        raise ValueError("board %s: BOARD is not a dict" % name)
    d = board.get("display")
    b = board.get("buttons")
    if not isinstance(board.get("name"), str):
        why = "no name"
    elif not isinstance(d, dict):
        why = "no display"
    elif not isinstance(d.get("controller"), str):
        why = "no display controller"
    elif not isinstance(b, dict) or not isinstance(b.get("pins"), dict) or \
            not isinstance(b.get("map"), dict):
        why = "no buttons pins and map"
    else:
        why = None
        for k in ("width", "height"):
            v = d.get(k)
            if type(v) is not int or not 1 <= v <= 1024:
                why = "display %s is %r, not 1..1024" % (k, v)
    if why:
        raise ValueError("board %s: %s" % (name, why))


def names():
    """Module names of every board here, sorted (lists this folder, so it
    needs the files, not a frozen copy)."""
    import os

    path = __file__.replace("\\", "/")
    here = path.rsplit("/", 1)[0] if "/" in path else "."
    out = []
    for f in os.listdir(here):
        if f.endswith(".py") and not f.startswith("_"):
            out.append(f[:-3])
    out.sort()
    return out
