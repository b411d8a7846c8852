"""Benchmark of the web page in headless Chromium (``make bench-web``).

    python tools/bench/bench_web.py [--site build/web] [--loads 3] [--presses 50] [--seed 4]

Serves the built site (``make web``) on 127.0.0.1 and loads it in Debian's
Chromium (tools/web/web_driver.mjs) with the real clock, as a player would, and
prints:

- page load to title: ms from navigation start to the first title frame on
  the canvas (fetching and compiling MicroPython, loading the firmware
  files, the splash, importing the app), for each of ``--loads`` fresh loads;
- key press to frame: at a Clubbed table (New game, then LEFT/RIGHT over the
  hand) ms from the key-down event on the page to the next frame drawn on
  the canvas, median and slowest over ``--presses`` presses. This includes
  the device's own 20 ms debounce (hw/buttons.py), as on the Pico;
- the page's longest main-thread gap (between animation frames) over the
  run, computer moves included: the thinking is in the worker.

Exit status 2 (one line) when the browser or the site is missing.
"""

import argparse
import os
import statistics
import sys

from benchkit import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "web"))

from webdrive import browse, why_no_site  # noqa: E402

GAPS = """(() => { const pc = window.picocards; pc.gap = 0; let last = performance.now();
  const f = (t) => { pc.gap = Math.max(pc.gap, t - last); last = t; requestAnimationFrame(f); };
  requestAnimationFrame(f); })()"""


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/bench/bench_web.py",
                                description=__doc__.split("\n")[0])
    p.add_argument("--site", default=os.path.join(ROOT, "build", "web"))
    p.add_argument("--loads", type=int, default=3)
    p.add_argument("--presses", type=int, default=50)
    p.add_argument("--seed", type=int, default=4)
    args = p.parse_args(argv)
    reason = why_no_site(args.site)
    if reason:
        print("bench_web: %s" % reason, file=sys.stderr)
        return 2
    if args.loads < 1 or args.presses < 1:
        print("bench_web: --loads and --presses must be at least 1", file=sys.stderr)
        return 2
    with browse(args.site) as (d, base):
        url = "%s?seed=%d" % (base, args.seed)
        print("Chromium %s, page %s (real clock)" % (d.version, url))
        loads = []
        for _ in range(args.loads):
            r = d.call("open", url=url)
            loads.append(r["titleAt"])
        print("page load to title: %s ms (median %.0f over %d fresh loads)"
              % (", ".join("%.0f" % t for t in loads), statistics.median(loads), len(loads)))
        d.call("eval", expr=GAPS)
        r = d.press("A")  # New game: Clubbed, the computer may move first
        if r["screen"] != "ClubbedScreen":
            print("bench_web: expected a Clubbed table, got %s" % r["screen"], file=sys.stderr)
            return 1
        d.call("eval", expr="window.picocards.latencies = []")
        for i in range(args.presses):
            d.press("RIGHT" if i % 4 < 2 else "LEFT")
        st = d.state()
        lat = st["latencies"]
        if len(lat) != args.presses:
            print("bench_web: %d frames for %d presses" % (len(lat), args.presses),
                  file=sys.stderr)
            return 1
        print("key press to frame at a Clubbed table: median %.1f ms, slowest %.1f ms "
              "(%d presses; includes the 20 ms debounce)"
              % (statistics.median(lat), max(lat), len(lat)))
        # A few moves: the computer thinks in the worker meanwhile.
        for _ in range(6):
            d.press("A")
        print("longest main-thread gap between animation frames: %.0f ms"
              % d.state()["gap"])
    return 0


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    sys.exit(main())
