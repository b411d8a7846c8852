"""Link play on screen (docs/link.md): Host or Join, the host picks the
game, then one table for the whole link game, drawn in words so that it
reads on every board and serves every game and seat: who is to move (or
"Link lost"), what happened last, your hand, and your move to pick.

- The host's rule settings (its Settings screen's) travel in the hello; the
  guest sees them, with the game's name, before its first deal shows, and
  A takes it to the table.
- A refusal (another version, game or rules, two hosts) or a mismatch of the
  two games is said in words; B goes back to the title.
- A cut cable leaves the game where it is: "Link lost: check the cable"
  until the other console answers again, then play goes on from the last
  move both hold (``link.session``).
- B asks first ("B again: leave"), then leaves the link game for the title.

The app's ``link_open()`` gives the transport (``hw.link_uart`` on the
console, ``host_sim --link`` in the simulator); without one the screen says
that this console has no link.
"""

import os

from app import games, modules
from app.kit import buttons, text, theme
from app.kit.menu import BACK, PICKED_NONE, Menu

ROLES = ["Host a game", "Join a game"]
FRAME_MS = 20  # a round this often where bytes cannot wake the run loop
_LOG = 6  # event lines kept


def _core(name):
    return modules.load("cardgames." + name)


def action_words(name, core, a):
    """A player's words for action ``a`` of game ``name`` (lower case)."""
    if a < 52:
        return core.cards.symbol_name(a)
    if name == "klaberjass":
        w = core.action_name(a)
        return w[:1].upper() + w[1:]
    if name == "clubbed":
        return "Draw"
    if a == core.TAKE_SELF:
        return "Take it"
    if a == core.TAKE_PARTNER:
        return "Partner takes"
    return "Bid %d" % (a - core.BID0)


def facts(name, core, g, me):
    """One line of what a player keeps in mind: Klaberjass's trump (or the
    turned card) and the scores, Clubbed's discard pile and the cards
    collected, Clubs' team scores."""
    if name == "klaberjass":
        t = ("trump " + core.SUIT_SYMBOLS[g.trump]) if g.trump != core.NO_SUIT else \
            ("turned " + core.symbol_name(g.turned))
        return "%s  you %d, %d" % (t, g.scores[me], g.scores[1 - me])
    if name == "clubbed":
        top = g.top()
        pile = core.symbol_name(top) if top != core.NO_CARD else "none"
        return "pile %s  you %d, %d" % (pile, g.collected(me), g.collected(1 - me))
    return "us %d, them %d" % (g.scores[me & 1], g.scores[1 - (me & 1)])


def rule_lines(text_):
    """The rules text ``text_`` (``link.rules``) as lines for the guest: a
    heading, then each setting with its Settings label."""
    from link import rules

    name, opts = rules.parse(text_)
    out = ["Host's settings:"]
    for e in games.GAMES:
        if e.name.lower() == name:
            for k, label, _ in e.options:
                if k in opts:
                    out.append("%s: %s" % (label, "on" if opts[k] else "off"))
    if len(out) == 1:
        out.append("No settings to agree")
    return out


class LinkScreen:
    """From "Link play" on the title to the end of a link game."""

    TALL_FULL = True  # drawn on the whole 240x240 screen (app.kit.tall)

    def __init__(self, app, back):
        self.app = app
        self.back = back
        self.save = None
        if app.storage is not None:
            from app.linkgame import saved

            self.save = saved(app.storage)
        self.menu = Menu(self._roles())
        self.picking = False  # the host picks the game
        self.lg = None  # app.linkgame.LinkGame once hosting or joining
        self.log = []
        self.choice = 0
        self.leaving = False
        self.shown_rules = False  # the guest pressed A on the host's rules
        self.note = ""

    def _roles(self):
        # Continue first while a link game is saved (a power cut mid-game).
        return (["Continue link game"] if self.save else []) + ROLES

    # --- starting ------------------------------------------------------------

    def _start(self, host, game_index, save=None):
        app = self.app
        port = app.link_open() if app.link_open is not None else None
        # The fair shuffle's secret: os.urandom, unless the app is given a
        # source (tests: seeded; MicroPython's WebAssembly port has none).
        entropy = app.link_entropy or getattr(os, "urandom", None)
        if port is None or entropy is None:
            self.note = "This console has no link"
            return
        from app.linkgame import LinkGame, resume
        from link import rules
        from link import session as ls

        t = None
        if save is not None:
            try:
                s = resume(app.clock, save, entropy)
            except ValueError as e:
                from app.linkgame import SAVE
                from app.persist.storage import set_aside

                try:
                    set_aside(app.storage, SAVE)  # Continue is not offered again
                except OSError:
                    pass
                self.note = str(e)
                return
            host = s.role == ls.HOST
        else:
            if host:
                e = games.GAMES[game_index]
                t = rules.text(e.name.lower(), app.options[e.name])
            s = ls.Session(app.clock, ls.HOST if host else ls.GUEST, t, entropy)
        s.on_move = self._moved
        self.lg = LinkGame(s, port, app.level, False, app.rng.next16(), app.storage)
        self.lg.moves = s.count
        self.shown_rules = host or save is not None

    def _moved(self, events):
        s = self.lg.session
        name = s.rules.split(";")[0]
        core = _core(name)
        me = self._me()
        names = core.SEAT_NAMES if core.NUM_SEATS == 4 else ("Host", "Guest")
        for ev in events:
            words = core.describe(ev, me, names)
            if words:
                self.log.append(words)
        del self.log[:-_LOG]
        self.choice = 0

    def _me(self):
        from app.linkgame import person_seat

        return person_seat(self.lg.session)

    # --- keys --------------------------------------------------------------

    def on_button(self, b):
        app = self.app
        app.invalidate()
        if self.lg is None:
            self._menu_button(b)
            return
        if b == buttons.B:
            if self.leaving or self.lg.stopped is not None or self.lg.over():
                app.to_title()
            self.leaving = True
            return
        self.leaving = False
        lg = self.lg
        s = lg.session
        if not self.shown_rules:
            if b == buttons.A and s.rules:
                self.shown_rules = True
            return
        legal = self._legal()
        if not legal:
            return
        if b == buttons.LEFT or b == buttons.RIGHT:
            self.choice = (self.choice + (1 if b == buttons.RIGHT else -1)) % len(legal)
        elif b == buttons.A:
            lg.play(legal[self.choice % len(legal)])

    def _menu_button(self, b):
        pick = self.menu.on_button(b)
        self.note = ""
        if pick == BACK:
            if self.picking:
                self.picking = False
                self.menu = Menu(self._roles())
            else:
                self.app.show(self.back)
        elif pick == PICKED_NONE:
            return
        elif self.picking:
            self._start(True, pick)
        elif self.save and pick == 0:
            self._start(False, 0, self.save)
        elif pick == len(self.menu.items) - 2:
            self.picking = True
            self.menu = Menu([e.name for e in games.GAMES], self.app.game_index)
        else:
            self._start(False, 0)

    def _legal(self):
        # This console's person's moves, when it is their turn to move.
        lg = self.lg
        s = lg.session
        g = s.game
        if g is None or lg.stopped is not None or lg.lost or not s.connected or \
                g.is_over() or g.current_player != self._me():
            return b""
        return g.legal_actions()

    # --- time ----------------------------------------------------------------

    def update(self, now):
        lg = self.lg
        if lg is None:
            return
        before = (lg.status(), lg.moves, bool(lg.session.rules))
        lg.step()
        if lg.session.game is not None and not self.log and lg.session.game.events:
            self._moved(lg.session.game.events)  # the deal
        if (lg.status(), lg.moves, bool(lg.session.rules)) != before or lg.acted:
            self.app.invalidate()

    def deadline(self):
        """When the link needs a round without bytes arriving: its timers
        (``LinkGame.due_ms``), or every frame where the run loop cannot wake
        when bytes arrive (``App.link_wait``, ``listening``)."""
        lg = self.lg
        if lg is None:
            return None
        due = lg.due_ms()
        if not (self.app.link_wait and hasattr(lg.pump.transport, "wait")):
            due = min(due, FRAME_MS)
        return self.app.clock.ticks_ms() + due

    def listening(self):
        """The link's transport while a link game is open (its bytes are
        due a round: ``App.listening``), else None."""
        return self.lg.pump.transport if self.lg is not None else None

    # --- drawing -------------------------------------------------------------

    def _rows(self):
        # [(text, colour)] top to bottom.
        lg = self.lg
        if lg is None:
            title = "Pick the game" if self.picking else "Link play"
            return [(title, theme.GOLD)]
        s = lg.session
        title = "Link: " + (lg.game_name() or ("hosting" if s.role == 0 else "joining"))
        leave = ("B again: leave", theme.ALERT) if self.leaving else ("B,B leave", theme.TEXT_DIM)
        if lg.stopped is not None:
            return [(title, theme.GOLD), ("Link game stopped", theme.ALERT),
                    (lg.stopped, theme.TEXT), ("B menu", theme.TEXT_DIM)]
        if not self.shown_rules:
            if not s.rules:
                return [(title, theme.GOLD), (lg.status(), theme.TEXT),
                        ("Waiting for the host", theme.TEXT), leave]
            rows = [(title, theme.GOLD)]
            if lg.lost:  # the cable may be pulled while the guest reads them
                rows.append((lg.status(), theme.ALERT))
            for ln in rule_lines(s.rules):
                rows.append((ln, theme.TEXT))
            return rows + [("A play  B,B leave", theme.GOLD)]
        status = lg.status()
        colour = theme.ALERT if lg.lost else (theme.GOLD if status == "Your turn" else theme.TEXT)
        rows = [(title, theme.GOLD), (status, colour)]
        g = s.game
        if g is None:
            return rows + [leave]
        name = s.rules.split(";")[0]
        core = _core(name)
        me = self._me()
        rows.append((facts(name, core, g, me), theme.TEXT_DIM))
        for ln in self.log:
            rows.append((ln, theme.TEXT))
        if g.is_over():
            return rows + [("B menu", theme.TEXT_DIM)]
        hand = g.hand(me)
        rows.append(("Hand: " + " ".join(core.cards.symbol_name(c) for c in hand), theme.WHITE))
        legal = self._legal()
        if legal and not self.leaving:
            a = legal[self.choice % len(legal)]
            return rows + [("\u25c4 %s \u25ba  A play" % action_words(name, core, a), theme.GOLD)]
        return rows + [leave]

    def draw(self, fb):
        app = self.app
        w = app.width
        h = app.height
        compact = app.compact
        pitch = 10 if compact else 12
        fb.fill(theme.FELT_DARK)
        y = -1 if compact else 2
        rows = self._rows()
        if self.lg is None:
            text.draw(fb, rows[0][0], 2, y, rows[0][1], text.SMALL)
            y += pitch + (0 if compact else 4)
            self.menu.draw(fb, 0, y + (1 if compact else 0), w, pitch + (0 if compact else 2))
            if self.note:
                text.draw(fb, text.fit(self.note, w - 4), 2, h - pitch, theme.ALERT, text.SMALL)
            return
        # The last row (the keys or your move) stays at the bottom; the
        # others fill from the top, wrapped, as many as fit.
        last = rows[-1]
        lines = []
        for s, col in rows[:-1]:
            for ln in text.wrap(s, w - 4):
                lines.append((ln, col))
        keys = [(ln, last[1]) for ln in text.wrap(last[0], w - 4)]
        room = (h - (0 if compact else 2)) // pitch - len(keys)
        if len(lines) > room:
            # Too many: the oldest event lines go first (the title, what is
            # happening and the facts stay; the hand comes last).
            lines = lines[:3] + lines[len(lines) - room + 3:]
        for ln, col in lines:
            text.draw(fb, ln, 2, y, col, text.SMALL)
            y += pitch
        y = h - len(keys) * pitch - 2  # a descender's last row stays on the screen
        for ln, col in keys:
            text.draw(fb, ln, 2, y, col, text.SMALL)
            y += pitch
