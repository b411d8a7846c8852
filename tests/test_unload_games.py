"""On MicroPython the app drops code from the heap when its screens are left:
a game's own modules when another game starts or on the way back to the title
(app.modules.drop_games), the title's and the rule summaries' when a game
starts, so the Pico's heap holds one game's code at a time."""

import subprocess

from mprun import ROOT, node_or_skip

SCRIPT = """
import sys
from app.kit.buttons import ScriptedButtons
from app.kit.clock import VirtualClock
from app.kit.display import FrameDisplay
from app.main import App

app = App(FrameDisplay(240, 135), ScriptedButtons(), VirtualClock(), seed=1)
app.new_game()  # Clubbed
print("clubbed", "cardgames.clubbed" in sys.modules, "app.clubbed.screen" in sys.modules)
app.to_title()
app.cycle_game(1)
app.new_game()  # Klaberjass
print("after", "cardgames.clubbed" in sys.modules, "app.clubbed.screen" in sys.modules,
      "players.clubbed.heuristic" in sys.modules, "cardgames.klaberjass" in sys.modules,
      "app.clubbed" in sys.modules, hasattr(sys.modules["app"], "clubbed"))
print("left", sorted(m for m in sys.modules if "clubbed" in m))
print("shared", "cardgames.cards" in sys.modules, "app.screen" in sys.modules)
print("title", "app.title" in sys.modules, "app.rules_screen" in sys.modules)
app.show_rules(app.screen)
print("rules", "app.rules_text" in sys.modules, len(app.screen.shown) > 5)
app.to_title()
print("back", "cardgames.klaberjass" in sys.modules, "app.klaberjass.screen" in sys.modules,
      "cardgames.cards" in sys.modules, "app.title" in sys.modules)
from app.link_screen import LinkScreen
from app.linkgame import LinkGame
from link import session
app.show(LinkScreen(app, app.screen))
app.to_title()
print("link", "app.link_screen" in sys.modules, "app.linkgame" in sys.modules,
      "link.session" in sys.modules, "link.frame" in sys.modules, "link" in sys.modules)
"""


def test_leaving_screens_drops_their_modules(tmp_path):
    node = node_or_skip()
    script = tmp_path / "switch.py"
    script.write_text(SCRIPT)
    out = subprocess.run([node, str(ROOT / "tools" / "mp" / "mp_run.mjs"), str(script)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0] == "clubbed True True"
    # Clubbed's own modules are gone; Klaberjass's are loaded; shared ones stay.
    # Its folder's package too, from sys.modules and from the app package.
    assert lines[1] == "after False False False True False False"
    # Every module of Clubbed's (its players' endgame solver too), by name.
    assert lines[2] == "left []"
    assert lines[3] == "shared True True"
    # The title's code is not held during a game; the summaries only while
    # the Rules screen is built (it reads its page from the rule file).
    assert lines[4] == "title False False"
    assert lines[5] == "rules False True"
    # Back at the title no game's code is held.
    assert lines[6] == "back False False False True"
    # Link play's code is not held once its game is left.
    assert lines[7] == "link False False False False False"
