"""MicroPython side of tools/bench/mem_report.py: the whole app on a 240x135 8-bit
indexed frame (``FRAME``; ``mem_report.py --board`` runs a copy with another),
scripted through the title menu and one full game of every title,
with the live heap measured at the start of every step. Run with

    node tools/mp/mp_run.mjs --step step --path build tools/bench/mem_mp.py

Each ``step()`` is its own top-level call of the runtime, the only place its
garbage collector reclaims memory, so it starts with ``gc.collect()`` and
``gc.mem_alloc()`` (the live heap) and books that figure to the screen the
app is on; then it does one unit of work: one ``app.step()`` (with the
virtual clock moved to the app's next deadline) or one button press.

The scenario: boot (``App`` created and its first frame drawn); on the title
LEFT/RIGHT through the games, the Rules screen (two pages) and back; then a
game of Clubbed (the human's moves by a key policy: cursor to the first
playable card or DRAW, A), Klaberjass and Clubs (both with the ``autoplay``
option: the computer plays the human's seat too), each to its result screen
and B back to the title. Prints ``key value...`` lines: ``base`` (live heap
before the app is imported), ``boot``, ``peak LABEL BYTES SAMPLES`` per
screen (``Title``, ``Rules`` or ``Game/ScreenClass``), ``steps`` and the
runtime's ``qstr pool: ...`` line. Also runs on
CPython (figures 0) to check the scenario: ``python tools/bench/mem_mp.py`` with
firmware/ on the path.
"""

import gc
import sys

try:
    mem_alloc = gc.mem_alloc
except AttributeError:  # CPython: the scenario only
    def mem_alloc():
        return 0

FRAME_MS = 16
# The frame: width, height, 1-bit. tools/bench/mem_report.py --board runs a copy
# with this line rewritten (a constant, so the default run holds no extra code).
FRAME = (240, 135, False)
MAX_STEPS = 200000
S = {"phase": 0, "steps": 0, "peaks": {}, "counts": {}, "gen": None, "app": None,
     "order": []}


def live():
    gc.collect()
    return mem_alloc()


def qstrs():
    """MicroPython's own line on its interned names (qstrs), never freed:
    ``qstr pool: n_pool=P, n_qstr=N, n_str_data_bytes=D, n_total_bytes=T``."""
    if sys.implementation.name == "micropython":
        import micropython

        micropython.qstr_info()


def label():
    app = S["app"]
    name = type(app.screen).__name__
    if name == "TitleScreen":
        return "Title"
    if name == "RulesScreen":
        return "Rules"
    return app.game_name() + "/" + name


def book(key, n):
    if key not in S["peaks"]:
        S["order"].append(key)
        S["peaks"][key] = n
    if n > S["peaks"][key]:
        S["peaks"][key] = n
    S["counts"][key] = S["counts"].get(key, 0) + 1


def advance():
    """One app step, then the virtual clock to the next deadline."""
    app = S["app"]
    app.step()
    if not app.idle():
        clock = app.clock
        dl = app.next_deadline()
        ahead = FRAME_MS if dl is None else clock.ticks_diff(dl, clock.ticks_ms())
        if ahead > 0:
            clock.sleep_ms(ahead)


def settle():
    """Yield once per app step until the app waits for a button."""
    while True:
        advance()
        yield
        if S["app"].idle():
            return


def press(name):
    from app.kit import buttons

    S["app"].buttons.push(buttons.from_name(name))
    yield from settle()


def clubbed_turn():
    """Key policy for the human at the Clubbed table: cursor to the first
    playable slot, then A."""
    scr = S["app"].screen
    if scr.banner or scr.game.is_over():
        # West clubbed you, or West's move ended the game: the banner or
        # the table waits for A, as a player reads it.
        scr = None
        yield from press("A")
        return
    if not scr.human_turn():
        raise RuntimeError("Clubbed: idle although the computer is to move")
    target = -1
    for i in range(len(scr.slots)):
        if scr.slots[i] in scr.legal:
            target = i
            break
    if target < 0:
        raise RuntimeError("Clubbed: no legal choice shown")
    n = (target - scr.cursor) % len(scr.slots)
    scr = None
    for _ in range(n):
        yield from press("RIGHT")
    yield from press("A")


def play(index):
    """One full game of title ``index``, from the title screen back to it."""
    from app import games
    from app.screen import GameOverScreen

    app = S["app"]
    while app.game_index != index:
        yield from press("RIGHT")
    entry = games.GAMES[index]
    auto = entry.name != "Clubbed"
    if auto:
        app.options[entry.name]["autoplay"] = True
    yield from press("A")  # the title's cursor is on New game
    moves = 0
    while not isinstance(app.screen, GameOverScreen):
        moves += 1
        if moves > 5000:
            raise RuntimeError("%s: no result after %d presses" % (entry.name, moves))
        if auto:
            raise RuntimeError("%s: idle during autoplay on %s" % (entry.name, label()))
        yield from clubbed_turn()
    if auto:
        app.options[entry.name].pop("autoplay")
    yield from press("B")  # to the title


def scenario():
    yield from settle()
    for k in ("RIGHT", "RIGHT", "LEFT", "LEFT", "DOWN", "A", "DOWN", "DOWN", "UP", "B", "UP"):
        yield from press(k)
    for i in range(3):
        yield from play(i)


def step():
    ph = S["phase"]
    if ph == 0:
        print("base", live())
    elif ph == 1:
        from app.kit.buttons import ScriptedButtons
        from app.kit.clock import VirtualClock
        from app.kit.display import FrameDisplay
        from app.main import App

        # The app keeps its files on a filesystem as on the device (hw.storage
        # on flash; not in the heap): saves, settings, statistics, records.
        # With --no-storage it keeps nothing.
        storage = None
        if "--no-storage" not in sys.argv and sys.implementation.name == "micropython":
            from hw.storage import FlashStorage

            storage = FlashStorage("/data")
        S["app"] = App(FrameDisplay(*FRAME), ScriptedButtons(), VirtualClock(), seed=1,
                       storage=storage)
        S["app"].step()
    elif ph == 2:
        print("boot", live())
        S["gen"] = scenario()
    else:
        book(label(), live())
        S["steps"] += 1
        try:
            next(S["gen"])
        except StopIteration:
            for k in S["order"]:
                print("peak", k, S["peaks"][k], S["counts"][k])
            print("steps", S["steps"])
            qstrs()
            return False
        if S["steps"] > MAX_STEPS:
            raise RuntimeError("scenario longer than %d steps" % MAX_STEPS)
    S["phase"] = ph + 1
    return True


if sys.implementation.name != "micropython" and __name__ == "__main__":
    while step():
        pass
