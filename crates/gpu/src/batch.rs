//! A batch: whole units of a plan cut into starts and encoded for the
//! kernel, the kernel's per-start tallies added back into one tally per
//! unit, and the starts it could not finish cut deeper for another pass.

use nqueens::count::{Plan, SearchRules, Split, Start, Tally, UnitDone};
use std::collections::HashMap;

/// Words of one [`SearchRules`] as the kernel reads them.
const RULE_WORDS: usize = 42;

/// The flag the kernel sets on a start it did not finish.
const UNFINISHED: u32 = 1 << 31;

/// How much deeper an unfinished start is cut for its next pass.
const DEEPER_ROWS: usize = 2;

/// Units cut into starts, ready to upload.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    /// Each distinct rule set once, as words.
    pub rules: Vec<u32>,
    /// Four words per start: cols, diag, anti, row | ties << 8 | rules << 16.
    pub starts: Vec<[u32; 4]>,
    /// Each start's unit, by its place in `units`.
    owners: Vec<u32>,
    units: Vec<Part>,
    rule_index: HashMap<SearchRules, u32>,
}

/// A unit of the batch: its id, its split (for its rules), and what it
/// has tallied so far.
#[derive(Debug)]
struct Part {
    id: usize,
    split: Split,
    rules: u32,
    tally: Tally,
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
            let split = Split::of(plan, &plan.units()[id], row);
            let mut split = split.expect("the GPU runs only the units of searching methods");
            let rules = batch.rules_of(split.rules());
            let owner = batch.units.len() as u32;
            let cut = std::mem::take(&mut split.starts);
            batch.push(owner, rules, &cut);
            batch.units.push(Part {
                id,
                tally: split.above,
                split,
                rules,
            });
        }
        batch
    }

    /// Whether it holds no unit.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// Adds the kernel's `tallies` of the starts to their units; returns
    /// the starts it did not finish, by unit.
    pub fn absorb(&mut self, tallies: &[[u32; 4]]) -> Vec<(u32, Start)> {
        let mut unfinished = Vec::new();
        for ((tally, start), &owner) in tallies.iter().zip(&self.starts).zip(&self.owners) {
            match tally[3] & UNFINISHED {
                0 => self.units[owner as usize].tally += decode(tally),
                _ => unfinished.push((owner, decode_start(start))),
            }
        }
        unfinished
    }

    /// Makes the batch's starts those of `unfinished` cut deeper; a start
    /// too near the bottom to cut is counted on the CPU instead.
    pub fn rework(&mut self, unfinished: Vec<(u32, Start)>) {
        self.starts.clear();
        self.owners.clear();
        for (owner, start) in unfinished {
            let part = &mut self.units[owner as usize];
            let n = part.split.rules().n as usize;
            let deeper = part.split.resplit(&start, start.row as usize + DEEPER_ROWS);
            if start.row as usize + DEEPER_ROWS >= n - 2 {
                part.tally += deeper.tally_on_cpu();
                continue;
            }
            part.tally += deeper.above;
            let rules = part.rules;
            self.push(owner, rules, &deeper.starts);
        }
    }

    /// Each unit's tally, its share of `seconds` by its nodes.
    pub fn done(&self, seconds: f64) -> Vec<UnitDone> {
        let nodes: u128 = self.units.iter().map(|part| part.tally.nodes()).sum();
        let share = |tally: Tally| tally.nodes() as f64 / nodes.max(1) as f64;
        (self.units.iter())
            .map(|part| UnitDone {
                id: part.id,
                tally: part.tally,
                seconds: seconds * share(part.tally),
            })
            .collect()
    }

    fn push(&mut self, owner: u32, rules: u32, starts: &[Start]) {
        self.starts
            .extend(starts.iter().map(|start| encode(start, rules)));
        self.owners.extend(starts.iter().map(|_| owner));
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

fn decode_start(words: &[u32; 4]) -> Start {
    let [cols, diag, anti, packed] = *words;
    Start {
        cols,
        diag,
        anti,
        row: packed & 0xff,
        ties: packed >> 8 & 0xff,
    }
}

fn decode(tally: &[u32; 4]) -> Tally {
    let word = |low: u32, high: u32| u128::from(low) | u128::from(high) << 32;
    Tally::new(word(tally[0], tally[1]), word(tally[2], tally[3]))
}
