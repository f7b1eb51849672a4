"""`python -m nqueens`: the command line's main commands in Python, over
the same engine, printing what the binary prints (compared with it where
one is built: NQUEENS_BIN or target/debug/nqueens)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import nqueens

from conftest import A000170, is_solution

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "nqueens", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def ok(*args, stdin=""):
    ran = run(*args, stdin=stdin)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def binary():
    named = os.environ.get("NQUEENS_BIN")
    path = Path(named) if named else ROOT / "target" / "debug" / "nqueens"
    if not path.exists():
        pytest.skip("no nqueens binary to compare with: cargo build first, or set NQUEENS_BIN")
    return str(path)


def cli(*args, stdin=""):
    return subprocess.run([binary(), *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_help_names_the_commands():
    text = ok("--help")
    for command in ("solve", "count", "trace", "verify"):
        assert command in text
    assert "--until" in ok("trace", "--help")


def test_solve_prints_the_boards():
    boards = ok("solve", "6").strip().split("\n\n")
    assert len(boards) == A000170[6]
    columns = [tuple(row.index("Q") for row in board.split("\n")) for board in boards]
    assert all(is_solution(c) for c in columns) and columns == sorted(columns)
    lines = ok("solve", "8", "--format", "columns", "--limit", "3").splitlines()
    assert lines[0] == "0 4 7 5 2 6 1 3" and len(lines) == 3
    assert json.loads(ok("solve", "4", "--format", "json")) == [
        [".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]


def test_count_and_its_json():
    assert ok("count", "10") == "total:  724\nunique: 92\n"
    fields = json.loads(ok("count", "9", "--json", "--threads", "1"))
    assert (fields["total"], fields["unique"], fields["threads"]) == (352, 46, 1)
    # The binary's object: the same keys in the same order, the same
    # values but for how the run went.
    args = ("count", "12", "--threads", "1", "--max-memory", "1G")
    ours = json.loads(ok(*args, "--json"))
    theirs = json.loads(cli(*args, "--json").stdout)
    assert list(ours) == list(theirs) and ours["schema"] == "nqueens-count/1"
    for how in ("seconds", "peak_bytes"):
        ours.pop(how), theirs.pop(how)
    assert ours == theirs
    assert json.loads(ok("count", "9", "--format", "json", "-j", "1"))["total"] == 352
    assert run("count", "9", "--json", "--format", "text").returncode == 2


def test_count_takes_sizes_with_units():
    assert ok("count", "8", "--max-memory", "512M") == "total:  92\nunique: 12\n"
    refused = run("count", "18", "--method", "join", "--max-memory", "1M", "-j", "1")
    assert refused.returncode == 2 and "more than 1.0 MiB" in refused.stderr, refused.stderr
    # Its advice is this command's flags, and followed, it counts.
    advice = refused.stderr.split("give it ")[1].split(",")[0]
    assert advice.startswith("--max-memory ") and advice.endswith("M"), refused.stderr
    followed = ok("count", "18", "--method", "join", "-j", "1", *advice.split())
    assert followed == "total:  666090624\nunique: 83263591\n"
    bad = run("count", "8", "--max-memory", "lots")
    assert bad.returncode == 2
    assert bad.stderr == ("nqueens: error: max_memory='lots': the memory limit must be a size such as 512M, "
                          "8G or 1T: a number, then K, M, G or T and an optional B or iB, at least 1M\n")


def test_trace_narrates():
    text = ok("trace", "4").splitlines()
    assert text[0] == "row 0, col 0: place"
    assert "solution 1: [1, 3, 0, 2]" in text
    assert text[-2] == "stopped at the first solution (--until all goes on)"
    steps = [json.loads(line) for line in ok("trace", "4", "--json", "--until", "all").splitlines()]
    assert steps[0] == {"type": "try", "row": 0, "col": 0, "line": 10}
    assert steps[-1]["type"] == "done" and steps[-1]["solutions"] == 2


def test_verify_reads_standard_input():
    assert ok("verify", stdin=".Q..\n...Q\nQ...\n..Q.\n") == "1 board checked: valid\n"
    ran = run("verify", stdin="1 3 0 2\n\nQ...\n.Q..\n...Q\n..Q.\n")
    assert ran.returncode == 1
    assert ran.stdout.splitlines()[0] == "board 2 (line 3): not a solution"
    assert ran.stdout.splitlines()[-1] == "2 boards checked: 1 valid, 1 not"


def test_bad_arguments_exit_2_with_the_engines_words():
    ran = run("count", "33")
    assert ran.returncode == 2
    assert "n must be an integer from 0 to 32, not 33" in ran.stderr
    assert run("solve").returncode == 2  # argparse: N is missing


@pytest.mark.parametrize("args,stdin", [
    (("solve", "6"), ""),
    (("solve", "5", "--format", "columns", "--limit", "3"), ""),
    (("solve", "4", "--format", "json"), ""),
    (("solve", "5", "--format", "ndjson"), ""),
    (("count", "11"), ""),
    (("trace", "5"), ""),
    (("trace", "4", "--until", "all"), ""),
    (("trace", "5", "--algorithm", "bitmask", "--until", "all"), ""),
    (("trace", "6", "--max-events", "40"), ""),
    (("trace", "6", "--json", "--until", "all", "--algorithm", "naive"), ""),
    (("verify",), ".Q..\n...Q\nQ...\n..Q.\n\nQ...\n.Q..\n...Q\n..Q.\n"),
    (("verify",), "..Q.\nQ...\n...Q\n.Q..\n"),
    (("verify",), "1 3 0 2\n0 1 2 3\n"),
    (("verify", "--json"), "1 3 0 2\n0 1 2 3\n"),
    (("verify", "--json"), ".Q..\nQ...\n...Q\n..Q.\n"),
    (("verify", "--queen", "x", "--empty", "o"), "oxoo\nooox\nxooo\nooxo\n\noxoo\nxooo\nooox\nooxo\n"),
    (("verify", "--queen", "q", "--json"), "q-\n-q\n"),
])
def test_the_same_text_as_the_binary(args, stdin):
    ours, theirs = run(*args, stdin=stdin), cli(*args, stdin=stdin)
    assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode)


def test_check_answer_counts_as_verify_all_does():
    """A repeat, a board of another n, one out of order: the Python answer
    and the binary's agree on what is valid, repeated and missing."""
    six = [tuple(b) for b in nqueens.solutions(6)]
    answer = [six[1], six[0], six[1], (1, 3, 0, 2), (0, 1, 2, 3, 4, 5)]
    text = "".join(" ".join(map(str, board)) + "\n" for board in answer)
    for ordered in (False, True):
        ours = nqueens.check_answer(6, answer, ordered=ordered)
        flags = ["--ordered"] if ordered else []
        ran = cli("verify", "--all", "6", "--json", *flags, stdin=text)
        lines = [json.loads(line) for line in ran.stdout.splitlines()]
        theirs = lines[-1]["summary"]
        assert ran.returncode == 1
        for field in ("boards", "valid", "invalid", "passed"):
            assert ours[field] == theirs[field], (field, ours, theirs)
        for field in ("solutions", "repeated", "missing"):
            assert ours["answer"][field] == theirs["answer"][field], field
        assert [line["valid"] for line in lines[:-1]] == [True, True, True, False, False]
