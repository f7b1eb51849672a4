"""The examples in the docstrings of issue 42's new names run as doctests,
and each docstring has the numpydoc sections."""

import doctest

import pytest

import nqueens

# The functions and classes added for pictures and the rest of the engine.
NEW = ["show", "Board", "Board.to_svg", "Boards", "Boards.to_svg", "show_trace", "TraceStep",
       "complete", "one", "random", "estimate"]


def named(name):
    """The function, class or method of that dotted name."""
    item = nqueens
    for part in name.split("."):
        item = getattr(item, part)
    return item


@pytest.mark.parametrize("name", NEW)
def test_examples_run(name):
    item = named(name)
    finder = doctest.DocTestFinder(recurse=False)
    tests = finder.find(item, name, globs={"nqueens": nqueens})
    examples = sum(len(test.examples) for test in tests)
    assert examples > 0, f"{name} has no example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0


@pytest.mark.parametrize("name", NEW)
def test_numpydoc_sections(name):
    doc = named(name).__doc__
    assert "Examples\n--------" in doc


FUNCTIONS = ["show", "show_trace", "complete", "one", "random", "estimate"]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_functions_have_every_numpydoc_section(name):
    doc = named(name).__doc__
    for section in ("Parameters", "Returns", "Raises", "Examples"):
        assert f"{section}\n{'-' * len(section)}" in doc, (name, section)
