"""What the screens share: the pause menu of the game screens (B during a
game) and the behaviour of screens that only change on a button press."""

from app import buttons, text, theme
from app.menu import BACK, Menu, panel

PAUSE_ITEMS = ["Resume", "New game", "Rules", "Quit to menu"]


def pause_menu():
    """A fresh pause menu (``PAUSE_ITEMS``), Resume selected."""
    return Menu(PAUSE_ITEMS)


def pause_button(screen, b, think_ms):
    """Button ``b`` on the game screen's open pause menu ``screen.pause``:
    Resume (or B) closes it and gives a waiting computer move ``think_ms`` more
    (``screen.ai_at``, unless None), New game, Rules (back to this screen) or
    Quit to menu."""
    app = screen.app
    pick = screen.pause.on_button(b)
    if pick == BACK or pick == 0:
        screen.pause = None
        if screen.ai_at is not None:
            screen.ai_at = app.clock.ticks_ms() + think_ms
    elif pick == 1:
        app.new_game()
    elif pick == 2:
        screen.pause = None
        app.show_rules(screen)
    elif pick == 3:
        app.to_title()


def draw_pause(fb, menu):
    """The pause menu over whatever is drawn."""
    panel(fb, 60, 20, 120, 4 * 16 + 22)
    text.draw_centered(fb, "Paused", 120, 24, theme.GOLD, text.SMALL)
    menu.draw(fb, 64, 38, 112)


def move_cursor(screen, b, n):
    """LEFT/RIGHT move ``screen.cursor`` over ``n`` cards (wrapping round)
    and put back the plain hint (``screen._plain_hint()``). True when ``b``
    was taken: LEFT or RIGHT with ``n`` > 0."""
    if n and (b == buttons.LEFT or b == buttons.RIGHT):
        screen.cursor = (screen.cursor + (1 if b == buttons.RIGHT else -1)) % n
        screen._plain_hint()
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
        from app import compact

        lines = compact.wrap_lines(lines, screen.app.width)
    screen.look_lines = lines
    screen.look_top = 0


def draw_look_footer(fb, n_lines, rows):
    """The overlay's key hint, bottom right: scroll arrows when ``n_lines``
    do not fit in ``rows``, and B back."""
    more = "\u25b2\u25bc more  " if n_lines > rows else ""
    text.draw_right(fb, more + "B back", 234, 120, theme.TEXT_DIM, text.SMALL)


class StaticScreen:
    """Base of screens that change only on a button: nothing to do as time
    passes, no deadline to wake up for."""

    def update(self, now):
        pass

    def deadline(self):
        return None


class GameOverScreen(StaticScreen):
    """Base of the result screens after a game: A plays the next game, B goes
    to the title. Subclasses set ``app`` and draw."""

    def on_button(self, b):
        if b == buttons.A:
            self.app.new_game()
        elif b == buttons.B:
            self.app.to_title()
