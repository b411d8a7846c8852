"""The Settings screen, and the Statistics screen's text (``stats_lines``).

Settings: one row per setting, UP/DOWN pick a row, LEFT/RIGHT change its
value up to either end of its choices (◄ ► show which way more lie), A
steps to the next and from the last to the first, B goes back. Every
change is applied at once and written to storage (``app.persist.files``),
so it survives a power cut.

Rows: the computer players' level, computer speed, card motion,
four-colour deck, backlight level, dim timeout, sleep timeout, then each game's variants
from RULES.md.
Drawn with the small font in rows that fill the screen's height, scrolling
when they do not fit, so it works on every board's screen size.
"""

from app import games, modules
from app.kit import buttons, cardview, text, theme
from app.persist import files as persist
from app.screen import StaticScreen

ONOFF = ("off", "on")
# The choices (app.persist.files checks a settings file against the same).
LEVELS = ("Easy", "Normal", "Hard", "Expert")  # players.levels.LEVELS
SPEEDS = ("Slow", "Normal", "Fast")  # the computer's pace, and cards' motion
LIGHTS = (20, 40, 60, 80, 100)  # backlight, percent
DIMS = (0, 15, 30, 60, 120, 300)  # seconds without a press before dimming; 0 never
# Seconds without a press before the console sleeps (screen off, hw.power); 0 never.
SLEEPS = (0, 60, 120, 300, 600)
# What the selected row does, under the rows (``about``), at most 39
# characters (a 240 px row): per level, per kind of row, and per variant
# (off, on). New players asked what the levels and variants mean.
ABOUT_LEVELS = ("Plays its own hand, forgets the cards",
                "Guesses your cards, tries its moves",
                "As Normal, thinking 3 to 6 times more",
                "Thinks ten times as long as Hard")
ABOUT_MOTION = ("Cards glide slowly to their place",
                "Cards glide to their place",
                "Cards jump to their place at once")
ABOUT = {"speed": "The pause before each computer move",
         "four": "Clubs green and diamonds blue when on",
         "light": "The screen's brightness",
         "dim": "Dims the screen after that long unused",
         "sleep": "Screen off after that long; a key wakes"}
ABOUT_OPTIONS = {  # RULES.md CB-8, KJ-2, KJ-8, KJ-11
    "refill": ("An emptied hand draws as usual", "An emptied hand draws 5 at once"),
    "alternate": ("The deal's winner deals next", "The deal always alternates"),
    "all_sequences": ("Only the best sequence scores", "The winner scores all its sequences"),
    "classic": ("Follow suit, and beat the card led", "Follow suit, any card; beat trumps led"),
}


def _dims(s):
    return "never" if s == 0 else ("%d s" % s if s < 60 else "%d min" % (s // 60))


def version():
    """The version this console was built as ("" if unknown): the generated
    ``picocards_version`` module (tools/make/frozen_gen.py; the simulator's
    from host_sim.version.install)."""
    try:
        from picocards_version import VERSION
    except ImportError:
        return ""
    return VERSION


def stats_lines(app):
    """Paragraphs (list of str), one per game, then an empty line each; last,
    the console's version."""
    out = []
    stats = persist.read_stats(app)
    for e in games.GAMES:
        s = stats[e.name]  # played, won, lost, drawn, streak, best, helped, won so
        if not s[0]:
            out.append("%s: no game finished yet." % e.name)
        else:
            out.append("%s: played %d, won %d, lost %d, drawn %d (%d%% won). Streak %d, "
                       "best %d." % (e.name, s[0], s[1], s[2], s[3], s[1] * 100 // s[0], s[4],
                                     s[5]))
            if s[6]:
                out.append("Clean wins %d; helped (hint, take back or guided hand): "
                           "played %d, won %d." % (s[1] - s[7], s[6], s[7]))
        out.append("")
    out += link_lines(app.storage)
    out.append("Games left unfinished are not counted.")
    out.append("")
    out.append(("Pico Cards " + version()).strip())
    return out


def link_lines(storage):
    """Paragraphs of the link games, counted apart (file ``lstats``,
    app.linkgame): one per game played over the link, then an empty line;
    none before the first."""
    from app.persist.storage import decode, link_counts

    try:
        f = decode(storage.read("lstats") or b"", "lstats") if storage is not None else {}
    except (OSError, ValueError):
        f = {}  # none yet, or unreadable: app.linkgame counts afresh
    out = []
    for e in games.GAMES:
        n = link_counts(f.get(e.name))
        if n[0]:
            out.append("%s over the link: played %d, won %d, lost %d, drawn %d."
                       % (e.name, n[0], n[1], n[2], n[3]))
    if out:
        out.append("")
    return out


class SettingsScreen(StaticScreen):
    """Settings of ``app``; B returns to ``back`` (a screen)."""

    TALL_FULL = True  # its own layout on the whole 240x240 screen (app.kit.tall)

    def __init__(self, app, back):
        self.app = app
        self.back = back
        self.sel = 0
        self.top = 0
        # (label, kind, game entry, option key, short label): kind names what
        # a row sets; the short label is for 128 px wide screens (app.kit.compact),
        # where a variant's game is shown below the rows instead.
        rows = [("Computer level", "level", None, None, "Comp. level"),
                ("Computer speed", "speed", None, None, "Comp. speed"),
                ("Card motion", "motion", None, None, "Card motion"),
                ("Four-colour deck", "four", None, None, "4-colour deck"),
                ("Backlight", "light", None, None, "Backlight"),
                ("Dim after", "dim", None, None, "Dim after"),
                ("Sleep after", "sleep", None, None, "Sleep after")]
        if app.mono:
            rows.pop(3)  # a 1-bit screen draws no suit colours
        for e in games.GAMES:
            for key, label, _ in e.options:
                rows.append(("%s: %s" % (e.name, label), "opt", e, key, label))
        self.rows = rows
        from players import levels

        self.levels = levels.offered(app.device)  # the levels this device offers
        modules.drop("players.levels")

    def value(self, i):
        """The shown value of row ``i`` (str)."""
        app = self.app
        kind, e, key = self.rows[i][1:4]
        if kind == "level":
            return LEVELS[app.level]
        if kind == "speed":
            return SPEEDS[app.speed]
        if kind == "motion":
            return SPEEDS[app.motion]
        if kind == "four":
            return ONOFF[app.four]
        if kind == "light":
            return "%d%%" % app.light
        if kind == "dim":
            return _dims(app.dim)
        if kind == "sleep":
            return _dims(app.sleep)
        return ONOFF[app.options[e.name][key]]

    def choice(self, i):
        """Row ``i``'s choices as ``(k, n)``: the present one is the ``k``-th
        of ``n`` in order (on/off: off first; a level this device does not
        offer counts as past the last)."""
        app = self.app
        kind, e, key = self.rows[i][1:4]
        if kind == "level":
            ls = self.levels
            return (ls.index(app.level) if app.level in ls else len(ls)), len(ls)
        if kind == "speed":
            return app.speed, len(SPEEDS)
        if kind == "motion":
            return app.motion, len(SPEEDS)
        if kind == "four":
            return int(app.four), 2
        if kind == "light":
            return LIGHTS.index(app.light), len(LIGHTS)
        if kind == "dim":
            return DIMS.index(app.dim), len(DIMS)
        if kind == "sleep":
            return SLEEPS.index(app.sleep), len(SLEEPS)
        return int(app.options[e.name][key]), 2

    def arrows(self, i):
        """``(left, right)``: whether LEFT and RIGHT change row ``i`` (at
        an end of its choices one of them does not)."""
        k, n = self.choice(i)
        return k > 0, k < n - 1

    def change(self, i, d, wrap=False):
        """Step row ``i``'s value by ``d`` (+1 or -1) and save: LEFT and
        RIGHT stop at the ends of the choices, as a level or a volume does;
        with ``wrap`` (A) the last is followed by the first."""
        app = self.app
        kind, e, key = self.rows[i][1:4]
        k, n = self.choice(i)
        j = (k + d) % n if wrap else max(0, min(n - 1, k + d))
        if j == k:
            return
        if kind == "level":
            app.level = self.levels[j]
            # The player chose: a file's level this device does not offer
            # (app.persist.files.apply_settings) is no longer written back.
            app.level_kept = None
        elif kind == "speed":
            app.speed = j
        elif kind == "motion":
            app.motion = j
        elif kind == "four":
            app.four = bool(j)
            cardview.four(app.four)
        elif kind == "light":
            app.light = LIGHTS[j]
        elif kind == "dim":
            app.dim = DIMS[j]
        elif kind == "sleep":
            app.sleep = SLEEPS[j]
        else:
            app.options[e.name][key] = bool(j)
        persist.save_settings(app)

    def about(self, i):
        """What row ``i`` does at its present value (str, ``ABOUT*``)."""
        app = self.app
        kind, e, key = self.rows[i][1:4]
        if kind == "level":
            return ABOUT_LEVELS[app.level]
        if kind == "opt":
            return ABOUT_OPTIONS[key][app.options[e.name][key]]
        if kind == "motion":
            return ABOUT_MOTION[app.motion]
        return ABOUT[kind]

    def _visible(self):
        # The title bar, and on a 240 px wide screen the ``about`` line.
        foot = 0 if self.app.compact else self._row_h()
        return max(1, (self.app.height - self._row_h() - 2 - foot) // self._row_h())

    def _row_h(self):
        return text.SMALL.h + 2

    def on_button(self, b):
        app = self.app
        app.invalidate()
        n = len(self.rows)
        if b == buttons.B:
            app.persist_done()
            modules.drop("app.settings_screen")
            app.show(self.back)
            if app.notices:
                from app.rules_screen import show_notices

                show_notices(app)
            return
        if b == buttons.UP:
            self.sel = max(0, self.sel - 1)  # lists stop at their ends (app.kit.menu)
        elif b == buttons.DOWN:
            self.sel = min(n - 1, self.sel + 1)
        elif b == buttons.LEFT:
            self.change(self.sel, -1)
        elif b == buttons.RIGHT:
            self.change(self.sel, 1)
        elif b == buttons.A:
            self.change(self.sel, 1, True)  # one button goes through them all
        vis = self._visible()
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + vis:
            self.top = self.sel - vis + 1

    def draw(self, fb):
        app = self.app
        if app.compact:
            from app.kit import compact

            compact.settings(fb, self)
            return
        w = app.width
        rh = self._row_h()
        f = text.SMALL
        fb.fill(theme.PANEL)
        fb.fill_rect(0, 0, w, rh, theme.FELT_DARK)
        text.draw(fb, "Settings", 2, 1, theme.GOLD, f)
        text.draw_right(fb, "B back", w - 2, 1, theme.TEXT_DIM, f)
        n, vis = len(self.rows), self._visible()
        if n > vis:  # ▲ / ▼: rows scrolled off above / below
            more = ("\u25b2" if self.top > 0 else " ") + ("\u25bc" if self.top + vis < n else " ")
            text.draw_right(fb, more, w - 2 - 8 * f.w, 1, theme.GOLD, f)
        y = rh + 1
        for i in range(self.top, min(n, self.top + vis)):
            sel = i == self.sel
            if sel:
                fb.fill_rect(0, y, w, rh, theme.HILITE)
            v = self.value(i)
            vw = f.w * (len(v) + 4)
            label = text.fit(self.rows[i][0], w - vw - 6, f)
            text.draw(fb, label, 3, y + 1, theme.WHITE if sel else theme.TEXT, f)
            if sel:  # apart: "◄Normal" read "◄Jormal"; no arrow past an end
                left, right = self.arrows(i)
                v = "%s %s %s" % ("\u25c4" if left else " ", v, "\u25ba" if right else " ")
            text.draw_right(fb, v, w - 2, y + 1, theme.GOLD if sel else theme.TEXT_DIM, f)
            y += rh
        y = app.height - rh
        fb.fill_rect(0, y, w, rh, theme.FELT_DARK)
        text.draw(fb, text.fit(self.about(self.sel), w - 4, f), 2, y + 1, theme.TEXT, f)
