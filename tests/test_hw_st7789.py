"""The ST7789 driver on every ST7789 board, against a fake ``machine`` that
records each byte and a model of the panel (tests/hw_fakes/st7789_panel.py)
built from the ST7789V datasheet's memory-write-direction table.

- The init sequence: reset (pin or SWRESET) and the datasheet's waits,
  SLPOUT, COLMOD 16 bit, MADCTL, the board's panel tuning in order,
  inversion, normal mode, a cleared window, DISPON, then the backlight.
- At every rotation a board allows, a 1-pixel outline of the whole frame
  lands exactly on the edges of the glass (``window`` inside the 240x320
  memory) and nothing is written outside it; corner markers show each
  rotation is the frame turned, not mirrored.
- The vendors' own landscape windows (CASET/RASET bytes) come out verbatim.
- The frame is 8-bit indexed (one byte per pixel); a push sends each pixel's
  palette colour (app.kit.display.PALETTE) big-endian: red F8 00, green 07 E0,
  blue 00 1F, whichever drawing path (fill, rectangle, pixel, glyph blit)
  made it; a frame the app drew goes out exactly as the palette says, whole
  or as a rectangle of any width (several bands).
- A changed rectangle sends only that rectangle.
- Initialising twice, or making a second driver, reuses the one frame.

Test colours live in palette slots the app does not use (``SLOT``); the
palette is put back after each test.
"""

import os
import sys

import pytest

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT_DIR, "host_sim"))  # framebuf, micropython for CPython

import boards  # noqa: E402
from app.kit import cardview, text, theme  # noqa: E402
from app.kit.display import PALETTE, set_colour  # noqa: E402
from host_sim.display import colour  # noqa: E402
from hw import st7789  # noqa: E402
from hw_fakes import machine as fake  # noqa: E402
from hw_fakes.st7789_panel import Panel, transactions  # noqa: E402

ST7789_BOARDS = [n for n in boards.names()
                 if boards.load(n)["display"]["controller"] == "st7789"]
CASES = [(n, r) for n in ST7789_BOARDS for r in sorted(boards.load(n)["display"]["offsets"])]


# RGB565 colour -> the palette index the tests draw it with.
SLOT = {0xF800: 250, 0x07E0: 251, 0x001F: 252, 0xFFE0: 253, 0x1234: 254, 0xFFFF: 255,
        0xABCD: 249}


@pytest.fixture(autouse=True)
def palette():
    """The app's palette (theme colours from index 0) plus SLOT; restored after.
    The theme in its colour mode (a mono app test may have left it 1-bit)."""
    theme.set_mono(False)
    saved = bytes(PALETTE)
    for c, i in SLOT.items():
        set_colour(i, c)
    yield PALETTE
    PALETTE[:] = saved


def panel_bytes(indices):
    """What the panel should receive for these frame bytes: each index's
    palette colour, high byte first (the RGB565 a colour frame would send)."""
    return b"".join(colour(i).to_bytes(2, "big") for i in indices)


def make(name, rotation=None):
    fake.reset()
    st7789.ST7789._shared = None  # a fresh (black) frame, whatever ran before
    cfg = boards.load(name)["display"]
    sleeps = []
    d = st7789.from_board(cfg, machine=fake, rotation=rotation, sleep_ms=sleeps.append)
    return d, cfg, sleeps


def txs(cfg, events=None):
    return transactions(fake.bus.events if events is None else events, cfg["dc"], cfg["cs"])


def panel(cfg):
    p = Panel(*cfg["ram"])
    p.feed(txs(cfg))
    return p


def span(a, b):
    """CASET/RASET parameters: start and end, 16 bit big-endian."""
    return a.to_bytes(2, "big") + b.to_bytes(2, "big")


def test_boards_found():
    assert set(ST7789_BOARDS) >= {"pimoroni_pico_display", "waveshare_pico_lcd_1_14",
                                  "waveshare_pico_lcd_1_3"}


@pytest.mark.parametrize("name", ST7789_BOARDS)
def test_init_sequence(name):
    d, cfg, sleeps = make(name)
    spi_init = [e for e in fake.bus.events if e[0] == "spi_init"]
    bus = cfg["spi"]
    assert spi_init == [("spi_init", bus["id"], bus["baudrate"], 0, 0, bus["sck"], bus["mosi"],
                         None)]
    assert bus["baudrate"] <= 62_500_000  # ST7789V serial write cycle >= 16 ns
    fake.bus.events[:] = []
    d.init()
    ev = fake.bus.events
    first_spi = next(i for i, e in enumerate(ev) if e[0] == "spi")
    rst_levels = [e[2] for e in ev[:first_spi] if e[0] == "pin" and e[1] == cfg["rst"]]
    seq = txs(cfg)
    cmds = [c for c, _ in seq]
    w, h = d.width, d.height
    if cfg["rst"] is None:
        assert cmds[0] == st7789.SWRESET
        rest = seq[1:]
    else:
        assert rst_levels == [1, 0, 1]  # a low pulse on RESX, then released
        rest = seq
    if cfg["rst"] is not None:
        assert sleeps[:2] == [1, 1]  # the low pulse lasts >= 10 us
    assert sum(sleeps) < 1000
    waits = [s for s in sleeps if s >= 100]
    assert len(waits) == 2 and min(waits) >= 120  # after reset and after SLPOUT
    ox, oy = cfg["offsets"][cfg["rotation"]]
    expected = [
        (st7789.SLPOUT, b""),
        (st7789.COLMOD, b"\x55"),
        (st7789.MADCTL, bytes((st7789.ROTATIONS[cfg["rotation"]],))),
        *[(c, bytes(p)) for c, p in cfg["init"]],
        (st7789.INVON if cfg["invert"] else st7789.INVOFF, b""),
        (st7789.NORON, b""),
        (st7789.CASET, span(ox, ox + w - 1)),
        (st7789.RASET, span(oy, oy + h - 1)),
    ]
    assert rest[:len(expected)] == expected
    ramwr, dispon = rest[len(expected):]
    assert ramwr == (st7789.RAMWR, bytes(2 * w * h))  # the window cleared before DISPON
    assert dispon == (st7789.DISPON, b"")
    duties = [e[2] for e in ev if e[0] == "pwm"]
    assert duties == [65535]  # backlight on only after DISPON (it was 0 since from_board)
    assert ev[-1][0] == "pwm"


@pytest.mark.parametrize("name,rotation", CASES)
def test_outline_lands_on_the_glass_edges(name, rotation):
    d, cfg, _ = make(name, rotation)
    d.init()
    p = panel(cfg)  # after the init sequence (MADCTL...)
    p.ram = [-1] * len(p.ram)  # forget the clearing push: look at one frame only
    fake.bus.events[:] = []
    fb, w, h = d.fb, d.width, d.height
    fb.fill(0)
    fb.rect(0, 0, w, h, SLOT[0xFFFF])
    d.show()
    p.feed(txs(cfg))
    x0, y0, gw, gh = cfg["window"]
    assert (w * h) == gw * gh
    glass = {(x0 + i, y0 + j) for i in range(gw) for j in range(gh)}
    assert p.written() == glass  # every glass pixel, nothing outside
    for col, row in glass:
        edge = col in (x0, x0 + gw - 1) or row in (y0, y0 + gh - 1)
        assert p.pixel(col, row) == (0xFFFF if edge else 0), (col, row)


def _expected_on_glass(rotation, x, y, gw, gh):
    """Where frame pixel (x, y) should appear on the glass (column, row from
    its top left at MADCTL 0): each rotation turns the frame clockwise."""
    if rotation == 0:
        return x, y
    if rotation == 90:
        return gw - 1 - y, x
    if rotation == 180:
        return gw - 1 - x, gh - 1 - y
    return y, gh - 1 - x


@pytest.mark.parametrize("name,rotation", CASES)
def test_rotations_turn_the_frame(name, rotation):
    d, cfg, _ = make(name, rotation)
    d.init()
    w, h = d.width, d.height
    marks = {(0, 0): 0xF800, (w - 1, 0): 0x07E0, (0, h - 1): 0x001F, (w - 1, h - 1): 0xFFE0,
             (5, 1): 0x1234}
    d.fb.fill(0)
    for (x, y), c in marks.items():
        d.fb.pixel(x, y, SLOT[c])
    d.show()
    p = panel(cfg)
    x0, y0, gw, gh = cfg["window"]
    for (x, y), c in marks.items():
        gx, gy = _expected_on_glass(rotation, x, y, gw, gh)
        assert p.pixel(x0 + gx, y0 + gy) == c, (x, y)


@pytest.mark.parametrize("name,caset,raset", [
    # Landscape windows as the vendors send them (Pimoroni st7789.cpp, Waveshare demos).
    ("pimoroni_pico_display", b"\x00\x28\x01\x17", b"\x00\x35\x00\xbb"),
    ("waveshare_pico_lcd_1_14", b"\x00\x28\x01\x17", b"\x00\x35\x00\xbb"),
    ("waveshare_pico_lcd_1_3", b"\x00\x00\x00\xef", b"\x00\x00\x00\xef"),
])
def test_vendor_landscape_window(name, caset, raset):
    d, cfg, _ = make(name)
    assert cfg["rotation"] == 90
    d.init()
    fake.bus.events[:] = []
    d.show()
    seq = txs(cfg)
    assert seq[0] == (st7789.CASET, caset)
    assert seq[1] == (st7789.RASET, raset)
    # The vendors' MADCTL 70h is MX|MV plus ML (refresh order, not addressing).
    assert st7789.ROTATIONS[90] == 0x70 & ~0x10


@pytest.mark.parametrize("color,pair", [(0xF800, b"\xf8\x00"), (0x07E0, b"\x07\xe0"),
                                        (0x001F, b"\x00\x1f"), (0x1234, b"\x12\x34")])
def test_pixels_leave_big_endian(color, pair):
    d, cfg, _ = make("pimoroni_pico_display")
    d.init()
    ix = SLOT[color]
    d.fb.fill(ix)
    assert len(d.buf) == d.width * d.height and d.buf[0] == ix  # one byte: the index
    fake.bus.events[:] = []
    d.show()
    seq = txs(cfg)
    assert [c for c, _ in seq] == [st7789.CASET, st7789.RASET, st7789.RAMWR]
    assert seq[2][1] == pair * (d.width * d.height)
    assert d.buf == bytes((ix,)) * (d.width * d.height)  # the frame is left as it was
    # Other drawing paths: a rectangle, a pixel, a glyph (blitted through
    # app.kit.text's palette), on black.
    d.fb.fill(theme.BLACK)
    d.fb.fill_rect(0, 0, 3, 2, ix)
    d.fb.pixel(9, 0, ix)
    text.draw(d.fb, "W", 12, 0, ix, text.BOLD)
    fake.bus.events[:] = []
    d.show()
    sent = txs(cfg)[2][1]
    w = d.width
    lit = {i for i in range(w * 20) if sent[2 * i:2 * i + 2] != b"\x00\x00"}
    assert {(i % w, i // w) for i in lit if i % w < 10} == {
        (0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (9, 0)}
    assert any(i % w >= 12 for i in lit)  # the glyph
    assert {sent[2 * i:2 * i + 2] for i in lit} == {pair}


def draw_table(fb):
    """A piece of a card table as the app draws it: felt, cards, text."""
    fb.fill(theme.FELT)
    cardview.face(fb, 12, 5, 7)
    cardview.face(fb, 38, 21, 7, dim=True)
    cardview.back(fb, 40, 7)
    cardview.face(fb, 51, 70, 3, theme.BIG_W, theme.BIG_H)
    cardview.cursor_frame(fb, 70, 3, theme.BIG_W, theme.BIG_H)
    text.draw(fb, "Your turn", 110, 10, theme.GOLD, text.BOLD)
    text.draw(fb, "West played 9\u2665", 110, 30, theme.TEXT_DIM)
    fb.fill_rect(0, 100, 240, 14, theme.PANEL)
    text.draw(fb, "collected 4", 3, 101, theme.WHITE)


@pytest.mark.parametrize("name", ST7789_BOARDS)
def test_drawn_frame_goes_out_through_the_palette(name):
    """The indexed push sends what an RGB565 frame of the same picture would:
    every pixel's palette colour, big-endian, whole and by rectangles."""
    d, cfg, _ = make(name)
    d.init()
    draw_table(d.fb)
    cardview.four(True)  # the four-colour deck's inks too
    try:
        cardview.face(d.fb, 0, 150, 50)
        cardview.face(d.fb, 13, 175, 50, dim=True)
    finally:
        cardview.four(False)
    used = set(d.buf)
    assert len(used) > 10 and max(used) < theme.COLOURS
    fake.bus.events[:] = []
    d.show()
    seq = txs(cfg)
    assert seq[2] == (st7789.RAMWR, panel_bytes(d.buf))
    w = d.width
    # Rectangles: one band, several bands with a short last one, odd widths.
    for x, y, rw, rh in ((1, 2, 37, 11), (3, 0, 200, 100), (0, 5, w, 30), (w - 1, 0, 1, 40)):
        fake.bus.events[:] = []
        d.show_rect(x, y, rw, rh)
        seq = txs(cfg)
        rows = [d.buf[(y + j) * w + x:(y + j) * w + x + rw] for j in range(rh)]
        assert seq[2] == (st7789.RAMWR, panel_bytes(b"".join(rows))), (x, y, rw, rh)


def test_show_rect_sends_only_the_rectangle():
    d, cfg, _ = make("waveshare_pico_lcd_1_14")
    d.init()
    for i in range(256):  # every palette entry a different colour
        set_colour(i, (i * 40503 + 12345) & 0xFFFF)
    for y in range(d.height):
        for x in range(d.width):
            d.fb.pixel(x, y, (x * 7 + y * 131) & 0xFF)
    frames = d.frames
    fake.bus.events[:] = []
    d.show_rect(10, 20, 30, 5)
    seq = txs(cfg)
    ox, oy = cfg["offsets"][90]
    assert seq[0] == (st7789.CASET, span(10 + ox, 39 + ox))
    assert seq[1] == (st7789.RASET, span(20 + oy, 24 + oy))
    want = b"".join(((((x * 7 + y * 131) & 0xFF) * 40503 + 12345) & 0xFFFF).to_bytes(2, "big")
                    for y in range(20, 25) for x in range(10, 40))
    assert seq[2] == (st7789.RAMWR, want)
    assert d.frames == frames + 1
    # Clipped to the frame; an empty rectangle sends nothing.
    fake.bus.events[:] = []
    d.show_rect(d.width - 3, -2, 10, 4)
    seq = txs(cfg)
    assert seq[0][1] == span(d.width - 3 + ox, d.width - 1 + ox)
    assert seq[1][1] == span(oy, 1 + oy)
    assert len(seq[2][1]) == 2 * 3 * 2
    fake.bus.events[:] = []
    d.show_rect(5, 5, 0, 10)
    d.show_rect(d.width, 0, 5, 5)
    assert fake.bus.events == []


def test_rect_matches_panel_model_at_every_rotation():
    for name, rotation in CASES:
        d, cfg, _ = make(name, rotation)
        d.init()
        d.fb.fill(0)
        d.show()
        d.fb.fill_rect(3, 4, 7, 2, SLOT[0xABCD])
        d.show_rect(2, 3, 9, 4)
        p = panel(cfg)
        x0, y0, gw, gh = cfg["window"]
        for y in range(0, 12):
            for x in range(0, 16):
                gx, gy = _expected_on_glass(rotation, x, y, gw, gh)
                want = 0xABCD if 3 <= x < 10 and 4 <= y < 6 else 0
                assert p.pixel(x0 + gx, y0 + gy) == want
        assert sum(1 for v in p.ram if v > 0) == 7 * 2  # and nowhere else


def test_init_twice_reuses_the_frame():
    d, cfg, _ = make("pimoroni_pico_display")
    buf, fb = d.buf, d.fb
    d.init()
    d.fb.pixel(1, 1, SLOT[0x07E0])
    d.init()
    assert d.buf is buf and d.fb is fb
    assert d.fb.pixel(1, 1) == SLOT[0x07E0]  # the frame is kept (and repainted by init)
    again = st7789.from_board(cfg, machine=fake, sleep_ms=lambda ms: None)
    assert again.buf is buf  # a second driver: the same one frame
    d.set_rotation(0)
    assert (d.width, d.height) == (135, 240) and d.buf is buf
    d.set_rotation(90)
    assert (d.width, d.height) == (240, 135) and d.buf is buf


def test_bad_rotation():
    cfg = boards.load("pimoroni_pico_display")["display"]
    with pytest.raises(ValueError):
        st7789.from_board(cfg, machine=fake, rotation=45, sleep_ms=lambda ms: None)
    d, _, _ = make("pimoroni_pico_display")
    with pytest.raises(ValueError):
        d.set_rotation(91)


def test_backlight_levels():
    d, cfg, _ = make("waveshare_pico_lcd_1_3")
    fake.bus.events[:] = []
    d.backlight(50)
    d.backlight(150)
    d.backlight(0)
    assert [e for e in fake.bus.events if e[0] == "pwm"] == [
        ("pwm", cfg["backlight"], 32767), ("pwm", cfg["backlight"], 65535),
        ("pwm", cfg["backlight"], 0)]


@pytest.mark.parametrize("name,size", [("pimoroni_pico_display", 32_400),
                                       ("waveshare_pico_lcd_1_3", 57_600)])
def test_frame_is_one_byte_per_pixel(name, size):
    d, _, _ = make(name)
    assert len(d.buf) == d.width * d.height == size
    assert len(d.chunk) == 2 * max(d.width, d.height) * 8  # 8 RGB565 rows: 3,840 bytes


def _windows(cfg, mark=0):
    """(RASET rows, pixel bytes) of each RAMWR in the events from ``mark``."""
    seq = txs(cfg, fake.bus.events[mark:])
    out = []
    for i, (cmd, data) in enumerate(seq):
        if cmd == st7789.RAMWR:
            r = seq[i - 1][1]
            out.append(((r[0] << 8 | r[1], r[2] << 8 | r[3]), data))
    return out


@pytest.mark.parametrize("name", ST7789_BOARDS)
def test_show_sends_only_the_rows_that_changed(name):
    """A frame drawn again the same sends nothing; a change sends the bands
    of rows it touched, full width, and the panel then matches the frame."""
    d, cfg, _ = make(name)
    d.init()
    draw_table(d.fb)
    d.show()
    oy = cfg["offsets"][d.rotation][1]
    mark = len(fake.bus.events)
    draw_table(d.fb)  # the same picture again
    d.show()
    assert _windows(cfg, mark) == []
    d.fb.fill_rect(30, 10, 5, 3, SLOT[0xF800])  # rows 10..12
    d.fb.pixel(200, 40, SLOT[0x07E0])  # row 40
    d.show()
    got = _windows(cfg, mark)
    assert [rows for rows, _ in got] == [(10 + oy, 12 + oy), (40 + oy, 40 + oy)]
    w = d.width
    assert got[0][1] == panel_bytes(d.buf[10 * w:13 * w])
    p = panel(cfg)
    x0, y0, gw, gh = cfg["window"]
    for x, y in ((32, 11), (200, 40), (5, 60), (120, d.height - 1)):
        gx, gy = _expected_on_glass(d.rotation, x, y, gw, gh)
        assert p.pixel(x0 + gx, y0 + gy) == colour(d.buf[y * w + x]), (x, y)
    # A rectangle push: the next show sends every row again (the panel may
    # hold pixels no show() sent).
    d.show_rect(0, 0, 8, 8)
    mark = len(fake.bus.events)
    d.show()
    assert [rows for rows, _ in _windows(cfg, mark)] == [(oy, d.height - 1 + oy)]


def test_init_and_rotation_send_every_row_next():
    d, cfg, _ = make("pimoroni_pico_display")
    d.init()
    d.show()
    d.init()
    fake.bus.events[:] = []
    d.show()
    assert len(_windows(cfg)) == 1 and len(_windows(cfg)[0][1]) == 2 * d.width * d.height
    d.set_rotation(270)
    fake.bus.events[:] = []
    d.show()
    assert len(_windows(cfg)) == 1 and len(_windows(cfg)[0][1]) == 2 * d.width * d.height


@pytest.mark.parametrize("name", ST7789_BOARDS)
def test_show_within_sends_the_changed_rows_of_its_columns(name):
    """A change vouched to lie in a rectangle: only its columns of the rows
    that changed go out; the next show() compares against what was sent."""
    d, cfg, _ = make(name)
    d.init()
    draw_table(d.fb)
    d.show()
    ox, oy = cfg["offsets"][d.rotation]
    mark = len(fake.bus.events)
    d.fb.fill_rect(40, 90, 20, 4, SLOT[0xF800])  # rows 90..93, columns 40..59
    d.show_within(30, 80, 50, 30)
    seq = txs(cfg, fake.bus.events[mark:])
    ramwr = [i for i, (cmd, _) in enumerate(seq) if cmd == st7789.RAMWR]
    assert len(ramwr) == 1
    caset, raset = seq[ramwr[0] - 2][1], seq[ramwr[0] - 1][1]
    assert caset == span(30 + ox, 79 + ox) and raset == span(90 + oy, 93 + oy)
    w = d.width
    rows = b"".join(d.buf[y * w + 30:y * w + 80] for y in range(90, 94))
    assert seq[ramwr[0]][1] == panel_bytes(rows)
    mark = len(fake.bus.events)
    d.show()  # nothing changed since: nothing sent
    assert _windows(cfg, mark) == []
