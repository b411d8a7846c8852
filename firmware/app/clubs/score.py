"""The lines of Clubs' score that both summaries write, the 240x135 one
(app.clubs.summary) and the 128x64 one (app.clubs.compact): who pulled an
Adam (PC-14), which hands of the score list are shown (UP/DOWN scroll)."""

NAMES = ("North", "East", "You", "West")
ROWS = 5  # hands listed on the score screen


def adams_line(h):
    """Who pulled an Adam this hand (HandSummary ``h``), in words: "You
    pulled an Adam", "West pulled a True Adam", "North and East each pulled
    an Adam" (two at most: the A♣ and the K♣); "" if none."""
    who = [s for s in range(4) if h.adams[s]]
    if not who:
        return ""
    if len(who) == 1:
        s = who[0]
        return "%s pulled %s" % (NAMES[s], "a True Adam" if h.adams[s] > 1 else "an Adam")
    return "%s and %s each pulled an Adam" % (NAMES[who[0]], "you" if who[1] == 2
                                             else NAMES[who[1]])


def score_first(scr):
    """Index in ``scr.history`` of the first hand listed on the score screen:
    ``scr.score_top`` (UP/DOWN scroll), kept within range."""
    return max(0, min(scr.score_top, len(scr.history) - ROWS))


def more_line(scr):
    """The line telling of hands scrolled out of the score list, with the
    keys that bring them back ("" when all fit)."""
    first = score_first(scr)
    later = len(scr.history) - ROWS - first
    if first <= 0 and later <= 0:
        return ""
    # Hands, not points: "+2" read as a score.
    if first > 0 and later > 0:
        return "\u25b2%d earlier \u25bc%d later hands" % (first, later)
    if first > 0:
        return "\u25b2 %d earlier hand%s" % (first, "" if first == 1 else "s")
    return "\u25bc %d later hand%s" % (later, "" if later == 1 else "s")
