//! The board in a real browser: `e2e/board.mjs` drives Debian's chromium
//! through playwright-core against `nqueens serve`, and leaves its
//! screenshots in `target/e2e/`.

use assert_cmd::cargo::cargo_bin;
use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs Debian's chromium and e2e/node_modules: `bash .ci/run` installs both"]
fn the_board_in_a_real_browser() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = Command::new("node")
        .arg("e2e/board.mjs")
        .current_dir(&root)
        .env("NQUEENS_BIN", cargo_bin("nqueens"))
        .output()
        .expect("node runs (bash .ci/run installs it)");
    let log = String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the browser test failed:\n{log}");
}
