"""Clubbed's panel on the tall 240x240 layout (app.kit.tall), above its 240x135
table: the pile top first, both collections, the latest events. Imported
only on a 240x240 screen."""


def lines(scr):
    """Clubbed's public information (CB-11): the pile top first (or, under a
    club's banner, the club that took it), both collections, the latest
    events."""
    g = scr.game
    if scr.banner and not g.n_pile:
        # A club took the pile (CB-5): the table shows that club on the
        # pile under the banner, so the panel names it rather than "(empty)".
        out = [("h", "Pile taken"), "  " + scr.banner[2]]
    else:
        pile = bytes(g.pile[: g.n_pile])
        out = [("h", "Pile %d, top first" % g.n_pile)]
        top = bytearray()
        for i in range(len(pile) - 1, max(-1, len(pile) - 13), -1):
            top.append(pile[i])
        out.append(top if top else "  (empty)")
    out.append(("h", "You collected %d, West %d" % (g.collected(0), g.collected(1))))
    mine = g.collection(0)
    out.append(("c", "You", bytes(mine[-12:])) if mine else "  You: none")
    theirs = g.collection(1)
    out.append(("c", "West", bytes(theirs[-12:])) if theirs else "  West: none")
    out.append(("h", "Recent"))
    for m in scr.msgs[::-1]:
        out.append("  " + m)
    return out
