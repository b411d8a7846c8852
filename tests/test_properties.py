"""Property-based tests (hypothesis) of the promise every game makes
(cardgames/game.py, developers' guide "bad input"):

- ``apply`` of anything (ints of any size and sign, the legal moves of other
  phases, None, str, floats, tuples, bytes...) either plays a legal move or
  raises ValueError with a message, and a refused action leaves the game
  exactly as it was: ``to_text``, every seat's observation, ``events``,
  ``current_player`` and ``legal_actions``.
- ``from_text`` of any text (random, or a real position mutated: truncated,
  fields changed, characters swapped) raises ValueError or gives a game that
  survives the same treatment and writes itself back identically.
- The constructors take their documented options and refuse anything else
  with ValueError.

Sequences mix junk with legal moves and with long runs of seeded random legal
moves, so the games get deep (later hands and rounds, the end of the game).
The hypothesis settings are per test and CI runs derandomized (see
conftest.py), so a run is the same every time and takes about 15 s.
"""

import os

import pytest
import randomrun
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import text_module

from cardgames import clubbed, clubs, klaberjass
from cardgames.rng import Rng

# HYPOTHESIS_SCALE=20 (with HYPOTHESIS_PROFILE=explore) runs 20 times the
# examples, to hunt for new bugs outside CI.
SCALE = int(os.environ.get("HYPOTHESIS_SCALE", "1"))


class Spec:
    """One game for these tests: its module, class, seats and constructor
    options (name -> strategy of good values)."""

    def __init__(self, mod, cls, options, magic, quick):
        self.mod = mod
        self.quick = quick  # options for whole games that end soon
        self.cls = cls
        self.options = options
        self.magic = magic


BOOL01 = st.sampled_from([True, False, 0, 1])
SPECS = {
    "clubbed": Spec(clubbed, clubbed.Clubbed,
                    {"dealer": st.sampled_from([0, 1]), "refill": BOOL01}, "CB1", {}),
    "klaberjass": Spec(klaberjass, klaberjass.Klaberjass,
                       {"dealer": st.sampled_from([None, 0, 1]),
                        "target": st.sampled_from([1, 50, 150, 500]),
                        "alternate": BOOL01, "all_sequences": BOOL01, "classic": BOOL01},
                       "KJ1", {"target": 150}),
    "clubs": Spec(clubs, clubs.Clubs,
                  {"dealer": st.sampled_from([None, 0, 1, 2, 3]),
                   "target": st.sampled_from([1, 10, 42])}, "PC1", {"target": 10}),
}  # fmt: skip
NAMES = sorted(SPECS)

# Anything a caller might hand to ``apply``: small ints around every game's
# action range (cards, DRAW, bids, Klaberjass's 52..59, Clubs' bids), any int,
# and values of other types, some equal to a legal int (5.0 == 5, True == 1).
JUNK = st.one_of(
    st.integers(-3, 80),
    st.integers(),
    st.sampled_from([2**30, 2**31, 2**63, 2**64 + 5, -(2**63), 10**30]),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 5.0, 13.0, 52.0, 53.0]),
    st.text(max_size=4),
    st.binary(max_size=2),
    st.tuples(st.integers(-1, 60)),
    st.lists(st.integers(0, 60), max_size=2),
    st.complex_numbers(max_magnitude=60),
    st.builds(object),
)

# A step of a sequence: ("junk", value) tries a value that may or may not be
# legal; ("pick", i) plays legal_actions()[i % n]; ("run", k, seed) plays k
# seeded random legal moves at once, to reach deep positions quickly.
STEP = st.one_of(
    st.tuples(st.just("junk"), JUNK),
    st.tuples(st.just("pick"), st.integers(0, 1000)),
    st.tuples(st.just("run"), st.integers(1, 120), st.integers(0, 2**30 - 1)),
)


def plain(v):
    """``v`` with objects (observations, hand summaries) turned into their
    attributes, so two equal states compare equal."""
    if hasattr(v, "__dict__"):
        return sorted((k, plain(x)) for k, x in v.__dict__.items())
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


def snapshot(g):
    """Everything observable about ``g``: notation, per-seat observations
    (their attributes), events, seat to move and legal actions."""
    obs = [plain(g.observation(s)) for s in range(g.num_seats)]
    return (g.to_text(), obs, list(g.events), g.current_player, g.legal_actions())


def try_apply(g, action):
    """Apply ``action``: it is legal and played (True), or refused with a
    ValueError that has a message and changes nothing (False). Any other
    exception fails the test."""
    before = snapshot(g)
    why = g.why_illegal(action)
    try:
        g.apply(action)
    except ValueError as e:
        assert str(e), "ValueError without a message for %r" % (action,)
        assert why == str(e), "why_illegal and apply disagree on %r" % (action,)
        assert snapshot(g) == before, "refused %r changed the game" % (action,)
        return False
    assert why is None, "apply took %r that why_illegal refused: %s" % (action, why)
    legal = before[4]
    assert action in legal and type(action) is int, "%r played but not legal" % (action,)
    return True


def check_legal_moves(g):
    """A game that is not over offers moves; one that is over refuses all."""
    if g.is_over():
        assert g.current_player is None and g.legal_actions() == []
        g.result()
    else:
        assert g.legal_actions(), "no legal move while not over"
        with pytest.raises(ValueError):
            g.result()


def run_steps(g, mod, steps, check_text=True):
    """Play ``steps`` (see STEP) on ``g``, checking each refusal and that the
    notation round-trips after each played move (``check_text``)."""
    for step in steps:
        if step[0] == "junk":
            try_apply(g, step[1])
        elif step[0] == "pick":
            legal = g.legal_actions()
            if legal:
                assert try_apply(g, legal[step[1] % len(legal)])
        else:
            rng = Rng(step[2])
            for _ in range(step[1]):
                legal = g.legal_actions()
                if not legal:
                    break
                g.apply(legal[rng.below(len(legal))])
        check_legal_moves(g)
        if check_text:
            t = g.to_text()
            assert text_module(mod).from_text(t).to_text() == t
    # The end of the game refuses everything, too.
    for a in (0, 1, 52, None):
        if g.is_over():
            assert not try_apply(g, a)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_apply_arbitrary_sequences(name, data):
    spec = SPECS[name]
    opts = data.draw(st.fixed_dictionaries(spec.options), label="options")
    seed = data.draw(st.integers(), label="seed")
    g = spec.cls(seed, **opts)
    steps = data.draw(st.lists(STEP, max_size=40), label="steps")
    run_steps(g, spec.mod, steps)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**30 - 1), junk=st.lists(JUNK, min_size=1, max_size=6))
def test_whole_games_refuse_junk_at_every_move(name, seed, junk):
    """Seeded games played to the end (Clubs: 600 moves, several hands), with
    one of ``junk`` tried before every move."""
    spec = SPECS[name]
    g = spec.cls(seed, **spec.quick)
    rng = Rng(seed)
    n = 0
    while not g.is_over() and n < 600:
        if try_apply(g, junk[n % len(junk)]) and g.is_over():
            break  # the "junk" was a legal, last move
        legal = g.legal_actions()
        assert try_apply(g, legal[rng.below(len(legal))])
        n += 1
    check_legal_moves(g)


# --- from_text ----------------------------------------------------------------


def _valid_texts(spec, seeds):
    out = []
    for seed in seeds:
        g = spec.cls(seed, **spec.quick)
        rng = Rng(seed)
        i = 0
        while not g.is_over() and i < 3000:
            if i % 7 == 0:
                out.append(g.to_text())
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            i += 1
        out.append(g.to_text())
    return out


VALID = {name: _valid_texts(SPECS[name], (1, 2, 3)) for name in NAMES}
PIECES = st.sampled_from(
    ["", ";", "=", ",", "-", "--", "?", "0", "1", "2", "9", "99999", "-1", "C", "TC", "7h", "2C",
     "AS", "JD", "XX", "m=-", "\x00", "é", "ﬅ", "１", " ", "\n", "CB1", "KJ1", "PC1"]
)  # fmt: skip


def parsed_game_survives(mod, text, steps):
    """``text_module(mod).from_text(text)`` raises ValueError (with a message) or gives a
    game that writes itself back and takes ``steps`` like a fresh one."""
    try:
        g = text_module(mod).from_text(text)
    except ValueError as e:
        assert str(e)
        return
    t = g.to_text()
    assert text_module(mod).from_text(t).to_text() == t
    check_legal_moves(g)
    run_steps(g, mod, steps, check_text=False)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_from_text_mutated_positions(name, data):
    spec = SPECS[name]
    text = data.draw(randomrun.mutated(VALID[name], PIECES), label="text")
    steps = data.draw(st.lists(STEP, max_size=8), label="steps")
    parsed_game_survives(spec.mod, text, steps)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=100 * SCALE, deadline=None)
@given(data=st.data())
def test_from_text_arbitrary_text(name, data):
    spec = SPECS[name]
    text = data.draw(
        st.text(max_size=300)
        | st.builds(lambda s: spec.magic + ";" + s, st.text(max_size=300))
        | st.text(alphabet=spec.magic + ";=,-?0123456789CDHSTJQKAhmskpx", max_size=300),
        label="text",
    )
    parsed_game_survives(spec.mod, text, [])


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40 * SCALE, deadline=None)
@given(bad=JUNK)
def test_from_text_of_anything_but_text(name, bad):
    with pytest.raises(ValueError) as info:
        text_module(SPECS[name].mod).from_text(bad)
    assert str(info.value)


# --- constructors ---------------------------------------------------------------

ANY_OPTION = st.one_of(JUNK, st.sampled_from([0, 1, 2, 3, -1, 500, 1000, "1", "no", 1.0]))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150 * SCALE, deadline=None)
@given(data=st.data())
def test_constructor_options(name, data):
    """Any value for any option: ValueError naming the option, or a game that
    plays (its value then being one the docstring allows)."""
    spec = SPECS[name]
    keys = ["seed"] + sorted(spec.options)
    kw = {}
    for k in data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=3), label="keys"):
        # seed=None is the documented empty shell for copy/from_text (a
        # known wart, tests/test_bad_input.py), so not drawn here.
        anything = ANY_OPTION.filter(lambda v: v is not None) if k == "seed" else ANY_OPTION
        kw[k] = data.draw(anything | spec.options.get(k, st.integers()), label=k)
    try:
        g = spec.cls(**kw)
    except ValueError as e:
        assert any(k in str(e) for k in kw), "%r does not say which option is bad" % str(e)
        return
    for k, v in kw.items():
        good = spec.options.get(k)
        if k == "seed":
            assert type(v) is int, "seed %r accepted" % (v,)
        elif k == "target":
            assert type(v) is int and v >= 1, "target %r accepted" % (v,)
        elif good is not None:
            assert v is None or v is True or v is False or type(v) is int, (
                "%s=%r accepted" % (k, v))
    check_legal_moves(g)
    t = g.to_text()
    assert text_module(spec.mod).from_text(t).to_text() == t
    run_steps(g, spec.mod, [("run", 300, 1)])
