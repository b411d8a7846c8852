"""Test-side helpers on the games' position notations (``MAGIC;k=v;...``),
written independently of the cores' parsers, and the shared check of an
illegal action."""

import pytest


def card_names(v):
    """Two-character card names of a notation card field (``"TC2H"``)."""
    assert len(v) % 2 == 0, v
    return [v[i : i + 2] for i in range(0, len(v), 2)]


def notation_fields(text, magic, card_fields=()):
    """Fields of notation ``text`` starting with ``magic`` as a dict of str;
    the keys in ``card_fields`` become lists of card names."""
    parts = text.split(";")
    assert parts[0] == magic, text
    out = {}
    for part in parts[1:]:
        k, v = part.split("=", 1)
        out[k] = card_names(v) if k in card_fields else v
    return out


def assert_illegal(g, action, *words):
    """apply(action) raises ValueError mentioning each of ``words`` (any
    case); the position is unchanged. Returns the message."""
    before = g.to_text()
    assert action not in g.legal_actions()
    assert g.why_illegal(action)
    with pytest.raises(ValueError) as e:
        g.apply(action)
    msg = str(e.value)
    for w in words:
        assert w.lower() in msg.lower(), (w, msg)
    assert g.to_text() == before
    return msg
