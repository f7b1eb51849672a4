"""The N-Queens problem, fast: place n queens on an n×n board so that no two
share a row, a column or a diagonal.

Solutions streamed in constant memory, total and unique counts on every
core, the five classic algorithms traced step by step, boards and whole
answers checked. Every dict has the fields of the ``nqueens`` command's
JSON output. ``python -m nqueens`` runs the main commands of the command
line. ``help(nqueens.count)`` and the others teach each function.
"""

from . import _engine

# Every public name of the engine, whatever it registers: a function or
# class added there is here with no change to this file.
__all__ = sorted(name for name in vars(_engine) if not name.startswith("_"))
globals().update({name: getattr(_engine, name) for name in __all__})
__version__ = _engine.__version__

