"""The exceptions of impartial_games.

Every refusal of the engines is a :class:`GameError`, a subclass of :class:`ValueError`;
the more precise classes below also derive from the built-in exception a Python user would
catch for the same trouble. Exceptions raised by your own game's code (``moves``,
``components``, ``canonical``, ``__eq__``/``__hash__`` of positions) come back unchanged,
with their traceback, and Ctrl-C raises :class:`KeyboardInterrupt` as usual.

Arguments of the wrong type raise :class:`TypeError`; a negative number, or one too large
for the engine's integers (64 bits unless said otherwise), raises :class:`OverflowError`.
"""

__all__ = [
    "GameError",
    "BudgetError",
    "EffortError",
    "CycleError",
    "PeriodNotFoundError",
    "IllegalMoveError",
    "FileError",
]


class GameError(ValueError):
    """Input the engines refuse: a bad octal code, a board too large, a graph with a vertex
    out of range, ... The message says what and why, in one line."""


class BudgetError(GameError, MemoryError):
    """The computation would need more memory than ``memory=`` (MiB) allows; raised before
    the memory is allocated. Raise ``memory=`` to go on."""


class EffortError(GameError, TimeoutError):
    """The computation would take (or took) more work than its limit: ``max_nodes=``,
    ``max_steps=``, ``max_seconds=``, a size limit, or the default limits that keep answers
    quick (``allow_long=True`` lifts those)."""


class CycleError(GameError):
    """A routine for acyclic games was given a game or graph with a cycle; use the loopy
    routines (``loopy_outcomes``, ``digraph_loopy_outcomes``)."""


class PeriodNotFoundError(GameError):
    """No period was proven within the heaps searched (raise ``max=``)."""


class IllegalMoveError(GameError):
    """A move that the rules of the game do not allow."""


class FileError(GameError, OSError):
    """A value file that cannot be used: damaged, of another game, or of another format.
    Such a file is refused, never used."""
