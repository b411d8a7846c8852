"""The search players decide the same on CPython and on MicroPython 1.27
(WebAssembly): integer arithmetic and the project's own generator only
(issue #7). Compares tools/ai/search_decisions.py's output line by line."""

from mprun import cpython_output, micropython_output


def test_search_decisions_identical_on_micropython():
    cp = cpython_output("tools/ai/search_decisions.py")
    mp = micropython_output("tools/ai/search_decisions.py")
    assert len(cp.splitlines()) == 12
    assert cp == mp
