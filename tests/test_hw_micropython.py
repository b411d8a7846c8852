"""The hardware layer behaves the same on real MicroPython as on CPython.

tests/hw_fakes/parity_script.py drives the ST7789 driver (every board,
every rotation: init, a full frame, a rectangle), the buttons (a scripted
run on the Pico Display Pack) and the boot (splash, then the real app on the
Waveshare 1.14 for three steps), the SSD1306 through micropython-lib's
driver (found at 0x3D, a pattern, the boot to the compact title) against
the fake ``machine``, printing
SHA-256 digests of every byte and pin level that went out. The output under
MicroPython 1.27 (WebAssembly, via tools/mp/mp_run.mjs; its framebuf expands
the indexed frame through the palette) must equal CPython's (host_sim's
framebuf).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hw_fakes import ssd1306_driver

ROOT = Path(__file__).resolve().parent.parent
FAKES = ROOT / "tests" / "hw_fakes"
MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def test_same_wire_on_micropython_and_cpython(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs it; `make setup` runs npm ci)")
    if not MP_PACKAGE.is_dir():
        pytest.skip("node_modules lacks the MicroPython runtime: run `npm ci` (CI does)")
    extra = tmp_path / "lib"
    shutil.copytree(ROOT / "boards", extra / "boards",
                    ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    shutil.copy(FAKES / "machine.py", extra / "machine.py")
    driver = ssd1306_driver.path()
    assert driver, "the ssd1306 driver's package (dualmcu, pyproject.toml) is not installed"
    shutil.copy(driver, extra / "ssd1306.py")
    cp_dir = tmp_path / "cp"
    cp_dir.mkdir()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(FAKES), str(ROOT / "firmware"), str(ROOT), str(ROOT / "host_sim"), str(extra)]))
    cp = subprocess.run([sys.executable, str(FAKES / "parity_script.py"), str(cp_dir)],
                        capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert cp.returncode == 0, cp.stderr
    mp = subprocess.run([node, "tools/mp/mp_run.mjs", "--path", str(ROOT / "firmware"),
                         "--path", str(extra), str(FAKES / "parity_script.py"), "/tmp"],
                        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert mp.returncode == 0, mp.stderr[-3000:]
    cp_lines = cp.stdout.splitlines()
    assert len(cp_lines) == 3 * 4 + 3
    assert cp_lines[-2].startswith("boot ")
    assert cp_lines[-1].startswith("oled 0x3d ") and " True " in cp_lines[-1]
    # X tap, Y held (repeat after 400 ms), B+X chord (no B after), B tap (B on
    # release, after the debounce), B held (B at 600 ms), a 30 ms A, a 100 ms
    # A, a 12 ms A (never: shorter than the debounce time). A press counts
    # once held for the debounce time (20 ms), seen at the next sample.
    assert cp_lines[-3] == "buttons 21:LEFT 222:RIGHT 624:RIGHT 1122:UP 2121:B 3123:B 3522:A 3621:A"
    assert mp.stdout.splitlines() == cp_lines
