"""The built-in engines against values known independently of the code: closed forms, OEIS
sequences, and plain Python solvers written from the rules."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import impartial_games as ig
from conftest import memoised_grundy, memoised_misere_outcome, mex, octal_moves


def wythoff_lower(n: int) -> int:
    """floor(n * phi) exactly: (n + isqrt(5 n^2)) // 2."""
    return (n + math.isqrt(5 * n * n)) // 2


def test_wythoff_pairs_follow_the_golden_ratio_exactly():
    for n in list(range(2000)) + [10**12, 102_334_155, 2**40 + 7]:
        a = wythoff_lower(n)
        assert ig.wythoff_pair(n) == (a, a + n)


def test_wythoff_p_pairs_iterates_the_same_pairs():
    pairs = list(ig.wythoff_p_pairs(0, 50))
    assert pairs == [ig.wythoff_pair(n) for n in range(50)]
    last = list(ig.wythoff_p_pairs(wythoff_last_index() - 3))  # stops at the last that fits
    assert len(last) == 4 and all(b < 2**64 for _, b in last)


def wythoff_last_index():
    """The largest n with b_n = floor(n phi) + n < 2^64, found by bisection on the closed form."""
    low, high = 0, 2**64
    while high - low > 1:
        mid = (low + high) // 2
        if wythoff_lower(mid) + mid < 2**64:
            low = mid
        else:
            high = mid
    return low


def wythoff_moves(position):
    x, y = position
    out = [(i, y) for i in range(x)] + [(x, j) for j in range(y)]
    out += [(x - d, y - d) for d in range(1, min(x, y) + 1)]
    return out


def test_wythoff_grundy_table_and_values_match_the_mex_definition():
    grundy = memoised_grundy(wythoff_moves)
    table = ig.wythoff_grundy_table(16)
    assert isinstance(table, np.ndarray) and table.dtype == np.uint32 and table.shape == (16, 16)
    for x in range(16):
        for y in range(16):
            assert table[x, y] == grundy((x, y))
            assert ig.wythoff_grundy(x, y) == grundy((x, y))


def test_wythoff_winning_moves_normal_and_misere_match_brute_force():
    grundy = memoised_grundy(wythoff_moves)
    misere = memoised_misere_outcome(wythoff_moves)
    for x in range(12):
        for y in range(12):
            options = wythoff_moves((x, y))
            assert ig.wythoff_winning_moves(x, y) == sorted(o for o in options if grundy(o) == 0)
            assert ig.wythoff_is_p_position(x, y) == (grundy((x, y)) == 0)
            wins = sorted(set(o for o in options if misere(o) == "P"))
            assert ig.wythoff_winning_moves(x, y, misere=True) == wins
            assert ig.wythoff_is_p_position(x, y, misere=True) == (misere((x, y)) == "P")


def nim_moves(heaps):
    return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :])) for i, h in enumerate(heaps) for k in range(h)]


def test_nim_outcomes_and_winning_moves():
    misere = memoised_misere_outcome(nim_moves)
    for heaps in [(1, 2, 3), (3, 4, 5), (1, 1), (1,), (), (2, 2, 1), (7, 3, 6, 1)]:
        xor = 0
        for h in heaps:
            xor ^= h
        assert ig.nim_sum(list(heaps)) == xor
        assert ig.nim_outcome(list(heaps)) == ("P" if xor == 0 else "N")
        for i, new in ig.nim_winning_moves(list(heaps)):
            after = list(heaps)
            after[i] = new
            assert new < heaps[i] and ig.nim_sum(after) == 0
        assert ig.nim_outcome(list(heaps), misere=True) == misere(tuple(sorted(heaps)))
        for i, new in ig.nim_winning_moves(list(heaps), misere=True):
            after = list(heaps)
            after[i] = new
            assert misere(tuple(sorted(after))) == "P"
    assert ig.nim_sum([2**64 - 1, 1]) == 2**64 - 2


def test_subtraction_values_and_period():
    game = ig.Subtraction([1, 3, 4])
    grundy = memoised_grundy(lambda h: [h - s for s in (1, 3, 4) if s <= h])
    assert list(game.values(100)) == [grundy(h) for h in range(101)]
    assert game.period() == (0, 7, [0, 1, 0, 1, 2, 3, 2])
    misere = memoised_misere_outcome(lambda h: [h - s for s in (1, 3, 4) if s <= h])
    values = game.values(60, misere=True)
    assert [v == 0 for v in values] == [misere(h) == "P" for h in range(61)]
    assert game.amounts == [1, 3, 4]


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.6", "0.51"])
def test_octal_values_match_the_definition(code):
    moves = octal_moves(code)
    g = []
    for h in range(61):
        # A heap's options are sums of heaps, each valued by the XOR of its parts.
        options = set()
        for option in moves((h,)):
            x = 0
            for part in option:
                x ^= g[part]
            options.add(x)
        g.append(mex(options))

    def heap_value(h):
        return g[h]

    values = ig.Octal(code).values(60)
    assert values.dtype == np.uint32
    assert list(values) == [heap_value(h) for h in range(61)]


def test_known_periods_and_oeis_sequences():
    # Kayles (OEIS A002186): period 12 from heap 71 on (Guy and Smith).
    pre, period, values = ig.Octal("0.77").period()
    assert (pre, period) == (71, 12)
    assert values[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    # Grundy's game (OEIS A002188).
    assert list(ig.grundys_game_values(20)) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]


def test_grundys_game_matches_the_definition():
    def moves(h):
        return [(a, h - a) for a in range(1, (h + 1) // 2) if a != h - a]

    import functools

    @functools.lru_cache(maxsize=None)
    def g(h):
        return mex(g(a) ^ g(b) for a, b in moves(h))

    assert list(ig.grundys_game_values(200)) == [g(h) for h in range(201)]


def test_octal_statistics_count_the_values():
    values = list(ig.Octal("0.77").values(5000))
    stats = ig.Octal("0.77").statistics(5000)
    assert stats["heaps"] == 5000
    assert stats["largest"] == max(values[1:])
    assert stats["frequencies"] == [values[1:].count(v) for v in range(max(values) + 1)]


def test_value_files_are_written_continued_and_damage_refused(tmp_path):
    path = tmp_path / "kayles.values"
    game = ig.Octal("0.77")
    game.write_values(1000, path)
    stats = game.statistics(3000, path=path)  # continued from the file
    assert stats["largest"] == max(game.values(3000)[1:])
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    data[len(data) // 2] ^= 0x55
    path.write_bytes(bytes(data))
    with pytest.raises(ig.FileError):
        game.write_values(4000, path)


def test_misere_quotient_outcomes_match_brute_force():
    q = ig.misere_quotient("0.77")
    assert q.proven and q.order > 0 and 0 < q.p_portion < q.order
    assert not q.is_tame
    assert "<" in q.presentation
    moves = octal_moves("0.77")
    misere = memoised_misere_outcome(lambda heaps: [tuple(x for x in o if x) for o in moves(heaps)])
    for heaps in [(1,), (2,), (1, 1), (2, 3), (4, 4, 1), (5, 2, 1), (7,), (3, 3, 3)]:
        assert q.outcome(list(heaps)) == misere(tuple(sorted(heaps))), heaps
        for i, parts in q.winning_moves(list(heaps)):
            after = tuple(sorted(list(heaps[:i]) + list(heaps[i + 1 :]) + list(parts)))
            assert misere(after) == "P"
    # 0.3 (take one counter) plays like misère Nim with heaps of 1: tame.
    assert ig.misere_quotient("0.3").is_tame


def cram_moves(board):
    rows, cols, filled = board
    out = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 < rows and c2 < cols and (r, c) not in filled and (r2, c2) not in filled:
                    out.append((rows, cols, filled | {(r, c), (r2, c2)}))
    return out


@pytest.mark.parametrize("rows,cols", [(1, 5), (2, 2), (2, 3), (3, 3), (2, 5), (3, 4)])
def test_cram_matches_the_definition(rows, cols):
    grundy = memoised_grundy(cram_moves)
    expected = grundy((rows, cols, frozenset()))
    result = ig.cram(rows, cols)
    assert result.nimber == expected
    assert result.outcome == ("P" if expected == 0 else "N")
    assert ig.cram(rows, cols, method="outcome").nimber is None
    assert ig.cram(rows, cols, method="aspiration").nimber == expected
    assert ig.cram(rows, cols, method="mex").nimber == expected


@pytest.mark.parametrize("rows,cols", [(1, 5), (2, 3), (3, 3), (2, 5), (3, 4), (3, 5)])
def test_cram_winning_domino_leaves_a_p_position(rows, cols):
    grundy = memoised_grundy(cram_moves)
    empty = (rows, cols, frozenset())
    result = ig.cram(rows, cols, winning_move=True)
    if grundy(empty) == 0:
        assert result.winning_move is None
    else:
        (r1, c1), (r2, c2) = result.winning_move
        assert (r2, c2) in ((r1, c1 + 1), (r1 + 1, c1)) and r2 < rows and c2 < cols
        assert grundy((rows, cols, frozenset({(r1, c1), (r2, c2)}))) == 0
    assert ig.cram(rows, cols).winning_move is None  # not asked


def test_cram_even_by_even_is_a_second_player_win():
    assert ig.cram(4, 4, method="outcome").outcome == "P"


def chomp_moves(board):
    # board: tuple of row lengths, non-increasing; (0, 0) is poisoned and eating it is no move
    out = []
    for r, length in enumerate(board):
        for c in range(length):
            if (r, c) == (0, 0):
                continue
            out.append(tuple(x for x in (min(l, c) if i >= r else l for i, l in enumerate(board)) if x))
    return out


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (3, 4)])
def test_chomp_matches_the_definition(rows, cols):
    grundy = memoised_grundy(chomp_moves)
    board = tuple([cols] * rows)
    result = ig.chomp(rows, cols)
    assert result.nimber == grundy(board)
    if result.outcome == "N":
        r, c = result.winning_move
        after = tuple(x for x in (min(l, c) if i >= r else l for i, l in enumerate(board)) if x)
        assert grundy(after) == 0
    else:
        assert result.winning_move is None


def test_node_kayles_on_paths_is_dawsons_kayles():
    # Node-Kayles on a path of n vertices is the octal game 0.137 (OEIS A002187).
    dawson = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2]
    for n, value in enumerate(dawson):
        edges = [(i, i + 1) for i in range(n - 1)]
        assert ig.node_kayles((n, edges)).nimber == value


def test_node_kayles_takes_networkx_graphs():
    nx = pytest.importorskip("networkx")
    assert ig.node_kayles(nx.path_graph(13)).nimber == 4
    assert ig.node_kayles(nx.complete_graph(5)).nimber == 1
    # A 4-cycle: any move leaves one vertex (nimber 1), so its nimber is mex{1} = 0.
    assert ig.node_kayles(nx.cycle_graph(["a", "b", "c", "d"])).nimber == 0


def node_kayles_pick(graph, v):
    """Node-Kayles by the definition: a position is a frozenset of vertices and one of edges;
    picking v removes v and its neighbours."""
    vertices, edges = graph
    gone = {v} | {b for a, b in edges if a == v} | {a for a, b in edges if b == v}
    left = vertices - gone
    return left, frozenset(e for e in edges if e[0] in left and e[1] in left)


def node_kayles_moves(graph):
    return [node_kayles_pick(graph, v) for v in graph[0]]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 9), st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=14))
def test_node_kayles_winning_vertex_leaves_a_p_position(n, pairs):
    import networkx as nx

    edges = {(f"v{a}", f"v{b}") for a, b in pairs if a < n and b < n and a != b}
    graph = nx.Graph()
    graph.add_nodes_from(f"v{i}" for i in range(n))
    graph.add_edges_from(edges)
    grundy = memoised_grundy(node_kayles_moves)
    start = (frozenset(graph.nodes), frozenset(edges))
    result = ig.node_kayles(graph, winning_move=True)
    assert result.nimber == grundy(start)
    if result.nimber == 0:
        assert result.winning_move is None
    else:
        assert grundy(node_kayles_pick(start, result.winning_move)) == 0  # a label of the graph


SEQUENCINGS = {2: 1, 4: 2, 6: 4, 8: 24, 10: 288, 12: 3856, 14: 89328}


def test_rotation_counts_are_the_sequencings_of_z_n():
    for n, count in SEQUENCINGS.items():
        report = ig.rotation_count(n)
        assert report["total"] == count
        assert sum(report["by_first"]) == count
    halves = [ig.rotation_count(12, shard=f"{i}/3")["total"] for i in range(3)]
    assert sum(halves) == SEQUENCINGS[12]


@pytest.mark.parametrize("n", [2, 4, 8, 10, 30, 64, 1000])
def test_rotation_solutions_are_sequencings(n):
    rotations = ig.rotation_solve(n)
    assert sorted(rotations) == list(range(1, n))
    sums, total = {0}, 0
    for r in rotations:
        total = (total + r) % n
        sums.add(total)
    assert len(sums) == n


def test_digraphs_grundy_outcomes_kernels():
    arcs = [("a", "b"), ("b", "c"), ("a", "c"), ("c", "d")]
    assert ig.digraph_grundy_values(arcs) == {"a": 2, "b": 0, "c": 1, "d": 0}
    loopy = ig.digraph_loopy_outcomes([(0, 1), (1, 0), (1, 2), (3, 4), (4, 3)])
    assert loopy == {0: "P", 1: "N", 2: "P", 3: "D", 4: "D"}
    kernels, complete = ig.digraph_kernels((3, [(0, 1), (1, 2), (2, 0)]))
    assert (kernels, complete) == ([], True)  # an odd cycle has no kernel
    kernels, complete = ig.digraph_kernels([(0, 1), (1, 2), (2, 3), (3, 0)])
    assert complete and sorted(map(sorted, kernels)) == [[0, 2], [1, 3]]
    with pytest.raises(ig.CycleError):
        ig.digraph_grundy_values([(0, 1), (1, 0)])
