"""``make web`` (tools/web/build_web.py): the site holds the firmware files
unchanged, every board, the MicroPython runtime of the npm package the tests
use, and a manifest the page loads them by; bad usage is one line, exit 2."""

import json
import os
import subprocess
import sys

import pytest

import boards

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import build_web  # noqa: E402

needs_runtime = pytest.mark.skipif(
    not os.path.isdir(build_web.MP_PACKAGE),
    reason="node_modules lacks the MicroPython runtime (make setup runs npm ci)")


@needs_runtime
def test_site_holds_the_unchanged_firmware_and_boards(tmp_path):
    out = tmp_path / "site"
    n = build_web.build(str(out))
    manifest = json.loads((out / "files.json").read_text())
    assert len(manifest["files"]) == n
    fw = build_web.tree_files(os.path.join(ROOT, "firmware"))
    assert fw and set(fw) <= set(manifest["files"])
    for rel in fw:
        src = os.path.join(ROOT, "firmware", rel)
        assert (out / "py" / rel).read_bytes() == open(src, "rb").read(), rel
    assert [b["module"] for b in manifest["boards"]] == boards.names()
    assert manifest["default"] == boards.DEFAULT
    for b in manifest["boards"]:
        d = boards.load(b["module"])["display"]
        assert (b["width"], b["height"]) == (d["width"], d["height"])
    for f in build_web.MP_FILES:
        assert (out / "mp" / f).read_bytes() == open(os.path.join(build_web.MP_PACKAGE, f),
                                                     "rb").read()
    for f in build_web.SITE + ("py/webport.py", "py/boardkeys.py"):
        assert (out / f).is_file(), f
    for rel in manifest["files"]:
        assert (out / "py" / rel).is_file(), rel
    # The console's Statistics pages say the page's version.
    scope = {}
    exec((out / "py" / "picocards_version.py").read_text(), scope)
    assert scope["VERSION"] == manifest["version"]
    # Rebuilding over its own output is fine.
    assert build_web.build(str(out)) == n


@pytest.mark.parametrize("where", ["firmware", "foreign"])
def test_bad_out_is_one_line_and_exit_2(tmp_path, where):
    if where == "firmware":
        out = os.path.join(ROOT, "firmware", "site")
    else:
        out = tmp_path / "theirs"
        out.mkdir()
        (out / "keep.txt").write_text("not ours")
    r = subprocess.run([sys.executable, "tools/web/build_web.py", "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("build_web: ")
    assert not os.path.exists(os.path.join(ROOT, "firmware", "site"))
    if where == "foreign":
        assert (out / "keep.txt").read_text() == "not ours"


def test_key_help_reads_before_the_board_has_loaded():
    # The page names the keys of the board once it has loaded; before, the
    # help read ". P saves a picture of the screen." It now starts with the
    # default board's keys, as the simulator names them.
    import re

    from host_sim import boardkeys

    with open(os.path.join(ROOT, "web", "index.html"), encoding="utf-8") as f:
        page = f.read()
    m = re.search(r'<span id="legend">([^<]*)</span>', page.replace("\n    ", " "))
    assert m and m.group(1) == "Keys: " + boardkeys.legend(boardkeys.open_board(boards.DEFAULT))
