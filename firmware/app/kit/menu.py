"""A vertical list of choices: UP/DOWN move, A picks, B backs out.

Used for the title menu and the pause menu; the owner draws it where it wants
and reacts to the index returned by ``on_button``.
"""

from app.kit import buttons, text, theme

PICKED_NONE = -1
BACK = -2


class Menu:
    """``items`` is a list of labels (str); ``sel`` the highlighted index."""

    def __init__(self, items, sel=0):
        self.items = items
        self.sel = sel
        self.off = -1  # the index of a row drawn greyed (not available now)

    def on_button(self, b):
        """Index picked with A, BACK for B, else PICKED_NONE (moves wrap)."""
        n = len(self.items)
        if b == buttons.UP:
            self.sel = (self.sel - 1) % n
        elif b == buttons.DOWN:
            self.sel = (self.sel + 1) % n
        elif b == buttons.A:
            return self.sel
        elif b == buttons.B:
            return BACK
        return PICKED_NONE

    def draw(self, fb, x, y, w, row_h=16, font=None):
        """Rows of ``row_h`` pixels from (x, y), ``w`` wide, selection boxed."""
        font = font or text.SMALL
        pad = (row_h - font.h) // 2
        for i in range(len(self.items)):
            ry = y + i * row_h
            if i == self.sel:
                fb.fill_rect(x, ry, w, row_h, theme.HILITE)
                fb.rect(x, ry, w, row_h, theme.GOLD)
                text.draw(fb, "\u25ba", x + 3, ry + pad, theme.GOLD, font)
            ink = theme.WHITE if i == self.sel else theme.TEXT
            if i == self.off:
                ink = theme.TEXT_DIM
            text.draw(fb, self.items[i], x + 4 + font.w + 2, ry + pad, ink, font)


def panel(fb, x, y, w, h):
    """A framed dark box to draw overlays on."""
    fb.fill_rect(x, y, w, h, theme.PANEL)
    fb.rect(x, y, w, h, theme.TEXT_DIM)
