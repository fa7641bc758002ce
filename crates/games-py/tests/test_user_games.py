"""Games written in Python, solved by the Rust engines, against a plain memoised mex solver
written here from the same rules; exceptions of the user's code; limits and Ctrl-C."""

import _thread
import threading
import time
import traceback

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import impartial_games as ig
from conftest import memoised_grundy


@st.composite
def random_dags(draw):
    """A random acyclic game on positions 0..n-1: moves go to smaller positions."""
    n = draw(st.integers(1, 40))
    moves = {i: sorted(draw(st.sets(st.integers(0, i - 1), max_size=5))) if i else [] for i in range(n)}
    return moves


@settings(max_examples=60, deadline=None)
@given(random_dags())
def test_random_games_on_the_explicit_graph_and_the_search(moves):
    grundy = memoised_grundy(lambda p: moves[p])
    top = max(moves)
    values = ig.grundy_values(lambda p: moves[p], [top])
    for position, value in values.items():
        assert value == grundy(position)
    result = ig.solve(lambda p: moves[p], top, winning_move=True)
    assert result.nimber == grundy(top)
    if grundy(top) == 0:
        assert result.winning_move is None and result.outcome == "P"
    else:
        assert result.winning_move in moves[top] and grundy(result.winning_move) == 0
    assert ig.outcome(lambda p: moves[p], top) == ("P" if grundy(top) == 0 else "N")
    wins = ig.winning_moves(lambda p: moves[p], top)
    assert sorted(wins) == sorted(o for o in moves[top] if grundy(o) == 0)


class HeapGame(ig.Game):
    """A take-and-break game on a tuple of heaps: take an amount in `take` from a heap and,
    when `split`, leave the rest as two heaps. Components: the heaps."""

    def __init__(self, take, split):
        self.take, self.split = take, split

    def moves(self, heaps):
        out = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for t in self.take:
                if t > h:
                    continue
                left = h - t
                out.append(tuple(sorted(rest + ((left,) if left else ()))))
                if self.split:
                    for a in range(1, left // 2 + 1):
                        out.append(tuple(sorted(rest + (a, left - a))))
        return out

    def components(self, heaps):
        return [(h,) for h in heaps if h]

    def canonical(self, heaps):
        return tuple(sorted(heaps))


@settings(max_examples=40, deadline=None)
@given(
    st.sets(st.integers(1, 4), min_size=1, max_size=3),
    st.booleans(),
    st.lists(st.integers(0, 14), min_size=1, max_size=4),
)
def test_random_heap_games_by_components_match_the_definition(take, split, heaps):
    game = HeapGame(sorted(take), split)
    grundy = memoised_grundy(game.moves)
    position = tuple(sorted(heaps))
    assert ig.nimber(game, position) == grundy(position)
    assert ig.nimber(game, position, method="aspiration") == grundy(position)
    assert ig.nimber(game, position, method="mex") == grundy(position)


class HeapGameParts(HeapGame):
    """The same game, its components heaps (ints) whose options come split into parts by
    ``option_parts``: lists of heaps, or (``as_array``) a numpy array, -1 for no part."""

    def __init__(self, take, split, as_array):
        super().__init__(take, split)
        self.as_array = as_array

    def components(self, heaps):
        return [h for h in heaps if h]

    canonical = None

    def option_parts(self, h):
        options = []
        for t in self.take:
            if t <= h:
                options.append([h - t] if h > t else [])
                if self.split:
                    options.extend([a, h - t - a] for a in range(1, (h - t) // 2 + 1))
        if not self.as_array:
            return options
        rows = np.full((len(options), 2), -1, dtype=np.int32)
        for i, parts in enumerate(options):
            rows[i, : len(parts)] = parts
        return rows


@settings(max_examples=40, deadline=None)
@given(
    st.sets(st.integers(1, 4), min_size=1, max_size=3),
    st.booleans(),
    st.booleans(),
    st.lists(st.integers(0, 14), min_size=1, max_size=3),
)
def test_option_parts_as_lists_or_arrays_match_the_definition(take, split, as_array, heaps):
    definition = HeapGame(sorted(take), split)
    grundy = memoised_grundy(definition.moves)
    position = tuple(sorted(heaps))
    game = HeapGameParts(sorted(take), split, as_array)
    for method in ("pruned", "mex", "aspiration"):
        assert ig.nimber(game, position, method=method) == grundy(position)
    result = ig.solve(game, position, winning_move=True)
    assert (result.winning_move is None) == (grundy(position) == 0)
    if result.winning_move is not None:
        assert grundy(result.winning_move) == 0


def test_option_parts_errors_come_back():
    class Failing(HeapGameParts):
        def option_parts(self, h):
            if h == 5:
                raise ArithmeticError("no parts for 5")
            return super().option_parts(h)

    with pytest.raises(ArithmeticError, match="no parts for 5"):
        ig.nimber(Failing([1, 2], False, False), (9,))

    class Floats(HeapGameParts):
        def option_parts(self, h):
            return np.zeros((2, 2), dtype=np.float64)

    with pytest.raises(TypeError):
        ig.nimber(Floats([1], False, True), (3,))

    class Unhashable(HeapGameParts):
        def option_parts(self, h):
            return [[[h - 1]]] if h else []

    with pytest.raises(TypeError):
        ig.nimber(Unhashable([1], False, False), (3,))


def test_integer_positions_of_any_size():
    # Ints past 64 bits are kept as Python objects, small ones as Rust integers: both work,
    # and one game may mix them.
    big = 2**70

    def moves(n):
        return [n - 1] if n > big - 5 else ([big + 3] if n == 0 else [])

    assert ig.nimber(moves, big + 3) == 0  # big+3 -> ... -> big-4 (no move): 8 positions
    assert ig.grundy_values(moves, [0])[0] == 1


def test_positions_may_be_any_hashable_object():
    # Positions as frozensets of strings: a move removes one letter.
    def moves(letters):
        return [letters - {x} for x in letters]

    assert ig.nimber(moves, frozenset("abcde")) == 1
    values = ig.grundy_values(moves, [frozenset("abc")])
    assert values[frozenset()] == 0 and values[frozenset("abc")] == 1


def test_loopy_games_have_draws():
    # From n you may go to n - 1 or, from 5, back to 9: a cycle.
    def moves(n):
        return ([n - 1] if n > 0 else []) + ([9] if n == 5 else [])

    outcomes = ig.loopy_outcomes(moves, [9])
    assert outcomes[0] == "P" and outcomes[1] == "N"
    with pytest.raises(ig.CycleError):
        ig.grundy_values(moves, [9])


def test_exceptions_of_the_users_code_come_back_with_their_traceback():
    def moves(n):
        if n == 3:
            raise ZeroDivisionError("no moves from 3")
        return [n - 1] if n else []

    for run in (lambda: ig.solve(moves, 10), lambda: ig.grundy_values(moves, [10])):
        with pytest.raises(ZeroDivisionError, match="no moves from 3") as info:
            run()
        assert "in moves" in "".join(traceback.format_tb(info.value.__traceback__))


def test_unhashable_positions_and_failing_eq_are_type_errors():
    with pytest.raises(TypeError):
        ig.solve(lambda p: [[1, 2]], 0)
    with pytest.raises(TypeError):
        ig.grundy_values(lambda p: [], [[1]])

    class Bad:
        def __hash__(self):
            return 1

        def __eq__(self, other):
            raise RuntimeError("cannot compare")

    with pytest.raises(RuntimeError, match="cannot compare"):
        ig.grundy_values(lambda p: [Bad(), Bad()] if p == 0 else [], [0])


def test_games_that_are_not_games_are_refused():
    with pytest.raises(TypeError):
        ig.solve(42, 0)
    with pytest.raises(TypeError):
        ig.solve(lambda p: 5, 0)  # moves must be iterable


def laskers_moves(heaps):
    out = []
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for k in range(h):
            out.append(tuple(sorted(rest + ((k,) if k else ()))))
        for a in range(1, h // 2 + 1):
            out.append(tuple(sorted(rest + (a, h - a))))
    return out


def test_effort_and_memory_limits():
    game = HeapGame([1, 2], True)
    with pytest.raises(ig.EffortError, match="max_nodes"):
        ig.solve(game, (60,), max_nodes=10)
    with pytest.raises(ig.EffortError, match="max_seconds"):
        ig.solve(laskers_moves, (40, 40), max_seconds=0.05)
    with pytest.raises(ig.EffortError):
        ig.grundy_values(lambda n: [n + 1], [0], max_positions=1000)
    with pytest.raises(ig.BudgetError):
        ig.grundy_values(lambda n: [n + 1] if n < 10**6 else [], [0], memory=1)
    with pytest.raises(ig.GameError):
        ig.solve(game, (30,), memory=0)
    with pytest.raises(ig.GameError):
        ig.solve(game, (3,), method="fastest")


def interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


@pytest.mark.parametrize(
    "work",
    [
        pytest.param(lambda: ig.solve(laskers_moves, (200, 200, 200), allow_long=True), id="search of a Python game"),
        pytest.param(lambda: ig.grundy_values(lambda n: [n + 1, n + 2], [0], max_positions=10**9), id="explicit graph"),
        pytest.param(lambda: ig.cram(8, 11, allow_long=True), id="Cram"),
        pytest.param(lambda: ig.node_kayles([(i, i + 1) for i in range(300)] + [(i, i + 7) for i in range(293)], allow_long=True), id="Node-Kayles"),
        pytest.param(lambda: ig.Octal("0.6").values(10**7, allow_long=True), id="octal values"),
        pytest.param(lambda: ig.grundys_game_values(10**7, allow_long=True), id="Grundy's game"),
        # Seconds of work before its candidate quotient grows past the element limit.
        pytest.param(lambda: ig.misere_quotient("0.4052", max_heap=3000, allow_long=True), id="misere quotient"),
        pytest.param(lambda: ig.rotation_count(22, allow_long=True), id="rotation count"),
    ],
)
def test_ctrl_c_stops_long_work_within_a_second(work):
    timer = interrupt_after(0.5)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
    assert time.monotonic() - start < 1.5
