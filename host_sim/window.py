"""Window front end: the frame in a pygame-ce window, keys from the keyboard.

The window is the frame scaled by an integer ``scale`` (nearest neighbour,
240x135 -> 720x405 at the default 3) over a legend strip naming the board's
physical buttons and the keys that stand for them (``host_sim.boardkeys``:
e.g. Pico Display Pack A = Z/Enter, B = X/Esc/Backspace, X = Left, Y =
Right, Up = B+X, Down = B+Y). A key holds its button for as long as it is
down, through the device's ``hw.buttons`` (so holding X/Esc for 0.6 s is B,
holding Left repeats). P/F12 save a PNG (at the window's scale) into the
screenshots folder. Closing the window or Ctrl-Q quits.

The loop runs at up to 60 fps on a real-time ``MonotonicClock``: it feeds key
presses to the app, calls ``app.step()``, and redraws only when the display's
frame counter moved. While ``app.idle()`` it sleeps in ``pygame.event.wait``.
Only ``pygame.display`` and ``pygame.font`` are initialised (no audio).
"""

import os
import time

LEGEND = "%s; P/F12 = screenshot"
BG = (24, 24, 28)
FG = (220, 220, 220)
DIM = (150, 150, 160)


def key_map(pygame):
    """Dict pygame key code -> ``("key", group)`` (a ``host_sim.boardkeys``
    key group) / ``("shot", None)``."""
    press = {
        pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
        pygame.K_UP: "up", pygame.K_DOWN: "down",
        pygame.K_z: "z", pygame.K_RETURN: "z", pygame.K_KP_ENTER: "z",
        pygame.K_x: "x", pygame.K_ESCAPE: "x", pygame.K_BACKSPACE: "x",
        pygame.K_SPACE: "space",
    }
    keys = {k: ("key", g) for k, g in press.items()}
    keys[pygame.K_p] = ("shot", None)
    keys[pygame.K_F12] = ("shot", None)
    return keys


def _fit_font(pygame, text, width, size):
    """A default font no bigger than ``size`` px in which ``text`` fits ``width`` px."""
    while True:
        font = pygame.font.Font(None, size)
        if size <= 8 or font.size(text)[0] <= width - 8:
            return font
        size -= 1


def run(seed, app_spec, scale=3, shots_dir="screenshots", hook=None, board=None, storage=None,
        caption=None, control=None):
    """Run the app in a window until it is closed; returns exit status 0.

    ``seed``: int for the app. ``scale``: int window pixels per frame pixel
    (also the PNG scale). ``hook(n, app, display)``: called after the n-th
    loop iteration (n from 0); returning False ends the run (for tests).
    ``board``: a board dict (default: ``boards.DEFAULT``'s). ``caption``: a
    callable giving words for the second legend line (a replay's "move n
    of N"), asked at each redraw. A PNG that cannot be written (a full
    disk) is said on that line, not raised. ``control``: instead of an app,
    a callable making, for the display and the clock, an object stepped
    like one that takes the keys itself (``key(group)``, also "+"/"-" and
    q to quit) and has a ``legend`` and a ``caption()`` (host_sim.replay_deck's
    Replays).
    """
    import pygame

    import boards
    from host_sim import boardkeys, make_app
    from host_sim.clock import MonotonicClock
    from host_sim.terminal import save_png

    clock = MonotonicClock()
    if board is None:
        board = boardkeys.open_board(boards.DEFAULT)
    if control is not None:
        from host_sim import board_display

        display = board_display(board)
        app, keys = control(display, clock), None
        caption = app.caption
        legend = app.legend
    else:
        app, display, keys = make_app(clock, seed, app_spec, board=board, storage=storage)
        legend = LEGEND % boardkeys.legend(board)
    pygame.display.init()
    pygame.font.init()
    try:
        fw, fh = display.width * scale, display.height * scale
        font = _fit_font(pygame, legend, fw, 8 + 4 * scale)
        line_h = font.get_linesize()
        screen = pygame.display.set_mode((fw, fh + 2 * line_h + 6))
        pygame.display.set_caption("picocards simulator - %s%s" % (
            board["name"], "" if seed is None else " - seed %d" % seed))
        mapping = key_map(pygame)
        if control is not None:
            for k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                mapping[k] = ("key", "+")
            for k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                mapping[k] = ("key", "-")
        pace = pygame.time.Clock()
        shown_frames = -1
        status, status_until = "", 0.0
        shot_count = 0
        dirty = True
        shown_caption = None
        n = 0
        while True:
            if app.idle() and not dirty and not (keys is not None and keys.busy()):
                events = [pygame.event.wait(100)] + pygame.event.get()
            else:
                events = pygame.event.get()
            for ev in events:
                if ev.type == pygame.QUIT:
                    return 0
                if ev.type not in (pygame.KEYDOWN, pygame.KEYUP):
                    continue
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_q and (
                        ev.mod & pygame.KMOD_CTRL or control is not None):
                    return 0
                action = mapping.get(ev.key)
                if action is None:
                    continue
                if action[0] == "key" and keys is None:
                    if ev.type == pygame.KEYDOWN:
                        app.key(action[1])
                        dirty = True
                elif action[0] == "key":
                    if ev.type == pygame.KEYDOWN:
                        keys.key_down(action[1])
                    else:
                        keys.key_up(action[1])
                elif ev.type == pygame.KEYDOWN:
                    shot_count += 1
                    name = "win-%s-%d.png" % (time.strftime("%Y%m%d-%H%M%S"), shot_count)
                    status = save_png(display, os.path.join(shots_dir, name), scale)
                    print(status, flush=True)
                    status_until = time.monotonic() + 4
                    dirty = True
            app.step()
            if display.frames != shown_frames:
                shown_frames = display.frames
                frame = pygame.image.frombuffer(display.rgb24(), (display.width,
                                                                  display.height), "RGB")
                screen.blit(pygame.transform.scale(frame, (fw, fh)), (0, 0))
                dirty = True
            if status and time.monotonic() > status_until:
                status, dirty = "", True
            if caption is not None:
                words = caption()
                if words != shown_caption:
                    shown_caption, dirty = words, True
            if control is not None and app.legend != legend:
                legend, dirty = app.legend, True
                font = _fit_font(pygame, legend, fw, 8 + 4 * scale)
            if dirty:
                screen.fill(BG, pygame.Rect(0, fh, fw, screen.get_height() - fh))
                screen.blit(font.render(legend, True, FG), (4, fh + 3))
                second = "%s   seed %s" % (board["name"], seed)
                if caption is not None:
                    second = shown_caption
                if status:
                    second += "   " + status
                screen.blit(font.render(second, True, DIM), (4, fh + 3 + line_h))
                pygame.display.flip()
                dirty = False
            if hook is not None and hook(n, app, display) is False:
                return 0
            n += 1
            pace.tick(60)
    except KeyboardInterrupt:
        return 0
    finally:
        pygame.quit()
