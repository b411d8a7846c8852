"""The firmware image's entry point, frozen into it as ``main.py``
(tools/make/manifest.py).

After mounting the filesystem (``_boot.py``) and running ``boot.py``,
MicroPython's rp2 port runs ``main.py`` (ports/rp2/main.c), and it looks for
a frozen module of that name before the filesystem's file
(``pyexec_file_if_exists`` in shared/runtime/pyexec.c). So this runs on every
boot of the image, on a fresh or empty filesystem too, and itself defers to a
``/main.py`` on the filesystem (the development install of tools/make/flash.py, or
your own), which then runs as it would on stock MicroPython. Without one the
console starts from the frozen packages.
"""

import os


def _has_main():
    try:
        return os.stat("/main.py")[0] & 0x4000 == 0  # a file, not a folder
    except OSError:
        return False


if _has_main():
    # The same globals a file main.py gets (__name__ "__main__"); its errors
    # reach the console and the REPL as on stock MicroPython.
    with open("/main.py") as _f:
        _code = _f.read()
    exec(_code, {"__name__": "__main__"})
else:
    from hw import start

    start.main()
