"""The READMEs' Python runs as written: every ```python block of
python/README.md and of the top-level README.md is a doctest session."""

import doctest
import re
from pathlib import Path

import pytest

import nqueens

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def blocks():
    for readme in ("python/README.md", "README.md"):
        text = (ROOT / readme).read_text(encoding="utf-8")
        for number, match in enumerate(BLOCK.finditer(text), 1):
            line = text.count("\n", 0, match.start()) + 2
            yield pytest.param(readme, line, match.group(1), id=f"{readme}:{line}")


@pytest.mark.parametrize("readme,line,code", list(blocks()))
def test_readme_python_runs(readme, line, code):
    test = doctest.DocTestParser().get_doctest(
        code, {"nqueens": nqueens}, f"{readme}:{line}", readme, line)
    assert test.examples, f"{readme} line {line}: a python block with no >>> session"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, f"{readme} line {line} (see above)"


def test_both_readmes_have_python():
    assert {param.values[0] for param in blocks()} == {"python/README.md", "README.md"}
