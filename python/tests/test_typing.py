"""The stub as a type checker reads it: `mypy --strict` accepts ordinary
code (tests/typed/usage.py, every public function as the READMEs use it)
and refuses a wrong type, which an `Any` would have let through."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def mypy(*args: str) -> "subprocess.CompletedProcess[str]":
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("NQUEENS_CI"):
            raise
        pytest.skip("mypy is not installed here (.ci/run installs it)")
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=HERE / "typed")


def test_ordinary_code_type_checks():
    checked = mypy("usage.py")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_wrong_type_is_refused(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import nqueens\n\n"
        "def total(n: int) -> str:\n    return nqueens.count(n)\n\n"
        "def first(n: int) -> str:\n    return nqueens.verify([(0, 1)])[0]['valid']\n"
    )
    checked = mypy(str(wrong))
    assert checked.returncode == 1, checked.stdout
    assert 'Incompatible return value type (got "Counts", expected "str")' in checked.stdout
    assert 'Incompatible return value type (got "bool", expected "str")' in checked.stdout
