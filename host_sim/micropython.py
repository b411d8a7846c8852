"""CPython stand-in for MicroPython's ``micropython`` module (desktop simulator).

Found as ``import micropython`` because the simulator puts ``host_sim/`` on
``sys.path``. Only what the firmware may use is provided, with the meaning it
has on MicroPython minus the code-generation side effects (MicroPython docs:
"micropython -- access and control MicroPython internals").
"""


def const(expr):
    """Return ``expr`` unchanged (MicroPython folds it in at compile time)."""
    return expr


def native(func):
    """Decorator: return ``func`` unchanged (MicroPython emits native code)."""
    return func


def viper(func):
    """Decorator: return ``func`` unchanged (MicroPython emits viper code).

    Viper-only typing (``ptr8``, ``int(x)`` casts...) is not emulated.
    """
    return func


def mem_info(verbose=None):
    """Do nothing and return ``None`` (MicroPython prints heap statistics)."""
    return None
