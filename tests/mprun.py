"""Shared helpers for the CPython/MicroPython parity tests: run a tools/
script under CPython (firmware on PYTHONPATH) and under MicroPython 1.27
(WebAssembly, ``node tools/mp/mp_run.mjs``; the test is skipped when node or the
runtime is missing), and compare the two outputs line by line."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def cpython_output(script, *args):
    """stdout of ``python script args...`` run from the repository root."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "firmware"))
    out = subprocess.run(
        [sys.executable, script, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def node_or_skip():
    """Path of ``node``; skips the test when node or the MicroPython
    runtime in node_modules is missing."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs it; `make setup` runs npm ci)")
    if not MP_PACKAGE.is_dir():
        pytest.skip("node_modules lacks the MicroPython runtime: run `npm ci` (CI does)")
    return node


def micropython_output(script, *args, step=False, paths=()):
    """stdout of the same script under MicroPython; with ``step`` the runner
    calls the script's top-level ``step()`` until it is done (``--step``);
    ``paths``: the folders on its ``sys.path`` (default firmware/ alone)."""
    node = node_or_skip()
    cmd = [node, "tools/mp/mp_run.mjs"]
    for p in paths:
        cmd += ["--path", p]
    if step:
        cmd += ["--step", "step"]
    out = subprocess.run(
        cmd + [script, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, "MicroPython run failed:\n" + out.stderr[-3000:]
    return out.stdout


def assert_same_lines(cpython_lines, mp_lines):
    """Fails on the first line that differs, showing both around the column."""
    assert len(mp_lines) == len(cpython_lines), (len(mp_lines), len(cpython_lines))
    for i, (a, b) in enumerate(zip(cpython_lines, mp_lines, strict=True)):
        if a != b:
            j = 0
            while j < min(len(a), len(b)) and a[j] == b[j]:
                j += 1
            pytest.fail(
                "line %d differs at column %d\nCPython:     ...%s\nMicroPython: ...%s"
                % (i + 1, j, a[max(0, j - 60) : j + 60], b[max(0, j - 60) : j + 60])
            )
