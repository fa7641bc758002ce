"""Iterators over long sequences, one item at a time."""

from typing import Iterator, Tuple

from . import _native

__all__ = ["wythoff_p_pairs"]


def wythoff_p_pairs(start: int = 0, stop: "int | None" = None) -> Iterator[Tuple[int, int]]:
    """The P-positions ``(a_n, b_n)`` of Wythoff's game for ``n = start, start + 1, ...``
    (up to ``stop``, excluded, or as long as the pairs fit in 64 bits), each exact."""
    n = start
    last = _native.wythoff_max_pair_index()
    while (stop is None or n < stop) and n <= last:
        yield _native.wythoff_pair(n)
        n += 1
