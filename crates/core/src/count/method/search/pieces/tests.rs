use super::SearchPieces;
use crate::board::Attacks;
use crate::count::kernel::Kernel;
use crate::count::rules::Rules;
use crate::count::{Method, Plan};
use crate::BoardSize;

/// The nodes `rows` deep below every unit of `plan`, counted.
fn nodes_at(plan: &Plan, rows: usize) -> u64 {
    fn below(rules: &Rules, attacks: Attacks, row: usize, rows: usize) -> u64 {
        if row == rows {
            return 1;
        }
        let mut free = rules.free(row, attacks);
        let mut found = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            found += below(rules, attacks.place(bit), row + 1, rows);
        }
        found
    }
    (plan.units().iter())
        .map(|unit| {
            let rules = plan.rules(unit).unwrap();
            let prefix = unit.start().columns().unwrap();
            below(&rules, Attacks::of(prefix), prefix.len(), rows)
        })
        .sum()
}

fn searches() -> impl Iterator<Item = Method> {
    Method::ALL.iter().copied().filter(|m| m.runs_on_devices())
}

#[test]
fn pieces_stand_for_every_node_at_their_depth_on_average() {
    for method in searches() {
        let plan = Plan::new(BoardSize::new(11).unwrap(), method).unwrap();
        let mut pieces = SearchPieces::new(
            plan.method().way(),
            plan.size(),
            plan.units(),
            Kernel::SCALAR,
            7,
        );
        pieces.cut_at(7);
        let draws = 40_000;
        let sum: f64 = (0..draws)
            .map(|_| match pieces.next_piece() {
                (Some(_), weight) => weight,
                (None, _) => 0.0,
            })
            .sum();
        let exact = nodes_at(&plan, 7) as f64;
        let mean = sum / f64::from(draws);
        assert!(
            (mean / exact - 1.0).abs() < 0.05,
            "{method}: {mean} against {exact}"
        );
    }
}

#[test]
fn the_same_seed_picks_the_same_pieces() {
    let plan = Plan::new(BoardSize::new(20).unwrap(), Method::Backtrack).unwrap();
    let draw = |seed| {
        let mut pieces = SearchPieces::new(
            plan.method().way(),
            plan.size(),
            plan.units(),
            Kernel::SCALAR,
            seed,
        );
        let drawn: Vec<_> = (0..50).map(|_| pieces.next_piece()).collect();
        let drawn: Vec<_> = (drawn.into_iter())
            .map(|(piece, weight)| (piece.map(|p| p.1), weight))
            .collect();
        (pieces.rows, drawn)
    };
    assert_eq!(draw(3), draw(3));
    assert_ne!(draw(3).1, draw(4).1);
    let first = plan.units()[0].start().columns().unwrap().len();
    assert!(draw(3).0 > first, "n = 20 is cut below its units");
}
