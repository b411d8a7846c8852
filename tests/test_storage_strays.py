"""Odd things under the console's temporary file names in the simulator's
data folder (a FIFO, a link, a folder) never hang it, never write through a
link to a file outside, and never stop the games being saved and counted."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = "A A " + "Ax100"  # New game, then A until three quick games are played


def sim(data, keys=GAMES):
    e = {k: v for k, v in os.environ.items()
         if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    try:
        return subprocess.run([sys.executable, "-m", "host_sim", "--keys", keys, "--no-final",
                               "--data", str(data)], cwd=ROOT, env=e, capture_output=True,
                              text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("host_sim ran until killed")


def played(data):
    """Clubbed games counted in the statistics file (the first number of its
    ``Clubbed=`` line: played)."""
    for line in (data / "stats").read_text(errors="replace").splitlines():
        if line.startswith("Clubbed="):
            return int(line[len("Clubbed="):].split(",")[0])
    return 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_under_a_temporary_name_does_not_hang(tmp_path):
    data = tmp_path / "d"
    data.mkdir()
    for name in ("stats.tmp", "settings.tmp", "game-clubbed.tmp"):
        os.mkfifo(data / name)
    out = sim(data)
    assert out.returncode == 0, out.stderr
    assert (data / "stats").is_file() and (data / "r1").is_file()


def test_a_link_under_a_temporary_name_is_not_written_through(tmp_path):
    data = tmp_path / "d"
    data.mkdir()
    victim = tmp_path / "precious"
    victim.write_text("precious")
    for name in ("stats.tmp", "r1.tmp", "game-clubbed.tmp"):
        os.symlink(victim, data / name)
    out = sim(data)
    assert out.returncode == 0, out.stderr
    assert victim.read_text() == "precious"
    assert (data / "r1").is_file()


def test_a_folder_under_a_temporary_name_does_not_stop_the_counting(tmp_path):
    data = tmp_path / "d"
    first = sim(data)
    assert first.returncode == 0, first.stderr
    before = played(data)
    assert before >= 1
    (data / "stats.tmp").mkdir()
    (data / "r9.tmp").mkdir()
    again = sim(data)
    assert again.returncode == 0, again.stderr
    assert played(data) > before
