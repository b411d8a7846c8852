"""``python -m host_sim --board NAME``: every board boots to the title at
its own screen size (the SSD1306 one on a 1-bit frame, compact layout);
unknown boards are refused in one
line, and so are broken board files; keys reach the app through the device's hw.buttons layer."""

import sys

import pytest

import boards
import host_sim  # noqa: F401  (sets up sys.path)
from app.kit import buttons
from app.kit.clock import VirtualClock
from app.title import TitleScreen
from host_sim import boardkeys
from host_sim.__main__ import main
from host_sim.headless import HeadlessRun

SUPPORTED = boardkeys.supported_names()


def test_supported_boards():
    assert boards.DEFAULT in SUPPORTED
    assert "waveshare_pico_lcd_1_3" in SUPPORTED
    assert "oled_ssd1306_128x64" in SUPPORTED


@pytest.mark.parametrize("name", SUPPORTED)
def test_headless_boots_to_title_at_board_size(name, tmp_path):
    board = boardkeys.open_board(name)
    run = HeadlessRun(seed=1, board=board)
    run.run([])
    assert isinstance(run.app.screen, TitleScreen)
    d = board["display"]
    assert (run.display.width, run.display.height) == (d["width"], d["height"])
    mono = d["controller"] == "ssd1306"
    assert run.display.mono == mono and run.app.compact == mono
    # A bit per pixel (MONO_VLSB) or a byte (GS8, palette indices).
    want = d["width"] * d["height"] // 8 if mono else d["width"] * d["height"]
    assert len(run.display.shown) == want
    assert any(run.display.shown)
    assert main(["--mode", "headless", "--board", name, "--keys", "RIGHT",
                 "--shots", str(tmp_path)]) == 0
    from PIL import Image

    assert Image.open(tmp_path / "final.png").size == (d["width"], d["height"])


def test_lcd_1_3_is_square():
    run = HeadlessRun(seed=1, board=boardkeys.open_board("waveshare_pico_lcd_1_3"))
    run.run([])
    assert (run.display.width, run.display.height) == (240, 240)


@pytest.mark.parametrize("name,words", [
    ("no_such_board", ["unknown board", "pimoroni_pico_display", "oled_ssd1306_128x64"]),
])
def test_bad_board_one_line_exit_2(name, words, capsys):
    assert main(["--mode", "headless", "--board", name, "--keys", "A"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("host_sim: ")
    for w in words:
        assert w in err


# Broken board files in boards/, what the one-line message says of each.
BROKEN = [
    ("sim_brk_syntax", "BOARD = {\n", "does not load: SyntaxError"),
    ("sim_brk_noboard", "X = 1\n", "has no BOARD"),
    ("sim_brk_nowidth", 'BOARD = {"name": "b", "display": {"controller": "st7789", "height": 135},'
                        ' "buttons": {"pins": {}, "map": {}}}\n', "display width is None"),
    ("sim_brk_width0", 'BOARD = {"name": "b", "display": {"controller": "st7789", "width": 0,'
                       ' "height": 135}, "buttons": {"pins": {}, "map": {}}}\n',
     "display width is 0"),
]


@pytest.mark.parametrize("name,text,words", BROKEN)
def test_broken_board_file_one_line_exit_2(name, text, words, tmp_path, monkeypatch, capsys):
    (tmp_path / (name + ".py")).write_text(text)
    monkeypatch.setattr(boards, "__path__", list(boards.__path__) + [str(tmp_path)])
    known = boards.names()
    monkeypatch.setattr(boards, "names", lambda: sorted(known + [name]))
    monkeypatch.delitem(sys.modules, "boards." + name, raising=False)
    assert main(["--mode", "headless", "--board", name, "--keys", "A"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("host_sim: ")
    assert "boards/%s.py" % name in err and words in err
    assert name not in boardkeys.supported_names()  # the others still listed
    assert boards.DEFAULT in boardkeys.supported_names()
    monkeypatch.delitem(sys.modules, "boards." + name, raising=False)


def _drain(keys, clock, ms):
    out = []
    for _ in range(ms // 5):
        b = keys.get()
        if b >= 0:
            out.append(buttons.NAMES[b])
        clock.sleep_ms(5)
    return out


def test_display_pack_keys_go_through_hw_buttons():
    board = boardkeys.open_board("pimoroni_pico_display")
    assert boardkeys.legend(board) == ("Arrows, Enter/z = A, Esc/x/Backspace = B; board buttons:"
                                       " Left X, Right Y, Up B+X, Down B+Y")
    clock = VirtualClock()
    keys = boardkeys.BoardButtons(board, clock)
    for group, want in (("left", "LEFT"), ("right", "RIGHT"), ("up", "UP"), ("down", "DOWN"),
                        ("z", "A"), ("x", "B")):
        assert keys.tap(group)
        assert _drain(keys, clock, 400) == [want]
        assert not keys.busy()
    assert not keys.tap("space")  # no joystick centre on this board
    # B held: long press at 0.6 s, nothing on release.
    keys.key_down("x")
    assert _drain(keys, clock, 800) == ["B"]
    keys.key_up("x")
    assert _drain(keys, clock, 200) == []
    # Hold B (x), then X (Left): the chord gives UP, B's release nothing.
    keys.key_down("x")
    _drain(keys, clock, 100)
    keys.key_down("left")
    assert _drain(keys, clock, 100) == ["UP"]
    keys.key_up("left")
    keys.key_up("x")
    assert _drain(keys, clock, 300) == []
    # X held repeats LEFT.
    keys.key_down("left")
    assert _drain(keys, clock, 700).count("LEFT") >= 3


def test_joystick_board_keys():
    board = boardkeys.open_board("waveshare_pico_lcd_1_14")
    clock = VirtualClock()
    keys = boardkeys.BoardButtons(board, clock)
    for group, want in (("up", "UP"), ("space", "A"), ("z", "A"), ("x", "B")):
        assert keys.tap(group)
        assert _drain(keys, clock, 300) == [want]


def test_clubbed_game_completes_on_the_oled_board():
    """A whole game of Clubbed on the 128x64 SSD1306 board in the headless
    simulator: A plays the card under the cursor, which each turn starts on
    a playable choice (or DRAW), until the result screen."""
    from app.clubbed.result import ResultScreen
    from app.clubbed.screen import ClubbedScreen
    from host_sim import keyscript

    run = HeadlessRun(seed=3, board=boardkeys.open_board("oled_ssd1306_128x64"))
    run.run(keyscript.parse("A"), final=False)
    assert isinstance(run.app.screen, ClubbedScreen) and run.app.compact
    game = run.app.screen.game
    for _ in range(600):
        if isinstance(run.app.screen, ResultScreen):
            break
        run.run(keyscript.parse("A"), final=False)
    assert isinstance(run.app.screen, ResultScreen) and game.is_over()
    assert run.app.screen.outcome == game.result()
    assert len(run.display.shown) == 1024 and any(run.display.shown)
