"""The hardware layer: device-only code that talks to ``machine``.

``st7789`` (ST7789 SPI display driver, an ``app.kit.display.FrameDisplay``),
``oled`` (the SSD1306 over I2C through micropython-lib's ``ssd1306``, the
app's Display on its 1-bit frame), ``buttons`` (debounced GPIO buttons with
auto-repeat, chords and long press, the app's Buttons interface), ``clock``
(the app's Clock on ``time.ticks_*``) and ``start`` (what ``/main.py`` runs:
board config, splash, app loop, error screen and log). Board definitions
(pins, panel, button mapping) are data in ``boards/``.

Nothing here imports ``machine`` at module level: the factories take the
module as an argument (``machine=None`` means the real one), so tests drive
every driver with a fake ``machine`` that records each byte and pin level.
The app never imports this package.
"""
