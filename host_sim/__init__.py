"""Desktop simulator: runs the unchanged firmware app on CPython.

``python -m host_sim`` (from the repo root) opens the app in a pygame-ce
window, in a terminal, or runs it headless from a key script writing PNGs; see
``host_sim/__main__.py`` for the command line and ``host_sim.headless`` for the
API tests use.

Importing this package sets up ``sys.path`` so the firmware imports exactly as
on the device: the repo's ``firmware/`` directory first (``app``, ``cardgames``,
``players``), then ``host_sim/`` itself, which supplies the MicroPython-only
modules ``framebuf`` and ``micropython`` as CPython shims. Firmware names win
over host_sim names, so a host_sim module can never shadow firmware code.
"""

import importlib
import os
import sys

HOST_SIM_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(HOST_SIM_DIR)
FIRMWARE_DIR = os.path.join(REPO_DIR, "firmware")

#: The app class the simulator runs unless told otherwise (``--app``).
DEFAULT_APP = "app.main:App"


def setup_paths():
    """Put ``firmware/`` then ``host_sim/`` at the front of ``sys.path``.

    Idempotent: existing entries for either directory are moved, not doubled.
    """
    for path in (HOST_SIM_DIR, FIRMWARE_DIR):
        norm = os.path.normcase(os.path.abspath(path))
        sys.path[:] = [p for p in sys.path if os.path.normcase(os.path.abspath(p or ".")) != norm]
    sys.path[0:0] = [FIRMWARE_DIR, HOST_SIM_DIR]
    if not any(os.path.normcase(os.path.abspath(p or ".")) == os.path.normcase(REPO_DIR)
               for p in sys.path):
        sys.path.append(REPO_DIR)  # ``boards`` (last: never shadows firmware code)


setup_paths()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout


def python_command():
    """How to run this Python in a hint printed for the user: the path it
    was started by, relative to the current folder when inside it
    (``.venv/bin/python``: a bare ``python`` may lack the project's packages)."""
    exe = sys.executable or "python"
    rel = os.path.relpath(exe) if os.path.isabs(exe) else exe
    return rel if not rel.startswith("..") else exe


def load_app_class(spec=DEFAULT_APP):
    """The class named by ``"module:Class"`` (default ``app.main:App``).

    The class must take ``(display, buttons, clock, seed=...)`` and offer
    ``step()``, ``idle()`` and ``next_deadline()``. Raises ImportError with the
    spec in its message when the module or the class is missing, and
    ValueError when the spec has no ``:`` or names a class that is not an
    app (``builtins:int``: no ``step``, ``idle``, ``next_deadline``).
    """
    mod_name, _, cls_name = spec.partition(":")
    if not mod_name or not cls_name:
        raise ValueError("app spec %r should look like module:Class" % spec)
    module = importlib.import_module(mod_name)
    cls = getattr(module, cls_name, None)
    if not isinstance(cls, type):
        raise ImportError("module %s has no class %s (app spec %r)" % (mod_name, cls_name, spec))
    missing = [m for m in ("step", "idle", "next_deadline") if not callable(getattr(cls, m, None))]
    if missing:
        raise ValueError("%s is not an app class: it has no %s" % (spec, ", ".join(missing)))
    return cls


def board_display(board):
    """A ``host_sim.display.SimDisplay`` of ``board``'s screen (a board
    dict): its size, 1-bit for an SSD1306."""
    from host_sim.display import SimDisplay

    d = board["display"]
    return SimDisplay(d["width"], d["height"], d["controller"] == "ssd1306")


def make_app(clock, seed, app_spec=DEFAULT_APP, width=240, height=135, board=None, mono=False,
             storage=None):
    """A simulated console running the app: ``(app, display, buttons)``.

    ``display`` is a ``host_sim.display.SimDisplay`` of ``width x height``
    pixels, ``buttons`` an ``app.kit.buttons.ScriptedButtons`` queue the front end
    ``push()``-es logical buttons into, ``clock`` the Clock given (virtual or
    real), ``seed`` the int seed handed to the app. ``app_spec`` is a
    ``"module:Class"`` string or the app class itself. ``board`` (a board
    dict, see ``host_sim.boardkeys.open_board``): the display takes its size
    and ``buttons`` is a ``host_sim.boardkeys.BoardButtons`` (keys -> its
    physical buttons -> ``hw.buttons``) instead of the logical queue.
    ``mono``: a 1-bit MONO_VLSB frame (an SSD1306 board's), without ``board``.
    ``storage`` (see ``app.persist.storage``, e.g. ``host_sim.storage.FolderStorage``)
    is handed to the app when given; else the app keeps its files in RAM.
    """
    kw = {} if storage is None else {"storage": storage}
    if board is not None:
        from host_sim.boardkeys import BoardButtons

        display = board_display(board)
        buttons = BoardButtons(board, clock)
        app_class = load_app_class(app_spec) if isinstance(app_spec, str) else app_spec
        return app_class(display, buttons, clock, seed=seed, **kw), display, buttons
    from app.kit.buttons import ScriptedButtons
    from host_sim.display import SimDisplay

    display = SimDisplay(width, height, mono)
    buttons = ScriptedButtons()
    app_class = load_app_class(app_spec) if isinstance(app_spec, str) else app_spec
    return app_class(display, buttons, clock, seed=seed, **kw), display, buttons
