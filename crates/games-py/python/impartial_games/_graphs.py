"""Graphs given as networkx graphs or edge lists, with any hashable vertex labels."""

from typing import Any, Dict, Hashable, Iterable, List, Optional, Tuple

from . import _native
from ._native import SearchResult

__all__ = ["node_kayles", "digraph_grundy_values", "digraph_loopy_outcomes", "digraph_kernels"]


def _numbered(graph: Any) -> Tuple[List[Hashable], List[Tuple[int, int]]]:
    """The vertices and the edges (as index pairs) of a networkx graph, or of an edge list
    ``[(u, v), ...]`` (its vertices those named by the edges), or of ``(n, edges)`` with
    vertices ``0..n-1``."""
    if hasattr(graph, "nodes") and hasattr(graph, "edges"):
        vertices = list(graph.nodes)
        edges = list(graph.edges)
    elif isinstance(graph, tuple) and len(graph) == 2 and isinstance(graph[0], int):
        if graph[0] < 0:
            raise OverflowError("the number of vertices must not be negative")
        vertices = list(range(graph[0]))
        edges = list(graph[1])
    else:
        edges = list(graph)
        vertices = []
        for edge in edges:
            if not isinstance(edge, (tuple, list)) or len(edge) != 2:
                raise TypeError(f"an edge is a pair (u, v), not {edge!r}")
            vertices.extend(edge)
        vertices = list(dict.fromkeys(vertices))
    index = {v: i for i, v in enumerate(vertices)}
    pairs = []
    for edge in edges:
        if not isinstance(edge, (tuple, list)) or len(edge) != 2:
            raise TypeError(f"an edge is a pair (u, v), not {edge!r}")
        u, v = edge
        if u not in index or v not in index:
            from .errors import GameError

            raise GameError(f"edge {edge!r} names a vertex that is not in the graph")
        pairs.append((index[u], index[v]))
    return vertices, pairs


def node_kayles(
    graph: Any,
    *,
    method: str = "pruned",
    winning_move: bool = False,
    memory: int = 4096,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    allow_long: bool = False,
) -> SearchResult:
    """The nimber (or outcome) of Node-Kayles on ``graph`` (a move takes a vertex and its
    neighbours away): a networkx graph, an edge list, or ``(n, edges)``. Directions, loops
    and repeated edges are ignored. With ``winning_move=True``, ``result.winning_move`` is a
    vertex to take that wins (its label in ``graph``), ``None`` on a P-position."""
    vertices, edges = _numbered(graph)
    return _native.node_kayles(
        len(vertices),
        edges,
        method=method,
        winning_move=winning_move,
        labels=vertices,
        memory=memory,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        allow_long=allow_long,
    )


def digraph_grundy_values(graph: Any) -> Dict[Hashable, int]:
    """The Grundy value of each vertex of an acyclic directed graph (an arc is a move):
    a networkx DiGraph, an arc list, or ``(n, arcs)``. A cycle raises ``CycleError``."""
    vertices, arcs = _numbered(graph)
    return dict(zip(vertices, _native.digraph_grundy_values(len(vertices), arcs)))


def digraph_loopy_outcomes(graph: Any) -> Dict[Hashable, str]:
    """The outcome of each vertex of a directed graph, cycles allowed: ``"P"``, ``"N"`` or
    ``"D"`` (a draw)."""
    vertices, arcs = _numbered(graph)
    return dict(zip(vertices, _native.digraph_loopy_outcomes(len(vertices), arcs)))


def digraph_kernels(
    graph: Any, *, max_kernels: int = 1000, max_steps: int = 100_000_000
) -> Tuple[List[List[Hashable]], bool]:
    """The kernels of a directed graph (independent sets into which every other vertex has
    an arc), at most ``max_kernels``: ``(kernels, complete)``, ``complete`` true when the
    list is all of them (an empty complete list: the graph has no kernel)."""
    vertices, arcs = _numbered(graph)
    kernels, complete = _native.digraph_kernels(
        len(vertices), arcs, max_kernels=max_kernels, max_steps=max_steps
    )
    return [[vertices[i] for i in kernel] for kernel in kernels], complete
