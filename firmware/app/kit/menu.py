"""A vertical list of choices: UP/DOWN move, A picks, B backs out.

Used for the title menu and the pause menu; the owner draws it where it wants
and reacts to the index returned by ``on_button``. UP on the first row and
DOWN on the last stay put: a list that wraps took a player from the top of
the title to its last row ("Guided hand") unawares. Every vertical list of
choices (this one, the Settings rows) stops at its ends; a row of cards or
buttons (LEFT/RIGHT) goes round.
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
        """Index picked with A, BACK for B, else PICKED_NONE (UP/DOWN stop at
        the first and last rows)."""
        if b == buttons.UP:
            self.sel = max(0, self.sel - 1)
        elif b == buttons.DOWN:
            self.sel = min(len(self.items) - 1, self.sel + 1)
        elif b == buttons.A:
            return self.sel
        elif b == buttons.B:
            return BACK
        return PICKED_NONE

    def draw(self, fb, x, y, w, row_h=16, font=None, rows=0):
        """Rows of ``row_h`` pixels from (x, y), ``w`` wide, selection boxed;
        with ``rows`` at most that many, scrolled to keep the selection in
        view, with ▲/▼ at the right where rows are out of view."""
        font = font or text.SMALL
        pad = (row_h - font.h) // 2
        n = len(self.items)
        top = 0
        if rows and n > rows:
            top = max(0, min(self.sel - rows // 2, n - rows))
        else:
            rows = n
        for i in range(top, top + rows):
            ry = y + (i - top) * row_h
            if i == self.sel:
                fb.fill_rect(x, ry, w, row_h, theme.HILITE)
                fb.rect(x, ry, w, row_h, theme.GOLD)
                text.draw(fb, "\u25ba", x + 3, ry + pad, theme.GOLD, font)
            ink = theme.WHITE if i == self.sel else theme.TEXT
            if i == self.off:
                ink = theme.TEXT_DIM
            text.draw(fb, self.items[i], x + 4 + font.w + 2, ry + pad, ink, font)
        if top:
            text.draw(fb, "\u25b2", x + w - font.w - 3, y + pad, theme.GOLD, font)
        if top + rows < n:
            text.draw(fb, "\u25bc", x + w - font.w - 3, y + (rows - 1) * row_h + pad,
                      theme.GOLD, font)


def panel(fb, x, y, w, h):
    """A framed dark box to draw overlays on."""
    fb.fill_rect(x, y, w, h, theme.PANEL)
    fb.rect(x, y, w, h, theme.TEXT_DIM)
