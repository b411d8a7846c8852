"""A search player shared by the games: determinized Monte Carlo.

Each iteration deals one world consistent with what the seat has observed
(the game module's ``world(obs, rng, g)``: the hidden cards dealt at random
within everything the observation rules out), then plays every candidate
action in that same world and plays the round out with a cheap playout
policy, adding the outcome (the game kit's ``value``) to that action's total.
Every action is judged on the same worlds, so their differences are not
drowned by the luck of the deal. The heuristic's own choice is kept unless
another action beats it clearly: its edge over the heuristic's choice, world
by world, must be positive beyond the noise of the worlds played (see
``best``). On a Pico's budget a decision sees a handful of worlds, and a
search that follows noise plays worse than the heuristic it starts from.

Why a cheap playout policy and not the heuristic: on a Pico a heuristic move
costs 2 to 15 ms (it rebuilds an observation and weighs scenarios), so a
single Clubs playout would take most of a second. The kits' policies read the
world directly (the world is a sample, so seeing all of it is the point of
determinization) and cost a fraction of that (tools/bench/bench_search.py).
Clubbed's kit plays the heuristic's own choices that way: they read only
counts, which its compact playout game keeps.

A game kit (``players/*/kit.py``) provides ``MAX_MOVES``,
``searchable(obs)``, ``worth(obs, legal, a, prior)`` (whether action ``a``
is worth searching besides ``prior``, the heuristic's choice), ``world(obs, rng, g)``,
``new_game()``, ``policy(g, rng)``, ``done(g)`` and ``value(g, seat)`` (an
int, higher is better for ``seat``), and may provide ``playout(g, rng)``
(plays ``g`` out as ``policy`` would, returns the moves made: one call per
playout instead of two per move), ``solve(obs, legal, prior)`` (the action
to play without searching, e.g. from an exact endgame solver, or None to
search as usual; asked once per searched decision, after the prior),
``Z2`` (its own test threshold, see ``best``) and ``WORLD_MOVES`` (what
its ``world`` costs, in playout moves, counted in the budget) and
``WORK_SCALE`` (how many of its playout moves make one move of the budget
``work``: a compact playout's moves cost less).

Budget: playout moves per decision (``work``: time on the device follows
the moves played, whatever the position, and the count is the same on every
runtime), in whole worlds, at most ``max_worlds``; cut short when
``time_ms`` > 0 and ``clock`` (``ticks_ms()``/``ticks_diff()``, integer ms)
says the time is up. The time counts from the start of the decision (the
prior's choice and the worlds dealt, bidding's re-deals included) and is
checked after every playout, where a playout as long as the slowest one so
far would end past it also ends the search, and every ``CHECK_MOVES`` moves
inside a playout made move by move (a world cut short is dropped; fewer
than ``MIN_WORLDS`` worlds give the prior, so the cut never changes a
decision it leaves enough worlds to make). ``stop`` (a callable, or None;
set it on the player before ``choose``) is asked at the same points: True
ends the decision at once with what the worlds so far say (the console's
"A while the computer is thinking makes it move at once"). Without a clock
and a stop the player is deterministic for its seed. Integer arithmetic only; the two games it plays
in (world and scratch) are allocated once per player and reused; the playout
loop is bounded by ``kit.MAX_MOVES`` and nothing recurses.
"""

from cardgames.rng import Rng

MAX_ACTIONS = 16  # more legal actions than this are never searched at once
CLIP = 60  # an edge over the prior counts at most this much in one world
Z2 = 2  # squared z of the test in ``best``: z = 1.41, about 92% one-sided
MIN_WORLDS = 3
PRUNE_AT = 4  # worlds before a kit's PRUNE drops candidates (see ``Search._prune``)
MAX_WORLDS = 512  # (512 * CLIP) ** 2 < 2**30: see ``best``
CHECK_MOVES = 8  # a playout made move by move looks at the clock this often


class Search:
    """Search player for one game. ``kit``: the game's kit module;
    ``fallback``: the heuristic player (decides where the kit does not
    search, and is the prior); ``seed``: the sampling generator's seed;
    ``work``: the budget in playout moves per decision (every world started
    is finished, so all candidates are judged on the same worlds);
    ``max_worlds``: at most this many worlds; ``time_ms`` and ``clock``: a
    time cap on the device; ``stop``: see the module docstring.

    Raises ValueError when ``work`` or ``max_worlds`` is below 1 or
    ``max_worlds`` above ``MAX_WORLDS`` (the test's ints stay below 2**30).
    """

    def __init__(self, kit, fallback, seed=0, work=1000, max_worlds=64, time_ms=0, clock=None,
                 stop=None):
        if work < 1 or max_worlds < 1 or max_worlds > MAX_WORLDS:
            raise ValueError("work and max_worlds must be at least 1 (max_worlds at most %d),"
                             " got %r, %r" % (MAX_WORLDS, work, max_worlds))
        self.kit = kit
        self.fallback = fallback
        self.rng = Rng(seed)
        # A kit whose playout moves cost a fraction of a budget move (a
        # compact playout) sets WORK_SCALE: the budget's moves per move.
        self.work = work * getattr(kit, "WORK_SCALE", 1)
        self.max_worlds = max_worlds
        # The test's squared z: a kit may set its own (``Z2``).
        self.z2 = getattr(kit, "Z2", Z2)
        # What dealing one world costs, in playout moves of the budget (a
        # kit whose worlds are weighed, several deals each, sets WORLD_MOVES).
        self.world_moves = getattr(kit, "WORLD_MOVES", 0)
        self.time_ms = time_ms
        self.clock = clock if time_ms > 0 else None
        self.stop = stop
        self.last = 0  # tick of the last clock reading
        self.slowest = 0  # ms: the longest playout of this decision
        # A kit may play a whole playout in one call (``playout(g, rng)``,
        # returning the moves made), faster than a move per call.
        self.playout = getattr(kit, "playout", None)
        # A kit may solve some positions exactly (``solve(obs, legal, prior)``:
        # an action, or None to search as usual).
        self.solve = getattr(kit, "solve", None)
        self.world = kit.new_game()
        self.scratch = kit.new_game()
        self.totals = [0] * MAX_ACTIONS  # per candidate: sum of its edge over the prior
        self.squares = [0] * MAX_ACTIONS  # ... and of the squared edges
        self.v0 = 0  # the prior's value in the current world
        self.edges = [0] * MAX_ACTIONS  # each candidate's edge in the current world
        self.cands = bytearray(MAX_ACTIONS)
        self.n_cands = 0
        # A kit may ask for candidates clearly worse than the prior to be
        # dropped as the worlds come in (``PRUNE``, see ``_prune``).
        self.prune = getattr(kit, "PRUNE", False)
        self.obs = None
        self.prior = 0
        self.done_iters = 0  # worlds completed
        self.moves = 0  # playout moves made
        self.cand = 0  # next candidate to play out in the current world
        self.started = 0

    def choose(self, obs, legal):
        """Best of ``legal`` for ``obs`` (the seat's Observation).

        Raises ValueError when ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if not self.begin(obs, legal):
            return self.prior
        while self.step():
            pass
        return self.best()

    def begin(self, obs, legal):
        """Start a decision; False when it is not searched (then ``prior``,
        the heuristic's choice, is the answer)."""
        if self.clock is not None:
            self.started = self.last = self.clock.ticks_ms()
            self.slowest = 0
        self.prior = self.fallback.choose(obs, legal)
        if len(legal) < 2 or not self.kit.searchable(obs):
            return False
        if self.solve is not None:
            # The kit plays this position exactly (e.g. a Clubbed endgame):
            # its move replaces the prior, and nothing is sampled.
            a = self.solve(obs, legal, self.prior)
            if a is not None:
                self.prior = a
                return False
        # The prior first, then the other actions the kit thinks worth a
        # look (as many as fit).
        self.cands[0] = self.prior
        n = 1
        for a in legal:
            if a != self.prior and n < MAX_ACTIONS and self.kit.worth(obs, legal, a, self.prior):
                self.cands[n] = a
                n += 1
        self.n_cands = n
        if n < 2:
            return False
        for i in range(n):
            self.totals[i] = 0
            self.squares[i] = 0
        self.obs = obs
        self.done_iters = 0
        self.moves = 0
        self.cand = 0
        return True

    def step(self):
        """One playout: the next candidate in the current world (a new world
        first when the last one is done). Returns True while the budget
        allows another."""
        kit = self.kit
        rng = self.rng
        seat = self.obs.seat
        i = self.cand
        if i == 0:
            kit.world(self.obs, rng, self.world)
            self.moves += self.world_moves
        s = self.world.copy(self.scratch)
        s._apply(self.cands[i])  # legal in every world: the seat's own card
        if self.playout is not None:
            k = self.playout(s, rng)
        else:
            k = 0
            while not kit.done(s) and k < kit.MAX_MOVES:
                s._apply(kit.policy(s, rng))
                k += 1
                if k % CHECK_MOVES == 0 and self._cut_now():
                    self.cand = 0  # the world under way is dropped
                    return False
        self.moves += k + 1
        v = kit.value(s, seat)
        if i == 0:
            self.v0 = v
        else:
            d = v - self.v0
            self.edges[i] = CLIP if d > CLIP else (-CLIP if d < -CLIP else d)
        late = self._late()
        if i + 1 < self.n_cands:
            # Out of time in the middle of a world: drop it (a world counts
            # only when every candidate was played in it).
            if late:
                self.cand = 0
                return False
            self.cand = i + 1
            return True
        for j in range(1, self.n_cands):
            d = self.edges[j]
            self.totals[j] += d
            self.squares[j] += d * d
        self.cand = 0
        self.done_iters += 1
        if self.prune and self.done_iters >= PRUNE_AT and self._prune() < 2:
            return False  # only the prior is left
        return not late and self.moves < self.work and self.done_iters < self.max_worlds

    def _prune(self):
        """Drop every candidate whose edge over the prior is negative beyond
        the noise (``best``'s test the other way round): ``best`` could not
        pick it, and its playouts go to more worlds for the others. Returns
        the candidates left (the prior included)."""
        n = self.done_iters
        i = 1
        while i < self.n_cands:
            t = self.totals[i]
            if t < 0 and self._clear(t, self.squares[i], n):
                last = self.n_cands - 1
                self.cands[i] = self.cands[last]
                self.totals[i] = self.totals[last]
                self.squares[i] = self.squares[last]
                self.n_cands = last
            else:
                i += 1
        return self.n_cands

    def _clear(self, t, q, n):
        # |t| / n beyond sqrt(z2) standard errors (see ``best``), in ints.
        if n <= 64:
            return t * t * (n - 1) > self.z2 * (n * q - t * t)
        m = t * t // n
        return m * (n - 1) > self.z2 * (q - m)

    def _late(self):
        """After a playout: told to stop, or out of time, or a playout as
        long as the slowest one so far would end past the time."""
        stop = self.stop
        if stop is not None and stop():
            return True
        clock = self.clock
        if clock is None:
            return False
        now = clock.ticks_ms()
        took = clock.ticks_diff(now, self.last)
        self.last = now
        if took > self.slowest:
            self.slowest = took
        return clock.ticks_diff(now, self.started) + self.slowest > self.time_ms

    def _cut_now(self):
        """Inside a playout: told to stop, or out of time."""
        stop = self.stop
        if stop is not None and stop():
            return True
        clock = self.clock
        return clock is not None and (
            clock.ticks_diff(clock.ticks_ms(), self.started) >= self.time_ms)

    def best(self):
        """The decision: the prior, unless another candidate's mean edge over
        it, world by world, is positive and clear of the noise: more than
        ``Z2`` (or the kit's ``Z2``) times its variance over the worlds played
        (a one-sided test, z = sqrt(Z2)), with at least ``MIN_WORLDS`` worlds."""
        best = 0
        n = self.done_iters
        bar = 0
        if n >= MIN_WORLDS:
            for i in range(1, self.n_cands):
                t = self.totals[i]
                if t <= 0:
                    continue
                # t/n > z * sd / sqrt(n), sd^2 = (q - t^2/n) / (n - 1), in ints
                # (|edge| <= CLIP and n <= 64 keep every product below 2**30;
                # past 64 worlds, the same test divided by n: t * t stays
                # below 2**30 up to MAX_WORLDS).
                ok = self._clear(t, self.squares[i], n)
                if ok and t > bar:
                    bar = t
                    best = i
        self.obs = None
        return self.cands[best]
