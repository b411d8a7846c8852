"""Klaberjass screens around the table: the round summary (KJ-14) shown after
each round, and the result screen after the game (KJ-15). Drawing helpers
shared with the table (suit-coloured text, trump chip) live here too.

Coordinates are pixels on the 240x135 screen; colours from ``app.kit.theme``.
"""

from app.kit import cardview, text, theme
from app.kit.cardview import draw_rich
from app.kit.menu import panel
from app.klaberjass.score import against_you, summary_rows
from app.screen import GameOverScreen
from cardgames import klaberjass as kj


def draw_rich_centered(fb, s, cx, y, color, font=text.SMALL):
    """``draw_rich`` centred on column ``cx``."""
    return draw_rich(fb, s, cx - (len(s) * font.w) // 2, y, color, font)


def draw_rich_right(fb, s, rx, y, color, font=text.SMALL):
    """``draw_rich`` ending just before column ``rx``."""
    return draw_rich(fb, s, rx - len(s) * font.w, y, color, font)


def suit_chip(fb, suit, x, y, w=22, h=28, dim=False):
    """A white card-like chip with the BIG glyph of ``suit`` (0..3), or a
    question mark for ``kj.NO_SUIT``; ``dim`` draws it greyed (a proposal)."""
    fb.fill_rect(x + 1, y + 1, w - 2, h - 2, theme.CARD_DIM if dim else theme.CARD)
    fb.rect(x, y, w, h, theme.GOLD if not dim else theme.CARD_EDGE)
    if suit == kj.NO_SUIT:
        ch = "?"
        ink = theme.INK
    else:
        ch = kj.SUIT_SYMBOLS[suit]
        ink = cardview.suit_color(suit * 13)  # four colours when set
    text.draw(fb, ch, x + (w - text.BIG.w) // 2, y + (h - text.BIG.h) // 2, ink, text.BIG)


def verdict(rs, names):
    """One line saying whether the maker made it (KJ-14), e.g.
    ``"West made it: 96 beats 66"`` or ``"You failed: West scores 162"``."""
    m = rs.maker
    who = names[m]
    if rs.failed:
        other = names[1 - m]
        return "%s failed, %d to %d: %s score%s %d" % (
            who, rs.totals[m], rs.totals[1 - m], other.lower() if m else other,
            "" if m else "s", rs.totals[0] + rs.totals[1])
    return "%s made it: %d beats %d" % (who, rs.totals[m], rs.totals[1 - m])


class RoundView:
    """What the round summary shows: ``rs`` (the core's RoundSummary),
    ``before``/``after`` (running scores per seat around the round),
    ``number`` (round of this game, from 1), ``target`` (KJ-15), ``names``,
    ``over`` (the game ended with this round), ``dealer`` (the seat dealing
    the next round, KJ-2). ``rows`` and ``line`` are the shown figures and
    verdict."""

    def __init__(self, rs, before, after, number, target, names, over, dealer=1):
        self.rs = rs
        self.before = before
        self.after = after
        self.number = number
        self.target = target
        self.names = names
        self.over = over
        self.dealer = dealer
        self.rows = summary_rows(rs)
        self.line = verdict(rs, names)
        # "Deal", not "Round": the bidding has rounds ("1st chance").
        self.title = "Deal %d: trump %s by %s" % (
            number, kj.SUIT_SYMBOLS[rs.trump], "you" if rs.maker == 0 else names[1])

    def keys(self):
        """What A does, with who deals next (KJ-2): "A: West deals", "A: you
        deal"; "A result" after the game's last deal."""
        if self.over:
            return "A result"
        return "A: you deal" if self.dealer == 0 else "A: %s deals" % self.names[1]

    def draw(self, fb, w):
        """The whole summary on ``fb`` (``w`` pixels wide)."""
        rs = self.rs
        fb.fill(theme.FELT_DARK)
        fb.fill_rect(0, 0, w, 16, theme.PANEL)
        draw_rich(fb, self.title, 4, 2, theme.GOLD)
        text.draw_right(fb, self.keys(), w - 3, 2, theme.TEXT_DIM)
        c0 = 176
        c1 = 232
        y = 19
        text.draw_right(fb, self.names[0], c0, y, theme.TEXT_DIM)
        text.draw_right(fb, self.names[1], c1, y, theme.TEXT_DIM)
        y += 12
        for label, a, b in self.rows:
            total = label == "Total"
            if total:
                fb.hline(8, y, c1 - 8, theme.TEXT_DIM)
                y += 2
            col = theme.WHITE if total else theme.TEXT
            text.draw(fb, label, 8, y, col)
            text.draw_right(fb, _num(a, total), c0, y, col)
            text.draw_right(fb, _num(b, total), c1, y, col)
            y += 12
        col = theme.ALERT if against_you(rs) else theme.GOLD
        text.draw(fb, text.fit(self.line, w - 8), 4, y + 1, col)
        y += 14
        text.draw(fb, "Scored", 8, y, theme.WHITE)
        text.draw_right(fb, "+%d" % rs.scored[0], c0, y, theme.WHITE)
        text.draw_right(fb, "+%d" % rs.scored[1], c1, y, theme.WHITE)
        y += 12
        text.draw(fb, "Game to %d" % self.target, 8, y, theme.GOLD)
        text.draw_right(fb, str(self.after[0]), c0, y, theme.GOLD)
        text.draw_right(fb, str(self.after[1]), c1, y, theme.GOLD)


def _num(v, always):
    return str(v) if v or always else "-"


class KlaberjassResult(GameOverScreen):
    """The result screen after a game (KJ-15): who won, the final scores,
    rounds played and the session's games won; A plays the next game, B goes
    to the title. ``outcome`` is the core's ``result()``, ``scores`` the
    final scores per seat."""

    def __init__(self, app, outcome, scores, rounds, wins, names, target=500):
        self.app = app
        self.target = target
        self.outcome = outcome
        self.scores = scores
        self.rounds = rounds
        self.wins = wins
        self.names = names
        self.headline = "You win!" if outcome[0] > 0 else "%s wins" % names[1]

    def draw(self, fb):
        if self.app.compact:
            from app.klaberjass import compact as compact_klaberjass

            compact_klaberjass.result(fb, self)
            return
        w = self.app.width
        fb.fill(theme.FELT_DARK)
        col = theme.GOLD if self.outcome[0] > 0 else theme.ALERT
        text.draw_centered(fb, self.headline, w // 2, 8, col, text.BIG)
        text.draw_centered(fb, "Klaberjass, game to %d points" % self.target, w // 2, 36,
                           theme.TEXT_DIM)
        y = 54
        for seat in range(2):
            text.draw(fb, self.names[seat], 40, y, theme.WHITE, text.BOLD)
            text.draw_right(fb, "%d points" % self.scores[seat], 200, y, theme.WHITE, text.BOLD)
            y += 20
        n = self.wins[0] + self.wins[1]
        line = "%d deal%s" % (self.rounds, "" if self.rounds == 1 else "s")
        if n > 1:
            line += "   games won: you %d, %s %d" % (self.wins[0], self.names[1], self.wins[1])
        text.draw_centered(fb, text.fit(line, w - 8), w // 2, 98, theme.TEXT)
        self.draw_keys(fb, 118)


_MIN_STEP = 14  # px between the banner's cards at the closest: each rank still shows


def draw_banner(fb, title, lines, cs, w):
    """A framed message over the lower half of the table (the trick and the
    trump stay visible): ``title`` in BOLD, up to two ``lines`` and a row of
    cards ``cs`` (bytes, may be empty)."""
    top = 66
    panel(fb, 0, top, w, 135 - top)
    fb.rect(1, top + 1, w - 2, 135 - top - 2, theme.GOLD)
    y = top + 3 if cs else top + 12
    draw_rich_centered(fb, title, w // 2, y, theme.GOLD, text.BOLD)
    y += 17
    n = len(cs)
    step = min(theme.CARD_W + 3, (w - 24 - theme.CARD_W) // max(1, n - 1))
    x = w // 2 - (step * (n - 1) + theme.CARD_W) // 2
    last = len(lines)
    if n and last > 1:
        # Under the first line the row of cards takes the rest of the box: a
        # last line (the cut's or a sequence's "A/B: continue") goes beside
        # the cards, which move left (and closer) when centred they leave
        # it no room: under them it was hidden.
        room = w - 6 - 8 - text.SMALL.w * len(lines[-1])  # the cards' right end at most
        if x + step * (n - 1) + theme.CARD_W > room:
            x = 8
            if n > 1:
                step = min(step, (room - x - theme.CARD_W) // (n - 1))
        if step >= _MIN_STEP or n == 1:
            last -= 1
            text.draw_right(fb, lines[last], w - 6, 135 - text.SMALL.h - 4, theme.WHITE)
        else:  # no room beside them: every line above the cards, centred as before
            step = min(theme.CARD_W + 3, (w - 24 - theme.CARD_W) // max(1, n - 1))
            x = w // 2 - (step * (n - 1) + theme.CARD_W) // 2
    for line in lines[:last]:
        draw_rich_centered(fb, text.fit(line, w - 16), w // 2, y, theme.WHITE)
        y += 12
    if cs:
        for c in cs:
            cardview.face(fb, c, x, 135 - theme.CARD_H - 3)
            x += step
