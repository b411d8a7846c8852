"""What the screens share: the pause menu of the game screens (B during a
game), the computer's turn with its out-of-memory retry, the error screen,
and the behaviour of screens that only change on a button press."""

import gc

from micropython import const

from app import modules
from app.kit import buttons, text, theme
from app.kit.menu import Menu, panel

# The hint last, undo above it (labels of 10 characters or more are no
# interned names, app.persist.files).
PAUSE_ITEMS = ["Resume", "New game", "Rules", "Quit to menu", "Take back move", "Show a hint"]
# Before you have decided anything there is nothing to take back: the row
# says so, greyed where the screen has grey (``Menu.off``).
NO_UNDO = "No move to undo"


# A game screen's ``hint_alert``: False (the plain key hint), True (a move
# refused, or a menu item not available now: the error colour) or ADVICE
# (help the player asked for, app.hint's hint and the guided hand: not an
# error, so not in the error colour). See ``hint_colour``.
ADVICE = 2


def hint_colour(tone):
    """The hint line's colour (a palette index, app.kit.theme) for ``tone``
    (a screen's ``hint_alert``): GOLD for ADVICE, else ALERT."""
    return theme.GOLD if tone == ADVICE else theme.ALERT


def pause_menu(app):
    """A fresh pause menu (``PAUSE_ITEMS``), Resume selected; its Take back
    row is ``NO_UNDO``, greyed, until ``app.undoable``."""
    m = Menu(PAUSE_ITEMS)
    undo_row(m, app)
    return m


def undo_row(m, app):
    """Puts pause menu ``m``'s Take back row as ``app.undoable`` says."""
    m.off = -1
    if not app.undoable:
        m.items = m.items[:4] + [NO_UNDO] + m.items[5:]
        m.off = 4


def pause_button(screen, b, think_ms):
    """Button ``b`` on the game screen's open pause menu ``screen.pause``:
    Resume (or B) closes it and gives a waiting computer move ``think_ms`` more
    (``screen.ai_at``, unless None), New game, Rules (back to this screen),
    Quit to menu, Take back move (``app.hint.back``: undo, back to your last
    decision) or Show a hint (``app.hint.show``: the Normal player's move).
    New game asks first (the game in play would be lost): its row turns into
    the question, a second A starts the new game, a move puts the row back
    and B resumes."""
    # The menu's code is in app.hint, loaded while a key is handled: it is
    # not in the heap while the computer searches.
    modules.load("app.hint").pause_button(screen, b, think_ms)
    modules.drop("app.hint")


def deadline(screen, own):
    """The next clock tick (ms) a game ``screen`` needs a step at: None while
    its pause menu is open (the game waits for a key), the end of its banner
    (``banner_until``) while one shows, else ``own`` (its game's timer: a
    tick, or None)."""
    if screen.pause is not None:
        return None
    if screen.banner:
        return screen.banner_until
    return own


def guide(screen):
    """On the guided hand (``app.guide``): the hint row of ``screen`` says
    what to press and why (``app.hint.guide``). Screens call it where they
    put back their plain hint."""
    app = screen.app
    if app.guide:
        modules.load("app.hint").guide(screen)
        modules.drop("app.hint")


def draw_pause(fb, menu):
    """The pause menu over whatever is drawn."""
    panel(fb, 60, 6, 120, 6 * 16 + 22)
    text.draw_centered(fb, "Paused", 120, 10, theme.GOLD, text.SMALL)
    menu.draw(fb, 64, 24, 112)


def move_cursor(screen, b, n, part=False, legal=None):
    """LEFT/RIGHT move ``screen.cursor`` over ``n`` cards (wrapping round)
    and put back the plain hint (``screen._plain_hint()``). True when ``b``
    was taken: LEFT or RIGHT with ``n`` > 0. With ``legal`` (the playable
    cards, not empty) the cursor steps over the greyed cards of
    ``screen.hand`` to the next playable one. With ``part`` (a screen with
    a ``draw_part`` that draws its hand and hint row) a move that leaves
    the hint as it was asks for that part alone (``App.invalidate_part``),
    else for the whole frame."""
    if n and (b == buttons.LEFT or b == buttons.RIGHT):
        hint = screen.hint
        alert = screen.hint_alert
        step = 1 if b == buttons.RIGHT else -1
        cur = (screen.cursor + step) % n
        if legal:
            hand = screen.hand
            for _ in range(n - 1):
                if hand[cur] in legal:
                    break
                cur = (cur + step) % n
        screen.cursor = cur
        screen._plain_hint()
        if part and hint == screen.hint and alert == screen.hint_alert:
            screen.app.invalidate_part()
        else:
            screen.app.invalidate()
        return True
    return False


def look_button(screen, b, rows, up_at_top_closes=False):
    """Button ``b`` while the look overlay (``screen.looking``) is open over
    ``screen.look_lines`` shown ``rows`` at a time from ``screen.look_top``:
    DOWN/UP scroll a page less one row, any other key closes it (so does UP
    at the top with ``up_at_top_closes``)."""
    top = screen.look_top
    if screen.app.compact:
        rows = screen.app.height // 12  # compact.look_rows
    if b == buttons.DOWN:
        screen.look_top = min(max(0, len(screen.look_lines) - rows), top + rows - 1)
    elif b == buttons.UP and (top or not up_at_top_closes):
        screen.look_top = max(0, top - rows + 1)
    else:
        screen.looking = False


def open_look(screen):
    """Opens the look overlay at its first row (``screen._look_lines()``)."""
    screen.looking = True
    lines = screen._look_lines()
    if screen.app.compact:
        from app.kit import compact

        lines = compact.wrap_lines(lines, screen.app.width)
    screen.look_lines = lines
    screen.look_top = 0


def draw_look_footer(fb, n_lines, rows):
    """The overlay's key hint, bottom right: scroll arrows when ``n_lines``
    do not fit in ``rows``, and B back."""
    # The buttons by name: "▲▼ more" did not say that they are UP and DOWN.
    more = "UP/DOWN scroll  " if n_lines > rows else ""
    text.draw_right(fb, more + "B back", 234, 120, theme.TEXT_DIM, text.SMALL)


_HOLD_MS = const(700)  # GameOverScreen: A and B wait this long

class StaticScreen:
    """Base of screens that change only on a button: nothing to do as time
    passes, no deadline to wake up for."""

    def update(self, now):
        pass

    def deadline(self):
        return None


class GameOverScreen(StaticScreen):
    """Base of the result screens after a game: A deals a new game, B goes
    to the title. One press is enough: a press that hurried the game's end
    began before this screen was drawn and is dropped (App.announce), and
    Klaberjass's last round summary waits for its own A first; a question
    on top ("Deal a new game?") made a player answer twice. A and B do
    nothing for ``_HOLD_MS`` after the screen first steps: a player tapping
    A through the end of a deal (a second tap for one that seemed lost)
    would deal the next one with this result unread. Subclasses set
    ``app`` and draw ``keys()`` as their key line."""

    # When A and B start to act (a tick, set when first asked), then True.
    until = None

    def held(self, now):
        # True while A and B do nothing; the hold starts at the first call
        # (the screen's first step or deadline: it is being drawn).
        r = self.until
        if r is None:
            self.until = now + _HOLD_MS
            return True
        if r is True:
            return False
        if self.app.clock.ticks_diff(now, r) < 0:
            return True
        self.until = True
        return False

    def update(self, now):
        self.held(now)

    def deadline(self):
        if self.held(self.app.clock.ticks_ms()):
            return self.until
        return None

    def on_button(self, b):
        if self.held(self.app.clock.ticks_ms()):
            return
        if b == buttons.A:
            self.app.new_game()
        elif b == buttons.B:
            self.app.to_title()

    def keys(self):
        """The key line (shorter on the 128-pixel screen)."""
        if self.app.compact:
            return "A next  B menu"  # no descender
        return "A next game   B menu"

    def draw_keys(self, fb, y):
        """The key line centred at row ``y``."""
        text.draw_centered(fb, self.keys(), self.app.width // 2, y, theme.TEXT_DIM, text.SMALL)


def computer_choice(screen, player, seat):
    """The action ``player`` (``choose(observation, legal)``) picks for
    ``seat`` in ``screen.game``, or None when it could not: an ``ErrorScreen``
    is then shown over ``screen`` and the game is left as it was.

    A MemoryError while choosing (a search player on a fragmented Pico heap)
    is caught, garbage collected, and the choice retried once from a fresh
    observation; a second MemoryError, any other failure of the player, or a
    choice the game refuses (``why_illegal``) gives the error screen instead
    of a crash. Its A returns to ``screen``, which then tries again.

    A search player gets the app's ``hurry`` as its ``stop``: A while it
    thinks makes it move at once."""
    g = screen.game
    if hasattr(player, "stop"):  # a search: A cuts it short (App.hurry)
        player.stop = screen.app.hurry
    for _ in range(2):  # the first try and one retry
        try:
            action = player.choose(g.observation(seat), g.legal_actions())
        except MemoryError:
            # Nothing of the failed attempt stays referenced once we are out
            # of the except block; collect before the one retry.
            action = None
            gc.collect()
            continue
        except Exception as e:  # a player bug must not take the console down
            if getattr(player, "record", False):  # a replay (app.persist.records.Feeder)
                return _failed(screen, "This game record cannot go on: %s." % e)
            return _failed(screen, "The computer's move failed: %s" % _why(e))
        why = g.why_illegal(action)
        if why:
            return _failed(screen, "The computer chose a move the rules refuse: %s" % why)
        return action
    return _failed(screen, "Out of memory while the computer was thinking, twice.")


def _why(e):
    # "KeyError: 5": the kind and the message, without the traceback.
    name = type(e).__name__
    msg = str(e)
    return name + (": " + msg if msg else "")


def _failed(screen, message):
    gc.collect()
    screen.app.show(ErrorScreen(screen.app, message, screen))
    return None


class ErrorScreen(StaticScreen):
    """A problem the player should know about, in plain words, instead of a
    crash: ``message`` (str), and the screen to go back to with A (``back``,
    or None for none). B goes to the title; the app keeps running."""

    def __init__(self, app, message, back=None):
        self.app = app
        self.message = message
        self.back = back

    def on_button(self, b):
        if b == buttons.A and self.back is not None:
            self.app.show(self.back)
        elif b == buttons.B or b == buttons.A:
            self.app.to_title()

    def draw(self, fb):
        w = self.app.width
        # The tall (240x240) layout draws this screen into a 240x135 view.
        h = self.app.height if self.app.compact else 135
        keys = "A try again  B menu" if self.back is not None else "A/B menu"
        if self.app.compact:
            from app.kit import compact

            compact.result(fb, w, h, "Something went wrong", text.wrap(self.message, w - 2),
                           "A resume  B menu" if self.back is not None else "A/B menu")
            return
        fb.fill(theme.FELT_DARK)
        text.draw_centered(fb, "Something went wrong", w // 2, 6, theme.ALERT, text.BOLD)
        lh = text.SMALL.h + 2
        y = 6 + text.BOLD.h + 6
        for line in text.wrap(self.message, w - 16):
            if y + lh > h - lh - 4:
                break
            text.draw(fb, line, 8, y, theme.TEXT, text.SMALL)
            y += lh
        text.draw_centered(fb, keys, w // 2, h - lh - 2, theme.TEXT_DIM, text.SMALL)
