"""The simulator used as a careless or hostile user would (issue 13 items 8
to 12 and 15) and what a newcomer must be told (issue 14: replay, terminal
size, hints): words and exit status 2, never a traceback or a run that
never ends."""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_persist import _record  # noqa: E402

import host_sim  # noqa: E402,F401  (sys.path)
from app.kit import buttons  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from host_sim import boardkeys  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sim(args, stdin=None, env=None, timeout=60):
    e = dict(os.environ)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        e.pop(k, None)
    e.update(env or {})
    try:
        return subprocess.run([sys.executable, "-m", "host_sim", *args], cwd=ROOT, env=e,
                              stdin=stdin, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail("host_sim %s ran until killed" % " ".join(args))


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    d = tmp_path_factory.mktemp("data")
    data, g = _record("Clubbed", 5)
    (d / "r1").write_bytes(data)
    return d, g


def one_clear_line(cp):
    assert cp.returncode == 2, (cp.stdout, cp.stderr)
    assert "Traceback" not in cp.stderr and len(cp.stderr.strip().splitlines()) == 1, cp.stderr


def test_replay_in_a_terminal_without_a_tty_is_words(record):
    # Item 8: `replay RECORD --mode terminal < /dev/null` was a termios traceback.
    d, _ = record
    with open(os.devnull) as null:
        cp = sim(["replay", str(d / "r1"), "--mode", "terminal"], stdin=null)
    one_clear_line(cp)
    assert "terminal" in cp.stderr


@pytest.mark.parametrize("replay", [False, True], ids=["main", "replay"])
def test_a_window_without_a_display_is_refused(record, replay):
    # Item 9: an invisible offscreen window ran until killed.
    d, _ = record
    args = (["replay", str(d / "r1")] if replay else ["--data", str(d)]) + ["--mode", "window"]
    cp = sim(args, timeout=30)
    one_clear_line(cp)
    assert "no window can be opened" in cp.stderr


def _board_keys():
    clock = VirtualClock()
    keys = boardkeys.BoardButtons(boardkeys.open_board("pimoroni_pico_display"), clock)
    return clock, keys


def _drain(clock, keys, ms, step=5):
    """Step ``ms`` of virtual time as the terminal loop would; the logical
    buttons seen, with the tick of each."""
    out = []
    for _ in range(ms // step):
        b = keys.get()
        while b >= 0:
            out.append((clock.ticks_ms(), b))
            b = keys.get()
        clock.sleep_ms(step)
    return out


def test_ten_quick_taps_are_ten_presses():
    # Item 10: ten quick z presses gave one A (each press was scheduled at
    # the very tick of the previous release: the debounce saw no release).
    clock, keys = _board_keys()
    for _ in range(10):
        keys.tap("z")
    seen = _drain(clock, keys, 3000)
    assert [b for _, b in seen] == [buttons.A] * 10


def test_a_held_arrow_stops_when_it_is_let_go():
    # Item 10: holding an arrow 2 s went on moving 2.6 s after it was let go
    # (21 extra moves): the terminal's auto-repeat (a key every 33 ms) queued
    # a tap each. A terminal sends no release: the repeats just stop.
    from host_sim.terminal import TapGate

    clock, keys = _board_keys()
    gate = TapGate(keys, clock)
    seen = []
    for i in range(2000 // 5):
        if i % 7 == 0:  # about every 33 ms
            gate.feed(["right"])
        seen += _drain(clock, keys, 5)
    released = clock.ticks_ms()
    seen += _drain(clock, keys, 3000)
    during = [t for t, b in seen if t < released]
    after = [t for t, b in seen if t >= released]
    assert all(b == buttons.RIGHT for _, b in seen)
    assert len(during) >= 8, "it moves while held"
    assert len(after) <= 1 and all(t - released <= 300 for t in after), after
    # Presses that come together (typed ahead) each count.
    clock, keys = _board_keys()
    gate = TapGate(keys, clock)
    gate.feed(["z"] * 5)
    assert [b for _, b in _drain(clock, keys, 3000)] == [buttons.A] * 5


def test_keys_file_is_bounded():
    # Item 11: --keys-file /dev/zero read without limit (3.7 GB in 6 s).
    cp = sim(["--mode", "headless", "--keys-file", "/dev/zero"], timeout=30)
    one_clear_line(cp)
    assert "/dev/zero" in cp.stderr


@pytest.mark.parametrize("replay", [False, True], ids=["main", "replay"])
def test_pngs_on_a_full_disk_are_words(record, replay, monkeypatch, tmp_path, capsys):
    # Item 12: --shots on a full disk was an ENOSPC traceback.
    from PIL import Image

    from host_sim.__main__ import main

    def full(self, *a, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", full)
    d, _ = record
    shots = str(tmp_path / "shots")
    if replay:
        rc = main(["replay", str(d / "r1"), "--mode", "headless", "--shots", shots])
    else:
        rc = main(["--mode", "headless", "--keys", "A SHOT:x", "--shots", shots])
    err = capsys.readouterr().err
    assert rc == 2 and "No space left on device" in err and "PNG" in err


def test_replay_bad_every_and_board_and_bad_app_class(record):
    # Item 15: --every -1 was accepted (a PNG every move), --check ignored a
    # bad --board, --app builtins:int was a TypeError traceback.
    d, _ = record
    cp = sim(["replay", str(d / "r1"), "--mode", "headless", "--every", "-1"])
    assert cp.returncode == 2 and "--every" in cp.stderr and "Traceback" not in cp.stderr
    cp = sim(["replay", str(d / "r1"), "--check", "--board", "nope"])
    one_clear_line(cp)
    assert "nope" in cp.stderr
    cp = sim(["--mode", "headless", "--keys", "A", "--app", "builtins:int"])
    one_clear_line(cp)
    assert "not an app class" in cp.stderr


def test_replay_says_what_it_is_and_ends_in_words(record, tmp_path):
    # Issue 14: show it is a replay, its seed, "move n of N"; the result in
    # words, not "result -1,1"; a record name such as r1 from the data folder.
    d, g = record
    cp = sim(["replay", "r1", "--data", str(d), "--mode", "headless", "--every", "10",
              "--shots", str(tmp_path)])
    assert cp.returncode == 0, cp.stderr
    out = cp.stdout
    assert "seed 5" in out and "move 10 of " in out
    words = "you won" if g.result()[0] > 0 else ("you lost" if g.result()[0] < 0 else "a draw")
    assert words in out and "result -1" not in out and "result 1" not in out
    from app.persist.records import parse
    from host_sim.replay import caption, replay_app_class
    from host_sim.storage import read_regular

    fields = parse(read_regular(str(d / "r1")))
    cls = replay_app_class(fields)
    assert caption(fields, cls)().startswith("REPLAY Clubbed seed 5  move 0 of ")


def test_replay_help_names_the_data_folder():
    from host_sim.storage import default_dir

    cp = sim(["replay", "--help"])
    flat = cp.stdout.replace("\n", "")
    assert cp.returncode == 0 and default_dir() in flat and "r12" in flat


def test_terminal_size_note_has_its_own_line_at_80x24():
    # Issue 14: at 80x24 the picture is 1/3 size and the note was cut off the
    # legend's end.
    from host_sim.terminal import bottom_lines, legend_text, size_note

    factor, n = bottom_lines(80, 24, 240, 135)
    assert factor > 1 and n == 2
    note = size_note(factor, 80, 24, 240, 135, n - 1)
    assert len(note) <= 80 and "240x" in note and ("1/%d" % factor) in note
    px_rows = (135 + factor - 1) // factor
    assert (px_rows + 1) // 2 + n <= 24  # picture rows + text rows fit
    assert "size" not in legend_text(1, factor, 80, 240, 135)
    assert bottom_lines(240, 70, 240, 135) == (1, 1)


def test_hints_print_the_python_that_works():
    # Issue 14: hints printed "python -m host_sim", which lacks the packages
    # outside the venv.
    from host_sim import python_command

    cp = sim(["--keys", "A", "--mode", "terminal"], stdin=subprocess.DEVNULL)
    assert cp.returncode == 2
    cp = sim([], stdin=subprocess.DEVNULL)
    assert cp.returncode == 2 and (python_command() + " -m host_sim") in cp.stderr
    cp = sim(["--help"])
    assert (python_command() + " -m host_sim --mode terminal") in cp.stdout


def _edited(record, tmp_path, **change):
    """The record file with fields changed (re-encoded: its checksum holds)."""
    from app.persist.storage import decode, encode

    d, _ = record
    fields = decode((d / "r1").read_bytes(), "record")
    fields.update(change)
    path = tmp_path / "edited"
    path.write_bytes(encode("record", list(fields.items())))
    return str(path)


def test_replay_refuses_a_seat_the_game_lacks(record, tmp_path):
    # A record with you=5 in two-player Clubbed replayed and exited 0.
    cp = sim(["replay", _edited(record, tmp_path, you="5"), "--check"])
    one_clear_line(cp)
    assert "seat Clubbed does not have (5)" in cp.stderr


def test_replay_header_is_the_replayed_end(record, tmp_path):
    # A record edited to claim res=1,1: the header told the claim ("you won")
    # and then "the result differs"; it now tells the replayed end and the
    # mismatch the record's claim.
    def _end_words(res, you):
        return "you won" if res[you] > 0 else ("you lost" if res[you] < 0 else "a draw")

    _, g = record
    for res in ("1,1", "-1,-1"):  # neither is a real end; one claims another winner
        claim = _end_words([int(r) for r in res.split(",")], 0)
        cp = sim(["replay", _edited(record, tmp_path, res=res), "--check"])
        assert cp.returncode == 1, cp.stderr
        assert "Clubbed, seed 5: %s in " % _end_words(g.result(), 0) in cp.stdout
        assert "the result differs" in cp.stderr and "the record says: %s" % claim in cp.stderr


@pytest.mark.parametrize("argv,where", [
    (["--mode", "headless", "--keys", "A"], "host_sim.headless.main"),
    (["replay", "r1", "--mode", "headless"], "host_sim.replay.headless"),
    (["replay", "r1", "--check"], "app.persist.records.replay_core"),
    (["--mode", "headless", "--keys", "A"], "host_sim.load_app_class"),
])
def test_ctrl_c_at_any_moment_is_one_line_not_a_traceback(record, tmp_path, monkeypatch,
                                                           capsys, argv, where):
    # Ctrl-C lands wherever the program happens to be: loading the app,
    # playing a script, replaying a record.
    import importlib
    import runpy

    mod, name = where.rsplit(".", 1)

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module(mod), name, interrupted)
    argv = argv + ["--data", str(record[0]), "--shots", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", ["host_sim"] + argv)
    monkeypatch.delitem(sys.modules, "host_sim.__main__", raising=False)  # run afresh
    try:
        with pytest.raises(SystemExit) as e:
            runpy.run_module("host_sim", run_name="__main__")
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C came out as a traceback")
    assert e.value.code == 130
    err = capsys.readouterr().err
    assert err.strip().endswith("stopped (Ctrl-C)") and "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [
    ["--mode", "headless", "--keys", "A", "--text", "--no-final"],
    ["replay", "r1", "--check"],
    ["--link", "listen:0", "--autoplay", "easy", "--link-timeout", "5"],
])
def test_output_that_cannot_be_written_is_said_as_such(record, args):
    # A full disk behind > or a reader gone (| head): the output is what
    # failed, not a PNG, and no traceback follows.
    e = dict(os.environ, DISPLAY="", WAYLAND_DISPLAY="")
    with open("/dev/full", "w") as full:
        cp = subprocess.run([sys.executable, "-m", "host_sim", *args, "--data", str(record[0])],
                            cwd=ROOT, env=e, stdout=full, stderr=subprocess.PIPE, text=True,
                            timeout=60)
    assert cp.returncode == 2
    assert cp.stderr.strip().endswith("its output could not be written (No space left on "
                                      "device)"), cp.stderr
    assert "\n" not in cp.stderr.strip() and "PNG" not in cp.stderr


@pytest.mark.parametrize("s", ["0", "-1"])
def test_a_link_timeout_below_a_second_is_refused_in_words(capsys, s):
    from host_sim.__main__ import parse_args

    with pytest.raises(SystemExit) as e:
        parse_args(["--link", "listen:0", "--autoplay", "easy", "--link-timeout", s])
    assert e.value.code == 2
    assert "--link-timeout must be at least 1" in capsys.readouterr().err
