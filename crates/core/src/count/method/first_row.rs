//! A method for tests only, added as the checklist of the module says: the
//! plain tree cut below row 0 alone (n units, one per column of the first
//! queen). It goes through everything a real method does (its name on
//! every list, the refusals from its capabilities, plans, the driver,
//! statistics, shards, devices) and counts every board as the plain tree
//! does.

use super::plain::PlainTree;
use super::search::Search;
use crate::count::rules::Rules;
use crate::count::unit::UnitStart;
use crate::{BoardSize, Stats};

/// The test method.
pub(super) struct FirstRow;

impl Search for FirstRow {
    fn name(&self) -> &'static str {
        "first-row"
    }

    fn summary(&self) -> String {
        "the whole tree, cut below the first row (for tests)".into()
    }

    fn prefixes(&self, n: usize) -> Vec<Vec<u8>> {
        (0..n as u8).map(|col| vec![col]).collect()
    }

    fn rules_below(&self, n: usize, _prefix: &[u8]) -> Rules {
        Rules::plain(n)
    }

    fn visited_above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
        PlainTree.visited_above(size, starts)
    }
}

#[cfg(test)]
mod tests {
    use crate::count::{Conflict, CountJob, DeviceChoice, Driver, JobDevice, Method, Plan, Shard};
    use crate::{BoardSize, CountError};
    use std::sync::atomic::AtomicBool;

    const A000170: [u128; 12] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];

    #[test]
    fn it_is_named_and_listed_like_every_method() {
        assert!(Method::ALL.contains(&Method::FirstRow));
        assert_eq!("first-row".parse::<Method>(), Ok(Method::FirstRow));
        assert!(Method::choices().ends_with(", first-row"));
        let unknown = "fast".parse::<Method>().unwrap_err().to_string();
        assert!(unknown.contains("first-row"), "{unknown}");
    }

    #[test]
    fn it_counts_every_board_and_the_plain_trees_nodes() {
        for (n, &total) in A000170.iter().enumerate() {
            let size = BoardSize::new(n).unwrap();
            let counts = Driver::new().count(&Plan::new(size, Method::FirstRow).unwrap(), &|_| {});
            let plain = Driver::new().count(&Plan::new(size, Method::PlainTree).unwrap(), &|_| {});
            assert_eq!(
                (counts.total, counts.nodes),
                (total, plain.nodes),
                "n = {n}"
            );
        }
    }

    #[test]
    fn the_job_runs_it_with_statistics_shards_and_a_device_as_its_capabilities_say() {
        let size = BoardSize::new(9).unwrap();
        let job = |stats, shard, device| CountJob {
            method: Some(Method::FirstRow),
            stats,
            shard,
            device: JobDevice {
                choice: device,
                ..JobDevice::default()
            },
            ..CountJob::new(size)
        };
        let prepared = job(true, None, DeviceChoice::Cpu).prepare().unwrap();
        let outcome = prepared.run(&[], &AtomicBool::new(true), &|_| {});
        let summary = prepared.report(outcome, 0.0).unwrap();
        assert_eq!(summary.counts.total, 352);
        let stats = summary.outcome.stats.unwrap();
        assert_eq!(stats.stats.nodes, summary.counts.nodes);
        let halves: u128 = (0..2)
            .map(|i| {
                let shard = Some(Shard::new(i, 2).unwrap());
                let prepared = job(false, shard, DeviceChoice::Cpu).prepare().unwrap();
                prepared
                    .run(&[], &AtomicBool::new(true), &|_| {})
                    .tally
                    .thirds()
            })
            .sum();
        assert_eq!(halves / 3, 352);
        let shard = Some(Shard::new(0, 2).unwrap());
        assert!(matches!(
            job(true, shard, DeviceChoice::Cpu).prepare(),
            Err(CountError::Conflict(Conflict::StatsWithShard))
        ));
        // It searches, so a GPU may run it: the refusal is of the device
        // that did not open, not of the method.
        assert!(matches!(
            job(false, None, DeviceChoice::Gpu).prepare(),
            Err(CountError::Device(_))
        ));
    }
}
