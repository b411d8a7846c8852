"""Python side of ``tools/web/web_driver.mjs``: the browser tests and the
benchmark drive the web page in headless Chromium through it.

    from webdrive import Driver, browse, why_no_browser, why_no_site
    reason = why_no_site("build/web")    # None, or why the page cannot be opened
    with browse("build/web") as (d, base):  # the site served, one Chromium
        d.call("open", url=base + "?clock=virtual&seed=4")
        d.call("press", key="ArrowRight")
        w, h, rgb = d.canvas_rgb()        # RGB24 bytes, rows top to bottom
"""

import base64
import contextlib
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = "/usr/bin/chromium"
DRIVER = os.path.join(ROOT, "tools", "web", "web_driver.mjs")

#: Logical buttons -> the keys the page maps to them (the simulator's).
KEY = {"LEFT": "ArrowLeft", "RIGHT": "ArrowRight", "UP": "ArrowUp", "DOWN": "ArrowDown",
       "A": "z", "B": "x"}


class DriverError(RuntimeError):
    """A command the driver could not carry out; ``str()`` says why."""


def why_no_browser(chromium=CHROMIUM):
    """None when the browser tests can run, else one line saying why not."""
    if not os.path.exists(chromium):
        return "%s is not installed (apt-get install chromium; .ci/run does)" % chromium
    if shutil.which("node") is None:
        return "node is not installed"
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        return "node_modules lacks playwright-core (npm ci; make setup)"
    return None


def why_no_site(site):
    """None when a browser can open the site built in folder ``site``, else
    one line saying why not (no browser, or no ``make web`` yet)."""
    if not os.path.isfile(os.path.join(site, "index.html")):
        return why_no_browser() or "no site in %s (run make web)" % site
    return why_no_browser()


@contextlib.contextmanager
def browse(site):
    """Serve folder ``site`` on this machine and start one headless Chromium;
    yields ``(Driver, base URL)`` and stops both afterwards."""
    from web_serve import serve_in_thread

    srv, base = serve_in_thread(site)
    try:
        with Driver() as d:
            yield d, base
    finally:
        srv.shutdown()


class Driver:
    """One headless Chromium (``tools/web/web_driver.mjs``) for many pages."""

    def __init__(self, chromium=CHROMIUM):
        self.proc = subprocess.Popen(["node", DRIVER, "--chromium", chromium], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline()
        if not first:
            self.proc.wait(10)
            raise DriverError("the browser driver did not start (exit %s)" % self.proc.returncode)
        self.version = json.loads(first).get("version")

    def call(self, op, **kw):
        """Run command ``op`` (see web_driver.mjs); returns its answer (dict).
        Raises DriverError when it fails."""
        kw["op"] = op
        self.proc.stdin.write(json.dumps(kw) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise DriverError("the browser driver ended during %s" % op)
        reply = json.loads(line)
        if not reply.get("ok"):
            raise DriverError("%s: %s" % (op, reply.get("error")))
        return reply

    def press(self, button):
        """Press the key standing for logical ``button`` (LEFT ... B) and
        wait until the console has settled; returns the answer."""
        return self.call("press", key=KEY[button])

    def canvas_rgb(self):
        """``(width, height, RGB24 bytes)`` of the canvas."""
        c = self.call("canvas")
        rgba = base64.b64decode(c["rgba"])
        rgb = bytearray(len(rgba) // 4 * 3)
        rgb[0::3] = rgba[0::4]
        rgb[1::3] = rgba[1::4]
        rgb[2::3] = rgba[2::4]
        return c["width"], c["height"], bytes(rgb)

    def state(self):
        return self.call("state")["state"]

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"op": "quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(20)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
