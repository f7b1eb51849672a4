"""help() teaches: every public function, class and method of the package
has a numpydoc docstring whose examples run, and the package exports every
public name of the engine."""

import doctest
import inspect

import pytest

import nqueens
import nqueens._engine


def public_callables():
    """Every public function and class of the package, and every public
    method of its classes, by name."""
    found = {}
    for name in nqueens.__all__:
        value = getattr(nqueens, name)
        if callable(value):
            found[name] = value
        if inspect.isclass(value):
            for attribute, member in vars(value).items():
                if not attribute.startswith("_") and callable(member):
                    found[f"{name}.{attribute}"] = member
            found[f"{name}._asdict"] = getattr(value, "_asdict", None)
    return {name: value for name, value in found.items() if value is not None}


CALLABLES = public_callables()


def takes_parameters(value):
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return False
    return any(name not in ("self", "slf") for name in signature.parameters)


def test_every_engine_name_is_exported():
    public = {name for name in vars(nqueens._engine) if not name.startswith("_")}
    assert public == set(nqueens.__all__)
    for name in public:
        assert getattr(nqueens, name) is getattr(nqueens._engine, name)
    assert {"count", "solutions", "trace", "verify", "Counts"} <= public


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_docstrings_have_the_sections(name):
    value = CALLABLES[name]
    doc = inspect.getdoc(value) or ""
    assert doc, f"{name} has no docstring"
    sections = ["Examples\n--------"]
    if inspect.isclass(value):
        sections.append("Yields\n------" if hasattr(value, "__next__") else "Returns\n-------")
    else:
        sections.append("Returns\n-------")
    if takes_parameters(value) and not inspect.isclass(value) or value is nqueens.Counts:
        sections.append("Parameters\n----------")
    for section in sections:
        assert section in doc, f"{name}'s docstring has no {section.splitlines()[0]}"


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_docstring_examples_run(name):
    value = CALLABLES[name]
    tests = doctest.DocTestFinder(recurse=False).find(
        value, name, globs={"nqueens": nqueens})
    examples = [example for test in tests for example in test.examples]
    assert examples, f"{name}'s docstring has no >>> example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, f"{name}'s examples fail (see above)"


def test_the_signatures_show_the_defaults():
    assert str(inspect.signature(nqueens.solutions)) == (
        "(n, limit=None, *, unique=False, algorithm='bitmask')")
    assert "method='auto'" in str(inspect.signature(nqueens.count))
