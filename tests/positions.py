"""The position parser of a rules core, for tests that hold the core module."""

import importlib


def text_module(core):
    """``cardgames.<game>_text`` for rules core module ``core`` (its
    ``from_text`` reads the notation ``core.<Game>.to_text`` writes)."""
    return importlib.import_module(core.__name__ + "_text")
