"""The examples of docs/python.md, run as written: every ```python block in order."""

import pathlib
import re

import pytest

PAGE = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)


def test_the_page_has_examples():
    assert len(blocks()) >= 3


@pytest.mark.parametrize("index", range(len(blocks())))
def test_example_runs(index):
    code = blocks()[index]
    exec(compile(code, f"{PAGE.name} block {index + 1}", "exec"), {"__name__": "docs_example"})
