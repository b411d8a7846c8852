"""The title screen: pick a game (LEFT/RIGHT), then New game, Rules or the
game's variant; A picks, B steps back to the first item."""

from app import buttons, cardview, games, text, theme
from app.menu import PICKED_NONE, Menu
from app.screen import StaticScreen


class TitleScreen(StaticScreen):
    """Title and main menu. Items are rebuilt when the game or options change."""

    def __init__(self, app):
        self.app = app
        self.menu = Menu(self._items())

    def _items(self):
        e = self.app.game()
        opts = self.app.options[e.name]
        items = ["New game", "Rules"]
        for key, label, _ in e.options:
            items.append("%s: %s" % (label, "on" if opts[key] else "off"))
        return items

    def on_button(self, b):
        app = self.app
        app.invalidate()
        if b == buttons.B:
            self.menu.sel = 0
            return
        if b == buttons.LEFT or b == buttons.RIGHT:
            app.cycle_game(1 if b == buttons.RIGHT else -1)
            self.menu.items = self._items()
            # The next game may have fewer variants than the row selected.
            self.menu.sel = min(self.menu.sel, len(self.menu.items) - 1)
            return
        pick = self.menu.on_button(b)
        if pick == PICKED_NONE:
            return
        if pick == 0:
            app.new_game()
        elif pick == 1:
            app.show_rules(self)
        else:
            # A variant from RULES.md, toggled on or off.
            e = app.game()
            key = e.options[pick - 2][0]
            opts = app.options[e.name]
            opts[key] = not opts[key]
            self.menu.items = self._items()

    def draw(self, fb):
        if self.app.compact:
            from app import compact

            compact.title(fb, self)
            return
        w = self.app.width
        fb.fill(theme.FELT)
        fb.fill_rect(0, 0, w, 34, theme.FELT_DARK)
        text.draw_centered(fb, "PICO CARDS", w // 2, 5, theme.GOLD, text.BIG)
        # A little fan of the four aces as the logo.
        for i in range(4):
            cardview.face(fb, i * 13 + 12, 10 + i * 14, 44)
        several = len(games.GAMES) > 1
        if several:
            text.draw(fb, "\u25c4", 84, 50, theme.GOLD, text.SMALL)
            text.draw(fb, "\u25ba", 224, 50, theme.GOLD, text.SMALL)
        text.draw_centered(fb, self.app.game_name(), 157, 48, theme.WHITE, text.BOLD)
        if len(self.menu.items) <= 3:
            self.menu.draw(fb, 90, 68, 146, 14)
            text.draw(fb, "\u25c4 \u25ba game  A select" if several else "A select", 4, 122,
                      theme.TEXT_DIM, text.SMALL)
        else:
            # Many variants: tighter rows, and the key hint under the logo.
            self.menu.draw(fb, 90, 64, 146, 12)
            if several:
                text.draw(fb, "\u25c4 \u25ba game", 4, 106, theme.TEXT_DIM, text.SMALL)
            text.draw(fb, "A select", 4, 120, theme.TEXT_DIM, text.SMALL)
