"""The result screen after a game: who won, the collected cards of each
seat, the running total of the series; A asks, then deals the next game, B goes to the
title."""

from app.kit import text, theme
from app.screen import GameOverScreen


class ResultScreen(GameOverScreen):
    """``outcome`` is the core's ``result()`` tuple, ``counts`` the collected
    cards per seat, ``from_hand`` how many of them came from the hand at the
    end (CB-9), ``totals`` the series' running totals per seat, ``names`` the
    seat names (seat 0 is the human)."""

    def __init__(self, app, outcome, counts, from_hand, totals, games, names):
        self.app = app
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

    def draw(self, fb):
        if self.app.compact:
            from app.kit import compact

            # One row each (21 columns), so that the series fits under them.
            lines = [("%s: %d (%d in hand)" % (self.names[s], self.counts[s], self.from_hand[s])
                      if self.from_hand[s] else "%s: %d cards" % (self.names[s], self.counts[s]))
                     for s in range(2)]
            lines.insert(0, "Fewer cards wins")
            if self.games > 1:
                lines.append("Series: %d-%d" % (self.totals[0], self.totals[1]))
            compact.result(fb, self.app.width, self.app.height, self.headline, lines,
                           self.keys())
            return
        w = self.app.width
        fb.fill(theme.FELT_DARK)
        col = theme.GOLD if self.outcome[0] >= 0 else theme.ALERT
        text.draw_centered(fb, self.headline, w // 2, 8, col, text.BIG)
        text.draw_centered(fb, "Fewer collected cards wins", w // 2, 36, theme.TEXT_DIM,
                           text.SMALL)
        y = 52
        for seat in range(2):
            text.draw(fb, self.names[seat], 16, y, theme.WHITE, text.BOLD)
            text.draw_right(fb, "%d cards" % self.counts[seat], 150, y, theme.WHITE, text.BOLD)
            if self.from_hand[seat]:
                text.draw(fb, "%d from hand" % self.from_hand[seat], 156, y + 3, theme.TEXT_DIM,
                          text.SMALL)
            y += 20
        if self.games > 1:
            series = "Series of %d: you %d, %s %d" % (self.games, self.totals[0], self.names[1],
                                                     self.totals[1])
            text.draw_centered(fb, series, w // 2, 98, theme.TEXT, text.SMALL)
        self.draw_keys(fb, 118)
