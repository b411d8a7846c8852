"""Override a search kit's module-level settings (``players/<game>/kit.py``)
for one run of a tool: ``--set NAME=VALUE``, where VALUE is a Python literal
of the setting's own kind (an int for an int, as many ints for a tuple).
The tools that take ``--set``: arena.py, clubbed_variant.py, klaberjass_match.py."""

import ast

# Settings that size a kit's arrays when it is imported (Clubbed's CNT and
# S; every kit's MAX_MOVES): they cannot be set afterwards.
SIZES = ("CNT", "S", "MAX_MOVES")


def parse(kit, items, fixed=SIZES):
    """``{name: value}`` from ``items`` (``"NAME=VALUE"`` strings) for the
    kit module ``kit``. Raises ValueError saying why for an unknown setting,
    one in ``fixed``, a value that is not a literal or not of the setting's
    kind."""
    over = {}
    for s in items:
        name, _, text = s.partition("=")
        if not name.isupper() or not hasattr(kit, name):
            raise ValueError("--set %s: no setting %r in %s" % (s, name, kit.__name__))
        if name in fixed:
            raise ValueError("--set %s: %s sizes the kit's arrays at import; it cannot be set"
                             % (s, name))
        try:
            v = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError("--set %s: %r is not a Python literal" % (s, text)) from None
        old = getattr(kit, name)
        # The value must have the setting's own shape: an int for an int
        # (not a bool), a tuple of as many ints for a tuple.
        if type(old) is tuple:
            ok = type(v) is tuple and len(v) == len(old) and all(type(x) is int for x in v)
        else:
            ok = type(v) is type(old) and type(old) in (int, bool)
        if not ok:
            raise ValueError("--set %s: %s is %r; give a value of the same kind" % (s, name, old))
        over[name] = v
    return over


def apply(kit, over):
    """Set each of ``over`` (from ``parse``) on the kit module ``kit``."""
    for name, v in over.items():
        setattr(kit, name, v)
