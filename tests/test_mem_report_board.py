"""``tools/bench/mem_report.py --board``: the option maps a board to its frame
(size and format as app.kit.display.FrameDisplay allocates it), rejects unknown
boards, and the runs on MicroPython (WebAssembly) of the compact 128x64 board
and of the tall 240x240 one (its 8-bit indexed frame) reach every screen; the
128x64 one stays under the 150 KB budget. The 240x240 board's budget is
measured where it is real: on the emulated Pico's heap
(tests/test_device_memory.py: at least 32 KB free at every table on the .mpy
install, 100 KB on the firmware image), which the WebAssembly heap (another
object model, no fixed heap) only stands in for. So ``make test`` runs the
128x64 board here (a real budget) and leaves the 240x240 run, which has no
budget of its own, to ``make test-deep`` (tests/depth.py): in ``make test``
the tall layout runs on real MicroPython on the emulated Pico
(tests/test_device_memory.py, tests/test_device_frames.py) and through whole games in the simulator
(tests/test_soak.py). Like tests/test_mem_budget.py, ``make test`` makes one
run with a 2 MB heap, ``make test-deep`` the report's two."""

import subprocess
import sys

import depth
import pytest
from mprun import ROOT, node_or_skip

sys.path.insert(0, str(ROOT / "tools" / "bench"))
import mem_report  # noqa: E402
from test_mem_budget import HEAPS  # noqa: E402


def test_board_frames():
    assert mem_report.board_frame(None) == (240, 135, False)
    assert mem_report.board_frame("waveshare_pico_lcd_1_3") == (240, 240, False)
    assert mem_report.board_frame("oled_ssd1306_128x64") == (128, 64, True)
    assert mem_report.frame_bytes(240, 135, False) == 32400  # a byte per pixel
    assert mem_report.frame_bytes(240, 240, False) == 57600
    assert mem_report.frame_bytes(128, 64, True) == 1024
    with pytest.raises(ValueError):
        mem_report.board_frame("no_such_board")


def test_unknown_board_is_refused():
    with pytest.raises(SystemExit) as e:
        mem_report.main(["--board", "no_such_board"])
    assert e.value.code == 2  # argparse's usage error


def test_mp_script_rewrites_the_frame(tmp_path):
    assert mem_report.mp_script((240, 135, False), str(tmp_path)).endswith("mem_mp.py")
    copy = mem_report.mp_script((128, 64, True), str(tmp_path))
    text = open(copy).read()
    assert "FRAME = (128, 64, True)\n" in text and mem_report.FRAME_LINE not in text


BOARD_RUNS = [("oled_ssd1306_128x64", "128x64 1-bit MONO_VLSB frame (1024 bytes)", 150)]
BOARD_RUNS += depth.pick([], [
    ("waveshare_pico_lcd_1_3", "240x240 8-bit indexed frame (57600 bytes)", 1024)])


@pytest.mark.parametrize("board,frame,budget_kb", BOARD_RUNS)
def test_board_fits(tmp_path, board, frame, budget_kb):
    node_or_skip()
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench" / "mem_report.py"), "--board", board,
         "--build", str(tmp_path / "b"), "--budget-kb", str(budget_kb)] + HEAPS,
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert frame in out.stdout, out.stdout
    rows = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[-3].isdigit() and parts[-1].isdigit():
            rows[" ".join(parts[:-3])] = int(parts[-3])
    assert "Rules" in rows and "Title" in rows, out.stdout
    for g in ("Clubbed/", "Klaberjass/", "Clubs/"):
        assert len([k for k in rows if k.startswith(g)]) >= 2, (g, out.stdout)
    assert max(rows.values()) <= budget_kb * 1024, out.stdout
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "-1", "0", "abc", "1e999"])
def test_bad_budget_is_a_usage_error(bad, capsys):
    with pytest.raises(SystemExit) as e:
        mem_report.main(["--source", "--budget-kb", bad])
    assert e.value.code == 2  # argparse's usage error, before any run
    assert "--budget-kb" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["", "2", "2g", "m", "2m,,8m"])
def test_bad_heaps_is_a_usage_error(bad, capsys):
    with pytest.raises(SystemExit) as e:
        mem_report.main(["--source", "--heaps", bad])
    assert e.value.code == 2  # argparse's usage error, before any run
    assert "--heaps" in capsys.readouterr().err


def test_build_into_a_file_is_a_message_not_a_traceback(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("not a folder\n")
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "bench" / "mem_report.py"),
                           "--build", str(afile)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "is not a folder" in proc.stderr and "Traceback" not in proc.stderr
    assert afile.read_text() == "not a folder\n"
