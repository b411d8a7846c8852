"""On the emulated Pico, a table of Klaberjass and of Clubs (after the title,
the game picked, New game and a few moves) is pixel-identical to the
simulator's frames after the same presses, on a 240x135 and on the 240x240
board, and on the 128x64 SSD1306 one (compact layout). (Clubbed's table and
result screen: tests/test_device_game.py.)

``make test`` runs one colour board and the OLED, each game once
(Klaberjass at 240x135, Clubs at 128x64): what is compared is the device's
drawing (ST7789 or SSD1306 driver, framebuf, frozen font) against the
simulator's, the same code for either game and for either ST7789 size;
every game's screens are held to their pixels on every size by
tests/test_frames_golden.py, and every board's title on the device by
tests/test_device_boot.py. ``make test-deep`` (tests/depth.py) runs every
board with every game."""

import depth
import device
import pytest

pytestmark = device.needs_kit

# RIGHT on the title picks the next game (Clubbed, Klaberjass, Clubs); A on
# New game deals; then a move of the cursor and a choice.
GAMES = {"Klaberjass": ["RIGHT", "A", "RIGHT", "A"],
         "Clubs": ["RIGHT", "RIGHT", "A", "RIGHT", "A"]}


BOARDS = ["pimoroni_pico_display", "waveshare_pico_lcd_1_3", device.OLED_BOARD]
TABLES = depth.pick(
    [("pimoroni_pico_display", "Klaberjass"), (device.OLED_BOARD, "Clubs")],
    [(board, game) for board in BOARDS for game in sorted(GAMES)])


@pytest.mark.parametrize("board,game", TABLES)
def test_game_tables_match_the_simulator(board, game):
    sim = device.play_and_compare(board, GAMES[game], seed=1, name="%s-%s" % (game, board))
    try:
        assert type(sim.run.app.screen).__name__ != "TitleScreen"
    finally:
        sim.close()


@pytest.mark.parametrize("kind", device.images_to_test())
def test_rules_screen_matches_the_simulator(kind):
    """The Rules screen pages the rule book from the filesystem's
    /rulebook.txt on the .mpy install and from the image's frozen copy
    (tools/make/frozen_gen.py) on the firmware image: the same pages as the
    simulator's either way."""
    sim = device.play_and_compare("pimoroni_pico_display", ["DOWN", "A", "DOWN", "RIGHT"],
                                  seed=1, frozen=kind == "frozen", name="rules-" + kind)
    try:
        assert type(sim.run.app.screen).__name__ == "RulesScreen"
        assert sim.run.app.screen.index is not None  # the rule book, not an error text
    finally:
        sim.close()
