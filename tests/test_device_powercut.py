"""A save survives a power cut before its flash operations, on the
emulated Pico (Pimoroni Pico Display Pack; the frozen image when ``make
firmware`` has built one up to date, what a player flashes and whose boots
cost half the ``.mpy`` install's, else the ``.mpy`` install: both run the
same compiled save code on the same littlefs): a Clubbed game
is saved (old save in flash), one more move makes the app save again, and
the power is cut just before an erase or program of that save (which ones:
below); after power-on the console boots to its title and the flash holds
the old save or the new one, byte for byte, with nothing set aside as bad.
Cards do not move, as in tests/test_device_game.py, whose presses it plays.

Each cut boots a fresh emulated Pico that replays the Continue and the move,
as long as the reference run itself. ``make test`` cuts before the save's first
erase (the old block is about to go) and before its last operation (the
write that makes the new save whole); ``make test-deep`` (tests/depth.py)
cuts before every operation (four for this save: program, program, erase,
program)."""

import depth
import device
from test_device_game import BOARD, MOTION, SEED, plan_keys

import host_sim  # noqa: F401  (firmware/ on sys.path)
from tools.pico import harness

pytestmark = device.needs_kit

GAME = "/data/game-clubbed"  # the game test_device_game plays


def listing(pico):
    fs = pico.read_fs()
    return fs, fs.listdir("/data")


def read_game(pico):
    fs, names = listing(pico)
    if "game-clubbed" not in names:
        return None, names
    with fs.open(GAME, "rb") as f:
        return f.read(), names


def next_at(pico):
    """A whole emulated millisecond a little ahead: presses are scheduled
    at such times, so a replay presses at exactly the same nanosecond."""
    return float(int(pico.ms) + 2)


def cuts(kinds):
    """1-based numbers of the operations (``kinds``: "erase"/"program" in
    order) to cut the power before: every one under make test-deep, else
    the first erase and the last operation."""
    every = list(range(1, len(kinds) + 1))
    return depth.pick(sorted({kinds.index("erase") + 1, len(kinds)}), every)


def test_cuts_are_the_first_erase_and_the_last_or_every_operation():
    want = [1, 2, 3, 4] if depth.DEEP else [3, 4]
    assert cuts(["program", "program", "erase", "program"]) == want
    assert cuts(["erase", "program"]) == [1, 2]


def test_save_survives_a_power_cut_at_its_flash_operations(tmp_path):
    keys, _ = plan_keys(SEED)
    flash_old = str(tmp_path / "old.bin")
    # 1. Play until a save happens that erases a block too (the most steps);
    # keep the flash from just before its move.
    with device.boot(BOARD, SEED, frozen=device.images_to_test()[-1] == "frozen",
                     motion=MOTION) as pico:
        pico.settle(device.QUIET_MS)
        old = None
        for key in keys[:-1]:
            have, _ = read_game(pico)
            pico.save_flash(flash_old)
            n = pico.flash_ops
            device.press_logical(pico, key)
            pico.settle(device.QUIET_MS)
            kinds = [op[0] for op in pico.flash_log(n)]
            if have is not None and "erase" in kinds:
                old, move = have, key
                break
        assert old is not None, "no save with an erase among the game's first moves"
    # 2. The reference: from that flash, power on, Continue, the move.
    with harness.Pico(device.KIT, flash=flash_old, board=BOARD) as pico:
        pico.settle(device.QUIET_MS)
        title = pico.panel()
        t_continue = next_at(pico)
        device.press_logical(pico, "A", at_ms=t_continue)
        pico.settle(device.QUIET_MS)
        t_move = next_at(pico)
        before = pico.flash_ops
        device.press_logical(pico, move, at_ms=t_move)
        pico.settle(device.QUIET_MS)
        ops = pico.flash_log(before)
        new, names = read_game(pico)
        end_ms = pico.ms
    assert new is not None and new != old
    assert len(ops) >= 2 and "erase" in [op[0] for op in ops]
    # 3. A cut before each of those operations in turn.
    outcomes = []
    for j in cuts([op[0] for op in ops]):
        with harness.Pico(device.KIT, flash=flash_old, board=BOARD, cut_at=before + j) as pico:
            pico.run_until(t_continue)
            device.press_logical(pico, "A", at_ms=t_continue)
            pico.run_until(t_move)
            assert pico.flash_ops == before, "the replay wrote elsewhere than the reference"
            device.press_logical(pico, move, at_ms=t_move)
            pico.run_until(end_ms)
            assert pico.power_cut, "no cut before operation %d" % (before + j)
            assert pico.flash_ops == before + j - 1
            pico.reboot()
            pico.settle(device.QUIET_MS)
            device.assert_same("powercut-%d-title" % j, pico.panel(), title)
            data, names = read_game(pico)
            bad = [n for n in names if ".bad" in n]
            assert not bad, "after a cut before operation %d the app set %s aside" % (j, bad)
            assert data in (old, new), "cut before operation %d left a third game" % j
            outcomes.append("new" if data == new else "old")
    print("power cuts before operations %s of %d (%s): %s"
          % (cuts([op[0] for op in ops]), len(ops), ", ".join(op[0] for op in ops),
             ", ".join(outcomes)))
