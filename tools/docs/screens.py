"""Screens of each game on each board, from the headless simulator, for
docs/screens.md: one command renders them all and rewrites the page.

    python tools/docs/screens.py                      # docs/screens/*/*.png and docs/screens.md
    python tools/docs/screens.py --repo DIR --out docs/screens/before --no-page
    python tools/docs/screens.py --check              # exit 1 if the page or a PNG is stale

Each shot is a fixed key script (seed 4, as the README's screenshots) run by
``python -m host_sim --mode headless`` in the checkout ``--repo`` (default:
this repository), on each board: 240x135 (Pimoroni Pico Display Pack),
240x240 (Waveshare Pico-LCD-1.3), 128x64 (SSD1306 OLED). The PNGs are scaled
up with whole pixels (2x, 3x for 128x64) and stored with a palette, so the
page stays small. ``--repo`` lets an older checkout render the same shots
(``git worktree add ../base COMMIT``) for the page's "before" column.
A bad argument or a failed run is one line on stderr and exit status 2.
"""

import argparse
import io
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "docs", "screens")
PAGE = os.path.join(ROOT, "docs", "screens.md")
SEED = 4
#: The commit of the "before" screens (docs/screens/before/).
BEFORE = "86847be"

#: (folder, board module, PNG scale, what it is)
BOARDS = (
    ("240x135", "pimoroni_pico_display", 2, "240x135 colour (Pimoroni Pico Display Pack)"),
    ("240x240", "waveshare_pico_lcd_1_3", 2, "240x240 colour (Waveshare Pico-LCD-1.3)"),
    ("128x64", "oled_ssd1306_128x64", 3, "128x64 monochrome (SSD1306 OLED)"),
)

#: (game, keys from the title to the game's title card, [(shot, keys before it, caption)]).
#: The keys of a shot follow the previous shot's; a game's shots are one run,
#: "rules" is a run of its own (the title's second item).
GAMES = (
    ("Clubbed", "", (
        ("title", "", "The title: the game, its menu and the keys."),
        ("turn", "A", "A new game: your turn, the stock, the pile and your hand."),
        ("club", "LEFT A", "You play a club and club West: the lines say what happened."),
        ("draw", "A A", "No card matches the pile: DRAW takes cards from the stock."),
        ("result", "Ax42", "The end of a game: who wins and by how many cards."),
    )),
    ("Klaberjass", "RIGHT", (
        ("title", "", "The title with Klaberjass picked."),
        ("bid", "A A", "Bidding: accept the turned card's suit as trump, or pass."),
        ("trump", "Ax10",
         "A banner: West accepts the turned suit as trump; three more cards each."),
        ("trick", "Ax2", "A trick under way: West has led, your turn to follow suit."),
        ("score", "Ax8", "The deal's score: card points, last trick, sequences, bella."),
    )),
    ("Clubs", "RIGHTx2", (
        ("title", "", "The title with Clubs picked."),
        ("pass", "A", "Passing a card: to the left, and to your partner."),
        ("passed", "Ax2", "A banner: the cards you gave and the cards you got."),
        ("trick", "Ax3", "A trick under way: the others have played, you follow suit."),
        ("bid", "A", "Bidding after your first trick: how many tricks you will win."),
        ("score", "Ax13", "The hand's score, seat by seat."),
    )),
)
RULES = ("rules", "DOWN A", "The first page of the rules.")


def fail(msg):
    print("screens: %s" % msg, file=sys.stderr)
    raise SystemExit(2)


def slug(game):
    return game.lower()


def script(lead, shots, prefix):
    """The key script of one run: ``lead`` then each shot's keys and SHOT."""
    words = lead.split()
    for name, keys, _ in shots:
        words += keys.split() + ["SHOT:%s_%s" % (prefix, name)]
    return " ".join(words)


def runs():
    """``[(board folder, board module, scale, key script)]``: every run, in order."""
    out = []
    for folder, module, scale, _ in BOARDS:
        for game, lead, shots in GAMES:
            out.append((folder, module, scale, script(lead, shots, slug(game))))
            out.append((folder, module, scale, script(lead, (RULES,), slug(game))))
    return out


def small_png(src, dst):
    """``src`` stored at ``dst`` with a palette (the frames have few
    colours, so nothing is lost); returns the bytes written."""
    with Image.open(src) as im:
        rgb = im.convert("RGB")
    colours = rgb.getcolors(256)
    pal = rgb.quantize(colors=256, method=Image.Quantize.MEDIANCUT) if colours else rgb
    if colours:
        # quantize keeps every colour when there are at most 256 of them; check it.
        if pal.convert("RGB").tobytes() != rgb.tobytes():
            pal = rgb
    buf = io.BytesIO()
    pal.save(buf, "PNG", optimize=True)
    with open(dst, "wb") as f:
        f.write(buf.getvalue())
    return len(buf.getvalue())


def render(repo, out):
    """Run every script in checkout ``repo``; PNGs into ``out``/<board>/.
    Returns the total size in bytes."""
    total = 0
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    with tempfile.TemporaryDirectory() as tmp:
        for folder, module, scale, keys in runs():
            shots = os.path.join(tmp, folder)
            cmd = [sys.executable, "-m", "host_sim", "--mode", "headless", "--seed", str(SEED),
                   "--scale", str(scale), "--no-final", "--shots", shots, "--board", module,
                   "--keys", keys]
            r = subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True)
            if r.returncode:
                why = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
                fail("the simulator in %s failed on %s (%s): %s" % (repo, folder, keys, why))
            os.makedirs(os.path.join(out, folder), exist_ok=True)
            for word in keys.split():
                if word.startswith("SHOT:"):
                    name = word[5:] + ".png"
                    total += small_png(os.path.join(shots, name), os.path.join(out, folder, name))
    return total


def page():
    """The text of docs/screens.md: every shot, before and after, one line each."""
    lines = [
        "# Screens of each game on each board",
        "",
        "What the console shows, made by the headless simulator from fixed key",
        "scripts (seed %d) on each board. \"Before\" is the console at commit" % SEED,
        "%s, before the work on presentation; \"after\" is the console as it is." % BEFORE,
        "One command, from the repository root, makes the \"after\" screens and",
        "this page; the \"before\" ones come from a checkout of that commit:",
        "",
        "```sh",
        ".venv/bin/python tools/docs/screens.py",
        "git worktree add ../base %s" % BEFORE,
        ".venv/bin/python tools/docs/screens.py --repo ../base --out docs/screens/before --no-page",
        "```",
        "",
        "`tests/test_screens_doc.py` fails when the \"after\" screens or this page",
        "are not what the simulator shows now (`screens.py --check`).",
        "",
        "The key scripts are in `tools/docs/screens.py` (`GAMES`): a shot is the",
        "screen after its keys, so when a key does something new, the shot shows",
        "something else and its keys are changed there. The PNGs are the frames",
        "scaled up by whole pixels (2x; 3x for 128x64), with a palette.",
        "",
        "Boards: " + "; ".join(what for _, _, _, what in BOARDS) + ".",
        "",
    ]
    before = os.path.join(OUT, "before")
    for game, _, shots in GAMES:
        lines += ["## %s" % game, ""]
        for name, _, caption in shots + (RULES,):
            lines += ["**%s.** %s" % (name.capitalize(), caption), "",
                      "| Board | Before | After |", "| --- | --- | --- |"]
            for folder, _, _, _ in BOARDS:
                file = "%s/%s_%s.png" % (folder, slug(game), name)
                cells = []
                for base, rel in ((before, "screens/before/"), (OUT, "screens/")):
                    there = os.path.exists(os.path.join(base, file))
                    cells.append("![%s %s](%s%s)" % (game, name, rel, file) if there else "-")
                lines.append("| %s | %s | %s |" % (folder, cells[0], cells[1]))
            lines.append("")
    return "\n".join(lines)


def same_pixels(a, b):
    """Whether PNG files ``a`` and ``b`` show the same picture."""
    with Image.open(a) as x, Image.open(b) as y:
        return x.size == y.size and x.convert("RGB").tobytes() == y.convert("RGB").tobytes()


def check(repo):
    """Render into a temporary folder and compare with docs/screens/ and
    docs/screens.md; prints one line per stale file, returns their number."""
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        render(repo, tmp)
        for folder, _, _, keys in runs():
            for word in keys.split():
                if word.startswith("SHOT:"):
                    rel = os.path.join(folder, word[5:] + ".png")
                    have = os.path.join(OUT, rel)
                    if not os.path.exists(have) or not same_pixels(have, os.path.join(tmp, rel)):
                        stale.append(os.path.relpath(have, ROOT))
    if not os.path.exists(PAGE) or open(PAGE).read() != page() + "\n":
        stale.append(os.path.relpath(PAGE, ROOT))
    for f in stale:
        print("screens: %s is not what the simulator shows now" % f, file=sys.stderr)
    if stale:
        print("screens: run python tools/docs/screens.py", file=sys.stderr)
    return len(stale)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/docs/screens.py")
    p.add_argument("--repo", default=ROOT, help="the checkout to render (default: this one)")
    p.add_argument("--out", default=OUT, help="where the PNGs go (default: docs/screens)")
    p.add_argument("--no-page", action="store_true", help="leave docs/screens.md as it is")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if docs/screens/ or the page is stale")
    args = p.parse_args(argv)
    if not os.path.isdir(os.path.join(args.repo, "host_sim")):
        fail("--repo %s is no checkout of this project (no host_sim/)" % args.repo)
    if args.check:
        return 1 if check(os.path.abspath(args.repo)) else 0
    try:
        os.makedirs(args.out, exist_ok=True)  # said now, not after the first run
    except OSError as e:
        fail("cannot put PNGs in --out %s: %s" % (args.out, e.strerror or e))
    total = render(os.path.abspath(args.repo), args.out)
    print("screens: %d runs, %d KB of PNGs in %s" % (len(runs()), total // 1024,
                                                     os.path.relpath(args.out)))
    if not args.no_page:
        with open(PAGE, "w") as f:
            f.write(page() + "\n")
        print("screens: wrote %s" % os.path.relpath(PAGE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
