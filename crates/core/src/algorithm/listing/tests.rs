use super::*;
use crate::{BoardSize, Sink, Solution};
use std::collections::BTreeSet;
use std::convert::Infallible;

/// The tags of every step a whole search of n = 6 takes.
fn steps_taken(algorithm: Algorithm) -> BTreeSet<&'static str> {
    struct Tags(BTreeSet<&'static str>);
    impl Sink for &mut Tags {
        type Error = Infallible;
        fn solution(&mut self, _: &Solution) -> Result<bool, Infallible> {
            self.0.insert(Step::Solution.tag());
            Ok(true)
        }
        fn traces(&self) -> bool {
            true
        }
        fn event(&mut self, event: &Event, _: &[u32]) -> Result<bool, Infallible> {
            self.0.insert(Step::Event(*event).tag());
            Ok(true)
        }
    }
    let mut tags = Tags(BTreeSet::new());
    let solver = algorithm.on(BoardSize::new(6).unwrap()).unwrap();
    solver.enumerate(&mut tags).unwrap();
    tags.0
}

#[test]
fn every_step_an_algorithm_takes_has_one_line_and_no_tag_is_unused() {
    for (algorithm, style) in Algorithm::ALL
        .into_iter()
        .flat_map(|a| CodeStyle::ALL.map(|s| (a, s)))
    {
        let listing = Listing::styled(algorithm, style);
        let tagged: BTreeSet<_> = listing.tags().map(|(tag, _)| tag).collect();
        let said = format!("{algorithm} in the {} style", style.name());
        assert_eq!(tagged.len(), listing.tags.len(), "{said}: a tag twice");
        assert_eq!(tagged, steps_taken(algorithm), "{said}");
        for (tag, line) in listing.tags() {
            let code = listing.lines[line - 1];
            assert!(
                !code.trim().is_empty() && !code.contains('@'),
                "{said} {tag}: {code:?}"
            );
        }
    }
}

#[test]
fn the_tutorial_style_follows_the_tutorials_names() {
    for algorithm in Algorithm::ALL {
        let listing = Listing::styled(algorithm, CodeStyle::Tutorial);
        // The code itself: the docstring and comments are words, not names.
        let code: Vec<&str> = listing
            .lines()
            .iter()
            .filter(|l| !l.contains("\"\"\""))
            .map(|l| l.split('#').next().unwrap())
            .collect();
        let code = code.join("\n");
        let outer = match algorithm {
            Algorithm::Bitmask => "def total_n_queens(n):",
            _ => "def solve_n_queens(n):",
        };
        assert_eq!(listing.lines()[0], outer, "{algorithm}");
        assert!(code.contains("    def dfs("), "{algorithm}");
        assert!(
            !code.contains("def place(") && !code.contains("diag"),
            "{algorithm}"
        );
    }
    let sets = Listing::styled(Algorithm::Sets, CodeStyle::Tutorial);
    let refusals = [Reason::Column, Reason::Diagonal, Reason::AntiDiagonal].map(|reason| {
        let by = crate::Square { row: 0, col: 0 };
        let at = crate::Square { row: 1, col: 1 };
        sets.line(&Step::Event(Event::Reject { at, by, reason }))
    });
    let line = refusals[0].unwrap();
    assert_eq!(refusals, [Some(line); 3], "one `if` for the three attacks");
    assert_eq!(
        sets.lines()[line - 1].trim(),
        "if c in cols or r - c in d1 or r + c in d2:"
    );
}

#[test]
fn a_style_is_named_and_parsed_back() {
    for style in CodeStyle::ALL {
        assert_eq!(style.name().parse::<CodeStyle>(), Ok(style));
    }
    let unknown = "leetcode".parse::<CodeStyle>().unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "unknown code style 'leetcode': the style must be one of page, tutorial"
    );
    assert_eq!(CodeStyle::default(), CodeStyle::Page);
    assert_eq!(
        [CodeStyle::Page.name(), CodeStyle::Tutorial.name()],
        ["page", "tutorial"]
    );
}

#[test]
fn the_bitmask_listing_reads_a_row_at_once_and_the_others_square_by_square() {
    let bitmask = Listing::of(Algorithm::Bitmask);
    let scan = Step::Event(Event::Scan {
        row: 0,
        cols: 0,
        diag: 0,
        anti: 0,
    });
    let line = bitmask.line(&scan).unwrap();
    assert_eq!(
        bitmask.lines()[line - 1].trim(),
        "free = full & ~(cols | diag | anti)"
    );
    let square = crate::Square { row: 0, col: 0 };
    assert_eq!(bitmask.line(&Step::Event(Event::Try(square))), None);
    let sets = Listing::of(Algorithm::Sets);
    assert_eq!(sets.line(&scan), None);
    let line = sets.line(&Step::Event(Event::Try(square))).unwrap();
    assert_eq!(sets.lines()[line - 1].trim(), "for col in range(n):");
}
