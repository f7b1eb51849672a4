//! What each page of the manual adds to clap's: EXAMPLES, a few command
//! lines run in turn in one empty directory (tests/shell.rs runs them so,
//! every one but `serve`'s), and EXIT STATUS.

/// The examples of each page, by the page's subcommand ("" for
/// nqueens(1)): a command line and what it does.
pub const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    ("", &[
        ("nqueens solve 8", "every solution of the 8×8 board"),
        ("nqueens count 12 -j 2", "the number of solutions of the 12×12 board, on two threads"),
        ("nqueens trace 4", "the search narrated step by step"),
    ]),
    ("solve", &[
        ("nqueens solve 8 --limit 1", "the first solution, in lexicographic order"),
        ("nqueens solve 6 --format columns", "each solution as its queens' columns"),
        ("nqueens solve 8 --unique --format svg > unique.svg", "one board per symmetry class, drawn"),
        ("nqueens solve 10 --fix 0:4 --limit 2", "the first two with a queen on row 0, column 4"),
    ]),
    ("count", &[
        ("nqueens count 12", "the total and the unique count"),
        ("nqueens count 13 --json", "the same as one JSON object (nqueens schema count)"),
        ("nqueens count 14 --checkpoint run.db", "kept unit by unit: run again after a kill, it goes on"),
        ("mkdir -p shards && nqueens count 14 --shard 0/2 --out shards/ && nqueens count 14 --shard 1/2 --out shards/", "the two halves of a count, as records for nqueens merge"),
    ]),
    ("trace", &[
        ("nqueens trace 4", "each placement, rejection and backtrack of the 4×4 search"),
        ("nqueens trace 5 --until all --json > events.ndjson", "every event of the whole search, one JSON object per line"),
    ]),
    ("compare", &[("nqueens compare 8", "the five algorithms side by side")]),
    ("serve", &[
        ("nqueens serve", "the interactive board at http://127.0.0.1:8080/"),
        ("nqueens serve --port 0", "on a free port, printed"),
    ]),
    ("verify", &[
        ("nqueens solve 6 --format columns | nqueens verify", "check every board read"),
        ("nqueens solve 7 | nqueens verify --all 7", "check a whole answer: none missing, none twice"),
    ]),
    ("complete", &[
        ("printf '.Q..\\n....\\n....\\n....\\n' > puzzle.txt && nqueens complete puzzle.txt", "a board completed around its queen"),
        ("nqueens complete puzzle.txt --count", "how many completions it has"),
    ]),
    ("one", &[("nqueens one 1000 --format columns > one.txt", "a solution of the 1000×1000 board, at once")]),
    ("random", &[("nqueens random 500 --seed 7 --format columns", "a random solution, the same for the same seed")]),
    ("status", &[("nqueens status run.db", "how far the checkpointed count has got")]),
    ("estimate", &[("nqueens estimate 20 --seconds 1", "the time, core-hours and memory of count 20, from a one-second sample")]),
    ("merge", &[("nqueens merge shards/", "the records of every shard, checked and added up")]),
    ("audit", &[("nqueens audit run.db --units 4", "four finished units of the checkpoint counted again")]),
    ("devices", &[("nqueens devices", "the GPUs a count can run on")]),
    ("schema", &[("nqueens schema count", "the JSON schema of count --json")]),
    ("completions", &[("nqueens completions bash > nqueens.bash", "bash's completion: source it from ~/.bashrc")]),
    ("man", &[
        ("nqueens man | man -l -", "this manual, every page"),
        ("nqueens man --dir man1", "each page as its own file (nqueens-solve.1, ...) in man1/"),
    ]),
];

/// The exit codes, on every page.
pub const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "done; for verify and complete, every board valid or a completion found; a reader that went away (| head) is no error"),
    ("1", "the answer is no (an invalid board, no completion, records that make no whole count), or the work could not finish (a failed write, a lost GPU)"),
    ("2", "a usage error: a bad value or combination, a file that cannot be read as asked, a feature this build lacks"),
    ("3", "a search ran out of the time --timeout gave it"),
];
