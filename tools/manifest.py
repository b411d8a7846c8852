# ruff: noqa: F821  (include() and package() come from MicroPython's manifest runner)
# Freeze manifest: a MicroPython firmware image for the Pico with the console
# frozen in. Frozen bytecode runs from flash, so the app's code and constant
# data no longer take RAM, and nothing is compiled or loaded from the
# filesystem at boot. The glyphs and the rule book are not code: app.text
# reads /fonts.bin and app.rules_screen /rulebook.txt, which flash.py --frozen
# copies with /main.py.
#
# It lives in tools/ (not firmware/): it is a build input, and everything in
# firmware/ is copied onto the board. Paths below are relative to this file.
#
# Build (MicroPython docs, "MicroPython manifest files" and ports/rp2/README):
#
#   git clone https://github.com/micropython/micropython && cd micropython
#   git checkout v1.27.0            # the release the tests and mpy-cross use
#   make -C mpy-cross
#   make -C ports/rp2 BOARD=RPI_PICO submodules
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/picocards/tools/manifest.py
#
# then hold BOOTSEL while plugging the Pico in and copy
# ports/rp2/build-RPI_PICO/firmware.uf2 onto the RPI-RP2 drive, and run
#   python tools/flash.py --frozen --board <name>
# which copies only /main.py, /fonts.bin, /rulebook.txt and /board.txt (and removes
# filesystem copies of the frozen packages, which would otherwise be found
# first on sys.path).
#
# For a Pico W (BOARD=RPI_PICO_W) include "$(BOARD_DIR)/manifest.py" instead
# of the port's, so the network modules stay in.

include("$(PORT_DIR)/boards/manifest.py")

package("app", base_path="../firmware")
package("cardgames", base_path="../firmware")
package("players", base_path="../firmware")
package("hw", base_path="../firmware")
package("boards", base_path="..")

# The SSD1306 board's driver, from micropython-lib (not part of this repository;
# hw/oled.py imports it as ``ssd1306``). For that board uncomment the line, or
# leave the driver to tools/flash.py, which installs it with mip into /lib:
# require("ssd1306")
