"""The console asleep: after ``app.sleep`` seconds without a press the
backlight goes off, the panel sleeps and the CPU waits in light sleep until
a button is pressed; that press only wakes the console.

    sleeper = power.Sleeper(display, keys, machine)
    sleeper.sleep()          # returns once a button woke it

- The game needs no save here: the app saves a game whenever the human is
  to move (``App.moved``), and the app only sits idle at a table waiting for
  the human, so sleeping writes nothing to flash.
- Backlight off (PWM duty 0: the output stays low while the PWM's clock is
  stopped), then the panel asleep: ``display.sleep(True)`` (ST7789 SLPIN,
  SSD1306 display off). The panel keeps its frame memory, so waking needs
  no redraw: ``display.sleep(False)`` (SLPOUT, display on), then the run
  loop restores the backlight.
- The CPU: ``machine.lightsleep(NAP_MS)`` (clocks stopped, PLLs off; it
  returns at any interrupt: a button's edge interrupt, USB, the timer).
  A button woke it when the buttons' edge ring moved or a pin shows the
  pressed level; anything else sleeps again. The check and the sleep run
  with interrupts disabled (``machine.disable_irq``): an edge in between
  stays pending, and a pending interrupt ends the WFI at once, so no press
  falls between the look and the sleep. Light sleep stops the PWM's clock
  too, which is why it waits for the backlight at 0 (a dimmed backlight's
  PWM would freeze at whatever level it had).
- ``keys.fresh()`` after waking: the press that woke the console is spent
  (it emits nothing, not even on release); what it may have queued is dropped.
"""

NAP_MS = 60000  # one light sleep at most (a timer wake costs a few clock set-ups)
SLPOUT_MS = 5  # ST7789: wait after SLPOUT before the next command (datasheet 9.1.12)


class Sleeper:
    """Puts ``display`` and the CPU to sleep until one of ``keys`` (an
    ``hw.buttons.Buttons``) is pressed. ``machine``: the module with
    ``lightsleep``, ``disable_irq``, ``enable_irq`` (default the real one)."""

    def __init__(self, display, keys, machine=None):
        if machine is None:
            import machine
        self.display = display
        self.keys = keys
        self.machine = machine
        self.naps = 0  # light sleeps taken (tests)

    def woken(self):
        """True if a button edge came in, or a button is down now."""
        keys = self.keys
        if keys.pending():
            return True
        active = keys.active
        for k in keys.keys:
            if k.pin.value() == active:
                return True
        return False

    def sleep(self):
        """Backlight off, panel asleep, CPU in light sleep until a button;
        then the panel awake again (the backlight is the caller's) and the
        waking press spent. Returns the light sleeps taken."""
        d = self.display
        light = getattr(d, "backlight", None)
        if light is not None:
            light(0)
        panel = getattr(d, "sleep", None)
        if panel is not None:
            panel(True)
        m = self.machine
        n = 0
        try:
            while True:
                s = m.disable_irq()
                try:
                    done = self.woken()
                    if not done:
                        m.lightsleep(NAP_MS)
                        n += 1
                finally:
                    m.enable_irq(s)
                if done:
                    break
        finally:
            if panel is not None:
                panel(False)
            self.keys.fresh()
            self.naps += n
        return n
