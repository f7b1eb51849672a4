"""The N-Queens problem, fast: place n queens on an n×n board so that no two
share a row, a column or a diagonal.

Solutions streamed in constant memory, total and unique counts on every
core, the five classic algorithms traced step by step, boards and whole
answers checked. Every dict has the fields of the ``nqueens`` command's
JSON output; ``python -m nqueens`` runs the command line's main commands.
"""

from typing import Any, Callable, Dict, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, TypedDict, Union, overload
from types import TracebackType
from typing import final
import os

# What `from nqueens import *` takes: every public name of the engine.
__all__ = [
    "ALGORITHMS",
    "Board",
    "Boards",
    "Counts",
    "DEVICES",
    "MAX_N",
    "METHODS",
    "Solutions",
    "Trace",
    "TraceStep",
    "TraceSteps",
    "check_answer",
    "complete",
    "count",
    "default_max_memory",
    "estimate",
    "listing",
    "one",
    "random",
    "render",
    "show",
    "show_trace",
    "solutions",
    "solve_n_queens",
    "stats",
    "total_n_queens",
    "trace",
    "verify",
]
__version__: str
MAX_N: int
"""The largest board the searches take (32)."""
METHODS: Tuple[str, ...]
"""The counting methods ``count(method=...)`` takes: ``auto`` and every
method's name, the engine's own list."""
ALGORITHMS: Tuple[str, ...]
"""The algorithms ``stats()``, ``trace()`` and the others take, slowest
first: the engine's own list."""
DEVICES: Tuple[str, ...]
"""The devices ``count(device=...)`` takes, the default (``auto``) first:
the engine's own list."""

_Algorithm = Literal["permutations", "naive", "sets", "arrays", "bitmask"]
_Method = Literal["auto", "backtrack", "plain", "join"]
_Device = Literal["auto", "cpu", "gpu"]
_Board = Union[Sequence[str], Sequence[int]]
"""A board: its rows as strings (``[".Q..", "...Q", "Q...", "..Q."]``) or
the queens' columns, row 0 first (``(1, 3, 0, 2)``)."""
_Square = Tuple[int, int]
"""A square: (row, col), from 0."""

class Rejected(TypedDict):
    """Squares refused, by their first reason."""
    column: int
    diagonal: int
    anti_diagonal: int

class Stats(TypedDict, total=False):
    """``stats()``: what a search did (``units``, ``plain_tree_nodes`` and
    ``fraction_of_plain_tree`` for bitmask only)."""
    nodes: int
    profile: List[int]
    tested: int
    rejected: Rejected
    dead_ends: int
    solutions: int
    units: int
    plain_tree_nodes: Optional[int]
    fraction_of_plain_tree: Optional[float]

class CountsDict(TypedDict, total=False):
    """``Counts.to_dict()``: the fields of ``nqueens count --json``
    (``peak_bytes`` and ``stats`` where known)."""
    n: int
    total: int
    unique: int
    nodes: int
    nodes_kind: Literal["search_tree", "placements"]
    seconds: float
    threads: int
    method: str
    peak_bytes: int
    stats: Stats

class TraceEvent(TypedDict, total=False):
    """One step of ``trace()``: its ``type`` says which fields it has (see
    ``trace``); ``done`` also has the fields of ``Stats``."""
    type: Literal["try", "reject", "place", "dead_end", "lift", "scan", "solution", "done"]
    row: int
    col: int
    reason: Literal["column", "diagonal", "anti_diagonal"]
    by: Dict[str, int]
    cols: int
    diag: int
    anti: int
    index: int
    columns: List[int]
    line: int
    nodes: int
    profile: List[int]
    tested: int
    rejected: Rejected
    dead_ends: int
    solutions: int
    stopped: Optional[Literal["first_solution", "max_events"]]

class Conflict(TypedDict):
    """Two queens attacking each other along a line."""
    queens: List[_Square]
    line: Literal["row", "column", "diagonal", "anti_diagonal"]
    value: int
    text: str

class BoardCheck(TypedDict):
    """``verify()``: one board checked."""
    n: int
    valid: bool
    attacking_pairs: int
    conflicts: List[Conflict]
    problems: List[str]

class Failure(BoardCheck, total=False):
    """A board of an answer that does not fit it."""
    board_index: int
    repeat_of_board_index: int
    solution_index: int

class AnswerSummary(TypedDict, total=False):
    """How an answer compares with the solutions of n."""
    n: int
    solutions: int
    repeated: int
    missing: int
    missing_first: List[Tuple[int, ...]]
    first_out_of_order_board_index: int

class AnswerCheck(TypedDict):
    """``check_answer()``'s result."""
    boards: int
    valid: int
    invalid: int
    passed: bool
    answer: AnswerSummary
    failures: List[Failure]

def solve_n_queens(n: int) -> List[List[str]]:
    """LeetCode 51: every solution of the n×n board (n from 0 to 14), each a
    list of row strings of ``Q`` and ``.``, in lexicographic order of the
    queens' columns. For larger boards, stream them with ``solutions(n)``.

    >>> solve_n_queens(4)
    [['.Q..', '...Q', 'Q...', '..Q.'], ['..Q.', 'Q...', '...Q', '.Q..']]
    """

def total_n_queens(n: int) -> int:
    """LeetCode 52: the number of solutions of the n×n board (OEIS A000170),
    n from 0 to 32, counted on every core without holding the GIL.

    >>> total_n_queens(8)
    92
    """

@final
class Solutions(Iterator[Tuple[int, ...]]):
    """A lazy iterator of solutions, from ``solutions()``. The search runs
    ahead on a thread of its own and stops when the iterator is closed,
    left by a ``with`` block, or dropped."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Tuple[int, ...]: ...
    def close(self) -> None:
        """Stops the search; the iterator then ends."""
    def __enter__(self) -> "Solutions": ...
    def __exit__(
        self,
        kind: Optional[type],
        value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> Literal[False]: ...

def solutions(
    n: int,
    limit: Optional[int] = None,
    *,
    unique: bool = False,
    algorithm: _Algorithm = "bitmask",
) -> Solutions:
    """Every solution of the n×n board (n from 0 to 32) as tuples of the
    queens' columns, row 0 first, in lexicographic order, lazily and in
    constant memory. ``unique`` keeps one board per symmetry class (the
    smallest of its eight rotations and reflections); ``limit`` stops after
    that many. Every algorithm gives the same solutions in the same order
    (``permutations`` takes n up to 11).

    >>> list(solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> next(solutions(8, unique=True))
    (0, 4, 7, 5, 2, 6, 1, 3)
    """

@final
class Counts:
    """A board's counts, with the fields of ``nqueens count --json``: a
    frozen value, picklable and copyable. Equal (and hashed alike) when
    ``n``, ``total``, ``unique``, ``nodes``, ``method`` and ``stats`` are:
    ``seconds``, ``threads`` and ``peak_bytes`` say how the run went, so two
    counts of one board by one method are equal whatever their clocks."""

    def __new__(
        cls,
        n: int,
        total: int,
        unique: int,
        nodes: int,
        seconds: float,
        threads: int,
        method: str,
        peak_bytes: Optional[int] = None,
        stats: Optional[Stats] = None,
    ) -> "Counts": ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[type, Tuple[Any, ...]]: ...
    def __copy__(self) -> "Counts": ...
    def __deepcopy__(self, memo: Any) -> "Counts": ...
    def _asdict(self) -> CountsDict:
        """The same as ``to_dict()``."""

    n: int
    total: int
    """All solutions (OEIS A000170)."""
    unique: int
    """Solutions up to rotation and reflection (OEIS A002562)."""
    nodes: int
    """The count's nodes: what they are is ``nodes_kind``."""
    nodes_kind: Literal["search_tree", "placements"]
    """What ``nodes`` count: the search tree's nodes, or the join's
    half-board placements (it walks no tree)."""
    seconds: float
    """Wall-clock seconds the count took."""
    threads: int
    """Worker threads it ran on."""
    method: str
    """The counting method: ``backtrack``, ``plain`` or ``join``."""
    peak_bytes: Optional[int]
    """The most memory the process had held when the count ended, in bytes
    (Linux; None elsewhere)."""
    stats: Optional[Stats]
    """The statistics of every node (``count(..., stats=True)``), as
    ``stats()`` gives them; None otherwise."""
    def to_dict(self) -> CountsDict:
        """The fields of ``nqueens count --json``."""
    def to_json(self) -> str:
        """The counts as ``nqueens count --json`` prints them, its schema's
        tag and the version first (one line, no newline)."""

@overload
def count(
    n: int,
    *,
    threads: Optional[int] = None,
    method: _Method = "auto",
    stats: bool = False,
    shard: None = None,
    device: _Device = "auto",
    max_memory: Union[int, float, str, None] = None,
    checkpoint: Union[str, "os.PathLike[str]", None] = None,
    progress: Union[Callable[[int, int], Any], bool, None] = None,
) -> Counts: ...
@overload
def count(
    n: int,
    *,
    threads: Optional[int] = None,
    method: _Method = "auto",
    stats: bool = False,
    shard: str,
    device: _Device = "auto",
    max_memory: Union[int, float, str, None] = None,
    checkpoint: Union[str, "os.PathLike[str]", None] = None,
    progress: Union[Callable[[int, int], Any], bool, None] = None,
) -> Dict[str, Any]:
    """Counts the solutions of the n×n board, total and unique, on
    ``threads`` threads (1 to 1024; default every core). ``method`` is one
    of ``METHODS``: ``backtrack`` (about one board of each symmetry class
    searched), ``plain`` (the whole tree), ``join`` (half boards joined by
    their diagonals, n up to 27) or ``auto``, the fastest for n. It is the
    count request of ``nqueens count`` and the server, resolved by the same
    rules and run by the same loop: ``stats=True`` adds the
    statistics of every node; ``shard="I/K"`` counts that shard and returns
    its record, a dict that ``nqueens merge`` adds up; ``checkpoint`` and
    ``progress``: see the end of this file; ``device`` is one of ``DEVICES``:
    ``auto``, the default, counts on a real GPU where one is faster (this
    package opens none: the CPU), ``cpu``, or ``gpu`` (refused here); ``max_memory`` is the most
    bytes the process may take: an int, a float or a size as the command
    line takes it (``"8G"``, ``"512MiB"``; default ``default_max_memory()``). What
    cannot go together (``stats=True`` with ``method="join"``, for one) is
    a ValueError in the request's own words. The GIL is released while it
    counts, so other threads go on, and Ctrl-C raises KeyboardInterrupt
    within a second.

    >>> c = count(12)
    >>> (c.total, c.unique)
    (14200, 1787)
    """

def default_max_memory() -> Optional[int]:
    """The memory every count may take unless told otherwise: half this
    machine's, in bytes (None where it is not known); the command line's
    and the server's default too."""

@final
class Trace(Iterator[TraceEvent]):
    """A lazy iterator of a search's steps, from ``trace()``."""

    def __iter__(self) -> "Trace": ...
    def __next__(self) -> TraceEvent: ...
    def close(self) -> None:
        """Stops the search; the iterator then ends."""
    def __enter__(self) -> "Trace": ...
    def __exit__(
        self,
        kind: Optional[type],
        value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> Literal[False]: ...

def trace(
    n: int,
    *,
    until: Literal["first", "all"] = "first",
    algorithm: _Algorithm = "sets",
    max_events: Optional[int] = None,
) -> Trace:
    """The search narrated: a lazy iterator of dicts with the fields of
    ``nqueens trace --json``, each with a ``type``:

    - ``try`` (``row``, ``col``): a square is examined;
    - ``reject`` (``row``, ``col``, ``reason``, ``by``): it is attacked, by
      ``column``, ``diagonal`` (↘, r − c) or ``anti_diagonal`` (↗, r + c),
      the first found in that order; ``by`` is the attacking queen's square;
    - ``place`` (``row``, ``col``): a queen is placed;
    - ``dead_end`` (``row``): no square of the row is free;
    - ``lift`` (``row``, ``col``): the queen is taken back;
    - ``scan`` (``row``, ``cols``, ``diag``, ``anti``): ``bitmask`` reads
      the whole row at once; the masks (bit c = column c) cover the squares
      it refuses, and it places its queens on the others, lowest bit first
      (its trace has no ``try`` nor ``reject``);
    - ``solution`` (``index``, ``columns``);
    - ``done``: last, with the statistics of ``stats()`` and ``stopped``
      (``first_solution``, ``max_events`` or None).

    Every step but ``done`` has a ``line``: the line (from 1) of
    ``listing(algorithm)`` that it executes.

    ``until`` is ``first`` (stop at the first solution) or ``all``;
    ``max_events`` stops after that many events and solutions.

    >>> next(trace(4))
    {'type': 'try', 'row': 0, 'col': 0, 'line': 10}
    """

def listing(algorithm: _Algorithm = "sets", *, style: Literal["page", "tutorial"] = "page") -> List[str]:
    """The algorithm's code in Python (it runs: ``solve(n)`` returns every
    solution), one string per line; the ``line`` of each ``trace()`` step
    numbers these from 1. ``style="tutorial"``: the same search in the
    tutorials' names (``solve_n_queens`` and ``dfs(r)``, ``d1`` and ``d2``;
    bitmask's is the count-only ``total_n_queens(n)``).

    >>> listing("bitmask")[9].strip()
    'free = full & ~(cols | diag | anti)'
    >>> listing("bitmask", style="tutorial")[0]
    'def total_n_queens(n):'
    """

def stats(n: int, algorithm: _Algorithm = "bitmask", *, method: _Method = "auto") -> Stats:
    """What a whole search does, as ``nqueens count N --stats --json``
    reports it: ``nodes`` (the root and every queen placed) and their
    ``profile`` by depth, squares ``tested``, squares ``rejected`` by their
    first reason (``column``, ``diagonal``, ``anti_diagonal``),
    ``dead_ends`` and ``solutions``, the boards the search itself reached.
    For ``bitmask``, the search is the symmetric one: it reaches about one
    board of each mirror pair (16 at n = 8, of 92: ``count()`` gives the
    totals), and ``units``, ``plain_tree_nodes`` and
    ``fraction_of_plain_tree`` say how much of the whole tree it visited
    (``method="plain"``: all of it, every solution reached).

    >>> stats(8, "sets")["nodes"]
    2057
    """

# A board's rows are strings, and a string is a sequence too: a list of
# strings is one board, which the first overload takes first.
@overload
def verify(  # type: ignore[overload-overlap]
    board_or_boards: _Board,
    *,
    queen: Optional[str] = None,
    empty: Optional[str] = None,
) -> BoardCheck: ...
@overload
def verify(
    board_or_boards: Sequence[_Board],
    *,
    queen: Optional[str] = None,
    empty: Optional[str] = None,
) -> List[BoardCheck]:
    """Checks a board, or each board of a list: a dict (a list of dicts for
    a list; ``[]`` for ``[]``) with ``n``, ``valid``, ``attacking_pairs``,
    ``conflicts`` (each attacking pair: its two ``queens`` as (row, col)
    tuples from 0, the ``line``
    they share, the line's ``value`` and the same in words, ``text``) and
    ``problems`` (everything else, in words: missing queens, rows of the
    wrong width, unknown glyphs, columns off the board).

    >>> verify([".Q..", "...Q", "Q...", "..Q."])["valid"]
    True
    >>> verify((0, 1))["conflicts"][0]["text"]
    'queens at row 0, col 0 and row 1, col 1 share the ↘ diagonal r − c = 0'
    """

def check_answer(n: int, boards: Sequence[_Board], *, ordered: bool = False) -> AnswerCheck:
    """Checks a whole answer for n (1 to 16) against every solution of n, as
    ``nqueens verify --all N`` does, numbering from 0 in every field and
    text. The dict has ``boards``, ``valid`` (solutions of n: a repeat is
    valid), ``invalid``, ``passed`` (exactly the solutions of n, each once),
    ``answer`` (``solutions``, ``repeated``, ``missing``, the first ten
    ``missing_first`` as column tuples, and with ``ordered`` the
    ``first_out_of_order_board_index``) and ``failures``: the ``verify``
    dict of each board that does not fit (not a solution, a repeat, out of
    order), with its ``board_index``, and ``repeat_of_board_index`` or
    ``solution_index`` when known.

    >>> check_answer(4, solve_n_queens(4))["passed"]
    True
    """

def render(
    columns: Sequence[int],
    queen: str = "Q",
    empty: str = ".",
    *,
    format: Literal["text", "svg"] = "text",
) -> str:
    """The board whose queens stand in ``columns`` (row 0 first) as text,
    one line per row, drawn with ``queen`` and ``empty``: each one visible
    character, the two different and equally wide. Boards up to 1000 wide.
    ``format="svg"`` gives an SVG document instead (see ``Board.to_svg``).

    >>> print(render((1, 3, 0, 2)))
    .Q..
    ...Q
    Q...
    ..Q.
    """


# --- Pictures in a notebook (issue 42, item 4) -------------------------------

@final
class Board(Sequence[int]):
    """One board: the queens' columns, row 0 first. A frozen sequence of
    ints, equal to (and hashed like) the tuple of its columns, that Jupyter
    draws as a picture (``_repr_svg_``).

    >>> Board((1, 3, 0, 2)) == (1, 3, 0, 2)
    True
    """

    def __new__(cls, columns: Sequence[int]) -> "Board": ...
    @property
    def columns(self) -> Tuple[int, ...]:
        """The queens' columns, row 0 first."""
    @property
    def n(self) -> int:
        """The board size."""
    @property
    def valid(self) -> bool:
        """Whether no two queens attack each other."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> int: ...
    @overload
    def __getitem__(self, index: slice, /) -> Tuple[int, ...]: ...
    def __iter__(self) -> Iterator[int]: ...
    def __eq__(self, other: object, /) -> bool: ...
    # Ordered as its tuple of columns: `sorted()` of boards.
    def __lt__(self, other: Union["Board", Tuple[int, ...]], /) -> bool: ...
    def __le__(self, other: Union["Board", Tuple[int, ...]], /) -> bool: ...
    def __gt__(self, other: Union["Board", Tuple[int, ...]], /) -> bool: ...
    def __ge__(self, other: Union["Board", Tuple[int, ...]], /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_svg(self) -> str:
        """The board as an SVG document (that of ``nqueens solve --format
        svg``), with a red line between each pair of attacking queens;
        ValueError for a board wider than 1000."""
    def _repr_svg_(self) -> Optional[str]: ...

@final
class Boards(Sequence[Board]):
    """Boards shown together, from ``show()``: Jupyter draws them as a grid,
    each numbered under it."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> Board: ...
    @overload
    def __getitem__(self, index: slice, /) -> "Boards": ...
    def __iter__(self) -> Iterator[Board]: ...
    def to_svg(self) -> str:
        """The grid as one SVG document."""
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

def show(boards: Iterable[Sequence[int]], *, limit: Optional[int] = None) -> Boards:
    """Boards to look at in a notebook: taken one by one from any iterable
    (``solutions(n)`` included), at most ``limit`` (0 to 1000; None: 100),
    so that a lazy search is not run to its end.

    >>> show(solutions(8), limit=12)
    <Boards: 12 of n = 8>
    """

@final
class TraceStep:
    """One line of a traced search's narration and the board at its end;
    Jupyter draws the board (refused squares crossed out, a red line from
    each to the queen attacking it) over the line."""

    text: str
    """The line, as ``nqueens trace`` prints it."""
    n: int
    queens: Tuple[Tuple[int, int], ...]
    """The queens standing, as (row, column) pairs."""
    refused: Tuple[Tuple[int, int], ...]
    """The squares the line refused, as (row, column) pairs."""
    def to_svg(self) -> str: ...
    def _repr_html_(self) -> str: ...

@final
class TraceSteps(Sequence[TraceStep]):
    """A traced search collected, from ``show_trace()``."""

    text: str
    """The whole narration, one line per step."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> TraceStep: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[TraceStep]: ...
    def __iter__(self) -> Iterator[TraceStep]: ...
    def _repr_html_(self) -> str: ...

def show_trace(
    n: int,
    *,
    until: Literal["first", "all"] = "first",
    algorithm: _Algorithm = "sets",
    max_events: Optional[int] = None,
) -> TraceSteps:
    """A search narrated for a notebook: one step per line of ``nqueens
    trace``'s narration, each with the board at its end, collected whole
    (``max_events`` from 1 to 100000; None: 1000).

    >>> show_trace(4)[-3].text
    'solution 1: [1, 3, 0, 2]'
    """

# --- Completion around given queens (issue 42, item 5) ----------------------

def complete(
    n: int,
    queens: Optional[Iterable[Tuple[int, int]]] = None,
    blocked: Optional[Iterable[Tuple[int, int]]] = None,
    *,
    timeout: Optional[float] = None,
) -> Optional[Board]:
    """The board of n (0 to 64) completed around the given queens, as
    (row, column) pairs, keeping off the blocked squares: the search of
    ``nqueens complete``. None when no completion exists; ValueError naming
    the pairs when given queens attack each other; TimeoutError when
    ``timeout`` seconds ran out first.

    >>> complete(4, queens=[(0, 1)])
    Board((1, 3, 0, 2))
    """

# --- One solution of a huge board (issue 42, item 5) ------------------------

def one(n: int) -> Board:
    """One solution of the n×n board (0 to 100000000, not 2 nor 3) by the
    closed-form construction of ``nqueens one``; O(n).

    >>> one(8)
    Board((1, 3, 5, 7, 2, 0, 6, 4))
    """

def random(n: int, *, seed: Optional[int] = None) -> Board:
    """A random solution of the n×n board (0 to 10000000, not 2 nor 3) by
    the min-conflicts search of ``nqueens random``; the same seed gives the
    same board (None: a seed from the clock).

    >>> random(1000, seed=7).valid
    True
    """

# --- stats(method=...) and verify(queen=..., empty=...) (issue 42, item 5) --
# stats(n, "bitmask", method="plain") searches the whole tree (2,057 nodes at
# n = 8), as `nqueens count N --method plain --stats`; method= is the bitmask
# search's and is refused for the other algorithms. verify(rows, queen="q",
# empty="-") reads the rows by those glyphs, as `nqueens verify --queen q
# --empty -`: both named or neither (then they are learned from the boards).

# --- A count's cost, before running it (issue 42, item 5) ------------------

def estimate(
    n: int,
    *,
    seconds: float = 3.0,
    threads: Optional[int] = None,
    seed: Optional[int] = None,
    method: _Method = "auto",
    max_memory: Union[int, float, str, None] = None,
) -> Dict[str, Any]:
    """The projection of ``nqueens estimate N --json``: pieces of the count's
    plan picked by ``seed`` (None: 1) and timed for about ``seconds`` (more
    than 0, at most 3600) give its one-core time with a 95% error bar, and
    the dict has the command's fields: ``n``, ``method``, ``units``,
    ``one_core_seconds``, ``margin_seconds`` (None, with ``no_margin``
    saying why, when the sample cannot give one), ``speed_spread``,
    ``core_hours``, ``seconds_on_threads``, ``threads``, ``memory_bytes``,
    ``least_memory_bytes`` (the least the join runs in, more slowly; None
    for the searches), ``pieces``, ``piece_rows``, ``prepare_seconds``,
    ``sample_seconds``, ``peak_bytes`` and ``seed``.

    >>> estimate(16, seconds=0.2)["method"]
    'join'
    """

# --- Long counts: progress, checkpoints, shards (issue 42, item 5) --------
# count(n, progress=f) calls f(units_done, units_total) from the calling
# thread about every 0.1 s while it counts, first with the units already
# done and last with (units_total, units_total); an exception f raises stops
# the count and is raised. progress=True draws a tqdm bar (ImportError, with
# what to do, when tqdm is not installed).
#
# count(n, checkpoint="count.db") keeps every finished unit in that SQLite
# file, as `nqueens count N --checkpoint FILE`: run again with the same file
# (after Ctrl-C, say), it counts only the units left. The checkpoint of
# another count is refused with a ValueError naming the file.
#
# count(n, shard="I/K") counts shard I of K and returns its record, the
# dict `nqueens count N --shard I/K` prints: "total_thirds" (three times
# the shard's part of the total: the K shards' add up to 3 × A000170[n]),
# "nodes", "units", "plan_hash", "checksum"... Saved as JSON files, the K
# records are what `nqueens merge` adds up. A shard may have a checkpoint.
ShardRecord = Dict[str, Any]
