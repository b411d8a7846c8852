"""Screenshots of the web page in headless Chromium, for the README and
docs/web.md: a desktop window and a phone in portrait and landscape, at a
Clubbed table (seed 4, A pressed four times as in tools/docs/readme_shots.sh:
by its key on the desktop, by a tap on the phone, so the phone shows the
touch help).

    python tools/docs/web_shots.py [--site build/web] [--out tools/docs/readme]

Writes OUT/web.png (900x600), OUT/web_phone.png (390x844 CSS pixels at 2x)
and OUT/web_phone_landscape.png (844x390 at 2x). Exit status 2 (one line)
when the browser or the site is missing.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))

from webdrive import browse, why_no_site  # noqa: E402

SHOTS = (("web.png", 900, 600, 1, False), ("web_phone.png", 390, 844, 2, True),
         ("web_phone_landscape.png", 844, 390, 2, True))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/docs/web_shots.py")
    p.add_argument("--site", default=os.path.join(ROOT, "build", "web"))
    p.add_argument("--out", default=os.path.join(ROOT, "tools", "docs", "readme"))
    args = p.parse_args(argv)
    reason = why_no_site(args.site)
    if reason:
        print("web_shots: %s" % reason, file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    with browse(args.site) as (d, base):
        for name, w, h, scale, touch in SHOTS:
            d.call("open", url=base + "?clock=virtual&seed=4",
                   viewport={"width": w, "height": h}, scale=scale, touch=touch)
            for _ in range(4):  # A: by touch on a phone, by its key on the desktop
                if touch:
                    d.call("tap", group="z")
                else:
                    d.press("A")
            path = os.path.join(args.out, name)
            d.call("screenshot", path=path)
            print("wrote %s" % os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
