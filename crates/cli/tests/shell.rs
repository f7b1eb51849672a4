//! What nqueens gives a shell: `completions SHELL` (bash's sourced and
//! asked to complete, the others read for every subcommand) and `man`
//! (every subcommand's page, shown by `man -l -` as the README says).

mod common;

use common::{run_with, stdout};
use std::io::Write;
use std::process::{Command, Stdio};

/// The subcommands `nqueens --help` lists, `help` aside.
fn subcommands() -> Vec<String> {
    let help = stdout(&["--help"]);
    let listed = help.split("Commands:\n").nth(1).unwrap();
    let listed = listed.split("\n\n").next().unwrap();
    let names: Vec<String> = (listed.lines())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect();
    assert!(
        names.len() > 10 && names.contains(&"completions".into()),
        "{help}"
    );
    names
}

/// Runs `bash -c script` with `input` on stdin; its stdout, after
/// asserting it succeeded and said nothing on stderr.
fn bash(script: &str, input: &str) -> String {
    let mut child = Command::new("bash")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    assert!(output.status.success(), "{script}: {output:?}");
    assert_eq!(text(output.stderr), "", "{script}");
    text(output.stdout)
}

#[test]
fn bash_completes_subcommands_and_options() {
    bash("bash -n", &stdout(&["completions", "bash"]));
    // The README's line, then the function it installs asked as bash
    // asks it on TAB.
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let ask = r#"source <(nqueens completions bash)
        function=$(complete -p nqueens | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
        COMP_WORDS=(nqueens "$@"); COMP_CWORD=$#; COMP_LINE="nqueens $*"; COMP_POINT=${#COMP_LINE}
        "$function" nqueens "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}" | sort"#;
    let path = format!("export PATH={}:$PATH", bin.parent().unwrap().display());
    let complete = |words: &str| bash(&format!("{path}\nset -- {words}\n{ask}"), "");
    let mut co: Vec<String> = (subcommands().into_iter())
        .filter(|name| name.starts_with("co"))
        .collect();
    co.sort();
    assert_eq!(complete("co"), co.join("\n") + "\n");
    assert_eq!(complete("count 8 --met"), "--method\n");
    assert_eq!(complete("completions z"), "zsh\n");
    // Every option with a fixed set of values offers them, not files.
    for (words, values) in VALUES {
        let offered = complete(&format!("{words} ''"));
        assert_eq!(
            offered.split_whitespace().collect::<Vec<_>>(),
            values,
            "{words}"
        );
    }
    assert_eq!(complete("solve 8 --format nd"), "ndjson\n");
}

/// zsh's and fish's scripts offer the same values, not files (their
/// shells are not installed everywhere: the scripts are read).
#[test]
fn zsh_and_fish_scripts_offer_the_values() {
    let zsh = stdout(&["completions", "zsh"]);
    for values in [
        ":FORMAT:(boards json columns ndjson svg fen)",
        ":NAME:(permutations naive sets arrays bitmask)",
        ":NAME:(auto backtrack plain join)",
        ":DEVICE:(auto cpu gpu)",
        ":FORMAT:(text json)",
    ] {
        assert!(zsh.contains(values), "zsh offers {values}");
    }
    let fish = stdout(&["completions", "fish"]);
    for (option, first) in [
        ("format", "boards"),
        ("algorithm", "permutations"),
        ("method", "auto"),
        ("device", "auto"),
    ] {
        // `-f`: no files; the values follow `-a`, one per line.
        let offered = format!("-l {option} ");
        let values = format!(" -r -f -a \"{first}\\t''");
        let offers = (fish.lines()).any(|line| line.contains(&offered) && line.ends_with(&values));
        assert!(
            offers,
            "fish offers {option}'s values, from {first}, and no files"
        );
    }
}

/// Options with a fixed set of values, and the values, sorted.
const VALUES: [(&str, &[&str]); 7] = [
    (
        "solve 8 --format",
        &["boards", "columns", "fen", "json", "ndjson", "svg"],
    ),
    (
        "random 8 --format",
        &["boards", "columns", "fen", "json", "ndjson", "svg"],
    ),
    (
        "verify --format",
        &["boards", "columns", "fen", "json", "ndjson", "svg"],
    ),
    ("count 8 --method", &["auto", "backtrack", "join", "plain"]),
    (
        "estimate 20 --method",
        &["auto", "backtrack", "join", "plain"],
    ),
    (
        "solve 8 --algorithm",
        &["arrays", "bitmask", "naive", "permutations", "sets"],
    ),
    ("count 8 --device", &["auto", "cpu", "gpu"]),
];

#[test]
fn every_shell_script_offers_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["completions", shell]);
        for name in subcommands() {
            assert!(script.contains(&name), "{shell} lacks {name}");
        }
    }
}

#[test]
fn an_unknown_or_missing_shell_is_a_usage_error_naming_the_shells() {
    let shells = "bash, elvish, fish, powershell, zsh";
    for (args, said) in [
        (
            &["completions", "tcsh"][..],
            format!("invalid value 'tcsh' for '<SHELL>': must be one of {shells}"),
        ),
        (
            &["completions"][..],
            format!("missing SHELL: give one of {shells}"),
        ),
    ] {
        let ran = run_with(args, "");
        assert_eq!((ran.code, ran.stdout.as_str()), (2, ""), "{args:?}");
        let first = ran.stderr.lines().next().unwrap();
        assert_eq!(first, format!("nqueens: error: {said}"));
    }
}

#[test]
fn the_manual_has_a_page_for_every_subcommand() {
    let roff = stdout(&["man"]);
    let titles: Vec<&str> = (roff.lines())
        .filter_map(|line| line.strip_prefix(".TH "))
        .filter_map(|title| title.split(' ').next())
        .collect();
    let mut expected = vec!["nqueens".to_owned()];
    expected.extend(subcommands().iter().map(|name| format!("nqueens-{name}")));
    assert_eq!(titles, expected);
}

/// The README's advice, `nqueens man | man -l -`, followed where man is
/// installed: every page is shown, and man says nothing on stderr.
#[test]
fn man_shows_the_manual_as_the_readme_says() {
    if Command::new("man").arg("--version").output().is_err() {
        eprintln!("skipped: no man here; the roff is checked by the_manual_has_a_page_for_every_subcommand");
        return;
    }
    let nqueens = assert_cmd::cargo::cargo_bin("nqueens");
    let bin = nqueens.parent().unwrap().display();
    let shown = bash(
        &format!("export PATH={bin}:$PATH MANWIDTH=80\nnqueens man | man -l -"),
        "",
    );
    assert!(shown.starts_with("nqueens(1)"), "{shown}");
    // Justified: words are set apart by one space or more.
    let words = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    for name in subcommands() {
        assert!(shown.contains(&format!("\nnqueens-{name}(1) ")), "{name}");
        assert!(
            words.contains(&format!("SYNOPSIS nqueens {name} ")),
            "{name}'s synopsis"
        );
    }
    // Saved as man1/nqueens.1 in a folder of the manpath, it is `man nqueens`.
    let folder = tempfile::tempdir().unwrap();
    let installed = format!(
        "export PATH={bin}:$PATH MANWIDTH=80 MANPATH={0}\nmkdir {0}/man1\n\
         nqueens man > {0}/man1/nqueens.1\nman nqueens",
        folder.path().display()
    );
    assert_eq!(bash(&installed, ""), shown);
}

/// Whether `program` runs here; where it does not, says what is skipped.
fn installed(program: &str) -> bool {
    let found = Command::new(program).arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: no {program} here; its script is checked for every subcommand only");
    }
    found
}

/// The README's zsh and fish lines followed, in a home of their own:
/// zsh finds `_nqueens` on its fpath, and fish completes `nqueens co`.
#[test]
fn zsh_and_fish_take_the_script_where_the_readme_puts_it() {
    let home = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let setup = format!(
        "export HOME={} PATH={}:$PATH\nmkdir -p ~/.zfunc ~/.config/fish/completions\n",
        home.path().display(),
        bin.parent().unwrap().display()
    );
    let zsh = "nqueens completions zsh > ~/.zfunc/_nqueens\nzsh -n ~/.zfunc/_nqueens\n\
               zsh -c 'fpath=(~/.zfunc $fpath); autoload -U compinit; compinit -u; print -r -- $_comps[nqueens]'";
    if installed("zsh") {
        assert_eq!(bash(&format!("{setup}{zsh}"), ""), "_nqueens\n");
    }
    let fish = "nqueens completions fish > ~/.config/fish/completions/nqueens.fish\n\
                fish -c 'complete -C \"nqueens co\"' | cut -f1";
    if installed("fish") {
        let mut co: Vec<String> = (subcommands().into_iter())
            .filter(|name| name.starts_with("co"))
            .collect();
        co.sort();
        assert_eq!(bash(&format!("{setup}{fish}"), ""), co.join("\n") + "\n");
    }
}
