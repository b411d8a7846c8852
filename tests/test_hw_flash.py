"""tools/flash.py against a fake mpremote: what it copies (only what changed,
by SHA-256), removes (stale files in the console's folders, nothing else),
writes (/board.txt), installs (ssd1306 via mip), the dry run, the no-board
error; the mpremote command line parses with mpremote's own parsers; the
listing script runs on MicroPython (WebAssembly) and its hashes match."""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import flash  # noqa: E402

MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


PACKAGES = ("app", "cardgames", "players", "hw")


@pytest.fixture(scope="module")
def stage(tmp_path_factory):
    """One real build (tools/build.py, mpy-cross) of a small firmware tree
    shaped like the real one (each package's __init__.py and one module,
    main.py, the boards), shared by the tests. The whole firmware's build is
    tests/test_mpy_cross.py's job."""
    tree = tmp_path_factory.mktemp("firmware")
    for pkg in PACKAGES:
        (tree / pkg).mkdir()
        shutil.copy(ROOT / "firmware" / pkg / "__init__.py", tree / pkg)
    for rel in ("main.py", "app/main.py", "app/FONT-LICENSE.txt", "hw/st7789.py",
                "hw/start.py", "hw/buttons.py", "cardgames/rng.py", "players/random_player.py"):
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


def listing_of(local, board=None, extra=(), skip=(), free=1000):
    """The LIST_SCRIPT output of a board holding ``local`` (minus ``skip``)."""
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
    assert mkdirs == [":/app", ":/boards", ":/cardgames", ":/hw", ":/players"]
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
    plan = flash.make_plan(local, remote, "pimoroni_pico_display",
                           flash.boards.load("pimoroni_pico_display"))
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


def test_ssd1306_board_gets_the_driver_with_mip(stage, capsys):
    mp = FakeMpremote(listing="B-\n")
    rc, _, _ = run_flash(["--board", "oled_ssd1306_128x64", "--stage", stage], mp, capsys)
    assert rc == 0
    assert ["mip", "install", "ssd1306"] in split(mp.copy_call())
    mp = FakeMpremote(listing="B-\nL ssd1306.mpy\n")
    run_flash(["--board", "oled_ssd1306_128x64", "--stage", stage], mp, capsys)
    assert ["mip", "install", "ssd1306"] not in split(mp.copy_call())


def test_frozen_copies_main_only_and_clears_shadows(stage, capsys):
    local = flash.local_files(os.path.join(stage, "out"))
    mp = FakeMpremote(listing=listing_of(local, board="pimoroni_pico_display"))
    rc, _, err = run_flash(["--frozen", "--stage", stage], mp, capsys)
    assert rc == 0, err
    cmds = split(mp.copy_call())
    assert not [c for c in cmds if c[:2] == ["fs", "cp"]]  # main.py is already there
    removed = {c[2][1:] for c in cmds if c[:2] == ["fs", "rm"]}
    # main.py, the glyph file and the rule book (read by app.text and
    # app.rules_screen, not frozen) stay.
    assert removed == set(local) - {"/main.py", "/fonts.bin", "/rulebook.txt"}


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
    plan = flash.make_plan(local, remote, "oled_ssd1306_128x64",
                           flash.boards.load("oled_ssd1306_128x64"))
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
    assert seen == ["connect", "fs rm", "fs cp", "exec", "mip", "reset"]


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
    proc = subprocess.run([node, "tools/mp_run.mjs", str(script)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    remote = flash.Remote.parse(proc.stdout)
    assert remote.files == {p: (hashlib.sha256(d).hexdigest(), len(d)) for p, d in files.items()}
    assert remote.dirs == {"/app", "/hw", "/hw/sub", "/cardgames"}
    assert remote.board == "waveshare_pico_lcd_1_3"
    assert remote.block > 0 and remote.free > 0


def test_freeze_manifest_names_every_package():
    """tools/manifest.py, run with stand-ins for MicroPython's manifest
    functions: it includes the port's manifest and freezes every package the
    device needs (each firmware/ package and boards/), by paths that exist."""
    manifest = ROOT / "tools" / "manifest.py"
    calls = []
    scope = {
        "include": lambda path: calls.append(("include", path)),
        "package": lambda name, files=None, base_path=".", opt=None:
            calls.append(("package", name, base_path)),
        "require": lambda name, **kw: calls.append(("require", name)),
        "module": lambda name, base_path=".", opt=None: calls.append(("module", name)),
    }
    exec(compile(manifest.read_text(), str(manifest), "exec"), scope)
    assert calls[0] == ("include", "$(PORT_DIR)/boards/manifest.py")
    frozen = {}
    for kind, name, *rest in calls[1:]:
        assert kind == "package"
        path = (manifest.parent / rest[0] / name).resolve()
        assert (path / "__init__.py").is_file(), path
        frozen[name] = path
    packages = {p.name for p in (ROOT / "firmware").iterdir() if (p / "__init__.py").is_file()}
    assert set(frozen) == packages | {"boards"}
