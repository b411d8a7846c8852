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


def legend_lines(font, text, width, parts=None, joint=" "):
    """``text`` (the legend) as lines that fit ``width`` px in ``font``,
    broken after "; " or ", ": the font keeps its size (squeezed to one
    line it ran its letters together). With ``parts`` (a list of str),
    those are put together with ``joint`` instead, broken between them."""
    lines = [""]
    if parts is None:
        parts = text.replace("; ", ";\0").replace(", ", ",\0").split("\0")
    for part in parts:
        while font.size(part)[0] > width - 8 and "/" in part[:-1]:
            # A part too long for any line (a PNG's path): broken after a
            # "/", on lines of its own.
            cut = part.rfind("/", 0, len(part) - 1)
            while cut > 0 and font.size(part[:cut + 1])[0] > width - 8:
                cut = part.rfind("/", 0, cut)
            if cut <= 0:
                break
            if lines[-1]:
                lines.append(part[:cut + 1])
            else:
                lines[-1] = part[:cut + 1]
            lines.append("")
            part = part[cut + 1:]
        line = (lines[-1] + joint + part) if lines[-1] else part
        if lines[-1] and font.size(line)[0] > width - 8:
            lines.append(part)
        else:
            lines[-1] = line
    return lines


def brightness(app, idle_s):
    """How bright the window shows the frame (0..255 per channel) for the
    backlight the device would have (``hw.start.backlight_level``: the
    Backlight setting, dimmed after Dim after), and that level in percent."""
    from hw.start import backlight_level

    level = backlight_level(app, int(idle_s * 1000))
    # A lit panel at 8% is still readable: the picture never goes black.
    return 255 * (35 + 65 * level // 100) // 100, level


def seed_words(app, seed):
    """The legend's seed: the game's (as its record and replay say) during a
    game, else the --seed the app's games are drawn from."""
    game_seed = getattr(getattr(app, "screen", None), "seed", None)
    if isinstance(game_seed, int):
        return "game seed %d" % game_seed
    return "" if seed is None else "--seed %d" % seed


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
        font = pygame.font.Font(None, max(18, 8 + 4 * scale))
        raw_legend = legend
        legend = legend_lines(font, legend, fw)
        line_h = font.get_linesize()
        rows = len(legend) + 1
        screen = pygame.display.set_mode((fw, fh + rows * line_h + 6))
        pygame.display.set_caption("picocards simulator - %s" % board["name"])
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
        pressed_at = time.monotonic()
        shown_light = None
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
                pressed_at = time.monotonic()
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
            light, level = brightness(app, time.monotonic() - pressed_at)
            if display.frames != shown_frames or light != shown_light:
                shown_frames, shown_light = display.frames, light
                frame = pygame.image.frombuffer(display.rgb24(), (display.width,
                                                                  display.height), "RGB")
                frame = pygame.transform.scale(frame, (fw, fh))
                if light < 255:
                    frame.fill((light, light, light), special_flags=pygame.BLEND_RGB_MULT)
                screen.blit(frame, (0, 0))
                dirty = True
            if status and time.monotonic() > status_until:
                status, dirty = "", True
            if caption is not None:
                words = caption()
                if words != shown_caption:
                    shown_caption, dirty = words, True
            if control is not None and app.legend != raw_legend:
                raw_legend, dirty = app.legend, True
                legend = legend_lines(font, raw_legend, fw)
            if dirty:
                parts = [board["name"], seed_words(app, seed)]
                if caption is not None:
                    parts = [shown_caption]
                if level < 100:
                    parts.append("backlight %d%% (Settings)" % level)
                if status:
                    parts.append(status)
                # Wrapped, not cut at the window's edge: a saved PNG's path
                # ran off it. The window grows to hold every line.
                second = legend_lines(font, None, fw, [p for p in parts if p], "   ")
                if len(legend) + len(second) > rows:
                    rows = len(legend) + len(second)
                    screen = pygame.display.set_mode((fw, fh + rows * line_h + 6))
                    screen.blit(frame, (0, 0))
                screen.fill(BG, pygame.Rect(0, fh, fw, screen.get_height() - fh))
                for i in range(len(legend)):
                    screen.blit(font.render(legend[i], True, FG), (4, fh + 3 + i * line_h))
                for i in range(len(second)):
                    screen.blit(font.render(second[i], True, DIM),
                                (4, fh + 3 + (len(legend) + i) * line_h))
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
