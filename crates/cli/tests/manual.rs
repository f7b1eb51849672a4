//! The manual's pages as files (`nqueens man --dir DIR`, which `man
//! nqueens-solve` then finds) and what every page adds to its options:
//! EXIT STATUS, and EXAMPLES that work when typed, each run here.

mod common;

use common::{run_with, stdout};
use std::process::Command;

/// The pages of `nqueens man`, each from the line before its `.TH` (as
/// clap_mangen begins a page) to the next page's.
fn pages(roff: &str) -> Vec<String> {
    let title = |at: usize| {
        roff[..at]
            .rfind(".el ")
            .map_or(at, |el| roff[..el].rfind(".ie ").unwrap())
    };
    let starts: Vec<usize> = (roff.match_indices("\n.TH "))
        .map(|(at, _)| title(at + 1))
        .collect();
    assert_eq!(starts.first(), Some(&0), "{roff}");
    let ends = starts.iter().skip(1).copied().chain([roff.len()]);
    (starts.iter().zip(ends))
        .map(|(&start, end)| roff[start..end].to_owned())
        .collect()
}

/// A page's name, from its `.TH` line.
fn name(page: &str) -> &str {
    let title = page.split("\n.TH ").nth(1).unwrap();
    title.split(' ').next().unwrap()
}

#[test]
fn each_page_is_a_file_of_its_own_that_man_finds() {
    let roff = stdout(&["man"]);
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("man1");
    let dir_text = dir.to_str().unwrap();
    let ran = run_with(&["man", "--dir", dir_text], "");
    assert_eq!((ran.code, ran.stdout.as_str()), (0, ""), "{}", ran.stderr);
    let pages = pages(&roff);
    let said = format!("nqueens: wrote {} pages into {dir_text}\n", pages.len());
    assert_eq!(ran.stderr, said);
    for page in &pages {
        let file = dir.join(format!("{}.1", name(page)));
        assert_eq!(&std::fs::read_to_string(&file).unwrap(), page);
        assert!(page.contains("\n.SH \"EXIT STATUS\"\n"), "{page}");
        assert!(page.contains("\n.SH \"EXAMPLES\"\n"), "{page}");
    }
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, pages.len(), "nothing else is left there");
    if Command::new("man").arg("--version").output().is_err() {
        eprintln!("skipped: no man here to find nqueens-solve(1)");
        return;
    }
    let shown = Command::new("man")
        .args(["-M", home.path().to_str().unwrap(), "nqueens-solve"])
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "200")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.status.success(), "{shown:?}");
    assert!(text.contains("nqueens solve 8 --limit 1"), "{text}");
}

#[test]
fn an_empty_folder_name_is_refused() {
    let ran = run_with(&["man", "--dir", ""], "");
    assert_eq!(ran.code, 2);
    assert_eq!(
        ran.stderr.lines().next(),
        Some("nqueens: error: a value is required for '--dir <DIR>' but none was supplied")
    );
}

/// A page that cannot be put in place (here a folder stands where it
/// goes) leaves no part of itself behind, as on a full disk.
#[test]
fn a_page_that_cannot_be_written_leaves_nothing_behind() {
    let home = tempfile::tempdir().unwrap();
    // A folder where the page should go: the rename onto it fails.
    std::fs::create_dir(home.path().join("nqueens.1")).unwrap();
    let ran = run_with(&["man", "--dir", home.path().to_str().unwrap()], "");
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    let said = format!(
        "nqueens: error: could not write the manual page {}/nqueens.1: ",
        home.path().display()
    );
    assert!(ran.stderr.starts_with(&said), "{}", ran.stderr);
    let left: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(left, ["nqueens.1"], "only the folder that was there");
}

#[test]
fn a_folder_that_cannot_be_made_is_refused_and_nothing_is_written() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("plain");
    std::fs::write(&file, "mine").unwrap();
    let under = file.join("man1");
    let ran = run_with(&["man", "--dir", under.to_str().unwrap()], "");
    assert_eq!(ran.code, 1);
    let expected = format!(
        "nqueens: error: could not make the folder {}: ",
        under.display()
    );
    assert!(ran.stderr.starts_with(&expected), "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
}

/// Every example of every page, as the page shows it, run in turn in one
/// empty folder (later ones read what earlier ones wrote), `serve`'s
/// aside (it serves until stopped), and a build's lacking features'.
#[test]
#[cfg(all(feature = "gpu", feature = "checkpoints"))]
fn every_example_of_the_manual_works() {
    let roff = stdout(&["man"]);
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap()
    );
    let work = tempfile::tempdir().unwrap();
    let mut ran = 0;
    for page in pages(&roff) {
        if name(&page) == "nqueens-serve" {
            continue;
        }
        for line in examples(&page) {
            let output = Command::new("bash")
                .args(["-c", &format!("set -o pipefail; {line} > /dev/null")])
                .env("PATH", &path)
                .current_dir(work.path())
                .output()
                .unwrap();
            assert!(output.status.success(), "{line}: {output:?}");
            ran += 1;
        }
    }
    assert!(ran > 25, "{ran} examples");
    assert!(work.path().join("shards/shard-1-of-2.json").exists());
}

/// The command lines of a page's EXAMPLES, unescaped as man shows them.
#[cfg(all(feature = "gpu", feature = "checkpoints"))]
fn examples(page: &str) -> Vec<String> {
    let section = page.split("\n.SH \"EXAMPLES\"\n").nth(1).unwrap();
    let section = section.split("\n.SH ").next().unwrap();
    (section.lines())
        .filter_map(|line| line.strip_prefix("\\fB")?.strip_suffix("\\fR"))
        .map(|line| line.replace("\\-", "-").replace("\\e", "\\"))
        .collect()
}
