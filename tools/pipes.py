"""A tool whose reader goes away (``tool.py | head``) stops at once and
quietly, as Unix tools do, instead of printing a BrokenPipeError traceback:
the tools that print reports call ``quiet_when_closed()`` when run as
scripts."""

import signal


def quiet_when_closed():
    """Let a closed output end the process without a word (no SIGPIPE on
    Windows, where nothing changes)."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
