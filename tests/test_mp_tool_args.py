"""The parity helpers under tools/mp/ that a developer runs by hand (with
firmware/ on the path): a wrong game, count or record says so in one line
on stderr and exits 2, never a traceback."""

import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("tool, arg", [
    ("link_pair.py", "hearts"),
    ("link_screens.py", "hearts"),
    ("replay_check.py", "zz"),
    ("replay_check.py", "00"),
    ("transcripts.py", "many"),
    ("transcripts_clubs.py", "-5"),
])
def test_a_wrong_argument_is_one_line_not_a_traceback(tool, arg):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        os.path.join(REPO, d) for d in ("firmware", "host_sim", "tests")))
    p = subprocess.run([sys.executable, os.path.join("tools", "mp", tool), arg], cwd=REPO,
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert len(p.stderr.splitlines()) == 1 and p.stderr.startswith(tool + ": "), p.stderr
    assert p.stdout == ""
