"""Generate firmware/app/kit/fontdata.py and firmware/fonts.bin from the Terminus
Font bitmap (OTB) files.

    .venv/bin/python tools/make/gen_font.py            # write both files
    .venv/bin/python tools/make/gen_font.py --check    # exit 1 if either is stale

Reads terminus-normal.otb / terminus-bold.otb (Debian package
fonts-terminus-otb, SIL Open Font License 1.1) with Pillow, which renders
their bitmap strikes exactly, and writes one fixed-cell font per entry of
FONTS. Each font becomes a tuple ``(w, h, chars, offset)`` in fontdata.py:

* ``w``, ``h``: cell width and height in pixels (every glyph advances by w);
* ``chars``: str of the characters covered, glyph i is ``chars[i]``;
* ``offset``: where the font's glyphs start in fonts.bin. Glyph i is the
  ``size = h * ((w + 7) // 8)`` bytes at ``offset + i * size``, in framebuf
  MONO_HLSB format: ``h`` rows of ``(w + 7) // 8`` bytes, most significant
  bit = leftmost pixel, 1 = ink.

The glyphs are a file, not a bytes constant, on purpose: a constant of a
.mpy module lives in the Pico's heap (6.5 KB for these fonts), while app.kit.text
reads each glyph from the file as it draws it (tools/bench/mem_report.py). The file
sits in the folder that holds the ``app`` package (the board's root).

The output depends only on the font files and this script (no dates, no
paths), so ``--check`` can compare it byte for byte.
"""

import argparse
import gzip
import re
import struct
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "firmware" / "app" / "kit" / "fontdata.py"
BIN = ROOT / "firmware" / "fonts.bin"  # fontdata.FILE, next to the app package
FONT_DIR = Path("/usr/share/fonts/opentype/terminus")
DEBIAN_CHANGELOG = Path("/usr/share/doc/fonts-terminus-otb/changelog.Debian.gz")

# The Terminus Font release the committed fontdata.py was generated from (the
# OTB name table only says "Version 001.000"). Update when regenerating from
# another release.
TERMINUS_VERSION = "4.48"

ASCII = "".join(chr(c) for c in range(32, 127))
# Digits, capitals and punctuation only (space .. underscore): lowercase falls
# back to capitals in app.kit.text, so BIG stays small in RAM.
ASCII_UPPER = "".join(chr(c) for c in range(32, 96))
SUITS = "\u2663\u2666\u2665\u2660"  # clubs diamonds hearts spades
# Menu cursors/scroll marks, navigation arrows, bullet, times, ellipsis, check.
SYMBOLS = "\u25c4\u25ba\u25b2\u25bc\u2190\u2192\u2191\u2193\u2022\u00d7\u2026\u2713"

# (name in fontdata, OTB file, pixel size, characters, purpose)
FONTS = (
    ("SMALL", "terminus-normal.otb", 12, ASCII + SUITS + SYMBOLS, "body text"),
    ("BOLD", "terminus-bold.otb", 16, ASCII + SUITS + SYMBOLS, "card ranks/suits, headings"),
    (
        "BIG",
        "terminus-bold.otb",
        24,
        ASCII_UPPER + SUITS + "\u25c4\u25ba",
        "titles, large card indices (no lowercase)",
    ),
)


# At 6x12 Terminus draws the spade and the club as two small stemmed shapes
# that players mistake for each other on a 1.14" screen. SMALL takes these two
# redrawn here instead: the spade one solid arrowhead, the club three lobes
# with gaps between them. Same cell, same place as the Terminus glyphs.
REDRAWN = {
    ("SMALL", "\u2660"): (
        "......", "......", "..#...", ".###..", "#####.", "#####.",
        "#####.", "##.##.", "..#...", ".###..", "......", "......",
    ),
    ("SMALL", "\u2663"): (
        "......", "......", ".###..", ".###..", "..#...", "##.##.",
        "#####.", "##.##.", "..#...", ".###..", "......", "......",
    ),
}


def _tables(data):
    """{tag: (offset, length)} of an sfnt (OTB/TTF) file."""
    (num,) = struct.unpack_from(">H", data, 4)
    out = {}
    for i in range(num):
        tag, _, off, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        out[tag.decode("latin-1")] = (off, length)
    return out


def cmap_codepoints(data):
    """Set of code points the font's Unicode cmap maps to a real glyph."""
    base, _ = _tables(data)["cmap"]
    _, n = struct.unpack_from(">HH", data, base)
    subtables = {}
    for i in range(n):
        pid, eid, off = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        fmt = struct.unpack_from(">H", data, base + off)[0]
        subtables[(pid, eid, fmt)] = base + off
    points = set()
    for key, sub in subtables.items():
        if key[2] == 12:
            (ngroups,) = struct.unpack_from(">I", data, sub + 12)
            for g in range(ngroups):
                start, end, gid = struct.unpack_from(">III", data, sub + 16 + 12 * g)
                points.update(c for c in range(start, end + 1) if gid + c - start)
        elif key[2] == 4:
            segx2 = struct.unpack_from(">H", data, sub + 6)[0]
            ends = sub + 14
            starts = ends + segx2 + 2
            deltas = starts + segx2
            ranges = deltas + segx2
            for s in range(segx2 // 2):
                (end,) = struct.unpack_from(">H", data, ends + 2 * s)
                (start,) = struct.unpack_from(">H", data, starts + 2 * s)
                (delta,) = struct.unpack_from(">h", data, deltas + 2 * s)
                (roff,) = struct.unpack_from(">H", data, ranges + 2 * s)
                for c in range(start, min(end, 0xFFFE) + 1):
                    if roff == 0:
                        gid = (c + delta) & 0xFFFF
                    else:
                        at = ranges + 2 * s + roff + 2 * (c - start)
                        gid = struct.unpack_from(">H", data, at)[0]
                        gid = (gid + delta) & 0xFFFF if gid else 0
                    if gid:
                        points.add(c)
    return points


def name_string(data, name_id):
    """A string from the font's name table (Windows/Unicode first), or ''."""
    base, _ = _tables(data)["name"]
    _, count, strings = struct.unpack_from(">HHH", data, base)
    found = {}
    for i in range(count):
        pid, _, _, nid, length, off = struct.unpack_from(">6H", data, base + 6 + 12 * i)
        if nid == name_id:
            raw = data[base + strings + off : base + strings + off + length]
            found[pid] = raw.decode("utf-16-be" if pid in (0, 3) else "latin-1")
    for pid in (3, 0, 1):
        if pid in found:
            return found[pid].strip()
    return ""


def render_font(path, size, chars):
    """(w, h, rows) for one font: rows[i] is glyph i as h strings of '#'/'.'."""
    data = path.read_bytes()
    covered = cmap_codepoints(data)
    missing = [c for c in chars if ord(c) not in covered]
    if missing:
        raise SystemExit(
            "%s has no glyph for %s" % (path.name, " ".join("U+%04X" % ord(c) for c in missing))
        )
    font = ImageFont.truetype(str(path), size)
    ascent, descent = font.getmetrics()
    w, h = int(font.getlength("M")), ascent + descent
    glyphs = []
    for ch in chars:
        if font.getlength(ch) != w:
            raise SystemExit("%s %d: %r is not %d px wide" % (path.name, size, ch, w))
        # Draw into a 3x3-cell canvas at the middle cell, so ink outside the
        # cell (which a fixed-cell font must not have) would be seen.
        img = Image.new("1", (3 * w, 3 * h), 0)
        ImageDraw.Draw(img).text((w, h), ch, font=font, fill=1)
        px = img.load()
        inked = [(x, y) for y in range(3 * h) for x in range(3 * w) if px[x, y]]
        if any(not (w <= x < 2 * w and h <= y < 2 * h) for x, y in inked):
            raise SystemExit("%s %d: %r draws outside its cell" % (path.name, size, ch))
        glyphs.append(
            ["".join("#" if px[w + x, h + y] else "." for x in range(w)) for y in range(h)]
        )
    return w, h, glyphs


def pack_hlsb(rows):
    """MONO_HLSB bytes of one glyph given as strings of '#'/'.'."""
    out = bytearray()
    for row in rows:
        for b in range(0, len(row), 8):
            byte = 0
            for i, c in enumerate(row[b : b + 8]):
                if c == "#":
                    byte |= 0x80 >> i
            out.append(byte)
    return bytes(out)


def str_literal(s):
    """A str literal with non-ASCII characters as \\u escapes (ASCII-only file)."""
    out = []
    for c in s:
        if c in '\\"':
            out.append("\\" + c)
        elif 32 <= ord(c) < 127:
            out.append(c)
        else:
            out.append("\\u%04x" % ord(c))
    return '"' + "".join(out) + '"'


def generate(font_dir=FONT_DIR):
    """The full text of fontdata.py and the bytes of fonts.bin, as a pair."""
    normal = (font_dir / "terminus-normal.otb").read_bytes()
    copyright_ = name_string(normal, 0) or "Copyright (C) Dimitar Toshkov Zhekov"
    lines = [
        "# fontdata.py: GENERATED by tools/make/gen_font.py -- do not edit; rerun the tool.",
        "#",
        "# Bitmap glyphs converted from Terminus Font %s (terminus-normal.otb," % TERMINUS_VERSION,
        "# terminus-bold.otb). %s." % copyright_.rstrip("."),
        '# Reserved Font Name "Terminus Font". This file and fonts.bin are a converted',
        "# subset of the font and are licensed under the SIL Open Font License, Version",
        "# 1.1 (SPDX: OFL-1.1, https://openfontlicense.org), not under the project's",
        "# licence. SMALL's spade and club are redrawn for legibility (REDRAWN in the tool).",
        "#",
        "# Each font is (w, h, chars, offset): cell width and height in pixels, the",
        "# characters covered (glyph i is chars[i]) and where its glyphs start in",
        "# FILE: glyph i is the h * ((w + 7) // 8) bytes at offset + i * that, in",
        "# framebuf MONO_HLSB format (rows of (w+7)//8 bytes, MSB = leftmost pixel).",
        "# FILE lies in the folder holding the app package. Drawn by app.kit.text.",
        "# ruff: noqa",
        "",
        'FILE = "%s"' % BIN.name,
    ]
    data = bytearray()
    for name, filename, size, chars, purpose in FONTS:
        path = font_dir / filename
        w, h, glyphs = render_font(path, size, chars)
        for i, ch in enumerate(chars):
            rows = REDRAWN.get((name, ch))
            if rows is not None:
                if len(rows) != h or any(len(r) != w for r in rows):
                    raise SystemExit("redrawn %s %r is not %dx%d" % (name, ch, w, h))
                glyphs[i] = list(rows)
        style = "bold" if "bold" in filename else "normal"
        lines += [
            "",
            "# Terminus %d %s, %dx%d cells, %d glyphs, %d bytes: %s."
            % (size, style, w, h, len(chars), len(chars) * h * ((w + 7) // 8), purpose),
            "%s = (%d, %d, %s, %d)" % (name, w, h, str_literal(chars), len(data)),
        ]
        for rows in glyphs:
            data += pack_hlsb(rows)
    return "\n".join(lines) + "\n", bytes(data)


def _warn_version():
    """Warn if the installed Debian package is another Terminus release."""
    try:
        with gzip.open(DEBIAN_CHANGELOG, "rt") as f:
            first = f.readline()
    except OSError:
        return
    m = re.search(r"\((\d+\.\d+)", first)
    if m and m.group(1) != TERMINUS_VERSION:
        print(
            "warning: installed Terminus is %s, TERMINUS_VERSION says %s"
            % (m.group(1), TERMINUS_VERSION),
            file=sys.stderr,
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--check", action="store_true", help="do not write; exit 1 if an output file differs"
    )
    ap.add_argument("--out", type=Path, default=OUT, help="font table (default %(default)s)")
    ap.add_argument("--bin", type=Path, default=BIN, help="glyph file (default %(default)s)")
    ap.add_argument(
        "--font-dir",
        type=Path,
        default=FONT_DIR,
        help="directory holding terminus-*.otb (default %(default)s)",
    )
    args = ap.parse_args(argv)
    _warn_version()
    try:
        text, data = generate(args.font_dir)
    except OSError as e:
        print("gen_font.py: cannot read %s: %s (Debian: apt-get install fonts-terminus-otb)"
              % (e.filename, e.strerror), file=sys.stderr)
        return 2
    if args.check:
        stale = []
        for path, want in ((args.out, text.encode()), (args.bin, data)):
            try:
                current = path.read_bytes()
            except OSError:
                current = None
            if current != want:
                stale.append(str(path))
        if stale:
            print("%s stale: run tools/make/gen_font.py" % " and ".join(stale), file=sys.stderr)
            return 1
        print("%s and %s are up to date" % (args.out, args.bin))
        return 0
    try:
        args.out.write_text(text, encoding="utf-8", newline="\n")
        args.bin.write_bytes(data)
    except OSError as e:
        print("gen_font.py: cannot write %s: %s" % (e.filename, e.strerror), file=sys.stderr)
        return 2
    print("wrote %s (%d bytes) and %s (%d bytes)"
          % (args.out, len(text.encode()), args.bin, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
