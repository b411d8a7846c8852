"""A release a player can use (tools/make/release.py, ``make release``): one
version from pyproject.toml and the commit, said by the simulator, the web
page and every image; a folder with each board's image, the web page as a
zip, INSTALL.txt and SHA256SUMS that verifies; the same commit gives the
same bytes."""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import zipfile

import device
import pytest

from host_sim import version

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, "tools", "make", "release.py")
sys.path.insert(0, os.path.join(ROOT, "tools", "make"))

import release  # noqa: E402

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd,
                   check=True, capture_output=True)


@needs_git
def test_version_is_the_number_and_the_commit(tmp_path):
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        number = re.search(rb'^version = "([^"]+)"', f.read(), re.M).group(1).decode()
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), tmp_path)
    assert version.version(str(tmp_path)) == number  # not a checkout: the number alone
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "x")
    head = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=tmp_path,
                          capture_output=True, text=True).stdout.strip()
    assert version.version(str(tmp_path)) == "%s+%s" % (number, head)
    with open(tmp_path / "pyproject.toml", "a") as f:
        f.write("\n")
    assert version.version(str(tmp_path)) == "%s+%s.dirty" % (number, head)
    _git(tmp_path, "checkout", "-q", "pyproject.toml")
    _git(tmp_path, "tag", "v" + number)
    assert version.version(str(tmp_path)) == number  # a release tag: the number alone


def test_the_simulator_says_its_version():
    out = subprocess.run([sys.executable, "-m", "host_sim", "--version"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "Pico Cards %s" % version.version()


def test_the_statistics_pages_end_with_the_version():
    """The console says the version of the generated picocards_version
    module (host_sim.version.install here, frozen_gen on the device), and
    just its name when there is none."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from apptest import Session
    from fakestore import FakeStorage

    from app.settings_screen import stats_lines

    old = version.install("1.2.3+abcdef0.dirty")
    try:
        s = Session(1, storage=FakeStorage())
        assert stats_lines(s.app)[-1] == "Pico Cards 1.2.3+abcdef0.dirty"
        del sys.modules["picocards_version"]
        assert stats_lines(s.app)[-1] == "Pico Cards"
    finally:
        sys.modules.pop("picocards_version", None)
        if old is not None:
            sys.modules["picocards_version"] = old


@device.needs_kit
@pytest.mark.parametrize("kind", device.images_to_test())
def test_the_console_says_its_version_on_the_device(kind):
    """On the emulated Pico (the .mpy install, and the frozen image when it
    is up to date), the last Statistics page of the 128x64 board is the
    simulator's, which shows this checkout's version."""
    keys = ["DOWN", "DOWN", "DOWN", "A"] + ["DOWN"] * 10
    sim = device.play_and_compare(device.OLED_BOARD, keys, frozen=kind == "frozen",
                                  name="version-" + kind, every=False)
    try:
        from app.settings_screen import stats_lines

        assert stats_lines(sim.run.app)[-1] == "Pico Cards %s" % version.version()
        assert sim.run.app.screen.title == "Statistics"
    finally:
        sim.close()


def test_the_zip_is_the_same_bytes_for_the_same_files(tmp_path):
    src = tmp_path / "site"
    (src / "py" / "app").mkdir(parents=True)
    (src / "index.html").write_text("<p>hi</p>")
    (src / "py" / "app" / "main.py").write_text("x = 1\n")
    (src / ".picocards-web").write_text("")
    a, b = tmp_path / "a.zip", tmp_path / "b.zip"
    release.zip_tree(str(src), str(a), "picocards-9-web")
    os.utime(src / "index.html", (1, 1))  # a later build: other dates, same files
    release.zip_tree(str(src), str(b), "picocards-9-web")
    assert a.read_bytes() == b.read_bytes()
    with zipfile.ZipFile(a) as z:
        assert z.namelist() == ["picocards-9-web/index.html", "picocards-9-web/py/app/main.py"]


def test_bad_arguments_get_one_line(tmp_path):
    out = subprocess.run([sys.executable, RELEASE, "--boards", "no_such_board",
                          "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "unknown board no_such_board" in out.stderr
    # A folder of someone else's where the release would go is left alone.
    theirs = tmp_path / ("picocards-%s" % version.version())
    theirs.mkdir()
    (theirs / "notes.txt").write_text("mine")
    out = subprocess.run([sys.executable, RELEASE, "--out", str(tmp_path), "--allow-dirty",
                          "--boards", device.COLOUR_BOARDS[0]],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "not a release's" in out.stderr
    assert (theirs / "notes.txt").read_text() == "mine"


def test_install_names_the_pico_2_images_as_untested():
    """A release has an RP2350 (Pico 2) image per board beside the Pico's,
    and INSTALL.txt says which is which and that the Pico 2's are untested."""
    table = release.board_table(["oled_ssd1306_128x64"], "9.9", ("rp2040", "rp2350"))
    assert "picocards-9.9-oled_ssd1306_128x64.uf2" in table
    assert "picocards-9.9-oled_ssd1306_128x64-rp2350.uf2" in table
    assert table.count("Pico 2") == 1
    assert "not yet tested on hardware" in " ".join(release.INSTALL.split())
    out = subprocess.run([sys.executable, RELEASE, "--chips", "rp2040,z80"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "z80" in out.stderr


def test_install_names_the_drive_a_pico_2_shows():
    """In BOOTSEL mode a Pico shows a drive named RPI-RP2 and a Pico 2 one
    named RP2350: INSTALL.txt's steps name both, or a Pico 2 owner waits
    for a drive that never appears."""
    steps = release.INSTALL.split("Putting it on the Pico")[1].split("In a browser")[0]
    assert "RPI-RP2" in steps and "RP2350" in steps


def _flash(uf2):
    """The bytes a UF2 file writes to flash, in order (each 512-byte block
    carries its payload's size at offset 16 and the payload from 32)."""
    data = uf2.read_bytes()
    out = bytearray()
    for i in range(0, len(data), 512):
        size = int.from_bytes(data[i + 16:i + 20], "little")
        out += data[i + 32:i + 32 + size]
    return bytes(out)


@pytest.mark.skipif(device.frozen_uf2(device.COLOUR_BOARDS[0]) is None,
                    reason="no up-to-date firmware image: make firmware")
def test_a_release_folder_verifies(tmp_path):
    """The default board's image (up to date, so not built again), the web
    page's zip, INSTALL.txt naming each file, and SHA256SUMS over them."""
    board = device.COLOUR_BOARDS[0]
    out = subprocess.run([sys.executable, RELEASE, "--out", str(tmp_path), "--allow-dirty",
                          "--boards", board, "--chips", "rp2040"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "release: image 1 of 1, %s (rp2040)" % board in out.stdout
    ver = version.version()
    dest = tmp_path / ("picocards-%s" % ver)
    names = sorted(os.listdir(dest))
    uf2 = "picocards-%s-%s.uf2" % (ver, board)
    web = "picocards-%s-web.zip" % ver
    assert names == sorted(["INSTALL.txt", "SHA256SUMS", uf2, web])
    with open(device.frozen_uf2(board), "rb") as f:
        assert (dest / uf2).read_bytes() == f.read()
    # The image says its version (frozen into picocards_image).
    assert ver.encode() in _flash(dest / uf2)
    sums = (dest / "SHA256SUMS").read_text().splitlines()
    assert len(sums) == 3
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((dest / name).read_bytes()).hexdigest() == digest
    with zipfile.ZipFile(dest / web) as z:
        files = z.namelist()
        assert "picocards-%s-web/index.html" % ver in files
        manifest = z.read("picocards-%s-web/files.json" % ver).decode()
        assert '"version": "%s"' % ver in manifest
    install = (dest / "INSTALL.txt").read_text()
    assert uf2 in install and "BOOTSEL" in install and web in install


def test_an_out_that_is_a_file_gets_one_line(tmp_path):
    (tmp_path / "f").write_text("x")
    out = subprocess.run([sys.executable, RELEASE, "--out", str(tmp_path / "f"),
                          "--allow-dirty"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert out.stderr.count("\n") == 1 and "cannot make" in out.stderr
    assert (tmp_path / "f").read_text() == "x"
