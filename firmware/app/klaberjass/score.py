"""The rows of a Klaberjass round's score (KJ-13, KJ-14), which both the
240x135 summary (app.klaberjass.summary) and the 128x64 one
(app.klaberjass.compact) show."""

from cardgames import klaberjass as kj


def summary_rows(rs):
    """The rows of the round summary for RoundSummary ``rs`` (KJ-13, KJ-14):
    a list of ``(label, seat 0 value, seat 1 value)``, ints."""
    last = (kj.LAST_TRICK if rs.last == 0 else 0, kj.LAST_TRICK if rs.last == 1 else 0)
    return [
        ("Card points", rs.points[0], rs.points[1]),
        ("Last trick", last[0], last[1]),
        ("Sequence", rs.sequences[0], rs.sequences[1]),
        ("Bella", rs.bella[0], rs.bella[1]),
        ("Total", rs.totals[0], rs.totals[1]),
    ]


def against_you(rs):
    """True when round ``rs`` (a RoundSummary, KJ-14) went against seat 0,
    the player: the player's bid failed, or the other seat's bid was made.
    The summaries show that verdict in the alert colour, good news in gold."""
    return rs.failed == (rs.maker == 0)
