"""The result screen after a game: who won, the collected cards of each
seat (the cards left in a hand count with them), the running total of the
series, and that the next deal's collections start again; UP shows the
game's last moves, A deals the next game, B goes to the title."""

from app.kit import buttons, cardview, text, theme
from app.screen import GameOverScreen


class ResultScreen(GameOverScreen):
    """``outcome`` is the core's ``result()`` tuple, ``counts`` the collected
    cards per seat, ``from_hand`` how many of them came from the hand at the
    end (CB-9), ``totals`` the series' running totals per seat, ``names`` the
    seat names (seat 0 is the human), ``last`` the table's last event lines,
    oldest first (what the computer did before the end), shown latest first."""

    def __init__(self, app, outcome, counts, from_hand, totals, games, names, last=()):
        self.app = app
        self.last = last
        self.looking = False
        self.outcome = outcome
        self.counts = counts
        self.from_hand = from_hand
        self.totals = totals
        self.games = games
        self.names = names
        if outcome[0] > 0:
            self.headline = "You win!"
        elif outcome[0] < 0:
            self.headline = "%s wins" % names[1]
        else:
            self.headline = "A draw"

    def on_button(self, b):
        if b == buttons.UP and self.last and not self.looking:
            self.looking = True
        elif self.looking:
            self.looking = False  # any key: back to the result
        else:
            GameOverScreen.on_button(self, b)
            return
        self.app.invalidate()

    def keys(self):
        if not self.last:
            return GameOverScreen.keys(self)
        if self.app.compact:
            return "A next B menu UP look"
        return "A next game  B menu  UP last moves"

    def _draw_last(self, fb):
        if self.app.compact:
            from app.kit import compact

            compact.result(fb, self.app.width, self.app.height, "Last moves", self.last[::-1],
                           "any key: back")
            return
        w = self.app.width
        fb.fill(theme.FELT_DARK)
        text.draw_centered(fb, "The game's last moves", w // 2, 8, theme.GOLD, text.BOLD)
        y = 36
        for i in range(len(self.last) - 1, -1, -1):  # the latest first, as UP at the table
            cardview.draw_rich(fb, text.fit(self.last[i], w - 20), 10, y, theme.WHITE)
            y += 16
        text.draw_centered(fb, "Any key: back to the result", w // 2, 118, theme.TEXT_DIM,
                           text.SMALL)

    def draw(self, fb):
        if self.looking:
            self._draw_last(fb)
            return
        if self.app.compact:
            from app.kit import compact

            # One row each (21 columns), so that the series fits under them.
            lines = [("%s: %d, %d in hand" % (self.names[s], self.counts[s], self.from_hand[s])
                      if self.from_hand[s] else "%s: %d cards" % (self.names[s], self.counts[s]))
                     for s in range(2)]
            if self.games > 1:
                # Four rows fit: the series before the rule, told at its
                # first deal.
                lines.append("Series: %d-%d" % (self.totals[0], self.totals[1]))
            else:
                lines.insert(0, "Fewer cards wins")
            # Each deal's collections start from none: the counts just shown
            # go into the series, and the table's counters show 0 again.
            lines.append("Next deal: back to 0")
            compact.result(fb, self.app.width, self.app.height, self.headline, lines,
                           self.keys())
            return
        w = self.app.width
        fb.fill(theme.FELT_DARK)
        col = theme.GOLD if self.outcome[0] >= 0 else theme.ALERT
        text.draw_centered(fb, self.headline, w // 2, 8, col, text.BIG)
        text.draw_centered(fb, "Fewer collected cards wins", w // 2, 36, theme.TEXT_DIM,
                           text.SMALL)
        y = 50
        for seat in range(2):
            text.draw(fb, self.names[seat], 16, y, theme.WHITE, text.BOLD)
            text.draw_right(fb, "%d cards" % self.counts[seat], 150, y, theme.WHITE, text.BOLD)
            if self.from_hand[seat]:
                # Counted with the collection (CB-9): "20 cards" are all of them.
                n = self.from_hand[seat]
                # The first line on the name's row, so that a text view
                # (80x24) reads it as that seat's.
                text.draw(fb, "%d of them" % n, 156, y, theme.TEXT_DIM, text.SMALL)
                text.draw(fb, "left in hand", 156, y + 10, theme.TEXT_DIM, text.SMALL)
            y += 22
        y = 100
        if self.games > 1:
            series = "Series of %d: you %d, %s %d" % (self.games, self.totals[0], self.names[1],
                                                     self.totals[1])
            text.draw_centered(fb, series, w // 2, 94, theme.TEXT, text.SMALL)
            y = 106
        text.draw_centered(fb, "Next deal: collections start again", w // 2, y, theme.TEXT_DIM,
                           text.SMALL)
        self.draw_keys(fb, 120)
