"""The console's version, from one place: the number in pyproject.toml, and
the commit it was built from (``git describe``), so that an image, the
simulator and the web page built from one commit all say the same.

    version()   # "0.1.0" on a commit tagged v0.1.0, else "0.1.0+86847be"
                # ("+86847be.dirty" with uncommitted changes; the number
                # alone outside a git checkout)
    install()   # the console (firmware/) says it: picocards_version in sys.modules

On the device the same ``picocards_version`` module is generated at build
time (tools/make/frozen_gen.py): frozen into the image, compiled into the
.mpy install, copied into the web page.
"""

import os
import subprocess
import sys
import types

try:
    import tomllib
except ImportError:  # Python 3.10 and older: the number is read by hand
    tomllib = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def number(root=ROOT):
    """The version number in ``root``'s pyproject.toml ("0.1.0")."""
    path = os.path.join(root, "pyproject.toml")
    with open(path, "rb") as f:
        data = f.read()
    if tomllib is not None:
        return tomllib.loads(data.decode())["project"]["version"]
    for line in data.decode().splitlines():  # pragma: no cover (old Pythons)
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    raise ValueError("no version in %s" % path)


def commit(root=ROOT):
    """``(short hash, dirty, tagged)`` of ``root``'s checkout, or None when it
    is not a git checkout (a source archive) or git is missing."""
    try:
        out = subprocess.run(
            ["git", "describe", "--tags", "--always", "--dirty", "--abbrev=7",
             "--match", "v[0-9]*", "--long"],
            cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    text = out.stdout.strip()
    dirty = text.endswith("-dirty")
    if dirty:
        text = text[:-len("-dirty")]
    parts = text.rsplit("-", 2)
    if len(parts) == 3 and parts[2].startswith("g"):  # v0.1.0-3-gabc1234
        return parts[2][1:], dirty, parts[1] == "0"
    return text, dirty, False  # no tag: the bare hash


def version(root=ROOT):
    """The version string of ``root`` (see the module's docstring)."""
    n = number(root)
    c = commit(root)
    if c is None:
        return n
    h, dirty, tagged = c
    if tagged and not dirty:
        return n
    return "%s+%s%s" % (n, h, ".dirty" if dirty else "")


def install(ver=None):
    """Make ``ver`` (default: this checkout's ``version()``) the version the
    console shows, as the generated ``picocards_version`` module does on the
    device. Returns the module it replaced (None if there was none)."""
    m = types.ModuleType("picocards_version")
    m.VERSION = version() if ver is None else ver
    old = sys.modules.get("picocards_version")
    sys.modules["picocards_version"] = m
    return old


if __name__ == "__main__":
    print(version())
