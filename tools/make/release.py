"""Build a release a player can use: ``make release``.

    python tools/make/release.py [--out dist] [--boards a,b] [--allow-dirty]

Writes ``dist/picocards-<version>/``:

- ``picocards-<version>-<board>.uf2``: the frozen firmware image of each board
  in boards/ (tools/make/firmware.py), to drag onto the Pico's drive, and
  ``picocards-<version>-<board>-rp2350.uf2`` the same for a Pico 2 (RP2350),
  built from the same source but not yet tested on hardware (the emulator
  runs only the RP2040);
- ``picocards-<version>-web.zip``: the web page (tools/web/build_web.py) in
  one folder, to unpack and serve from any static server;
- ``INSTALL.txt``: which file for which board and how to put it on a Pico;
- ``SHA256SUMS``: the SHA-256 of every other file (``sha256sum -c SHA256SUMS``).

The version is host_sim.version's (pyproject.toml's number and the commit), and
every image says it. Same commit, same bytes: the images are built with fixed
dates (tools/make/firmware.py), and the zip's entries are sorted, dated
1980-01-01 and without owners. A tree with uncommitted changes is refused
(its files would not match any commit) unless ``--allow-dirty``.

Exit status: 0 written, 1 a build failed, 2 bad arguments or a dirty tree.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import boards  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools", "make"))
import firmware  # noqa: E402
from host_sim import version as version_mod  # noqa: E402

FIRMWARE_OUT = os.path.join(ROOT, "build", "firmware")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

INSTALL = """\
Pico Cards {version}
{underline}

A pocket card console for the Raspberry Pi Pico: Clubbed, Klaberjass and
Clubs against computer players.

Which file
----------
Pick the image for the board your Pico is fitted to:

{table}

The images without "rp2350" run on a Raspberry Pi Pico or Pico H (RP2040).
A Pico W takes the same image (its radio is not used). The "-rp2350" images
are for a Pico 2 (RP2350): built from the same source, not yet tested on
hardware.

Putting it on the Pico
----------------------
1. Unplug the Pico. Hold down its white BOOTSEL button and plug it into
   your computer's USB port; let go of the button.
2. A drive called RPI-RP2 appears (RP2350 on a Pico 2). Drag the .uf2 file
   for your board onto it.
3. The Pico restarts by itself (the drive goes away). After a second the
   screen shows PICO CARDS with a fan of four aces, the name of a game and
   the menu: New game, Rules, Settings, Statistics.

Saved games and statistics live on the Pico's own flash and survive putting
a newer image on it the same way.

Check a download with:   sha256sum -c SHA256SUMS

In a browser
------------
picocards-{version}-web.zip holds the same console as a web page. Unpack it
and serve the folder from any static web server, for example
    python3 -m http.server -d picocards-{version}-web 8000
then open http://127.0.0.1:8000/ (opening index.html as a file does not work:
browsers do not run the page's worker from a file).
"""


def fail(msg, status=2):
    print("release: %s" % msg, file=sys.stderr)
    raise SystemExit(status)


def image_name(ver, board, chip):
    """The release's file name of ``board``'s image for ``chip``."""
    return "picocards-%s-%s%s.uf2" % (ver, board, firmware.CHIPS[chip][1])


def board_table(names, ver, chips=("rp2040",)):
    """INSTALL.txt's table: the image's file name and the board, for each of
    ``names`` and ``chips``, release ``ver``."""
    rows = []
    for chip in chips:
        for n in names:
            b = boards.load(n)
            d = b["display"]
            rows.append((image_name(ver, n, chip), "%s (%dx%d screen)%s" % (
                b["name"], d["width"], d["height"], ", Pico 2" if chip == "rp2350" else "")))
    width = max(len(f) for f, _ in rows)
    return "\n".join("  %-*s  %s" % (width, f, what) for f, what in rows)


def zip_tree(src, dest, prefix):
    """Zip folder ``src`` into ``dest`` with every entry under ``prefix/``:
    sorted, fixed dates and modes, so that the same files give the same bytes."""
    entries = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames.sort()
        for f in filenames:
            full = os.path.join(dirpath, f)
            rel = os.path.relpath(full, src).replace(os.sep, "/")
            if rel == ".picocards-web":  # build_web's own marker
                continue
            entries.append((rel, full))
    entries.sort()
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, full in entries:
            info = zipfile.ZipInfo("%s/%s" % (prefix, rel), ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(full, "rb") as f:
                z.writestr(info, f.read())


def sha256sums(folder):
    """Write ``folder``/SHA256SUMS over its other files; returns its text."""
    lines = []
    for name in sorted(os.listdir(folder)):
        if name == "SHA256SUMS":
            continue
        with open(os.path.join(folder, name), "rb") as f:
            lines.append("%s  %s\n" % (hashlib.sha256(f.read()).hexdigest(), name))
    text = "".join(lines)
    with open(os.path.join(folder, "SHA256SUMS"), "w") as f:
        f.write(text)
    return text


def ours(name):
    """True for a file name this tool writes into a release folder."""
    return name.startswith("picocards-") or name in ("INSTALL.txt", "SHA256SUMS")


def fresh_folder(path):
    """Empty ``path`` if it holds only what this tool writes, make it if
    missing; refuse anything else."""
    if os.path.lexists(path):
        if not os.path.isdir(path) or os.path.islink(path):
            fail("%s is in the way (not a release folder)" % path)
        others = [n for n in os.listdir(path) if not ours(n)]
        if others:
            fail("%s holds files that are not a release's (%s): not touching it"
                 % (path, ", ".join(sorted(others)[:3])))
        shutil.rmtree(path)
    try:
        os.makedirs(path)
    except OSError as e:  # --out a file, or a folder that cannot be written
        fail("cannot make %s: %s" % (path, e.strerror or e))


def run(cmd, what):
    """Run ``cmd`` (a list) from the repository root; exit 1 saying ``what``
    failed if it does."""
    r = subprocess.run(cmd, cwd=ROOT)
    if r.returncode != 0:
        fail("%s failed (exit %d)" % (what, r.returncode), status=1)


def main(argv=None):
    p = argparse.ArgumentParser(prog="tools/make/release.py",
                                description="Build the firmware images, the web page zip, "
                                            "INSTALL.txt and SHA256SUMS into --out.")
    p.add_argument("--out", default=os.path.join(ROOT, "dist"),
                   help="parent folder of picocards-<version>/ (default: dist)")
    p.add_argument("--boards", help="comma-separated boards (default: every board in boards/)")
    p.add_argument("--allow-dirty", action="store_true",
                   help="build from a tree with uncommitted changes")
    p.add_argument("--chips", default="rp2040,rp2350",
                   help="comma-separated chips to build images for (default: %(default)s)")
    p.add_argument("--firmware-args", default="",
                   help="more arguments for tools/make/firmware.py (e.g. --kit DIR)")
    args = p.parse_args(argv)

    names = boards.names()
    if args.boards:
        wanted = [b.strip() for b in args.boards.split(",") if b.strip()]
        unknown = [b for b in wanted if b not in names]
        if unknown or not wanted:
            fail("unknown board %s (one of %s)" % (", ".join(unknown) or "''", ", ".join(names)))
        names = wanted
    chips = [c.strip() for c in args.chips.split(",") if c.strip()]
    if not chips or any(c not in firmware.CHIPS for c in chips):
        fail("unknown chip in %r (of %s)" % (args.chips, ", ".join(sorted(firmware.CHIPS))))
    ver = version_mod.version()
    if ver.endswith(".dirty") and not args.allow_dirty:
        fail("the tree has uncommitted changes (%s): commit them, or --allow-dirty" % ver)
    dest = os.path.join(os.path.abspath(args.out), "picocards-%s" % ver)
    fresh_folder(dest)

    py = sys.executable
    builds = [(chip, n) for chip in chips for n in names]
    for i, (chip, n) in enumerate(builds, 1):
        # A build takes minutes; the count tells the reader how many remain.
        print("release: image %d of %d, %s (%s)" % (i, len(builds), n, chip), flush=True)
        run([py, "tools/make/firmware.py", "--board", n, "--chip", chip]
            + args.firmware_args.split(), "the firmware build for %s (%s)" % (n, chip))
        shutil.copyfile(firmware.uf2_path(n, FIRMWARE_OUT, chip),
                        os.path.join(dest, image_name(ver, n, chip)))

    print("release: web page", flush=True)
    web = os.path.join(ROOT, "build", "release-web")
    run([py, "tools/web/build_web.py", "--out", web], "the web page build")
    zip_tree(web, os.path.join(dest, "picocards-%s-web.zip" % ver), "picocards-%s-web" % ver)

    title = "Pico Cards %s" % ver
    with open(os.path.join(dest, "INSTALL.txt"), "w") as f:
        f.write(INSTALL.format(version=ver, underline="=" * len(title),
                               table=board_table(names, ver, chips)))
    sha256sums(dest)
    print("release: wrote %s" % os.path.relpath(dest, os.getcwd()))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
