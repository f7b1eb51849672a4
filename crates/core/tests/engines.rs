//! Every teaching algorithm through the same conformance checks: the same
//! solutions in the same order as a slow reference, Knuth's tree profile,
//! and a trace that replays to the same solutions and statistics.

use nqueens::{Algorithm, BoardSize, Event, Reason, Sink, Solution, Solver, Stats};
use nqueens_testkit::{reference_solutions, total, tree_profile};
use std::convert::Infallible;

fn solver(algorithm: Algorithm, n: usize) -> Solver {
    algorithm.on(BoardSize::new(n).unwrap()).unwrap()
}

fn solutions(algorithm: Algorithm, n: usize) -> (Vec<Vec<u32>>, Stats) {
    let mut found: Vec<Solution> = Vec::new();
    let stats = solver(algorithm, n).enumerate(&mut found).unwrap();
    (
        found.into_iter().map(|s| s.columns().to_vec()).collect(),
        stats,
    )
}

/// Records every event and solution, as the trace writers see them.
#[derive(Default)]
struct Recorder {
    events: Vec<Event>,
    solutions: Vec<Vec<u32>>,
}

impl Sink for Recorder {
    type Error = Infallible;
    fn solution(&mut self, s: &Solution) -> Result<bool, Infallible> {
        self.solutions.push(s.columns().to_vec());
        Ok(true)
    }
    fn traces(&self) -> bool {
        true
    }
    fn event(&mut self, event: &Event, _: &[u32]) -> Result<bool, Infallible> {
        self.events.push(*event);
        Ok(true)
    }
}

/// Replays the events on a board: places and lifts must match, and the
/// board must hold each solution when the algorithm reports it.
fn replay(rec: &Recorder, stats: &Stats, n: usize) {
    let mut board: Vec<Option<usize>> = vec![None; n];
    let (mut tries, mut rejects, mut places, mut dead_ends, mut complete) = (0, 0, 0, 0, vec![]);
    for event in &rec.events {
        match *event {
            Event::Try(_) => tries += 1,
            Event::Reject { at, by, reason } => {
                rejects += 1;
                assert_eq!(board[by.row], Some(by.col), "attacker not on the board");
                let (r, c, br, bc) = (at.row as i64, at.col as i64, by.row as i64, by.col as i64);
                let attacks = match reason {
                    Reason::Column => c == bc,
                    Reason::Diagonal => r - c == br - bc,
                    Reason::AntiDiagonal => r + c == br + bc,
                };
                assert!(attacks && br < r, "{event:?}");
            }
            Event::Place(at) => {
                assert_eq!(board[at.row], None);
                board[at.row] = Some(at.col);
                places += 1;
                if at.row + 1 == n {
                    complete.push(board.iter().map(|c| c.unwrap() as u32).collect::<Vec<_>>());
                }
            }
            Event::Lift(at) => assert_eq!(board[at.row].take(), Some(at.col)),
            Event::DeadEnd { .. } => dead_ends += 1,
            Event::Scan {
                row,
                cols,
                diag,
                anti,
            } => {
                // A row read at once: n squares tested, those under a mask refused.
                tries += n as u128;
                rejects += u128::from((cols | diag | anti).count_ones());
                assert_eq!((cols, diag, anti), masks_of(&board[..row], n), "{event:?}");
                assert!(board[row..].iter().all(Option::is_none), "{event:?}");
            }
        }
    }
    assert!(
        board.iter().all(Option::is_none),
        "queens left on the board"
    );
    assert_eq!(complete, rec.solutions);
    assert_eq!(tries, stats.tested);
    assert_eq!(rejects, stats.rejected.total());
    assert_eq!(places + 1, stats.nodes);
    assert_eq!(dead_ends, stats.dead_ends);
    assert_eq!(rec.solutions.len() as u128, stats.solutions);
}

/// What the queens of `above` attack in the next row: columns, ↘ and ↗.
fn masks_of(above: &[Option<usize>], n: usize) -> (u32, u32, u32) {
    let row = above.len() as i64;
    let (mut cols, mut diag, mut anti) = (0, 0, 0);
    for (r, col) in above.iter().enumerate() {
        let c = col.expect("a queen on every row above") as i64;
        let down = row - r as i64;
        cols |= 1 << c;
        if c + down < n as i64 {
            diag |= 1 << (c + down);
        }
        if c - down >= 0 {
            anti |= 1 << (c - down);
        }
    }
    (cols, diag, anti)
}

macro_rules! conformance {
    ($($name:ident: $algorithm:expr, up_to $max:expr, row_by_row $knuth:expr;)*) => {$(
        #[test]
        fn $name() {
            let algorithm = $algorithm;
            for n in 1..=$max {
                let (found, stats) = solutions(algorithm, n);
                assert_eq!(found, reference_solutions(n), "n = {n}");
                assert_eq!(stats.solutions, total(n));
                assert_eq!(stats.nodes, stats.profile.iter().sum::<u128>());
                assert_eq!(solver(algorithm, n).count(), stats, "count, n = {n}");
                let mut rec = Recorder::default();
                let traced = solver(algorithm, n).enumerate(&mut rec).unwrap();
                assert_eq!(traced, stats, "traced and untraced stats, n = {n}");
                replay(&rec, &traced, n);
                if $knuth {
                    let (profile, dead_ends) = tree_profile(n);
                    assert_eq!(stats.profile, profile, "profile, n = {n}");
                    assert_eq!(stats.dead_ends, dead_ends, "dead ends, n = {n}");
                    let internal: u128 = profile[..n].iter().sum();
                    assert_eq!(stats.tested, n as u128 * internal);
                    assert_eq!(stats.rejected.total(), stats.tested - (stats.nodes - 1));
                }
            }
        }
    )*};
}

conformance! {
    permutations_conforms: Algorithm::Permutations, up_to 8, row_by_row false;
    naive_conforms: Algorithm::Naive, up_to 9, row_by_row true;
    sets_conforms: Algorithm::Sets, up_to 9, row_by_row true;
    arrays_conforms: Algorithm::Arrays, up_to 9, row_by_row true;
    bitmask_conforms: Algorithm::Bitmask, up_to 9, row_by_row true;
}

#[test]
fn knuth_profile_for_8_is_2057_nodes() {
    let (_, stats) = solutions(Algorithm::Sets, 8);
    assert_eq!(stats.profile, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
    assert_eq!(stats.nodes, 2057);
}

#[test]
fn row_by_row_algorithms_agree_on_every_statistic_up_to_10() {
    for n in 1..=10 {
        let (_, reference) = solutions(Algorithm::Arrays, n);
        for algorithm in [Algorithm::Naive, Algorithm::Sets, Algorithm::Bitmask] {
            assert_eq!(solutions(algorithm, n).1, reference, "{algorithm}, n = {n}");
        }
        assert_eq!(tree_profile(n).0, reference.profile, "n = {n}");
    }
}

#[test]
fn permutations_tests_every_arrangement() {
    let (_, stats) = solutions(Algorithm::Permutations, 6);
    assert_eq!(stats.tested, 720);
    assert_eq!(stats.rejected.total(), 720 - 4);
    assert_eq!(stats.rejected.column, 0);
    assert_eq!(stats.dead_ends, 0);
}

#[test]
fn the_empty_board() {
    for algorithm in Algorithm::ALL {
        let stats = solutions(algorithm, 0).1;
        assert_eq!(stats.solutions, 1, "{algorithm}");
        assert_eq!(stats.nodes, 1);
        assert_eq!(stats.profile, [1]);
    }
}

#[test]
fn algorithm_names_round_trip_and_unknown_names_are_named() {
    for algorithm in Algorithm::ALL {
        assert_eq!(algorithm.name().parse(), Ok(algorithm));
    }
    let err = "dancing-links".parse::<Algorithm>().unwrap_err();
    assert!(err
        .to_string()
        .starts_with("unknown algorithm 'dancing-links'"));
}
