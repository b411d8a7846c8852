"""Static checks on the shared code (firmware/cardgames, firmware/players,
firmware/link), which must run unchanged on CPython and MicroPython on an
RP2040:

- imports only from cardgames, players, link, micropython, gc, sys, time and
  hashlib (the link's commitments and state hashes; in particular never
  ``random``: its sequence differs between runtimes);
- no float literals (no cheap floats on the Pico);
- no int literal >= 2**30 (would be a heap-allocated big int on MicroPython);
- no ``@micropython.native`` / ``viper`` / ``asm_thumb`` (CPython cannot run
  them and the emitters differ per port).
"""

import ast
import io
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DIRS = [ROOT / "firmware" / d for d in ("cardgames", "players", "link")]
ALLOWED_IMPORTS = {"cardgames", "players", "link", "micropython", "gc", "sys", "time", "hashlib"}
EMITTERS = {"native", "viper", "asm_thumb"}


def shared_files():
    files = []
    for d in SHARED_DIRS:
        files.extend(sorted(p for p in d.rglob("*.py") if "__pycache__" not in p.parts))
    return files


def import_problems(source):
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                continue  # relative import: inside the package
            names = [node.module or ""]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            out.append("line %d: __import__()" % node.lineno)
            continue
        else:
            continue
        for n in names:
            if n.split(".")[0] not in ALLOWED_IMPORTS:
                out.append("line %d: imports %s" % (node.lineno, n))
    return out


def literal_problems(source):
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.NUMBER:
            continue
        value = ast.literal_eval(tok.string)
        where = "line %d: %s" % (tok.start[0], tok.string)
        if isinstance(value, float | complex):
            out.append(where + " is a float/complex literal")
        elif value >= 2**30:
            out.append(where + " is an int literal >= 2**30")
    return out


def emitter_problems(source):
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for dec in node.decorator_list:
                text = ast.unparse(dec)
                if text.split(".")[-1].split("(")[0] in EMITTERS:
                    out.append("line %d: @%s" % (dec.lineno, text))
    for word in EMITTERS:
        if "micropython." + word in source:
            out.append("mentions micropython.%s" % word)
    return out


def test_there_is_shared_code():
    names = {p.name for p in shared_files()}
    assert {"cards.py", "rng.py", "game.py", "clubbed.py", "random_player.py",
            "session.py"} <= names


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_file_constraints(path):
    source = path.read_text(encoding="utf-8")
    problems = import_problems(source) + literal_problems(source) + emitter_problems(source)
    assert not problems, "%s:\n  %s" % (path.relative_to(ROOT), "\n  ".join(problems))


def test_checkers_catch_violations():
    bad = (
        "import random\n"
        "from os import path\n"
        "import micropython, gc\n"
        "from cardgames import cards\n"
        "from . import rng\n"
        "x = 0.5\n"
        "y = 1e3\n"
        "z = 1073741824\n"
        "w = 0x3FFFFFFF\n"
        "v = 2j\n"
        "@micropython.viper\n"
        "def f():\n"
        "    return 1\n"
        "@micropython.native\n"
        "def g():\n"
        "    return 2\n"
    )
    imports = import_problems(bad)
    assert len(imports) == 2
    assert any("random" in p for p in imports) and any("os" in p for p in imports)
    lits = literal_problems(bad)
    assert [p.split(": ")[1].split(" ")[0] for p in lits] == ["0.5", "1e3", "1073741824", "2j"]
    emitters = emitter_problems(bad)
    assert any("viper" in p for p in emitters) and any("native" in p for p in emitters)
    good = "from cardgames import cards\nimport sys, time\nN = 0x3FFFFFFF\n"
    assert not (import_problems(good) + literal_problems(good) + emitter_problems(good))
