"""Games written in Python, solved by the Rust engines."""

from typing import Any, Dict, Hashable, Iterable, List, Optional

from . import _native
from ._native import SearchResult

__all__ = ["Game", "grundy_values", "loopy_outcomes", "winning_moves", "solve", "nimber", "outcome"]


class Game:
    """A base class for your own game (optional: any object with a ``moves`` method, or a
    plain function giving the moves, works as well).

    ``moves(position)`` returns the positions reachable in one move (any iterable of
    hashable objects). Two optional methods speed up the search (:func:`solve`):

    * ``components(position)``: the independent parts of ``position``, played as a
      disjunctive sum (its value is the XOR of theirs); parts with no move may be left out.
      Every move of the position must be a move of exactly one part, the others unchanged.
    * ``canonical(position)``: one representative of the positions that are the same game
      up to a symmetry, so that the search's table finds it again.
    """

    def moves(self, position: Hashable) -> Iterable[Hashable]:
        raise NotImplementedError("a game gives moves(position)")

    components = None  # type: Any
    canonical = None  # type: Any


def grundy_values(
    game: Any, roots: Iterable[Hashable], *, max_positions: int = 1_000_000, memory: int = 4096
) -> Dict[Hashable, int]:
    """The Grundy value of every position reachable from ``roots``, by the explicit game
    graph (``CycleError`` if the game has a cycle; ``EffortError`` past ``max_positions``)."""
    return _native.game_grundy_values(game, roots, max_positions=max_positions, memory=memory)


def loopy_outcomes(
    game: Any, roots: Iterable[Hashable], *, max_positions: int = 1_000_000, memory: int = 4096
) -> Dict[Hashable, str]:
    """The outcome (``"P"``, ``"N"`` or ``"D"`` for a draw) of every position reachable from
    ``roots``, cycles allowed."""
    return _native.game_loopy_outcomes(game, roots, max_positions=max_positions, memory=memory)


def winning_moves(
    game: Any, position: Hashable, *, max_positions: int = 1_000_000, memory: int = 4096
) -> List[Hashable]:
    """Every winning move of ``position`` (the options that are P-positions), by the
    explicit game graph."""
    return _native.game_winning_moves(game, position, max_positions=max_positions, memory=memory)


def solve(
    game: Any,
    position: Hashable,
    *,
    method: str = "pruned",
    winning_move: bool = False,
    memory: int = 4096,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    allow_long: bool = False,
) -> SearchResult:
    """The nimber of ``position`` by game-core's search over components, with its
    transposition table and pruning: a :class:`SearchResult` (``nimber``, ``outcome``,
    ``winning_move`` when asked, ``stats``).

    ``method``: ``"pruned"`` (default), ``"aspiration"``, ``"mex"``, or ``"outcome"`` (only
    who wins). Limits: ``memory`` (MiB), ``max_nodes`` (positions expanded), ``max_seconds``
    (10 unless ``allow_long=True``); past one, :class:`~impartial_games.EffortError` or
    :class:`~impartial_games.BudgetError`. Ctrl-C stops the search with ``KeyboardInterrupt``.
    """
    return _native.game_search(
        game,
        position,
        method=method,
        winning_move=winning_move,
        memory=memory,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        allow_long=allow_long,
    )


def nimber(game: Any, position: Hashable, **limits: Any) -> int:
    """The nimber of ``position`` by :func:`solve` (same keyword arguments)."""
    result = solve(game, position, **limits)
    assert result.nimber is not None
    return result.nimber


def outcome(game: Any, position: Hashable, **limits: Any) -> str:
    """Who wins ``position``: ``"P"`` (the player to move loses) or ``"N"``, by the search
    asked only that question (``method="outcome"``)."""
    return solve(game, position, method="outcome", **limits).outcome
