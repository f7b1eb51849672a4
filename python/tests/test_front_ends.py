"""The three front ends run one count request: `nqueens count N --json`,
the server's `/api/count?n=N` and `count(N).to_dict()` agree on the
method, the totals and the nodes for every n the server counts up to 16,
and a shard's and a checkpoint's counts are the whole count's, for every
method. The CLI is the binary cargo built (NQUEENS_BIN, which CI sets, or
target/debug/nqueens)."""

import json
import os
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import nqueens
from conftest import A000170, A002562

FIELDS = ("method", "total", "unique", "nodes", "nodes_kind")
ROOT = Path(__file__).resolve().parents[2]
# Catches a hang: the server answers /api/limits at once and stops within
# its 2 s grace, and a busy machine is slow, not this slow.
HANG = 30


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
    process.wait(timeout=HANG)


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
    with urllib.request.urlopen(f"{server}/api/limits", timeout=HANG) as answer:
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


def asks():
    """Every row of the count request's refusal matrix: each method (and
    auto) × device × stats × whole or shard 0 of 2."""
    for method in nqueens.METHODS:
        for device in ("cpu", "auto", "gpu"):
            for stats in (False, True):
                for shard in (None, "0/2"):
                    yield method, device, stats, shard


def cli_refusal(method, device, stats, shard):
    """The CLI's refusal of the row, in the request's words; None when it
    counts, or when only its GPU or its shard's record differs."""
    args = ["count", "8", "--json", "--quiet", "--method", method, "--device", device]
    args += ["--stats"] if stats else []
    args += ["--shard", shard] if shard else []
    ran = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
    if ran.returncode == 2:
        assert ran.stderr.startswith("nqueens: error: ") and ran.stderr.count("\n") == 1
        return ran.stderr[len("nqueens: error: "):].rstrip("\n")
    assert ran.returncode in (0, 1), ran.stderr
    return None


def server_answer(base, method, device, stats, shard):
    query = f"n=8&method={method}&device={device}&stats={str(stats).lower()}"
    query += f"&shard={shard}" if shard else ""
    try:
        with urllib.request.urlopen(f"{base}/api/count?{query}", timeout=120) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())["error"]


def python_answer(method, device, stats, shard):
    try:
        return nqueens.count(8, method=method, device=device, stats=stats, shard=shard)
    except ValueError as refused:
        return str(refused)


def test_every_combination_is_refused_alike_by_the_cli_the_server_and_python(server):
    refused = 0
    for method, device, stats, shard in asks():
        row = (method, device, stats, shard)
        refusal = cli_refusal(*row)
        status, served_answer = server_answer(server, *row)
        from_python = python_answer(*row)
        if refusal is not None:
            refused += 1
            assert (status, served_answer) == (400, refusal), row
            assert from_python == refusal, row
        elif device == "gpu" and not shard:
            # Past the request's rules, neither opens a GPU, and both say
            # so in the same words.
            assert status == 400, row
            assert from_python == served_answer, row
        elif device == "gpu":
            # The server counts no shard, and says so before it looks for
            # a device; Python looks for the GPU, and finds none.
            assert status == 400 and "count shards with the command line" in served_answer, row
            assert from_python.startswith("no GPU can be used from here"), row
        elif shard:
            # The server counts no shard; Python counts it, as the command
            # line does, into its record.
            assert status == 400, row
            assert (from_python["shard"], from_python["shards"]) == (0, 2), row
        else:
            assert status == 200, row
            assert from_python.total == 92 and (from_python.stats is not None) == stats, row
    assert refused >= 20


def stats_answer(algorithm, method):
    try:
        return nqueens.stats(8, algorithm, method=method)
    except ValueError as refused:
        return str(refused)


def test_every_algorithm_is_refused_alike_by_the_cli_and_stats():
    """stats() takes an algorithm and a method: each pair is refused in
    the count request's words, as `count 8 --stats` refuses it, or
    counted with the same nodes."""
    refused = 0
    for algorithm in nqueens.ALGORITHMS:
        for method in nqueens.METHODS:
            row = (algorithm, method)
            args = ["count", "8", "--json", "--quiet", "--stats", "--device", "cpu"]
            args += ["--algorithm", algorithm, "--method", method]
            ran = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
            from_python = stats_answer(algorithm, method)
            if ran.returncode == 2:
                refused += 1
                assert from_python == ran.stderr[len("nqueens: error: "):].rstrip("\n"), row
            else:
                assert ran.returncode == 0, ran.stderr
                assert from_python == json.loads(ran.stdout)["stats"], row
    assert refused >= len(nqueens.ALGORITHMS) - 1


def stub_literal(name):
    """The names a `Literal[...]` alias of the stub lists."""
    import re

    stub = (ROOT / "python" / "nqueens.pyi").read_text()
    listed = re.search(rf"^{name} = Literal\[(.*)\]$", stub, re.M).group(1)
    return tuple(name.strip().strip('"') for name in listed.split(","))


def test_the_stub_and_the_docstrings_list_the_engines_own_names():
    """Each list of names the stub and the docstrings give is the engine's
    registry: methods, algorithms and devices, in its order."""
    assert stub_literal("_Method") == nqueens.METHODS
    assert stub_literal("_Algorithm") == nqueens.ALGORITHMS
    assert stub_literal("_Device") == nqueens.DEVICES
    assert nqueens.METHODS[0] == "auto" and "backtrack" in nqueens.METHODS
    for name in nqueens.DEVICES:
        assert f'"{name}"' in nqueens.count.__doc__, name
    for name in nqueens.METHODS:
        assert name in nqueens.count.__doc__, name
    assert ", ".join(nqueens.ALGORITHMS) in nqueens.stats.__doc__
    assert nqueens.count.__text_signature__.count(f"device='{nqueens.DEVICES[0]}'") == 1


def test_the_default_memory_limit_is_the_one_the_server_reports(server):
    with urllib.request.urlopen(f"{server}/api/limits", timeout=10) as answer:
        reported = json.load(answer)["count_max_memory"]
    assert reported == nqueens.default_max_memory()
    assert reported is None or reported > 1 << 20
    with pytest.raises(ValueError, match="max_memory"):
        nqueens.count(18, method="join", max_memory=1 << 20)


def test_a_memory_refusal_advises_keyword_arguments_that_work():
    import re

    with pytest.raises(ValueError) as refused:
        nqueens.count(16, method="join", threads=2, max_memory=1 << 20)
    said = str(refused.value)
    assert said.startswith('count(16, method="join") needs about '), said
    assert "--" not in said, said
    memory = r"max_memory=\d+ \* 2\*\*20"
    ways = re.findall(rf"give it ({memory})", said)
    ways += re.findall(rf"\((method=\"backtrack\"(?:, {memory})?), slower\)", said)
    assert len(ways) == 2, said
    for way in ways:
        # Each way as printed, in place of what it changes.
        asked = dict(method="join", threads=2, max_memory=1 << 20)
        asked.update(eval(f"dict({way})"))
        counts = nqueens.count(16, **asked)
        assert (counts.total, counts.unique) == (A000170[16], A002562[16]), way
