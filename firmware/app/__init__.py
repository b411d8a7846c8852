"""The console app: screens, layout, card drawing and input handling.

Runs unchanged on the Pico and in the simulator. It never imports ``machine``
and never sleeps on its own: hardware reaches it through the Display, Buttons
and Clock objects handed to ``app.main.App``.
"""
