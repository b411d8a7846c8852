"""Cards that move (app.kit.motion, cued through app.kit.places): a played
card passes through places between where it was and where the still frame
puts it, and the move ends on that still frame; Fast means no motion and
the same frames; a frame of motion allocates nothing on MicroPython."""

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest
from apptest import ROOT, Session
from test_frames_golden import PATTERN, SIZES, heuristic_players

from app.kit import buttons, places

ROOT_PATH = Path(ROOT)


def record(size, game, presses, motion):
    """Play the golden script's first ``presses`` keys of ``game`` at ``size``
    with card motion ``motion``: ``(final frame hash per press, moves)``; a
    move is a list, per frame shown while it ran, of (x, y) of each card in
    flight, with the Motion object first."""
    class S(Session):
        SIZE, MONO = SIZES[size]
        MOTION = motion

    undo = heuristic_players()
    try:
        s = S(3)
        app = s.app
        moves = []
        show = s.disp.show

        def shown():
            m = app.moving
            if m is not None:
                if not moves or moves[-1][0] is not m:
                    moves.append([m])
                moves[-1].append(tuple((m.s[k + 6], m.s[k + 7])
                                       for k in range(0, len(m.s), 12)))
            show()

        s.disp.show = shown
        s.choose_game(game)
        s.press("A")
        finals = []
        for i in range(presses):
            s.press(PATTERN[i % len(PATTERN)])
            finals.append(hashlib.sha256(bytes(s.disp.buf)).hexdigest())
            assert app.moving is None  # a press settles on a still frame
        return finals, moves
    finally:
        undo()


def test_a_played_card_travels_through_places_to_where_the_still_frame_puts_it():
    finals, moves = record("240x135", "Klaberjass", 40, 1)
    assert len(moves) >= 4
    for move in moves:
        m, frames = move[0], move[1:]
        assert len(frames) >= 5, len(frames)  # ~170 ms at a frame per 16 ms
        s = m.s
        for k in range(0, len(s), 12):
            x0, y0, x1, y1 = s[k], s[k + 1], s[k + 2], s[k + 3]
            path = [f[k // 12] for f in frames]
            assert path[0] == (x0, y0)
            if (x0, y0) == (x1, y1):
                continue  # a card drawn in its place as it was
            # Each frame no farther from the end, never past it, inside the
            # way; a card more than 2 px from home always advances (eased
            # out, the last pixels of a short move may take two frames).
            dist = [abs(x - x1) + abs(y - y1) for x, y in path]
            steps = list(zip(dist, dist[1:], strict=False))
            assert all(a >= b for a, b in steps), dist
            assert all(a > b for a, b in steps if a > 2), dist
            for x, y in path:
                assert min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1)
    # The human's card: from the hand (the bottom rows) up to the trick,
    # where the still frame draws it (its place in the last frame drawn).
    played = [mv for mv in moves if mv[0].s[1] > 80 and mv[0].s[3] < 60]
    assert played, [mv[0].s[:4] for mv in moves]


def test_the_move_ends_where_the_still_frame_draws_the_card():
    class S(Session):
        MOTION = 1

    undo = heuristic_players()
    try:
        # Clubbed: your first card played, on a deal where it is no club
        # (a club empties the pile: the card has no place to go to).
        for seed in range(1, 20):
            s = S(seed)
            s.choose_game("Clubbed")
            s.press("A")
            sc = s.app.screen
            c = sc.slots[sc.cursor]
            if c < 13 or c not in sc.legal:
                continue
            x, y = places.POS[6 * c], places.POS[6 * c + 1]  # in the hand
            s.btn.push(buttons.A)
            s.app.step()
            m = s.app.moving
            assert m is not None
            assert (m.s[0], m.s[1]) == (x, y)
            assert (m.s[2], m.s[3]) == (places.POS[6 * c], places.POS[6 * c + 1])
            assert (m.s[2], m.s[3]) != (x, y)
            while s.app.moving is not None:  # to the move's end, no further
                s.clock.now = s.app.next_deadline()
                s.app.step()
            # The still frame drawn at the end puts the card there too.
            assert places.drawn(c)
            assert (m.s[2], m.s[3]) == (places.POS[6 * c], places.POS[6 * c + 1])
            return
        pytest.fail("no deal starts with a card to play")
    finally:
        undo()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", ["Clubbed", "Clubs", "Klaberjass"])
def test_motion_ends_on_the_frames_fast_shows(size, game):
    """Every board, every game: with motion (Normal) each press settles on
    the frame Fast (no motion: the frames of the goldens) shows."""
    presses = {"Clubbed": 30, "Clubs": 60, "Klaberjass": 40}[game]
    moving, moves = record(size, game, presses, 1)
    still, none = record(size, game, presses, 2)
    assert moves, "no card moved"
    assert none == []
    assert moving == still


def test_slow_takes_longer_than_normal():
    _, slow = record("240x135", "Clubbed", 12, 0)
    _, normal = record("240x135", "Clubbed", 12, 1)
    assert slow and normal
    assert len(slow[0]) > len(normal[0])


def test_a_cue_while_fast_is_not_kept():
    class S(Session):
        MOTION = 2

    s = S(1)
    places.clear()
    places.cue(s.app, 5, places.PLAY, places.NORTH)
    assert places.FRAME[1] == 0
    s.app.motion = 1
    places.cue(s.app, 5, places.PLAY, places.NORTH)
    assert places.FRAME[1] == 1
    places.clear()


# --- real MicroPython: no allocation in a frame of motion --------------------

MP_SCRIPT = r"""
import gc
from app.kit.buttons import ScriptedButtons, A
from app.kit.clock import VirtualClock
from app.kit.display import FrameDisplay
from app.main import App

d = FrameDisplay(240, 135)
btn = ScriptedButtons()
clock = VirtualClock()
app = App(d, btn, clock, seed=3)
app.motion = 0  # Slow: the most frames

def settle():
    for _ in range(5000):
        app.step()
        if app.idle():
            return
        dl = app.next_deadline()
        if dl is not None and dl > clock.now:
            clock.now = dl

settle()
btn.push(A)  # New game: Clubbed
settle()
frames = []
def measure():
    # A frame of motion is an app step at the move's next deadline.
    n = 0
    worst = 0
    while app.moving is not None:
        clock.now = app.next_deadline()
        before = gc.mem_alloc()
        moving = app.moving
        app.step()
        if app.moving is moving:  # (the last step draws the still frame)
            worst = max(worst, gc.mem_alloc() - before)
            n += 1
    return n, worst

done = 0
for _ in range(40):
    btn.push(A)
    app.step()
    if app.moving is not None:
        app.step()  # a first frame of motion (warm up)
        n, worst = measure()
        print("FRAMES", n, "ALLOC", worst)
        done += 1
        if done == 3:
            break
    settle()
"""


def test_a_frame_of_motion_allocates_nothing_on_micropython(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node not installed")
    if not (ROOT_PATH / "node_modules" / "@micropython").is_dir():
        pytest.skip("node_modules missing (run npm ci)")
    script = tmp_path / "mp_motion.py"
    script.write_text(MP_SCRIPT, encoding="utf-8")
    r = subprocess.run([node, str(ROOT_PATH / "tools" / "mp" / "mp_run.mjs"), str(script)],
                       capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [line.split() for line in r.stdout.splitlines() if line.startswith("FRAMES")]
    assert len(rows) == 3, r.stdout
    for row in rows:
        assert int(row[1]) >= 5, r.stdout
        assert row[3] == "0", r.stdout
