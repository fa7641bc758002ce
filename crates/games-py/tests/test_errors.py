"""Hostile arguments: every refusal is a typed exception, never a crash or a hang."""

import pytest

import impartial_games as ig


def test_the_exception_hierarchy():
    assert issubclass(ig.GameError, ValueError)
    assert issubclass(ig.BudgetError, ig.GameError) and issubclass(ig.BudgetError, MemoryError)
    assert issubclass(ig.EffortError, ig.GameError) and issubclass(ig.EffortError, TimeoutError)
    assert issubclass(ig.FileError, ig.GameError) and issubclass(ig.FileError, OSError)
    for cls in (ig.CycleError, ig.PeriodNotFoundError, ig.IllegalMoveError):
        assert issubclass(cls, ig.GameError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: ig.wythoff_pair(-1),
        lambda: ig.wythoff_pair(2**64),
        lambda: ig.nim_outcome([-3]),
        lambda: ig.nim_sum([2**64]),
        lambda: ig.cram(-1, 3),
        lambda: ig.Octal("0.77").values(-5),
        lambda: ig.rotation_count(-2),
    ],
)
def test_negative_and_huge_numbers_overflow(call):
    with pytest.raises(OverflowError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: ig.wythoff_pair("3"),
        lambda: ig.wythoff_pair(2.5),
        lambda: ig.nim_outcome("345"),
        lambda: ig.Octal(77),
        lambda: ig.Subtraction("1,2"),
        lambda: ig.node_kayles([1, 2, 3]),
        lambda: ig.cram(3, 3, memory="lots"),
    ],
)
def test_wrong_types_are_type_errors(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize(
    "call,cls",
    [
        (lambda: ig.Octal("0.8"), ig.GameError),
        (lambda: ig.Octal(""), ig.GameError),
        (lambda: ig.Octal("0." + "7" * 1000), ig.GameError),
        (lambda: ig.misere_quotient("banana"), ig.GameError),
        (lambda: ig.Subtraction([]), ig.GameError),
        (lambda: ig.Subtraction([0, 1]), ig.GameError),
        (lambda: ig.cram(0, 4), ig.GameError),
        (lambda: ig.cram(12, 12), ig.GameError),
        (lambda: ig.chomp(0, 0), ig.GameError),
        (lambda: ig.wythoff_grundy_table(0), ig.GameError),
        (lambda: ig.wythoff_grundy_table(10**9), ig.GameError),
        (lambda: ig.wythoff_pair(2**63), ig.GameError),
        (lambda: ig.wythoff_grundy(10**6, 10**6), ig.EffortError),
        (lambda: ig.rotation_solve(7), ig.GameError),
        (lambda: ig.rotation_count(40), ig.EffortError),
        (lambda: ig.rotation_count(8, shard="5/3"), ig.GameError),
        (lambda: ig.node_kayles((3, [(0, 5)])), ig.GameError),
        (lambda: ig.node_kayles((2**21, [])), ig.GameError),
        (lambda: ig.digraph_grundy_values((2, [(0, 2)])), ig.GameError),
        (lambda: ig.Octal("0.77").values(10**12, memory=1), ig.BudgetError),
        (lambda: ig.Octal("0.77").values(10**7, max_steps=1000), ig.EffortError),
        (lambda: ig.Subtraction([1, 2]).values(10**12, memory=1), ig.BudgetError),
        (lambda: ig.Octal("0.6").period(max=100), ig.GameError),
        (lambda: ig.misere_quotient("0.77", max_heap=10**6), ig.EffortError),
        (lambda: ig.misere_quotient("0.77", memory=0), ig.GameError),
        (lambda: ig.misere_quotient("0.6", max_heap=10).outcome([10**9]), ig.GameError),
        (lambda: ig.cram(4, 4, max_seconds=-1), ig.GameError),
        (lambda: ig.cram(4, 4, max_seconds=float("nan")), ig.GameError),
        (lambda: ig.cram(4, 4, memory=2**21), ig.GameError),
        (lambda: ig.cram(3, 3, method="magic"), ig.GameError),
    ],
)
def test_bad_input_is_a_typed_error(call, cls):
    with pytest.raises(cls) as info:
        call()
    assert "\n" not in str(info.value)


def test_a_value_file_of_another_game_is_refused(tmp_path):
    path = tmp_path / "values"
    ig.Octal("0.77").write_values(100, path)
    with pytest.raises(ig.FileError):
        ig.Octal("0.07").write_values(100, path)
    path.write_bytes(b"not a value file at all")
    with pytest.raises(ig.FileError):
        ig.Octal("0.77").write_values(100, path)


def test_a_value_file_that_is_not_a_regular_file_is_refused(tmp_path):
    # A FIFO would block the read for ever, a device never ends, a directory is no file.
    import os

    fifo = tmp_path / "values.fifo"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path, "/dev/zero"):
        with pytest.raises(ig.FileError, match="not a regular file"):
            ig.Octal("0.77").statistics(100, path=str(path))
        with pytest.raises(ig.FileError, match="not a regular file"):
            ig.Octal("0.77").write_values(100, str(path))
