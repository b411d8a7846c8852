"""The simulator's command line used as a careless or hostile user would
(issue 32, third round, items 5, 7, 10, 11 and 12): two simulators on one
data folder, a data folder thousands of folders deep, empty names, a key
file from a Windows editor, and the replay command's words."""

import os
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# record: the fixture (a Clubbed record in a data folder)
from test_sim_defects import ROOT, _edited, one_clear_line, record, sim  # noqa: E402,F401

# --- item 5: one simulator per data folder ----------------------------------


def _running(data):
    """A simulator in a (pseudo) terminal on folder ``data``, started and
    waiting for keys: the Popen."""
    main, side = os.openpty()
    env = dict(os.environ, TERM="xterm")
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(k, None)
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "--mode", "terminal", "--data",
                          str(data)], cwd=ROOT, env=env, stdin=side, stdout=side, stderr=side)
    os.close(side)
    lock = data / "sim.lock"
    for _ in range(300):
        if lock.exists() and lock.read_text().strip() == str(p.pid):
            return p, main
        time.sleep(0.1)
    p.kill()
    pytest.fail("the first simulator did not start")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_second_simulator_on_the_same_folder_is_refused_in_words(tmp_path):
    data = tmp_path / "data"
    first, tty = _running(data)
    try:
        cp = sim(["--mode", "headless", "--data", str(data), "--keys", "A",
                  "--shots", str(tmp_path / "s")])
        one_clear_line(cp)
        assert "another simulator (process %d)" % first.pid in cp.stderr
        assert not (data / "stats").exists() and not list(data.glob("game*"))
    finally:
        # Killed, as a crash would end it: its lock is left behind, stale.
        first.send_signal(signal.SIGKILL)
        first.wait()
        os.close(tty)
    assert (data / "sim.lock").read_text().strip() == str(first.pid)
    cp = sim(["--mode", "headless", "--data", str(data), "--keys", "A",
              "--shots", str(tmp_path / "s")])
    assert cp.returncode == 0, cp.stderr


def test_a_damaged_lock_file_is_no_obstacle(tmp_path):
    # Bytes that are no text (a crash mid-write on a bad disk): the lock
    # is taken and rewritten, as a stale one is.
    data = tmp_path / "data"
    data.mkdir()
    (data / "sim.lock").write_bytes(b"\xff\xfe\x80junk")
    cp = sim(["--mode", "headless", "--data", str(data), "--keys", "A", "--no-final"])
    assert cp.returncode == 0 and "Traceback" not in cp.stderr, cp.stderr
    assert (data / "sim.lock").read_text().strip().isdigit()


@pytest.mark.parametrize("kind", ["fifo", "folder", "link"])
def test_a_lock_that_is_no_plain_file_is_named_in_one_line(tmp_path, kind):
    data = tmp_path / "data"
    data.mkdir()
    lock = data / "sim.lock"
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(lock)
    elif kind == "folder":
        lock.mkdir()
    else:
        (tmp_path / "elsewhere").write_text("x")
        lock.symlink_to(tmp_path / "elsewhere")
    cp = sim(["--mode", "headless", "--data", str(data), "--keys", "A", "--no-final"])
    one_clear_line(cp)
    assert "sim.lock is not a plain file" in cp.stderr


# --- item 7: a data folder nested thousands deep -----------------------------


@pytest.mark.parametrize("option", ["--data", "--shots"])
def test_a_folder_thousands_deep_is_one_clear_line(tmp_path, option):
    deep = str(tmp_path) + "/a" * 2100
    args = ["--mode", "headless", "--keys", "A", "--shots", str(tmp_path / "s"), option, deep]
    cp = sim(args)
    one_clear_line(cp)
    assert "too many folders inside one another" in cp.stderr


# --- item 10: empty names ---------------------------------------------------------


@pytest.mark.parametrize("option", ["--shots", "--keys-file"])
def test_an_empty_shots_or_keys_file_name_is_refused(tmp_path, option):
    args = ["--mode", "headless", "--keys", "A", "--data", str(tmp_path / "d"), option, ""]
    cp = sim(args)
    one_clear_line(cp)
    assert option in cp.stderr and "empty" in cp.stderr


def test_an_empty_shots_name_is_refused_by_replay(record):  # noqa: F811
    d, _ = record
    cp = sim(["replay", str(d / "r1"), "--mode", "headless", "--shots", ""])
    one_clear_line(cp)
    assert "--shots" in cp.stderr and "empty" in cp.stderr


# --- item 11: a key file with a byte-order mark -----------------------------------


def test_a_keys_file_starting_with_a_byte_order_mark_is_read(tmp_path):
    keys = tmp_path / "keys.txt"
    keys.write_bytes("A A\r\nRIGHT\r\n".encode("utf-8-sig"))
    cp = sim(["--mode", "headless", "--keys-file", str(keys), "--shots", str(tmp_path)])
    assert cp.returncode == 0, cp.stderr
    assert (tmp_path / "final.png").exists()


# --- item 12: the replay command in a player's words --------------------------------

JARGON = ("front end", "PNG per move", "pixel scale", "board definition", "POSIX", "stdin",
          "hex", "illegal", "Errno", "you=", "[file]")


def test_replay_help_is_in_words():
    cp = sim(["replay", "--help"])
    assert cp.returncode == 0
    said = " ".join(cp.stdout.split())
    assert not [w for w in JARGON if w in said], said
    assert "RECORD" in said


@pytest.mark.parametrize("change,words", [
    ({"act": "zz"}, "its list of moves is damaged"),
    ({"you": "5"}, "it puts you in a seat Clubbed does not have"),
    ({"game": "Poker"}, "a game this console does not have"),
])
def test_replay_says_what_is_wrong_with_a_record_in_words(record, tmp_path, change, words):  # noqa: F811
    cp = sim(["replay", _edited(record, tmp_path, **change), "--check"])
    one_clear_line(cp)
    assert words in cp.stderr and not [w for w in JARGON if w in cp.stderr], cp.stderr


def test_replay_of_a_move_against_the_rules_names_the_move_not_its_code(record, tmp_path):  # noqa: F811
    from app.persist.storage import decode

    d, _ = record
    act = decode((d / "r1").read_bytes(), "record")["act"]
    bad = act[:2] + act[:2] + act[4:]  # the first card played twice
    cp = sim(["replay", _edited(record, tmp_path, act=bad), "--check"])
    assert cp.returncode == 1 and "Traceback" not in cp.stderr, cp.stderr
    assert "move 2 breaks the rules" in cp.stderr, cp.stderr
    assert not [w for w in JARGON if w in cp.stderr], cp.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_terminal_that_says_its_size_is_zero_plays_at_80x24(tmp_path):
    # A serial console or a pseudo-terminal nobody sized reports 0x0: the
    # text view's layout died on it with an IndexError traceback.
    import fcntl
    import select
    import struct
    import termios

    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
    env = dict(os.environ, TERM="xterm")
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "COLUMNS", "LINES"):
        env.pop(k, None)
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "--mode", "terminal", "--data",
                          str(tmp_path / "data")], cwd=ROOT, env=env, stdin=side, stdout=side,
                         stderr=side)
    os.close(side)
    out = b""
    try:
        end = time.monotonic() + 30
        while b"New game" not in out and p.poll() is None and time.monotonic() < end:
            if select.select([main], [], [], 0.2)[0]:
                out += os.read(main, 65536)
        os.write(main, b"zq")  # a press, then quit
        while p.poll() is None and time.monotonic() < end + 10:
            if select.select([main], [], [], 0.2)[0]:
                try:
                    out += os.read(main, 65536)
                except OSError:
                    break
        p.wait(10)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(main)
    said = out.decode("utf-8", "replace")
    assert "Traceback" not in said, said[-800:]
    assert p.returncode == 0 and "New game" in said
