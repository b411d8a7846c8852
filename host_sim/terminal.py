"""Terminal front end: the screen as text or as a picture, keys from the TTY.

A terminal too small for the whole picture (80x24 and up) shows the screen
as text, what the app draws laid out on its grid (``host_sim.textview``);
one where the picture fits whole shows the picture (``choose_view``;
``--view text|picture`` forces one). The picture:

Each character cell is ``'▀'`` (U+2580 upper half block) with the foreground
colour set to the upper pixel and the background colour to the lower one, so a
240x135 frame takes 240 columns x 68 rows (the last row's lower half is
empty), plus one legend row (and a replay's line). A smaller terminal gets
the frame shrunk by the smallest integer factor that fits (box average:
factor 2 gives 120x68 pixels = 120 columns x 34 rows), and a line of its own
says what size the terminal needs for the full picture. Only lines that
changed are rewritten, and only when the display's frame counter moved.

Keys (raw, non-blocking via ``select``) stand for the board's physical
buttons (``host_sim.boardkeys``; the legend line lists them): arrows,
``z``/Enter, ``x``/Esc alone/Backspace, Space; e.g. on the Pico Display Pack
z = A, x = B, Left = X, Right = Y, Up = B+X, Down = B+Y. A terminal sends no
key releases, so each key taps its button(s) for ``boardkeys.TAP_MS``
through the device's ``hw.buttons`` (``TapGate``: a held key's auto-repeat
never piles up taps that go on after it is let go, quick presses each
count). ``p`` saves a PNG; ``q`` or Ctrl-C quits. The terminal's settings
are always restored on the way out.

The rendering (``frame_to_ansi``, ``downscale_rgb24``, ``fit_factor``) and the
key decoding (``KeyDecoder``) are pure and tested without a TTY.
"""

import os
import sys
import time
from operator import add

from app.kit import buttons

UPPER_HALF = "\u2580"
RESET = "\x1b[0m"
ESC_TIMEOUT_S = 0.05  # how long a lone Esc waits for the rest of a sequence
MAX_FACTOR = 8
LEGEND = "arrows move  z/Enter=A  x/Esc/Bksp=B  p=PNG  q=quit"
#: Logical button of a decoded key -> the ``host_sim.boardkeys`` key group.
GROUPS = {buttons.LEFT: "left", buttons.RIGHT: "right", buttons.UP: "up",
          buttons.DOWN: "down", buttons.A: "z", buttons.B: "x"}


def terminal_size(fd):
    """The size of the terminal on ``fd``; a side it says is 0 (unknown:
    a serial console, a pseudo-terminal nobody sized yet) is taken as the
    80x24 a terminal has by default, as ``shutil.get_terminal_size`` does."""
    size = os.get_terminal_size(fd)
    if size.columns > 0 and size.lines > 0:
        return size
    return os.terminal_size((size.columns or 80, size.lines or 24))


def fg(rgb3):
    """SGR sequence setting the 24-bit foreground to ``rgb3`` (3 bytes / ints)."""
    return "\x1b[38;2;%d;%d;%dm" % (rgb3[0], rgb3[1], rgb3[2])


def bg(rgb3):
    """SGR sequence setting the 24-bit background to ``rgb3`` (3 bytes / ints)."""
    return "\x1b[48;2;%d;%d;%dm" % (rgb3[0], rgb3[1], rgb3[2])


DEFAULT_BG = "\x1b[49m"
_UNSET = object()


def frame_to_ansi(rgb, width, height):
    """Text lines (list of ``ceil(height / 2)`` str) drawing an RGB24 image.

    ``rgb``: ``width * height * 3`` bytes. Line ``i`` covers pixel rows ``2i``
    (foreground of ``'▀'``) and ``2i + 1`` (background; the terminal's default
    background when ``height`` is odd and this is the last line). A colour
    sequence is emitted only when it differs from the cell to the left; each
    line ends with ``RESET`` and no newline.
    """
    row_len = width * 3
    lines = []
    for y in range(0, height, 2):
        top = rgb[y * row_len:(y + 1) * row_len]
        bottom = rgb[(y + 1) * row_len:(y + 2) * row_len] if y + 1 < height else None
        parts = []
        cur_fg = cur_bg = _UNSET
        for i in range(0, row_len, 3):
            t = top[i:i + 3]
            if t != cur_fg:
                parts.append(fg(t))
                cur_fg = t
            b = bottom[i:i + 3] if bottom is not None else None
            if b != cur_bg:
                parts.append(DEFAULT_BG if b is None else bg(b))
                cur_bg = b
            parts.append(UPPER_HALF)
        parts.append(RESET)
        lines.append("".join(parts))
    return lines


def downscale_rgb24(rgb, width, height, factor):
    """``(rgb, w, h)``: an RGB24 image shrunk by int ``factor`` by averaging
    each ``factor x factor`` block (edge blocks padded by repeating the last
    column / row). ``w = ceil(width / factor)``, ``h = ceil(height / factor)``."""
    if factor == 1:
        return bytes(rgb), width, height
    w2 = -(-width // factor)
    h2 = -(-height // factor)
    row_len = width * 3
    pad = (w2 * factor - width)
    area = factor * factor
    half = area // 2
    step = 3 * factor
    out = bytearray(w2 * h2 * 3)
    for oy in range(h2):
        acc = [[0] * w2 for _ in range(3)]
        for dy in range(factor):
            y = min(oy * factor + dy, height - 1)
            row = rgb[y * row_len:(y + 1) * row_len]
            if pad:
                row = row + row[-3:] * pad
            for c in range(3):
                a = acc[c]
                for dx in range(factor):
                    a = list(map(add, a, row[dx * 3 + c::step]))
                acc[c] = a
        base = oy * w2 * 3
        for c in range(3):
            out[base + c:base + w2 * 3:3] = bytes((v + half) // area for v in acc[c])
    return bytes(out), w2, h2


def fit_factor(cols, rows, width, height, extra_rows=1):
    """Smallest int factor (1..MAX_FACTOR) at which a ``width x height`` frame
    fits a ``cols x rows`` terminal as half-blocks plus ``extra_rows``;
    MAX_FACTOR if none does."""
    for f in range(1, MAX_FACTOR + 1):
        w = -(-width // f)
        h = -(-height // f)
        if w <= cols and (h + 1) // 2 + extra_rows <= rows:
            return f
    return MAX_FACTOR


class KeyDecoder:
    """Turns raw terminal bytes into events: ``("button", n)``, ``("shot",
    None)`` or ``("quit", None)``.

    ``feed(data)`` returns the events complete so far and keeps an unfinished
    escape sequence; ``pending`` is True while it holds one; ``flush()`` ends
    it (a lone Esc becomes button B, a cut-off sequence is dropped).
    """

    ARROWS = {"A": buttons.UP, "B": buttons.DOWN, "C": buttons.RIGHT, "D": buttons.LEFT}
    PLAIN = {
        "z": ("button", buttons.A), "Z": ("button", buttons.A),
        "\r": ("button", buttons.A), "\n": ("button", buttons.A),
        "x": ("button", buttons.B), "X": ("button", buttons.B),
        "\x7f": ("button", buttons.B), "\x08": ("button", buttons.B),
        " ": ("key", "space"),
        "+": ("key", "+"), "=": ("key", "+"), "-": ("key", "-"), "_": ("key", "-"),
        "p": ("shot", None), "P": ("shot", None),
        "q": ("quit", None), "Q": ("quit", None), "\x03": ("quit", None),
    }

    def __init__(self):
        self.buf = ""

    @property
    def pending(self):
        """True while an escape sequence is incomplete."""
        return bool(self.buf)

    def feed(self, data):
        """Events (list) for ``data`` (bytes or str) plus any held bytes."""
        if isinstance(data, bytes):
            data = data.decode("latin-1")
        s = self.buf + data
        self.buf = ""
        events = []
        i = 0
        while i < len(s):
            ch = s[i]
            if ch != "\x1b":
                if ch in self.PLAIN:
                    events.append(self.PLAIN[ch])
                i += 1
                continue
            if i + 1 == len(s):  # lone Esc so far: wait for more or flush()
                self.buf = s[i:]
                break
            intro = s[i + 1]
            if intro not in "[O":  # Esc then an ordinary key: Esc is B
                events.append(("button", buttons.B))
                i += 1
                continue
            j = i + 2
            while j < len(s) and not ("\x40" <= s[j] <= "\x7e"):
                j += 1
            if j == len(s):  # sequence not finished yet
                self.buf = s[i:]
                break
            final = s[j]
            if final in self.ARROWS and all(c in "0123456789;" for c in s[i + 2:j]):
                events.append(("button", self.ARROWS[final]))
            i = j + 1
        return events

    def flush(self):
        """Events for a held, never-completed sequence: a lone Esc is B."""
        held, self.buf = self.buf, ""
        return [("button", buttons.B)] if held == "\x1b" else []


def legend_text(seed, factor, cols, width, height, status="", keys=None):
    """The bottom line: keys (``keys``, default the logical LEGEND), seed and
    a status message (``seed`` None: none), clipped to ``cols`` characters. (``factor``, ``width``
    and ``height``: see ``size_note``, the line of its own the shrink note
    now has.)"""
    text = keys or LEGEND
    if seed is not None:  # a replay's seed is the record's, on its caption
        text += "  seed %d" % seed
    if status:
        text += "  " + status
    return text[:cols]


def size_note(factor, cols, rows, width, height, extra_rows=1):
    """The line saying the picture is shrunk (``factor`` > 1) and what
    terminal size shows a ``width x height`` frame in full (with
    ``extra_rows`` of text below it), or "" at full size; clipped to ``cols``."""
    if factor <= 1:
        return ""
    need = "%dx%d" % (width, (height + 1) // 2 + extra_rows)
    text = "Picture at 1/%d size: make the terminal %s (it is %dx%d)" % (factor, need, cols, rows)
    if len(text) > cols:
        text = "1/%d size: terminal needs %s" % (factor, need)
    return text[:cols]


def bottom_lines(cols, rows, width, height, captioned=False):
    """``(factor, n)``: the shrink factor for a ``cols x rows`` terminal and
    the number of text lines under the picture: the legend, a replay's
    caption, and the size note when shrunk (a line of its own: at 80x24 it
    was cut off the legend's end)."""
    n = 1 + (1 if captioned else 0)
    factor = fit_factor(cols, rows, width, height, n)
    if factor > 1:
        n += 1
        factor = fit_factor(cols, rows, width, height, n)
    return factor, n


#: A key arriving this soon after the same key in an earlier read is the
#: terminal's auto-repeat of a held key (about 30 a second), not a press.
REPEAT_GAP_MS = 60
#: Taps are not queued further ahead than this.
MAX_BACKLOG_MS = 1500


class TapGate:
    """Terminal key presses -> taps of ``keys`` (a ``boardkeys.BoardButtons``).

    A terminal sends no releases, only presses, and a held key repeats
    about 30 times a second where a tap takes some 140 ms: queued, the
    taps of a 2 s hold went on 2.6 s after the key was let go. So an
    auto-repeat (the same key again within ``REPEAT_GAP_MS``, in a later
    read) is taken only when no tap of it is still pending; presses that
    arrive together (typed ahead) each count, up to ``MAX_BACKLOG_MS`` of
    taps queued."""

    def __init__(self, keys, clock):
        self.keys = keys
        self.clock = clock
        self.seen = {}  # group -> tick of the read it last came in

    def feed(self, groups):
        """Tap each key group of one read (a list, in order); returns how
        many taps were queued."""
        clock = self.clock
        now = clock.ticks_ms()
        out = []
        for g in groups:
            last = self.seen.get(g)
            self.seen[g] = now
            repeat = last is not None and last != now and \
                clock.ticks_diff(now, last) < REPEAT_GAP_MS
            if repeat and (self.keys.busy() or g in out):
                continue  # a held key's auto-repeat: the pending tap is enough
            out.append(g)
        n = 0
        for g in out:
            due = self.keys.last_due
            if due is not None and clock.ticks_diff(due, now) > MAX_BACKLOG_MS:
                break
            if self.keys.tap(g):
                n += 1
        return n


def save_png(display, path, scale):
    """Save the frame as a PNG; the status line's words ("saved PATH", or
    why not: a full disk is no traceback)."""
    from host_sim.headless import frame_png

    try:
        return "saved " + frame_png(display, path, scale)
    except OSError as e:
        return "PNG not saved: %s" % (e.strerror or e)


class _Screen:
    """Owns the terminal while the simulator runs: raw keys, alternate screen."""

    def __init__(self, fd_in, out):
        self.fd_in = fd_in
        self.out = out
        self.saved = None

    def __enter__(self):
        import termios

        self.saved = termios.tcgetattr(self.fd_in)
        mode = termios.tcgetattr(self.fd_in)
        mode[0] &= ~(termios.IXON | termios.ICRNL)  # iflag: no Ctrl-S/Q, Enter stays \r
        mode[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
        mode[6][termios.VMIN] = 1
        mode[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd_in, termios.TCSAFLUSH, mode)
        self.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        return self

    def __exit__(self, *exc):
        import termios

        try:
            self.write(RESET + "\x1b[2J\x1b[?25h\x1b[?1049l")
        finally:
            termios.tcsetattr(self.fd_in, termios.TCSAFLUSH, self.saved)
        return False

    def write(self, text):
        self.out.write(text.encode("utf-8"))
        self.out.flush()


def _read_events(fd, decoder):
    """Events from whatever the TTY has ready (quit at end of input); waits up
    to ESC_TIMEOUT_S only to tell a lone Esc from an escape sequence."""
    import select

    data = os.read(fd, 1024)
    if not data:  # end of input: the terminal went away
        return [("quit", None)]
    events = decoder.feed(data)
    while decoder.pending:
        if select.select([fd], [], [], ESC_TIMEOUT_S)[0]:
            events += decoder.feed(os.read(fd, 1024))
        else:
            events += decoder.flush()
    return events


#: The legend of the text view: the keys as a player uses them.
TEXT_LEGEND = "arrows move, Enter/z = A, Esc/x = B, p = PNG, q = quit"


def picture_fits(cols, rows, width, height, n_text):
    """True when a ``width x height`` frame fits ``cols x rows`` whole as
    half-blocks over ``n_text`` lines of text (no shrinking)."""
    return fit_factor(cols, rows, width, height, n_text) == 1


def choose_view(view, cols, rows, display, n_text):
    """"text" or "picture" for ``view`` ("auto", "text", "picture"): auto
    is the picture when it fits at full size, else text. A monochrome
    frame has no colours to read text by: always the picture."""
    if display.mono or view == "picture":
        return "picture"
    if view == "text":
        return "text"
    return "picture" if picture_fits(cols, rows, display.width, display.height, n_text) \
        else "text"


def text_lines(recorder, cols, rows, colour=True):
    """The text view's ``rows`` lines for a ``cols`` wide terminal: ANSI
    colours, or plain text (``colour`` False, e.g. NO_COLOR set)."""
    grid = recorder.grid(cols, rows)
    return grid.ansi_lines() if colour else grid.lines()


def text_frame(app, recorder, cols, rows, colour=True):
    """The text view's lines for the frame just shown (``text_lines``), or
    None while cards are in flight (``app.moving``): a card part way along
    its path read as a stray "8♦" above "West", and a frame with the cards
    cued to move left out as a half-drawn table. The text stays on the
    frame before the move and goes to the still frame it ends on, the one
    a move without motion shows."""
    if getattr(app, "moving", None) is not None:
        return None
    return text_lines(recorder, cols, rows, colour)


def run(seed, app_spec, shots_dir="screenshots", scale=1, board=None, storage=None,
        caption=None, view="auto", control=None):
    """Run the app in this terminal until ``q``/Ctrl-C; returns exit status 0.

    ``seed``: int for the app; ``shots_dir``/``scale``: where and how big
    ``p`` screenshots are saved; ``board``: a board dict (default
    ``boards.DEFAULT``'s); ``caption``: a callable giving, for the
    terminal's width in columns, a line shown under the legend (a
    replay's "move n of N"); ``view``: "auto" (the picture when it fits
    at full size, else text), "text" or "picture".
    ``control``: instead of an app, a callable making, for the display and
    the clock, an object that is stepped like one and takes the keys itself
    (``key(group)``: a ``host_sim.boardkeys`` key group or "+"/"-"), with
    a ``legend`` (its keys) and a ``caption(cols)`` (host_sim.replay_deck's
    Replays). Needs stdin and stdout to be TTYs.
    """
    import select
    import signal

    import boards
    from host_sim import boardkeys, make_app, textview
    from host_sim.clock import MonotonicClock, ms_until

    fd_in = sys.stdin.fileno()
    fd_out = sys.stdout.fileno()
    clock = MonotonicClock()
    if board is None:
        board = boardkeys.open_board(boards.DEFAULT)
    if control is not None:
        from host_sim import board_display

        display = board_display(board)
        recorder = textview.attach(display)
        app, keys = control(display, clock), None
        keys_text = text_keys = app.legend
        caption = app.caption
    else:
        app, display, keys = make_app(clock, seed, app_spec, board=board, storage=storage)
        recorder = textview.attach(display)
        keys_text = boardkeys.legend(board) + "; p = PNG, q = quit"
        text_keys = TEXT_LEGEND
    colour = not os.environ.get("NO_COLOR")
    decoder = KeyDecoder()
    gate = TapGate(keys, clock) if keys is not None else None
    status, status_until = "", 0.0
    shot_count = 0

    def on_term(signum, frame):
        raise SystemExit(0)

    old_term = signal.signal(signal.SIGTERM, on_term)
    try:
        with _Screen(fd_in, sys.stdout.buffer) as screen:
            size = None
            shown_frames = -1
            prev = []
            factor = 1
            legend = None
            shown = "picture"
            while True:
                new_size = terminal_size(fd_out)
                if new_size != size:
                    size = new_size
                    n_text = 1 + (1 if caption is not None else 0)
                    shown = choose_view(view, size.columns, size.lines, display, n_text)
                    if shown == "picture":
                        factor, n_text = bottom_lines(size.columns, size.lines, display.width,
                                                      display.height, caption is not None)
                    screen.write(RESET + "\x1b[2J")
                    prev, shown_frames, legend = [], -1, None
                app.step()
                if display.frames != shown_frames:
                    shown_frames = display.frames
                    if shown == "text":
                        lines = text_frame(app, recorder, size.columns,
                                           max(1, size.lines - n_text), colour) or prev
                    else:
                        img, w, h = downscale_rgb24(display.rgb24(), display.width,
                                                    display.height, factor)
                        lines = frame_to_ansi(img, w, h)
                    parts = ["\x1b[%d;1H%s" % (i + 1, line) for i, line in enumerate(lines)
                             if i >= len(prev) or prev[i] != line]
                    prev = lines
                    if parts:
                        screen.write("".join(parts))
                if status and time.monotonic() > status_until:
                    status = ""
                if keys is None:
                    keys_text = text_keys = app.legend
                if shown == "text":
                    text = [legend_text(seed, 1, size.columns, 0, 0, status, text_keys)]
                    note = ""
                else:
                    text = [legend_text(seed, factor, size.columns, display.width,
                                        display.height, status, keys_text)]
                    note = size_note(factor, size.columns, size.lines, display.width,
                                     display.height, n_text - (1 if factor > 1 else 0))
                if caption is not None:
                    text.insert(0, caption(size.columns)[:size.columns])
                if note:
                    text.append(note)
                if text != legend:
                    legend = text
                    screen.write("".join("\x1b[%d;1H\x1b[2K%s" % (len(prev) + 1 + i, t)
                                         for i, t in enumerate(text)))
                if keys is not None and keys.busy():
                    timeout = 1 / 200  # a tap in flight: sample it as the device would
                elif app.idle():
                    timeout = 0.25
                else:
                    wait = ms_until(clock, app.next_deadline())
                    timeout = 1 / 60 if wait is None else min(wait / 1000, 0.25)
                if not select.select([fd_in], [], [], timeout)[0]:
                    continue
                taps = []
                for kind, arg in _read_events(fd_in, decoder):
                    if kind == "quit":
                        return 0
                    if kind == "button":
                        taps.append(GROUPS[arg])
                    elif kind == "key":
                        taps.append(arg)
                    else:
                        shot_count += 1
                        name = "term-%s-%d.png" % (time.strftime("%Y%m%d-%H%M%S"), shot_count)
                        status = save_png(display, os.path.join(shots_dir, name), scale)
                        status_until = time.monotonic() + 4
                if gate is not None:
                    gate.feed([t for t in taps if t not in ("+", "-")])
                else:
                    for t in taps:
                        app.key(t)
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, old_term)
        textview.detach()
