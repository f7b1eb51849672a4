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
    for algorithm in Algorithm::ALL {
        let listing = Listing::of(algorithm);
        let tagged: BTreeSet<_> = listing.tags.iter().map(|&(tag, _)| tag).collect();
        assert_eq!(tagged.len(), listing.tags.len(), "{algorithm}: a tag twice");
        assert_eq!(tagged, steps_taken(algorithm), "{algorithm}");
        for &(tag, line) in &listing.tags {
            let code = listing.lines[line - 1];
            assert!(
                !code.trim().is_empty() && !code.contains('@'),
                "{algorithm} {tag}: {code:?}"
            );
        }
    }
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
