"""Runs at power-on: MicroPython executes /main.py (from source) after boot.

The work is in ``hw/start.py`` (compiled, or frozen into the firmware image):
board from /board.txt, display, splash, buttons, the app loop, the error
screen and /error.log. This file only guards that import: if the firmware
files are missing or damaged, the traceback goes to the USB console and to
/error.log before MicroPython drops to the REPL.
"""

try:
    from hw import start
except Exception as e:
    import sys

    sys.print_exception(e)
    try:
        with open("/error.log", "a") as f:
            f.write("boot: cannot import hw.start (copy the firmware again: tools/make/flash.py)\n")
            sys.print_exception(e, f)
    except OSError:
        pass
    raise

start.main()
