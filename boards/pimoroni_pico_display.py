"""Pimoroni Pico Display Pack (PIM543): 1.14" 240x135 IPS LCD on an ST7789V,
four buttons A B X Y, an RGB LED. The default board.

Sources (values learnt from them, no code copied):

- pimoroni/pimoroni-pico, common/pimoroni_common.hpp: the pack's SPI slot
  ("BG_SPI_FRONT") is SPI0 with SCK GP18, MOSI GP19, DC GP16, CS GP17 and the
  backlight PWM on GP20; no reset line (software reset).
- pimoroni/pimoroni-pico, libraries/pico_display/pico_display.{hpp,cpp}:
  buttons A GP12, B GP13, X GP14, Y GP15, pulled up, pressed = low; RGB LED
  R GP6, G GP7, B GP8 on PWM with inverted output (common anode: on = low).
- pimoroni/pimoroni-pico, drivers/st7789/st7789.cpp: panel tuning for the
  240x135 glass (VRHS 00h, GCTRL 75h, VCOMS 3Dh, D6h A1h, its own gamma),
  PORCTRL/LCMCTRL/VDVVRHEN/VDVS/PWCTRL1/FRCTRL2, display inversion on; the
  landscape window CASET 40..279, RASET 53..187 with MADCTL MX|MV (+ML) and
  the portrait one CASET 52..186, RASET 40..279. Its changelog notes the
  panel is off by one pixel at 180 degrees: the glass is columns 52..186 of
  the controller's 240, one column nearer the left than the right, so the
  mirrored rotations use 53 (and 52 for the landscape row offset), as the
  rotation tables of russhughes/st7789_mpy (ORIENTATIONS_135x240) have it.

Buttons, with the pack held in landscape (A and B on the left of the screen,
X and Y on the right): X steps LEFT and Y steps RIGHT (repeating when held:
pick a card), A is A; holding B turns X into UP and Y into DOWN (menus, the
pile view, DRAW). B alone is B when released, or as soon as it has been held
for 0.6 s (back/pause without waiting for the release). See hw/buttons.py.
"""

BOARD = {
    "name": "Pimoroni Pico Display Pack",
    "display": {
        "controller": "st7789",
        "width": 240,
        "height": 135,
        "rotation": 90,
        # Controller memory (columns, rows) and the glass inside it at MADCTL 0:
        # x0, y0, width, height.
        "ram": (240, 320),
        "window": (52, 40, 135, 240),
        # CASET/RASET offsets per rotation (degrees; see hw/st7789.py).
        "offsets": {0: (52, 40), 90: (40, 53), 180: (53, 40), 270: (40, 52)},
        "invert": True,
        "bgr": False,
        "spi": {"id": 0, "baudrate": 62_500_000, "sck": 18, "mosi": 19},
        "cs": 17,
        "dc": 16,
        "rst": None,
        "backlight": 20,
        "init": (
            (0xB2, b"\x0c\x0c\x00\x33\x33"),  # PORCTRL porch setting
            (0xB7, b"\x75"),  # GCTRL VGH/VGL
            (0xBB, b"\x3d"),  # VCOMS
            (0xC0, b"\x2c"),  # LCMCTRL
            (0xC2, b"\x01"),  # VDVVRHEN
            (0xC3, b"\x00"),  # VRHS
            (0xC4, b"\x20"),  # VDVS
            (0xC6, b"\x0f"),  # FRCTRL2: 60 Hz
            (0xD0, b"\xa4\xa1"),  # PWCTRL1
            (0xD6, b"\xa1"),  # not in the datasheet's table; sent by Pimoroni for this glass
            (0xE0, b"\x70\x04\x08\x09\x09\x05\x2a\x33\x41\x07\x13\x13\x29\x2f"),  # PVGAMCTRL
            (0xE1, b"\x70\x03\x09\x0a\x09\x06\x2b\x34\x41\x07\x12\x14\x28\x2e"),  # NVGAMCTRL
        ),
    },
    "buttons": {
        "pull": "up",
        "active": 0,
        "pins": {"A": 12, "B": 13, "X": 14, "Y": 15},
        "map": {"A": "A", "B": "B", "X": "LEFT", "Y": "RIGHT"},
        "chords": (("B", "X", "UP"), ("B", "Y", "DOWN")),
        "long": {"B": "B"},
        "help": "X/Y left/right, A select, hold B + X/Y up/down, B back",
    },
    "led": {"kind": "rgb", "pins": (6, 7, 8), "active": 0},
    # Link cable (docs/link.md): UART0, TX GP0 and RX GP1, crossed to the other console.
    "link": {"uart": 0, "tx": 0, "rx": 1, "baud": 115200},
    # The battery's level (hw.battery): VSYS/3 on ADC3 (GP29) of a plain Pico.
    # A Pico W shares that pin with its radio: its board says "battery": None.
    "battery": {"pin": 29, "ratio": 3},
}
