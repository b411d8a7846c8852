"""A whole game of Clubbed played by button presses on the emulated Pico
(Pimoroni Pico Display Pack; Easy players, fast speed): after the boot and
after every press the panel is pixel-identical to the simulator's frame for
the same presses, down to the result screen.

The whole game runs once, on the frozen image when ``make firmware`` has
written one (what a player flashes), else on the ``.mpy`` install. Under
``make test-deep`` (tests/depth.py) the other install plays the game's
opening (New game and the first turns, the computer's included) the same
way. Both installs run the same compiled code, and ``make test`` already
compares the ``.mpy`` install's tables after New game and moves with the
simulator's (tests/test_device_frames.py), so a second whole game would
check nothing new at the cost of minutes, and the opening is depth.

Cards do not move (the "Cards moving: none" setting): the frames compared
are the settled ones, which the flights do not change, and each flight's
frames cost the emulated Pico real time; the flights are drawn on the
device by tests/test_device_frames.py and tests/test_device_memory.py."""

import depth
import device
import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)

pytestmark = device.needs_kit

# Seed 3 makes a short game (25 presses with this policy, tools: see plan_keys).
SEED = 3
BOARD = "pimoroni_pico_display"
#: Presses of the opening: New game, then turns of yours and the computer's.
OPENING = 8
#: The "Cards moving" setting of the game (tests/device.py).
MOTION = device.NO_MOTION


def plan_keys(seed):
    """The presses that play a whole Clubbed game from the title in the
    simulator: New game, then each turn RIGHT to the first legal choice and
    A, and A on West's clubbing (as tests/test_app_game.py plays). The keys,
    and the result screen."""
    from app.clubbed.screen import ClubbedScreen

    sim = device.Sim(BOARD, seed, MOTION)
    keys = ["A"]
    sim.press("A")
    while isinstance(sim.run.app.screen, ClubbedScreen):
        scr = sim.run.app.screen
        assert len(keys) < 500
        if scr.banner and scr.banner_until is None or scr.game.is_over():
            # West clubbed you, or West's move ended the game: on until A.
            sim.press("A")
            keys.append("A")
            continue
        assert scr.human_turn(), "idle although the computer is to move"
        legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
        assert legal
        while scr.cursor != legal[0]:
            sim.press("RIGHT")
            keys.append("RIGHT")
        sim.press("A")
        keys.append("A")
    screen = type(sim.run.app.screen).__name__
    sim.close()
    return keys, screen


def whole_game_kind():
    """The install the whole game runs on: the last of images_to_test()."""
    return device.images_to_test()[-1]


#: The installs the game runs on: the whole game's, and (make test-deep) the
#: other's opening.
KINDS = depth.pick([whole_game_kind()], device.images_to_test())


@pytest.mark.parametrize("kind", KINDS)
def test_clubbed_game_by_buttons(kind):
    keys, screen = plan_keys(SEED)
    assert screen == "ResultScreen"
    whole = kind == whole_game_kind()
    if not whole:
        keys = keys[:OPENING]
    sim = device.play_and_compare(BOARD, keys, SEED, frozen=kind == "frozen",
                                  name="clubbed-game-%s" % kind, motion=MOTION)
    try:
        want = "ResultScreen" if whole else "ClubbedScreen"
        assert type(sim.run.app.screen).__name__ == want
    finally:
        sim.close()
