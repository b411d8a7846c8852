"""Which front end the simulator runs (window, terminal or headless), and
why a window cannot open here: shared by ``python -m host_sim`` and its
``replay`` command."""

import os
import sys


def display_available():
    """``(ok, reason)``: can SDL open a real (visible) video driver here?

    Needs DISPLAY or WAYLAND_DISPLAY (on macOS/Windows always tried), no
    SDL_VIDEODRIVER=dummy/offscreen, pygame importable, and SDL's video init
    to succeed with a non-dummy driver. ``reason`` says why not.
    """
    driver = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("dummy", "offscreen"):
        return False, "SDL_VIDEODRIVER=%s" % driver
    if sys.platform not in ("darwin", "win32") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False, "neither DISPLAY nor WAYLAND_DISPLAY is set"
    try:
        import pygame
    except ImportError:
        return False, "pygame-ce is not installed"
    try:
        pygame.display.init()
        name = pygame.display.get_driver()
    except pygame.error as e:
        return False, "SDL cannot open a display (%s)" % e
    finally:
        pygame.display.quit()
    if name in ("dummy", "offscreen"):
        return False, "SDL only offers the %s video driver" % name
    return True, "SDL video driver %s" % name


def is_tty():
    """True when both stdin and stdout are terminals that termios can drive
    (POSIX; not the Windows console)."""
    try:
        import termios  # noqa: F401
    except ImportError:
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


# The seeds the app deals from as given (cardgames.rng uses the low 30 bits,
# so 2**30 would deal seed 0's games).
MAX_SEED = (1 << 30) - 1


def check_data_and_seed(args):
    """Words saying what is wrong with ``--data``, ``--shots`` or
    ``--keys-file`` (given empty) or ``--seed`` (outside 0..MAX_SEED), or
    None."""
    for name, what in (("data", "a folder"), ("shots", "a folder"), ("keys_file", "a file")):
        if getattr(args, name, None) == "":
            return "--%s needs %s name (it was given empty)" % (name.replace("_", "-"), what)
    seed = getattr(args, "seed", None)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        return "--seed must be 0 to %d (the 30 bits the console deals from), not %d" \
            % (MAX_SEED, seed)
    return None


def choose_mode(args):
    """``(mode, why_not_window)``: the front end to use; mode None if none fits."""
    if args.mode:
        return args.mode, ""
    if args.keys is not None or args.keys_file:
        return "headless", ""
    ok, reason = display_available()
    if ok:
        return "window", ""
    if is_tty():
        return "terminal", reason
    return None, reason


def window_refused(mode, args):
    """Why ``--mode window`` cannot run here (SDL would open an invisible
    offscreen window that runs until killed), or None. Asked only when the
    window was named: ``choose_mode`` already asked otherwise."""
    if mode != "window" or not args.mode:
        return None
    ok, reason = display_available()
    if ok:
        return None
    return "no window can be opened (%s); try --mode terminal or --mode headless" % reason
