"""Write firmware/rulebook.txt, the text the console's Rules screen pages
through, from the player's guides docs/rules/console/*.md (one per game: "How
to play", "Scoring" and "Tips" in a player's words). The full rule book with
its rule IDs, docs/rules/*.md, stays in the docs.

    python tools/make/gen_rules_text.py           # write firmware/rulebook.txt
    python tools/make/gen_rules_text.py --check   # exit 1 if it is out of date

A guide is Markdown kept simple: ``# Game`` (its name: the screen's title
says it), ``## Part`` for each part, paragraphs, and ``- `` items (shown
with a bullet, one after another without a blank line). It may hold no
rule ID (the screen is for players), no backquote, and nothing before its
first part. A bad guide is one line on stderr and exit status 1.

The file (UTF-8; its name is longer than MicroPython interns) is one
section per game: a line ``@key`` (the game's ``rules`` key in app/games.py,
lower case) starts it; then one paragraph per line: ``# Part`` (never
followed by an empty line: the part's first page starts with its text),
text, or an empty line between paragraphs. app/rules_screen.py reads it a
paragraph at a time (each line at most MAX_LINE bytes), so the text never
sits in the heap.
Exit status: 0 done (or up to date), 1 out of date or a bad guide, 2 bad usage.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "firmware", "rulebook.txt")
GUIDES = os.path.join(ROOT, "docs", "rules", "console")
BOOKS = (("clubbed", "clubbed.md"), ("klaberjass", "klaberjass.md"), ("clubs", "clubs.md"))
MAX_LINE = 1024  # bytes per paragraph line, the reader's bound (app.rules_screen)
RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")  # CB-4, KJ-11, PC-7: the rule book's IDs
BULLET = "\u2022 "


def plain(s):
    """Markdown emphasis and line breaks taken out of ``s``."""
    s = " ".join(s.split())
    s = s.replace("**", "")
    s = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"\1", s)
    return s


def section(key, md, name="guide"):
    """The lines of ``key``'s section of the rule file for the guide text
    ``md``; ValueError saying what is wrong with a bad guide (``name``: the
    file, for the message)."""
    lines = ["@" + key]
    for chunk in re.split(r"\n\s*\n", md.strip()):
        chunk = chunk.strip()
        where = "%s: %r" % (name, chunk[:40])
        if RULE_ID.search(chunk):
            raise ValueError("%s holds a rule ID (%s): the console speaks a player's words"
                             % (where, RULE_ID.search(chunk).group(0)))
        if "`" in chunk:
            raise ValueError("%s holds a backquote" % where)
        if chunk.startswith("# "):
            continue
        if chunk.startswith("## "):
            if len(lines) > 1:
                lines.append("")
            lines.append("# " + plain(chunk[3:]))
            continue
        if len(lines) == 1:
            raise ValueError("%s: text before the first part (## Part)" % where)
        if lines[-1][:2] != "# ":
            lines.append("")
        if chunk.startswith("- "):
            lines += [BULLET + plain(it) for it in re.split(r"\n- ", chunk[2:])]
        else:
            lines.append(plain(chunk))
    if len(lines) == 1:
        raise ValueError("%s has no part (## Part)" % name)
    return lines


def generate():
    """The full text of the rule file; ValueError for a bad guide."""
    lines = []
    for key, name in BOOKS:
        path = os.path.join(GUIDES, name)
        with open(path, encoding="utf-8") as f:
            lines += section(key, f.read(), os.path.relpath(path, ROOT))
    for ln in lines:
        if len(ln.encode("utf-8")) + 1 > MAX_LINE:
            raise ValueError("a paragraph is over %d bytes: %r" % (MAX_LINE, ln[:60]))
    return "\n".join(lines) + "\n"


def main(argv):
    if argv not in ([], ["--check"]):
        print("usage: gen_rules_text.py [--check]", file=sys.stderr)
        return 2
    try:
        new = generate()
    except (OSError, ValueError) as e:
        print("gen_rules_text: %s" % e, file=sys.stderr)
        return 1
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
