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
  LEFT RIGHT UP DOWN A B (``app.buttons``); the rules are in hw/buttons.py.
- ``led``: None or {``kind`` "rgb", ``pins`` (r, g, b), ``active`` level}.

The device reads the board's module name from ``/board.txt``
(``hw/start.py``); ``DEFAULT`` is used when there is none.
"""

DEFAULT = "pimoroni_pico_display"


def load(name):
    """The ``BOARD`` dict of ``boards/<name>.py``; ValueError if there is no
    such board."""
    for c in name:
        if not (c.isalpha() or c.isdigit() or c == "_"):
            raise ValueError("bad board name %r" % (name,))
    if not name:
        raise ValueError("no board name")
    try:
        mod = __import__("boards." + name)
    except ImportError:
        raise ValueError("no board %r in boards/" % (name,))
    return getattr(mod, name).BOARD


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
