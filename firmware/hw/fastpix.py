# ruff: noqa: F821
# mypy: ignore-errors
"""Machine-code loops for the ST7789 push (``hw.st7789``), for the Pico only.

Two loops in MicroPython's inline Thumb assembler (Cortex-M0+, ARMv6-M
instructions only), each a fraction of what the portable path costs:

- ``expand``: the 8-bit indexed frame to RGB565 through the palette, about
  9 cycles a pixel (``FrameBuffer.blit`` with a palette looks each pixel up
  through two generic get/set-pixel calls: 37 ms a 240x135 frame on a Pico).
- ``glyph``: a 1-bit glyph drawn in a colour on the 8-bit frame, for
  ``app.kit.text`` (``FrameBuffer.blit`` with a key and a 2-colour palette
  costs 107 us a 6x12 glyph: most of the 40 ms a Clubbed table took), and
  ``glyphs``, the same for a run of ASCII characters of a string, read
  where the font lies (the firmware image's frozen font, in flash).
- ``row_sums``: a checksum of each frame row, so that a push sends only the
  rows that changed (about 2 cycles a byte), and ``next_row`` to find the
  runs of changed rows.

Where there is no inline assembler (the WebAssembly port, CPython with
host_sim's ``micropython``) this module fails to compile, or ``check()``
fails, and ``hw.st7789`` uses its portable path. The module is compiled with
``-march=armv6m`` for the Pico (tools/make/build.py; a frozen image uses the
port's own flags).

Calling convention (the inline assembler's): up to four arguments in r0-r3;
a buffer (bytearray, array) arrives as the address of its data, an int as
its value. Geometry goes in a preallocated ``array("i")``, so a call
allocates nothing. r4-r7 are saved by the assembler's entry code.
"""

import micropython


@micropython.asm_thumb
def expand(r0, r1, r2, r3):
    """``expand(g, frame, out, pal)``: ``g`` = [offset, w, rows, skip]: the
    rectangle of ``rows`` rows of ``w`` pixels (``w``, ``rows`` > 0) starting
    at byte ``offset`` of the indexed ``frame`` (``skip`` = stride - ``w``
    bytes between rows) into ``out`` as 16-bit pixels, each the ``pal``
    entry (256 x 2 bytes) its index names, bytes in ``pal``'s order."""
    ldr(r4, [r0, 0])
    add(r1, r1, r4)  # r1: next source pixel
    ldr(r6, [r0, 8])  # r6: rows left
    label(ROW)
    ldr(r7, [r0, 4])  # r7: pixels left in the row
    mov(r4, 1)
    tst(r7, r4)
    beq(PAIRS)
    ldrb(r4, [r1, 0])  # an odd width: one pixel first
    add(r4, r4, r4)
    add(r4, r4, r3)
    ldrh(r4, [r4, 0])
    strh(r4, [r2, 0])
    add(r1, 1)
    add(r2, 2)
    sub(r7, 1)
    beq(NEXT)
    label(PAIRS)
    ldrb(r4, [r1, 0])
    ldrb(r5, [r1, 1])
    add(r4, r4, r4)
    add(r5, r5, r5)
    add(r4, r4, r3)
    add(r5, r5, r3)
    ldrh(r4, [r4, 0])
    ldrh(r5, [r5, 0])
    strh(r4, [r2, 0])
    strh(r5, [r2, 2])
    add(r1, 2)
    add(r2, 4)
    sub(r7, 2)
    bne(PAIRS)
    label(NEXT)
    ldr(r4, [r0, 12])
    add(r1, r1, r4)
    sub(r6, 1)
    bne(ROW)


@micropython.asm_thumb
def row_sums(r0, r1, r2):
    """``row_sums(g, frame, out)``: ``g`` = [words, rows]: for each of
    ``rows`` rows of ``words`` 32-bit words (``frame`` word-aligned, a row
    a multiple of 4 bytes) a 32-bit checksum into ``out`` (4 bytes a row,
    native order): a Fletcher-style pair of running sums, the second turned
    and folded into the first, so any changed pixel (or two pixels swapped)
    changes its row's sum but for a chance of 1 in 2**32."""
    ldr(r6, [r0, 4])  # r6: rows left
    label(ROW)
    ldr(r7, [r0, 0])  # r7: words left
    mov(r4, 0)
    mov(r5, 0)
    label(WORD)
    ldr(r3, [r1, 0])
    add(r4, r4, r3)
    add(r5, r5, r4)
    add(r1, 4)
    sub(r7, 1)
    bne(WORD)
    mov(r3, 25)
    ror(r5, r3)
    eor(r4, r5)
    str(r4, [r2, 0])
    add(r2, 4)
    sub(r6, 1)
    bne(ROW)


@micropython.asm_thumb
def next_row(r0, r1, r2):
    """``next_row(g, old, new)``: ``g`` = [start, rows, want]: the first row
    from ``start`` below ``rows`` whose 4-byte sums in ``old`` and ``new``
    differ (``want`` 1) or are equal (``want`` 0); ``rows`` if none."""
    ldr(r3, [r0, 0])  # r3: the row
    ldr(r4, [r0, 4])
    ldr(r5, [r0, 8])
    lsl(r6, r3, 2)
    add(r1, r1, r6)
    add(r2, r2, r6)
    label(LOOP)
    cmp(r3, r4)
    bge(DONE)
    ldr(r6, [r1, 0])
    ldr(r7, [r2, 0])
    add(r1, 4)
    add(r2, 4)
    cmp(r6, r7)
    beq(EQUAL)
    cmp(r5, 1)
    beq(DONE)
    b(NEXT)
    label(EQUAL)
    cmp(r5, 0)
    beq(DONE)
    label(NEXT)
    add(r3, 1)
    b(LOOP)
    label(DONE)
    mov(r0, r3)


@micropython.asm_thumb
def glyph(r0, r1, r2):
    """``glyph(g, frame, font)``: ``g`` = [offset, stride, w, h, colour,
    row_bytes, index, size, start]: glyph ``index`` of the ``w`` x ``h``
    (``w`` <= 16) MONO_HLSB glyphs of ``size`` bytes each that begin at
    byte ``start`` of ``font`` (bit 7 of a row's first byte its leftmost
    pixel) drawn in ``colour`` on the 8-bit ``frame`` at byte ``offset``
    (``stride`` bytes a row), then ``offset`` moved ``w`` on, to the next
    cell: set bits take the colour, clear ones leave the frame as it is
    (what ``app.kit.text`` does with a keyed, paletted blit, 7x faster)."""
    ldr(r6, [r0, 24])
    ldr(r5, [r0, 28])
    mul(r6, r5)
    add(r2, r2, r6)
    ldr(r6, [r0, 32])
    add(r2, r2, r6)  # r2: the glyph's first row
    ldr(r7, [r0, 16])  # r7: the colour
    ldr(r3, [r0, 12])  # r3: rows left
    ldr(r6, [r0, 0])
    add(r1, r1, r6)  # r1: the row's first pixel
    label(ROW)
    ldrb(r4, [r2, 0])
    lsl(r4, r4, 24)  # r4: the row's bits from the top bit down
    ldr(r6, [r0, 20])
    cmp(r6, 1)
    beq(ONE)
    ldrb(r6, [r2, 1])
    lsl(r6, r6, 16)
    orr(r4, r6)
    label(ONE)
    ldr(r5, [r0, 8])  # r5: pixels left in the row
    mov(r6, r1)
    label(PIX)
    add(r4, r4, r4)  # the next pixel's bit into the carry
    bcc(SKIP)
    strb(r7, [r6, 0])
    label(SKIP)
    add(r6, 1)
    sub(r5, 1)
    bne(PIX)
    ldr(r6, [r0, 20])
    add(r2, r2, r6)
    ldr(r6, [r0, 4])
    add(r1, r1, r6)
    sub(r3, 1)
    bne(ROW)
    ldr(r6, [r0, 0])
    ldr(r5, [r0, 8])
    add(r6, r6, r5)
    str(r6, [r0, 0])


@micropython.asm_thumb
def glyphs(r0, r1, r2, r3):
    """``glyphs(g, frame, s, ascii)``: ``glyph`` for each character of str
    ``s`` from its byte ``g[9]`` on while it is ASCII and ``g[10]`` (the
    characters left) is above 0, each the glyph ``ascii`` (128 bytes)
    names, of the font at address ``g[11]``; ``g[9]`` and ``g[10]`` follow.
    Returns the characters left: above 0, ``s`` goes on with a character
    beyond ASCII, for the caller. ``g[12..14]`` are its own. Its row loop
    is ``glyph``'s again: the inline assembler has no call to another function,
    and one routine for both made each string's Python loop slower."""
    str(r1, [r0, 48])  # g[12]: the frame
    str(r2, [r0, 52])  # g[13]: the string's bytes
    str(r3, [r0, 56])  # g[14]: the glyph index of each ASCII code
    label(CHAR)
    ldr(r4, [r0, 40])
    cmp(r4, 0)
    beq(DONE)
    ldr(r5, [r0, 36])
    ldr(r6, [r0, 52])
    add(r6, r6, r5)
    ldrb(r6, [r6, 0])  # r6: the next byte
    cmp(r6, 128)
    bge(DONE)
    sub(r4, 1)
    str(r4, [r0, 40])
    add(r5, 1)
    str(r5, [r0, 36])
    ldr(r5, [r0, 56])
    add(r5, r5, r6)
    ldrb(r6, [r5, 0])  # r6: its glyph
    ldr(r5, [r0, 28])
    mul(r6, r5)
    ldr(r2, [r0, 44])
    add(r2, r2, r6)
    ldr(r6, [r0, 32])
    add(r2, r2, r6)  # r2: the glyph's first row
    ldr(r1, [r0, 48])
    ldr(r6, [r0, 0])
    add(r1, r1, r6)  # r1: the row's first pixel
    ldr(r7, [r0, 16])  # r7: the colour
    ldr(r3, [r0, 12])  # r3: rows left
    label(ROW)
    ldrb(r4, [r2, 0])
    lsl(r4, r4, 24)
    ldr(r6, [r0, 20])
    cmp(r6, 1)
    beq(ONE)
    ldrb(r6, [r2, 1])
    lsl(r6, r6, 16)
    orr(r4, r6)
    label(ONE)
    ldr(r5, [r0, 8])
    mov(r6, r1)
    label(PIX)
    add(r4, r4, r4)
    bcc(SKIP)
    strb(r7, [r6, 0])
    label(SKIP)
    add(r6, 1)
    sub(r5, 1)
    bne(PIX)
    ldr(r6, [r0, 20])
    add(r2, r2, r6)
    ldr(r6, [r0, 4])
    add(r1, r1, r6)
    sub(r3, 1)
    bne(ROW)
    ldr(r6, [r0, 0])
    ldr(r5, [r0, 8])
    add(r6, r6, r5)
    str(r6, [r0, 0])  # the pen a cell on
    b(CHAR)
    label(DONE)
    ldr(r0, [r0, 40])


@micropython.asm_thumb
def address(r0):
    """The address of buffer ``r0``'s data (for ``glyphs``'s ``g[11]``)."""
    mov(r1, r0)


@micropython.asm_thumb
def byte_at(r0, r1):
    """``byte_at(s, k)``: byte ``k`` of str (or buffer) ``s``'s data, without
    making a 1-char str (for ``app.kit.text``; ``k`` must be inside it)."""
    add(r0, r0, r1)
    ldrb(r0, [r0, 0])


def check():
    """True when the loops above give known answers (machine code present
    and right); anything raised on a runtime without the inline assembler is
    the caller's cue to fall back."""
    from array import array

    frame = bytearray(b"\x00\x01\x02\x03\x01\x00\x03\x02")  # 4 x 2
    pal = bytearray(512)
    for i in range(4):
        pal[2 * i] = 0x10 + i
        pal[2 * i + 1] = 0xA0 + i
    out = bytearray(12)
    expand(array("i", (1, 2, 2, 2)), frame, out, pal)  # even width
    if out != b"\x11\xa1\x12\xa2\x10\xa0\x13\xa3\x00\x00\x00\x00":
        return False
    expand(array("i", (0, 3, 2, 1)), frame, out, pal)  # odd width
    if out != b"\x10\xa0\x11\xa1\x12\xa2\x11\xa1\x10\xa0\x13\xa3":
        return False
    sums = bytearray(8)
    row_sums(array("i", (1, 2)), frame, sums)
    if sums[0:4] == sums[4:8] or sums == bytearray(8):
        return False
    other = bytearray(sums)
    other[5] ^= 1  # row 1 differs
    g = array("i", (0, 2, 1))
    if next_row(g, sums, other) != 1 or next_row(g, sums, sums) != 2:
        return False
    g[2] = 0
    if next_row(g, sums, other) != 0 or next_row(array("i", (1, 2, 0)), sums, other) != 2:
        return False
    # A 10 x 2 glyph (two bytes a row) at (1, 1) of a 12 x 4 frame of 7s:
    # the second of two 4-byte glyphs after a 3-byte start.
    frame = bytearray(b"\x07" * 48)
    g = array("i", (13, 12, 10, 2, 9, 2, 1, 4, 3))
    glyph(g, frame, b"\xff\xff\xff\xff\xff\xff\xff\x81\x40\x00\xc0")
    want = bytearray(b"\x07" * 48)
    for i in (13, 20, 22, 33, 34):
        want[i] = 9
    if frame != want or g[0] != 23:
        return False
    # Two 4 x 2 glyphs "a" (glyph 1) at (1, 1) and (5, 1), then a stop at
    # the club, one character left.
    font = b"\x00\x00\x90\x60"
    ascii_ = bytearray(128)
    ascii_[0x61] = 1
    frame = bytearray(b"\x07" * 48)
    g = array("i", (13, 12, 4, 2, 9, 1, 0, 2, 0, 0, 3, address(font), 0, 0, 0))
    if glyphs(g, frame, "aa\u2663", ascii_) != 1 or g[9] != 2 or g[10] != 1 or g[0] != 21:
        return False
    want = bytearray(b"\x07" * 48)
    for i in (13, 16, 26, 27, 17, 20, 30, 31):
        want[i] = 9
    if frame != want:
        return False
    s = "a\u2663"  # UTF-8 61 e2 99 a3
    return byte_at(s, 0) == 0x61 and byte_at(s, 1) == 0xE2 and byte_at(s, 3) == 0xA3
