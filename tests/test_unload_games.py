"""On MicroPython the app drops a game's own modules when another game starts,
so the Pico's heap holds one game's code at a time (app.games.unload_others)."""

import subprocess

from mprun import ROOT, node_or_skip

SCRIPT = """
import sys
from app.buttons import ScriptedButtons
from app.clock import VirtualClock
from app.display import FrameDisplay
from app.main import App

app = App(FrameDisplay(240, 135), ScriptedButtons(), VirtualClock(), seed=1)
app.new_game()  # Clubbed
print("clubbed", "cardgames.clubbed" in sys.modules, "app.clubbed_screen" in sys.modules)
app.to_title()
app.cycle_game(1)
app.new_game()  # Klaberjass
print("after", "cardgames.clubbed" in sys.modules, "app.clubbed_screen" in sys.modules,
      "players.clubbed_heuristic" in sys.modules, "cardgames.klaberjass" in sys.modules)
print("shared", "cardgames.cards" in sys.modules, "app.screen" in sys.modules)
"""


def test_switching_games_drops_the_previous_games_modules(tmp_path):
    node = node_or_skip()
    script = tmp_path / "switch.py"
    script.write_text(SCRIPT)
    out = subprocess.run([node, str(ROOT / "tools" / "mp_run.mjs"), str(script)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0] == "clubbed True True"
    # Clubbed's own modules are gone; Klaberjass's are loaded; shared ones stay.
    assert lines[1] == "after False False False True"
    assert lines[2] == "shared True True"
