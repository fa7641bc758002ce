"""Shared helpers of the tests: plain Python solvers, written from the definitions, that
share no code with the Rust engines."""

import functools
import sys
from typing import Callable, Dict, Hashable, Iterable

sys.setrecursionlimit(100_000)


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def memoised_grundy(moves: Callable[[Hashable], Iterable[Hashable]]) -> Callable[[Hashable], int]:
    """The Grundy function of a game given by its moves: memoised mex over the definition."""

    @functools.lru_cache(maxsize=None)
    def grundy(position: Hashable) -> int:
        return mex(grundy(option) for option in moves(position))

    return grundy


def memoised_misere_outcome(moves: Callable[[Hashable], Iterable[Hashable]]) -> Callable[[Hashable], str]:
    """Misère outcome by the definition: a position with no move is won by the player to move."""

    @functools.lru_cache(maxsize=None)
    def outcome(position: Hashable) -> str:
        options = list(moves(position))
        if not options:
            return "N"
        return "N" if any(outcome(o) == "P" for o in options) else "P"

    return outcome


def octal_moves(code: str):
    """The moves of one heap of an octal game, from the digits of its code (d_k: bit 1 takes
    k leaving nothing, bit 2 leaving one heap, bit 4 leaving two heaps)."""
    digits = [int(code[0])] + [int(c) for c in code[2:]]

    def moves(heaps):
        out = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for k, d in enumerate(digits):
                if k > h or (k == 0 and not d & 4):
                    continue
                left = h - k
                if d & 1 and left == 0:
                    out.add(tuple(sorted(rest)))
                if d & 2 and left > 0:
                    out.add(tuple(sorted(rest + (left,))))
                if d & 4 and left >= 2:
                    # k = 0 (code "4.xx"): a heap split in two without taking any counter.
                    for a in range(1, left // 2 + 1):
                        out.add(tuple(sorted(rest + (a, left - a))))
        return out

    return moves
