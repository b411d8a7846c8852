"""Build the static web site that runs the console in a browser (``make web``).

    python tools/web/build_web.py [--out build/web]

Lays out in OUT:

- ``index.html``, ``style.css``, ``main.js``, ``worker.js`` from ``web/``;
- ``mp/micropython.mjs`` and ``mp/micropython.wasm``: MicroPython's
  WebAssembly port from the npm package the tests use (node_modules, see
  package.json), unchanged;
- ``py/``: the Python the worker loads into the port's filesystem: every file
  of ``firmware/`` unchanged (``app``, ``cardgames``, ``players``, ``hw``,
  ``fonts.bin``...), ``boards/*.py``, the browser's hardware layer
  ``web/py/*.py`` and the simulator's key bindings ``host_sim/boardkeys.py``
  (unchanged: the page's keys are the simulator's), and
  ``picocards_version.py`` (tools/make/frozen_gen.py: the version the console
  shows);
- ``files.json``: the version (host_sim.version), the list of ``py/``
  files and the boards (module, name, screen size) with the default one.

Nothing is fetched from the network. OUT is emptied first if this script
made it (a marker file) or it is empty; it may not be or lie inside a source
folder. Bad usage (a missing npm package, an OUT that is not ours) is one line
on stderr and exit status 2.
"""

import argparse
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKER = ".picocards-web"
SITE = ("index.html", "style.css", "main.js", "worker.js")
MP_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
MP_FILES = ("micropython.mjs", "micropython.wasm")
SKIP_DIRS = ("__pycache__",)
sys.path.insert(0, os.path.join(ROOT, "tools", "make"))

import frozen_gen  # noqa: E402


def fail(msg):
    print("build_web: %s" % msg, file=sys.stderr)
    raise SystemExit(2)


def tree_files(src):
    """Relative paths (``/``-separated, sorted) of the files under ``src``,
    without ``__pycache__`` folders and ``.pyc`` files."""
    out = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for f in sorted(filenames):
            if f.endswith(".pyc"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), src)
            out.append(rel.replace(os.sep, "/"))
    return out


def board_list():
    """``[{module, name, width, height}]`` for every board of boards/ the
    page can show, and the default board's module name."""
    sys.path.insert(0, ROOT)
    import boards

    out = []
    for n in boards.names():
        try:
            b = boards.load(n)
        except ValueError as e:
            print("build_web: skipping board %s: %s" % (n, e), file=sys.stderr)
            continue
        d = b["display"]
        if d["controller"] not in ("st7789", "ssd1306"):
            continue
        out.append({"module": n, "name": b["name"], "width": d["width"], "height": d["height"]})
    return out, boards.DEFAULT


def check_out(out):
    """Refuse an OUT that is a source folder or inside one, or a folder of
    someone else's."""
    real = os.path.realpath(out)
    for src in ("firmware", "web", "boards", "host_sim", "tools", "tests", "node_modules"):
        s = os.path.realpath(os.path.join(ROOT, src))
        if real == s or real.startswith(s + os.sep) or s.startswith(real + os.sep):
            fail("--out %s is or holds a source folder (%s)" % (out, src))
    if real == os.path.realpath(ROOT):
        fail("--out may not be the repository itself")
    if os.path.exists(out):
        if not os.path.isdir(out):
            fail("--out %s is not a folder" % out)
        if os.listdir(out) and not os.path.exists(os.path.join(out, MARKER)):
            fail("--out %s is not empty and was not made by this script" % out)


def build(out):
    """Write the site into ``out``; returns the number of ``py/`` files."""
    for f in MP_FILES:
        if not os.path.isfile(os.path.join(MP_PACKAGE, f)):
            fail("node_modules lacks the MicroPython runtime (%s): run `npm ci` (make setup)" % f)
    check_out(out)
    boards_info, default = board_list()
    if os.path.exists(out):
        shutil.rmtree(out)
    try:
        os.makedirs(os.path.join(out, "mp"))
    except OSError as e:
        fail("cannot make --out %s: %s" % (out, e.strerror))
    with open(os.path.join(out, MARKER), "w") as f:
        f.write("made by tools/web/build_web.py; emptied by it on the next build\n")
    for f in SITE:
        shutil.copyfile(os.path.join(ROOT, "web", f), os.path.join(out, f))
    for f in MP_FILES:
        shutil.copyfile(os.path.join(MP_PACKAGE, f), os.path.join(out, "mp", f))
    py = os.path.join(out, "py")
    files = []

    def copy(src, rel):
        dst = os.path.join(py, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(src, dst)
        files.append(rel)

    fw = os.path.join(ROOT, "firmware")
    for rel in tree_files(fw):
        copy(os.path.join(fw, rel), rel)
    for rel in tree_files(os.path.join(ROOT, "boards")):
        if rel.endswith(".py") and "/" not in rel:
            copy(os.path.join(ROOT, "boards", rel), "boards/" + rel)
    for rel in tree_files(os.path.join(ROOT, "web", "py")):
        if rel.endswith(".py") and "/" not in rel:
            copy(os.path.join(ROOT, "web", "py", rel), rel)
    copy(os.path.join(ROOT, "host_sim", "boardkeys.py"), "boardkeys.py")
    from host_sim import version

    ver = version.version(ROOT)
    # The version the console's Statistics pages show, as on the device.
    with open(os.path.join(py, frozen_gen.VERSION_MODULE), "w") as f:
        f.write(frozen_gen.version_source(ver))
    files.append(frozen_gen.VERSION_MODULE)
    manifest = {"files": files, "boards": boards_info, "default": default,
                "version": ver}
    with open(os.path.join(out, "files.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return len(files)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/web/build_web.py",
                                description="Build the static web site into --out.")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "web"),
                   help="output folder (default: build/web)")
    args = p.parse_args(argv)
    n = build(args.out)
    print("web site in %s: %d Python files, %d boards" % (
        os.path.relpath(args.out), n, len(board_list()[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
