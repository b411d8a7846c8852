"""Which of the app's code is in RAM: the one place its memory rules for code
live (docs/ARCHITECTURE.md, docs/memory.md).

On the .mpy install every module loaded holds its code, and its dotted name
as an interned string, in the Pico's heap. So the app imports a screen's
modules when the screen is first shown (``load``, or a plain import inside
the function that needs it) and forgets them when it is left (``drop``,
``swap``, ``drop_games``): the heap holds one game's code at a time, and
none of the title's during a game. Module-level integer constants are
written ``const()`` (``micropython.const``; host_sim gives CPython one), so
the compiler folds them and no name is kept for them.

Dropping is on where the code is in the heap (MicroPython: the Pico, the
WebAssembly port); on CPython (``DROP`` False) nothing is short of memory and
a test may hold on to a module, so nothing is dropped. The frozen firmware
keeps code in flash, but dropping still frees each module's globals.
"""

import gc
import sys

from app import games

DROP = sys.implementation.name == "micropython"


def load(name):
    """Module ``name`` (dotted str, e.g. ``"app.clubs.table"``), imported on
    first use. Raises ImportError if there is none."""
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def forget(name):
    """Drop module ``name`` (dotted) from ``sys.modules`` and its parent
    package, so its code can be collected once nothing else refers to it; the
    next import loads it afresh. No-op for a module not loaded. Unlike
    ``drop`` it does so on every runtime (tests use it to reload)."""
    if name not in sys.modules:
        return
    del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1 :]):
        delattr(parent, name[dot + 1 :])


def drop(*names):
    """Where ``DROP`` is on, forget modules ``names`` (dotted str each)."""
    if DROP:
        for name in names:
            forget(name)


def swap(name, *dropped):
    """Module ``name``, loaded after dropping ``dropped``: a screen drawn by
    several modules in turn (Clubs' table, deal and summary) holds the code
    of one at a time."""
    drop(*dropped)
    return load(name)


def drop_games(keep=None, *also):
    """Forget the modules of every game but ``keep`` (a ``games.Entry``, or
    None for every game and the modules only games use), then ``also``
    (dotted names), and collect, where ``DROP`` is on (tools/mem_report.py
    measures what it saves)."""
    if not DROP:
        return
    for e in games.GAMES:
        if e is not keep:
            drop(*e.owns)
    if keep is None:
        drop(*games.SHARED)
    drop(*also)
    gc.collect()
