"""Every text the console can show fits every board (issue 32 item 14):
each game's event words (``describe``) and banners, built from every event
kind the core defines, every seat and the extreme values of its numbers,
and the title, pause and Settings menus, drawn on 240x135, 240x240 and
128x64. A text that does not fit is cut with "…" by ``app.kit.text.fit``
or runs off the screen: both are caught."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest  # noqa: E402

from app.kit import text  # noqa: E402
from cardgames import clubbed  # noqa: E402
from cardgames import klaberjass as kj  # noqa: E402

BOARDS = {"240x135": ((240, 135), False), "240x240": ((240, 240), False),
          "128x64": ((128, 64), True)}


def session(board, seed=4):
    size, mono = BOARDS[board]

    class S(apptest.Session):
        SIZE = size
        MONO = mono

    return S(seed)


class Cuts:
    """Texts ``text.fit`` shortened, and texts drawn past the frame's edge,
    while it is on (a context manager)."""

    def __init__(self, width):
        self.width = width
        self.found = []

    def __enter__(self):
        self.fit, self.draw = text.fit, text.draw
        fit, draw, found, width = self.fit, self.draw, self.found, self.width

        def spy_fit(s, max_px, font=text.SMALL):
            r = fit(s, max_px, font)
            if r != s:
                found.append("cut: %r" % s)
            return r

        def spy_draw(fb, s, x, y, color, font=text.SMALL):
            end = draw(fb, s, x, y, color, font)
            # (x at or past the edge: drawn off on purpose, never seen)
            if s.strip() and x < width and (x < 0 or end > width):
                found.append("off the screen (x %d..%d): %r" % (x, end, s))
            return end

        text.fit, text.draw = spy_fit, spy_draw
        return self

    def __exit__(self, *exc):
        text.fit, text.draw = self.fit, self.draw


def frame(s):
    """Draw the app's current screen now."""
    s.app.invalidate()
    s.app.step()


def kinds(mod):
    return sorted(v for k, v in vars(mod).items() if k.startswith("EV_") and isinstance(v, int))


def cards_of_each_rank(g):
    # One card of each rank in the deck (names differ in width: 10), as
    # the core codes them: suit * 13 + rank.
    deck = set()
    for seat in range(2):
        deck.update(g.hand(seat))
    ranks = {}
    for c in sorted(deck):
        ranks.setdefault(c % 13, c)
    return sorted(ranks.values())


def in_game(board, name):
    s = session(board)
    s.choose_game(name)
    s.press("A")
    return s


# The largest b of an event kind (KJ-8: a sequence is 3 to 8 cards; 9
# tricks; else points: a round's 162 and more, a game's final score).
KJ_B = {kj.EV_SEQ: (3, 8), kj.EV_SEQ_TIE: (3, 8), kj.EV_TRICK: (0, 8)}


@pytest.mark.parametrize("board", BOARDS)
def test_klaberjass_events_and_banners_fit(board):
    s = in_game(board, "Klaberjass")
    scr = s.app.screen
    cards = cards_of_each_rank(scr.game)
    found = []
    for kind in kinds(kj):
        for seat in (0, 1):
            for a in cards + [0, 162, kj.ACCEPT, kj.PASS] + \
                    [kj.NAME_CLUBS + i for i in range(4)]:
                for b in cards if kind in (kj.EV_CUT, kj.EV_EXCHANGE) else \
                        KJ_B.get(kind, (0, 162, 999)):
                    ev = (kind, seat, a, b)
                    with Cuts(s.app.width) as cuts:
                        try:
                            kj.describe(ev, 0, ("You", "West"))
                        except (IndexError, KeyError, ValueError, TypeError):
                            continue  # no event the core makes
                        scr.note = ""  # the event's words take the event line
                        scr._clear_trick()  # one event at a time: no trick of many cards
                        scr.banners = []
                        scr.pending = None
                        try:
                            scr._take_events([ev], s.clock.now)
                        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                            pass
                        scr.pending = None
                        try:
                            frame(s)
                        except (IndexError, KeyError, ValueError, TypeError):
                            scr.banners = []  # a card no deck has: no event the core makes
                            continue
                    found.extend("%s after %r" % (c, ev) for c in cuts.found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


def _feed_clubbed(scr, ev, now):
    scr.banner = None
    scr.game.events = [ev]
    scr._after_apply(now)


# Per game: its core, how its screen takes one event, the seats, and the
# numbers an event carries at their widest (cards collected, a new hand).
OTHERS = {"Clubbed": (clubbed, _feed_clubbed, 2, (0, 1, 12, 52))}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", OTHERS)
def test_clubbed_events_and_banners_fit(board, name):
    core, feed, seats, numbers = OTHERS[name]
    s = in_game(board, name)
    scr = s.app.screen
    deck = set()
    for seat in range(seats):
        deck.update(scr.game.hand(seat))
    # A ten (the widest rank's name) and an ace of each suit in the hands.
    cards = sorted(c for c in deck if c % 13 in (8, 12))
    found = []
    for kind in kinds(core):
        for seat in range(seats):
            for a in cards + list(numbers):
                for b in numbers:
                    ev = (kind, seat, a, b)
                    try:
                        core.describe(ev, 0, ("You",) + ("West", "North", "East")[:seats - 1])
                    except (IndexError, KeyError, ValueError, TypeError):
                        continue  # no event the core makes
                    with Cuts(s.app.width) as cuts:
                        try:
                            feed(scr, ev, s.clock.now)
                            frame(s)
                        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                            continue  # no event this position could have
                    found.extend("%s after %r" % (c, ev) for c in cuts.found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found))[:30])
