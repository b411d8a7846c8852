"""Link play on two emulated Picos in one emulator process, UART0 crossed
as the cable wires it (tools/pico/pl011.mjs, harness.pair), each running the
frozen firmware image, driven by button presses on both
(tools/pico/link_drive.py: progress read from the frames on the cable, a
move made by "A, and if no move leaves, RIGHT and A again").

Default tier: Klaberjass hosted on one console, joined on the other; a few
moves; the cable pulled mid-trick (both panels say "Link lost") and plugged
back (the game goes on from the last move both hold); one Pico reset
mid-game, Continue on it, and play goes on; each console's saved game
(file ``linksave``) lists the moves that crossed the cable. Deep tier
(PICOCARDS_DEEP=1): the same, then the whole match to its end, and the
two consoles' records (``l1``) list the same moves, seed and result.
"""

import contextlib

import device
import pytest
from depth import DEEP

from tools.pico import harness
from tools.pico.link_drive import LinkDriver, shows_words

pytestmark = device.needs_kit

BOARD = "pimoroni_pico_display"
#: Moves before the cut (then on to a trick's lead), between the cut and
#: the reset, after the reset (default tier).
OPENING = 2
MIDDLE = 2
AFTER = 2
LOST = "Link lost"
#: Emulated ms before "Link lost" shows: the session's LOST_MS (3.5 s) and a frame.
LOST_MS = 4500


def fields(chip, name):
    """{key: value} of the app's file ``name`` on the Pico's flash, or None."""
    import host_sim  # noqa: F401
    from app.persist.storage import decode

    fs = chip.read_fs()
    try:
        with fs.open("/data/" + name, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    return decode(data, "linksave" if name == "linksave" else "record")


@contextlib.contextmanager
def linked(uf2):
    """Two Picos on the frozen image ``uf2``, UART0 crossed, at the title:
    a LinkDriver."""
    fs = [device.image(BOARD, seed=s, frozen=True, tag="link%d-" % s) for s in (1, 2)]
    a, b = harness.pair(device.KIT, (BOARD, BOARD), uf2=uf2, fs=fs)
    try:
        for chip in (a, b):
            chip.wait_frames(1, timeout_ms=20000, full=True)
        a.settle(device.QUIET_MS)
        yield LinkDriver((a, b), device.press_logical, BOARD)
    finally:
        a.close()


@pytest.fixture
def link():
    uf2 = device.frozen_uf2(BOARD)
    if uf2 is None:
        pytest.skip("no up-to-date frozen image: make firmware writes build/firmware/*.uf2")
    with linked(uf2) as drv:
        yield drv


def play(drv, n):
    for _ in range(n):
        drv.move()
    drv.wait(drv.acked, 2000, "acknowledgements")


def saved_moves(chip):
    f = fields(chip, "linksave")
    assert f is not None, "no linksave on the console"
    return bytes.fromhex(f["act"])


def to_mid_trick(drv):
    """Play on until a card is led and the trick is open."""
    from cardgames import klaberjass

    while True:
        g = drv.watch.game()
        if g.phase == klaberjass.PLAY and g.trick():
            return
        drv.move()


def cut_and_restore(drv):
    """Pull the cable mid-trick, check both panels say so, plug it back,
    check they no longer do, and that the trick goes on."""
    a, b = drv.chips
    to_mid_trick(drv)
    drv.wait(drv.acked, 2000, "acknowledgements")
    drv.cut()
    drv.run_ms(LOST_MS)
    for chip in (a, b):
        chip.settle(200)
        assert shows_words(chip.panel(), LOST), "no %r on console %d" % (LOST, chip.index)
    drv.cut(on=True)
    drv.run_ms(1500)
    for chip in (a, b):
        chip.settle(200)
        assert not shows_words(chip.panel(), LOST), "console %d still lost" % chip.index
    drv.move()  # the trick's second card


def reset_and_continue(drv, i):
    """Power console ``i`` off and on mid-game, pick Link play, Continue."""
    chip = drv.chips[i]
    held = drv.watch.count()
    assert saved_moves(chip) == drv.watch.transcript()
    chip.reboot()
    chip.wait_frames(1, timeout_ms=20000, full=True)
    chip.settle(device.QUIET_MS)
    hellos = drv.watch.sides[i].hellos
    drv.open_link(i, ["Link play"])
    drv.key(i, "A")  # Continue link game: the first item while a game is saved
    w = drv.watch
    drv.wait(lambda: w.sides[i].hellos > hellos and w.sides[i].held == held, 5000,
             "the reset console's hello holding its %d moves" % held)
    drv.wait(lambda: w.mover() is not None, 5000, "the game going on")


def test_klaberjass_link_by_buttons(link):
    drv = link
    drv.start("Klaberjass")
    play(drv, OPENING)
    for chip in drv.chips:
        assert saved_moves(chip) == drv.watch.transcript()
    cut_and_restore(drv)
    play(drv, MIDDLE)
    reset_and_continue(drv, 1)
    play(drv, AFTER)
    for chip in drv.chips:
        assert saved_moves(chip) == drv.watch.transcript()


@pytest.mark.skipif(not DEEP, reason="a whole match takes minutes: PICOCARDS_DEEP=1")
def test_klaberjass_whole_link_match_by_buttons(link):
    drv = link
    drv.start("Klaberjass")
    play(drv, OPENING)
    cut_and_restore(drv)
    play(drv, MIDDLE)
    reset_and_continue(drv, 0)
    while drv.watch.mover() is not None:
        drv.move()
    drv.run_ms(3000)
    recs = [fields(chip, "l1") for chip in drv.chips]
    assert None not in recs, "a console kept no record"
    for k in ("game", "seed", "kw", "act", "res", "pos"):
        assert recs[0][k] == recs[1][k], k
    assert bytes.fromhex(recs[0]["act"]) == drv.watch.transcript()
    assert {recs[0]["link"], recs[1]["link"]} == {"host", "guest"}
