"""A game written in Python solved by the Rust search, beside a memoised pure-Python solver of
the same rules (the same moves, the same components, the same canonical form), side by side.

    python crates/games-py/benchmarks/user_games.py [MAX_HEAP]

Lasker's Nim (take any number from a heap, or split a heap in two): the value of one heap of
MAX_HEAP counters, by each solver from an empty table. Prints the CPU seconds of each and checks
that the values agree. Not part of the tests (it measures).
"""

import functools
import sys
import time

import impartial_games as ig


class LaskersNim(ig.Game):
    def moves(self, heaps):
        out = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            out.extend(tuple(sorted(rest + ((k,) if k else ()))) for k in range(h))
            out.extend(tuple(sorted(rest + (a, h - a))) for a in range(1, h // 2 + 1))
        return out

    def components(self, heaps):
        return [(h,) for h in heaps if h]


def python_values(game, max_heap):
    """Memoised mex over the definition, by components (the XOR of the parts' values)."""

    @functools.lru_cache(maxsize=None)
    def component(part):
        seen = {value(option) for option in game.moves(part)}
        m = 0
        while m in seen:
            m += 1
        return m

    def value(position):
        x = 0
        for part in game.components(position):
            x ^= component(part)
        return x

    return value((max_heap,))


def main():
    max_heap = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    game = LaskersNim()
    start = time.process_time()
    expected = python_values(game, max_heap)
    python_seconds = time.process_time() - start
    start = time.process_time()
    found = ig.nimber(game, (max_heap,), allow_long=True)
    rust_seconds = time.process_time() - start
    assert found == expected, "the two solvers disagree"
    print(f"Lasker's Nim, heap {max_heap}: pure Python {python_seconds:.2f} s, Rust search {rust_seconds:.2f} s "
          f"(ratio {python_seconds / rust_seconds:.2f})")


if __name__ == "__main__":
    main()
