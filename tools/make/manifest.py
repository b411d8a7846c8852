# ruff: noqa: F821  (include(), package(), module(), require() come from MicroPython's manifest runner)
# Freeze manifest: the MicroPython firmware image for the Pico with the whole
# console frozen in (docs/firmware.md). Frozen bytecode and its constants run
# from flash, so the app's code, its rule texts and its glyphs take no RAM and
# nothing is compiled or loaded from the filesystem at boot. The image boots
# into the console with nothing on the filesystem: its frozen main.py
# (tools/make/frozen/main.py) starts hw.start.main(), or runs a /main.py if the
# filesystem has one (the development install of tools/make/flash.py).
#
# It lives in tools/make/ (not firmware/): it is a build input, and everything in
# firmware/ is copied onto the board by tools/make/flash.py. Relative paths below
# are relative to this file (the manifest runner runs it from this folder).
#
# Build it with `make firmware [BOARD=<module in boards/>]` (tools/make/firmware.py:
# MicroPython 1.28.0's source from ../shared/pico/ or MICROPY_DIR), which
# writes build/firmware/picocards-<board>.uf2. By hand, from a MicroPython
# v1.28.0 checkout with its submodules:
#
#   make -C mpy-cross
#   PICOCARDS_BOARD=<board> make -C ports/rp2 BOARD=RPI_PICO \
#       FROZEN_MANIFEST=/abs/path/to/picocards/tools/make/manifest.py
#
# then hold BOOTSEL while plugging the Pico in and copy
# ports/rp2/build-RPI_PICO/firmware.uf2 onto the RPI-RP2 drive.
#
# For a Pico W (BOARD=RPI_PICO_W) include "$(BOARD_DIR)/manifest.py" instead
# of the port's, so the network modules stay in.

import os
import sys

include("$(PORT_DIR)/boards/manifest.py")

package("app", base_path="../../firmware")
package("cardgames", base_path="../../firmware")
package("players", base_path="../../firmware")
package("link", base_path="../../firmware")
package("hw", base_path="../../firmware")
package("boards", base_path="../..")

# The SSD1306 board's driver, from micropython-lib (not part of this
# repository; hw/oled.py imports it as ``ssd1306``). 3 KB of flash, so it is
# in every image, whatever the board.
require("ssd1306")

# The entry point: the frozen main.py (see the top of this file).
module("main.py", base_path="frozen")

# Generated modules (tools/make/frozen_gen.py): picocards_fonts (firmware/fonts.bin
# as a bytes constant, read by app.kit.text), picocards_version (the version the
# console shows: $PICOCARDS_VERSION, set by tools/make/firmware.py) and
# picocards_image (the board this image defaults to: $PICOCARDS_BOARD, which
# tools/make/firmware.py sets from BOARD; unset, the image defaults to
# boards.DEFAULT). They are written into
# $PICOCARDS_FROZEN_DIR, by default build/firmware/frozen-<board>/.
sys.path.insert(0, os.getcwd())
import frozen_gen  # noqa: E402

_board = os.environ.get("PICOCARDS_BOARD") or None
_gen = os.environ.get("PICOCARDS_FROZEN_DIR") or os.path.join(
    frozen_gen.ROOT, "build", "firmware", "frozen-%s" % (_board or "default"))
for _name in frozen_gen.write(_gen, _board, version=os.environ.get("PICOCARDS_VERSION", "")):
    module(_name, base_path=_gen)
