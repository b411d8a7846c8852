"""Type-check the device-only code (firmware/hw, firmware/main.py, boards/)
against MicroPython's own API: mypy with the micropython-rp2-rpi-pico-stubs
(MicroPython 1.27's ``machine``, ``time``, ``framebuf``, ``micropython``...)
and their reduced standard library (micropython-stdlib-stubs) in place of
CPython's typeshed. Unannotated bodies are checked too, so a call the rp2
port does not have (``os.path``, a wrong ``Pin``/``SPI``/``PWM`` argument,
``time.ticks_*`` misuse) fails here rather than on the device.

The stubs are pinned in pyproject.toml's dev extras. They are copied out of
the installed distributions into a private folder because mypy will not take
site-packages as a search path; errors inside the stubs themselves are not
ours and are ignored.
"""

import importlib.metadata as md
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STUBS = ("micropython-rp2-rpi_pico-stubs", "micropython-stdlib-stubs")


def _copy_stubs(dest):
    for name in STUBS:
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            pytest.skip("%s is not installed (pip install -e '.[dev]')" % name)
        for f in dist.files or ():
            rel = str(f)
            if ".dist-info" in rel or "__pycache__" in rel:
                continue
            if rel.endswith((".pyi", ".py")) or rel.endswith("VERSIONS"):
                out = dest / rel
                out.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(dist.locate_file(f), out)


def test_hw_type_checks_against_micropython_stubs(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[dev]')")
    typings = tmp_path / "typings"
    _copy_stubs(typings)
    assert (typings / "machine.pyi").is_file() and (typings / "stdlib" / "VERSIONS").is_file()
    # hw/oled.py is checked against micropython-lib's ssd1306 driver itself.
    from hw_fakes import ssd1306_driver

    driver = ssd1306_driver.path()
    assert driver, "the ssd1306 driver's package (dualmcu, pyproject.toml) is not installed"
    shutil.copyfile(driver, typings / "ssd1306.py")
    env = {"MYPYPATH": "%s:%s:%s" % (typings, ROOT / "firmware", ROOT), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--custom-typeshed-dir", str(typings),
         "--check-untyped-defs", "--follow-imports=silent", "--python-version", "3.11",
         "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
         "firmware/hw", "firmware/main.py", "boards"],
        capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr  # 2: mypy itself failed
    ours = [line for line in proc.stdout.splitlines()
            if line.startswith(("firmware/", "boards/")) and ": error:" in line]
    assert ours == []
    checked = [p.name for p in (ROOT / "firmware" / "hw").glob("*.py")]
    assert {"st7789.py", "buttons.py", "start.py", "clock.py", "led.py"} <= set(checked)
