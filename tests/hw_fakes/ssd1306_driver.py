"""micropython-lib's ``ssd1306`` driver for the tests, from a package
registry instead of a copy in this repository.

On the Pico the driver is micropython-lib's from the MicroPython source
(frozen into the image, or copied by tools/make/flash.py); the tests have no
network but PyPI, and may have no MicroPython source. The PyPI package
``dualmcu`` (pinned in pyproject.toml) ships micropython-lib's
``drivers/display/ssd1306/ssd1306.py`` unchanged as ``dualmcu/ssd1306.py``,
at an older revision than mip's: the same ``SSD1306_I2C(width, height, i2c,
addr)`` class, MONO_VLSB ``FrameBuffer`` subclass, 0x80 command writes and
``writevto`` data with the 0x40 control byte; it lacks the later IREF command
(ADh 30h) in the init sequence and ``rotate()``, which the app does not use.
Only that one file is loaded (the package's ``__init__`` imports its own
board code).
"""

import importlib.util
import os


def path():
    """Filesystem path of the driver source, or None if the package is missing."""
    spec = importlib.util.find_spec("dualmcu")
    if spec is None or not spec.submodule_search_locations:
        return None
    p = os.path.join(list(spec.submodule_search_locations)[0], "ssd1306.py")
    return p if os.path.exists(p) else None


def load():
    """The driver as a fresh module named ``ssd1306`` (CPython: needs
    host_sim's ``framebuf`` and ``micropython`` on sys.path); None if the
    package is missing."""
    p = path()
    if p is None:
        return None
    spec = importlib.util.spec_from_file_location("ssd1306", p)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
