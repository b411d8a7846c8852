"""Klaberjass's panel on the tall 240x240 layout (app.kit.tall), above its 240x135
table: the UP overlay's lines. Imported only on a 240x240 screen."""


def lines(scr):
    """Klaberjass's public information (KJ-16): the UP overlay's lines."""
    if scr.summary is not None:
        sv = scr.summary
        out = ["", ("h", "Deal %d is over" % sv.number)]
        if not sv.over:  # who deals next (KJ-2)
            out.append("%s the next one" % ("You deal" if sv.dealer == 0
                                            else sv.names[1] + " deals"))
        return out
    return scr._look_lines()
