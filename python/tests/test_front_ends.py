"""The three front ends run one count job: `nqueens count N --json`,
the server's `/api/count?n=N` and `count(N).to_dict()` agree on the
method, the totals and the nodes for every n the server counts up to 16,
and a shard's and a checkpoint's counts are the whole count's, for every
method. The CLI is the binary cargo built (NQUEENS_BIN, which CI sets, or
target/debug/nqueens)."""

import json
import os
import subprocess
import urllib.request
from pathlib import Path

import pytest

import nqueens
from conftest import A000170, A002562

FIELDS = ("method", "total", "unique", "nodes")
ROOT = Path(__file__).resolve().parents[2]


def binary():
    named = os.environ.get("NQUEENS_BIN")
    path = Path(named) if named else ROOT / "target" / "debug" / "nqueens"
    if not path.exists():
        if named:
            pytest.fail(f"NQUEENS_BIN={named} does not exist")
        pytest.skip("no nqueens binary: cargo build first, or set NQUEENS_BIN")
    return str(path)


def cli(*args):
    ran = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen(
        [binary(), "serve", "--port", "0"], stdout=subprocess.PIPE, text=True
    )
    line = process.stdout.readline()
    assert line.startswith("listening on http://127.0.0.1:"), line
    yield line.split()[2].rstrip("/")
    process.terminate()
    process.wait(timeout=10)


def served(base, n):
    """The `result` event of /api/count?n=N, as a dict."""
    with urllib.request.urlopen(f"{base}/api/count?n={n}", timeout=120) as answer:
        event = None
        for raw in answer:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[len("event: "):]
            elif line.startswith("data: ") and event == "result":
                return json.loads(line[len("data: "):])
    pytest.fail(f"no result for n = {n}")


def fields(report):
    return {field: report[field] for field in FIELDS}


def test_the_cli_the_server_and_python_agree_for_every_n_up_to_16(server):
    with urllib.request.urlopen(f"{server}/api/limits", timeout=10) as answer:
        limits = json.load(answer)["limits"]
    assert limits["count_max_n"] >= 16
    for n in range(17):
        from_cli = json.loads(cli("count", str(n), "--json", "--quiet"))
        from_python = nqueens.count(n).to_dict()
        from_server = served(server, n)
        assert fields(from_cli) == fields(from_python) == fields(from_server), n
        assert (from_cli["total"], from_cli["unique"]) == (A000170[n], A002562[n])
        assert from_server["threads"] == limits["count_threads"]
    # auto is the join from n = 16 on even boards, in all three.
    assert nqueens.count(16).method == "join"


@pytest.mark.parametrize("method", ["backtrack", "plain", "join"])
def test_a_shard_and_a_checkpoint_count_what_the_whole_count_does(method, tmp_path):
    n = 12
    whole = fields(nqueens.count(n, method=method).to_dict())
    assert whole == fields(json.loads(cli("count", str(n), "--method", method, "--json")))
    checkpoint = str(tmp_path / "run.sqlite")
    args = ("count", str(n), "--method", method, "--json", "--quiet")
    first = json.loads(cli(*args, "--checkpoint", checkpoint))
    again = json.loads(cli(*args, "--checkpoint", checkpoint))
    assert fields(first) == fields(again) == whole
    records = []
    for index in range(3):
        path = tmp_path / f"shard{index}.json"
        cli("count", str(n), "--method", method, "--shard", f"{index}/3", "--out", str(path))
        records.append(str(path))
    merged = json.loads(cli("merge", *records, "--json"))
    assert (merged["total"], merged["unique"], merged["method"]) == (
        whole["total"],
        whole["unique"],
        method,
    )
