"""The 8-bit indexed frame's palette (app.kit.display.PALETTE, filled by app.kit.theme).

Every colour the app draws with is a named theme colour with its own palette
entry, the entries hold the RGB565 colours the app drew with when its frame was
RGB565 (so the screens look exactly as before), there are at most 256, and no
firmware module computes a colour of its own outside the theme.
"""

import importlib
import re
from pathlib import Path

import pytest

import host_sim  # noqa: F401  (sys.path: firmware/, host_sim's framebuf)
from app.kit import cardview, theme
from app.kit.display import PALETTE, rgb, set_colour
from host_sim.display import colour

ROOT = Path(__file__).resolve().parent.parent

# Each theme colour's RGB565 value: the app's colours before the indexed frame
# (theme.py and cardview.py's rgb() calls).
RGB565 = {
    "BLACK": rgb(0, 0, 0), "FELT": rgb(18, 92, 52), "FELT_DARK": rgb(10, 62, 34),
    "PANEL": rgb(12, 40, 26), "WHITE": rgb(255, 255, 255), "CARD": rgb(250, 250, 244),
    "CARD_DIM": rgb(172, 176, 170), "CARD_EDGE": rgb(60, 60, 60), "RED": rgb(214, 16, 24),
    "RED_DIM": rgb(150, 60, 60), "INK": rgb(16, 16, 16), "INK_DIM": rgb(84, 84, 84),
    "BACK": rgb(30, 70, 170), "BACK_LINE": rgb(110, 150, 230), "GOLD": rgb(255, 208, 40),
    "TEXT": rgb(236, 240, 230), "TEXT_DIM": rgb(150, 176, 156), "ALERT": rgb(255, 90, 60),
    "HILITE": rgb(40, 120, 80),
    "CLUB_INK": rgb(0, 128, 40), "DIAMOND_INK": rgb(20, 70, 200),
    "CLUB_DIM": rgb(16, 96, 40),
    # Darker than the plain ink (tests/test_four_colour.py: a greyed card's ink).
    "DIAMOND_DIM": rgb(36, 62, 160),
    # Added with the indexed frame: four-colour suit glyphs in text on dark.
    "CLUB_TEXT": rgb(130, 230, 120), "DIAMOND_TEXT": rgb(120, 180, 255),
}
BOOT_SLOTS = 251  # hw.start's splash colours take the palette from here


def theme_colours():
    """{name: index} of the theme's colours (upper-case ints but sizes)."""
    return {n: v for n, v in vars(theme).items()
            if n.isupper() and isinstance(v, int) and n != "COLOURS"
            and not n.endswith(("_W", "_H"))}


def test_every_colour_has_its_own_entry_with_its_old_rgb565():
    theme.set_mono(False)
    names = theme_colours()
    assert set(names) == set(RGB565)
    assert sorted(names.values()) == list(range(theme.COLOURS))  # one entry each, packed
    assert theme.COLOURS <= BOOT_SLOTS
    assert theme.BLACK == 0  # a zeroed frame is black
    for name, i in names.items():
        assert colour(i) == RGB565[name], name
    # The rest is unused until the splash sets its slots.
    assert PALETTE[2 * theme.COLOURS:2 * BOOT_SLOTS] == bytes(2 * (BOOT_SLOTS - theme.COLOURS))


def test_card_inks_are_theme_colours():
    # INKS is built at import from the theme's values: rebuild it in colour
    # mode (a 1-bit app test may have imported it with the mono ones).
    theme.set_mono(False)
    importlib.reload(cardview)
    inks = cardview.INKS[:24]
    assert set(inks) <= set(theme_colours().values())
    assert colour(cardview.INKS[12]) == rgb(0, 128, 40)  # four-colour clubs green
    assert colour(cardview.INKS[13]) == rgb(20, 70, 200)  # four-colour diamonds blue
    assert colour(cardview.INKS[16]) == rgb(16, 96, 40)  # greyed club, darker (issue 14)
    assert colour(cardview.INKS[17]) == rgb(36, 62, 160)  # greyed diamond, darker
    assert colour(cardview.INKS[20]) == rgb(130, 230, 120)  # in text: light green
    assert colour(cardview.INKS[21]) == rgb(120, 180, 255)  # in text: light blue


def test_mono_mapping_round_trips():
    before = theme_colours()
    theme.set_mono(True)
    try:
        mono = theme_colours()
        assert set(mono.values()) == {0, 1}
        assert mono["CLUB_INK"] == mono["INK"] == 0 and mono["CARD"] == mono["WHITE"] == 1
        assert theme.COLOURS == len(before)  # the count is no colour
    finally:
        theme.set_mono(False)
    assert theme_colours() == before


def test_rgb_checks_its_range():
    assert rgb(255, 255, 255) == 0xFFFF and rgb(0, 0, 0) == 0
    for bad in ((256, 0, 0), (0, -1, 0), (0, 0, 300), (-8, 255, 255)):
        with pytest.raises(ValueError):
            rgb(*bad)


def test_set_colour_checks_its_range():
    saved = bytes(PALETTE)
    try:
        set_colour(255, 0xF800)
        assert PALETTE[510:] == b"\xf8\x00" and colour(255) == 0xF800  # high byte first
        for bad in ((256, 0), (-1, 0), (3, 0x10000), (3, -1)):
            try:
                set_colour(*bad)
            except ValueError:
                continue
            raise AssertionError("set_colour%r accepted" % (bad,))
    finally:
        PALETTE[:] = saved


def test_no_colour_computed_outside_the_theme():
    """A colour a screen needs is named in app/kit/theme.py (its palette entry):
    an rgb() call anywhere else would make an RGB565 int, which the indexed
    frame would take as an index the palette does not hold."""
    call = re.compile(r"\brgb\(")
    for path in sorted((ROOT / "firmware").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in ("firmware/app/kit/theme.py", "firmware/app/kit/display.py"):
            continue
        src = path.read_text(encoding="utf-8")
        assert not call.search(src), rel
