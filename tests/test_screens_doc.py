"""docs/screens.md and its PNGs (tools/docs/screens.py): every game's
screens on every board, before and after, are what the simulator shows now,
and the set stays small."""

import importlib.util
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "docs" / "screens"


def tool():
    spec = importlib.util.spec_from_file_location("screens",
                                                  ROOT / "tools" / "docs" / "screens.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_screens_are_what_the_simulator_shows(capsys):
    assert tool().main(["--check"]) == 0, capsys.readouterr().err


def test_every_shot_has_a_before_and_an_after_and_the_set_is_small():
    mod = tool()
    for folder, _, scale, keys in mod.runs():
        for word in keys.split():
            if word.startswith("SHOT:"):
                rel = Path(folder) / (word[5:] + ".png")
                w, h = (int(n) * scale for n in folder.split("x"))
                for png in (SCREENS / rel, SCREENS / "before" / rel):
                    with Image.open(png) as im:  # the board's frame, scaled up
                        assert im.size == (w, h), png
    total = sum(p.stat().st_size for p in SCREENS.rglob("*.png"))
    assert total < 1_500_000, total


def test_an_out_that_is_a_file_is_refused_in_one_line(tmp_path, capsys):
    # Said before any run, not as a traceback after the first one.
    (tmp_path / "f").write_text("x")
    try:
        tool().main(["--out", str(tmp_path / "f"), "--no-page"])
    except SystemExit as e:
        assert e.code == 2
    else:
        raise AssertionError("a file taken for --out")
    err = capsys.readouterr().err
    assert err.startswith("screens: cannot put PNGs in --out") and err.count("\n") == 1
