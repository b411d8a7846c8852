"""The title screen: pick a game (LEFT/RIGHT), then Continue (on the page of
a game that is saved: each game keeps its own save), New game, Rules,
Settings, Statistics, Link play (app.link_screen) or Guided hand; A picks.
The cursor stays where the player left it: B does not move it, and UP/DOWN
stop at the first and last rows (app.kit.menu). While the game shown is
saved, its New game and Guided hand ask first (they would replace that
save, and no other game's): the row turns into the question ``ASK``, a
second A starts the game, any other key puts the row back and keeps the
save; while it asks, the screen names the saved game. At start-up the title
opens on the game saved last. The variants are on the Settings screen.
Where the console can read its battery, a line under the logo gives the
level, a warning when it is low (the game in play needs no saving for it:
the app saves whenever it is the human's turn)."""

from app import games, modules
from app.kit import buttons, cardview, text, theme
from app.kit.menu import PICKED_NONE, Menu
from app.screen import StaticScreen

# The question on a New game or Guided hand row while its game is saved: 20
# characters, the width of a row on the 128x64 menu (app.kit.compact).
ASK = "Replace save? A: yes"
# The rows after Continue (when it is there); Guided hand last.
ITEMS = ("New game", "Rules", "Settings", "Statistics", "Link play", "Guided hand")
_N = len(ITEMS)
# The height the title is drawn in (the lower view on a 240x240 screen).
_TABLE_H = 135


class TitleScreen(StaticScreen):
    """Title and main menu. Items are rebuilt when the game or options change.
    ``asking`` is True while a row shows ``ASK``."""

    asking = False

    def __init__(self, app):
        self.app = app
        self.menu = Menu(self._items())

    def _items(self):
        # Continue is offered on a saved game's own page: the row, the game
        # named between the arrows and what A opens always agree.
        app = self.app
        items = []
        if app.saves[app.game_index]:
            # A guided hand saved says so: Continue goes on with its prompts.
            guided = app.guided >> app.game_index & 1
            items = ["Continue guided hand" if guided else "Continue " + app.game_name()]
        # Guided hand last: the other rows keep their places.
        return items + list(ITEMS)

    def on_button(self, b):
        app = self.app
        app.invalidate()
        asked = self.asking
        if asked:
            # Any key puts the row back; only A on it goes on (below).
            self.asking = False
            self.menu.items = self._items()
        if b == buttons.B:
            return  # nothing to back out of: the cursor stays where it is
        if b == buttons.LEFT or b == buttons.RIGHT:
            # The cursor stays on the same item (Continue comes and goes with
            # the game shown, so the same row could be another item: a Guided
            # hand started where Statistics was would replace a save); the
            # first row stays first, so Continue is there on coming back.
            kind = self.menu.sel - (len(self.menu.items) - _N)
            app.cycle_game(1 if b == buttons.RIGHT else -1)
            self.menu.items = self._items()
            if self.menu.sel:
                self.menu.sel = max(0, kind + len(self.menu.items) - _N)
            return
        pick = self.menu.on_button(b)
        if pick == PICKED_NONE:
            return
        pick -= len(self.menu.items) - _N  # after Continue, if it is there
        if (pick == 0 or pick == 5) and app.saves[app.game_index] and not asked:
            # This game's save would be replaced: ask first (_items gives a new list).
            self.asking = True
            self.menu.items[self.menu.sel] = ASK
        elif pick < 0:
            from app.persist.resume import continue_game

            continue_game(app)
        elif pick == 0:
            app.new_game()
        elif pick == 5:
            # Guided hand: a fixed deal per game (in the order of games.GAMES).
            app.new_game((3, 5, 5)[app.game_index])
            app.screen._plain_hint()  # the first prompt (app.hint.guide)
        elif pick == 1:
            app.show_rules(self)
        elif pick == 4:
            from app.link_screen import LinkScreen

            app.show(LinkScreen(app, self))
        elif pick == 2:
            from app.settings_screen import SettingsScreen

            app.show(SettingsScreen(app, self))
        else:
            # Statistics: text pages on the Rules pager.
            from app.rules_screen import RulesScreen
            from app.settings_screen import stats_lines

            lines = stats_lines(app)
            modules.drop("app.settings_screen")
            app.persist_done()
            stats = RulesScreen(app, "Statistics", lines, self)
            stats.open_at(app.game_name() + ":")  # the game picked on the title
            app.show(stats)
            if app.notices:
                # A statistics file found bad just now was set aside: why
                # the page counts nothing, over it (B back to it).
                from app.rules_screen import show_notices

                show_notices(app)

    def battery_words(self, short=False):
        """``(words, low)`` for the battery's line ("Battery 57%", "Low
        battery 8%"; ``short``: "57%", "Low 8%"), or ``(None, False)`` when
        the console cannot read its battery (``app.battery``) or reads no
        cell (on USB power)."""
        read = self.app.battery
        pct = None if read is None else read()
        if pct is None:  # no gauge, or no cell read (on USB power)
            return None, False
        low = pct <= self.app.battery_low
        if short:
            return ("Low %d%%" if low else "%d%%") % pct, low
        return ("Low battery %d%%" if low else "Battery %d%%") % pct, low

    def tall_lines(self):
        """The panel above the menu on a 240x240 screen (app.kit.tall)."""
        from app import title_tall

        return title_tall.lines(self.app)

    def draw(self, fb):
        if self.app.compact:
            from app.kit import compact

            compact.title(fb, self)
            return
        w = self.app.width
        fb.fill(theme.FELT)
        # On 240x240 the console's name is in the panel above
        # (app.title_tall). The game picked is named under the logo, so the
        # menu starts high enough to show every row (Guided hand hid under
        # a ▼): six at 240x135, Continue scrolled in when a game is saved.
        tall = self.app.tall
        top = 0 if tall else 34
        if not tall:
            fb.fill_rect(0, 0, w, top, theme.FELT_DARK)
            text.draw_centered(fb, "PICO CARDS", w // 2, 5, theme.GOLD, text.BIG)
        # A little fan of the four aces as the logo, the game's name under it.
        for i in range(4):
            cardview.face(fb, i * 13 + 12, 10 + i * 14, top + 6)
        # The font is monospace and its "j" stands at the right of its
        # cell: after a letter it left a gap that read as a space ("Klaber
        # jass"), so from a "j" on the name is drawn 3 px closer (a literal:
        # a const() import here costs 1.5 KB at every later screen in
        # tools/bench/mem_report.py).
        name = self.app.game_name()
        j = name.find("j")
        k = 3 if j > 0 else 0
        x = 44 - (len(name) * text.BOLD.w - k) // 2
        if k:
            x = text.draw(fb, name[:j], x, top + 44, theme.WHITE, text.BOLD) - k
            name = name[j:]
        text.draw(fb, name, x, top + 44, theme.WHITE, text.BOLD)
        words, low = self.battery_words()
        if words:
            # Under the game's name, above the key hints.
            text.draw(fb, words, 4, top + 58, theme.GOLD if low else theme.TEXT_DIM, text.SMALL)
        several = len(games.GAMES) > 1
        if len(self.menu.items) <= 3:
            self.menu.draw(fb, 90, top + 6, 146, 15)
            text.draw(fb, "\u25c4 \u25ba game  A select" if several else "A select", 4, 122,
                      theme.TEXT_DIM, text.SMALL)
        else:
            # Many rows: as many as fit in view, scrolled (▲▼ say there
            # are more), each 15 px: the small font's ink is its rows 1 to
            # 11, so the highlight's frame keeps a blank row above the
            # capitals and below the descenders. The key hint under the name.
            self.menu.draw(fb, 90, top + 6, 146, 15, rows=(_TABLE_H - top - 6) // 15)
            if self.asking:
                # The row has no room to name the save it asks about (ASK).
                text.draw(fb, "Saved game:", 4, 106, theme.GOLD, text.SMALL)
                text.draw(fb, self.app.game_name(), 4, 120, theme.GOLD, text.SMALL)
                return
            if several:
                text.draw(fb, "\u25c4 \u25ba game", 4, 106, theme.TEXT_DIM, text.SMALL)
            text.draw(fb, "A select", 4, 120, theme.TEXT_DIM, text.SMALL)
