"""On the emulated Pico, a table of Klaberjass and of Clubs (after the title,
the game picked, New game and a few moves) is pixel-identical to the
simulator's frames after the same presses, on a 240x135 and on the 240x240
board, and on the 128x64 SSD1306 one (compact layout). (Clubbed's table and
result screen: tests/test_device_game.py.)"""

import device
import pytest

pytestmark = device.needs_kit

# RIGHT on the title picks the next game (Clubbed, Klaberjass, Clubs); A on
# New game deals; then a move of the cursor and a choice.
GAMES = {"Klaberjass": ["RIGHT", "A", "RIGHT", "A"],
         "Clubs": ["RIGHT", "RIGHT", "A", "RIGHT", "A"]}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("board", ["pimoroni_pico_display", "waveshare_pico_lcd_1_3",
                                   device.OLED_BOARD])
def test_game_tables_match_the_simulator(board, game):
    sim = device.play_and_compare(board, GAMES[game], seed=1, name="%s-%s" % (game, board))
    try:
        assert type(sim.run.app.screen).__name__ != "TitleScreen"
    finally:
        sim.close()
