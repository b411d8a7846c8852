"""The worked scoring examples of the rule book (docs/rules/*.md), computed by
the project's own rules code, so that the numbers in the book are the
numbers the console scores.

    python tools/docs/rules_examples.py            # print every example
    python tools/docs/rules_examples.py --write    # put them into docs/rules/*.md
    python tools/docs/rules_examples.py --check    # exit 1 if a book is out of date

Each example is a seeded game played by the heuristic players until the
first position that shows what the example is about (a Clubbed clubbing, a
Clubs hand with a Negative One, a Klaberjass round with a sequence and a
bella); its lines go between ``<!-- example:NAME -->`` and
``<!-- /example -->`` in the game's rule file. ``tests/test_rules_docs.py``
checks that the books hold exactly what this prints. Exit status: 0 done
(or up to date), 1 a book is out of date or lacks its markers, 2 bad usage.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from cardgames import cards, clubbed, clubs, klaberjass  # noqa: E402
from players.clubbed.heuristic import ClubbedHeuristic  # noqa: E402
from players.clubs.heuristic import ClubsHeuristic  # noqa: E402
from players.klaberjass.heuristic import KlaberjassHeuristic  # noqa: E402

RULES_DIR = os.path.join(ROOT, "docs", "rules")
SEEDS = range(1, 400)  # searched in order; the first that fits is the example


def card(c):
    """A card as the books write it: rank then suit symbol, 10 for ten."""
    return cards.symbol_name(c)


def card_list(cs):
    return " ".join(card(c) for c in cs) if len(cs) else "none"


def _play(g, players, stop):
    """Plays ``g`` with ``players`` (one per seat) until ``stop(g, action)``
    (called before each move) returns a result; that result, or None."""
    while not g.is_over():
        p = g.current_player
        a = players[p].choose(g.observation(p), g.legal_actions())
        r = stop(g, a)
        if r is not None:
            return r
        g.apply(a)
    return None


# --- Clubbed ---------------------------------------------------------------------

CLUBBED_SEATS = ("South", "West")  # South is you on the console


def clubbed_example():
    """A clubbing (CB-5): the pile, the club played on it, who collects what."""
    for seed in SEEDS:
        g = clubbed.Clubbed(seed)

        def stop(g, a):
            if a == clubbed.DRAW or a >= 13 or g.n_pile < 4:
                return None
            return g
        pl = (ClubbedHeuristic(), ClubbedHeuristic())
        found = _play(g, pl, stop)
        if found is None:
            continue
        p = g.current_player
        o = 1 - p
        pile = bytes(g.pile[: g.n_pile])
        before = (g.collected(0), g.collected(1))
        hand = g.hand(p)
        top = pile[-1]
        match = [c for c in hand if c >= 13 and (c // 13 == top // 13 or c % 13 == top % 13)]
        club = pl[p].choose(g.observation(p), g.legal_actions())
        g.apply(club)
        who, other = CLUBBED_SEATS[p], CLUBBED_SEATS[o]
        why = ("%s also holds a matching card (%s) but may play a club instead"
               % (who, card_list(match)) if match else
               "%s holds no card matching %s, so may play a club or draw" % (who, card(top)))
        return [
            "Seed %d, both seats played by the heuristic player; South is your seat." % seed,
            "",
            "- The discard pile holds, bottom to top: %s (%d cards); the top card is %s."
            % (card_list(pile), len(pile), card(top)),
            "- %s holds %s; %s." % (who, card_list(hand), why),
            "- %s plays the club %s: a club may always be played, whatever the top card."
            % (who, card(club)),
            "- %s is clubbed: %s collects the %d cards of the pile and the club, %d cards."
            % (other, other, len(pile), len(pile) + 1),
            "- Collections: %s %d -> %d, %s %d -> %d. The pile is now empty, and %s, "
            "facing it, may play any card."
            % (other, before[o], g.collected(o), who, before[p], g.collected(p), other),
        ]
    raise RuntimeError("no Clubbed seed gives a clubbing of 4+ cards")


# --- Clubs -------------------------------------------------------------------------

CLUBS_SEATS = ("North", "East", "South", "West")


def _bid_text(b):
    return "nil" if b == clubs.NO_BID or b == 0 else str(b)


def clubs_seat_line(s, sm):
    """How one player's hand score comes about (PC-13), in words."""
    b, w, n = sm.bids[s], sm.won[s], sm.neg_ones[s]
    if b == clubs.NO_BID:
        how = "never bid (no trick won), so a nil"
    else:
        how = "bid %s" % _bid_text(b)
    if b == clubs.NO_BID or b == 0:
        base = 5 if w == 0 else -5
        why = "a nil with no trick: +5" if w == 0 else "a nil broken by %d trick%s: -5" % (
            w, "" if w == 1 else "s")
    elif w == b:
        base = b
        why = "exactly made: scores the bid, %d" % b
    elif w > b:
        base = 2 * b - w
        why = "%d over: the bid less %d, %d" % (w - b, w - b, base)
    else:
        base = w - b
        why = "%d short: minus %d, %d" % (b - w, b - w, base)
    line = "| %s | %s | %d | %s |" % (CLUBS_SEATS[s], how, w, why)
    extra = ""
    if n:
        extra = " + %d for %d Negative One%s = %d" % (2 * n, n, "" if n == 1 else "s",
                                                      base + 2 * n)
    return line[:-2] + extra + " | %d |" % sm.seat_scores[s]


def clubs_example():
    """A whole Clubs hand scored player by player, then team by team (PC-13,
    PC-14), with one of its tricks valued card by card (PC-6 ... PC-9)."""
    for seed in SEEDS:
        g = clubs.Clubs(seed, dealer=3)
        pl = [ClubsHeuristic() for _ in range(4)]
        while not g.is_over() and g.hand_no == 1:
            p = g.current_player
            g.apply(pl[p].choose(g.observation(p), g.legal_actions()))
        sm = g.last_hand()
        if sm is None or not any(sm.neg_ones) or not any(sm.adams):
            continue
        lines = ["Seed %d, first hand, West dealing; all four seats played by the heuristic "
                 "player." % seed, "",
                 "| Player | Bid | Tricks won | Score | Total |",
                 "| --- | --- | --- | --- | --- |"]
        for s in range(4):
            lines.append(clubs_seat_line(s, sm))
        lines.append("")
        for team, (a, b) in enumerate(((0, 2), (1, 3))):
            names = ("North-South", "East-West")
            t = "- %s: %s %d + %s %d" % (names[team], CLUBS_SEATS[a], sm.seat_scores[a],
                                          CLUBS_SEATS[b], sm.seat_scores[b])
            for s in (1 - team, 3 - team):
                if sm.adams[s] == 1:
                    t += " + 5 (%s pulled an Adam)" % CLUBS_SEATS[s]
                elif sm.adams[s] >= 2:
                    t += " + 13 (%s pulled a True Adam)" % CLUBS_SEATS[s]
            t += " = %d for the hand." % sm.team_scores[team]
            lines.append(t)
        lines.append("- Game score after hand 1: North-South %d, East-West %d (42 wins)."
                     % (g.scores[0], g.scores[1]))
        return lines
    raise RuntimeError("no Clubs seed gives a hand with a Negative One and an Adam")


def clubs_trick_example():
    """One complete trick with an off-suit card and a club, valued (PC-6 ... PC-9)."""
    for seed in SEEDS:
        g = clubs.Clubs(seed, dealer=3)
        pl = [ClubsHeuristic() for _ in range(4)]
        while not g.is_over() and g.hand_no == 1:
            if g.phase == clubs.PH_PLAY and len(g.trick()) == 0:
                leader = g.trick_leader()
                t = []
                while len(t) < 4:
                    p = g.current_player
                    a = pl[p].choose(g.observation(p), g.legal_actions())
                    t.append(a)
                    g.apply(a)
                led = t[0] // 13
                if t[0] < 13 or not any(c < 13 for c in t) or \
                        not any(c >= 13 and c // 13 != led for c in t):
                    continue
                team, why, taker, chooser = clubs.resolve_trick(bytes(t), leader)
                if taker is None:
                    continue
                return _trick_lines(seed, t, leader, team, why, taker)
            p = g.current_player
            g.apply(pl[p].choose(g.observation(p), g.legal_actions()))
    raise RuntimeError("no Clubs seed gives the trick example")


def _trick_lines(seed, t, leader, team, why, taker):
    led = t[0] // 13
    lines = ["Seed %d, first hand: %s leads %s." % (seed, CLUBS_SEATS[leader], card(t[0])), "",
             "| Seat | Card | Value | Why |", "| --- | --- | --- | --- |"]
    for i, c in enumerate(t):
        s = (leader + i) % 4
        v = clubs.card_value(c, led)
        face = c % 13 + 2
        if c < 13:
            why_v = "a club: its rank %d and 3 more" % face
        elif c // 13 == led:
            why_v = "follows suit: its rank" if i else "led: its rank"
        else:
            why_v = "off the suit led, not a club: its rank %d less 3" % face
        lines.append("| %s | %s | %d | %s |" % (CLUBS_SEATS[s], card(c), v, why_v))
    s0, s1 = clubs.trick_sums(bytes(t), leader)
    names = ("North-South", "East-West")
    lines.append("")
    lines.append("- North-South %d, East-West %d: %s %s the trick%s." % (
        s0, s1, names[team], "win" if why == clubs.WIN_SUM else "win on the highest card of",
        " on the higher sum" if why == clubs.WIN_SUM else " (equal sums)"))
    i = (team - leader) % 2
    a, b = t[i], t[i + 2]
    lines.append("- Of %s's two cards, %s (%s) and %s (%s), %s takes it: %s." % (
        names[team], card(a), CLUBS_SEATS[(leader + i) % 4], card(b),
        CLUBS_SEATS[(leader + i + 2) % 4], CLUBS_SEATS[taker], _higher_why(a, b, led)))
    return lines


def _higher_why(a, b, led):
    if (a < 13) != (b < 13):
        return "a club beats a card that is not a club"
    if (a // 13 == led) != (b // 13 == led):
        return "a card of the suit led beats one off it"
    return "the higher value"


# --- Klaberjass ------------------------------------------------------------------

KJ_SEATS = ("South", "West")  # South is you on the console
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def klaberjass_example():
    """A round with a sequence and a bella, scored (KJ-8, KJ-9, KJ-13, KJ-14)."""
    for seed in SEEDS:
        g = klaberjass.Klaberjass(seed)
        pl = (KlaberjassHeuristic(), KlaberjassHeuristic())
        notes = []
        hands = None
        while g.last_round is None and not g.is_over():
            if hands is None and g.phase == klaberjass.PLAY:
                hands = (g.hand(0), g.hand(1))
            p = g.current_player
            g.apply(pl[p].choose(g.observation(p), g.legal_actions()))
            notes += [ev for ev in g.events
                      if ev[0] in (klaberjass.EV_SEQ, klaberjass.EV_BELLA)]
        sm = g.last_round
        if sm is not None and any(sm.sequences) and any(sm.bella):
            return _kj_lines(seed, sm, hands, notes)
    raise RuntimeError("no Klaberjass seed gives a first round with a sequence and a bella")


def _best_run(hand):
    """The longest, then highest, sequence (KJ-8) in ``hand``, as cards."""
    best = []
    for suit in range(4):
        mask = 0
        for i in range(8):
            if suit * 13 + klaberjass.R7 + i in hand:
                mask |= 1 << i
        for top, n in klaberjass.sequences(mask):
            run = [suit * 13 + top - n + 1 + i for i in range(n)]
            if (n, top) > (len(best), best[-1] % 13 if best else -1):
                best = run
    return best


def _kj_lines(seed, sm, hands, notes):
    t = sm.trump
    lines = ["Seed %d, first round; both seats played by the heuristic player, South is "
             "your seat. %s deals, "
             "%s is the maker, trump is %s." % (seed, KJ_SEATS[sm.dealer], KJ_SEATS[sm.maker],
                                               SUIT_WORDS[t]), ""]
    for s in (0, 1):
        lines.append("- %s's nine cards: %s." % (KJ_SEATS[s], card_list(hands[s])))
    for ev in notes:
        if ev[0] == klaberjass.EV_SEQ:
            top, n = ev[2], ev[3]
            run = [top - n + 1 + i for i in range(n)]
            other = 1 - ev[1]
            theirs = _best_run(hands[other])
            lines.append("- Sequence: %s shows %s, %d cards, worth %d; %s." % (
                KJ_SEATS[ev[1]], card_list(run), n, klaberjass.seq_points(n),
                "%s has no sequence" % KJ_SEATS[other] if not theirs else
                "%s's best, %s, does not beat it" % (KJ_SEATS[other], card_list(theirs))))
        elif ev[0] == klaberjass.EV_BELLA:
            lines.append("- Bella: %s plays %s, the second of the king and queen of trumps: 20."
                         % (KJ_SEATS[ev[1]], card(ev[2])))
    lines += ["", "| | %s | %s |" % KJ_SEATS, "| --- | --- | --- |",
              "| Card points in tricks won | %d | %d |" % sm.points,
              "| Last trick | %d | %d |" % tuple(10 if sm.last == s else 0 for s in (0, 1)),
              "| Sequence | %d | %d |" % sm.sequences,
              "| Bella | %d | %d |" % sm.bella,
              "| Total | %d | %d |" % sm.totals,
              "| Scored | %d | %d |" % sm.scored, ""]
    m = sm.maker
    if sm.failed:
        lines.append("The maker, %s, has %d, not more than %d: the maker scores nothing and "
                     "%s scores both totals, %d." % (KJ_SEATS[m], sm.totals[m],
                                                     sm.totals[1 - m], KJ_SEATS[1 - m],
                                                     sm.totals[0] + sm.totals[1]))
    else:
        lines.append("The maker, %s, has %d, more than %d: each scores their own total."
                     % (KJ_SEATS[m], sm.totals[m], sm.totals[1 - m]))
    return lines


EXAMPLES = {
    "clubbed": ("clubbed", clubbed_example),
    "clubs-hand": ("clubs", clubs_example),
    "clubs-trick": ("clubs", clubs_trick_example),
    "klaberjass-round": ("klaberjass", klaberjass_example),
}


def put(text, name, lines):
    """``text`` with the lines between example ``name``'s markers replaced
    by ``lines``; ValueError when the markers are missing."""
    start = "<!-- example:%s -->\n" % name
    end = "<!-- /example -->"
    i = text.find(start)
    j = text.find(end, i + 1)
    if i < 0 or j < 0:
        raise ValueError("no <!-- example:%s --> ... <!-- /example --> markers" % name)
    return text[: i + len(start)] + "\n".join(lines) + "\n" + text[j:]


def main(argv):
    if argv not in ([], ["--write"], ["--check"]):
        print("usage: rules_examples.py [--write | --check]", file=sys.stderr)
        return 2
    books = {}
    for name, (game, fn) in EXAMPLES.items():
        lines = fn()
        if not argv:
            print("## %s\n\n%s\n" % (name, "\n".join(lines)))
            continue
        path = os.path.join(RULES_DIR, game + ".md")
        if path not in books:
            with open(path, encoding="utf-8") as f:
                books[path] = [f.read()] * 2
        try:
            books[path][1] = put(books[path][1], name, lines)
        except ValueError as e:
            print("rules_examples: %s: %s" % (path, e), file=sys.stderr)
            return 1
    stale = [p for p, (old, new) in books.items() if old != new]
    if argv == ["--write"]:
        for p in stale:
            with open(p, "w", encoding="utf-8") as f:
                f.write(books[p][1])
            print("wrote", os.path.relpath(p, ROOT))
    elif stale:
        print("rules_examples: out of date: %s (run tools/docs/rules_examples.py --write)"
              % ", ".join(os.path.relpath(p, ROOT) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
