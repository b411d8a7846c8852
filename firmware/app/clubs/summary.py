"""Between the hands of Clubs and after the game: the hand's scores per player
and per team (PC-13, PC-14), the running score to 42 and the game result
(PC-15). Coordinates are pixels on the 240x135 screen.
"""

from app.clubs.score import NAMES, ROWS, adams_line, more_line, score_first
from app.kit import text, theme
from app.screen import GameOverScreen
from cardgames import clubs

NO_BID = clubs.NO_BID
TEAMS = clubs.TEAM_NAMES


def tricks_part(bid, won):
    """A player's tricks against their bid, in words (PC-13): "made the
    bid", "2 over the bid" (bid 3, won 5), "1 under the bid", "nil made"
    (no trick, so no bid, or a bid of 0), "nil failed". The points are in
    the row's last column: "over +1" read as a riddle."""
    if bid == NO_BID or bid == 0:
        return "nil made" if won == 0 else "nil failed"
    if won == bid:
        return "made the bid"
    return "%d %s the bid" % (abs(won - bid), "over" if won > bid else "under")


def draw_summary(fb, scr):
    """The finished hand (``scr.summary``, a clubs.HandSummary): per player
    bid, tricks won, trick score, Negative Ones and total; per team the two
    players, the Adam bonuses and the hand score."""
    h = scr.summary
    fb.fill(theme.FELT_DARK)
    text.draw(fb, "Hand %d scores" % scr.history[-1][0], 3, 1, theme.GOLD, text.BOLD)
    # The key at the top: the line under the teams may take the whole width.
    text.draw_right(fb, "A: score", 237, 4, theme.TEXT_DIM, text.SMALL)
    y = 20
    dim = theme.TEXT_DIM
    # The words of the tricks ("12 under the bid") end before the Negative
    # Ones (PC-11) at 190.
    text.draw_right(fb, "bid", 56, y, dim, text.SMALL)
    text.draw_right(fb, "won", 82, y, dim, text.SMALL)
    text.draw(fb, "tricks", 90, y, dim, text.SMALL)
    text.draw_right(fb, "2s off suit", 202, y, dim, text.SMALL)
    text.draw_right(fb, "pts", 234, y, dim, text.SMALL)
    y = 32
    for s in (clubs.NORTH, clubs.SOUTH, clubs.EAST, clubs.WEST):  # partners together
        b = h.bids[s]
        col = theme.WHITE if s & 1 == 0 else theme.TEXT
        text.draw(fb, NAMES[s], 3, y, col, text.SMALL)
        text.draw_right(fb, "-" if b == NO_BID else ("nil" if b == 0 else str(b)), 56, y, col,
                        text.SMALL)
        text.draw_right(fb, str(h.won[s]), 82, y, col, text.SMALL)
        text.draw(fb, tricks_part(b, h.won[s]), 90, y, col, text.SMALL)
        if h.neg_ones[s]:
            text.draw_right(fb, "+%d" % (2 * h.neg_ones[s]), 202, y, col, text.SMALL)
        text.draw_right(fb, "%+d" % h.seat_scores[s], 234, y, col, text.SMALL)
        y += 12
    fb.hline(3, y + 1, 234, dim)
    y += 5
    for team in range(2):
        a = team
        b = team + 2
        # "N-S: North +1, you -2": "you" inside the line (the rows above
        # start with "You").
        line = "%s: %s %+d, %s %+d" % (TEAMS[team], NAMES[a], h.seat_scores[a],
                                       "you" if b == clubs.SOUTH else NAMES[b],
                                       h.seat_scores[b])
        bonus = h.adam_bonus[team]
        if bonus:
            line += ", Adam %+d" % bonus
        text.draw(fb, line, 3, y, theme.TEXT, text.SMALL)
        text.draw_right(fb, "%+d" % h.team_scores[team], 234, y - 2,
                        theme.GOLD if team == 0 else theme.WHITE, text.BOLD)
        y += 16
    line = adams_line(h)
    if line:
        text.draw(fb, text.fit(line, 234), 3, y, theme.TEXT_DIM, text.SMALL)


def draw_score(fb, scr):
    """The running score to the target (PC-15): the last hands' scores per
    team, the totals and a bar per team towards the target."""
    g = scr.game
    target = g.target
    fb.fill(theme.FELT_DARK)
    text.draw(fb, "Score to %d" % target, 3, 1, theme.GOLD, text.BOLD)
    dim = theme.TEXT_DIM
    text.draw(fb, "hand", 3, 20, dim, text.SMALL)
    text.draw_right(fb, "N-S", 100, 20, dim, text.SMALL)
    text.draw_right(fb, "E-W", 150, 20, dim, text.SMALL)
    hist = scr.history
    y = 32
    first = score_first(scr)
    more = more_line(scr)
    if more:
        text.draw(fb, more, 3, 122, theme.TEXT, text.SMALL)
    for i in range(first, min(len(hist), first + ROWS)):
        n, a, b = hist[i]
        text.draw(fb, str(n), 9, y, theme.TEXT, text.SMALL)
        text.draw_right(fb, "%+d" % a, 100, y, theme.TEXT, text.SMALL)
        text.draw_right(fb, "%+d" % b, 150, y, theme.TEXT, text.SMALL)
        y += 11
    y = 32 + 11 * ROWS + 2
    fb.hline(3, y - 2, 150, dim)
    text.draw(fb, "total", 3, y + 2, theme.WHITE, text.SMALL)
    text.draw_right(fb, str(scr.scores[0]), 100, y, theme.GOLD, text.BOLD)
    text.draw_right(fb, str(scr.scores[1]), 150, y, theme.WHITE, text.BOLD)
    # Bars towards the target, one per team, on the right.
    for team in range(2):
        x = 170 + 34 * team
        top = 22
        hgt = 84
        fb.rect(x, top, 20, hgt, dim)
        v = scr.scores[team]
        fill = hgt * min(max(v, 0), target) // target
        if fill:
            fb.fill_rect(x + 1, top + hgt - fill, 18, fill,
                         theme.GOLD if team == 0 else theme.BACK_LINE)
        # The team's score on its bar, above the fill (on it near the top):
        # the bars alone said nothing in the terminal's text.
        y = top + hgt - fill - 13
        ink = theme.TEXT
        if y < top + 2:
            y = top + 2
            ink = theme.FELT_DARK
        text.draw_centered(fb, str(v), x + 10, y, ink, text.SMALL)
        text.draw_centered(fb, TEAMS[team], x + 10, top + hgt + 2, theme.TEXT, text.SMALL)
    text.draw_centered(fb, str(target), 204, 8, dim, text.SMALL)
    over = g.is_over()
    text.draw_right(fb, "A: result" if over else "A: next hand", 237, 122, dim, text.SMALL)


class ResultScreen(GameOverScreen):
    """The end of a game of Clubs (PC-15). ``outcome``: the core's
    ``result()`` (per seat +1/-1); ``winner``: team 0 N-S or 1 E-W;
    ``scores``: final (N-S, E-W); ``history``: per hand (hand_no, N-S, E-W);
    ``wins``: games won per team this session; ``game``: the finished core
    game. A: new game, B: title."""

    def __init__(self, app, outcome, winner, scores, history, wins, game=None):
        self.app = app
        self.game = game
        self.outcome = outcome
        self.winner = winner
        self.scores = scores
        self.history = history
        self.wins = wins
        won = outcome[clubs.SOUTH] > 0
        self.headline = "You win!" if won else "E-W win"
        self.line = "%s %d to %d" % (
            "You and North win" if won else "East and West win",
            max(scores), min(scores))

    def draw(self, fb):
        if self.app.compact:
            from app.clubs import compact as compact_clubs

            compact_clubs.result(fb, self)
            return
        w = self.app.width
        fb.fill(theme.FELT_DARK)
        won = self.outcome[clubs.SOUTH] > 0
        text.draw_centered(fb, self.headline, w // 2, 6, theme.GOLD if won else theme.ALERT,
                           text.BIG)
        text.draw_centered(fb, self.line, w // 2, 36, theme.WHITE, text.SMALL)
        text.draw_centered(fb, "after %d hand%s (first to 42 and ahead)" % (
            len(self.history), "" if len(self.history) == 1 else "s"), w // 2, 50,
            theme.TEXT_DIM, text.SMALL)
        for team in range(2):
            y = 66 + 18 * team
            col = theme.GOLD if team == self.winner else theme.TEXT
            text.draw(fb, TEAMS[team], 36, y, col, text.BOLD)
            text.draw(fb, "you, North" if team == 0 else "East, West", 76, y + 3,
                      theme.TEXT_DIM, text.SMALL)
            text.draw_right(fb, str(self.scores[team]), 204, y, col, text.BOLD)
        if self.wins[0] + self.wins[1] > 1:
            text.draw_centered(fb, "Games won: N-S %d, E-W %d" % self.wins, w // 2, 104,
                               theme.TEXT, text.SMALL)
        self.draw_keys(fb, 120)
