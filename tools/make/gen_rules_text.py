"""Write firmware/rulebook.txt, the text the console's Rules screen pages
through, from the rule book docs/rules/*.md, so that the screen shows the
whole rule book and says what the book says.

    python tools/make/gen_rules_text.py           # write firmware/rulebook.txt
    python tools/make/gen_rules_text.py --check   # exit 1 if it is out of date

What is taken from each book: the introduction, every section of rules (its
heading and each rule, with its ID as a tag the screen does not draw) and
the variants written into the rules; not the worked examples, the tables or
paragraphs that name files of the repository (they hold backquotes).

The file (UTF-8; its name is longer than MicroPython interns) is one
section per game: a line ``@key`` (the game's ``rules`` key in app/games.py,
lower case) starts it; then one paragraph
per line: ``# Heading``, ``ID Title. text`` for a rule (the ID shown, as the
table's messages cite it: "you must play (CB-3)"), plain text, or an empty
line between paragraphs. app/rules_screen.py reads it a paragraph at a time
(each line at most MAX_LINE bytes), so the rules never sit in the heap.
Exit status: 0 done (or up to date), 1 out of date, 2 bad usage.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "firmware", "rulebook.txt")
BOOKS = (("clubbed", "clubbed.md"), ("klaberjass", "klaberjass.md"), ("clubs", "clubs.md"))
SKIP_SECTIONS = ("worked", "line by line", "variants")  # headings holding these words
MAX_LINE = 1024  # bytes per paragraph line, the reader's bound (app.rules_screen)

RULE = re.compile(r"^\*\*((?:CB|KJ|PC)-\d+) (.+?)\*\* ?(.*)$", re.S)


def plain(s):
    """Markdown emphasis and line breaks taken out of ``s``."""
    s = " ".join(s.split())
    s = s.replace("**", "")
    s = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"\1", s)
    return s


def blocks(md):
    """The book's blocks: (kind, text) with kind 'h1', 'h2', 'item', 'para',
    'other' (tables, examples, code), in order."""
    out = []
    for chunk in re.split(r"\n\s*\n", md):
        chunk = chunk.strip("\n")
        if not chunk.strip():
            continue
        if chunk.startswith("# "):
            out.append(("h1", chunk[2:].strip()))
        elif chunk.startswith("## "):
            out.append(("h2", chunk[3:].strip()))
        elif chunk.startswith("- "):
            # Items: a line starting "- " begins one; indented lines continue it.
            items = re.split(r"\n(?=- )", chunk)
            for it in items:
                out.append(("item", it[2:]))
        elif chunk.lstrip()[0] in "|<`" or "`" in chunk:
            out.append(("other", chunk))
        elif out and out[-1][0] == "item" and chunk.startswith("  "):
            # A rule's own further paragraph, then maybe the next rules.
            more = re.split(r"\n(?=- )", chunk)
            out[-1] = ("item", out[-1][1] + "\n\n" + more[0])
            out += [("item", it[2:]) for it in more[1:]]
        else:
            out.append(("para", chunk))
    return out


def section(key, md):
    """The lines of ``key``'s section of the rule file for the book text ``md``."""
    lines = ["@" + key]
    skipping = False
    for kind, text in blocks(md):
        if kind == "h1":  # the game's name: the screen's title bar says it
            continue
        if kind == "h2":
            skipping = any(w in text.lower() for w in SKIP_SECTIONS)
            if not skipping:
                lines += ["", "# " + text]
            continue
        if skipping or kind == "other" or "`" in text:
            continue
        if kind == "item":
            m = RULE.match(text)
            if m:
                body = _item_body(m.group(3))
                lines += ["", "%s %s %s" % (m.group(1), plain(m.group(2)), body)]
            else:
                lines += ["", plain(text)]
        else:
            lines += ["", plain(text)]
    del lines[1]  # no blank line before the first paragraph
    return lines


def _item_body(text):
    # A rule's numbered steps (1. 2. ...) and extra paragraphs become one
    # paragraph: the screen wraps it.
    parts = [p.strip() for p in re.split(r"\n\s*\n", text)]
    out = []
    for p in parts:
        p = re.sub(r"\n\s*(\d)\. ", r" (\1) ", "\n" + p).strip()
        out.append(plain(p))
    return " ".join(out)


def generate():
    """The full text of the rule file."""
    lines = []
    for key, name in BOOKS:
        with open(os.path.join(ROOT, "docs", "rules", name), encoding="utf-8") as f:
            lines += section(key, f.read())
    for ln in lines:
        if len(ln.encode("utf-8")) + 1 > MAX_LINE:
            raise ValueError("a paragraph is over %d bytes: %r" % (MAX_LINE, ln[:60]))
    return "\n".join(lines) + "\n"


def main(argv):
    if argv not in ([], ["--check"]):
        print("usage: gen_rules_text.py [--check]", file=sys.stderr)
        return 2
    new = generate()
    try:
        with open(OUT, encoding="utf-8") as f:
            old = f.read()
    except OSError:
        old = None
    if argv == ["--check"]:
        if old != new:
            print("gen_rules_text: firmware/rulebook.txt is out of date "
                  "(run tools/make/gen_rules_text.py)", file=sys.stderr)
            return 1
        return 0
    if old != new:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(new)
        print("wrote firmware/rulebook.txt (%d bytes)" % len(new.encode("utf-8")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
