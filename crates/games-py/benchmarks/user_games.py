"""Games written in Python, solved by the Rust search beside memoised pure-Python solvers of
the same rules, side by side (issue 69: the Rust search should be at least 10x faster).

    python crates/games-py/benchmarks/user_games.py [lasker|kayles|cram ...]

Three games, each written as a Python class the way a user would, in up to three forms:

* the definition: ``moves`` (and ``components``, ``canonical`` where the game has them), one
  Python call per option and per part when the Rust search asks;
* ``option_parts`` as lists: one Python call per component gives every option already split
  into its parts;
* ``option_parts`` as a numpy array of integers (Lasker's Nim only: its parts are heaps).

The Python solvers, all memoised (a dict over positions) mex of the options' values, from an
empty table:

* ``plain mex``: over whole positions by ``moves`` alone (the definition, no decomposition);
* ``mex by components``: a position's value is the XOR of its components' values (each in
  canonical form when the game gives one), and a component's is the mex over its options;
* ``mex over option_parts``: the same, reading each component's options from the lists
  ``option_parts`` gives (the least Python work a memoised solver of these rules can do).

Prints one line per solver with its CPU seconds (``time.process_time``), and the ratio of each
Python solver's time to each Rust run's; every answer is checked equal. ``plain mex`` gives up
after a million positions on the boards and graphs: its ratio is then a lower bound, said so.
Not part of the tests (it measures).
"""

import random
import sys
import time

import numpy as np

import impartial_games as ig


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


# --- Python solvers -------------------------------------------------------------------------


class GaveUp(Exception):
    """A solver stopped at its cap of positions: its time is a lower bound."""


PLAIN_MEX_CAP = 1_000_000


def plain_mex(game, position):
    """Gives up (``GaveUp``) after ``PLAIN_MEX_CAP`` positions: the positions of a board or a
    graph by the definition are far more than the components, and a run to the end would
    take hours."""
    memo = {}

    def value(p):
        v = memo.get(p)
        if v is None:
            if len(memo) >= PLAIN_MEX_CAP:
                raise GaveUp(f"gave up after {PLAIN_MEX_CAP} positions")
            v = memo[p] = mex({value(o) for o in game.moves(p)})
        return v

    return value(position)


def mex_by_components(game, position):
    memo = {}
    canonical = getattr(game, "canonical", None) or (lambda p: p)

    def component(c):
        v = memo.get(c)
        if v is None:
            v = memo[c] = mex({value(o) for o in game.moves(c)})
        return v

    def value(p):
        x = 0
        for part in game.components(p):
            x ^= component(canonical(part))
        return x

    return value(position)


def mex_over_option_parts(game, position):
    memo = {}
    canonical = getattr(game, "canonical", None) or (lambda p: p)

    def component(c):
        v = memo.get(c)
        if v is None:
            seen = set()
            for parts in game.option_parts(c):
                x = 0
                for part in parts:
                    x ^= component(part)
                seen.add(x)
            v = memo[c] = mex(seen)
        return v

    x = 0
    for part in game.components(position):
        x ^= component(canonical(part))
    return x


# --- Lasker's Nim: take any number from a heap, or split a heap in two -----------------------


class LaskersNim(ig.Game):
    """Positions are sorted tuples of heaps; components are one-heap tuples."""

    def moves(self, heaps):
        out = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            out.extend(tuple(sorted(rest + ((k,) if k else ()))) for k in range(h))
            out.extend(tuple(sorted(rest + (a, h - a))) for a in range(1, h // 2 + 1))
        return out

    def components(self, heaps):
        return [(h,) for h in heaps if h]


class LaskersNimParts(ig.Game):
    """The same game; components are heaps (ints), and ``option_parts`` lists the options of a
    heap: take to ``k`` (the part ``k``, none for 0) or split into ``a`` and ``h - a``."""

    def moves(self, heaps):
        return LaskersNim().moves(heaps)

    def components(self, heaps):
        return [h for h in heaps if h]

    def option_parts(self, h):
        return [(k,) for k in range(1, h)] + [()] + [(a, h - a) for a in range(1, h // 2 + 1)]


class LaskersNimArray(LaskersNimParts):
    """The same, ``option_parts`` as one numpy array: a row per option, -1 for no part."""

    def option_parts(self, h):
        take = np.full((h, 2), -1, dtype=np.int64)
        take[1:, 0] = np.arange(1, h)
        a = np.arange(1, h // 2 + 1)
        return np.concatenate([take, np.stack([a, h - a], axis=1)])


# --- Node-Kayles: a move takes a vertex and its neighbours ----------------------------------


def bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class NodeKayles(ig.Game):
    """Positions are bit masks of the vertices left of one fixed graph."""

    def __init__(self, n, edges):
        self.closed = [1 << v for v in range(n)]
        for u, v in edges:
            self.closed[u] |= 1 << v
            self.closed[v] |= 1 << u

    def moves(self, mask):
        return [mask & ~self.closed[v] for v in bits(mask)]

    def components(self, mask):
        parts = []
        while mask:
            part = frontier = mask & -mask
            while frontier:
                grown = 0
                for v in bits(frontier):
                    grown |= self.closed[v]
                frontier = grown & mask & ~part
                part |= frontier
            parts.append(part)
            mask &= ~part
        return parts

    def option_parts(self, mask):
        return [self.components(option) for option in self.moves(mask)]


def random_graph(n, p, seed):
    rng = random.Random(seed)
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]


# --- Cram: a move fills two adjacent empty cells ---------------------------------------------

WIDTH = 8  # bits per row of a mask: cell (r, c) is bit r * WIDTH + c, c < WIDTH - 1


class Cram(ig.Game):
    """Positions are bit masks of the empty cells; components are translated to the top left
    corner and reflected (rows, columns) to the smallest mask."""

    def __init__(self, rows, cols):
        assert cols < WIDTH
        self.start = sum(1 << (r * WIDTH + c) for r in range(rows) for c in range(cols))

    def moves(self, mask):
        out = []
        for b in bits(mask):
            if mask >> (b + 1) & 1:
                out.append(mask & ~(3 << b))
            if mask >> (b + WIDTH) & 1:
                out.append(mask & ~(1 << b | 1 << (b + WIDTH)))
        return out

    def components(self, mask):
        parts = []
        while mask:
            part = frontier = mask & -mask
            while frontier:
                grown = frontier | frontier << 1 | frontier >> 1 | frontier << WIDTH | frontier >> WIDTH
                frontier = grown & mask & ~part
                part |= frontier
            parts.append(part)
            mask &= ~part
        return parts

    def canonical(self, mask):
        cells = [divmod(b, WIDTH) for b in bits(mask)]
        r0 = min(r for r, _ in cells)
        r1 = max(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        c1 = max(c for _, c in cells)
        best = None
        for flip_r in (False, True):
            for flip_c in (False, True):
                m = 0
                for r, c in cells:
                    m |= 1 << ((r1 - r if flip_r else r - r0) * WIDTH + (c1 - c if flip_c else c - c0))
                if best is None or m < best:
                    best = m
        return best

    def option_parts(self, mask):
        canonical = self.canonical
        return [[canonical(p) for p in self.components(o)] for o in self.moves(mask)]


# --- The runs ---------------------------------------------------------------------------------


def timed(solve):
    start = time.process_time()
    try:
        value = solve()
    except GaveUp as stop:
        value = str(stop)
    return value, time.process_time() - start


def compare(title, python_runs, rust_runs):
    print(title)
    results = {}
    for name, solve in python_runs + rust_runs:
        value, seconds = timed(solve)
        results[name] = (value, seconds)
        print(f"  {name:<46} {seconds:8.3f} s   value {value}")
    values = {v for v, _ in results.values() if isinstance(v, int)}
    assert len(values) == 1, f"the solvers disagree: {results}"
    for p, _ in python_runs:
        for r, _ in rust_runs:
            bound = "" if isinstance(results[p][0], int) else "more than "
            print(f"  ratio {p} / {r}: {bound}{results[p][1] / results[r][1]:.1f}")


def lasker(max_heap=1000):
    start = (max_heap,)
    compare(
        f"Lasker's Nim, one heap of {max_heap}",
        [
            ("Python mex by components", lambda: mex_by_components(LaskersNim(), start)),
            ("Python mex over option_parts", lambda: mex_over_option_parts(LaskersNimParts(), start)),
        ],
        [
            ("Rust search, moves + components", lambda: ig.nimber(LaskersNim(), start, allow_long=True)),
            ("Rust search, option_parts lists", lambda: ig.nimber(LaskersNimParts(), start, allow_long=True)),
            ("Rust search, option_parts numpy", lambda: ig.nimber(LaskersNimArray(), start, allow_long=True)),
        ],
    )


def kayles(n=40, p=0.1, seed=1):
    edges = random_graph(n, p, seed)
    game = NodeKayles(n, edges)
    start = (1 << n) - 1
    compare(
        f"Node-Kayles, random graph G({n}, {p}) seed {seed} ({len(edges)} edges)",
        [
            ("Python plain mex", lambda: plain_mex(game, start)),
            ("Python mex by components", lambda: mex_by_components(game, start)),
        ],
        [
            ("Rust search, moves + components", lambda: ig.nimber(NodeKayles(n, edges), start, allow_long=True)),
            ("Rust search, option_parts", lambda: ig.nimber(game, start, allow_long=True)),
        ],
    )
    # The built-in engine (game-placement's Node-Kayles, with its own canonical form), for scale.
    value, seconds = timed(lambda: ig.node_kayles((n, edges), allow_long=True).nimber)
    print(f"  {'built-in ig.node_kayles':<46} {seconds:8.3f} s   value {value}")


class CramDefinition(Cram):
    """Cram without ``option_parts``: the search calls ``moves``, ``components``, ``canonical``."""

    option_parts = None


def cram(rows=4, cols=7):
    game = Cram(rows, cols)
    start = game.start
    compare(
        f"Cram {rows} x {cols}",
        [
            ("Python plain mex", lambda: plain_mex(game, start)),
            ("Python mex by components", lambda: mex_by_components(game, start)),
        ],
        [
            ("Rust search, moves + components", lambda: ig.nimber(CramDefinition(rows, cols), start, allow_long=True)),
            ("Rust search, option_parts", lambda: ig.nimber(game, start, allow_long=True)),
        ],
    )
    value, seconds = timed(lambda: ig.cram(rows, cols, allow_long=True).nimber)
    print(f"  {'built-in ig.cram':<46} {seconds:8.3f} s   value {value}")


def main():
    runs = {"lasker": lasker, "kayles": kayles, "cram": cram}
    for name in sys.argv[1:] or list(runs):
        runs[name]()


if __name__ == "__main__":
    main()
