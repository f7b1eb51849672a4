//! A unit cut finer, for a device that runs many small searches at once
//! (a GPU, in the `nqueens-gpu` crate): the *starts* a few rows below the
//! unit's prefix, what the rows between them visited, and the unit's rules
//! as plain numbers that a kernel outside this crate can read.
//!
//! The plan itself is not changed: a split unit still reports one tally,
//! so checkpoints and shards made on a device and on the CPU mix freely.

use crate::board::Attacks;
use crate::count::kernel::scalar;
use crate::count::rules::Rules;
use crate::count::{Plan, Tally, Unit};

/// A unit's rules as plain numbers (see the rules of the backtracking
/// method in [`crate::count::Method::Backtrack`]). Units that start the
/// same way share them, so a device can keep one copy of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchRules {
    /// The board's size.
    pub n: u32,
    /// The squares each row allows, before attacks (bit c is column c).
    pub allowed: [u32; crate::MAX_N],
    /// The row where the side rule applies, or `u32::MAX` for none: if
    /// neither side column is taken above it, the row takes no square; if
    /// one is, the row must take the other.
    pub side_row: u32,
    /// The side columns, 0 and n − 1, as a mask (0 with no side rule).
    pub sides: u32,
    /// The two rows whose side queens are ties, or `u32::MAX` for none.
    pub tie_rows: [u32; 2],
    /// The last row's columns that are a tie.
    pub tie_columns: u32,
    /// What a solution weighs, in thirds of a board, by its number of ties.
    pub weights: [u32; 4],
}

/// Where one small search starts: the attacks on its row, and how many
/// of the rows above it are ties (a side queen on a tie row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Start {
    /// Columns taken.
    pub cols: u32,
    /// Squares of this row on a ↘ diagonal of a queen above.
    pub diag: u32,
    /// Squares of this row on a ↗ diagonal of a queen above.
    pub anti: u32,
    /// The row the search starts on (at most n − 2).
    pub row: u32,
    /// The tie rows above `row` whose queen stands on a side.
    pub ties: u32,
}

/// One unit cut into starts: the unit's tally is `above` plus the
/// tallies of the searches from its starts (each counting its own first
/// queen as a node, as a unit counts its prefix).
#[derive(Debug, Clone)]
pub struct Split {
    rules: Rules,
    /// The searches to run.
    pub starts: Vec<Start>,
    /// What the rows between the prefix and the starts visited.
    pub above: Tally,
}

impl Split {
    /// `unit` of `plan` cut into the searches that start on row `row`
    /// (kept between the end of its prefix and n − 2); none for a unit
    /// that is not a search below a prefix (a board searched whole, or a
    /// join unit).
    pub fn of(plan: &Plan, unit: &Unit, row: usize) -> Option<Split> {
        let rules = plan.rules(unit)?;
        let prefix = unit.start().columns()?;
        let to = row.clamp(prefix.len(), rules.n - 2);
        let ties = (prefix.iter().enumerate())
            .map(|(row, &col)| u32::from(rules.is_tie(row, 1 << col)))
            .sum();
        let first = Start::new(Attacks::of(prefix), prefix.len(), ties);
        let mut split = Split {
            rules,
            starts: Vec::new(),
            above: Tally::new(0, u128::from(to > prefix.len())),
        };
        split.walk(first, to);
        Some(split)
    }

    /// The unit's rules.
    pub fn rules(&self) -> SearchRules {
        let rules = &self.rules;
        let (top, far) = rules.tie_rows();
        let row = |row: usize| u32::try_from(row).unwrap_or(u32::MAX);
        SearchRules {
            n: rules.n as u32,
            allowed: rules.allowed,
            side_row: row(rules.last_side_row()),
            sides: rules.sides,
            tie_rows: [row(top), row(far)],
            tie_columns: rules.tie_columns(),
            weights: rules.weights,
        }
    }

    /// `start`, one of this unit's, cut again on a deeper `row` (kept
    /// between the start's row and n − 2): for a device that could not
    /// finish it in one go.
    pub fn resplit(&self, start: &Start, row: usize) -> Split {
        let to = row.clamp(start.row as usize, self.rules.n - 2);
        let mut split = Split {
            rules: self.rules.clone(),
            starts: Vec::new(),
            above: Tally::new(0, u128::from(to > start.row as usize)),
        };
        split.walk(*start, to);
        split
    }

    /// The unit's tally with every start searched on the CPU by the
    /// scalar kernel: the reference a device is checked against.
    pub fn tally_on_cpu(&self) -> Tally {
        let from_starts: Tally = (self.starts.iter())
            .map(|start| {
                scalar::tally_from(&self.rules, start.row as usize, start.attacks(), start.ties)
            })
            .sum();
        self.above + from_starts
    }

    /// Every placement from `start` down to row `to`: those on row `to`
    /// become starts, those above it nodes.
    fn walk(&mut self, start: Start, to: usize) {
        let row = start.row as usize;
        if row == to {
            self.starts.push(start);
            return;
        }
        let attacks = start.attacks();
        let mut free = self.rules.free(row, attacks);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let ties = start.ties + u32::from(self.rules.is_tie(row, bit));
            // The placement is a start's first node, or a node above them.
            self.above += Tally::new(0, u128::from(row + 1 < to));
            self.walk(Start::new(attacks.place(bit), row + 1, ties), to);
        }
    }
}

impl Start {
    fn new(attacks: Attacks, row: usize, ties: u32) -> Start {
        Start {
            cols: attacks.cols,
            diag: attacks.diag,
            anti: attacks.anti,
            row: row as u32,
            ties,
        }
    }

    pub(crate) fn attacks(&self) -> Attacks {
        Attacks {
            cols: self.cols,
            diag: self.diag,
            anti: self.anti,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::count::Split;
    use crate::count::{Driver, Kernel, Method, Plan, Tally, Unit};
    use crate::BoardSize;

    fn searches() -> impl Iterator<Item = Method> {
        Method::ALL.iter().copied().filter(|m| m.runs_on_devices())
    }

    fn plan(n: usize, method: Method) -> Plan {
        Plan::new(BoardSize::new(n).unwrap(), method).unwrap()
    }

    fn prefix(unit: &Unit) -> &[u8] {
        unit.start().columns().unwrap()
    }

    fn tally(driver: &Driver, plan: &Plan, unit: &Unit) -> Tally {
        driver.run(plan, &[unit.id()], &|_| {})
    }

    /// Every unit of both searching methods for n = 5..=12, cut on every
    /// row from its prefix to n − 2: the rows above and the starts add up
    /// to the unit's tally, solutions and nodes.
    #[test]
    fn a_split_unit_tallies_what_the_unit_does() {
        let driver = Driver::new().kernel(Kernel::SCALAR).unwrap();
        for n in 5..=12 {
            for method in searches() {
                let plan = plan(n, method);
                for unit in plan.units() {
                    let whole = tally(&driver, &plan, unit);
                    for row in prefix(unit).len()..=n {
                        let split = Split::of(&plan, unit, row).unwrap();
                        assert_eq!(
                            split.tally_on_cpu(),
                            whole,
                            "n={n} {method} {unit:?} row {row}"
                        );
                    }
                }
            }
        }
    }

    /// Any start, cut again deeper, tallies what it did.
    #[test]
    fn a_start_cut_again_tallies_what_it_did() {
        let driver = Driver::new().kernel(Kernel::SCALAR).unwrap();
        for method in searches() {
            let plan = plan(11, method);
            for unit in plan.units() {
                let split = Split::of(&plan, unit, 6).unwrap();
                let deeper: Vec<Split> = (split.starts.iter())
                    .map(|start| split.resplit(start, 8))
                    .collect();
                assert!(deeper
                    .iter()
                    .all(|cut| cut.starts.iter().all(|start| start.row == 8)));
                let again = deeper.iter().map(Split::tally_on_cpu).sum::<Tally>() + split.above;
                assert_eq!(again, tally(&driver, &plan, unit), "{method} {unit:?}");
            }
        }
    }

    #[test]
    fn starts_sit_on_the_row_asked_for_and_never_below_n_minus_2() {
        let plan = plan(12, Method::Backtrack);
        let unit = &plan.units()[0];
        let split = Split::of(&plan, unit, 7).unwrap();
        assert!(split.starts.len() > 1);
        assert!(split.starts.iter().all(|start| start.row == 7));
        let bottom = Split::of(&plan, unit, 40).unwrap();
        assert!(bottom.starts.iter().all(|start| start.row == 10));
        let unsplit = Split::of(&plan, unit, 0).unwrap();
        assert_eq!(unsplit.starts.len(), 1);
        assert_eq!(unsplit.above.nodes(), 0);
    }

    #[test]
    fn units_that_are_no_search_below_a_prefix_are_not_split() {
        let small = plan(4, Method::Backtrack);
        assert!(Split::of(&small, &small.units()[0], 2).is_none());
        let join = plan(10, Method::Join);
        assert!(Split::of(&join, &join.units()[0], 5).is_none());
    }

    #[test]
    fn the_rules_as_numbers_name_the_edge_case_rows() {
        let plan = plan(8, Method::Backtrack);
        let edge = (plan.units().iter())
            .find(|unit| prefix(unit)[0] == 1)
            .unwrap();
        let rules = Split::of(&plan, edge, 4).unwrap().rules();
        assert_eq!(
            (rules.tie_rows, rules.side_row, rules.sides),
            ([1, 6], 6, 0x81)
        );
        assert_eq!(rules.weights, [24, 12, 8, 6]);
        let corner = Split::of(&plan, &plan.units()[0], 4).unwrap().rules();
        assert_eq!(
            (corner.tie_rows, corner.side_row),
            ([u32::MAX; 2], u32::MAX)
        );
    }
}
