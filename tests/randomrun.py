"""Shared machinery of the *_random.py invariant tests: run many seeded games
over the machine's cores (``multiprocessing``, fork) with every failure kept
with its config, report the first failure, and feed fuzzed notation to a
core's ``from_text``."""

import functools
import multiprocessing
import os
import traceback

import pytest
from hypothesis import strategies as st


def run_batch(run, configs):
    """``[(cfg, run(cfg), None)]``, or ``(cfg, None, traceback)`` on failure."""
    results = []
    for cfg in configs:
        try:
            results.append((cfg, run(cfg), None))
        except Exception:  # report, with the game's config, in the parent
            results.append((cfg, None, traceback.format_exc()))
    return results


def _splat(play, cfg):
    return play(*cfg)


def run_all(run, configs, splat=False):
    """``run_batch`` spread over up to 4 forked workers (in one process when
    fork is missing). ``run`` must be a module-level function; with ``splat``
    it is called as ``run(*cfg)``."""
    if splat:
        run = functools.partial(_splat, run)
    workers = min(4, os.cpu_count() or 1)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return run_batch(run, configs)
    chunks = [configs[i::workers] for i in range(workers)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        parts = pool.map(functools.partial(run_batch, run), chunks)
    return [r for part in parts for r in part]


def fail_on_first(results, what="games", call="play_checked"):
    """Fails the test on the first failed config of ``run_all``'s results,
    naming it so it can be replayed as ``call(*cfg)``."""
    failures = [(cfg, tb) for cfg, _, tb in results if tb]
    if failures:
        cfg, tb = failures[0]
        pytest.fail(
            "%d of %d %s failed; first: %s%r\n%s"
            % (len(failures), len(results), what, call, cfg, tb)
        )


def only_value_error(from_text, check_parsed, text):
    """``from_text(text)`` either raises ValueError or gives a game that
    passes ``check_parsed``."""
    try:
        g = from_text(text)
    except ValueError:
        return
    check_parsed(g)


@st.composite
def mutated(draw, valid, pieces, swap_forward_only=False):
    """A text of ``valid`` (a list of notations) changed 1 to 4 times:
    a short span replaced (by one of ``pieces``, a strategy, or any short
    text), deleted, inserted, two two-character chunks (cards) swapped, two
    field values swapped, or the text truncated. With ``swap_forward_only``
    chunks are swapped only when the second lies after the first."""
    text = draw(st.sampled_from(valid))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.integers(0, 5))
        n = len(text)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 6)))
        if op == 0:  # replace a short span
            text = text[:i] + draw(pieces | st.text(max_size=3)) + text[j:]
        elif op == 1:  # delete a span
            text = text[:i] + text[j:]
        elif op == 2:  # insert
            text = text[:i] + draw(pieces) + text[i:]
        elif op == 3:  # swap two two-character chunks (cards) anywhere
            k = draw(st.integers(0, max(0, n - 2)))
            if not swap_forward_only or k >= i + 2:
                text = (
                    text[:i] + text[k : k + 2] + text[i + 2 : k] + text[i : i + 2] + text[k + 2 :]
                )
        elif op == 4:  # move a field value into another field
            parts = text.split(";")
            if len(parts) > 2:
                a = draw(st.integers(1, len(parts) - 1))
                b = draw(st.integers(1, len(parts) - 1))
                ka, _, va = parts[a].partition("=")
                kb, _, vb = parts[b].partition("=")
                parts[a] = ka + "=" + vb
                parts[b] = kb + "=" + va
                text = ";".join(parts)
        else:  # truncate
            text = text[:i]
    return text
