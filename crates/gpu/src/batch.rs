//! A batch: whole units of a plan cut into starts and encoded for the
//! kernel, and the sums of the kernel's per-start tallies back into one
//! tally per unit.

use nqueens::count::{Plan, SearchRules, Start, Tally, UnitDone};
use std::collections::HashMap;

/// Words of one [`SearchRules`] as the kernel reads them.
pub(crate) const RULE_WORDS: usize = 42;

/// Units cut into starts, ready to upload.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    /// Each distinct rule set once, as words.
    pub rules: Vec<u32>,
    /// Four words per start: cols, diag, anti, row | ties << 8 | rules << 16.
    pub starts: Vec<[u32; 4]>,
    /// Each unit's id, the end of its starts, and the tally above them.
    units: Vec<(usize, usize, Tally)>,
    rule_index: HashMap<SearchRules, u32>,
}

impl Batch {
    /// Whole units taken from `ids` until the batch holds at least
    /// `starts` starts, each unit cut on `row`.
    pub fn fill(
        plan: &Plan,
        ids: &mut impl Iterator<Item = usize>,
        row: usize,
        starts: usize,
    ) -> Batch {
        let mut batch = Batch::default();
        while batch.starts.len() < starts {
            let Some(id) = ids.next() else { break };
            let split = plan.split(&plan.units()[id], row);
            let split = split.expect("the GPU runs only the units of searching methods");
            let rules = batch.rules_of(split.rules());
            batch
                .starts
                .extend(split.starts.iter().map(|start| encode(start, rules)));
            batch.units.push((id, batch.starts.len(), split.above));
        }
        batch
    }

    /// Whether it holds no unit.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// Each unit's tally from the kernel's per-start `tallies`, its share
    /// of `seconds` by its nodes.
    pub fn results(&self, tallies: &[[u32; 4]], seconds: f64) -> Vec<UnitDone> {
        let mut from = 0;
        let done: Vec<UnitDone> = (self.units.iter())
            .map(|&(id, to, above)| {
                let below: Tally = tallies[from..to].iter().map(decode).sum();
                from = to;
                UnitDone {
                    id,
                    tally: above + below,
                    seconds: 0.0,
                }
            })
            .collect();
        let nodes: u128 = done.iter().map(|unit| unit.tally.nodes()).sum();
        let share = |unit: &UnitDone| unit.tally.nodes() as f64 / nodes.max(1) as f64;
        (done.iter())
            .map(|unit| UnitDone {
                seconds: seconds * share(unit),
                ..*unit
            })
            .collect()
    }

    /// The index of `rules` in the batch's table, added if new.
    fn rules_of(&mut self, rules: SearchRules) -> u32 {
        let next = self.rule_index.len() as u32;
        let words = &mut self.rules;
        *self.rule_index.entry(rules).or_insert_with(|| {
            words.extend(rules.allowed);
            words.extend([rules.n, rules.side_row, rules.sides]);
            words.extend(rules.tie_rows);
            words.push(rules.tie_columns);
            words.extend(rules.weights);
            debug_assert_eq!(words.len(), (next as usize + 1) * RULE_WORDS);
            next
        })
    }
}

fn encode(start: &Start, rules: u32) -> [u32; 4] {
    [
        start.cols,
        start.diag,
        start.anti,
        start.row | start.ties << 8 | rules << 16,
    ]
}

fn decode(tally: &[u32; 4]) -> Tally {
    let word = |low: u32, high: u32| u128::from(low) | u128::from(high) << 32;
    Tally::new(word(tally[0], tally[1]), word(tally[2], tally[3]))
}
