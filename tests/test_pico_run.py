"""tools/pico/run.py, one script on the emulated Pico: what it says when the
script is not text, ends with sys.exit(), runs out of time, resets the Pico
or prints without end (one line, exit status not 0, the output as text and
bounded). The outcomes are judged on a stand-in Pico; two short emulator runs
check the harness tells them apart (skipped without the device kit)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tools.pico import harness, run  # noqa: E402


class FakePico:
    """Stands in for harness.Pico in run._run_script: ``exec`` returns
    ``out`` or raises ``error``."""

    ms, erases, programs = 12.5, 0, 0

    def __init__(self, out="", error=None, dropped=0):
        self.out, self.error, self.dropped = out, error, dropped

    def exec(self, code, timeout_ms):
        if self.error:
            raise self.error
        return self.out


def outcome(pico, capsys):
    rc = run._run_script(pico, "", 5000.0)
    out, err = capsys.readouterr()
    return rc, out, err.strip().splitlines()


def test_binary_script_is_one_line(tmp_path, capsys):
    script = tmp_path / "x.py"
    script.write_bytes(b"print(1)\n\xff\xfe")
    assert run.main([str(script)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not UTF-8" in err[0] and "0xff" in err[0], err


def test_outcomes_have_their_status_and_words(capsys):
    rc, out, err = outcome(FakePico("hi\n"), capsys)
    assert (rc, err) == (0, []) and out.startswith("hi\n")
    rc, out, err = outcome(FakePico(error=harness.ScriptExit("hi\n")), capsys)
    assert rc == 1 and out.startswith("hi\n") and len(err) == 1 and "sys.exit()" in err[0]
    raised = harness.ReplError("a\n", "Traceback...\nValueError: x\n")
    rc, out, err = outcome(FakePico(error=raised), capsys)
    assert rc == 1 and "ValueError: x" in out and err == []
    # The timeout in words, the output so far as text (not b'...').
    rc, out, err = outcome(FakePico(error=harness.ScriptTimeout("half a lin", 5000.0, 5105.5)),
                           capsys)
    assert rc == 1 and out.startswith("half a lin\n") and "b'" not in out
    assert err == ["run: the script did not finish within 5000 ms of emulated time "
                   "(stopped at 5105.5 ms)"]
    rc, out, err = outcome(FakePico(error=harness.PicoReset("bye\n", 108.25)), capsys)
    assert rc == 1 and out.startswith("bye\n") and len(err) == 1
    assert "the Pico reset" in err[0] and "108.2" in err[0]
    rc, out, err = outcome(FakePico("tail of a line\nlast\n", dropped=70000), capsys)
    assert out.startswith("[70000 bytes of output dropped: only the last 64 KB are kept]\nlast\n")


KIT = harness.kit()
needs_kit = pytest.mark.skipif(KIT is None, reason=harness.HOW_TO_GET_KIT)


@needs_kit
def test_exit_and_reset_on_the_emulator(tmp_path):
    """sys.exit(3) and machine.reset() are told apart from success and from
    a timeout; the emulator's harmless SIO FIFO warnings (the soft reboot's
    multicore_reset_core1) are not printed."""
    def run_py(text):
        script = tmp_path / "s.py"
        script.write_text(text)
        return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "pico", "run.py"),
                               "--timeout-ms", "3000", str(script)],
                              capture_output=True, text=True, timeout=120)

    cp = run_py("print('hi')\nimport sys\nsys.exit(3)\n")
    assert cp.returncode == 1 and cp.stdout.startswith("hi\n"), (cp.stdout, cp.stderr)
    assert cp.stderr.strip().splitlines() == [
        "run: " + str(harness.ScriptExit(""))], cp.stderr
    cp = run_py("import machine\nprint('bye')\nmachine.reset()\n")
    assert cp.returncode == 1 and cp.stdout.startswith("bye\n"), (cp.stdout, cp.stderr)
    err = cp.stderr.strip().splitlines()
    assert len(err) == 1 and "the Pico reset" in err[0], err


@needs_kit
def test_console_output_is_bounded():
    """A script printing without end: the emulator keeps the newest
    ``serial_keep`` bytes and counts the rest."""
    with harness.Pico(KIT, serial_keep=2048) as pico:
        with pytest.raises(harness.ScriptTimeout) as e:
            pico.exec("while True:\n    print('x' * 60)\n", timeout_ms=300)
    assert 0 < len(e.value.output) <= 2048
    assert "x" * 60 in e.value.output
    assert pico.dropped > 2048
