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


RUN = os.path.join(ROOT, "tools", "pico", "run.py")


def _limit_memory():
    """In the child: 2 GB of address space, so a tool reading without end
    fails fast instead of filling the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run_cli(*args, timeout=120):
    """tools/pico/run.py with ``args`` as a user types them: (exit status,
    stdout, stderr lines)."""
    cp = subprocess.run([sys.executable, RUN, *map(str, args)], capture_output=True, text=True,
                        timeout=timeout, preexec_fn=_limit_memory)
    return cp.returncode, cp.stdout, cp.stderr.strip().splitlines()


def test_endless_or_huge_input_is_refused(tmp_path):
    """/dev/zero as the script or as the --frozen image, a script over
    256 KB, an image over 4 MB or not a UF2: one line says why, before
    anything boots (issue 32, defect 6)."""
    rc, out, err = run_cli("/dev/zero")
    assert rc == 2 and len(err) == 1 and "longer than 256 KB" in err[0], err
    big = tmp_path / "big.py"
    big.write_text("# a comment\n" * 30000)
    rc, out, err = run_cli(big)
    assert rc == 2 and err == ["run: %s is longer than 256 KB: stopped reading there (a script "
                               "runs from the Pico's 264 KB of RAM)" % big], err
    small = tmp_path / "s.py"
    small.write_text("print(1)\n")
    rc, out, err = run_cli("--board", "pimoroni_pico_display", "--frozen", "/dev/zero", small)
    assert rc == 2 and err == ["run: the image /dev/zero is not a regular file"], err
    huge = tmp_path / "huge.uf2"
    with open(huge, "wb") as f:
        f.truncate(5 * 1024 * 1024)
    rc, out, err = run_cli("--board", "pimoroni_pico_display", "--frozen", huge, small)
    assert rc == 2 and len(err) == 1 and "at most 4194304" in err[0], err
    junk = tmp_path / "junk.uf2"
    junk.write_bytes(b"\0" * 1024)
    rc, out, err = run_cli("--board", "pimoroni_pico_display", "--frozen", junk, small)
    assert rc == 2 and len(err) == 1 and "not a UF2 file" in err[0], err


def test_bad_arguments_are_one_line(tmp_path):
    """A negative, zero or not-a-number --timeout-ms, a negative --after-ms,
    --png into a folder that does not exist, a script holding a byte the
    raw REPL takes as a command: one line, exit 2, before anything boots
    (issue 32, defect 8)."""
    script = tmp_path / "s.py"
    script.write_text("print(1)\n")
    for bad in ("-5", "0", "nan", "inf", "soon"):
        rc, out, err = run_cli("--timeout-ms", bad, script)
        assert rc == 2 and len(err) == 1 and err[0].startswith("run: argument --timeout-ms"), err
    rc, out, err = run_cli("--after-ms", "-1", script)
    assert rc == 2 and len(err) == 1 and "0 or more" in err[0], err
    png = tmp_path / "no" / "such" / "x.png"
    rc, out, err = run_cli("--board", "pimoroni_pico_display", "--png", png, script)
    assert rc == 2 and err == ["run: --png %s: the folder %s does not exist"
                               % (png, png.parent)], err
    script.write_bytes(b"print('a')\x04print('b')\n")
    rc, out, err = run_cli(script)
    assert rc == 2 and len(err) == 1 and "control byte 0x04 at offset 10" in err[0], err


@needs_kit
def test_empty_script_runs(tmp_path):
    """An empty script runs and prints nothing (the raw REPL takes an empty
    run as a soft reset: issue 32, defect 8)."""
    script = tmp_path / "empty.py"
    script.write_text("")
    rc, out, err = run_cli("--timeout-ms", "3000", script)
    assert (rc, err) == (0, []) and out.startswith("[") and "ms emulated" in out, (out, err)


@needs_kit
def test_output_bytes_do_not_fool_the_framing(tmp_path):
    """A script printing the raw REPL's own framing bytes (0x04, '>') is
    judged by what it did: one that ends well passes with those bytes in its
    output, one that raises fails with its traceback (issue 32, defect 7)."""
    script = tmp_path / "eot.py"
    script.write_text("print('a\\x04b')\nprint('c\\x04\\x04>d')\n")
    rc, out, err = run_cli("--timeout-ms", "3000", script)
    assert (rc, err) == (0, []), (out, err)
    assert out.startswith("a\x04b\nc\x04\x04>d\n["), repr(out)
    script.write_text("import sys\nsys.stdout.write('x\\x04\\x04>')\nraise ValueError('no')\n")
    rc, out, err = run_cli("--timeout-ms", "3000", script)
    assert rc == 1 and out.startswith("x\x04\x04>Traceback"), (out, err)
    assert "ValueError: no" in out


@needs_kit
def test_flash_writes_take_the_chips_time(tmp_path):
    """The emulator charges a flash write the W25Q16JV's typical time
    (4 KB sector erase 45 ms, 256-byte page program 0.4 ms), so a save
    timed on the device (the computer's turn, issue 32 item 16) counts
    it: an erase and four pages programmed through MicroPython's rp2.Flash."""
    script = tmp_path / "flash.py"
    script.write_text(
        "import rp2, time\nf = rp2.Flash()\nn = f.ioctl(4, 0)\n"
        "t = time.ticks_us(); f.ioctl(6, n - 1); e = time.ticks_diff(time.ticks_us(), t)\n"
        "t = time.ticks_us(); f.writeblocks(n - 1, bytearray(1024), 0)\n"
        "p = time.ticks_diff(time.ticks_us(), t)\nprint('times', e, p)\n")
    rc, out, err = run_cli("--timeout-ms", "3000", script)
    assert (rc, err) == (0, []), (out, err)
    erase, program = (int(x) for x in out.split("times ")[1].split()[:2])
    assert 45000 <= erase < 46000, erase
    assert 4 * 400 <= program < 4 * 400 + 500, program


@pytest.mark.parametrize("opt", ["--boards", "--firmware"])
def test_bench_pico_tree_that_is_no_folder_is_one_line(tmp_path, opt):
    # Said before the kit is looked for or anything is built.
    cp = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench", "bench_pico.py"),
                         opt, str(tmp_path / "nope")], capture_output=True, text=True,
                        timeout=60)
    assert cp.returncode == 2 and "Traceback" not in cp.stderr, cp.stderr
    assert cp.stdout.strip() == "bench_pico: %s %s is not a folder" % (opt, tmp_path / "nope")
