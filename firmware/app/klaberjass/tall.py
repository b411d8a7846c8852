"""Klaberjass's panel on the tall 240x240 layout (app.kit.tall), above its 240x135
table: the UP overlay's lines. Imported only on a 240x240 screen."""


def lines(scr):
    """Klaberjass's public information (KJ-16): the UP overlay's lines."""
    if scr.summary is not None:
        return ["", ("h", "Round %d is over" % scr.summary.number)]
    return scr._look_lines()
