"""Exact answers about impartial games, from Python, by the Rust engines of impartial-games.

Built-in games: Wythoff's game, Nim and misère Nim, subtraction and octal games, Grundy's
game, misère quotients, Cram, Chomp, Node-Kayles, the rotation puzzle, and directed graphs
of your own. Games you write in Python (a ``moves(position)`` method, optionally
``components`` and ``canonical``) are solved by the same engines: the explicit game graph
(:func:`grundy_values`, :func:`loopy_outcomes`, :func:`winning_moves`) or the search over
components (:func:`solve`).

Limits are keyword arguments with the meaning of the ``games`` command line's flags:
``memory`` (MiB, default 4096), ``max_nodes``, ``max_steps``, ``max_seconds`` (10 s by
default for searches) and ``allow_long=True``, which lifts every effort limit but not the
memory budget. Refusals raise the classes of :mod:`impartial_games.errors`.
"""

from . import errors
from ._native import (
    MisereQuotient,
    Octal,
    SearchResult,
    Subtraction,
    chomp,
    cram,
    grundys_game_values,
    misere_quotient,
    nim_outcome,
    nim_sum,
    nim_winning_moves,
    rotation_count,
    rotation_solve,
    wythoff_grundy,
    wythoff_grundy_table,
    wythoff_is_p_position,
    wythoff_pair,
    wythoff_winning_moves,
)
from ._games import (
    Game,
    grundy_values,
    loopy_outcomes,
    nimber,
    outcome,
    solve,
    winning_moves,
)
from ._graphs import digraph_grundy_values, digraph_kernels, digraph_loopy_outcomes, node_kayles
from .errors import (
    BudgetError,
    CycleError,
    EffortError,
    FileError,
    GameError,
    IllegalMoveError,
    PeriodNotFoundError,
)
from ._sequences import wythoff_p_pairs

__all__ = [
    "BudgetError",
    "CycleError",
    "EffortError",
    "FileError",
    "Game",
    "GameError",
    "IllegalMoveError",
    "MisereQuotient",
    "Octal",
    "PeriodNotFoundError",
    "SearchResult",
    "Subtraction",
    "chomp",
    "cram",
    "digraph_grundy_values",
    "digraph_kernels",
    "digraph_loopy_outcomes",
    "errors",
    "grundy_values",
    "grundys_game_values",
    "loopy_outcomes",
    "misere_quotient",
    "nim_outcome",
    "nim_sum",
    "nim_winning_moves",
    "node_kayles",
    "nimber",
    "outcome",
    "rotation_count",
    "rotation_solve",
    "solve",
    "winning_moves",
    "wythoff_grundy",
    "wythoff_grundy_table",
    "wythoff_is_p_position",
    "wythoff_p_pairs",
    "wythoff_pair",
    "wythoff_winning_moves",
]
