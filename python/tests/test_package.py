"""The installed package: distributed as nqueens-toolkit (`nqueens` on PyPI
is another project), imported as nqueens, typed."""

import importlib.metadata
from pathlib import Path

import nqueens


def test_the_distribution_is_nqueens_toolkit():
    distribution = importlib.metadata.distribution("nqueens-toolkit")
    assert distribution.metadata["Name"] == "nqueens-toolkit"
    assert distribution.version == nqueens.__version__
    assert distribution.metadata["Requires-Python"] == ">=3.9"


def test_the_package_is_typed():
    folder = Path(nqueens.__file__).parent
    assert (folder / "py.typed").is_file()
    stub = (folder / "__init__.pyi").read_text(encoding="utf-8")
    for name in ("def count(", "class Counts", "class AnswerCheck(TypedDict)"):
        assert name in stub
