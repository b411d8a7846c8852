"""A board's RGB LED on three PWM pins (``led`` in boards/).

The Pico Display Pack's LED is common-anode: a channel is lit when its pin is
low (Pimoroni drives it with inverted PWM output), so ``active`` is 0 there.
"""


class RGBLed:
    """``set(r, g, b)`` with 0..255 per channel; ``off()``."""

    def __init__(self, pwms, active=1):
        self.pwms = pwms
        self.active = active
        self.off()

    def set(self, r, g, b):
        """Light the LED; each channel 0..255 (linear duty)."""
        levels = (r, g, b)
        for i in range(3):
            duty = max(0, min(255, levels[i])) * 257
            self.pwms[i].duty_u16(duty if self.active else 65535 - duty)

    def off(self):
        """All channels dark."""
        self.set(0, 0, 0)


def from_board(cfg, machine=None):
    """The LED a board's ``led`` dict describes, or None when it has none."""
    if not cfg or cfg.get("kind") != "rgb":
        return None
    if machine is None:
        import machine
    pwms = []
    for gpio in cfg["pins"]:
        pwm = machine.PWM(machine.Pin(gpio))
        pwm.freq(1000)
        pwms.append(pwm)
    return RGBLed(pwms, cfg.get("active", 1))
